"""The exchange (§6): privatization, priority, fills, cancels and the ownership rules."""

from __future__ import annotations

from typing import Any

from exchange_helpers import check_fold, check_invariants, do, refused, run_to, started, types

from boardroom.kernel import Journal


def order(
    game: Journal[Any],
    now: float,
    by: str,
    account: str,
    stock: int,
    side: str,
    qty: int,
    price: int,
) -> list[Any]:
    return do(game, now, "order", by, account=account, stock=stock, side=side, qty=qty, price=price)


def test_opening_session_privatization_offers_a_lot_of_each_firm() -> None:
    game = started()
    placed = [e for e in game.events if e["type"] == "order_placed"]
    assert [(e["stock"], e["qty"], e["price"], e["account"]) for e in placed] == [
        (n, 5, 10, "state") for n in range(1, 9)
    ]
    assert all(e["privatization"] for e in placed)
    assert game.state.ledger.held("state", 3) == 5
    assert game.state.books[3].depth() == {"bids": [], "asks": [[10, 5]]}


def test_buying_from_the_state_and_next_lot_priced_at_the_last_close() -> None:
    game = started()
    events = order(game, 1, "p1", "p1", 2, "buy", 3, 12)
    trade = next(e for e in events if e["type"] == "trade")
    assert (trade["price"], trade["qty"], trade["seller"], trade["buyer"]) == (10, 3, "state", "p1")
    order(game, 2, "p2", "p2", 2, "sell", 2, 14)
    order(game, 3, "p3", "p3", 2, "buy", 2, 15)
    assert game.state.prices[2] == 10, "the State's 10 was first in price"
    order(game, 4, "p3", "p3", 2, "buy", 1, 15)
    assert game.state.prices[2] == 14
    run_to(game, "board")
    assert game.state.closes[2] == 14
    run_to(game, "exchange")
    lots = [e for e in game.events if e["type"] == "order_placed" and e["privatization"]]
    assert {e["stock"]: e["price"] for e in lots[-8:]}[2] == 14
    check_invariants(game.state)
    check_fold(game)


def test_price_time_priority_and_partial_fills() -> None:
    game = started()
    order(game, 1, "p2", "p2", 1, "buy", 5, 10)
    order(game, 2, "p1", "p1", 1, "sell", 2, 12)
    order(game, 3, "p2", "p2", 1, "sell", 3, 12)
    order(game, 4, "p2", "p2", 1, "sell", 1, 11)
    events = order(game, 5, "p3", "p3", 1, "buy", 4, 12)
    assert [(e["seller"], e["qty"], e["price"]) for e in events if e["type"] == "trade"] == [
        ("p2", 1, 11),
        ("p1", 2, 12),
        ("p2", 1, 12),
    ]
    assert game.state.books[1].depth() == {"bids": [], "asks": [[12, 2]]}
    events = order(game, 6, "p4", "p4", 1, "buy", 5, 13)
    assert [(e["seller"], e["qty"], e["price"]) for e in events if e["type"] == "trade"] == [
        ("p2", 2, 12)
    ]
    assert game.state.books[1].depth() == {"bids": [[13, 3]], "asks": []}
    ledger = game.state.ledger
    assert ledger.balance("p3", 1) == 4 and ledger.balance("p3", "cash") == 200 - 47
    assert ledger.held("p3", "cash") == 0, "the unused part of the reservation is released"
    assert ledger.held("p4", "cash") == 39
    check_invariants(game.state)
    check_fold(game)


def test_cancel_only_your_own_open_order() -> None:
    game = started(privatization_lot=0)
    order(game, 1, "p1", "p1", 3, "buy", 2, 10)
    order_id = game.state.books[3].bids[0].id
    assert refused(game, 2, "cancel", "p2", order=order_id).code == "unknown_order"  # as for none
    assert refused(game, 2, "cancel", "p1", order="o99").code == "unknown_order"
    events = do(game, 3, "cancel", "p1", order=order_id)
    assert types(events) == ["order_cancelled"]
    assert game.state.ledger.held("p1", "cash") == 0


