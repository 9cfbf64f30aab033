"""Market robots for Exchange Draughts: a value trader, a raider and a noise trader.

Each is a :class:`boardroom.bots.context.Strategy`: it reads its seat's view
(public prices and book, its own accounts, the firms' public figures) and returns
orders, cancels and — for the raider — meeting calls, nominations and votes. Money
and shares go through the seat's purse, so no order overspends, oversells or
crosses the seat's own orders. Only the seat's own player account trades: a firm's
buy could be refused for a reason no seat can see (firms together holding every share).

>>> from boardroom.bots.context import Context, Memory, Purse
>>> import random
>>> seen = {"phase": "exchange", "paused": False, "opening": True, "year": 0, "years": 6,
...     "board_result": None, "prices": {"1": 10},
...     "ruleset": {"income_man": 10, "income_king": 30, "value_man": 20, "value_king": 60,
...                 "tax_rate": 20, "firm_cash": 100, "shares_per_firm": 20},
...     "firms": {"1": {"director": "p9", "pieces": [{"king": False}] * 3}},
...     "book": {"1": {"bids": [], "asks": [[10, 5]]}},
...     "accounts": {"p1": {"cash": 200, "reserved": 0, "holdings": {},
...                         "reserved_shares": {}, "orders": []}}}
>>> ctx = Context("p1", 0.0, random.Random(1), Memory(), Purse.from_view(seen))
>>> ValueTrader(firms=(1,)).act(seen, ctx)  # fair 15.2: bids 13, buys the State's lot at 10
[{'type': 'order', 'account': 'p1', 'stock': 1, 'side': 'buy', 'qty': 4, 'price': 13}]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from boardroom.bots.context import Context, acting, directs, shuffle
from boardroom.games.exchange.ruleset import FIRMS
from boardroom.kernel import Json


def _account(seen: Json, ctx: Context) -> str | None:
    """The seat's own player account (the host has none)."""
    return ctx.seat if ctx.seat in seen.get("accounts", {}) else None


def _fair(seen: Json, ctx: Context, stock: int) -> float:
    """The stock's fair value, worked out once per batch."""
    return ctx.fair_value(seen, stock)


def _wealth(seen: Json, ctx: Context, account: str, firms: Sequence[int]) -> float:
    """Free cash, cash locked in bids, and holdings at fair value."""
    purse = ctx.purse
    cash = purse.free_cash(account)
    for o in purse.all_orders():
        if o.side == "buy" and o.account == account:
            cash += o.qty * o.price * firms.count(o.stock)
    held = 0.0
    for s in firms:
        held += purse.held(account, s) * _fair(seen, ctx, s)
    return cash + held


