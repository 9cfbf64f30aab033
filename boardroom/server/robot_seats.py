"""The robots of live games: who plays which seat, when they act, thinking off the event loop.

Each game led by this process has one :class:`GameRobots` (its robot seats, the host's
choice of kind and level for each, the stand-ins for people who left) and one asyncio task
(:meth:`RobotRunner.run`) that:

1. asks every robot, with its own seat's view only and the game time, when it acts next
   (:mod:`boardroom.bots.live`: moments drawn as in the lab, scaled by ``time_scale``,
   none while paused, a move never before the move clock's minimum);
2. sleeps until the earliest of those moments or until the game changes;
3. lets the due robot think in a worker thread (board search and market decisions under a
   node budget), so people's commands are not held up behind it;
4. checks each command again against the current state (:func:`still_valid`: the game
   may have moved on while the robot thought, and a wake's later commands, sent one by one,
   were decided on an older view), and drops it if it would now be refused (the robot
   thinks again at its next moment); the rest are sent through the game's actor (the one
   command path a person's seat takes too, :mod:`boardroom.server.actor`), under the
   game's lock, only while the robot still plays the seat.

Robots' commands that are refused anyway are counted (``boardroom_robot_commands_total{
result="refused"}``; zero is the target). A kind's robots are made as its registration says
(:mod:`boardroom.server.robots`): a quiz robot team gets the server's question bank to
know the right answer; no view carries it.

>>> choice_name(RobotChoice("raider", "strong", 0.6))
'Robot · raider · strong · 60%'
>>> choice_from_name("Robot · raider · strong · 60%")
RobotChoice(kind='raider', level='strong')
>>> choice_from_name("Robot p3")
RobotChoice(kind='mixed', level='club')
>>> robot_command_id("p3", 17)
'robot:p3:17'
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Hashable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from boardroom.bots.live import RobotChoice, RobotChoiceError, robot_choice
from boardroom.bots.live_kinds import KindRobots, LiveRobot
from boardroom.kernel import Json, Refused, Rules
from boardroom.server.actor import GameActor
from boardroom.server.command_ids import robot_id
from boardroom.server.errors import ApiError
from boardroom.server.live import LiveGame
from boardroom.server.robots import robots_for
from boardroom.server.runtime import Runtime
from boardroom.store import RobotRecord, SeatRecord

log = logging.getLogger("boardroom.robots")
MIN_WAIT_S: Final = 0.01
RESEND: Final = 3


def robot_command_id(role: str, version: int) -> str:
    """The id of a robot's command: the robot and the version it was sent on, in the
    namespace no client can write (:mod:`boardroom.server.command_ids`)."""
    return robot_id(role, version)


def choice_name(choice: RobotChoice) -> str:
    """A robot seat's stored name, which records the host's choice (kept across restarts)."""
    return f"Robot · {choice.kind} · {choice.level} · {round(choice.accuracy * 100)}%"


def choice_from_name(name: str) -> RobotChoice:
    """The choice a robot seat's name records (the defaults for an older robot seat)."""
    parts = [p.strip() for p in name.split("·")]
    if len(parts) != 4 or parts[0] != "Robot" or not parts[3].endswith("%"):
        return RobotChoice()
    try:
        accuracy = int(parts[3][:-1]) / 100
        return robot_choice({"kind": parts[1], "level": parts[2], "accuracy": accuracy})
    except (ValueError, RobotChoiceError):
        return RobotChoice()


def robot_record(game_id: str, role: str, choice: RobotChoice, stand_in: bool) -> RobotRecord:
    """What the store keeps of a robot seat's choice (or of a stand-in's)."""
    return RobotRecord(game_id, role, choice.kind, choice.level, choice.accuracy, stand_in)


