"""Across processes: who leads each game (locks), catch-up on others' events, failover.

One process leads a game (its timer and robots run there); every process serves its
sockets. Another process's events are folded in when its notice arrives (or on a
reconnected bus); a game whose leader died is taken over by the next lead round, loaded
or not; presence is renewed by a heartbeat, and the lobby sent anew when it changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from boardroom.server.actor import GameActor
from boardroom.server.clock import Clock
from boardroom.server.errors import ApiError
from boardroom.server.games import Games
from boardroom.server.live import LiveGame
from boardroom.server.lobby import Lobby
from boardroom.server.robot_roster import RobotRoster
from boardroom.server.runtime import Runtime
from boardroom.store import ROBOTS_NOTICE

log = logging.getLogger("boardroom.hub")


class Leadership:
    """This process's leads, and what it hears from the other processes."""

    def __init__(
        self,
        runtime: Runtime,
        games: Games,
        actor: GameActor,
        clock: Clock,
        roster: RobotRoster,
        lobby: Lobby,
    ) -> None:
        self.runtime = runtime
        self.games = games
        self.actor = actor
        self.clock = clock
        self.roster = roster
        self.lobby = lobby
        self.catching_up: set[str] = set()
        self.watchers: list[Callable[[LiveGame], None]] = []
        """Called for each game this process leads, when it takes the lead and at each lead
        round (a class event's leader settles what a crash left undone: ``tournaments``)."""

    async def take_lead(self, live: LiveGame) -> None:
        """Lead the game if its lead is free: its timer armed, its robots started here."""
        runtime = self.runtime
        if live.leader or runtime.draining:
            return
        try:
            live.leader = await runtime.bus.try_lead(live.game_id)
        except Exception as exc:
            log.warning("lead not taken: %s", exc, extra={"game": live.game_id})
            live.leader = False
        if live.leader:
            log.info("leading", extra={"game": live.game_id})
            self.clock.arm(live)
            if runtime.bus.shared:  # robot seats another process changed while we followed
                with contextlib.suppress(ApiError):
                    await self.roster.follow(live)
            self.roster.start(live)
            self._led(live)
        self._led_changed()

    def _led(self, live: LiveGame) -> None:
        for watch in self.watchers:
            watch(live)

    def _demote(self, live: LiveGame) -> None:
        """This process can no longer prove it leads the game: no timer, no robots here."""
        if not live.leader:
            return
        log.warning("no longer leading", extra={"game": live.game_id})
        live.leader = False
        self.runtime.stop_tasks(live)
        self._led_changed()

    def _led_changed(self) -> None:
        led = sum(1 for live in self.games.live.values() if live.leader)
        self.runtime.metrics.led.set(led)

    async def lead_loop(self) -> None:
        """Every ``lead_retry_s``: a round of :meth:`lead_round` (it never dies of a
        failure: the next round tries again)."""
        while True:
            await asyncio.sleep(self.runtime.settings.lead_retry_s)
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
        bus = self.runtime.bus
        led = [live for live in self.games.live.values() if live.leader]
        confirmed = await bus.confirm([live.game_id for live in led])
        for live in led:
            if live.game_id not in confirmed:
                self._demote(live)
            else:
                self._led(live)
        for live in list(self.games.live.values()):
            if not live.leader:
                await self.take_lead(live)
        if bus.shared and not self.runtime.draining:
            await self._sweep()

    async def _sweep(self) -> None:
        """Take the lead of every game with a deadline whose lead is free, loaded or not."""
        runtime = self.runtime
        for game_id in await runtime.db(runtime.store.processes.games_with_deadlines):
            if game_id in self.games.live or runtime.draining:
                continue
            if not await runtime.bus.try_lead(game_id):
                continue
            try:
                await self.games.get(game_id)
            except Exception:
                log.exception("game cannot be loaded", extra={"game": game_id})
                await runtime.bus.release(game_id)

    async def on_notice(self, game_id: str, version: int) -> None:
        """Another process stored the game's events up to ``version``: fold them in."""
        live = self.games.live.get(game_id)
        if live is None or version <= live.version or game_id in self.catching_up:
            return
        self.catching_up.add(game_id)
        self.runtime.spawn(self._catch_up(live))

    async def on_reconnect(self) -> None:
        """The bus was away: every game here catches up on what it missed."""
        for live in list(self.games.live.values()):
            self.runtime.spawn(self._catch_up(live))

    async def on_presence(self, game_id: str, instance: str) -> None:
        """Someone came or went on another process: the host's lobby here anew; the
        game's robot seats changed (on any process): its robots as stored, then the lobby."""
        live = self.games.live.get(game_id)
        if live is not None and instance == ROBOTS_NOTICE:
            self.runtime.spawn(self.roster.changed(live))
            return
        if live is None or instance == self.runtime.bus.instance:
            return
        self.lobby.elsewhere(live)

    async def _catch_up(self, live: LiveGame) -> None:
        try:
            async with live.lock:
                self.catching_up.discard(live.game_id)
                await self.actor.fold_in(live)
        finally:
            self.catching_up.discard(live.game_id)

    async def presence_loop(self) -> None:
        """Renew this process's presence every third of its lifetime; lobbies of games
        whose people were on a process that died are sent anew."""
        presence = self.lobby.presence
        while True:
            await asyncio.sleep(self.runtime.settings.presence_ttl_s / 3)
            try:
                expired = await presence.heartbeat(list(self.games.live.values()))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("presence not renewed: %s", exc)
                continue
            for game_id in expired:
                await self.on_presence(game_id, "")