class ValueTrader:
    """Buys a stock below its fair value and offers it above (valuation.fair_value).

    Strategy: for each firm, bid ``1 - edge`` times the fair value for up to a
    ``stake`` of its wealth in that stock (``lot`` shares at a time) and offer
    every free share at ``1 + edge`` times it, visiting the firms in a random order.
    ``bias`` makes one trader more optimistic than another; ``opinion`` draws, for each
    firm and session, a view within that fraction either side (what the trader makes of
    the board's prospects this year), so traders who bought last year may sell this
    year to those who now think more of the firm. Stale orders (at another price) are
    cancelled.

    With ``core`` (a director's account) it keeps that share of a firm its seat directs
    — enough to defend its seat — bidding its fair value for it and offering only what
    is beyond it; when someone bids more than ``threat`` over the fair value for that
    firm (control is being bought) it bids for a majority.
    """

    name = "value"
    phases = frozenset({"exchange"})

    def __init__(
        self,
        *,
        edge: float = 0.1,
        bias: float = 1.0,
        stake: float = 0.35,
        lot: int = 5,
        opinion: float = 0.0,
        core: float | None = None,
        threat: float = 0.15,
        firms: Sequence[int] = FIRMS,
    ) -> None:
        self.edge = edge
        self.bias = bias
        self.stake = stake
        self.lot = lot
        self.opinion = opinion
        self.core = core
        self.threat = threat
        self.firms = tuple(firms)

    def act(self, seen: Json, ctx: Context) -> list[Json]:
        account = _account(seen, ctx)
        if account is None or not acting(seen, "exchange"):
            return []
        wealth = _wealth(seen, ctx, account, self.firms)
        order = list(self.firms)
        shuffle(ctx.rng, order)  # no stock is always served first from a limited purse
        commands: list[Json] = []
        for stock in order:
            commands += self._stock(seen, ctx, account, stock, wealth)
        return commands

    def limits(self, fair: float) -> tuple[int, int]:
        """The bid and ask prices around a fair value.

        >>> ValueTrader(edge=0.1).limits(15.2)
        (13, 17)
        """
        bid = math.floor(fair * self.bias * (1 - self.edge))
        ask = max(math.ceil(fair * self.bias * (1 + self.edge)), bid + 1)
        return bid, ask

    def view_of(self, seen: Json, ctx: Context, stock: int) -> float:
        """This session's view of ``stock``: 1 ± up to ``opinion``, drawn once a session.

        >>> import random
        >>> from boardroom.bots.context import Context, Memory, Purse
        >>> purse = Purse.from_view({"ruleset": {"shares_per_firm": 20}, "accounts": {}})
        >>> ctx = Context("p1", 0.0, random.Random(2), Memory(), purse)
        >>> seen = {"year": 1, "opening": False}
        >>> trader = ValueTrader(opinion=0.1)
        >>> trader.view_of(seen, ctx, 3) == trader.view_of(seen, ctx, 3)
        True
        >>> 0.9 <= trader.view_of(seen, ctx, 3) <= 1.1, ValueTrader().view_of(seen, ctx, 3)
        (True, 1.0)
        """
        if self.opinion <= 0:
            return 1.0
        views = ctx.memory.notes.setdefault("views", {})
        assert isinstance(views, dict)
        key = (seen["year"], bool(seen["opening"]), stock)
        known = views.get(key)
        if known is None:
            known = views[key] = 1.0 + self.opinion * (2 * ctx.rng.random() - 1)
        return float(known)

    def _stock(
        self, seen: Json, ctx: Context, account: str, stock: int, wealth: float
    ) -> list[Json]:
        purse = ctx.purse
        fair = _fair(seen, ctx, stock) * self.view_of(seen, ctx, stock)
        bid, ask = self.limits(fair)
        keep, want = 0, 0
        room = math.floor(self.stake * wealth / max(fair, 1.0))
        held = purse.held(account, stock)
        if self.core is not None and directs(seen, ctx.seat, stock):
            keep = self._keep(seen, stock, fair)
            bid = max(bid, math.floor(fair * self.bias * (1 + (self.threat if keep > held else 0))))
            room = max(room, keep)
        commands = [
            c
            for o in purse.open_orders(account, stock)
            if o.price != (bid if o.side == "buy" else ask) and (c := purse.cancel(o.order))
        ]
        open_buys = purse.open_qty(account, stock, "buy")
        want = min(room - held - open_buys, self.lot)
        if bid >= 1 and want > 0 and fair > 0:
            order = purse.buy(account, stock, min(want, purse.free_cash(account) // bid), bid)
            commands += [order] if order else []
        spare = min(purse.free_shares(account, stock), held - keep)
        order = purse.sell(account, stock, spare, max(ask, bid + 1)) if spare > 0 else None
        return commands + ([order] if order else [])

    def _keep(self, seen: Json, stock: int, fair: float) -> int:
        """The shares of a firm its seat directs that it keeps: its core, or a majority
        while someone bids over ``threat`` above the fair value (control is being bought)."""
        shares = int(seen["ruleset"]["shares_per_firm"])
        top = seen["book"][str(stock)]["bids"]
        if top and top[0][0] > fair * (1 + self.threat):
            return shares // 2 + 1
        return math.ceil((self.core or 0.0) * shares)


class Raider:
    """Buys control of a firm, calls a meeting, nominates itself, votes itself in.

    Strategy: pick a target (``target``, or the firm whose last price is cheapest
    against its fair value, not one it already directs); offer the fair value for
    the shares it lacks and take any visible ask up to ``premium`` above the fair
    value until it holds ``control`` shares (default: more than half). It calls a
    meeting (after a session) once it holds ``call_at`` shares (default: control; fewer
    when it counts on other holders' votes, or to show its hand); at the meeting it
    nominates itself,
    vote its shares for itself and for a ``payout`` % payout. Once it directs the
    target, its seat's director policy moves that firm's pieces, and it picks a
    new target. It never sells.
    """

    name = "raider"
    phases = frozenset({"exchange", "meeting_calls", "meetings"})

    def __init__(
        self,
        *,
        premium: float = 0.2,
        payout: int = 100,
        target: int | None = None,
        control: int | None = None,
        call_at: int | None = None,
    ) -> None:
        self.premium = premium
        self.payout = payout
        self.target = target
        self.control = control
        self.call_at = call_at
        self.done: set[int] = set()

    def needed(self, seen: Json) -> int:
        """Shares that give control: ``control``, or more than half.

        >>> Raider().needed({"ruleset": {"shares_per_firm": 20}})
        11
        """
        return self.control or seen["ruleset"]["shares_per_firm"] // 2 + 1

    def act(self, seen: Json, ctx: Context) -> list[Json]:
        account = _account(seen, ctx)
        if account is None:
            return []
        if acting(seen, "meetings"):
            return self._meeting(seen, ctx, account)
        target = self.choose_target(seen, ctx)
        if target is None:
            return []
        commands = self._call(seen, ctx, account, target)
        if acting(seen, "exchange"):
            commands += self._accumulate(seen, ctx, account, target)
        return commands

    def choose_target(self, seen: Json, ctx: Context) -> int | None:
        """The firm to take over next (None once there is none left to take)."""
        if self.target is not None and directs(seen, ctx.seat, self.target):
            self.done.add(self.target)
            self.target = None
        if self.target is None:
            free = [n for n in FIRMS if n not in self.done and not directs(seen, ctx.seat, n)]
            if not free:
                return None

            def cheapness(n: int) -> float:
                fair = max(_fair(seen, ctx, n), 0.01)
                return float(seen["prices"][str(n)]) / fair * ctx.rng.uniform(0.9, 1.1)

            self.target = min(free, key=cheapness)
        return self.target

    def _call(self, seen: Json, ctx: Context, account: str, target: int) -> list[Json]:
        held = ctx.purse.held(account, target)
        minimum = seen["ruleset"]["meeting_call_min_shares"]
        key = (seen["year"], target)
        if (
            not acting(seen, "exchange", "meeting_calls")
            or seen["opening"]
            or held < max(self.call_at or self.needed(seen), minimum)
            or directs(seen, ctx.seat, target)
            or key in ctx.memory.called
        ):
            return []
        ctx.memory.called.add(key)
        return [{"type": "call_meeting", "firm": target, "holder": account}]

    def _accumulate(self, seen: Json, ctx: Context, account: str, target: int) -> list[Json]:
        purse = ctx.purse
        lacking = self.needed(seen) - purse.held(account, target)
        if lacking <= 0:
            return [c for o in purse.open_orders(account, target) if (c := purse.cancel(o.order))]
        fair = _fair(seen, ctx, target)
        price = self._price(seen, target, lacking, fair)
        commands = [
            c
            for o in purse.open_orders(account, target, "buy")
            if o.price != price and (c := purse.cancel(o.order))
        ]
        lacking -= sum(o.qty for o in purse.open_orders(account, target, "buy"))
        qty = min(lacking, purse.free_cash(account) // max(price, 1))
        order = purse.buy(account, target, qty, price) if qty > 0 else None
        return commands + ([order] if order else [])

    def _price(self, seen: Json, target: int, lacking: int, fair: float) -> int:
        """The price that takes enough visible asks (up to the premium), or the fair value."""
        ceiling = math.floor(fair * (1 + self.premium))
        price, counted = 0, 0
        for level, size in seen["book"][str(target)]["asks"]:
            if level > ceiling or counted >= lacking:
                break
            price, counted = level, counted + size
        return max(price, math.ceil(fair), 1) if price else max(math.ceil(fair), 1)

    def _meeting(self, seen: Json, ctx: Context, account: str) -> list[Json]:
        commands: list[Json] = []
        for firm in sorted({*self.done, *([self.target] if self.target else [])}):
            if ctx.purse.held(account, firm) <= 0:
                continue
            ctx.claimed.add((account, firm))
            if ctx.seat not in seen["meetings"]["candidates"].get(str(firm), []):
                commands.append({"type": "nominate", "firm": firm, "candidate": ctx.seat})
            mine = seen["meetings"]["my_votes"].get(str(firm), {}).get(account)
            if mine is None or (mine["director"], mine["payout"]) != (ctx.seat, self.payout):
                commands.append(
                    {
                        "type": "vote",
                        "firm": firm,
                        "holder": account,
                        "director": ctx.seat,
                        "payout": self.payout,
                    }
                )
        return commands


class PayoutCaller:
    """Calls a meeting of a firm that pays out less than ``want`` % of its profit, once it
    holds the shares a call needs and does not direct the firm (a payout worth contesting:
    the seat's voter then proposes ``want``). One call a firm a year.

    >>> from boardroom.bots.context import Context, Memory, Purse
    >>> import random
    >>> seen = {"phase": "exchange", "paused": False, "opening": False, "year": 2,
    ...     "ruleset": {"meeting_call_min_shares": 5, "shares_per_firm": 20},
    ...     "firms": {"3": {"director": "p9", "payout": 50}},
    ...     "accounts": {"p1": {"cash": 0, "reserved": 0, "holdings": {"3": 6},
    ...                         "reserved_shares": {}, "orders": []}}}
    >>> ctx = Context("p1", 0.0, random.Random(1), Memory(), Purse.from_view(seen))
    >>> PayoutCaller().act(seen, ctx), PayoutCaller().act(seen, ctx)
    ([{'type': 'call_meeting', 'firm': 3, 'holder': 'p1'}], [])
    """

    name = "payout"
    phases = frozenset({"exchange", "meeting_calls"})
    want: Final = 100  # a class constant (the seat's voter proposes it too): mypyc compiles it

    def act(self, seen: Json, ctx: Context) -> list[Json]:
        account = _account(seen, ctx)
        if account is None or seen["opening"] or not acting(seen, "exchange", "meeting_calls"):
            return []
        minimum = int(seen["ruleset"]["meeting_call_min_shares"])
        commands: list[Json] = []
        for name, firm in sorted(seen["firms"].items()):
            number, key = int(name), (seen["year"], int(name))
            if (
                int(firm["payout"]) < self.want
                and ctx.purse.held(account, number) >= minimum
                and not directs(seen, ctx.seat, number)
                and key not in ctx.memory.called
            ):
                ctx.memory.called.add(key)
                commands.append({"type": "call_meeting", "firm": number, "holder": account})
        return commands


class NoiseTrader:
    """Trades at random near the last price: liquidity without a view of value.

    Strategy: on ``activity`` of its turns it either cancels one of its orders
    (one time in four, when it has any) or places a small order (1–``lot``
    shares) on a random stock at the last price times a random factor within
    ``spread``; it sells only shares it holds and buys only with free cash.
    """

    name = "noise"
    phases = frozenset({"exchange"})

    def __init__(
        self, *, activity: float = 0.6, spread: float = 0.2, lot: int = 3, sells_held: bool = False
    ) -> None:
        self.activity = activity
        self.spread = spread
        self.lot = lot
        self.sells_held = sells_held

    def act(self, seen: Json, ctx: Context) -> list[Json]:
        account = _account(seen, ctx)
        if account is None or not acting(seen, "exchange") or ctx.rng.random() > self.activity:
            return []
        rng, purse = ctx.rng, ctx.purse
        mine = sorted(o.order for s in FIRMS for o in purse.open_orders(account, s))
        if mine and rng.random() < 0.25:
            cancel = purse.cancel(rng.choice(mine))
            return [cancel] if cancel else []
        held = [s for s in FIRMS if purse.free_shares(account, s)]
        selling = self.sells_held and bool(held) and rng.random() < 0.5
        stock = rng.choice(held if selling else FIRMS)
        last = seen["prices"][str(stock)]
        low, high = 1 - self.spread, 1 + self.spread
        if self.sells_held:  # a speculator crosses the spread: it sells low and buys high
            low, high = (low, 1.0) if selling else (1.0, high)
        price = max(1, round(last * rng.uniform(low, high)))
        qty = rng.randint(1, self.lot)
        order = (
            purse.sell(account, stock, qty, price)
            if selling or (purse.free_shares(account, stock) and rng.random() < 0.5)
            else purse.buy(account, stock, min(qty, purse.free_cash(account) // price), price)
        )
        return [order] if order else []