def wanted_robots(
    seats: Iterable[SeatRecord], stored: Iterable[RobotRecord]
) -> dict[str, tuple[RobotChoice, bool]]:
    """Who plays which role as the store says: each robot seat with its stored choice (the
    one its name records when a game from before robot choices were stored has none), and
    each stand-in (role → the choice, a stand-in or not).

    >>> seats = [SeatRecord("g", "s1", "p2", "Robot · raider · strong · 60%", "", "p2", True),
    ...          SeatRecord("g", "s2", "p3", "Robot · mixed · club · 60%", "", "p3", True)]
    >>> stored = [RobotRecord("g", "p3", "noise", "beginner", 0.6),
    ...           RobotRecord("g", "p4", "value", "club", 0.6, stand_in=True)]
    >>> wanted_robots(seats, stored)  # doctest: +NORMALIZE_WHITESPACE
    {'p2': (RobotChoice(kind='raider', level='strong'), False),
     'p3': (RobotChoice(kind='noise', level='beginner'), False),
     'p4': (RobotChoice(kind='value', level='club'), True)}
    """
    rows = {row.role: row for row in stored}
    wanted: dict[str, tuple[RobotChoice, bool]] = {}
    for seat in seats:
        if seat.robot and seat.role not in wanted:
            row = rows.get(seat.role)
            wanted[seat.role] = (
                choice_from_name(seat.name) if row is None else _stored_choice(row),
                False,
            )
    for row in rows.values():
        if row.stand_in and row.role not in wanted:
            wanted[row.role] = (_stored_choice(row), True)
    return wanted


def _stored_choice(row: RobotRecord) -> RobotChoice:
    try:
        return robot_choice({"kind": row.kind, "level": row.level, "accuracy": row.accuracy})
    except RobotChoiceError:
        return RobotChoice()


def choices_for(
    roles: Iterable[str], default: Json, per_role: dict[str, Json]
) -> dict[str, RobotChoice]:
    """Each role's choice: its own entry over the request's default (a 400 when unknown).

    >>> choices_for(["p1", "p2"], {"kind": "noise"}, {"p2": {"level": "strong"}})["p2"]
    RobotChoice(kind='noise', level='strong')
    """
    out: dict[str, RobotChoice] = {}
    for role in roles:
        try:
            out[role] = robot_choice({**default, **per_role.get(role, {})})
        except RobotChoiceError as exc:
            raise ApiError("bad_robot", f"{str(exc)[0].upper()}{str(exc)[1:]}.", 400) from None
    return out


def still_valid(rules: Rules[Any], state: Any, command: Json, now: float) -> bool:
    """Would the core take ``command`` now? (A dry run: ``decide`` changes nothing.)"""
    try:
        rules.decide(state, command, now)
    except Refused:
        return False
    except Exception:
        return False
    return True


@dataclass
class GameRobots:
    """One game's robots: a robot per robot seat (by role) and the stand-ins for people away."""

    kind: KindRobots | None
    """The game kind's robots (None: no robot plays this kind)."""
    seed: int
    state: Any = None
    """The game's state when the table was made (what a kind's robots may be handed)."""
    robots: dict[str, LiveRobot] = field(default_factory=dict)
    stand_ins: set[str] = field(default_factory=set)
    planned: dict[str, float | None] = field(default_factory=dict)
    """Each robot's next moment, as it said at the last plan (at ``epoch``)."""
    epoch: Hashable = None

    def seat(self, role: str, choice: RobotChoice, *, stand_in: bool = False) -> None:
        """A robot plays ``role`` from now on (a stand-in keeps a person's seat warm)."""
        if stand_in:
            self.stand_ins.add(role)
        else:
            self.stand_ins.discard(role)
        if role in self.robots and self.robots[role].choice == choice:
            return
        if self.kind is None:
            raise ApiError("no_robot", "No robot plays this game yet.", 409)
        self.planned.pop(role, None)
        self.robots[role] = self.kind.robot(role, choice, self.seed, self.state)

    def hand_back(self, role: str) -> bool:
        """The person is back: the stand-in leaves their seat. True if there was one."""
        if role not in self.stand_ins:
            return False
        self.remove(role)
        return True

    def remove(self, role: str) -> None:
        """No robot plays ``role`` any more."""
        self.stand_ins.discard(role)
        self.robots.pop(role, None)
        self.planned.pop(role, None)

    def follow(self, wanted: dict[str, tuple[RobotChoice, bool]]) -> set[str]:
        """The table as ``wanted`` says (role → its choice, a stand-in or not): robots made,
        changed or removed. The roles robots play now.

        >>> from boardroom.server.robots import robots_for
        >>> table = GameRobots(robots_for("exchange"), seed=1)
        >>> sorted(table.follow({"p2": (RobotChoice("noise"), False), "p3": (RobotChoice(), True)}))
        ['p2', 'p3']
        >>> table.follow({"p2": (RobotChoice("raider"), False)}), table.stand_ins
        ({'p2'}, set())
        >>> table.robots["p2"].choice
        RobotChoice(kind='raider', level='club')
        """
        for role in [r for r in self.robots if r not in wanted]:
            self.remove(role)
        for role, (choice, stand_in) in wanted.items():
            self.seat(role, choice, stand_in=stand_in)
        return set(self.robots)

    def act(self, role: str, seen: Json, now: float) -> list[Json]:
        """What ``role``'s robot sends now (it then draws its next moment, asked anew);
        nothing if no robot plays it any more (its person came back meanwhile)."""
        self.planned.pop(role, None)
        robot = self.robots.get(role)
        return [] if robot is None else robot.act(seen, now)

    def plan(
        self, view: Callable[[str], Json], now: float, epoch: Hashable = None
    ) -> tuple[list[str], float | None]:
        """The roles due to act at ``now`` and the next moment any other robot acts.

        While ``epoch`` (what the robots' moments depend on: the phase, the call, the
        position…) stays the same, a robot's moment is the one it gave last time, so no
        view is made for it until it is due; ``None`` asks every robot every time.
        """
        same = epoch is not None and epoch == self.epoch
        self.epoch = epoch
        due: list[str] = []
        following: float | None = None
        for role in sorted(self.robots):
            if same and role in self.planned:
                at = self.planned[role]
            else:
                at = self.planned[role] = self.robots[role].next_at(view(role), now)
            if at is None:
                continue
            if at <= now:
                due.append(role)
            elif following is None or at < following:
                following = at
        return due, following


