"""From one version to the next a seat's view keeps the very objects of the parts that did
not change (its accounts' entries, its ``accounts``, a director's and the host's ``firms``):
the server skips encoding a key whose value is the one it sent, a robot skips reading it
again. The parts that changed are new, and every view equals the one made from nothing."""

from __future__ import annotations

import json
from typing import Any

from exchange_helpers import do, started

from boardroom.games.exchange import views as views_module
from boardroom.games.exchange.views import VersionViews, view, views
from boardroom.kernel import Journal, Json

ROLES = ("host", "projector", "p1", "p2")


def _order(
    game: Journal[Any], now: float, by: str, stock: int, side: str, qty: int, price: int
) -> None:
    do(game, now, "order", by, account=by, stock=stock, side=side, qty=qty, price=price)


def _views(game: Journal[Any], shared: VersionViews) -> dict[str, Json]:
    return {role: shared.view(game.state, role) for role in ROLES}


def _made_from_nothing(game: Journal[Any], seen: dict[str, Json]) -> None:
    for role in ROLES:
        views_module.forget()
        assert json.dumps(seen[role]) == json.dumps(view(game.state, role))


def test_an_order_renews_only_its_own_accounts_entry() -> None:
    game = started()  # pK directs firm K
    shared = VersionViews()
    before = _views(game, shared)
    _order(game, 1.0, "p1", 3, "buy", 2, 8)  # below the State's ask of 10: no trade
    after = _views(game, shared)

    assert after["p1"]["accounts"]["p1"] is not before["p1"]["accounts"]["p1"]
    assert after["p1"]["accounts"]["p1"]["orders"] != before["p1"]["accounts"]["p1"]["orders"]
    assert after["p1"]["accounts"]["firm:1"] is before["p1"]["accounts"]["firm:1"]
    assert after["p1"]["accounts"]["p1"]["holdings"] is before["p1"]["accounts"]["p1"]["holdings"]
    assert after["p2"]["accounts"] is before["p2"]["accounts"]
    for role in ("p1", "p2", "host"):
        assert after[role]["firms"] is before[role]["firms"]
    for account, entry in after["host"]["accounts"].items():
        assert (entry is before["host"]["accounts"][account]) == (account != "p1"), account
    assert after["host"]["accounts"]["p1"] == after["p1"]["accounts"]["p1"]
    _made_from_nothing(game, after)


def test_a_trade_renews_the_traders_entries_and_the_worth_of_holders() -> None:
    game = started()
    shared = VersionViews()
    _order(game, 1.0, "p1", 2, "buy", 5, 10)  # the State's whole lot of firm 2
    _order(game, 2.0, "p1", 2, "sell", 1, 12)
    _order(game, 3.0, "p4", 2, "buy", 1, 12)  # p4 holds a share of firm 2, priced 12
    _order(game, 4.0, "p1", 2, "sell", 1, 15)
    before = {role: shared.view(game.state, role) for role in ("p1", "p5", "p4")}
    _order(game, 5.0, "p3", 2, "buy", 1, 15)  # trades: firm 2 is now priced 15
    after = {role: shared.view(game.state, role) for role in ("p1", "p5", "p4")}

    assert after["p1"]["accounts"]["p1"] != before["p1"]["accounts"]["p1"]
    held, had = after["p4"]["accounts"]["p4"], before["p4"]["accounts"]["p4"]
    assert held["worth"] - had["worth"] == 15 - 12 and held["cash"] == had["cash"]
    assert held["holdings"] is had["holdings"] and held["orders"] is had["orders"]
    assert after["p5"]["accounts"] is before["p5"]["accounts"]  # holds no share of firm 2
    assert after["p5"]["firms"] is before["p5"]["firms"]
    for role in ("p1", "p4"):
        views_module.forget()
        assert json.dumps(after[role]) == json.dumps(view(game.state, role))


def test_views_for_several_seats_share_the_remembered_entries() -> None:
    game = started()
    together = views(game.state, list(ROLES))
    shared = _views(game, VersionViews())
    assert together[2]["accounts"]["p1"] is shared["p1"]["accounts"]["p1"]
    assert together[0]["accounts"]["p2"] is shared["p2"]["accounts"]["p2"]
    assert together[3]["firms"] is shared["p2"]["firms"]