def test_no_self_trade_no_short_selling_no_overspending() -> None:
    game = started(privatization_lot=0)
    order(game, 1, "p1", "p1", 1, "sell", 2, 12)
    assert (
        refused(game, 2, "order", "p1", account="p1", stock=1, side="buy", qty=1, price=12).code
        == "self_trade"
    )
    assert refused(
        game, 2, "order", "p1", account="p1", stock=1, side="sell", qty=4, price=12
    ).code == ("insufficient_shares")
    assert refused(
        game, 2, "order", "p1", account="p1", stock=2, side="sell", qty=1, price=12
    ).code == ("insufficient_shares")
    assert refused(
        game, 2, "order", "p2", account="p2", stock=1, side="buy", qty=11, price=20
    ).code == ("insufficient_cash")
    assert refused(
        game, 2, "order", "p2", account="p1", stock=1, side="buy", qty=1, price=1
    ).code == ("not_your_account")
    assert refused(
        game, 2, "order", "p2", account="state", stock=1, side="sell", qty=1, price=1
    ).code == ("not_your_account")
    assert refused(
        game, 2, "order", "p2", account="market", stock=1, side="buy", qty=1, price=1
    ).code == ("unknown_account")


def test_bad_numbers_are_refused_with_clear_codes() -> None:
    game = started()
    base = {"account": "p1", "stock": 1, "side": "buy"}
    assert refused(game, 1, "order", "p1", **base, qty=2.5, price=10).code == "not_an_integer"
    assert refused(game, 1, "order", "p1", **base, qty=2, price=10.0).code == "not_an_integer"
    assert refused(game, 1, "order", "p1", **base, qty=0, price=10).code == "out_of_range"
    assert refused(game, 1, "order", "p1", **base, qty=True, price=10).code == "not_an_integer"
    assert refused(
        game, 1, "order", "p1", account="p1", stock=9, side="buy", qty=1, price=1
    ).code == ("out_of_range")
    assert refused(
        game, 1, "order", "p1", account="p1", stock=1, side="hold", qty=1, price=1
    ).code == ("bad_command")
    assert refused(game, 1, "order", "p1", account="p1", stock=1, side="buy", price=1).code == (
        "missing_field"
    )
    assert refused(game, 1, "teleport", "p1").code == "unknown_command"


def test_a_firm_trades_through_its_director_but_never_in_its_own_shares() -> None:
    game = started()
    assert refused(
        game, 1, "order", "p1", account="firm:1", stock=1, side="buy", qty=1, price=10
    ).code == ("own_shares")
    assert refused(
        game, 1, "order", "p2", account="firm:1", stock=2, side="buy", qty=1, price=10
    ).code == ("not_your_account")
    order(game, 1, "p1", "firm:1", 2, "buy", 3, 10)
    assert game.state.ledger.balance("firm:1", 2) == 3


def test_firms_together_never_hold_every_share() -> None:
    game = started(
        initial_holdings={"state": 20, "director": 0}, privatization_lot=20, firm_cash=500
    )
    order(game, 1, "p1", "firm:1", 3, "buy", 10, 10)
    order(game, 2, "p2", "firm:2", 3, "buy", 9, 10)
    exc = refused(game, 3, "order", "p4", account="firm:4", stock=3, side="buy", qty=1, price=10)
    assert exc.code == "firms_hold_all"
    order(game, 4, "p4", "p4", 3, "buy", 1, 10)
    assert game.state.ledger.holders(3) == {"firm:1": 10, "firm:2": 9, "p4": 1}
    check_invariants(game.state)


def test_all_orders_end_with_the_session_and_reservations_are_released() -> None:
    game = started()
    order(game, 1, "p1", "p1", 3, "buy", 2, 9)
    order(game, 2, "p2", "p2", 2, "sell", 5, 30)
    run_to(game, "board")
    assert all(not book.orders() for book in game.state.books.values())
    assert all(not any(r.values()) for r in game.state.ledger.reserved.values())
    assert refused(game, 601, "cancel", "p1", order="o9").code == "wrong_phase"
    check_fold(game)
