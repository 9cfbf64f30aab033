"""Issue 12's three rule fixes, each a recorded scenario (``tests/fixtures/exchange/scenarios``)
replayed through ``boardroom replay``: the 0.5-minute minimum inside a timeout takeover, firms'
trades with each other, and final payouts at ⌊n·V/S⌋ a holding."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from exchange_helpers import check_fold, check_invariants

from boardroom.replay import ReplayResult, replay

SCENARIOS = Path(__file__).resolve().parents[1] / "fixtures" / "exchange" / "scenarios"


def played(name: str) -> ReplayResult:
    result = replay((SCENARIOS / f"{name}.jsonl").read_text().splitlines(), keep_going=True)
    assert result.journal is not None
    check_invariants(result.journal.state)
    check_fold(result.journal)
    return result


def events_of(result: ReplayResult, kind: str) -> list[Any]:
    assert result.journal is not None
    return [e for e in result.journal.events if e["type"] == kind]


def test_the_takeover_firms_own_move_waits_half_a_minute_after_the_late_colours_move() -> None:
    result = played("takeover_clock")
    # line 5: firm 5 moved white's c3-d4 at 302 and tried its own h6-g5 at 303.
    assert [(r["line"], r["code"], r["wait"]) for r in result.refusals] == [(5, "too_early", 29)]
    moves = [
        (e["firm"], e["color"], e["move"], e["takeover"], e["at"])
        for e in events_of(result, "moved")
    ]
    assert moves == [(5, "white", "c3-d4", 1, 302), (5, "black", "h6-g5", 2, 332)]


def test_a_takeover_pair_is_not_split_across_the_years_end() -> None:
    result = played("takeover_clock")
    assert result.journal is not None
    kinds = [(e["type"], e.get("phase")) for e in result.journal.events]
    # moves_per_year = 1, yet the year ends only after the pair's second move.
    second = kinds.index(("moved", None), kinds.index(("moved", None)) + 1)
    assert kinds.index(("phase_changed", "dividends")) > second


def test_firms_trade_with_each_other_while_together_never_holding_every_share() -> None:
    result = played("firms_trade")
    # Firm 1 holds 12 of firm 3's 20 shares and offers 10; firm 2's bid trades (firms
    # still hold 12). Firm 5's bid for 8 more would let firms hold all 20: refused.
    assert [(r["line"], r["code"]) for r in result.refusals] == [(6, "firms_hold_all")]
    trades = [(e["seller"], e["buyer"], e["qty"], e["price"]) for e in events_of(result, "trade")]
    assert trades == [("state", "firm:1", 12, 10), ("firm:1", "firm:2", 10, 11)]
    final = result.journal.state.results["reveal"][-1]["holdings"] if result.journal else {}
    held = {acc: h.get("3", 0) for acc, h in final.items() if acc.startswith("firm:")}
    assert held == {"firm:1": 2, "firm:2": 10}


def test_every_holding_is_paid_its_value_in_whole_units_without_flooring_along_the_chain() -> None:
    result = played("settlement_whole_units")
    assert result.refusals == []
    assert result.journal is not None
    state = result.journal.state
    settled = events_of(result, "settled")[0]
    per_share = {int(k): Fraction(v) for k, v in settled["per_share"].items()}
    before = state.results["reveal"][-1]
    received: dict[str, int] = {}
    for paid in settled["payments"].values():
        for holder, amount in paid.items():
            received[holder] = received.get(holder, 0) + amount
    for holder, holding in before["holdings"].items():
        if holder.startswith("firm:"):
            continue
        due = sum(int(n * per_share[int(stock)]) for stock, n in holding.items())
        assert received.get(holder, 0) == due, holder
    # p9: 3 shares of firm 5 at 52703/7622 (⌊20.74⌋ = 20) and 1 of firm 7 at 27151/3811
    # (⌊7.12⌋ = 7): 160 + 27. Flooring firm by firm along the chain paid 26.
    wealth = {p["player"]: p["wealth"] for p in state.results["players"]}
    assert wealth["p9"] == 187 and wealth["p10"] == 190
