"""Play again: a game goes on in a new one, with the same people in the same seats.

The host's "again" makes the new game (its host secret keyed by the old one), keeps in it
a seat for every person of the old game (same role, same name) that no secret opens yet,
carries the robots over, and points the old game at the new one (stored: a game goes on
in one game only; asked again, the same new game). Every socket of the old game is told
``{"type": "goes_on", "game", "next"}`` — the same words to every seat, no secret in them —
and a seat that connects later reads ``next`` in its ``welcome`` (and in ``GET …/me``).

Each device then follows with its own old secret (``POST /api/games/{old}/follow``): the
server opens the seat it kept for that old seat with the secret keyed by the old one
(:func:`~boardroom.server.tokens.carried_secret`) and answers it to that device only. The
server never knows a seat's secret beyond the request that shows it, and nothing it sends a
seat is made from another seat's secret.
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import logging

from boardroom.server.actor import GameActor
from boardroom.server.command_ids import server_id
from boardroom.server.errors import ApiError
from boardroom.server.fanout import Fanout
from boardroom.server.games import Games, NewGame
from boardroom.server.live import LiveGame, Seat
from boardroom.server.robot_roster import RobotRoster
from boardroom.server.runtime import HOST, PROJECTOR, Runtime
from boardroom.server.seats import Seats
from boardroom.server.tokens import carried_secret, hash_secret, new_seat_id
from boardroom.store import SeatRecord

log = logging.getLogger("boardroom.hub")
HELD = "carried:"
"""A kept seat's placeholder secret hash (``carried:<old seat id>``): no secret's SHA-256
reads so, so no secret opens it until its old seat's device follows."""


def not_gone_on() -> ApiError:
    return ApiError("not_gone_on", "This game has not gone on in a new one.", 404)


class GoesOn:
    """Play again, and every device following to the new game."""

    def __init__(
        self,
        runtime: Runtime,
        games: Games,
        seats: Seats,
        robots: RobotRoster,
        fanout: Fanout,
        actor: GameActor,
    ) -> None:
        self.runtime = runtime
        self.games = games
        self.seats = seats
        self.robots = robots
        self.fanout = fanout
        self.actor = actor
        self.making: dict[str, asyncio.Lock] = {}

    async def again(self, live: LiveGame, host_secret: str) -> NewGame:
        """The game ``live`` goes on in: made now, or the one made before."""
        lock = self.making.setdefault(live.game_id, asyncio.Lock())
        async with lock:
            secret = carried_secret(host_secret, live.game_id)
            next_game = await self.next_of(live)
            if next_game is not None:
                made = await self.games.get(next_game)
                return NewGame(made.record, secret)
            new = await self.games.create(
                copy.deepcopy(live.record.spec), lang=live.record.lang, secret=secret
            )
            await self._carry(live, await self.games.get(new.record.game_id))
            kept = await self._point(live, new.record.game_id)
            if kept != new.record.game_id:  # another process played it again first
                return NewGame((await self.games.get(kept)).record, secret)
            return new

    async def next_of(self, live: LiveGame) -> str | None:
        """The game ``live`` went on in, read again from the store while this process knows
        of none (another process may have played it again)."""
        if live.record.next_game is None:
            stored = await self.runtime.db(self.runtime.store.games.game, live.game_id)
            if stored is not None and stored.next_game is not None:
                live.record = dataclasses.replace(live.record, next_game=stored.next_game)
        return live.record.next_game

    async def _carry(self, old: LiveGame, new: LiveGame) -> None:
        """The old game's people kept in their seats, its robots, its class, its entries."""
        db, store = self.runtime.db, self.runtime.store
        shared = new.kind.shared_roles
        for seat in await self.seats.taken(old):
            if seat.robot:
                continue
            seat_id = new_seat_id()
            claim = seat_id if shared or seat.role == PROJECTOR else seat.role
            held = HELD + seat.seat_id
            await db(
                store.games.add_seat,
                SeatRecord(new.game_id, seat_id, seat.role, seat.name, held, claim),
            )
        robots = [r for r in await db(store.robots.robots, old.game_id) if not r.stand_in]
        if robots:
            roles = [r.role for r in robots]
            chosen = {
                r.role: {"kind": r.kind, "level": r.level, "accuracy": r.accuracy} for r in robots
            }
            await self.robots.add(new, roles, None, chosen, old.record.lang or "ru")
        names = await db(store.shelf.game_class, old.game_id)
        if names:
            await db(store.shelf.set_game_class, new.game_id, names)
        host_view = old.view(HOST, events_since=old.version)
        for n, command in enumerate(new.kind.carried(host_view)):
            try:
                await self.actor.execute(new, {**command, "id": server_id("again", n)})
            except ApiError:
                log.warning("a carried command was refused", extra={"game": new.game_id})

    async def _point(self, old: LiveGame, next_game: str) -> str:
        """Store the pointer, then tell every socket of the old game; the pointer kept."""
        kept = await self.runtime.db(self.runtime.store.games.set_next_game, old.game_id, next_game)
        old.record = dataclasses.replace(old.record, next_game=kept)
        self.fanout.goes_on(old)
        return kept

    async def follow(self, live: LiveGame, seat: Seat, secret: str) -> tuple[Seat, str]:
        """The seat in the game ``live`` went on in for the device that holds ``seat``'s
        ``secret`` there, and that seat's own secret (the same however often asked)."""
        next_game = await self.next_of(live)
        if next_game is None:
            raise not_gone_on()
        new = await self.games.get(next_game)
        own = carried_secret(secret, live.game_id)
        if seat.role == HOST:
            if hash_secret(own) != new.record.host_secret_hash:
                raise not_gone_on()
            return Seat(new.game_id, HOST, HOST, "Host"), own
        db, store = self.runtime.db, self.runtime.store
        found = await db(store.games.seat_by_secret, new.game_id, hash_secret(own))
        if found is None:
            held = HELD + seat.seat_id
            found = await db(store.games.take_carried_seat, new.game_id, held, hash_secret(own))
        if found is not None:
            return Seat(new.game_id, found.seat_id, found.role, found.name), own
        # Joined the old game after the new one was made: the same role, if it is free.
        return (await self.seats.join(new, seat.name, seat.role, own))[0], own
