"""Class events at work: each round's boards opened as Russian draughts games, each board's
result carried back into its event — all through the games' one command path, exactly once
whatever crashes (a process killed at any point) and however many processes serve the event.

The event (a ``tournament`` game, :mod:`boardroom.games.tournament`) is the durable record;
this room only makes what it asks for happen, and every step is idempotent:

- a board's game id is made from the event, the round and the board
  (:func:`board_game_id`), so opening a round twice (a restart in the middle of it, a new
  leader after a failover) finds the games made the first time: a pupil's seat is claimed
  by its side, the robot's seat is kept by role, ``start`` and ``boards`` have fixed
  command ids;
- any process that hears a board's game end carries its result back (the board's id names
  its event): a ``result`` with the fixed id ``result-<round>-<board>``, so the event's own
  log keeps it once, however many processes send it;
- an event is settled (:meth:`Tournaments.settle`: a board ended whose result the event
  lacks, a board the teacher settled still playing, and — by its leader only — the round's
  boards not opened yet) after every change of the event or end of one of its boards that
  a process hears of, when a process takes the event's lead (a start, a failover) and at
  each of its leader's lead rounds;
- the teacher's «end the round» first reads each board's game (:meth:`Tournaments.before`):
  a board that ended gets its real result, only boards still in play are drawn.

A pupil's seat on a board is opened by the same secret as their seat in the event (the
board's seat record keeps the event seat's secret hash): the phone holds one secret.
"""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path
from typing import Final

from boardroom.kernel import Json
from boardroom.server.actor import GameActor
from boardroom.server.errors import ApiError
from boardroom.server.games import Games
from boardroom.server.live import LiveGame
from boardroom.server.robot_roster import RobotRoster
from boardroom.server.runtime import HOST, Runtime
from boardroom.server.simul import SIDES, is_robot, side_spec, sit_in, teacher_seat
from boardroom.server.tokens import new_seat_id
from boardroom.store import SeatRecord

log = logging.getLogger("boardroom.tournaments")
EVENT: Final = "tournament"
BOARD: Final = "russian"
ROBOT: Final = "robot"
TEACHER: Final = "teacher"
SERVER: Final = "server"
RESULT: Final = {"white": 2, "black": 0, None: 1}
"""White's half-points by the board game's winner (None: a draw)."""
BOARD_ID: Final = re.compile(r"(?P<event>[0-9A-Za-z]+)r(?P<round>[0-9]+)n(?P<board>[0-9]+)")
HOLD_POLL_S: Final = 0.05

Place = tuple[str, int, int]
"""A board's event id, round and board."""


def board_game_id(event_id: str, number: int, board: int) -> str:
    """The game id of board ``board`` of round ``number``: the same in every process and
    after any restart; it names its event (not a secret: the event's view shows it).

    >>> board_game_id("g0a1f", 2, 3), board_place("g0a1fr2n3"), board_place("g0a1f")
    ('g0a1fr2n3', ('g0a1f', 2, 3), None)
    """
    return f"{event_id}r{number}n{board}"


def board_place(game_id: str) -> Place | None:
    """The event, round and board a board's game id names (None: not a board's id; an
    event's own id, ``g`` and hex digits, never is)."""
    found = BOARD_ID.fullmatch(game_id)
    if found is None:
        return None
    return found["event"], int(found["round"]), int(found["board"])


