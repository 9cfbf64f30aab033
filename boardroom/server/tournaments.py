"""Class events at work: each round's boards opened as Russian draughts games, each board's
result carried back into its event — all through the games' one command path.

The event (a ``tournament`` game, :mod:`boardroom.games.tournament`) is the durable record;
this room only makes what it asks for happen and is idempotent: :meth:`Tournaments.settle`
looks at an event's view and does what is missing (the round's boards not opened yet, a
board ended whose result the event lacks, a board the teacher settled still playing). It
runs after every change of an event and at the end of each of its boards, and for every
event when the server starts, so a restart between two of these steps loses nothing.

A pupil's seat on a board is opened by the same secret as their seat in the event (the
board's seat record keeps the event seat's secret hash): the phone holds one secret.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Final

from boardroom.kernel import Json
from boardroom.server.actor import GameActor
from boardroom.server.errors import ApiError
from boardroom.server.games import Games
from boardroom.server.live import LiveGame
from boardroom.server.robot_roster import RobotRoster
from boardroom.server.runtime import HOST, Runtime
from boardroom.server.tokens import new_seat_id
from boardroom.store import SeatRecord

log = logging.getLogger("boardroom.tournaments")
EVENT: Final = "tournament"
BOARD: Final = "russian"
ROBOT: Final = "robot"
SERVER: Final = "server"
RESULT: Final = {"white": 2, "black": 0, None: 1}
"""White's half-points by the board game's winner (None: a draw)."""


class Tournaments:
    """Every class event of this process and the board games it opened."""

    def __init__(
        self, runtime: Runtime, games: Games, actor: GameActor, robots: RobotRoster
    ) -> None:
        self.runtime = runtime
        self.games = games
        self.actor = actor
        self.robots = robots
        self.boards: dict[str, tuple[str, int, int]] = {}
        """A board game's id → its event's id, round and board."""
        self.locks: dict[str, asyncio.Lock] = {}
        self.done: set[str] = set()
        """Board games ended whose result the event holds: nothing more to do."""

    def changed(self, live: LiveGame) -> None:
        """The actor's hook after every change: settle the event concerned (in a task)."""
        if self.runtime.draining:
            return
        if live.record.game == EVENT:
            self.runtime.spawn(self.settle(live.game_id))
        elif live.game_id in self.boards and _phase(live) != "play":
            # a move on a board changes nothing for the event: only its end (or a board the
            # teacher settled, ended by the server) does
            self.runtime.spawn(self.settle(self.boards[live.game_id][0]))

    async def resume(self) -> None:
        """At start: settle every event held (what a restart interrupted is done now)."""
        for live in list(self.games.live.values()):
            if live.record.game == EVENT:
                await self.settle(live.game_id)

    async def settle(self, event_id: str) -> None:
        """Do what the event's record asks and has not got yet (one at a time per event)."""
        lock = self.locks.setdefault(event_id, asyncio.Lock())
        async with lock:
            try:
                await self._settle(await self.games.get(event_id))
            except Exception:
                log.exception("event not settled", extra={"game": event_id})

    async def _settle(self, event: LiveGame) -> None:
        if not event.leader:
            return  # only the process leading the event opens its boards (several processes)
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
        if view["phase"] == "playing" and not any(b["game_id"] for b in now["boards"]):
            await self._open(event, view, now)

    async def _open(self, event: LiveGame, view: Json, now: Json) -> None:
        """Make every board of the round, seat the pupils and the robot, start them, and
        name them in the event."""
        seats = {s.role: s for s in await self.runtime.db(self.runtime.store.seats, event.game_id)}
        made: dict[str, str] = {}
        for board in now["boards"]:
            made[str(board["board"])] = await self._board(event, view, board, seats)
        command = {"type": "boards", "by": SERVER, "round": now["round"], "games": made}
        await self._send(event, command | {"id": f"boards-{now['round']}"})

    async def _board(
        self, event: LiveGame, view: Json, board: Json, seats: dict[str, SeatRecord]
    ) -> str:
        settings = view["settings"]
        spec: Json = {"game": BOARD, "ruleset": _ruleset(settings)}
        for side in ("white", "black"):
            who = board[side]
            spec[side] = (
                {"robot": settings["robot"]} if who == ROBOT else {"name": board[f"{side}_name"]}
            )
        made = await self.games.create(spec)
        live = await self.games.get(made.record.game_id)
        for side in ("white", "black"):
            pupil = seats.get(board[side])
            if pupil is not None:
                await self.runtime.db(self.runtime.store.add_seat, _seat_for(live, side, pupil))
        robot = [side for side in ("white", "black") if board[side] == ROBOT]
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
            result = RESULT[live.journal.state.winner]
            command = {"type": "result", "by": SERVER, "round": number, "board": board["board"]}
            await self._send(
                event, command | {"result": result, "id": f"result-{number}-{board['board']}"}
            )
        elif phase == "play" and board["result"] is not None:
            await self._send(live, {"type": "end_game", "by": HOST, "id": "event-settled"})

    async def _send(self, live: LiveGame, command: Json) -> None:
        """A command of the server's own through the game's actor; a refusal (the teacher
        was first) is logged and changes nothing."""
        try:
            await self.actor.execute(live, command)
        except ApiError as exc:
            log.info("event step refused", extra={"game": live.game_id, "code": exc.code})


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
