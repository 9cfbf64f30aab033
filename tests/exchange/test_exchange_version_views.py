"""The lab's shared views (``VersionViews``) and the server's ``views`` give every seat,
byte for byte, the view ``view`` makes for it alone, all through robot games: the parts
they share between seats and remember across versions (the public part, every account's
orders, each firm's public entry, each account's entry, a director's firms) never show one
seat what is another's, and are never changed by the view built over them."""

from __future__ import annotations

import json

import pytest

from boardroom.bots.seats import BoardSettings
from boardroom.games.exchange import views as views_module
from boardroom.games.exchange.state import ExchangeState
from boardroom.games.exchange.views import VersionViews, view, views
from boardroom.lab.sim import LabConfig, Simulation

CONFIGS = {
    "blitz-default-roster": LabConfig({"preset": "blitz"}, board=BoardSettings(nodes=60)),
    "blitz-raiders": LabConfig(
        {"preset": "blitz", "years": 3},
        roster=(("director", 8), ("raider", 3), ("value", 2), ("noise", 2)),
        board=BoardSettings(nodes=60),
    ),
}


def _fresh(state: ExchangeState, role: str, since: int) -> str:
    """``view`` made from nothing remembered (a remembered part changed by a view built
    over it would show here)."""
    views_module.forget()
    return json.dumps(view(state, role, events_since=since))


def _compare(shared: VersionViews, state: ExchangeState, *, whole: bool = False) -> int:
    roles = ["host", "projector", *sorted(state.players)]
    checked = 0
    for since in (0, len(state.log)) if whole else (max(len(state.log) - 3, 0),):
        alone = [_fresh(state, role, since) for role in roles]
        together = [json.dumps(v) for v in views(state, roles, events_since=since)]
        assert together == alone
        for role, expected in zip(roles, alone, strict=True):
            assert json.dumps(shared.view(state, role, events_since=since)) == expected
            checked += 1
    return checked


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_shared_views_equal_each_seats_own_view_through_robot_games(name: str) -> None:
    config = CONFIGS[name]
    shared = VersionViews()  # one for the whole game, as the lab keeps it
    asked = 0
    checked = 0

    class Checked(Simulation):  # the lab's Simulation is compiled: a subclass, not a patch
        def ask(self, seat: str, at: float) -> list[dict[str, object]]:
            nonlocal asked, checked
            asked += 1
            if asked % 7 == 0:  # every seventh wake: each seat's views
                checked += _compare(shared, self.state)
            return super().ask(seat, at)

    simulation = Checked(config.spec(7), config.seats(7), seed=7)
    simulation.run()
    checked += _compare(shared, simulation.state, whole=True)
    assert simulation.state.phase == "ended"
    assert checked > 500
