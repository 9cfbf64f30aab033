"""The coach at work: each finished Russian draughts game analysed once, off the event loop.

When a game of the kind ends (:meth:`Coaching.watch`, called after every change on the
process that leads the game) or when someone first asks for its analysis
(:meth:`Coaching.read`), its moves go to a **worker process** (``coach_workers``, one by
default: the analysis is pure Python and holds its interpreter's lock for seconds, so a
thread would slow the loop down), at a lower priority (``nice`` +10: on a busy machine
the server's own process gets the CPU first). A worker ends with its server however the
server ends, SIGKILL included (:func:`worker_start`). The result is kept in memory by game
id; a restart analyses again on the first request (the analysis is deterministic, so it is
the same).
The moves come from the host's projection of the game, the reader's right is checked by
the route before anything (``boardroom/web/coach.py``).
"""

from __future__ import annotations

import asyncio
import ctypes
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Final

from boardroom.bots.coach import analyse_moves
from boardroom.kernel import Json
from boardroom.server.errors import ApiError
from boardroom.server.live import LiveGame
from boardroom.server.runtime import HOST, Runtime

log = logging.getLogger("boardroom.coach")
GAME: Final = "russian"
HOLD_POLL_S: Final = 0.05
NICE: Final = 10
"""The worker's lower scheduling priority: on a busy machine the event loop goes first."""


PR_SET_PDEATHSIG: Final = 1
"""Linux's ``prctl`` option: the signal this process gets when its parent ends."""
WATCH_S: Final = 0.5
"""Where that signal is missing, how often the worker looks whether its parent is there."""


def worker_start(parent: int) -> None:
    """The worker process's start (``parent``: the server's pid): it ends when its server
    ends, however (Linux's parent-death signal, SIGKILL; elsewhere a thread that watches
    the parent's pid), and yields the CPU to the server's own process."""
    if not die_with_parent():
        threading.Thread(target=watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the server ended before the signal was asked for
        os._exit(0)
    os.nice(NICE)


def die_with_parent() -> bool:
    """Ask Linux for SIGKILL when this process's parent ends; False where it cannot be
    asked (no ``prctl``). The signal comes when the *thread* that started the process
    ends: the coach's workers are started from the event loop's thread.

    >>> isinstance(die_with_parent(), bool)
    True
    """
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return False
    return bool(prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)


def watch_parent(parent: int) -> None:
    """Until the parent ``parent`` is gone (this process handed to another): then end."""
    while os.getppid() == parent:
        time.sleep(WATCH_S)
    os._exit(0)


def analyse_held(start: str, moves: list[str], depth: int, hold: str) -> Json:
    """The worker's task: wait for the file ``hold`` (tests only; "" waits for nothing),
    then :func:`analyse_moves`."""
    while hold and not Path(hold).exists():
        time.sleep(HOLD_POLL_S)
    return analyse_moves(start, moves, depth)


class Coaching:
    """The analyses of this process's finished games: done, running or not yet asked."""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self.pool: ProcessPoolExecutor | None = None
        self.done: dict[str, Json] = {}
        self.running: dict[str, asyncio.Future[Json]] = {}
        self.failed: set[str] = set()

    def watch(self, live: LiveGame) -> None:
        """After a change: a finished game of the kind starts its analysis (the leader's).
        Never raises: the command that ended the game is applied whatever the coach does."""
        if live.record.game != GAME or not live.leader or self._known(live.game_id):
            return
        if getattr(live.journal.state, "phase", None) == "ended":
            try:
                self._start(live, live.view(HOST, events_since=live.version))
            except Exception:
                log.exception("the coach could not start", extra={"game": live.game_id})

    def read(self, live: LiveGame, view: Json) -> Json | None:
        """The analysis of the finished game whose reader's projection is ``view``, or
        None while it runs (started now if nobody started it)."""
        if live.record.game != GAME:
            raise ApiError("no_coach", "The coach analyses Russian draughts games only.", 404)
        if view.get("phase") != "ended":
            raise ApiError("coach_not_over", "The review comes when the game is over.", 409)
        if live.game_id in self.failed:
            raise ApiError("internal", "Something went wrong on our side.", 500)
        if not self._known(live.game_id):
            self._start(live, view)
        return self.done.get(live.game_id)

    def pending(self) -> int:
        """How many analyses are running or waiting for the worker."""
        return len(self.running)

    def close(self) -> None:
        """The server stops: the analyses dropped and the worker ended now (an analysis
        would otherwise hold the server's exit for seconds)."""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        for worker in list((pool._processes or {}).values()):
            worker.kill()
        pool.shutdown(wait=True, cancel_futures=True)  # at once: its queues closed

    def _known(self, game_id: str) -> bool:
        return game_id in self.done or game_id in self.running or game_id in self.failed

    def _start(self, live: LiveGame, view: Json) -> None:
        settings = self.runtime.settings
        moves = [str(move) for move in view.get("moves") or []]
        args = (str(view["start"]), moves, settings.coach_depth, settings.coach_hold)
        try:
            future = asyncio.get_running_loop().run_in_executor(self._pool(), analyse_held, *args)
        except BrokenProcessPool:  # its worker died (killed, out of memory): a new one
            self.pool = None
            future = asyncio.get_running_loop().run_in_executor(self._pool(), analyse_held, *args)
        self.running[live.game_id] = future
        future.add_done_callback(lambda done: self._finished(live.game_id, done))

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            spawn = multiprocessing.get_context("spawn")  # never fork a threaded server
            self.pool = ProcessPoolExecutor(
                self.runtime.settings.coach_workers,
                mp_context=spawn,
                initializer=worker_start,
                initargs=(os.getpid(),),
            )
        return self.pool

    def _finished(self, game_id: str, future: asyncio.Future[Json]) -> None:
        self.running.pop(game_id, None)
        if future.cancelled():
            return
        exc = future.exception()
        if isinstance(exc, BrokenProcessPool):
            log.warning("the coach's worker died; the game is reviewed again when asked")
            return
        if exc is not None:
            log.error("the coach failed", exc_info=exc, extra={"game": game_id})
            self.failed.add(game_id)
            return
        self.done[game_id] = future.result()
