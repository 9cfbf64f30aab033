"""Each game's timer: its next deadline armed, and a ``tick`` delivered to its actor then.

Only the process leading a game arms its timer. Whatever a tick's fate, the timer is
armed again from the state after it; with several processes each game's next deadline
is noted in the store, so a process that takes over a game finds it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from boardroom.kernel import Json
from boardroom.server.command_ids import server_id
from boardroom.server.errors import ApiError
from boardroom.server.live import LiveGame
from boardroom.server.runtime import Runtime

log = logging.getLogger("boardroom.hub")
Deliver = Callable[[LiveGame, Json, float], Awaitable[Any]]
"""How a tick reaches the game: its actor's one command path (game, tick, at)."""


class Clock:
    """The timers of the games this process leads."""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self.deliver: Deliver | None = None
        """The game's actor (set when the actor is made: it arms this clock)."""

    def arm(self, live: LiveGame, retry_s: float = 0.0) -> None:
        """(Re)start the game's timer for its next deadline (not sooner than ``retry_s``
        from now), if this process leads it."""
        self._note_deadline(live)
        current = asyncio.current_task()
        if live.timer is not None and live.timer is not current:
            live.timer.cancel()
        live.timer = None
        if not live.leader or self.runtime.draining:
            return
        deadline = live.journal.rules.next_deadline(live.journal.state)
        if deadline is None:
            return
        delay = live.record.created_at + deadline - self.runtime.settings.clock()
        live.timer = asyncio.create_task(self._fire(live, deadline, max(retry_s, delay)))

    def _note_deadline(self, live: LiveGame) -> None:
        """With several processes, the game's next deadline goes to the store, so the
        sweep finds the games that need a timer (only when it changed)."""
        runtime = self.runtime
        if not runtime.bus.shared:
            return
        due = live.journal.rules.next_deadline(live.journal.state)
        deadline = None if due is None else live.record.created_at + due
        if live.noted_deadline == (deadline,):
            return
        live.noted_deadline = (deadline,)
        store = runtime.store
        runtime.spawn(
            runtime.db(store.processes.set_deadline, live.game_id, live.version, deadline)
        )

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
            assert self.deliver is not None, "a clock without an actor"
            await self.deliver(live, tick, deadline)
        except ApiError as exc:
            log.warning("tick refused", extra={"game": live.game_id, "code": exc.code})
        except Exception:
            log.exception("tick failed", extra={"game": live.game_id})
        if live.timer is asyncio.current_task():
            following = live.journal.rules.next_deadline(live.journal.state)
            if live.version != before or following != deadline:
                self.arm(live)
            else:
                self.arm(live, retry_s=self.runtime.settings.tick_retry_s)
