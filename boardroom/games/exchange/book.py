"""The order book of one stock: limit orders, price–time priority, partial fills.

Matching is a pure function: :func:`fills_for` says which resting orders an
incoming order trades with, at the resting order's price, best price first and,
at one price, the earliest order first. Applying the fills is the evolve step.

>>> book = Book()
>>> book.add(Order("o1", "p1", 3, "sell", 5, 12, 1))
>>> book.add(Order("o2", "p2", 3, "sell", 5, 11, 2))
>>> [(f.order, f.qty, f.price) for f in fills_for(book, Order("o3", "p3", 3, "buy", 7, 12, 3))]
[('o2', 5, 11), ('o1', 2, 12)]
>>> book.depth()
{'bids': [], 'asks': [[11, 5], [12, 5]]}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from boardroom.kernel import Json

SIDES: Final = ("buy", "sell")


class Order:
    """A limit order; ``qty`` is what is still open, ``seq`` its place in time.

    Immutable and compared by its fields (a plain class with its own ``__init__``:
    compiled by mypyc, a dataclass's generated one would run interpreted).

    >>> Order("o1", "p1", 3, "sell", 5, 12, 1, "p1")  # doctest: +ELLIPSIS
    Order(id='o1', account='p1', stock=3, side='sell', qty=5, price=12, seq=1, by='p1', ...)
    >>> Order("o1", "p1", 3, "sell", 5, 12, 1) == Order("o1", "p1", 3, "sell", 5, 12, 1)
    True
    """

    def __init__(
        self,
        id: str,
        account: str,
        stock: int,
        side: str,
        qty: int,
        price: int,
        seq: int,
        by: str = "",
        privatization: bool = False,
    ) -> None:
        self.id: Final = id
        self.account: Final = account
        self.stock: Final = stock
        self.side: Final = side
        self.qty: Final = qty
        self.price: Final = price
        self.seq: Final = seq
        self.by: Final = by
        self.privatization: Final = privatization

    def _fields(self) -> tuple[str, str, int, str, int, int, int, str, bool]:
        head = (self.id, self.account, self.stock, self.side, self.qty, self.price, self.seq)
        return (*head, self.by, self.privatization)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Order) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        names = ("id", "account", "stock", "side", "qty", "price", "seq", "by", "privatization")
        shown = ", ".join(f"{n}={v!r}" for n, v in zip(names, self._fields(), strict=True))
        return f"Order({shown})"

    def __reduce__(self) -> tuple[type[Order], tuple[str, str, int, str, int, int, int, str, bool]]:
        """Pickled by its fields (a saved state holds orders).

        >>> import pickle
        >>> order = Order("o1", "p1", 3, "sell", 5, 12, 1)
        >>> pickle.loads(pickle.dumps(order)) == order
        True
        """
        return (Order, self._fields())

    def with_qty(self, qty: int) -> Order:
        """The same order with ``qty`` left open."""
        head = (self.id, self.account, self.stock, self.side, qty, self.price, self.seq)
        return Order(*head, self.by, self.privatization)

    @property
    def reserved_cash(self) -> int:
        """The cash a buy order keeps locked for what is still open."""
        return self.qty * self.price if self.side == "buy" else 0

    def crosses(self, price: int) -> bool:
        """Would this order trade with an opposite order at ``price``?

        >>> Order("o1", "p1", 1, "buy", 1, 10, 1).crosses(9)
        True
        """
        return price <= self.price if self.side == "buy" else price >= self.price

    def as_json(self) -> Json:
        return {
            "order": self.id,
            "account": self.account,
            "stock": self.stock,
            "side": self.side,
            "qty": self.qty,
            "price": self.price,
        }


class Fill:
    """One trade an incoming order makes with a resting order."""

    def __init__(self, order: str, account: str, qty: int, price: int) -> None:
        self.order: Final = order
        self.account: Final = account
        self.qty: Final = qty
        self.price: Final = price


def _priority(order: Order) -> tuple[int, int]:
    return (-order.price if order.side == "buy" else order.price, order.seq)


@dataclass(init=False)
class Book:
    """The open orders of one stock, each side in priority order.

    A copy shares both sides with its original until one of the two changes
    (copy on write): a draft of the state copies only the books a command touches.

    >>> book = Book()
    >>> book.add(Order("o1", "p1", 3, "sell", 5, 12, 1))
    >>> draft = book.copy()
    >>> draft.add(Order("o2", "p2", 3, "sell", 5, 11, 2))
    >>> len(book.asks), len(draft.asks)
    (1, 2)
    """

    bids: list[Order] = field(default_factory=list)
    asks: list[Order] = field(default_factory=list)
    shared: bool = field(default=False, compare=False, repr=False)
    """Whether ``bids`` and ``asks`` may be shared with a copy (then copied before a change)."""
    levels: Json | None = field(default=None, compare=False, repr=False)
    """The :meth:`depth` made since the last change, if any (shared, read only)."""

    def __init__(
        self,
        bids: list[Order] | None = None,
        asks: list[Order] | None = None,
        shared: bool = False,
        levels: Json | None = None,
    ) -> None:
        self.bids = [] if bids is None else bids
        self.asks = [] if asks is None else asks
        self.shared = shared
        self.levels = levels

    def __reduce__(
        self,
    ) -> tuple[type[Book], tuple[list[Order], list[Order], bool, Json | None]]:
        return (Book, (self.bids, self.asks, self.shared, self.levels))

    def copy(self) -> Book:
        """An independent copy (sharing the orders until either side changes)."""
        self.shared = True
        return Book(self.bids, self.asks, True, self.levels)

    def _owned(self) -> None:
        self.levels = None
        if self.shared:
            self.bids, self.asks, self.shared = list(self.bids), list(self.asks), False

    def side(self, side: str) -> list[Order]:
        return self.bids if side == "buy" else self.asks

    def add(self, order: Order) -> None:
        """Rest an order in its place by price, then time."""
        self._owned()
        orders = self.side(order.side)
        key = _priority(order)
        low, high = 0, len(orders)
        while low < high:  # bisect_right by _priority, without calling it through Python
            middle = (low + high) // 2
            if key < _priority(orders[middle]):
                high = middle
            else:
                low = middle + 1
        orders.insert(low, order)

    def find(self, order_id: str) -> Order | None:
        for order in (*self.bids, *self.asks):
            if order.id == order_id:
                return order
        return None

    def reduce(self, order_id: str, qty: int) -> Order:
        """Take ``qty`` off an order (a fill or a cancel); it leaves the book at zero."""
        self._owned()
        for orders in (self.bids, self.asks):
            for index, order in enumerate(orders):
                if order.id == order_id:
                    if not 0 < qty <= order.qty:
                        raise ValueError(f"cannot take {qty} off {order_id} ({order.qty} open)")
                    if qty == order.qty:
                        del orders[index]
                    else:
                        orders[index] = order.with_qty(order.qty - qty)
                    return order
        raise KeyError(order_id)

    def orders(self) -> list[Order]:
        return [*self.bids, *self.asks]

    def best(self, side: str) -> int | None:
        orders = self.side(side)
        return orders[0].price if orders else None

    def is_crossed(self) -> bool:
        bid, ask = self.best("buy"), self.best("sell")
        return bid is not None and ask is not None and bid >= ask

    def depth(self) -> Json:
        """The public book: price levels and sizes, best first, no names.

        Made once until the book changes (every view shows it): read it, never change it.

        >>> book = Book()
        >>> book.add(Order("o1", "p1", 3, "buy", 5, 12, 1))
        >>> book.depth() is book.depth() is book.copy().depth()
        True
        >>> book.reduce("o1", 2).qty, book.depth()
        (5, {'bids': [[12, 3]], 'asks': []})
        """
        if self.levels is None:
            self.levels = {"bids": _levels(self.bids), "asks": _levels(self.asks)}
        return self.levels


def _levels(orders: list[Order]) -> list[list[int]]:
    levels: list[list[int]] = []
    for order in orders:
        if levels and levels[-1][0] == order.price:
            levels[-1][1] += order.qty
        else:
            levels.append([order.price, order.qty])
    return levels


def fills_for(book: Book, incoming: Order) -> list[Fill]:
    """The trades ``incoming`` makes against the book, in priority order.

    Matching stops at the first resting order that does not cross, or at one of
    the same account (callers refuse such orders beforehand: no self-trade).
    """
    fills: list[Fill] = []
    left = incoming.qty
    for resting in book.side("sell" if incoming.side == "buy" else "buy"):
        if left == 0 or not incoming.crosses(resting.price) or resting.account == incoming.account:
            break
        qty = min(left, resting.qty)
        fills.append(Fill(resting.id, resting.account, qty, resting.price))
        left -= qty
    return fills


def would_self_trade(book: Book, incoming: Order) -> bool:
    """Does ``incoming`` cross an open order of its own account?

    >>> book = Book([Order("o1", "p1", 2, "buy", 1, 12, 1)], [])
    >>> would_self_trade(book, Order("o2", "p1", 2, "sell", 1, 12, 2))
    True
    """
    opposite = book.side("sell" if incoming.side == "buy" else "buy")
    return any(o.account == incoming.account and incoming.crosses(o.price) for o in opposite)
