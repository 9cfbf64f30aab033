"""The host's lobby: who sits where, connected or not, robots — sent anew on every change.

Presence (who is connected, over every process) is :mod:`.presence`; this module reads
it, with the seats and the robot table, into the host's lobby and pushes it to the
host's sockets when someone comes or goes, here or on another process.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from boardroom.kernel import Json
from boardroom.server.errors import ApiError
from boardroom.server.live import LiveGame, SlowClient
from boardroom.server.presence import Presence
from boardroom.server.robot_seats import RobotRunner
from boardroom.server.runtime import HOST, Runtime
from boardroom.server.seats import Seats
from boardroom.store import outage

log = logging.getLogger("boardroom.hub")


class Lobby:
    """Each game's lobby, for its host."""

    def __init__(
        self, runtime: Runtime, seats: Seats, presence: Presence, robots: RobotRunner
    ) -> None:
        self.runtime = runtime
        self.seats = seats
        self.presence = presence
        self.robots = robots
        self.pending: set[str] = set()
        """Games whose lobby is about to be sent anew (one send for a burst of changes)."""

    async def read(self, live: LiveGame) -> Json:
        """Who sits where, connected or not — for the host; ``robots``: what the host chooses
        for this kind's robots (``None``: no robot plays it)."""
        seats = await self.seats.taken(live)
        online = await self.presence.online(live)
        table = self.robots.table(live)
        return {
            "game": live.game_id,
            "code": live.record.code,
            "version": live.version,
            "roles": self.seats.roles(live),
            "shared": live.kind.shared_roles,
            "team_codes": self.seats.team_codes(live),
            "robots": None if table.kind is None else list(table.kind.choices),
            "seats": [
                {"seat": s.seat_id, "role": s.role, "name": s.name, "robot": s.robot}
                | {"connected": s.robot or online.get(s.seat_id, 0) > 0}
                | _robot_fields(table.robots.get(s.role), s.robot, s.role in table.stand_ins)
                for s in seats
            ],
        }

    async def notify(self, live: LiveGame) -> None:
        """The host's sockets get the lobby anew (a database away: not this time)."""
        hosts = [c for c in live.clients if c.seat.role == HOST]
        if not hosts:
            return
        try:
            lobby = {"type": "lobby", **await self.read(live)}
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

    async def presence_changed(self, live: LiveGame, seat_id: str) -> None:
        """Tell the other processes (the lobby is whole wherever the host is); a database
        that does not answer now is caught up by the next heartbeat."""
        try:
            await self.presence.changed(live, seat_id)
        except Exception as exc:
            log.warning("presence not noted: %s", exc, extra={"game": live.game_id})

    def elsewhere(self, live: LiveGame) -> None:
        """Someone came or went on another process: the host's lobby here, sent anew once."""
        if live.game_id in self.pending:
            return
        if not any(c.seat.role == HOST for c in live.clients):
            return
        self.pending.add(live.game_id)
        self.runtime.spawn(self._send(live))

    async def _send(self, live: LiveGame) -> None:
        try:
            self.pending.discard(live.game_id)
            await self.notify(live)
        finally:
            self.pending.discard(live.game_id)


def _robot_fields(robot: Any, stored: bool, stand_in: bool) -> Json:
    """What the lobby shows of a seat's robot: its kind, level, accuracy; a stand-in or not."""
    if robot is None or not (stored or stand_in):
        return {}
    return {"robot_choice": robot.choice.as_json(), "stand_in": stand_in}
