"""What a share is worth, from public information only (the firm's pieces, its published
earnings and payout, the ruleset) and, for a firm the seat directs, its own books.

A share's fair value is the firm's expected net value at the end, per share:
the cash it has (known to its director, otherwise estimated from the starting cash
and the earnings the firm is seen to retain each year), plus what its pieces will
earn after tax in the years left, plus what the pieces are worth in the final
settlement. Dividends and retained cash both end up with the shareholders (§5, §8),
so the payout moves *when* a holder is paid, not how much.

>>> seen = {"phase": "exchange", "opening": True, "year": 0, "years": 6,
...         "board_result": None,
...         "ruleset": {"income_man": 10, "income_king": 30, "value_man": 20,
...                     "value_king": 60, "tax_rate": 20, "firm_cash": 100,
...                     "shares_per_firm": 20},
...         "firms": {"1": {"pieces": [{"king": False}] * 3}}}
>>> fair_value(seen, 1, Memory())  # (100 + 6 years x 30 x 0.8 + 3 x 20) / 20
15.2
"""

from __future__ import annotations

from boardroom.bots.context import Memory
from boardroom.kernel import Json


def years_left(seen: Json) -> int:
    """Board years still to be played whose income is not yet booked.

    >>> years_left({"phase": "board", "year": 2, "years": 6, "opening": False,
    ...             "board_result": None})
    5
    >>> years_left({"phase": "exchange", "year": 2, "years": 6, "opening": False,
    ...             "board_result": None})
    4
    """
    if seen["board_result"] is not None:
        return 0
    year, years = int(seen["year"]), int(seen["years"])
    if seen["phase"] == "board":
        return max(years - year + 1, 0)
    if seen["opening"] or year == 0:
        return years
    return max(years - year, 0)


def piece_figures(firm: Json, rules: Json) -> tuple[int, int]:
    """The firm's yearly operating income and the final value of its pieces now.

    >>> piece_figures({"pieces": [{"king": False}, {"king": True}]},
    ...               {"income_man": 10, "income_king": 30, "value_man": 20, "value_king": 60})
    (40, 80)
    """
    pieces: list[Json] = firm["pieces"]
    kings = 0
    for piece in pieces:
        if piece["king"]:
            kings += 1
    men = len(pieces) - kings
    income: int = men * rules["income_man"] + kings * rules["income_king"]
    value: int = men * rules["value_man"] + kings * rules["value_king"]
    return income, value


def firm_cash(seen: Json, firm: int, memory: Memory) -> int:
    """The firm's cash: exact for its director (the view shows it), else estimated."""
    public = seen["firms"][str(firm)]
    if "cash" in public:
        return int(public["cash"]) - int(public.get("tax_due", 0))
    return int(seen["ruleset"]["firm_cash"]) + memory.retained_total(firm)


def firm_value(seen: Json, firm: int, memory: Memory) -> float:
    """The firm's expected net value at the end of the game."""
    rules = seen["ruleset"]
    income, pieces = piece_figures(seen["firms"][str(firm)], rules)
    after_tax = income * (100 - int(rules["tax_rate"])) / 100
    return firm_cash(seen, firm, memory) + years_left(seen) * after_tax + pieces


def fair_value(seen: Json, firm: int, memory: Memory) -> float:
    """The expected settlement value of one share of ``firm``."""
    return rounded(firm_value(seen, firm, memory) / int(seen["ruleset"]["shares_per_firm"]))


_ROUNDED: dict[float, float] = {}
"""``round(value, 4)`` of the values seen lately (a game's robots value the same firm at the
same figures again and again; the builtin is a slow call from compiled code)."""


def rounded(value: float) -> float:
    """``round(value, 4)``, remembered.

    >>> rounded(15.23456), rounded(2 / 3)
    (15.2346, 0.6667)
    """
    known = _ROUNDED.get(value)
    if known is None:
        if len(_ROUNDED) >= 4096:
            _ROUNDED.clear()
        known = _ROUNDED[value] = round(value, 4)
    return known


def best_ask(seen: Json, stock: int) -> tuple[int, int] | None:
    """The lowest public ask on ``stock``: (price, size), or None.

    >>> best_ask({"book": {"2": {"bids": [], "asks": [[11, 5], [12, 1]]}}}, 2)
    (11, 5)
    """
    asks = seen["book"][str(stock)]["asks"]
    return (asks[0][0], asks[0][1]) if asks else None


def best_bid(seen: Json, stock: int) -> tuple[int, int] | None:
    """The highest public bid on ``stock``: (price, size), or None."""
    bids = seen["book"][str(stock)]["bids"]
    return (bids[0][0], bids[0][1]) if bids else None
