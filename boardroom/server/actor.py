"""The game's actor: the one place a command is decided, appended, folded in and published.

A command's life, in order, under the game's lock: duplicate id? stale version? — the
core decides, the store appends durably (a lost race with another process folds its
events in and decides again), the journal records, every connected seat gets its own
view, the timer is re-armed, the robots woken. Only then is the command acknowledged.
People's seats (:meth:`GameActor.submit`), robots (:mod:`.robot_seats`) and the clock's
ticks all come through this door.
"""

from __future__ import annotations

import asyncio
import logging
import pickle
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from boardroom.i18n import names_for
from boardroom.kernel import Json, Refused
from boardroom.server.clock import Clock
from boardroom.server.command_ids import MAX_CLIENT_ID, seat_scoped
from boardroom.server.errors import ApiError, forbidden
from boardroom.server.fanout import Fanout
from boardroom.server.fingerprint import fingerprint
from boardroom.server.live import LiveGame, Seat
from boardroom.server.ratelimit import RateLimiter
from boardroom.server.runtime import HOST, PROJECTOR, Runtime, unavailable
from boardroom.store import Conflict, Snapshot, outage

log = logging.getLogger("boardroom.hub")
MAX_RETRIES: Final = 8


@dataclass(frozen=True)
class Ack:
    """An accepted command: the version after it, how many events, a duplicate or not."""

    version: int
    events: int
    duplicate: bool = False

    def as_json(self) -> Json:
        return {"version": self.version, "events": self.events, "duplicate": self.duplicate}


class GameActor:
    """Applies each game's commands one at a time (its lock) and publishes the result."""

    def __init__(self, runtime: Runtime, fanout: Fanout, clock: Clock) -> None:
        self.runtime = runtime
        self.fanout = fanout
        self.clock = clock
        clock.deliver = lambda live, tick, at: self.execute(live, tick, at=at)
        """A tick is a command like any other, at the deadline's own time."""
        settings = runtime.settings
        self.limiter = RateLimiter(settings.rate_per_s, settings.rate_burst)
        self.names: dict[str, tuple[int, dict[str, str]]] = {}
        """Per game: the version and the names of its people (for refusals' sentences)."""
        self.watchers: list[Callable[[LiveGame], None]] = []
        """Called after every change (the coach starts on a finished game; a class event
        settles its boards: ``tournaments``)."""

    async def submit(
        self, live: LiveGame, seat: Seat, command: Json, version: int | None = None
    ) -> Ack:
        """A seat's command: rate-limited, ``by`` set from the seat, then executed."""
        metrics = self.runtime.metrics
        if self.runtime.draining:
            raise ApiError("shutting_down", "The server is restarting; try again shortly.", 503)
        if seat.role == PROJECTOR:
            raise forbidden("The projector only watches.", reason="projector")
        # One bucket per seat role and game: five devices on one team share one.
        if not self.limiter.allow(f"{seat.game_id}/{seat.role}", time.monotonic()):
            raise ApiError("rate_limited", "Too many commands; slow down a little.", 429)
        prepared = live.kind.stamp(prepare(command, seat.role, seat.seat_id), seat.seat_id)
        started = time.perf_counter()
        try:
            ack = await self.execute(live, prepared, version)
        except ApiError as exc:
            metrics.command(live.record.game, exc.code)
            raise
        metrics.command(live.record.game, "ok")
        metrics.answered(live.record.game, time.perf_counter() - started)
        return ack

    async def execute(
        self, live: LiveGame, command: Json, version: int | None = None, at: float | None = None
    ) -> Ack:
        """Decide, store, record, fan out — in order, under the game's lock."""
        async with live.lock:
            return await self.execute_locked(live, command, version, at)

    async def execute_locked(
        self, live: LiveGame, command: Json, version: int | None = None, at: float | None = None
    ) -> Ack:
        """:meth:`execute` for a caller that holds the game's lock already (the robot
        runner: a robot handed back meanwhile sends nothing)."""
        for _ in range(MAX_RETRIES):
            journal = live.journal
            if journal.is_duplicate(command):
                return Ack(journal.version, 0, duplicate=True)
            if version is not None and version != journal.version:
                if await self._applied_before(live, command):
                    return Ack(journal.version, 0, duplicate=True)
                raise ApiError(
                    "stale_version",
                    f"The game is at version {journal.version}, not {version}; "
                    "look at the new state and send again.",
                    409,
                    version=journal.version,
                )
            now = max(at if at is not None else self.runtime.game_time(live), live.last_at)
            try:
                events = self._decide(live, command, now)
            except ApiError:
                if await self._applied_before(live, command):
                    return Ack(journal.version, 0, duplicate=True)
                if await self._behind(live):
                    continue  # refused on a state another process has moved on from
                raise
            try:
                await self._append(live, command.get("id"), now, events)
            except Conflict:
                self.runtime.metrics.conflicts.inc()
                await self.fold_in(live)
                if await self._applied_before(live, command):
                    return Ack(live.journal.version, 0, duplicate=True)
                continue
            outcome = journal.record(command, events)
            if events:
                live.last_at = now
                self.changed(live)
                await self.snapshot(live)
            return Ack(outcome.version, len(events))
        raise ApiError("busy", "The game is too busy right now; send again.", 503)

    async def _append(
        self, live: LiveGame, command_id: str | None, at: float, events: list[Any]
    ) -> None:
        """Store a command's events after the game's version (:class:`Conflict` if another
        process got there first). SQLite's writer thread completes the awaited future
        itself; elsewhere the append runs in a worker thread."""
        store = self.runtime.store
        args = (live.game_id, live.journal.version, command_id, at, events)
        future = store.events.append_soon(*args)
        if future is None:
            await self.runtime.db(store.events.append, *args)
            return
        try:
            await asyncio.wrap_future(future)
        except Exception as exc:
            if outage(exc):
                raise unavailable() from None
            raise

    async def _behind(self, live: LiveGame) -> bool:
        """Had another process stored events this one had not heard of yet? Then they
        are folded in (True) and a refused command is decided again on the newer state;
        asked only when a command is refused, one query."""
        head = await self.runtime.db(self.runtime.store.events.head, live.game_id)
        return head > live.journal.version and await self.fold_in(live)

    async def _applied_before(self, live: LiveGame, command: Json) -> bool:
        """Was this command's id applied already, by the store (which keeps every id,
        also those from before the latest snapshot)? Asked only when a command is
        refused or its append conflicts, so a new command costs no extra query."""
        command_id = command.get("id")
        if not isinstance(command_id, str):
            return False
        if live.journal.is_duplicate(command):
            return True
        store = self.runtime.store
        version = await self.runtime.db(store.events.command_version, live.game_id, command_id)
        if version is None:
            return False
        live.journal.applied_ids[command_id] = version
        return True

    def _decide(self, live: LiveGame, command: Json, now: float) -> list[Any]:
        try:
            events: list[Any] = live.journal.rules.decide(live.journal.state, command, now)
        except Refused as exc:
            names = self._names(live)
            raise ApiError.refused(exc, game=live.record.game, names=names) from None
        except (RecursionError, MemoryError):
            raise ApiError(
                "bad_command", "This command is too deeply nested.", reason="nested"
            ) from None
        except Exception:
            log.exception("the core failed on a command", extra={"game": live.game_id})
            raise ApiError(
                "bad_command", "This command cannot be understood.", reason="not_understood"
            ) from None
        return events

    def _names(self, live: LiveGame) -> dict[str, str]:
        """The names of the game's people by id, read from its host view once a version."""
        known = self.names.get(live.game_id)
        if known is None or known[0] != live.version:
            view = live.view(HOST, events_since=live.version)
            known = self.names[live.game_id] = (live.version, names_for(live.record.game, view))
        return known[1]

    def changed(self, live: LiveGame) -> None:
        """What every change does: every socket gets the new version, the timer is
        re-armed from the new state, the robots are woken."""
        self.fanout.broadcast(live)
        self.clock.arm(live)
        live.changed.set()
        for watch in self.watchers:
            watch(live)

    async def fold_in(self, live: LiveGame) -> bool:
        """Fold in what other processes stored since our version and, if anything, do
        what every change does (:meth:`changed`; under the game's lock)."""
        if not await self.catch_up_locked(live):
            return False
        self.changed(live)
        return True

    async def catch_up_locked(self, live: LiveGame) -> bool:
        """Fold in what other processes stored since our version; True if anything
        (callers with sockets use :meth:`fold_in`)."""
        journal = live.journal
        db, store = self.runtime.db, self.runtime.store
        stored = await db(store.events.events_since, live.game_id, journal.version)
        ids = await db(store.events.applied_ids, live.game_id, journal.version)
        for event in stored:
            if event.version != journal.version + 1:
                raise RuntimeError(f"gap in the event log of {live.game_id} at {event.version}")
            journal.apply(event.body)
            live.last_at = max(live.last_at, event.at)
        journal.applied_ids.update(ids)
        return bool(stored)

    async def snapshot(self, live: LiveGame, force: bool = False) -> None:
        """The game's state stored every ``snapshot_every`` versions (in the background),
        or now (``force``: at shutdown) if it changed since the last."""
        runtime = self.runtime
        due = live.version - live.snapshot_version >= runtime.settings.snapshot_every
        if not (due or (force and live.version > live.snapshot_version)):
            return
        snapshot = Snapshot(
            live.version, fingerprint(live.record.game), pickle.dumps(live.journal.state)
        )
        live.snapshot_version = live.version
        if force:
            await runtime.db(runtime.store.events.save_snapshot, live.game_id, snapshot)
        else:
            runtime.spawn(runtime.db(runtime.store.events.save_snapshot, live.game_id, snapshot))


