"""Many games at once: over the machine's cores or a cluster, in a fixed order, with a progress bar.

Game ``i`` of a batch with seed ``S`` is always played from the same game seed
(:func:`game_seed`), whichever worker plays it, and the results are put back in
game order, so the same seed gives the same results with 1 worker or 16.

>>> from boardroom.lab.sim import LabConfig
>>> config = LabConfig(ruleset={"preset": "blitz", "years": 1}, roster=(("director", 8),))
>>> [r.row["game"] for r in run_batch(config, games=2, seed=1, workers=1)]
[0, 1]
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, as_completed
from typing import TextIO

from boardroom.bots.director import robot_autoplay
from boardroom.games.exchange import RULES, ExchangeRules
from boardroom.lab.executors import open_executor
from boardroom.lab.sim import LabConfig, play
from boardroom.lab.summary import GameResult, summarize

Task = tuple[LabConfig, int, int]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch seeded ``seed`` (the same in every process).

    >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    True
    """
    return random.Random(f"boardroom-lab:{seed}:{index}").randrange(2**31)


def rules_for(config: LabConfig) -> ExchangeRules:
    """The core, with the board robot as ``autoplay`` when directors may be late."""
    if config.late_rate <= 0:
        return RULES
    return ExchangeRules(autoplay=robot_autoplay(config.board.levels[-1], config.board.nodes))


def play_one(task: Task) -> GameResult:
    """Play and sum up one game (what a worker process runs)."""
    config, index, seed = task
    game = play(config, seed, rules=rules_for(config))
    return summarize(game, config, index=index, seed=seed)


class Progress:
    """A small progress bar on a stream (stderr): done/total, rate and time left.

    >>> import io
    >>> out = io.StringIO()
    >>> bar = Progress(4, "games", stream=out, clock=iter([0.0, 1.0, 2.0]).__next__)
    >>> bar.advance(2); bar.close()
    >>> out.getvalue().splitlines()[-1].split()[-5:]
    ['2/4', '2.0', 'games/s,', 'left', '0:01']
    """

    WIDTH = 30

    def __init__(
        self,
        total: int,
        label: str = "games",
        *,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
        every: float = 0.2,
    ) -> None:
        self.total = max(total, 1)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.every = every
        self.started = clock()
        self.shown = -every
        self.done = 0

    def advance(self, count: int = 1) -> None:
        """``count`` more are done; redraw at most every ``every`` seconds (and at the end)."""
        self.done += count
        now = self.clock()
        if now - self.shown >= self.every or self.done >= self.total:
            self.shown = now
            self.stream.write("\r" + self.line(now - self.started))
            self.stream.flush()

    def line(self, elapsed: float) -> str:
        """The bar as text."""
        filled = self.WIDTH * self.done // self.total
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate else 0.0
        bar = "#" * filled + "." * (self.WIDTH - filled)
        return (
            f"[{bar}] {self.done}/{self.total} {rate:.1f} {self.label}/s, "
            f"left {int(left) // 60}:{int(left) % 60:02d}"
        )

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def default_workers() -> int:
    """One worker per core."""
    return max(os.cpu_count() or 1, 1)


def run_tasks(
    tasks: list[Task],
    *,
    workers: int = 1,
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Play the tasks on ``executor`` (a process pool, a Dask cluster: see
    :mod:`boardroom.lab.executors`), else in a pool of ``workers`` processes when more than
    one, else here; the results in task order, whoever played them."""
    if executor is None and workers > 1 and len(tasks) > 1:
        with open_executor(None, workers=workers) as pool:
            return run_tasks(tasks, executor=pool, progress=progress)
    results: list[GameResult | None] = [None] * len(tasks)

    def done(position: int, result: GameResult) -> None:
        results[position] = result
        if progress is not None:
            progress.advance()

    if executor is None:
        for position, task in enumerate(tasks):
            done(position, play_one(task))
    else:
        _on(executor, tasks, done)
    return [r for r in results if r is not None]


def _on(executor: Executor, tasks: list[Task], done: Callable[[int, GameResult], None]) -> None:
    futures: dict[Future[GameResult], int] = {
        executor.submit(play_one, task): position for position, task in enumerate(tasks)
    }
    for future in as_completed(futures):
        done(futures[future], future.result())


def run_batch(
    config: LabConfig,
    *,
    games: int,
    seed: int,
    workers: int = 1,
    executor: Executor | None = None,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Play ``games`` games of ``config``; game ``i`` from :func:`game_seed` (seed, i)."""
    tasks = [(config, index, game_seed(seed, index)) for index in range(games)]
    return run_tasks(tasks, workers=workers, executor=executor, progress=progress)
