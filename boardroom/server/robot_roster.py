"""Which seats robots play: the host's robots and stand-ins, stored, followed, started, handed back,
and a robot's seat handed over to a person.

The robots themselves (when they act, what they send, through the game's actor like a
person's seat) are :mod:`.robot_seats`; this module keeps who plays what, in the store
and in each game's table, and starts a game's robots where the game is led.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from boardroom.bots.live import RobotChoice
from boardroom.kernel import Json
from boardroom.server.actor import GameActor
from boardroom.server.command_ids import server_id
from boardroom.server.errors import ApiError
from boardroom.server.live import LiveGame, Seat
from boardroom.server.lobby import Lobby
from boardroom.server.robot_seats import (
    RobotRunner,
    choice_name,
    choices_for,
    robot_record,
    wanted_robots,
)
from boardroom.server.robots import robots_for
from boardroom.server.runtime import HOST, Runtime
from boardroom.server.seats import Seats, unknown_seat
from boardroom.server.tokens import hash_secret, new_seat_id, new_secret
from boardroom.store import SeatRecord

log = logging.getLogger("boardroom.hub")


class RobotRoster:
    """The robot seats of every game, and their robots' tasks."""

    def __init__(
        self, runtime: Runtime, actor: GameActor, seats: Seats, lobby: Lobby, runner: RobotRunner
    ) -> None:
        self.runtime = runtime
        self.actor = actor
        self.seats = seats
        self.lobby = lobby
        self.runner = runner

    async def add(
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
        seats = await self.seats.taken(live)
        known = self.seats.roles(live)
        wanted = (
            roles
            if roles is not None
            else [r for r in known if not any(s.role == r for s in seats)]
        )
        for role in wanted:
            if role not in known:
                raise unknown_seat(role)
        choices = choices_for(wanted, choice or {}, per_role or {})
        online = await self.lobby.presence.online(live)
        table = self.runner.table(live)
        db, store = self.runtime.db, self.runtime.store
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
                if not await db(store.games.add_seat, record):
                    continue
                stand_in = False
            await db(
                store.robots.set_robot, robot_record(live.game_id, role, choices[role], stand_in)
            )
            table.seat(role, choices[role], stand_in=stand_in)
            if not stand_in:
                await self._name_robot(live, role, choices[role], table.seed, lang)
            seated.append(role)
        live.robots.update(seated)
        self.start(live)
        await self.lobby.notify(live)
        return seated

    async def _name_robot(
        self, live: LiveGame, role: str, choice: RobotChoice, seed: int, lang: str
    ) -> None:
        """Give a new robot's player a name people read (in ``lang``), as the host would
        (a command through the game's actor)."""
        kind = robots_for(live.record.game)
        if kind is None or kind.naming is None:
            return
        view = live.view(HOST, events_since=live.version)
        command = kind.naming(view, role, choice, seed, lang)
        if command is None:
            return
        named = {**command, "by": HOST, "id": server_id("robot-name", role, live.version)}
        with contextlib.suppress(ApiError):  # a refused name leaves the setup's
            await self.actor.execute(live, named)

    async def follow(self, live: LiveGame) -> None:
        """The game's robots as stored: the robot seats with the host's last choice for
        each, and the stand-ins (a restart, another process's change, or the person's
        return through another process: the robot leaves). Robots run where the game
        is led only; every process keeps the table, for its lobby."""
        db, store = self.runtime.db, self.runtime.store
        seats = await db(store.games.seats, live.game_id)
        stored = await db(store.robots.robots, live.game_id)
        live.robots = self.runner.table(live).follow(wanted_robots(seats, stored))
        live.changed.set()
        self.start(live)

    async def changed(self, live: LiveGame) -> None:
        """The game's robot seats changed on some process: followed, the lobby sent anew."""
        async with live.lock:
            await self.follow(live)
        await self.lobby.notify(live)

    def start(self, live: LiveGame) -> None:
        """The game's robots at work, if it has any and this process leads it."""
        if live.robots and live.leader and live.robot_task is None and not self.runtime.draining:
            live.robot_task = asyncio.create_task(self.runner.run(live))

    async def hand_back(self, live: LiveGame, role: str) -> None:
        """A person of ``role`` connected: a stand-in playing their seat leaves it, here
        and in the store (the leading process, if another, hears of it and stops it)."""
        table = self.runner.table(live)
        if role not in table.stand_ins and not self.runtime.bus.shared:
            return
        try:
            ended = await self.runtime.db(
                self.runtime.store.robots.end_stand_in, live.game_id, role
            )
        except ApiError as exc:
            log.warning("stand-in not ended: %s", exc.code, extra={"game": live.game_id})
            return
        async with live.lock:  # after any robot command in flight, before the next
            if table.hand_back(role) or ended:
                live.robots.discard(role)
                live.changed.set()

    async def hand_over(self, live: LiveGame, role: str, name: str) -> tuple[Seat, str]:
        """A late person takes a robot's seat (the host's one step): the seat becomes
        theirs, with everything it holds (the game state is the role's, untouched), and
        its robot sends nothing more — returns the person's seat and its secret.

        Only a robot's own seat is handed (``no_robot.seat`` otherwise: a person's seat,
        a stand-in keeping a person's seat warm, or a free one)."""
        if role not in self.seats.roles(live):
            raise unknown_seat(role)
        table = self.runner.table(live)
        if role not in table.robots or role in table.stand_ins:
            raise no_robot_seat(role)
        secret, seat_id = new_secret(), new_seat_id()
        claim = seat_id if live.kind.shared_roles else role
        record = SeatRecord(live.game_id, seat_id, role, name, hash_secret(secret), claim)
        if not await self.runtime.db(self.runtime.store.robots.hand_robot_seat, record):
            raise no_robot_seat(role)
        async with live.lock:  # after any robot command in flight, before the next
            table.remove(role)
            live.robots.discard(role)
            live.changed.set()
        await self.lobby.notify(live)
        return Seat(live.game_id, seat_id, role, name), secret


def no_robot_seat(role: str) -> ApiError:
    """The refusal for handing over a seat no robot of its own plays."""
    text = "No robot plays this seat: only a robot's seat can be handed to a person."
    return ApiError("no_robot", text, 409, reason="seat", role=role)
