"""The year (§4) and money (§5): accounts, dividends, taxes, officials, the clock of phases."""

from __future__ import annotations

from typing import Any

from exchange_helpers import (
    check_fold,
    check_invariants,
    do,
    refused,
    run_to,
    started,
    tick,
    types,
)

DIVIDEND_GAME: dict[str, Any] = {
    "opening_session": False,
    "moves_per_year": 1,
    "placement": {"1": ["c3", "a1", "e1"], "5": ["d4"], "6": ["h8"]},
    "income_man": 11,
    "capture_man": 20,
    "tax_rate": 20,
    "payout": 50,
}


def test_year_end_income_tax_reserve_and_dividend_with_remainder() -> None:
    game = started(**DIVIDEND_GAME)
    events = do(game, 1, "move", "p1", firm=1, move="c3:e5")
    paid = {e["firm"]: e for e in events if e["type"] == "dividend_paid"}
    income = {e["firm"]: e["amount"] for e in events if e["type"] == "income_credited"}
    taxes = {e["firm"]: e["amount"] for e in events if e["type"] == "tax_reserved"}
    # E = 20 (capture) + 3 men × 11 = 53; T = ⌊0.2·53⌋ = 10; D = ⌊0.5·43⌋ = 21; 1 a share.
    assert income[1] == 33 and taxes[1] == 10
    assert (paid[1]["earnings"], paid[1]["dividend"], paid[1]["per_share"]) == (53, 21, 1)
    assert paid[1]["payments"] == {"p1": 5, "state": 15}
    ledger = game.state.ledger
    assert ledger.balance("firm:1", "cash") == 100 + 53 - 20
    assert ledger.held("firm:1", "cash") == 10, "the tax is reserved at once"
    assert ledger.free("firm:1", "cash") == 123
    # firm 6: E = 11 (one man) → T = 2, D = ⌊0.5·9⌋ = 4 → 0 a share: all of it stays.
    assert (paid[6]["dividend"], paid[6]["per_share"], paid[6]["payments"]) == (4, 0, {})
    assert game.state.phase == "exchange"
    check_invariants(game.state)


def test_reserved_tax_cannot_be_spent_and_is_paid_at_step_five() -> None:
    game = started(**DIVIDEND_GAME)
    do(game, 1, "move", "p1", firm=1, move="c3:e5")
    exc = refused(game, 2, "order", "p1", account="firm:1", stock=2, side="buy", qty=1, price=124)
    assert exc.code == "insufficient_cash"
    do(game, 2, "order", "p1", account="firm:1", stock=2, side="buy", qty=1, price=123)
    state_cash = game.state.ledger.balance("state", "cash")
    run_to(game, "board")
    paid = [e for e in game.events if e["type"] == "taxes_paid"]
    assert {e["firm"]: e["amount"] for e in paid}[1] == 10
    assert game.state.ledger.held("firm:1", "cash") == 0
    assert game.state.ledger.balance("state", "cash") == state_cash + sum(e["amount"] for e in paid)
    check_invariants(game.state)
    check_fold(game)


def test_the_year_runs_board_dividends_session_calls_taxes_then_next_year() -> None:
    game = started(moves_per_year=2, officials=["p8"], official_salary=7)
    assert (game.state.phase, game.state.year, game.state.opening) == ("exchange", 0, True)
    run_to(game, "board")
    assert game.state.year == 1
    do(game, 601, "move", "p1", firm=1, move="a3-b4")
    do(game, 631, "move", "p5", firm=5, move="h6-g5")
    phases = [e["phase"] for e in game.events if e["type"] == "phase_changed"]
    assert phases[-3:] == ["board", "dividends", "exchange"]
    tick(game, game.state.deadline)
    assert game.state.phase == "meeting_calls"
    events = tick(game, game.state.deadline)
    assert types(events)[:1] == ["phase_changed"] and "year_closed" in types(events)
    salary = [e for e in events if e["type"] == "salary_paid"]
    assert salary == [{"type": "salary_paid", "player": "p8", "amount": 7, "at": salary[0]["at"]}]
    assert (game.state.phase, game.state.year) == ("board", 2)
    check_invariants(game.state)
    check_fold(game)


def test_game_ends_after_the_last_year_with_results_and_history() -> None:
    game = started(years=1, moves_per_year=2, opening_session=False)
    do(game, 1, "move", "p1", firm=1, move="a3-b4")
    do(game, 31, "move", "p5", firm=5, move="h6-g5")
    run_to(game, "ended")
    results = game.state.results
    assert results["reason"] == "years_done"
    assert [r["year"] for r in results["reveal"]] == [0, 1, 1]
    assert results["reveal"][0]["holdings"]["p1"] == {"1": 5}
    assert len(results["players"]) == 8 and len(results["firms"]) == 8
    check_invariants(game.state)
    check_fold(game)


def test_host_ends_phases_pauses_resumes_extends_and_ends_the_game() -> None:
    game = started()
    assert refused(game, 1, "end_phase", "p1").code == "host_only"
    do(game, 10, "pause")
    assert game.rules.next_deadline(game.state) is None
    assert refused(
        game, 11, "order", "p1", account="p1", stock=1, side="buy", qty=1, price=10
    ).code == ("paused")
    do(game, 110, "resume")
    assert game.rules.next_deadline(game.state) == 700.0
    do(game, 111, "extend", seconds=50)
    assert game.rules.next_deadline(game.state) == 750.0
    do(game, 112, "end_phase")
    assert game.state.phase == "board"
    do(game, 120, "end_game")
    assert game.state.phase == "ended" and game.state.results["reason"] == "host"
    assert refused(game, 121, "start").code == "game_over"
    check_invariants(game.state)
    check_fold(game)


def test_capture_paid_by_the_victim_as_far_as_its_cash_goes() -> None:
    game = started(
        opening_session=False,
        placement={"1": ["c3"], "2": ["a1"], "5": ["d4"], "6": ["h8"]},
        capture_paid_by="victim",
        capture_man=150,
    )
    events = do(game, 1, "move", "p1", firm=1, move="c3:e5")
    reward = next(e for e in events if e["type"] == "capture_rewarded")
    assert (reward["amount"], reward["payer"]) == (100, "victim")
    assert game.state.ledger.balance("firm:5", "cash") == 0
    assert game.state.firms[5].earnings == -100
    check_invariants(game.state)