class Tournaments:
    """Every class event of this process and the board games it knows of."""

    def __init__(
        self, runtime: Runtime, games: Games, actor: GameActor, robots: RobotRoster
    ) -> None:
        self.runtime = runtime
        self.games = games
        self.actor = actor
        self.robots = robots
        self.boards: dict[str, Place] = {}
        """A board game's id → its event's id, round and board (also a board opened
        before the ids said so)."""
        self.locks: dict[str, asyncio.Lock] = {}
        self.done: set[str] = set()
        """Board games ended whose result the event holds: nothing more to do."""

    def changed(self, live: LiveGame) -> None:
        """The actor's hook after every change (here or folded in from another process):
        an event's change, or a board's end, settles the event (in a task)."""
        if self.runtime.draining:
            return
        if live.record.game == EVENT:
            self.runtime.spawn(self.settle(live.game_id))
        elif live.record.game == BOARD and _phase(live) == "ended":
            # a move on a board changes nothing for the event: only its end does
            place = self.boards.get(live.game_id) or board_place(live.game_id)
            if place is not None and live.game_id not in self.done:
                self.runtime.spawn(self.settle(place[0]))

    def led(self, live: LiveGame) -> None:
        """Leadership's hook, for each game this process leads when it takes the lead and
        at each lead round: an event in play is settled (what a crash or a dead process
        left undone is done now), unless a settling of it is under way."""
        if live.record.game != EVENT or self.runtime.draining:
            return
        lock = self.locks.get(live.game_id)
        if getattr(live.journal.state, "phase", None) == "playing" and not (lock and lock.locked()):
            self.runtime.spawn(self.settle(live.game_id))

    def resume(self) -> None:
        """At start: settle every event held (what a restart interrupted is done now), in
        tasks: the server takes commands meanwhile (each step is idempotent)."""
        for live in list(self.games.live.values()):
            if live.record.game == EVENT:
                self.runtime.spawn(self.settle(live.game_id))

    async def before(self, live: LiveGame, role: str, command: Json) -> None:
        """Before the teacher's ``end_round`` is decided: each board of the round whose game
        has ended (as stored: another process may lead it) gets its real result, so the
        teacher's draws go to the boards still in play only."""
        if live.record.game != EVENT or role != HOST or command.get("type") != "end_round":
            return
        view = live.view(HOST, events_since=live.version)
        if view["phase"] != "playing" or command.get("round") != view["current"]:
            return  # the core refuses it as it is
        number = view["current"]
        for board in view["rounds"][number - 1]["boards"]:
            if board["game_id"] and board["result"] is None:
                game = await self.games.get(board["game_id"])
                async with game.lock:
                    await self.actor.fold_in(game)
                if _phase(game) == "ended" and not _ended_for_teacher(game):
                    await self._carry(live, number, board["board"], game)

    async def settle(self, event_id: str) -> None:
        """Do what the event's record asks and has not got yet (one at a time per event)."""
        lock = self.locks.setdefault(event_id, asyncio.Lock())
        async with lock:
            try:
                await self._settle(await self.games.get(event_id))
            except Exception:
                log.exception("event not settled", extra={"game": event_id})

    async def _settle(self, event: LiveGame) -> None:
        view = event.view(HOST, events_since=event.version)
        if view["phase"] == "gathering" or not view["rounds"]:
            return
        for played in view["rounds"]:
            for board in played["boards"]:
                if board["game_id"]:
                    self.boards[board["game_id"]] = (event.game_id, played["round"], board["board"])
        for played in view["rounds"]:
            for board in played["boards"]:
                if board["game_id"] and board["game_id"] not in self.done:
                    await self._follow(event, played["round"], board)
        now = view["rounds"][-1]
        opened = any(b["game_id"] for b in now["boards"])
        if event.leader and view["phase"] == "playing" and not opened:
            # only the event's leader opens a round (another would find the same games)
            await self._open(event, view, now)

    async def _open(self, event: LiveGame, view: Json, now: Json) -> None:
        """Make every board of the round (or find it made), seat the pupils and the robot,
        start them, and name them in the event."""
        seats = {
            s.role: s for s in await self.runtime.db(self.runtime.store.games.seats, event.game_id)
        }
        made: dict[str, str] = {}
        for board in now["boards"]:
            made[str(board["board"])] = await self._board(event, view, now["round"], board, seats)
        command = {"type": "boards", "by": SERVER, "round": now["round"], "games": made}
        await self._send(event, command | {"id": f"boards-{now['round']}"})

    async def _board(
        self, event: LiveGame, view: Json, number: int, board: Json, seats: dict[str, SeatRecord]
    ) -> str:
        lang = event.record.lang
        spec: Json = {"game": BOARD, "ruleset": _ruleset(view["settings"])}
        for side in SIDES:
            spec[side] = side_spec(board, side, view, lang)
        game_id = board_game_id(event.game_id, number, board["board"])
        live = await self.games.ensure(game_id, spec)
        self.boards[game_id] = (event.game_id, number, board["board"])
        await self._hold(f"open-{number}-{board['board']}")
        for side in ("white", "black"):
            pupil = seats.get(board[side])
            if pupil is not None:  # claimed by its side: a second time stores nothing
                await self.runtime.db(
                    self.runtime.store.games.add_seat, _seat_for(live, side, pupil)
                )
            elif board[side] == TEACHER:  # a simul: the event's host secret opens it
                seat = teacher_seat(live, side, event.record.host_secret_hash, lang)
                await self.runtime.db(self.runtime.store.games.add_seat, seat)
        robot = [s for s in SIDES if is_robot(board[s], view) and s not in live.robots]
        if robot:
            await self.robots.add(live, robot)
        await self._send(live, {"type": "start", "by": HOST, "id": "event-start"})
        return live.game_id

    async def _follow(self, event: LiveGame, number: int, board: Json) -> None:
        """A board game ended → its result into the event; a board the teacher settled
        → its game ended."""
        live = await self.games.get(board["game_id"])
        phase = _phase(live)
        if phase == "ended" and board["result"] is not None:
            self.done.add(live.game_id)
        elif phase == "ended" and _ended_for_teacher(live):
            pass  # the teacher's result (since undone) ended it: the teacher sets the next one
        elif phase == "ended":
            await self._hold(f"carry-{number}-{board['board']}")
            await self._carry(event, number, board["board"], live)
        elif phase == "play" and board["result"] is not None:
            await self._send(live, {"type": "end_game", "by": HOST, "id": "event-settled"})
        elif phase == "play" and board.get("sat_in"):  # a simul: the robot plays on for a pupil
            await sit_in(self.robots, live, board)

    async def _carry(self, event: LiveGame, number: int, board: int, live: LiveGame) -> None:
        """The ended board game's result into the event, under the one id of that board's
        result: sent by several processes, or again after a crash, it is kept once."""
        result = RESULT[live.journal.state.winner]
        command = {"type": "result", "by": SERVER, "round": number, "board": board}
        await self._send(event, command | {"result": result, "id": f"result-{number}-{board}"})

    async def _send(self, live: LiveGame, command: Json) -> None:
        """A command of the server's own through the game's actor; a refusal (the teacher
        was first) is logged and changes nothing."""
        try:
            await self.actor.execute(live, command)
        except ApiError as exc:
            log.info("event step refused", extra={"game": live.game_id, "code": exc.code})

    async def _hold(self, step: str) -> None:
        """Tests only (``event_hold``): wait at ``step`` while its hold file is there."""
        folder = self.runtime.settings.event_hold
        if not folder or not (Path(folder) / f"{step}.hold").exists():
            return
        log.warning("held at %s", step)
        (Path(folder) / f"{step}.reached").touch()
        while (Path(folder) / f"{step}.hold").exists():
            await asyncio.sleep(HOLD_POLL_S)


def _ruleset(settings: Json) -> Json:
    """A board's rules from the event's settings: its clock, and takebacks if chosen."""
    return {"minutes": settings["minutes"], "takebacks": bool(settings.get("takebacks"))}


def _ended_for_teacher(live: LiveGame) -> bool:
    """The board's game was ended by the server for a result the teacher set: it has no result
    of its own to carry back (after the teacher's undo the board waits for the teacher's)."""
    reason: str | None = live.journal.state.end_reason
    return reason == "host"


def _phase(live: LiveGame) -> str:
    """A board game's phase (``setup``, ``play``, ``ended``), read without making a view."""
    phase: str = live.journal.state.phase
    return phase


def _seat_for(live: LiveGame, side: str, pupil: SeatRecord) -> SeatRecord:
    """The pupil's seat on a board: opened by the secret of their event seat."""
    seat_id = new_seat_id()
    return SeatRecord(
        game_id=live.game_id,
        seat_id=seat_id,
        role=side,
        name=pupil.name,
        secret_hash=pupil.secret_hash,
        claim=side,
    )
