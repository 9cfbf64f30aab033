"""Running the final settlement and writing the results (§8)."""

from __future__ import annotations

from fractions import Fraction

from boardroom.games.exchange.control import reveal_with_control
from boardroom.games.exchange.draft import Draft
from boardroom.games.exchange.events import ownership_record
from boardroom.games.exchange.ledger import CASH, MARKET, STATE, account_firm, firm_account
from boardroom.games.exchange.settlement import as_text, owed, payouts, solve
from boardroom.games.exchange.state import ExchangeState
from boardroom.kernel import Json


def piece_values(state: ExchangeState) -> dict[int, int]:
    """Each firm's pieces on the board, valued at ``value_man`` / ``value_king``."""
    rules = state.ruleset
    values = dict.fromkeys(sorted(state.firms), 0)
    for piece in state.board.pieces():
        firm = state.firm_of_piece(piece.id)
        if firm is not None:
            values[firm] += rules.value_king if piece.king else rules.value_man
    return values


def stakes_of(state: ExchangeState) -> dict[int, dict[int, int]]:
    """What each firm holds of the others."""
    return {n: state.ledger.holdings(firm_account(n)) for n in sorted(state.firms)}


def ultimate_holders(state: ExchangeState) -> dict[str, dict[int, int]]:
    """Holdings of everyone who is not a firm (players and the State)."""
    ledger = state.ledger
    return {
        acc: ledger.holdings(acc)
        for acc in ledger.accounts()
        if acc != MARKET and account_firm(acc) is None and ledger.holdings(acc)
    }


def settle(draft: Draft, reason: str) -> None:
    """Value every firm exactly, pay every holding out, publish the results."""
    state = draft.state
    shares = state.ruleset.shares_per_firm
    pieces = piece_values(state)
    own = {n: state.ledger.balance(firm_account(n), CASH) + pieces[n] for n in sorted(state.firms)}
    stakes = stakes_of(state)
    solved = solve(sorted(state.firms), stakes, shares)
    values = solved.values(own)
    holders = ultimate_holders(state)
    paid = payouts(own, solved.parts(holders), owed(values, holders, shares))
    draft.emit(
        "settled",
        values={str(n): as_text(v) for n, v in values.items()},
        per_share={str(n): as_text(v / shares) for n, v in values.items()},
        pieces={str(n): amount for n, amount in pieces.items()},
        payments={str(n): p for n, p in paid.items()},
    )
    draft.emit("game_ended", reason=reason, results=results(state, values, reason))


def _ranks(scores: list[int | Fraction]) -> list[int]:
    """Competition ranks (1, 2, 2, 4) of scores sorted best first."""
    ranks: list[int] = []
    for i, score in enumerate(scores):
        ranks.append(ranks[-1] if i and score == scores[i - 1] else i + 1)
    return ranks


def starting_worth(state: ExchangeState) -> dict[str, int]:
    """Each player's worth at the start: cash plus the starting holdings at the nominal price.

    >>> from boardroom.games.exchange.setup import initial_state
    >>> state = initial_state({"players": [{"id": "p1", "name": "A"}, {"id": "p2", "name": "B"}],
    ...     "directors": {"1": "p1", "2": "p1"}})
    >>> starting_worth(state)  # 200 cash each; p1 also 2 × 5 shares at 10
    {'p1': 300, 'p2': 200}
    """
    first = state.history[0] if state.history else {"holdings": {}, "cash": {}}
    nominal = state.ruleset.nominal_price
    out: dict[str, int] = {}
    for p in state.players:
        held = first["holdings"].get(p, {})
        out[p] = first["cash"].get(p, state.ruleset.player_cash) + nominal * sum(held.values())
    return out


def results(state: ExchangeState, values: dict[int, Fraction], reason: str) -> Json:
    """Players by wealth and by gain over their starting worth, firms by value, the board,
    and the reveal."""
    starts = starting_worth(state)
    wealth = {p: state.ledger.balance(p, CASH) for p in state.players}
    gain = {p: wealth[p] - starts[p] for p in state.players}
    by_wealth = sorted(state.players, key=lambda p: (-wealth[p], p))
    by_gain = sorted(state.players, key=lambda p: (-gain[p], p))
    gain_rank = dict(zip(by_gain, _ranks([gain[p] for p in by_gain]), strict=True))
    firms = sorted(values, key=lambda n: (-values[n], n))
    return {
        "reason": reason,
        "year": state.year,
        "board": state.board_result or {"winner": None, "reason": "undecided"},
        "players": [
            {
                "player": p,
                "name": state.players[p],
                "wealth": wealth[p],
                "start": starts[p],
                "gain": gain[p],
                "rank": rank,
                "gain_rank": gain_rank[p],
            }
            for p, rank in zip(by_wealth, _ranks([wealth[p] for p in by_wealth]), strict=True)
        ],
        "firms": [
            {
                "firm": n,
                "value": as_text(values[n]),
                "per_share": as_text(values[n] / state.ruleset.shares_per_firm),
                "director": state.firms[n].director,
                "rank": rank,
            }
            for n, rank in zip(firms, _ranks([values[n] for n in firms]), strict=True)
        ],
        "state": {"wealth": state.ledger.balance(STATE, CASH)},
        "reveal": reveal_with_control(
            [*state.history, {**ownership_record(state, state.year), "final": True}],
            state.ruleset.shares_per_firm,
        ),
    }