def prepare(command: Json, role: str, seat_id: str) -> Json:
    """The command as the core gets it: ``by`` is the seat's role, whatever was sent;
    its ``id`` scoped to the seat (see :mod:`boardroom.server.command_ids`).

    >>> prepare({"type": "pass", "firm": 2, "by": "p9", "at": 5}, "p1", "s1")
    {'type': 'pass', 'firm': 2, 'by': 'p1'}
    >>> prepare({"type": "tick", "id": "server:tick:3:9.0"}, "p1", "s1")["id"]
    'seat:s1:server:tick:3:9.0'
    >>> prepare({"type": "pass", "id": 7}, "p1", "s1")
    Traceback (most recent call last):
    ...
    boardroom.server.errors.ApiError: A command 'id' must be a text of at most 100 characters.
    """
    if not isinstance(command, dict):
        raise ApiError("bad_command", "A command must be a JSON object.", reason="object")
    if not isinstance(command.get("type"), str):
        raise ApiError("bad_command", "A command needs a text 'type'.", reason="type")
    command_id = command.get("id")
    if command_id is not None and (
        not isinstance(command_id, str) or not 0 < len(command_id) <= MAX_CLIENT_ID
    ):
        raise ApiError(
            "bad_command", "A command 'id' must be a text of at most 100 characters.", reason="id"
        )
    prepared = {k: v for k, v in command.items() if k not in ("by", "at", "id")}
    if command_id is not None:
        prepared["id"] = seat_scoped(seat_id, command_id)
    prepared["by"] = role
    return prepared
