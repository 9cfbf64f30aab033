"""The end (§8): the linear-system valuation with cross-holdings, exact, then whole payouts."""

from __future__ import annotations

from fractions import Fraction

import pytest
import settlement_reference as reference
from exchange_helpers import check_fold, check_invariants, do, started
from hypothesis import given, settings
from hypothesis import strategies as st

from boardroom.games.exchange.settlement import firm_values, inverse, look_through, owed, payouts


def test_cross_holdings_are_valued_by_the_linear_system_and_paid_out_exactly() -> None:
    game = started(players=9)
    do(game, 1, "order", "p1", account="firm:1", stock=5, side="buy", qty=4, price=10)
    do(game, 2, "order", "p5", account="firm:5", stock=1, side="buy", qty=4, price=10)
    do(game, 3, "order", "p9", account="p9", stock=1, side="buy", qty=1, price=10)
    events = do(game, 10, "end_game")
    settled = next(e for e in events if e["type"] == "settled")
    # own assets: 60 cash + 3 men × 20 = 120; V = 120 + V_other / 5 → V = 150.
    assert settled["values"]["1"] == "150" and settled["values"]["5"] == "150"
    assert settled["values"]["2"] == "160"
    assert settled["per_share"]["1"] == "15/2"
    # p1 holds 5 of firm 1: through firm 1 ⌊31.25⌋ and through firm 5 ⌊6.25⌋.
    assert settled["payments"]["1"]["p1"] == 31 and settled["payments"]["5"]["p1"] == 6
    results = game.state.results
    wealth = {r["player"]: r["wealth"] for r in results["players"]}
    assert wealth["p1"] == 237 and wealth["p9"] == 190 + 6 + 1
    assert wealth["p2"] == 200 + 40
    firms = {f["firm"]: f for f in results["firms"]}
    assert firms[1]["value"] == "150" and firms[2]["rank"] == 1
    assert game.state.ledger.balance("firm:1", "cash") >= 0
    check_invariants(game.state)
    check_fold(game)


def test_results_rank_players_by_wealth_and_by_gain() -> None:
    game = started()
    do(game, 1, "order", "p7", account="p7", stock=2, side="buy", qty=5, price=10)
    do(game, 2, "end_game")
    players = game.state.results["players"]
    assert [p["rank"] for p in players] == sorted(p["rank"] for p in players)
    # Each of the eight directs one firm: 200 cash + 5 shares at the nominal 10 to start.
    assert all(p["start"] == 250 and p["gain"] == p["wealth"] - 250 for p in players)
    assert game.state.results["board"] == {"winner": None, "reason": "undecided"}


stakes_strategy = st.dictionaries(
    st.integers(1, 4), st.dictionaries(st.integers(1, 4), st.integers(0, 6), max_size=4), max_size=4
)


@settings(max_examples=60, deadline=None)
@given(
    own=st.fixed_dictionaries({n: st.integers(0, 500) for n in range(1, 5)}),
    raw=stakes_strategy,
)
def test_values_solve_the_system_and_payouts_conserve(
    own: dict[int, int], raw: dict[int, dict[int, int]]
) -> None:
    shares = 20
    stakes = {i: {j: n for j, n in row.items() if j != i} for i, row in raw.items()}
    values = firm_values(own, stakes, shares)
    for i in own:
        held = sum(
            (Fraction(n, shares) * values[j] for j, n in stakes.get(i, {}).items()), Fraction(0)
        )
        assert values[i] == own[i] + held
    held_by_firms = {j: sum(row.get(j, 0) for row in stakes.values()) for j in own}
    people = {"p1": {j: shares - held_by_firms[j] for j in own}}
    parts = look_through(sorted(own), people, stakes, shares)
    assert all(parts.of("p1", k) == 1 for k in own), "all value ends with the people"
    paid = payouts(own, parts)
    for firm, assets in own.items():
        assert sum(paid[firm].values()) == assets


@settings(max_examples=60, deadline=None)
@given(
    own=st.fixed_dictionaries({n: st.integers(0, 500) for n in range(1, 5)}),
    raw=stakes_strategy,
    split=st.lists(st.integers(0, 20), min_size=4, max_size=4),
)
def test_every_holding_is_paid_floor_n_v_over_s_and_the_rest_stays_with_the_firms(
    own: dict[int, int], raw: dict[int, dict[int, int]], split: list[int]
) -> None:
    shares = 20
    stakes = {i: {j: n for j, n in row.items() if j != i} for i, row in raw.items()}
    outside = {j: shares - sum(row.get(j, 0) for row in stakes.values()) for j in own}
    first = {j: min(split[j - 1], outside[j]) for j in own}
    people = {"p1": first, "p2": {j: outside[j] - first[j] for j in own}}
    values = firm_values(own, stakes, shares)
    due = owed(values, people, shares)
    paid = payouts(own, look_through(sorted(own), people, stakes, shares), due)
    for holder, holding in people.items():
        expected = sum(int(n * values[j] / shares) for j, n in holding.items())
        assert sum(p.get(holder, 0) for p in paid.values()) == due[holder] == expected
    for firm, assets in own.items():
        assert sum(paid[firm].values()) <= assets


