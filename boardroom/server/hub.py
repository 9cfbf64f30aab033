"""The hub: every game in memory, the one path for commands, fan-out, timers, robots.

A command's life: the seat is authenticated by the caller, the server sets
``by`` to the seat's role, then under the game's lock — duplicate id? stale
version? — the core decides, the store appends durably (a lost race with
another process reloads and decides again), the journal records, every
connected seat gets its own view, the timer is re-armed, the robots woken.
Only then is the command acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import logging
import pickle
import secrets
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from boardroom.bots.live import RobotChoice
from boardroom.games import kind_for
from boardroom.games.registry import KINDS
from boardroom.i18n import names_for
from boardroom.kernel import Journal, Json, Refused
from boardroom.server.addresses import AddressLimits
from boardroom.server.bus import Bus, LocalBus
from boardroom.server.command_ids import MAX_CLIENT_ID, seat_scoped, server_id
from boardroom.server.config import Settings
from boardroom.server.drafts import Drafts
from boardroom.server.errors import ApiError, forbidden, not_found, unauthorized, unknown_kind
from boardroom.server.fingerprint import fingerprint
from boardroom.server.frames import Frames
from boardroom.server.live import Client, Flusher, LiveGame, Seat, SlowClient
from boardroom.server.metrics import Metrics
from boardroom.server.presence import Presence
from boardroom.server.ratelimit import RateLimiter
from boardroom.server.robot_seats import (
    RobotRunner,
    choice_name,
    choices_for,
    robot_record,
    wanted_robots,
)
from boardroom.server.robots import live_rules, robots_for
from boardroom.server.tokens import (
    hash_secret,
    new_code,
    new_game_id,
    new_opaque_id,
    new_seat_id,
    new_secret,
    same_secret,
    team_code,
)
from boardroom.store import (
    ROBOTS_NOTICE,
    Conflict,
    GameRecord,
    SeatRecord,
    Snapshot,
    Store,
    outage,
)

T = TypeVar("T")
log = logging.getLogger("boardroom.hub")
MAX_RETRIES = 8
HOST = "host"
PROJECTOR = "projector"


def unknown_seat(role: str) -> ApiError:
    """The refusal for a role the game does not have."""
    text = f"There is no seat {role!r} in this game."
    return ApiError("unknown_seat", text, 404, reason="role", role=repr(role))


@dataclass(frozen=True)
class Ack:
    """An accepted command: the version after it, how many events, a duplicate or not."""

    version: int
    events: int
    duplicate: bool = False

    def as_json(self) -> Json:
        return {"version": self.version, "events": self.events, "duplicate": self.duplicate}


@dataclass(frozen=True)
class NewGame:
    record: GameRecord
    host_secret: str


class Hub:
    """All live games of this process, over one store and one bus."""

    def __init__(self, store: Store, settings: Settings, bus: Bus | None = None) -> None:
        self.store = store
        self.settings = settings
        self.bus = bus or LocalBus()
        self.metrics = Metrics()
        self.flusher = Flusher()
        self.connections = 0
        self.connected: dict[tuple[str, str], int] = {}
        """Per seat (game, seat id): its open connections here (the seats gauge)."""
        self.games: dict[str, LiveGame] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        self.limiter = RateLimiter(settings.rate_per_s, settings.rate_burst)
        self.bank_slots = threading.BoundedSemaphore(settings.bank_workers)
        self.addresses = AddressLimits(
            {
                "join": (settings.join_rate_per_s, settings.join_burst),
                "create": (settings.create_rate_per_s, settings.create_burst),
                "bank": (settings.bank_rate_per_s, settings.bank_burst),
                "draft": (settings.draft_rate_per_s, settings.draft_burst),
            }
        )
        self.drafts = Drafts(store, settings)
        self.seat_cache: dict[tuple[str, str], Seat] = {}
        self.draining = False
        self.ready = False
        self.background: set[asyncio.Task[Any]] = set()
        self.catching_up: set[str] = set()
        self.robot_runner = RobotRunner(self)
        self.presence = Presence(store, self.bus, settings.presence_ttl_s, settings.clock)
        self.lobby_pending: set[str] = set()
        self.names: dict[str, tuple[int, dict[str, str]]] = {}
        """Per game: the version and the names of its people (for refusals' sentences)."""

    # --- lifecycle -----------------------------------------------------------------

    async def start(self) -> None:
        """Migrate, listen, load every stored game and re-arm its timers."""
        await self._db(self.store.migrate)
        await self.bus.start(self._on_notice, self._on_reconnect, self._on_presence)
        for record in await self._db(self.store.games):
            try:
                await self.get(record.game_id)
            except Exception:
                log.exception("game cannot be loaded", extra={"game": record.game_id})
        self._spawn(self._lead_loop())
        self._spawn(self.drafts.sweep_loop())
        if self.bus.shared:
            self._spawn(self._presence_loop())
        self.ready = True

    async def close(self) -> None:
        """Stop taking commands, finish those in flight, snapshot, close every socket."""
        self.draining = True
        self.ready = False
        for task in list(self.background):
            task.cancel()
        for live in list(self.games.values()):
            async with live.lock:
                self._stop_tasks(live)
                await self._snapshot(live, force=True)
            for client in list(live.clients):
                client.closed = True
        with contextlib.suppress(Exception):
            await self.presence.close()
        await self.bus.close()
        self.robot_runner.close()
        self.store.close()

    def _spawn(self, coro: Awaitable[T]) -> asyncio.Task[T]:
        task: asyncio.Task[T] = asyncio.ensure_future(coro)
        self.background.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[Any]) -> None:
        """A background task ended: forgotten, and its failure logged (never left
        for "Task exception was never retrieved")."""
        self.background.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if isinstance(exc, ApiError) and exc.code == "unavailable":
            log.warning("background work failed: the database does not answer")
        elif exc is not None:
            log.error("background work failed", exc_info=exc)

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        """A store call in a worker thread; a lost database is ``unavailable`` (503)."""
        try:
            return await asyncio.to_thread(fn, *args)
        except Exception as exc:
            if outage(exc):
                raise _unavailable() from None
            raise

    async def _append(
        self, live: LiveGame, command_id: str | None, at: float, events: list[Any]
    ) -> None:
        """Store a command's events after the game's version (:class:`Conflict` if another
        process got there first). SQLite's writer thread completes the awaited future
        itself; elsewhere the append runs in a worker thread (:meth:`_db`)."""
        journal = live.journal
        args = (live.game_id, journal.version, command_id, at, events)
        future = self.store.append_soon(*args)
        if future is None:
            await self._db(self.store.append, *args)
            return
        try:
            await asyncio.wrap_future(future)
        except Exception as exc:
            if outage(exc):
                raise _unavailable() from None
            raise

    async def ping(self) -> None:
        """Does the database answer? (raises if not)"""
        await self._db(self.store.ping)

    async def stored_events(self, live: LiveGame) -> list[tuple[int, float, Json]]:
        """The game's events as stored, up to its version: (version, at, event)."""
        stored = await self._db(self.store.events_since, live.game_id, 0)
        return [(e.version, e.at, e.body) for e in stored if e.version <= live.version]

    async def open_demos(self) -> list[NewGame]:
        """One ready demo game of each kind (reused across restarts; a new host secret
        each time)."""
        existing = {record.game: record for record in await self._db(self.store.games, True)}
        opened: list[NewGame] = []
        for game, kind in KINDS.items():
            record = existing.get(game)
            if record is None:
                opened.append(await self.create_game(kind.demo(), demo=True))
                continue
            secret = new_secret()
            await self._db(self.store.set_host_secret, record.game_id, hash_secret(secret))
            live = await self.get(record.game_id)
            live.record = dataclasses.replace(live.record, host_secret_hash=hash_secret(secret))
            opened.append(NewGame(live.record, secret))
        return opened

    # --- games ----------------------------------------------------------------------

    async def create_game(
        self, spec: Json, demo: bool = False, draft: str | None = None
    ) -> NewGame:
        """Validate a setup line, store the game, hold it in memory; return its host secret.

        With a creation ticket (``draft``), the ticket is consumed and the game takes over
        the media uploaded with it that its setup names (refused: nothing is made)."""
        game = spec.get("game")
        if game not in KINDS:
            known = ", ".join(KINDS)
            raise ApiError(
                "unknown_game",
                f"Unknown game {game!r}; expected one of: {known}.",
                400,
                reason="kind",
                **unknown_kind(game),
            )
        try:
            kind = kind_for(game)
            spec = kind.opaque_ids(spec, new_opaque_id)
            await asyncio.to_thread(kind.setup, copy.deepcopy(spec))
        except Refused as exc:
            raise ApiError.refused(exc, 400, game=game) from None
        except Exception as exc:
            raise ApiError(
                "bad_setup", f"This setup line is not valid: {exc}.", 400, reason="invalid"
            ) from None
        secret = new_secret()
        game_id = new_game_id()
        if draft is not None:
            await self.drafts.take(draft, game_id, spec)
        record = GameRecord(
            game_id=game_id,
            code=new_code(),
            game=str(game),
            spec=spec,
            created_at=self.settings.clock(),
            host_secret_hash=hash_secret(secret),
            demo=demo,
        )
        await self._db(self.store.create_game, record)
        await self.get(record.game_id)
        self.metrics.games.set(len(self.games))
        return NewGame(record, secret)

    async def get(self, game_id: str) -> LiveGame:
        """The game in memory, loaded (snapshot + events after it) on first use."""
        live = self.games.get(game_id)
        if live is not None:
            return live
        # Nothing is kept for an id that names no game: no lock, no cache entry.
        if not _plausible(game_id):
            raise not_found("such game")
        record = await self._db(self.store.game, game_id)
        if record is None:
            raise not_found(f"game {game_id!r}")
        lock = self.loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                live = self.games.get(game_id)
                if live is None:
                    live = await self._load(record)
                    self.games[game_id] = live
                    self.metrics.games.set(len(self.games))
                    await self._take_lead(live)
        finally:
            if self.loading.get(game_id) is lock and not lock.locked():
                del self.loading[game_id]
        return live

    async def _load(self, record: GameRecord) -> LiveGame:
        game_id = record.game_id
        rules = live_rules(kind_for(record.game))
        snapshot = await self._db(self.store.latest_snapshot, game_id, fingerprint(record.game))
        if snapshot is not None:
            state = pickle.loads(snapshot.state)
            journal = Journal(rules, record.spec, state, base_version=snapshot.version)
        else:
            journal = Journal.open(rules, record.spec)
        live = LiveGame(record, kind_for(record.game), journal)
        live.snapshot_version = journal.version
        await self._catch_up_locked(live)
        await self._follow_robots(live)
        log.info("game loaded", extra={"game": game_id, "version": live.version})
        return live

    async def _follow_robots(self, live: LiveGame) -> None:
        """The game's robots as stored: the robot seats with the host's last choice for
        each, and the stand-ins (a restart, another process's change, or the person's
        return through another process: the robot leaves). Robots run where the game
        is led only; every process keeps the table, for its lobby."""
        seats = await self._db(self.store.seats, live.game_id)
        stored = await self._db(self.store.robots, live.game_id)
        live.robots = self.robot_runner.table(live).follow(wanted_robots(seats, stored))
        live.changed.set()
        self._start_robots(live)

    def team_codes(self, live: LiveGame) -> dict[str, str]:
        """Each team's own join code (for the host), if the game has team codes."""
        if not live.kind.team_codes:
            return {}
        key = live.record.host_secret_hash
        return {role: team_code(key, live.record.code, role) for role in self.roles(live)}

    async def join_target(self, code: str) -> tuple[LiveGame, str | None]:
        """The game a code opens, and the team if it is a team's own code."""
        game_code, dash, _ = code.strip().upper().partition("-")
        live = await self.by_code(game_code)
        if not dash:
            return live, None
        for role, own in self.team_codes(live).items():
            if secrets.compare_digest(own, code.strip().upper()):
                return live, role
        raise not_found("team with this code")

    def seat_role(self, live: LiveGame, team: str | None, role: str | None) -> str | None:
        """The role a join by code may take: with team codes, a team needs its own code
        (a person the host invites needs none); the projector only the game's."""
        if not live.kind.team_codes or role == PROJECTOR:
            return role
        if team is None or role not in (None, team):
            raise ApiError(
                "team_code_needed",
                "A team is joined by its own code; ask the host for your team's code.",
                403,
            )
        return team

    async def by_code(self, code: str) -> LiveGame:
        record = await self._db(self.store.game_by_code, code.strip()[:16])
        if record is None:
            raise not_found(f"game with code {code.strip()[:16]!r}")
        return await self.get(record.game_id)

    # --- seats -----------------------------------------------------------------------

    async def authenticate(self, game_id: str, secret: str | None) -> Seat:
        """The seat a secret opens in a game (401 for none)."""
        live = await self.get(game_id)
        if not secret or len(secret) > 200:
            raise unauthorized()
        if same_secret(secret, live.record.host_secret_hash):
            return Seat(game_id, HOST, HOST, "Host")
        key = (game_id, hash_secret(secret))
        seat = self.seat_cache.get(key)
        if seat is None:
            stored = await self._db(self.store.seat_by_secret, game_id, key[1])
            if stored is None or stored.robot:
                raise unauthorized()
            seat = Seat(game_id, stored.seat_id, stored.role, stored.name)
            self.seat_cache[key] = seat
        return seat

    async def join(self, live: LiveGame, name: str, role: str | None) -> tuple[Seat, str]:
        """Give a person a seat (a free role, or the one asked for) and its secret."""
        roles = self.roles(live)
        if role is not None and role not in (*roles, PROJECTOR):
            raise unknown_seat(role)
        secret = new_secret()
        for candidate in [role] if role is not None else await self._free_roles(live):
            seat_id = new_seat_id()
            shared = live.kind.shared_roles or candidate == PROJECTOR
            record = SeatRecord(
                game_id=live.game_id,
                seat_id=seat_id,
                role=candidate,
                name=name,
                secret_hash=hash_secret(secret),
                claim=seat_id if shared else candidate,
            )
            if await self._db(self.store.add_seat, record):
                return Seat(live.game_id, seat_id, candidate, name), secret
        raise ApiError("seat_taken", "Every seat of this game is taken.", 409)

    def roles(self, live: LiveGame) -> list[str]:
        return live.kind.roles(live.view(HOST, events_since=live.version))

    async def seats(self, live: LiveGame) -> list[SeatRecord]:
        """Every seat taken in the game (people, robots, projectors), as stored."""
        return await self._db(self.store.seats, live.game_id)

    async def seat_board(self, live: LiveGame) -> list[Json]:
        """Each role with how many people sit in it, whether a robot does, whether it is
        free for one more person (a shared role always is, unless a robot has it)."""
        taken, robots = _count(await self.seats(live))
        shared = live.kind.shared_roles
        return [
            {"role": role, "people": taken.get(role, 0), "robot": role in robots}
            | {"free": role not in robots and (shared or not taken.get(role))}
            for role in self.roles(live)
        ]

    async def _free_roles(self, live: LiveGame) -> list[str]:
        taken, _ = _count(await self.seats(live))
        roles = self.roles(live)
        if live.kind.shared_roles:
            return sorted(roles, key=lambda r: (taken.get(r, 0), roles.index(r)))
        return [r for r in roles if r not in taken]

    async def add_robots(
        self,
        live: LiveGame,
        roles: list[str] | None,
        choice: Json | None = None,
        per_role: dict[str, Json] | None = None,
        lang: str = "ru",
    ) -> list[str]:
        """Robots in ``roles`` (every empty role by default), each of the kind and level
        chosen (``choice`` for all, ``per_role`` over it); returns the roles they took.

        A role a robot already plays gets the new choice; a shared role (a quiz team) may
        have people and a robot in it; another role whose person has left gets a stand-in
        that hands the seat back when they return (holdings untouched: it is the same
        seat); a role someone is playing is refused (``seat_taken``). A kind no robot
        plays is refused (``no_robot``).
        """
        if robots_for(live.record.game) is None:
            raise ApiError(
                "no_robot", f"No robot plays {live.record.game} yet.", 409, game=live.record.game
            )
        seats = await self.seats(live)
        known = self.roles(live)
        wanted = (
            roles
            if roles is not None
            else [r for r in known if not any(s.role == r for s in seats)]
        )
        for role in wanted:
            if role not in known:
                raise unknown_seat(role)
        choices = choices_for(wanted, choice or {}, per_role or {})
        online = await self.presence.online(live)
        table = self.robot_runner.table(live)
        seated: list[str] = []
        for role in wanted:
            people = [s for s in seats if s.role == role and not s.robot]
            if any(s.robot for s in seats if s.role == role) or role in table.stand_ins:
                stand_in = role in table.stand_ins
            elif people and not live.kind.shared_roles:
                here = [s.name for s in people if online.get(s.seat_id, 0) > 0]
                if here:
                    raise ApiError(
                        "seat_taken",
                        f"{here[0]} is playing this seat; a robot can take it once they leave.",
                        409,
                        reason="playing",
                        role=role,
                    )
                stand_in = True
            else:
                record = SeatRecord(
                    game_id=live.game_id,
                    seat_id=new_seat_id(),
                    role=role,
                    name=choice_name(choices[role]),
                    secret_hash=hash_secret(new_secret()),
                    claim=role,
                    robot=True,
                )
                if not await self._db(self.store.add_seat, record):
                    continue
                stand_in = False
            await self._db(
                self.store.set_robot, robot_record(live.game_id, role, choices[role], stand_in)
            )
            table.seat(role, choices[role], stand_in=stand_in)
            if not stand_in:
                await self._name_robot(live, role, choices[role], table.seed, lang)
            seated.append(role)
        live.robots.update(seated)
        self._start_robots(live)
        await self.notify_lobby(live)
        return seated

    async def _name_robot(
        self, live: LiveGame, role: str, choice: RobotChoice, seed: int, lang: str
    ) -> None:
        """Give a new robot's player a name people read (in ``lang``), as the host would."""
        kind = robots_for(live.record.game)
        if kind is None or kind.naming is None:
            return
        view = live.view(HOST, events_since=live.version)
        command = kind.naming(view, role, choice, seed, lang)
        if command is None:
            return
        named = {**command, "by": HOST, "id": server_id("robot-name", role, live.version)}
        with contextlib.suppress(ApiError):  # a refused name leaves the setup's
            await self.execute(live, named)

    async def lobby(self, live: LiveGame) -> Json:
        """Who sits where, connected or not — for the host; ``robots``: what the host chooses
        for this kind's robots (``None``: no robot plays it)."""
        seats = await self.seats(live)
        online = await self.presence.online(live)
        table = self.robot_runner.table(live)
        return {
            "game": live.game_id,
            "code": live.record.code,
            "version": live.version,
            "roles": self.roles(live),
            "shared": live.kind.shared_roles,
            "team_codes": self.team_codes(live),
            "robots": None if table.kind is None else list(table.kind.choices),
            "seats": [
                {"seat": s.seat_id, "role": s.role, "name": s.name, "robot": s.robot}
                | {"connected": s.robot or online.get(s.seat_id, 0) > 0}
                | _robot_fields(table.robots.get(s.role), s.robot, s.role in table.stand_ins)
                for s in seats
            ],
        }

    # --- commands ------------------------------------------------------------------

    async def submit(self, seat: Seat, command: Json, version: int | None = None) -> Ack:
        """A seat's command: rate-limited, ``by`` set from the seat, then executed."""
        if self.draining:
            raise ApiError("shutting_down", "The server is restarting; try again shortly.", 503)
        if seat.role == PROJECTOR:
            raise forbidden("The projector only watches.", reason="projector")
        # One bucket per seat role and game: five devices on one team share one.
        if not self.limiter.allow(f"{seat.game_id}/{seat.role}", time.monotonic()):
            raise ApiError("rate_limited", "Too many commands; slow down a little.", 429)
        live = await self.get(seat.game_id)
        prepared = live.kind.stamp(_prepare(command, seat.role, seat.seat_id), seat.seat_id)
        started = time.perf_counter()
        try:
            ack = await self.execute(live, prepared, version)
        except ApiError as exc:
            self.metrics.command(live.record.game, exc.code)
            raise
        self.metrics.command(live.record.game, "ok")
        self.metrics.answered(live.record.game, time.perf_counter() - started)
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
            now = max(at if at is not None else self.game_time(live), live.last_at)
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
                self.metrics.conflicts.inc()
                await self._fold_in(live)
                if await self._applied_before(live, command):
                    return Ack(live.journal.version, 0, duplicate=True)
                continue
            outcome = journal.record(command, events)
            if events:
                live.last_at = now
                self._changed(live)
                await self._snapshot(live)
            return Ack(outcome.version, len(events))
        raise ApiError("busy", "The game is too busy right now; send again.", 503)

    async def _behind(self, live: LiveGame) -> bool:
        """Had another process stored events this one had not heard of yet? Then they
        are folded in (True) and a refused command is decided again on the newer state;
        asked only when a command is refused, one query."""
        head = await self._db(self.store.head, live.game_id)
        return head > live.journal.version and await self._fold_in(live)

    async def _applied_before(self, live: LiveGame, command: Json) -> bool:
        """Was this command's id applied already, by the store (which keeps every id,
        also those from before the latest snapshot)? Asked only when a command is
        refused or its append conflicts, so a new command costs no extra query."""
        command_id = command.get("id")
        if not isinstance(command_id, str):
            return False
        if live.journal.is_duplicate(command):
            return True
        version = await self._db(self.store.command_version, live.game_id, command_id)
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

    def game_time(self, live: LiveGame) -> float:
        """Seconds since the game was created, by the wall clock (survives restarts)."""
        return max(0.0, self.settings.clock() - live.record.created_at)

    def _changed(self, live: LiveGame) -> None:
        self.broadcast(live)
        self.arm(live)
        live.changed.set()

    # --- fan-out --------------------------------------------------------------------

    def broadcast(self, live: LiveGame) -> None:
        """Every connected seat gets its own view of the current version: the events it
        does not hold yet, or all of them (see :class:`Frames`)."""
        self.metrics.frames.inc(Frames(live).push(live.clients))

    async def resync(self, client: Client) -> None:
        """A client that lost track of its events gets the whole current view."""
        live = await self.get(client.seat.game_id)
        client.forget()
        client.push_view(Frames(live).frame(client.seat.role, 0))

    async def connect(self, live: LiveGame, client: Client, known: int | None) -> None:
        """A new connection gets its seat, the whole current view; the host a lobby update."""
        client.push(
            {
                "type": "welcome",
                "game": live.game_id,
                "seat": client.seat.seat_id,
                "role": client.seat.role,
                "version": live.version,
                "missed": max(0, live.version - known) if known is not None else None,
            }
        )
        async with live.lock:
            live.clients.add(client)
            client.push_view(Frames(live).frame(client.seat.role, 0))
        self._connections_changed(client, +1)
        await self._hand_back(live, client.seat.role)
        await self._presence_changed(live, client.seat.seat_id)
        await self.notify_lobby(live)

    async def _hand_back(self, live: LiveGame, role: str) -> None:
        """A person of ``role`` connected: a stand-in playing their seat leaves it, here
        and in the store (the leading process, if another, hears of it and stops it)."""
        table = self.robot_runner.table(live)
        if role not in table.stand_ins and not self.bus.shared:
            return
        try:
            ended = await self._db(self.store.end_stand_in, live.game_id, role)
        except ApiError as exc:
            log.warning("stand-in not ended: %s", exc.code, extra={"game": live.game_id})
            return
        async with live.lock:  # after any robot command in flight, before the next
            if table.hand_back(role) or ended:
                live.robots.discard(role)
                live.changed.set()

    async def disconnect(self, live: LiveGame, client: Client) -> None:
        client.closed = True
        client.wake.set()
        if client in live.clients:
            live.clients.discard(client)
            self._connections_changed(client, -1)
        if not self.draining:
            await self._presence_changed(live, client.seat.seat_id)
            await self.notify_lobby(live)

    async def _presence_changed(self, live: LiveGame, seat_id: str) -> None:
        """Tell the other processes (the lobby is whole wherever the host is); a database
        that does not answer now is caught up by the next heartbeat."""
        try:
            await self.presence.changed(live, seat_id)
        except Exception as exc:
            log.warning("presence not noted: %s", exc, extra={"game": live.game_id})

    async def notify_lobby(self, live: LiveGame) -> None:
        hosts = [c for c in live.clients if c.seat.role == HOST]
        if not hosts:
            return
        try:
            lobby = {"type": "lobby", **await self.lobby(live)}
        except ApiError as exc:
            log.warning("lobby not sent: %s", exc.code, extra={"game": live.game_id})
            return
        except Exception as exc:  # the presence table read while the database went away
            if not outage(exc):
                raise
            log.warning("lobby not sent: unavailable", extra={"game": live.game_id})
            return
        for client in hosts:
            with contextlib.suppress(SlowClient):
                client.push(lobby)

    def _connections_changed(self, client: Client, change: int) -> None:
        """One connection more (+1) or fewer (-1): the gauges of connections and of seats
        with one, kept as counts (not by walking every client: 1,200 sockets closing at
        once would walk 1,200 × 1,200)."""
        seat = (client.seat.game_id, client.seat.seat_id)
        left = self.connected.get(seat, 0) + change
        if left > 0:
            self.connected[seat] = left
        else:
            self.connected.pop(seat, None)
        self.connections += change
        self.metrics.connections.set(self.connections)
        self.metrics.seats.set(len(self.connected))

    # --- other processes -------------------------------------------------------------

    async def _on_notice(self, game_id: str, version: int) -> None:
        live = self.games.get(game_id)
        if live is None or version <= live.version or game_id in self.catching_up:
            return
        self.catching_up.add(game_id)
        self._spawn(self._catch_up(live))

    async def _on_reconnect(self) -> None:
        for live in list(self.games.values()):
            self._spawn(self._catch_up(live))

    async def _on_presence(self, game_id: str, instance: str) -> None:
        """Someone came or went on another process: the host's lobby here anew; the
        game's robot seats changed (on any process): its robots as stored, then the lobby."""
        live = self.games.get(game_id)
        if live is not None and instance == ROBOTS_NOTICE:
            self._spawn(self._robots_changed(live))
            return
        if live is None or instance == self.bus.instance or game_id in self.lobby_pending:
            return
        if not any(c.seat.role == HOST for c in live.clients):
            return
        self.lobby_pending.add(game_id)
        self._spawn(self._send_lobby(live))

    async def _robots_changed(self, live: LiveGame) -> None:
        async with live.lock:
            await self._follow_robots(live)
        await self.notify_lobby(live)

    async def _send_lobby(self, live: LiveGame) -> None:
        try:
            self.lobby_pending.discard(live.game_id)
            await self.notify_lobby(live)
        finally:
            self.lobby_pending.discard(live.game_id)

    async def _catch_up(self, live: LiveGame) -> None:
        try:
            async with live.lock:
                self.catching_up.discard(live.game_id)
                await self._fold_in(live)
        finally:
            self.catching_up.discard(live.game_id)

    async def _fold_in(self, live: LiveGame) -> bool:
        """Fold in what other processes stored since our version and, if anything, do
        what every change does: every socket gets the new version, the timer is re-armed
        from the new state, the robots are woken (under the game's lock)."""
        if not await self._catch_up_locked(live):
            return False
        self._changed(live)
        return True

    async def _catch_up_locked(self, live: LiveGame) -> bool:
        """Fold in what other processes stored since our version; True if anything
        (callers with sockets use :meth:`_fold_in`)."""
        journal = live.journal
        stored = await self._db(self.store.events_since, live.game_id, journal.version)
        ids = await self._db(self.store.applied_ids, live.game_id, journal.version)
        for event in stored:
            if event.version != journal.version + 1:
                raise RuntimeError(f"gap in the event log of {live.game_id} at {event.version}")
            journal.apply(event.body)
            live.last_at = max(live.last_at, event.at)
        journal.applied_ids.update(ids)
        return bool(stored)

    # --- timers and robots -------------------------------------------------------------

    async def _take_lead(self, live: LiveGame) -> None:
        if live.leader or self.draining:
            return
        try:
            live.leader = await self.bus.try_lead(live.game_id)
        except Exception as exc:
            log.warning("lead not taken: %s", exc, extra={"game": live.game_id})
            live.leader = False
        if live.leader:
            log.info("leading", extra={"game": live.game_id})
            self.arm(live)
            if self.bus.shared:  # robot seats another process changed while we followed
                with contextlib.suppress(ApiError):
                    await self._follow_robots(live)
            self._start_robots(live)
        self._led_changed()

    def _demote(self, live: LiveGame) -> None:
        """This process can no longer prove it leads the game: no timer, no robots here."""
        if not live.leader:
            return
        log.warning("no longer leading", extra={"game": live.game_id})
        live.leader = False
        self._stop_tasks(live)
        self._led_changed()

    def _led_changed(self) -> None:
        self.metrics.led.set(sum(1 for live in self.games.values() if live.leader))

    async def _lead_loop(self) -> None:
        """Every ``lead_retry_s``: a round of :meth:`lead_round` (it never dies of a
        failure: the next round tries again)."""
        while True:
            await asyncio.sleep(self.settings.lead_retry_s)
            try:
                await self.lead_round()
            except asyncio.CancelledError:
                raise
            except ApiError as exc:
                log.warning("lead round cut short: %s", exc.code)
            except Exception:
                log.exception("lead round failed")

    async def lead_round(self) -> None:
        """Confirm the leads held (a lost lock connection loses them all), take over the
        games held in memory whose lead is free, then sweep the games with deadlines
        that no process has in memory (their leading process died)."""
        led = [live for live in self.games.values() if live.leader]
        confirmed = await self.bus.confirm([live.game_id for live in led])
        for live in led:
            if live.game_id not in confirmed:
                self._demote(live)
        for live in list(self.games.values()):
            if not live.leader:
                await self._take_lead(live)
        if self.bus.shared and not self.draining:
            await self._sweep()

    async def _sweep(self) -> None:
        """Take the lead of every game with a deadline whose lead is free, loaded or not."""
        for game_id in await self._db(self.store.games_with_deadlines):
            if game_id in self.games or self.draining:
                continue
            if not await self.bus.try_lead(game_id):
                continue
            try:
                await self.get(game_id)
            except Exception:
                log.exception("game cannot be loaded", extra={"game": game_id})
                await self.bus.release(game_id)

    async def _presence_loop(self) -> None:
        """Renew this process's presence every third of its lifetime; lobbies of games
        whose people were on a process that died are sent anew."""
        while True:
            await asyncio.sleep(self.settings.presence_ttl_s / 3)
            try:
                expired = await self.presence.heartbeat(list(self.games.values()))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("presence not renewed: %s", exc)
                continue
            for game_id in expired:
                await self._on_presence(game_id, "")

    def _note_deadline(self, live: LiveGame) -> None:
        """With several processes, the game's next deadline goes to the store, so the
        sweep finds the games that need a timer (only when it changed)."""
        if not self.bus.shared:
            return
        due = live.journal.rules.next_deadline(live.journal.state)
        deadline = None if due is None else live.record.created_at + due
        if live.noted_deadline == (deadline,):
            return
        live.noted_deadline = (deadline,)
        self._spawn(self._db(self.store.set_deadline, live.game_id, live.version, deadline))

    def arm(self, live: LiveGame, retry_s: float = 0.0) -> None:
        """(Re)start the game's timer for its next deadline (not sooner than ``retry_s``
        from now), if this process leads it."""
        self._note_deadline(live)
        current = asyncio.current_task()
        if live.timer is not None and live.timer is not current:
            live.timer.cancel()
        live.timer = None
        if not live.leader or self.draining:
            return
        deadline = live.journal.rules.next_deadline(live.journal.state)
        if deadline is None:
            return
        delay = live.record.created_at + deadline - self.settings.clock()
        live.timer = asyncio.create_task(self._fire(live, deadline, max(retry_s, delay)))

    async def _fire(self, live: LiveGame, deadline: float, delay: float) -> None:
        """At the deadline: a ``tick`` at the deadline's own time (as ``fire_deadlines``).

        Whatever the tick's fate — applied, a duplicate, refused, nothing to do, a lost
        race with another process (whose events were folded in), a database that does
        not answer — the timer is armed again from the state after it: at the next
        deadline, or once more ``tick_retry_s`` later if the same deadline is still due.
        Only a newer timer (armed by a change meanwhile) or losing the lead ends it.
        """
        await asyncio.sleep(delay)
        before = live.version
        tick = {"type": "tick", "by": "server", "id": server_id("tick", before, deadline)}
        try:
            await self.execute(live, tick, at=deadline)
        except ApiError as exc:
            log.warning("tick refused", extra={"game": live.game_id, "code": exc.code})
        except Exception:
            log.exception("tick failed", extra={"game": live.game_id})
        if live.timer is asyncio.current_task():
            following = live.journal.rules.next_deadline(live.journal.state)
            if live.version != before or following != deadline:
                self.arm(live)
            else:
                self.arm(live, retry_s=self.settings.tick_retry_s)

    def _start_robots(self, live: LiveGame) -> None:
        if live.robots and live.leader and live.robot_task is None and not self.draining:
            live.robot_task = asyncio.create_task(self.robot_runner.run(live))

    def _stop_tasks(self, live: LiveGame) -> None:
        for task in (live.timer, live.robot_task):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        live.timer = live.robot_task = None

    # --- snapshots ------------------------------------------------------------------------

    async def _snapshot(self, live: LiveGame, force: bool = False) -> None:
        due = live.version - live.snapshot_version >= self.settings.snapshot_every
        if not (due or (force and live.version > live.snapshot_version)):
            return
        snapshot = Snapshot(
            live.version, fingerprint(live.record.game), pickle.dumps(live.journal.state)
        )
        live.snapshot_version = live.version
        if force:
            await self._db(self.store.save_snapshot, live.game_id, snapshot)
        else:
            self._spawn(self._db(self.store.save_snapshot, live.game_id, snapshot))

    def limit(self, what: str, address: str | None) -> None:
        """Refuse (429) a ``join``, ``create`` or ``bank`` over its per-address limit."""
        self.addresses.check(what, address or "?", time.monotonic())

    def host_only(self, seat: Seat) -> None:
        if seat.role != HOST:
            raise forbidden("Only the host may do this.", reason="host")


