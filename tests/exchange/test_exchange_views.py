"""Views (§6–§7): one projection per viewer, and a leak test over a full robot game."""

from __future__ import annotations

import pytest
from exchange_helpers import do, run_to, started

from boardroom.bots.random_exchange import Runner, demo_spec
from boardroom.games.exchange import RULES
from boardroom.games.exchange.refusals import accounts_of
from boardroom.games.exchange.state import ExchangeState
from boardroom.games.exchange.views import view
from boardroom.kernel import Json, Refused

NAMED = ("account", "buyer", "seller", "holder", "voter")


def test_host_sees_everything_the_projector_only_public_things() -> None:
    game = started(players=9)
    do(game, 1, "order", "p9", account="p9", stock=3, side="buy", qty=2, price=10)
    do(game, 2, "order", "p1", account="firm:1", stock=4, side="buy", qty=1, price=10)
    host = RULES.view(game.state, "host")
    for key in (
        "year",
        "phase",
        "position",
        "on_call",
        "firms",
        "accounts",
        "prices",
        "events",
        "results",
    ):
        assert key in host
    assert host["accounts"]["p9"]["holdings"] == {"3": 2}
    assert host["accounts"]["firm:1"]["holdings"] == {"4": 1}
    projector = RULES.view(game.state, "projector")
    assert "accounts" not in projector
    assert projector["book"]["3"] == {"bids": [], "asks": [[10, 3]]}
    trades = [e for e in projector["events"] if e["type"] == "trade"]
    assert trades[0] == {"type": "trade", "at": 1.0, "stock": 3, "price": 10, "qty": 2}
    assert "firm:1" not in str(projector) and "'p9'" not in str(projector["events"])


def test_a_player_sees_their_own_and_their_firms_accounts_only() -> None:
    game = started(players=9)
    do(game, 1, "order", "p1", account="firm:1", stock=4, side="buy", qty=1, price=10)
    do(game, 2, "order", "p9", account="p9", stock=4, side="buy", qty=1, price=11)
    mine = RULES.view(game.state, "p1")
    assert sorted(mine["accounts"]) == ["firm:1", "p1"]
    assert mine["accounts"]["firm:1"]["holdings"] == {"4": 1}
    assert "cash" in mine["firms"]["1"] and "cash" not in mine["firms"]["2"]
    other = RULES.view(game.state, "p2")
    assert "firm:1" not in str(other)
    assert "p9" not in [e.get("account") for e in other["events"]]
    with pytest.raises(Refused) as exc:
        RULES.view(game.state, "p77")
    assert exc.value.code == "unknown_seat"


def test_legal_moves_are_shown_to_the_director_on_call_only() -> None:
    game = started(opening_session=False)
    assert RULES.view(game.state, "p1")["legal_moves"] == ["a3-b4"]
    assert RULES.view(game.state, "p2")["legal_moves"] == []
    assert RULES.view(game.state, "host")["on_call"] == {
        "color": "white",
        "firm": 1,
        "must_move": False,
        "takeover": 0,
    }


def test_votes_are_private_and_results_public_after_the_end() -> None:
    game = started(
        players=9, order={"white": [2, 1, 3, 4], "black": [5, 6, 7, 8]}, moves_per_year=2
    )
    run_to(game, "board")
    do(game, 601, "move", "p2", firm=2, move="c3-d4")
    do(game, 631, "move", "p5", firm=5, move="h6-g5")
    do(game, 700, "call_meeting", "p1", firm=1)
    run_to(game, "meetings")
    do(game, 1240, "vote", "p1", firm=1, holder="p1", director="p1", payout=30)
    assert RULES.view(game.state, "p1")["meetings"]["my_votes"]["1"]["p1"]["payout"] == 30
    assert not [e for e in RULES.view(game.state, "p2")["events"] if e["type"] == "voted"]
    do(game, 1250, "end_game")
    assert RULES.view(game.state, "projector")["results"]["reveal"]


def _leaks(state: ExchangeState, viewer: str, seen: Json) -> list[str]:
    """Every private thing of someone else that ``seen`` shows to ``viewer``."""
    mine = set(accounts_of(state, viewer))
    found: list[str] = []
    if set(seen.get("accounts", {})) - mine:
        found.append(f"accounts {set(seen['accounts']) - mine}")
    for event in seen["events"]:
        for key in NAMED:
            if key in event and event[key] not in mine:
                found.append(f"{event['type']}.{key}={event[key]}")
        if set(event.get("payments", {})) - mine:
            found.append(f"{event['type']} payments")
        private = event["type"] in ("order_placed", "order_cancelled", "voted")
        if private and event.get("by", viewer) != viewer:
            found.append(f"{event['type']} by {event['by']}")
    for firm, votes in seen.get("meetings", {}).get("my_votes", {}).items():
        if set(votes) - mine:
            found.append(f"votes in firm {firm}")
    text = str(seen)
    for firm in range(1, 9):
        if f"firm:{firm}" in text and f"firm:{firm}" not in mine:
            found.append(f"firm:{firm} named")
    return found


def test_no_view_leaks_another_players_holdings_orders_votes_or_firm_stakes() -> None:
    runner = Runner(demo_spec(directors=6, traders=6, years=3), seed=13, rules=RULES, late_rate=0.1)
    seats = ["projector", *runner.state.players]
    last = dict.fromkeys(seats, 0)
    checked = 0
    original = runner.send

    def send_and_check(command: Json, at: float) -> bool:
        nonlocal checked
        accepted = original(command, at)
        state = runner.state
        if accepted and state.phase != "ended":
            for seat in seats:
                seen = view(state, seat, events_since=last[seat])
                last[seat] = len(state.log)
                assert _leaks(state, seat, seen) == [], (seat, command)
                checked += 1
        return accepted

    runner.send = send_and_check  # type: ignore[method-assign]
    played = runner.play()
    assert played.journal.state.phase == "ended"
    assert checked > 1000
    kinds = {e["type"] for e in played.journal.events}
    assert {"trade", "voted", "dividend_paid", "meeting_closed", "timed_out"} <= kinds
    firm_trades = [
        e
        for e in played.journal.events
        if e["type"] == "trade" and "firm:" in e["buyer"] + e["seller"]
    ]
    assert firm_trades, "the game must have firm-held stakes to hide"
