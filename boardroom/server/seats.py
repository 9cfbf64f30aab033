"""Seats: who may sit where — join by code (a team's own code), secrets, roles, names.

A seat's secret is kept hashed; the host's is the game's own. With team codes a team is
joined by its own code only (the projector by the game's).
"""

from __future__ import annotations

import secrets

from boardroom.kernel import Json
from boardroom.server.errors import ApiError, forbidden, not_found, unauthorized
from boardroom.server.games import Games
from boardroom.server.live import LiveGame, Seat
from boardroom.server.runtime import HOST, PROJECTOR, Runtime
from boardroom.server.tokens import hash_secret, new_seat_id, new_secret, same_secret, team_code
from boardroom.store import SeatRecord


def unknown_seat(role: str) -> ApiError:
    """The refusal for a role the game does not have."""
    text = f"There is no seat {role!r} in this game."
    return ApiError("unknown_seat", text, 404, reason="role", role=repr(role))


class Seats:
    """The seats of every game: taken, opened by a secret, counted."""

    def __init__(self, runtime: Runtime, games: Games) -> None:
        self.runtime = runtime
        self.games = games
        self.cache: dict[tuple[str, str], Seat] = {}

    async def authenticate(self, game_id: str, secret: str | None) -> Seat:
        """The seat a secret opens in a game (401 for none)."""
        live = await self.games.get(game_id)
        if not secret or len(secret) > 200:
            raise unauthorized()
        if same_secret(secret, live.record.host_secret_hash):
            return Seat(game_id, HOST, HOST, "Host")
        key = (game_id, hash_secret(secret))
        seat = self.cache.get(key)
        if seat is None:
            db = self.runtime.db
            stored = await db(self.runtime.store.games.seat_by_secret, game_id, key[1])
            if stored is None or stored.robot:
                raise unauthorized()
            seat = Seat(game_id, stored.seat_id, stored.role, stored.name)
            self.cache[key] = seat
        return seat

    async def join(
        self, live: LiveGame, name: str, role: str | None, secret: str | None = None
    ) -> tuple[Seat, str]:
        """Give a person a seat (a free role, or the one asked for) and its secret (a new
        one, or ``secret``)."""
        roles = self.roles(live)
        if role is not None and role not in (*roles, PROJECTOR):
            raise unknown_seat(role)
        secret = secret or new_secret()
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
            if await self.runtime.db(self.runtime.store.games.add_seat, record):
                return Seat(live.game_id, seat_id, candidate, name), secret
        raise ApiError("seat_taken", "Every seat of this game is taken.", 409)

    async def join_target(self, code: str) -> tuple[LiveGame, str | None]:
        """The game a code opens, and the team if it is a team's own code."""
        game_code, dash, _ = code.strip().upper().partition("-")
        live = await self.games.by_code(game_code)
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

    def team_codes(self, live: LiveGame) -> dict[str, str]:
        """Each team's own join code (for the host), if the game has team codes."""
        if not live.kind.team_codes:
            return {}
        key = live.record.host_secret_hash
        return {role: team_code(key, live.record.code, role) for role in self.roles(live)}

    def roles(self, live: LiveGame) -> list[str]:
        """The game's seats by role (read from its host view)."""
        return live.kind.roles(live.view(HOST, events_since=live.version))

    async def taken(self, live: LiveGame) -> list[SeatRecord]:
        """Every seat taken in the game (people, robots, projectors), as stored."""
        return await self.runtime.db(self.runtime.store.games.seats, live.game_id)

    async def board(self, live: LiveGame) -> list[Json]:
        """Each role with how many people sit in it, whether a robot does, whether it is
        free for one more person (a shared role always is, unless a robot has it)."""
        taken, robots = count(await self.taken(live))
        shared = live.kind.shared_roles
        return [
            {"role": role, "people": taken.get(role, 0), "robot": role in robots}
            | {"free": role not in robots and (shared or not taken.get(role))}
            for role in self.roles(live)
        ]

    async def _free_roles(self, live: LiveGame) -> list[str]:
        taken, _ = count(await self.taken(live))
        roles = self.roles(live)
        if live.kind.shared_roles:
            return sorted(roles, key=lambda r: (taken.get(r, 0), roles.index(r)))
        return [r for r in roles if r not in taken]


def host_only(seat: Seat) -> None:
    """Refuse (403) anyone but the host."""
    if seat.role != HOST:
        raise forbidden("Only the host may do this.", reason="host")


def count(seats: list[SeatRecord]) -> tuple[dict[str, int], set[str]]:
    """People a role, and the roles a robot holds."""
    taken: dict[str, int] = {}
    for seat in seats:
        taken[seat.role] = taken.get(seat.role, 0) + 1
    return taken, {seat.role for seat in seats if seat.robot}
