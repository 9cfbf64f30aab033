"""Shared helpers for the Exchange Draughts tests: games, commands, invariants."""

from __future__ import annotations

from typing import Any

from boardroom.draughts import EXCHANGE, Board
from boardroom.games.exchange import RULES, ExchangeRules
from boardroom.games.exchange.ledger import CASH, MARKET, account_firm
from boardroom.games.exchange.state import ExchangeState
from boardroom.kernel import Journal, Json, Refused, fold

HOST = "host"


def spec(
    *,
    players: int = 8,
    directors: dict[str, str] | None = None,
    officials: list[str] | None = None,
    **ruleset: Any,
) -> Json:
    """A setup line: players p1..pN; by default player pK directs firm K (1-8)."""
    if directors is None:
        directors = {str(f): f"p{(f - 1) % min(players, 8) + 1}" for f in range(1, 9)}
    line: Json = {
        "game": "exchange",
        "seed": 1,
        "ruleset": ruleset,
        "players": [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, players + 1)],
        "directors": directors,
    }
    if officials is not None:
        line["officials"] = officials
    return line


def game(rules: ExchangeRules = RULES, **kwargs: Any) -> Journal[Any]:
    return Journal.open(rules, spec(**kwargs))


def started(rules: ExchangeRules = RULES, **kwargs: Any) -> Journal[Any]:
    journal = game(rules, **kwargs)
    journal.handle({"type": "start", "by": HOST}, 0.0)
    return journal


def do(journal: Journal[Any], now: float, kind: str, by: str = HOST, **fields: Any) -> list[Json]:
    """Handle one command (firing due deadlines first); returns its events."""
    return journal.handle({"type": kind, "by": by, **fields}, now).events


def refused(journal: Journal[Any], now: float, kind: str, by: str = HOST, **fields: Any) -> Refused:
    """Handle a command that must be refused; check it changed nothing."""
    before = journal.state.snapshot()
    version = journal.version
    try:
        journal.handle({"type": kind, "by": by, **fields}, now)
    except Refused as exc:
        assert journal.state.snapshot() == before
        assert journal.version == version
        assert exc.code and exc.message.endswith(".")
        return exc
    raise AssertionError(f"{kind} {fields} was not refused")


def tick(journal: Journal[Any], now: float) -> list[Json]:
    return do(journal, now, "tick", "server")


def run_to(journal: Journal[Any], phase: str, limit: int = 100) -> None:
    """Tick deadline after deadline until the game reaches ``phase``."""
    for _ in range(limit):
        if journal.state.phase == phase:
            return
        deadline = journal.rules.next_deadline(journal.state)
        assert deadline is not None, f"stuck in {journal.state.phase}"
        tick(journal, deadline)
    raise AssertionError(f"never reached {phase}")


def types(events: list[Json]) -> list[str]:
    return [e["type"] for e in events]


def check_invariants(state: ExchangeState) -> None:
    """Conservation, holdings, reservations, the book and the board, all at once."""
    ledger = state.ledger
    rules = state.ruleset
    for asset, total in ledger.totals():
        assert total == 0, f"{asset} sums to {total}"
    for stock in range(1, 9):
        held = ledger.holders(stock)
        assert sum(held.values()) == rules.shares_per_firm
        assert f"firm:{stock}" not in held, "a firm holds its own shares"
        firm_held = sum(n for acc, n in held.items() if account_firm(acc) is not None)
        assert firm_held < rules.shares_per_firm
    for account, assets in ledger.balances.items():
        for asset, amount in assets.items():
            if account != MARKET:
                assert amount >= 0, f"{account} has {amount} of {asset}"
            assert 0 <= ledger.held(account, asset) <= max(amount, 0)
    _check_reservations(state)
    for book in state.books.values():
        assert not book.is_crossed()
    board = Board(state.board.fen(), variant=EXCHANGE, ids=state.board.ids())
    for piece in board.pieces():
        firm = state.firm_of_piece(piece.id)
        assert firm is not None
        assert piece.color == ("white" if firm <= 4 else "black")


def _check_reservations(state: ExchangeState) -> None:
    expected: dict[tuple[str, Any], int] = {}
    for book in state.books.values():
        for order in book.orders():
            key = (order.account, CASH if order.side == "buy" else order.stock)
            amount = order.reserved_cash if order.side == "buy" else order.qty
            expected[key] = expected.get(key, 0) + amount
    for number, firm in state.firms.items():
        if firm.tax_due:
            key = (f"firm:{number}", CASH)
            expected[key] = expected.get(key, 0) + firm.tax_due
    actual = {
        (acc, asset): n
        for acc, assets in state.ledger.reserved.items()
        for asset, n in assets.items()
        if n
    }
    assert actual == expected


def check_fold(journal: Journal[Any]) -> None:
    """Folding the stored events from the setup gives the same state."""
    rebuilt = fold(journal.rules, journal.setup_spec, journal.events)
    assert rebuilt.snapshot() == journal.state.snapshot()