def _unavailable() -> ApiError:
    """The refusal for a store call that found the database gone."""
    return ApiError("unavailable", "The database does not answer; send again shortly.", 503)


def _count(seats: list[SeatRecord]) -> tuple[dict[str, int], set[str]]:
    """People a role, and the roles a robot holds."""
    taken: dict[str, int] = {}
    for seat in seats:
        taken[seat.role] = taken.get(seat.role, 0) + 1
    return taken, {seat.role for seat in seats if seat.robot}


def _robot_fields(robot: Any, stored: bool, stand_in: bool) -> Json:
    """What the lobby shows of a seat's robot: its kind, level, accuracy; a stand-in or not."""
    if robot is None or not (stored or stand_in):
        return {}
    return {"robot_choice": robot.choice.as_json(), "stand_in": stand_in}


def _plausible(game_id: str) -> bool:
    return 0 < len(game_id) <= 40 and game_id.isascii() and game_id.isalnum()


def _prepare(command: Json, role: str, seat_id: str) -> Json:
    """The command as the core gets it: ``by`` is the seat's role, whatever was sent;
    its ``id`` scoped to the seat (see :mod:`boardroom.server.command_ids`).

    >>> _prepare({"type": "pass", "firm": 2, "by": "p9", "at": 5}, "p1", "s1")
    {'type': 'pass', 'firm': 2, 'by': 'p1'}
    >>> _prepare({"type": "tick", "id": "server:tick:3:9.0"}, "p1", "s1")["id"]
    'seat:s1:server:tick:3:9.0'
    >>> _prepare({"type": "pass", "id": 7}, "p1", "s1")
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
