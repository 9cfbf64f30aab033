"""The debrief of a 4-year game with two takeovers, checked against the game's own events."""

from __future__ import annotations

from typing import Any

from exchange_helpers import do, run_to, started, tick

from boardroom.games.exchange import RULES
from boardroom.kernel import Journal


def session(journal: Journal[Any], buyer: str, stock: int) -> None:
    """In this year's session ``buyer`` buys the State's lot of ``stock`` and calls its meeting;
    at the meeting they elect themselves with all their votes."""
    run_to(journal, "exchange")
    now = journal.state.deadline - 1
    do(journal, now, "order", buyer, account=buyer, stock=stock, side="buy", qty=10, price=15)
    do(journal, now, "call_meeting", buyer, firm=stock)
    run_to(journal, "meetings")
    now = journal.state.deadline - 1
    do(journal, now, "nominate", buyer, firm=stock, candidate=buyer)
    do(journal, now, "vote", buyer, firm=stock, holder=buyer, director=buyer, payout=50)


def close_year(journal: Journal[Any], year: int) -> None:
    """Tick deadline after deadline until ``year`` has closed."""
    while not any(e["type"] == "year_closed" and e["year"] == year for e in journal.state.log):
        deadline = journal.rules.next_deadline(journal.state)
        assert deadline is not None, f"stuck in {journal.state.phase}"
        tick(journal, deadline)


def played() -> Journal[Any]:
    journal = started(
        players=4, years=4, opening_session=False, privatization_lot=10, moves_per_year=2,
        meeting_call_min_shares=1,
    )  # fmt: skip
    session(journal, "p2", 1)  # year 1: Player 2 takes firm 1 from Player 1
    close_year(journal, 1)
    run_to(journal, "exchange")  # year 2: Player 1 buys the lot of firm 4, then two more at 14
    now = journal.state.deadline - 1
    do(journal, now, "order", "p4", account="p4", stock=4, side="sell", qty=2, price=14)
    do(journal, now, "order", "p1", account="p1", stock=4, side="buy", qty=12, price=14)
    close_year(journal, 2)
    session(journal, "p3", 2)  # year 3: Player 3 takes firm 2 from Player 2
    run_to(journal, "ended", limit=500)
    return journal


def test_the_debrief_tells_what_the_events_say() -> None:
    journal = played()
    state = journal.state
    log = state.log
    view = RULES.view(state, "projector")
    d = view["debrief"]
    results = state.results
    assert results is not None and results["year"] == 4

    # Prices: the nominal price, then every session's close, per firm.
    closes = [e["closes"] for e in log if e["type"] == "session_closed"]
    assert len(closes) == 4
    for f in range(1, 9):
        assert d["prices"]["firms"][str(f)] == [10] + [c[str(f)] for c in closes]
    assert [x["year"] for x in d["prices"]["labels"]] == [0, 1, 2, 3, 4]

    # Markers: the two takeovers where the meetings replaced the directors, every dividend.
    takeovers = [m for m in d["markers"] if m["kind"] == "takeover"]
    assert takeovers == [
        {"kind": "takeover", "firm": 1, "year": 1, "director": "p2", "previous": "p1"},
        {"kind": "takeover", "firm": 2, "year": 3, "director": "p3", "previous": "p2"},
    ]
    paid, year = [], 0
    for e in log:
        year = e["year"] if e["type"] == "phase_changed" else year
        if e["type"] == "dividend_paid" and e["per_share"] > 0:
            paid.append((year, e["firm"], e["per_share"]))
    dividends = [m for m in d["markers"] if m["kind"] == "dividend"]
    assert [(m["year"], m["firm"], m["per_share"]) for m in dividends] == paid
    assert paid

    # Directors over time: firm 1 Player 2's from year 1's end, firm 2 Player 3's from year 3's.
    by_year = {r["year"]: r["directors"] for r in d["directors"] if not r["final"]}
    assert (by_year[0]["1"], by_year[1]["1"], by_year[2]["2"], by_year[3]["2"]) == (
        "p1", "p2", "p2", "p3",
    )  # fmt: skip

    # Wealth: the starting worth first, the settlement's wealth last.
    wealth = d["wealth"]["players"]
    for row in results["players"]:
        assert wealth[row["player"]][0] == row["start"]
        assert wealth[row["player"]][-1] == row["wealth"]
    assert len(d["wealth"]["labels"]) == 6  # start, four year ends, the end

    # Moments: the largest move of any firm between two closes; the two takeovers; the
    # richest player's largest trade.
    move, taken, key = d["moments"]
    series = d["prices"]["firms"]
    largest = max(abs(s[i] - s[i - 1]) for s in series.values() for i in range(1, len(s)))
    assert abs(move["to"] - move["from"]) == largest == 4
    assert series[str(move["firm"])][move["point"]] == move["to"]
    assert (taken["count"], taken["list"]) == (2, takeovers)
    richest = results["players"][0]["player"]
    trades = [e for e in log if e["type"] == "trade" and richest in (e["buyer"], e["seller"])]
    assert key["player"] == richest
    if trades:
        top = max(trades, key=lambda e: e["qty"] * e["price"])
        assert (key["trade"]["stock"], key["trade"]["qty"], key["trade"]["price"]) == (
            top["stock"], top["qty"], top["price"],
        )  # fmt: skip
    else:
        assert key["trade"] is None


def test_no_debrief_before_the_end() -> None:
    journal = started(players=4)
    assert RULES.view(journal.state, "projector")["debrief"] is None
