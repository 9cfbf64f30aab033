"""The market's health in a lab game: how long each firm's book had someone on both sides.

:class:`BookClock` watches the state before every command the simulation sends: the
books change only at commands, so from one command to the next each book stood as it
was. Time in an exchange session counts; a firm's book is *two-sided* while it has a
player's (or a firm's) bid and a player's (or a firm's) ask — the State's privatization
asks do not count, they are not a market between players.

>>> from boardroom.games.exchange import RULES
>>> from boardroom.games.exchange.book import Order
>>> state = RULES.setup({"game": "exchange", "players": [{"id": "p1"}, {"id": "p2"}],
...                      "ruleset": {"opening_session": False}})
>>> clock = BookClock()
>>> clock.observe(state, 0.0)
>>> state.phase = "exchange"
>>> state.books[3].add(Order("o1", "p1", 3, "buy", 1, 9, 1))
>>> state.books[3].add(Order("o2", "p2", 3, "sell", 1, 11, 2))
>>> clock.observe(state, 10.0)  # setup until 10: no session time yet
>>> clock.observe(state, 40.0)
>>> clock.shares()[3], clock.shares()[1], clock.session
(1.0, 0.0, 30.0)
"""

from __future__ import annotations

from typing import Final

from boardroom.games.exchange import ExchangeState
from boardroom.games.exchange.book import Order
from boardroom.games.exchange.ledger import STATE
from boardroom.games.exchange.ruleset import FIRMS

SESSION: Final = "exchange"


def _private(orders: list[Order]) -> bool:
    return any(order.account != STATE for order in orders)


class BookClock:
    """Session time, and each firm's time with a two-sided book of private orders."""

    def __init__(self) -> None:
        self.last = 0.0
        self.phase = ""
        self.both: dict[int, bool] = dict.fromkeys(FIRMS, False)
        self.session = 0.0
        self.two_sided: dict[int, float] = dict.fromkeys(FIRMS, 0.0)

    def observe(self, state: ExchangeState, now: float) -> None:
        """The state as it stands at ``now``, before the next command changes it."""
        span = now - self.last
        if self.phase == SESSION and span > 0:
            self.session += span
            for firm, both in self.both.items():
                if both:
                    self.two_sided[firm] += span
        self.last = now
        self.phase = state.phase
        if state.phase == SESSION:
            for firm in FIRMS:
                book = state.books[firm]
                self.both[firm] = _private(book.bids) and _private(book.asks)

    def shares(self) -> dict[int, float]:
        """Each firm's share of the session time with a two-sided book (0 without sessions)."""
        if self.session <= 0:
            return dict.fromkeys(FIRMS, 0.0)
        return {firm: round(t / self.session, 4) for firm, t in self.two_sided.items()}
