"""The hub: the server's rooms wired together, and the few doors the routes and sockets use.

Each concern has its own module (see docs/server.md for the map): :mod:`.runtime` (what
they share), :mod:`.games` (load, cache), :mod:`.actor` (the one command path),
:mod:`.fanout` (sockets, frames), :mod:`.seats` and :mod:`.lobby` (join, codes, roles,
names, who is here), :mod:`.robot_roster` and :mod:`.robot_seats` (robots),
:mod:`.clock` (timers), :mod:`.leadership` (several processes). The hub makes them, starts
and stops them, and answers the routes; it decides nothing itself.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time

from boardroom.kernel import Json
from boardroom.server.actor import Ack, GameActor
from boardroom.server.addresses import AddressLimits
from boardroom.server.bus import Bus
from boardroom.server.clock import Clock
from boardroom.server.coach import Coaching
from boardroom.server.config import Settings
from boardroom.server.drafts import Drafts
from boardroom.server.fanout import Fanout
from boardroom.server.games import Games, NewGame
from boardroom.server.goes_on import GoesOn
from boardroom.server.leadership import Leadership
from boardroom.server.live import Client, LiveGame, Seat
from boardroom.server.lobby import Lobby
from boardroom.server.presence import Presence
from boardroom.server.robot_roster import RobotRoster
from boardroom.server.robot_seats import RobotRunner
from boardroom.server.runtime import HOST, PROJECTOR, Runtime
from boardroom.server.seats import Seats
from boardroom.server.tournaments import Tournaments
from boardroom.store import Store

log = logging.getLogger("boardroom.hub")
__all__ = ["HOST", "PROJECTOR", "Ack", "Hub", "NewGame"]


class Hub:
    """All live games of this process, over one store and one bus."""

    def __init__(self, store: Store, settings: Settings, bus: Bus | None = None) -> None:
        runtime = self.runtime = Runtime(store, settings, bus)
        self.store, self.settings, self.bus = store, settings, runtime.bus
        self.metrics, self.flusher = runtime.metrics, runtime.flusher
        self.ready = False
        self.bank_slots = threading.BoundedSemaphore(settings.bank_workers)
        self.addresses = AddressLimits(
            {
                "join": (settings.join_rate_per_s, settings.join_burst),
                "create": (settings.create_rate_per_s, settings.create_burst),
                "bank": (settings.bank_rate_per_s, settings.bank_burst),
                "draft": (settings.draft_rate_per_s, settings.draft_burst),
                "handover": (settings.handover_rate_per_s, settings.handover_burst),
                "handover_code": (settings.handover_code_rate_per_s, settings.handover_code_burst),
            }
        )
        self.drafts = Drafts(store.uploads, store.handovers, settings)
        self.presence = Presence(
            store.processes, runtime.bus, settings.presence_ttl_s, settings.clock
        )
        self.fanout = Fanout(runtime)
        self.clock = Clock(runtime)
        self.actor = GameActor(runtime, self.fanout, self.clock)
        self.games = Games(runtime, self.actor, self.drafts)
        self.seats = Seats(runtime, self.games)
        runner = RobotRunner(runtime, self.actor)
        self.lobby = Lobby(runtime, self.seats, self.presence, runner)
        self.robots = RobotRoster(runtime, self.actor, self.seats, self.lobby, runner)
        self.leadership = Leadership(
            runtime, self.games, self.actor, self.clock, self.robots, self.lobby
        )
        self.games.prepare = self.robots.follow
        self.tournaments = Tournaments(runtime, self.games, self.actor, self.robots)
        self.actor.watchers.append(self.tournaments.changed)
        self.leadership.watchers.append(self.tournaments.led)
        self.games.adopt = self.leadership.take_lead
        self.goes_on = GoesOn(runtime, self.games, self.seats, self.robots, self.fanout, self.actor)
        self.coach = Coaching(runtime)
        self.actor.watchers.append(self.coach.watch)

    # --- lifecycle -----------------------------------------------------------------

    async def start(self) -> None:
        """Migrate, listen, load every stored game and re-arm its timers."""
        runtime, lead = self.runtime, self.leadership
        await runtime.db(self.store.migrate)
        await self.bus.start(lead.on_notice, lead.on_reconnect, lead.on_presence)
        for record in await runtime.db(self.store.games.games):
            try:
                await self.games.get(record.game_id)
            except Exception:
                log.exception("game cannot be loaded", extra={"game": record.game_id})
        self.tournaments.resume()
        runtime.spawn(lead.lead_loop())
        runtime.spawn(self.drafts.sweep_loop())
        if self.bus.shared:
            runtime.spawn(lead.presence_loop())
        self.ready = True

    async def close(self) -> None:
        """Stop taking commands, finish those in flight, snapshot, close every socket."""
        runtime = self.runtime
        runtime.draining = True
        self.ready = False
        for task in list(runtime.background):
            task.cancel()
        for live in list(self.games.live.values()):
            async with live.lock:
                runtime.stop_tasks(live)
                await self.actor.snapshot(live, force=True)
            for client in list(live.clients):
                client.closed = True
        with contextlib.suppress(Exception):
            await self.presence.close()
        await self.bus.close()
        self.robots.runner.close()
        self.coach.close()
        self.store.close()

    async def ping(self) -> None:
        """Does the database answer? (raises if not)"""
        await self.runtime.db(self.store.ping)

    # --- games and commands ----------------------------------------------------------

    async def get(self, game_id: str) -> LiveGame:
        """The game in memory, loaded on first use (:meth:`Games.get`)."""
        return await self.games.get(game_id)

    async def create_game(
        self,
        spec: Json,
        demo: bool = False,
        draft: str | None = None,
        lang: str | None = None,
        secret: str | None = None,
    ) -> NewGame:
        """A new game from a setup line, in language ``lang`` (:meth:`Games.create`)."""
        return await self.games.create(spec, demo, draft, lang, secret)

    async def open_demos(self) -> list[NewGame]:
        """One ready demo game of each kind (:meth:`Games.open_demos`)."""
        return await self.games.open_demos()

    async def stored_events(self, live: LiveGame) -> list[tuple[int, float, Json]]:
        """The game's events as stored, up to its version: (version, at, event)."""
        return await self.games.stored_events(live)

    async def submit(self, seat: Seat, command: Json, version: int | None = None) -> Ack:
        """A seat's command, through its game's actor (:meth:`GameActor.submit`)."""
        live = await self.games.get(seat.game_id)
        await self.tournaments.before(live, seat.role, command)
        return await self.actor.submit(live, seat, command, version)

    async def execute(
        self, live: LiveGame, command: Json, version: int | None = None, at: float | None = None
    ) -> Ack:
        """A command as the core gets it, through the game's actor (the server's own)."""
        return await self.actor.execute(live, command, version, at)

    def game_time(self, live: LiveGame) -> float:
        """Seconds since the game was created, by the wall clock (survives restarts)."""
        return self.runtime.game_time(live)

    def limit(self, what: str, address: str | None) -> None:
        """Refuse (429) a ``join``, ``create``, ``bank``, ``draft`` or ``handover`` (a
        teacher's code typed; ``handover_code``: made) over its per-address limit."""
        self.addresses.check(what, address or "?", time.monotonic())

    # --- sockets ----------------------------------------------------------------------

    async def connect(self, live: LiveGame, client: Client, known: int | None) -> None:
        """A new connection gets its seat, the whole current view; a stand-in in its seat
        leaves; the host a lobby update."""
        await self.fanout.attach(live, client, known)
        await self.robots.hand_back(live, client.seat.role)
        await self.lobby.presence_changed(live, client.seat.seat_id)
        await self.lobby.notify(live)

    async def disconnect(self, live: LiveGame, client: Client) -> None:
        """A connection ended: no more frames to it; the host a lobby update."""
        self.fanout.detach(live, client)
        if not self.runtime.draining:
            await self.lobby.presence_changed(live, client.seat.seat_id)
            await self.lobby.notify(live)

    async def resync(self, client: Client) -> None:
        """A client that lost track of its events gets the whole current view."""
        live = await self.games.get(client.seat.game_id)
        self.fanout.resync(live, client)
