"""What every market, vote and board strategy shares: the context of one decision.

A robot seat decides from its own view only (``boardroom.games.exchange.views.view``
for that seat). Each time it is asked, its strategies get the view and a
:class:`Context`: the seat, the time, a seeded random source, the seat's
:class:`Memory` (what it has noted from earlier views) and a :class:`Purse`.

The purse is the seat's money and shares *as its view shows them*, kept up to
date while the strategies add commands to one batch, so a batch never spends the
same cash twice, never sells a share twice and never crosses the seat's own
orders (the core would refuse those).

>>> seen = {"seat": "p1", "ruleset": {"shares_per_firm": 20}, "accounts": {"p1": {
...     "cash": 100, "reserved": 0, "holdings": {"3": 5}, "reserved_shares": {},
...     "orders": []}}}
>>> purse = Purse.from_view(seen)
>>> purse.buy("p1", 2, 4, 20)["qty"], purse.free_cash("p1")
(4, 20)
>>> purse.buy("p1", 2, 4, 20) is None
True
>>> purse.sell("p1", 3, 5, 12)["side"], purse.free_shares("p1", 3)
('sell', 0)
>>> purse.buy("p1", 3, 1, 12) is None  # would trade with its own ask
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final, Protocol

from boardroom.bots.valuation import Valuation, Valued, years_left
from boardroom.kernel import Json


class Strategy(Protocol):
    """One part of a robot seat: given the seat's view, the commands it wants sent now.

    A strategy returns commands without ``by`` (the seat adds it). It must only
    return commands the view shows to be legal, using the purse for money and
    shares; a strategy with nothing to do returns an empty list.
    """

    name: str
    phases: frozenset[str]
    """The phases in which it may act (a seat is not asked in other phases)."""

    def act(self, seen: Json, ctx: Context) -> list[Json]:
        """The commands to send now (may be empty)."""
        ...


@dataclass
class Memory:
    """What a seat has noted from its own earlier views (nothing anyone else told it).

    ``retained`` is each firm's estimated retained earnings per year, worked out
    from the public earnings and payout; ``called`` the meetings this seat has
    called, as ``(year, firm)``; ``notes`` is free for strategies.
    """

    retained: dict[int, dict[int, int]] = field(default_factory=dict)
    called: set[tuple[int, int]] = field(default_factory=set)
    notes: dict[str, object] = field(default_factory=dict)
    valued: dict[int, Valued] = field(default_factory=dict, compare=False, repr=False)
    """Each firm's last fair value with what it was worked out from (see
    :meth:`boardroom.bots.valuation.Valuation.fair_value`)."""
    accounts: dict[str, AccountParts] = field(default_factory=dict, compare=False, repr=False)
    """What each of the seat's accounts' last entry was read into (:meth:`Purse.from_view`)."""
    fairs: FairValues | None = field(default=None, compare=False, repr=False)
    """The fair values of the last batch, with the figures they were worked out from."""

    def fair_values(self, seen: Json) -> dict[int, float]:
        """The fair values already worked out on views like ``seen``: the last batch's when
        its firms' entries (the very object: views are read only and keep it while no firm
        changes), ruleset, years left and retained years are the same, else none.

        >>> memory, seen = Memory(), {"phase": "exchange", "opening": False, "year": 1,
        ...     "years": 6, "board_result": None, "firms": {}, "ruleset": {}}
        >>> memory.fair_values(seen) is memory.fair_values(seen)
        True
        >>> memory.fair_values({**seen, "year": 2}) is memory.fair_values(seen)
        False
        """
        years, years_seen = years_left(seen), len(self.retained)
        known = self.fairs
        if (
            known is not None
            and known[0] is seen["firms"]
            and known[1] is seen["ruleset"]
            and known[2] == years
            and known[3] == years_seen
        ):
            return known[4]
        fairs: dict[int, float] = {}
        self.fairs = (seen["firms"], seen["ruleset"], years, years_seen, fairs)
        return fairs

    def observe(self, seen: Json) -> None:
        """Note each firm's retained earnings of the year once its dividends are paid.

        >>> memory = Memory()
        >>> firm = {"earnings": 100, "payout": 50}
        >>> memory.observe({"phase": "exchange", "opening": False, "year": 1,
        ...                 "ruleset": {"tax_rate": 20, "shares_per_firm": 20},
        ...                 "firms": {"1": firm}})
        >>> memory.retained  # E=100, tax 20, dividend 40 → 2 a share; 100-20-40 kept
        {1: {1: 40}}
        """
        if seen["phase"] not in ("exchange", "meeting_calls", "meetings") or seen["opening"]:
            return
        year = seen["year"]
        if year in self.retained:
            return
        rules = seen["ruleset"]
        self.retained[year] = {
            int(n): retained_earnings(f["earnings"], f["payout"], rules)
            for n, f in seen["firms"].items()
        }

    def retained_total(self, firm: int) -> int:
        """Everything the firm is estimated to have kept so far.

        >>> Memory(retained={1: {3: 24}, 2: {3: 30}}).retained_total(3)
        54
        """
        total = 0
        for year in self.retained.values():
            total += year.get(firm, 0)
        return total


def retained_earnings(earnings: int, payout: int, rules: Json) -> int:
    """What a firm keeps of a year's earnings after tax and dividends (the core's formulas).

    >>> retained_earnings(30, 50, {"tax_rate": 20, "shares_per_firm": 20})
    24
    """
    shares = int(rules["shares_per_firm"])
    tax = int(rules["tax_rate"]) * max(earnings, 0) // 100
    after_tax = earnings - tax
    dividend = payout * after_tax // 100 if after_tax > 0 else 0
    return earnings - tax - dividend // shares * shares


@dataclass(init=False)
class OwnOrder:
    """One of the seat's open orders, as its view shows it (``__init__`` written out:
    compiled by mypyc, it then runs natively, not as the one :mod:`dataclasses` makes)."""

    order: str
    account: str
    stock: int
    side: str
    qty: int
    price: int

    def __init__(
        self, order: str, account: str, stock: int, side: str, qty: int, price: int
    ) -> None:
        self.order = order
        self.account = account
        self.stock = stock
        self.side = side
        self.qty = qty
        self.price = price


@dataclass(init=False)
class Purse:
    """The seat's free cash and shares per account and its open orders, kept up to date
    as commands are added to a batch (buys reserve cash, sells shares, cancels free them).

    Firm accounts never buy here: whether firms together would hold every share of a
    firm depends on other firms' holdings, which a seat cannot see.
    """

    shares_per_firm: int
    cash: dict[str, int]
    shares: dict[str, dict[int, int]]
    holdings: dict[str, dict[int, int]]
    orders: dict[str, OwnOrder]
    pending: list[OwnOrder]
    by_stock: dict[str, dict[int, list[OwnOrder]]] | None = field(
        default=None, compare=False, repr=False
    )
    """The open orders (those of the view, then this batch's) by account and stock, oldest
    first: made at the first :meth:`open_orders` (a robot asks for each stock and side)."""

    def __init__(
        self,
        shares_per_firm: int,
        cash: dict[str, int] | None = None,
        shares: dict[str, dict[int, int]] | None = None,
        holdings: dict[str, dict[int, int]] | None = None,
        orders: dict[str, OwnOrder] | None = None,
        pending: list[OwnOrder] | None = None,
    ) -> None:
        self.shares_per_firm = shares_per_firm
        self.cash = {} if cash is None else cash
        self.shares = {} if shares is None else shares
        self.holdings = {} if holdings is None else holdings
        self.orders = {} if orders is None else orders
        self.pending = [] if pending is None else pending
        self.by_stock = None

    @staticmethod
    def from_view(seen: Json, known: dict[str, AccountParts] | None = None) -> Purse:
        """The purse of the accounts the view shows as the seat's own.

        ``known`` keeps what each account's entry was read into, by account: the parts
        of an entry that are the very objects read last time (views are read only, and
        keep an account's holdings, reserved shares and orders while they do not change)
        are not read again.
        """
        purse = Purse(seen["ruleset"]["shares_per_firm"])
        for name, account in seen.get("accounts", {}).items():
            parts = None if known is None else known.get(name)
            if parts is None or not parts.reads(account):
                parts = AccountParts(account, parts)
                if known is not None:
                    known[name] = parts
            purse.cash[name] = account["cash"] - account["reserved"]
            purse.holdings[name] = parts.held
            purse.shares[name] = dict(parts.shares)
            purse.orders.update(parts.orders)
        return purse

    def accounts(self) -> list[str]:
        return sorted(self.cash)

    def free_cash(self, account: str) -> int:
        return self.cash.get(account, 0)

    def free_shares(self, account: str, stock: int) -> int:
        return self.shares.get(account, {}).get(stock, 0)

    def held(self, account: str, stock: int) -> int:
        return self.holdings.get(account, {}).get(stock, 0)

    def open_orders(self, account: str, stock: int, side: str | None = None) -> list[OwnOrder]:
        """The account's open orders on ``stock`` (one side or both), oldest first."""
        found = self._open(account, stock)
        if not found:
            return []
        if side is None:
            return list(found)
        return [o for o in found if o.side == side]

    def open_qty(self, account: str, stock: int, side: str) -> int:
        """How many shares the account's open orders on ``stock`` and ``side`` are for."""
        qty = 0
        for o in self._open(account, stock):
            if o.side == side:
                qty += o.qty
        return qty

    def _open(self, account: str, stock: int) -> list[OwnOrder]:
        """The index's list of the account's open orders on ``stock`` (never change it)."""
        index = self.by_stock
        if index is None:
            index = self.by_stock = {}
            for o in self.orders.values():
                _index(index, o)
            for o in self.pending:
                _index(index, o)
        stocks = index.get(account)
        found = None if stocks is None else stocks.get(stock)
        return _NONE if found is None else found

    def all_orders(self) -> list[OwnOrder]:
        """Every open order of the seat: those its view shows, then those of this batch."""
        if not self.pending:
            return list(self.orders.values())
        return [*self.orders.values(), *self.pending]

    def crosses_own(self, account: str, stock: int, side: str, price: int) -> bool:
        """Would an order trade with one of the account's own open orders?"""
        buying = side == "buy"
        for o in self._open(account, stock):
            if o.side == side:
                continue
            if (buying and o.price <= price) or (side == "sell" and o.price >= price):
                return True
        return False

    def buy(self, account: str, stock: int, qty: int, price: int) -> Json | None:
        """A buy order the core will accept, or None (no cash, a firm account, own ask)."""
        qty = _least(qty, self.shares_per_firm)
        if (
            qty < 1
            or price < 1
            or account.startswith("firm:")
            or account not in self.cash
            or qty * price > self.cash[account]
            or self.crosses_own(account, stock, "buy", price)
        ):
            return None
        self.cash[account] -= qty * price
        return self._order(account, stock, "buy", qty, price)

    def sell(self, account: str, stock: int, qty: int, price: int) -> Json | None:
        """A sell order the core will accept, or None (too few free shares, own bid)."""
        qty = _least(_least(qty, self.shares_per_firm), self.free_shares(account, stock))
        if qty < 1 or price < 1 or self.crosses_own(account, stock, "sell", price):
            return None
        self.shares[account][stock] -= qty
        return self._order(account, stock, "sell", qty, price)

    def _order(self, account: str, stock: int, side: str, qty: int, price: int) -> Json:
        order = OwnOrder("", account, stock, side, qty, price)
        self.pending.append(order)
        if self.by_stock is not None:
            _index(self.by_stock, order)
        return {
            "type": "order",
            "account": account,
            "stock": stock,
            "side": side,
            "qty": qty,
            "price": price,
        }

    def cancel(self, order_id: str) -> Json | None:
        """Cancel one of the seat's open orders (freeing what it reserved)."""
        order = self.orders.pop(order_id, None)
        if order is None:
            return None
        if self.by_stock is not None:
            same = self.by_stock[order.account][order.stock]
            for i, o in enumerate(same):
                if o is order:
                    del same[i]
                    break
        if order.side == "buy":
            self.cash[order.account] = self.cash.get(order.account, 0) + order.qty * order.price
        else:
            shares = self.shares.setdefault(order.account, {})
            shares[order.stock] = shares.get(order.stock, 0) + order.qty
        return {"type": "cancel", "order": order_id}


FairValues = tuple[Json, Json, int, int, dict[int, float]]
"""Fair values by firm, with the firms' entries, the ruleset, the years left and the years of
retained earnings they were worked out from."""


class AccountParts:
    """One account's entry of a view as a purse reads it: holdings, free shares and open
    orders (read only: a purse copies what it changes), with the entry's parts they were
    read from; what ``last`` read from the very same parts is taken from it."""

    def __init__(self, account: Json, last: AccountParts | None = None) -> None:
        holdings: Json = account["holdings"]
        reserved: Json = account["reserved_shares"]
        orders: list[Json] = account["orders"]
        self.holdings_json, self.reserved_json, self.orders_json = holdings, reserved, orders
        self.held: dict[int, int]
        self.shares: dict[int, int]
        self.orders: dict[str, OwnOrder]
        if last is not None and last.holdings_json is holdings and last.reserved_json is reserved:
            self.held, self.shares = last.held, last.shares
        else:
            held = {_number(s): n for s, n in holdings.items()}
            locked = {_number(s): n for s, n in reserved.items()}
            self.held = held
            self.shares = {s: n - locked.get(s, 0) for s, n in held.items()}
        if last is not None and last.orders_json is orders:
            self.orders = last.orders
        else:
            self.orders = {}
            for order in orders:
                number: str = order["order"]
                self.orders[number] = OwnOrder(
                    number,
                    order["account"],
                    order["stock"],
                    order["side"],
                    order["qty"],
                    order["price"],
                )

    def reads(self, account: Json) -> bool:
        """Are the entry's parts the very ones read here?"""
        return (
            account["holdings"] is self.holdings_json
            and account["reserved_shares"] is self.reserved_json
            and account["orders"] is self.orders_json
        )


_NONE: list[OwnOrder] = []
"""No orders (shared, never changed)."""


def _index(index: dict[str, dict[int, list[OwnOrder]]], order: OwnOrder) -> None:
    """Add ``order`` to an index of orders by account and stock (after the others)."""
    stocks = index.get(order.account)
    if stocks is None:
        stocks = index[order.account] = {}
    same = stocks.get(order.stock)
    if same is None:
        stocks[order.stock] = [order]
    else:
        same.append(order)


_NUMBERS: dict[str, int] = {str(n): n for n in range(100)}


def _number(text: str) -> int:
    """``int(text)`` for a stock's number as a view's keys give it (read from a table).

    >>> _number("7"), _number("123")
    (7, 123)
    """
    number = _NUMBERS.get(text)
    return int(text) if number is None else number


def _least(a: int, b: int) -> int:
    """``min(a, b)`` (the builtin is a slow call from compiled code)."""
    return b if b < a else a


@dataclass(init=False)
class Context:
    """One decision of one seat: who, when, its random source, memory and purse."""

    seat: str
    now: float
    rng: random.Random
    memory: Memory
    purse: Purse
    claimed: set[tuple[str, int]]
    """Holdings ``(holder, firm)`` whose vote a strategy has already decided in this batch."""
    fairs: dict[int, float] | None
    """Fair values worked out on this batch's view (or an earlier one of the same figures:
    :meth:`Memory.fair_values`), made at the first fair value."""
    valuation: Valuation | None
    """The batch's view's figures for valuing firms (made at the first fair value)."""

    def __init__(
        self, seat: str, now: float, rng: random.Random, memory: Memory, purse: Purse
    ) -> None:
        self.seat = seat
        self.now = now
        self.rng = rng
        self.memory = memory
        self.purse = purse
        self.claimed = set()
        self.fairs = None
        self.valuation = None

    def fair_value(self, seen: Json, firm: int) -> float:
        """The firm's fair value on ``seen``, the batch's view, worked out once per batch."""
        fairs = self.fairs
        if fairs is None:
            fairs = self.fairs = self.memory.fair_values(seen)
        known = fairs.get(firm)
        if known is None:
            if self.valuation is None:
                self.valuation = Valuation(seen, self.memory)
            known = fairs[firm] = self.valuation.fair_value(firm)
        return known


def directs(seen: Json, seat: str, firm: int) -> bool:
    """Does ``seat`` act for ``firm`` (its director, or the host for a firm without one)?

    >>> directs({"firms": {"3": {"director": "p2"}}}, "p2", 3)
    True
    >>> directs({"firms": {"3": {"director": None}}}, "host", 3)
    True
    """
    director = seen["firms"][_NAMES[firm] if 0 <= firm < len(_NAMES) else str(firm)]["director"]
    return bool(director == seat or (director is None and seat == "host"))


_NAMES: Final = tuple(str(n) for n in range(100))
"""``str(n)`` of a firm's number (a view's keys), read from a table."""


def acting(seen: Json, *phases: str) -> bool:
    """Is the game in one of ``phases`` and not paused (so commands of that phase are taken)?

    >>> acting({"phase": "exchange", "paused": False}, "exchange")
    True
    """
    return bool(seen["phase"] in phases and not seen["paused"])


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does (the same draws,
    the same order), without the interpreted loop of :mod:`random` (compiled, it is
    several times faster; a robot shuffles its stocks at every wake).

    >>> mine, theirs = list(range(8)), list(range(8))
    >>> shuffle(random.Random(4), mine); random.Random(4).shuffle(theirs)
    >>> mine == theirs
    True
    """
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
