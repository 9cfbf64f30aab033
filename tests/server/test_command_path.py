"""The server's command path: decided, stored, recorded by adopting what was decided."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from boardroom.kernel import Json
from boardroom.server.config import Settings
from boardroom.server.hub import Hub
from boardroom.store import Store


class Counting:
    """The game's rules, counting the events folded in with ``evolve``."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.evolved = 0

    def evolve(self, state: Any, event: Json) -> Any:
        self.evolved += 1
        return self.rules.evolve(state, event)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)


def test_a_stored_command_is_recorded_without_folding_its_events_again(tmp_path: Path) -> None:
    """``decide`` worked on a copy of the state; once stored, the journal takes that copy
    (``kernel.Decided``) instead of applying the events once more, and the state is the
    same as folding them."""
    players = [{"id": f"p{n}", "name": f"Игрок {n}"} for n in (1, 2)]
    setup = {"game": "exchange", "seed": 3, "players": players}
    setup["ruleset"] = {"opening_session": True, "session_s": 86_400}

    async def play() -> tuple[int, int, list[Json]]:
        hub = Hub(Store(f"sqlite:///{tmp_path}/g.sqlite3"), Settings(demo=False))
        await hub.start()
        try:
            made = await hub.create_game(setup)
            live = await hub.get(made.record.game_id)
            counting = Counting(live.journal.rules)
            live.journal.rules = counting
            await hub.execute(live, {"type": "start", "by": "host"})
            order = {"type": "order", "by": "p1", "account": "p1", "stock": 2, "side": "buy"}
            for n in range(3):
                await hub.execute(live, order | {"qty": 1, "price": 2 + n, "id": f"o{n}"})
            view = live.view("host")
            folded = counting.rules.setup(dict(setup))
            for event in live.journal.events:
                folded = counting.rules.evolve(folded, event)
            again = counting.rules.view(folded, "host")
            return counting.evolved, live.version, [view, again]
        finally:
            await hub.close()

    evolved, version, (view, folded) = asyncio.run(play())
    assert version > 4 and evolved == 0
    assert view == folded