class RobotRunner:
    """Runs the robots of every game this process leads (one task a game, one worker)."""

    def __init__(self, runtime: Runtime, actor: GameActor) -> None:
        self.runtime = runtime
        self.actor = actor
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="robots")
        self.games: dict[str, GameRobots] = {}

    def table(self, live: LiveGame) -> GameRobots:
        """The game's robots (made on first use)."""
        table = self.games.get(live.game_id)
        if table is None:
            seed = int(live.record.spec.get("seed") or 0)
            table = GameRobots(robots_for(live.record.game), seed, live.journal.state)
            self.games[live.game_id] = table
        return table

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    async def run(self, live: LiveGame) -> None:
        """Until cancelled: wake the due robots, let them think, send what they decided."""
        table = self.table(live)
        loop = asyncio.get_running_loop()
        while True:
            now = self.runtime.game_time(live)
            due, following = table.plan(
                lambda role: self._view(live, role),
                now,
                None if table.kind is None else table.kind.epoch(live.journal.state),
            )
            for role in due:
                if role not in table.robots:
                    continue
                robot, version = table.robots[role], live.version
                seen = self._view(live, role) if robot.needs_view() else {}
                try:
                    commands = await loop.run_in_executor(self.pool, table.act, role, seen, now)
                except Exception:
                    log.exception("a robot failed", extra={"game": live.game_id, "role": role})
                    commands = []
                for command in commands:
                    if role not in table.robots:
                        break  # handed back while it thought: the person plays it now
                    await self.send(live, role, command, version)
            if due:
                continue
            longest = self.runtime.settings.robot_poll_s  # a clock that jumped is noticed
            wait = longest if following is None else following - self.runtime.game_time(live)
            live.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.changed.wait(), min(longest, max(MIN_WAIT_S, wait)))

    def _view(self, live: LiveGame, role: str) -> Json:
        """The robot's own seat's view; without the event history unless its kind's robots
        read it."""
        kind = self.table(live).kind
        since = 0 if kind is not None and kind.history else live.version
        return live.view(role, events_since=since)

    async def send(self, live: LiveGame, role: str, command: Json, seen: int) -> bool:
        """Send one robot command decided on a view of version ``seen`` or earlier (the
        rest of a wake's commands): checked again against the current state first."""
        metrics = self.runtime.metrics
        for _ in range(RESEND):
            version = live.version
            prepared = {**command, "by": role, "id": robot_command_id(role, version)}
            if not still_valid(
                live.journal.rules, live.journal.state, prepared, self.runtime.game_time(live)
            ):
                metrics.robot_commands.labels(live.record.game, "dropped").inc()
                return False
            try:
                async with live.lock:
                    if role not in self.table(live).robots:
                        return False  # handed back while it waited: the person plays it
                    await self.actor.execute_locked(live, prepared, version)
            except ApiError as exc:
                if exc.code == "stale_version":
                    continue  # the game moved on while we waited for the lock: check again
                metrics.robot_commands.labels(live.record.game, "refused").inc()
                log.warning(
                    "robot command refused",
                    extra={"game": live.game_id, "role": role, "code": exc.code},
                )
                return False
            metrics.robot_commands.labels(live.record.game, "ok").inc()
            return True
        metrics.robot_commands.labels(live.record.game, "dropped").inc()
        return False
