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
>>> from boardroom.bots.context import Memory
>>> fair_value(seen, 1, Memory())  # (100 + 6 years x 30 x 0.8 + 3 x 20) / 20
15.2
"""

from __future__ import annotations

from typing import Final, Protocol

from boardroom.kernel import Json


class Memory(Protocol):
    """What a valuation reads from a seat's memory and notes in it (the context's
    :class:`boardroom.bots.context.Memory` is one; this module does not import it: the
    context imports this one, to value a batch of firms once)."""

    @property
    def retained(self) -> dict[int, dict[int, int]]: ...

    @property
    def valued(self) -> dict[int, Valued]: ...

    def retained_total(self, firm: int) -> int: ...


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


def firm_value(seen: Json, firm: int, memory: Memory) -> float:
    """The firm's expected net value at the end of the game."""
    return Valuation(seen, memory).firm_value(firm)


def fair_value(seen: Json, firm: int, memory: Memory) -> float:
    """The expected settlement value of one share of ``firm``."""
    return Valuation(seen, memory).fair_value(firm)


class Valuation:
    """:func:`firm_value` and :func:`fair_value` on one view, its figures common to every
    firm read once (a robot values every firm on each view it decides on).

    >>> seen = {"phase": "exchange", "opening": True, "year": 0, "years": 6,
    ...         "board_result": None,
    ...         "ruleset": {"income_man": 10, "income_king": 30, "value_man": 20,
    ...                     "value_king": 60, "tax_rate": 20, "firm_cash": 100,
    ...                     "shares_per_firm": 20},
    ...         "firms": {"1": {"pieces": [{"king": False}] * 3},
    ...                   "2": {"pieces": [{"king": True}], "cash": 90, "tax_due": 10}}}
    >>> from boardroom.bots.context import Memory
    >>> valuation = Valuation(seen, Memory())
    >>> valuation.fair_value(1), valuation.firm_value(2)  # 80 + 6 x 30 x 0.8 + 60
    (15.2, 284.0)
    """

    def __init__(self, seen: Json, memory: Memory) -> None:
        rules = seen["ruleset"]
        self.rules: Json = rules
        self.firms: dict[str, Json] = seen["firms"]
        self.memory = memory
        self.years = years_left(seen)
        self.income_man: int = rules["income_man"]
        self.income_king: int = rules["income_king"]
        self.value_man: int = rules["value_man"]
        self.value_king: int = rules["value_king"]
        self.kept = 100 - int(rules["tax_rate"])
        self.firm_cash = int(rules["firm_cash"])
        self.shares = int(rules["shares_per_firm"])

    def firm_value(self, firm: int) -> float:
        """The firm's expected net value at the end of the game (:func:`firm_value`)."""
        public = self.firms[str(firm)]
        pieces: list[Json] = public["pieces"]
        kings = 0
        for piece in pieces:
            if piece["king"]:
                kings += 1
        men = len(pieces) - kings
        income = men * self.income_man + kings * self.income_king
        value = men * self.value_man + kings * self.value_king
        after_tax = income * self.kept / 100
        if "cash" in public:
            cash = int(public["cash"]) - int(public.get("tax_due", 0))
        else:
            cash = self.firm_cash + self.memory.retained_total(firm)
        return cash + self.years * after_tax + value

    def fair_value(self, firm: int) -> float:
        """One share's expected settlement value (:func:`fair_value`).

        Remembered in the seat's memory with what it was worked out from: the firm's
        public entry (the object itself: views are read only, and a firm's entry is the
        same object from version to version until the firm changes), the ruleset, the
        years left and how many years of retained earnings the memory holds.
        """
        public = self.firms[_NAMES[firm] if 0 <= firm < len(_NAMES) else str(firm)]
        memory = self.memory
        years_seen = len(memory.retained)
        known = memory.valued.get(firm)
        if (
            known is not None
            and known[0] is public
            and known[1] is self.rules
            and known[2] == self.years
            and known[3] == years_seen
        ):
            return known[4]
        value = rounded(self.firm_value(firm) / self.shares)
        memory.valued[firm] = (public, self.rules, self.years, years_seen, value)
        return value


Valued = tuple[Json, Json, int, int, float]
"""A remembered fair value: the firm's public entry, the ruleset, the years left, the
years of retained earnings known, and the value."""

_NAMES: Final = tuple(str(n) for n in range(100))
"""``str(n)`` of a firm's number (a view's keys), read from a table."""

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