Case = tuple[dict[int, int], dict[int, dict[int, int]], dict[str, dict[int, int]], int]
"""A settlement's inputs: own assets, the firms' stakes, the people's holdings, S."""


def _cross_holdings(firms: int, shares: int) -> st.SearchStrategy[dict[int, dict[int, int]]]:
    """Stakes of firms in each other, firms together never holding every share of one."""

    def fit(raw: dict[int, dict[int, int]]) -> dict[int, dict[int, int]]:
        stakes: dict[int, dict[int, int]] = {}
        held = dict.fromkeys(range(1, firms + 1), 0)
        for i, row in sorted(raw.items()):
            for j, n in sorted(row.items()):
                n = min(n, shares - 1 - held[j])
                if i != j and n > 0:
                    stakes.setdefault(i, {})[j] = n
                    held[j] += n
        return stakes

    cell = st.integers(0, shares - 1)
    row = st.dictionaries(st.integers(1, firms), cell, max_size=firms)
    return st.dictionaries(st.integers(1, firms), row, max_size=firms).map(fit)


@st.composite
def _settlements(draw: st.DrawFn) -> Case:
    """A settlement's inputs: own assets, the firms' stakes, the people's holdings, S."""
    firms = draw(st.integers(1, 8))
    shares = draw(st.sampled_from([1, 3, 7, 20, 100]))
    own = {n: draw(st.integers(-5, 3000)) for n in range(1, firms + 1)}
    stakes = draw(_cross_holdings(firms, shares))
    outside = {j: shares - sum(row.get(j, 0) for row in stakes.values()) for j in own}
    people: dict[str, dict[int, int]] = {}
    for j, left in outside.items():
        for _ in range(draw(st.integers(0, 3))):
            if left <= 0:
                break
            n = draw(st.integers(1, left))
            holder = draw(st.sampled_from(["p1", "p2", "p3", "p4", "state"]))
            people.setdefault(holder, {})[j] = people.get(holder, {}).get(j, 0) + n
            left -= n
        if left:
            people.setdefault("p5", {})[j] = left
    return own, stakes, people, shares


@settings(max_examples=400, deadline=None)
@given(case=_settlements())
def test_the_whole_number_settlement_equals_the_fraction_formula(
    case: Case,
) -> None:
    """Values, amounts owed and every payment are those of the Fraction formula
    (``settlement_reference.py``, what the game computed before), case by case."""
    own, stakes, people, shares = case
    firms = sorted(own)
    values = firm_values(own, stakes, shares)
    assert values == reference.firm_values(own, stakes, shares)
    due = owed(values, people, shares)
    assert due == reference.owed(values, people, shares)
    parts = look_through(firms, people, stakes, shares)
    exact = reference.look_through(firms, people, stakes, shares)
    assert {h: {k: parts.of(h, k) for k in firms} for h in people} == exact
    try:
        expected: object = reference.payouts(own, exact, due)
    except ValueError as exc:  # negative own assets may leave a holder unpaid
        expected = str(exc)
    try:
        got: object = payouts(own, parts, due)
    except ValueError as exc:
        got = str(exc)
    assert got == expected


@settings(max_examples=200, deadline=None)
@given(
    matrix=st.integers(1, 6).flatmap(
        lambda n: st.lists(
            st.lists(st.integers(-9, 9), min_size=n, max_size=n), min_size=n, max_size=n
        )
    )
)
def test_the_fraction_free_inverse_is_the_inverse(matrix: list[list[int]]) -> None:
    """R/d is the inverse: M·R = d·I, d > 0; a singular matrix is refused as before."""
    size = len(matrix)
    try:
        rows, d = inverse(matrix)
    except ZeroDivisionError:
        with pytest.raises(ZeroDivisionError):
            reference.inverse([[Fraction(x) for x in row] for row in matrix])
        return
    assert d > 0
    product = [
        [sum(matrix[i][k] * rows[k][j] for k in range(size)) for j in range(size)]
        for i in range(size)
    ]
    assert product == [[d * int(i == j) for j in range(size)] for i in range(size)]
    expected = reference.inverse([[Fraction(x) for x in row] for row in matrix])
    assert [[Fraction(x, d) for x in row] for row in rows] == expected
