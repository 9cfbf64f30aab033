"""The ledger primitive and the order book, on their own."""

from __future__ import annotations

import contextlib
import json

import pytest
from exchange_helpers import started
from hypothesis import given, settings
from hypothesis import strategies as st

from boardroom.games.exchange import RULES
from boardroom.games.exchange.book import Book, Order, fills_for, would_self_trade
from boardroom.games.exchange.ledger import CASH, MARKET, Ledger, LedgerError
from boardroom.kernel import fold

ACCOUNTS = ["p1", "p2", "firm:1", "state"]


def test_the_ledger_refuses_unknown_reasons_fractions_and_overdrafts() -> None:
    ledger = Ledger()
    ledger.transfer(MARKET, "p1", CASH, 10, "endowment")
    with pytest.raises(LedgerError):
        ledger.transfer("p1", "p2", CASH, 1, "gift")
    with pytest.raises(LedgerError):
        ledger.transfer("p1", "p2", CASH, 1.5, "trade")
    with pytest.raises(LedgerError):
        ledger.transfer("p1", "p2", CASH, 11, "trade")
    ledger.reserve("p1", CASH, 8, "tax")
    with pytest.raises(LedgerError):
        ledger.transfer("p1", "p2", CASH, 3, "trade")
    ledger.pay_reserved("p1", "state", CASH, 8, "tax")
    assert ledger.balance("state", CASH) == 8 and ledger.held("p1", CASH) == 0


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(ACCOUNTS), st.sampled_from(ACCOUNTS), st.integers(0, 50)),
        max_size=30,
    )
)
def test_every_transfer_keeps_money_summing_to_zero(moves: list[tuple[str, str, int]]) -> None:
    ledger = Ledger()
    for account in ACCOUNTS:
        ledger.transfer(MARKET, account, CASH, 40, "endowment")
    for source, target, amount in moves:
        with contextlib.suppress(LedgerError):
            ledger.transfer(source, target, CASH, amount, "trade")
        assert dict(ledger.totals())[CASH] == 0
        assert all(ledger.balance(a, CASH) >= 0 for a in ACCOUNTS)


def test_the_book_keeps_price_time_priority_and_detects_self_trades() -> None:
    book = Book()
    book.add(Order("o1", "p1", 1, "buy", 2, 10, 1))
    book.add(Order("o2", "p2", 1, "buy", 2, 11, 2))
    book.add(Order("o3", "p3", 1, "buy", 2, 11, 3))
    assert [o.id for o in book.bids] == ["o2", "o3", "o1"]
    incoming = Order("o4", "p4", 1, "sell", 5, 10, 4)
    assert [(f.order, f.qty) for f in fills_for(book, incoming)] == [
        ("o2", 2),
        ("o3", 2),
        ("o1", 1),
    ]
    assert would_self_trade(book, Order("o5", "p1", 1, "sell", 1, 9, 5))
    assert not would_self_trade(book, Order("o5", "p1", 1, "sell", 1, 12, 5))
    book.reduce("o2", 1)
    assert book.depth()["bids"] == [[11, 3], [10, 2]]


def test_events_survive_a_json_round_trip_and_fold_to_the_same_state() -> None:
    game = started()
    game.handle(
        {
            "type": "order",
            "by": "p1",
            "account": "p1",
            "stock": 2,
            "side": "buy",
            "qty": 2,
            "price": 11,
        },
        5,
    )
    game.handle({"type": "end_game", "by": "host"}, 6)
    stored = json.loads(json.dumps(game.events))
    rebuilt = fold(RULES, game.setup_spec, stored)
    assert rebuilt.snapshot() == game.state.snapshot()
