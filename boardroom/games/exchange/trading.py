"""The exchange session (§6): orders, matching, cancels, privatization, closing prices.

Buy orders reserve their cash and sell orders their shares, so nobody sells what
they do not hold or buys past their cash. An order never trades against its own
account (an order that would is refused). A firm may not hold its own shares,
and firms together may never hold every share of a firm: counting the firms'
holdings and their open buy orders, at least one share stays with a person or
the State.
"""

from __future__ import annotations

from boardroom.games.exchange.book import Order, fills_for, would_self_trade
from boardroom.games.exchange.draft import Draft
from boardroom.games.exchange.ledger import CASH, STATE, account_firm, firm_account
from boardroom.games.exchange.refusals import HOST, may_act_for, require_account, require_phase
from boardroom.games.exchange.ruleset import FIRMS
from boardroom.games.exchange.schema import whole
from boardroom.games.exchange.state import ExchangeState
from boardroom.kernel import Json, Refused


def place(draft: Draft, command: Json) -> None:
    """An ``order`` command: checked, then placed and matched."""
    state = draft.state
    require_phase(state, "exchange")
    by = command.get("by")
    account = require_account(state, by, command.get("account"))
    order = _order(state, command, account, str(by))
    _check_means(state, order)
    _check_corporate(state, order)
    if would_self_trade(state.books[order.stock], order):
        raise Refused(
            "self_trade",
            f"This order would trade with {account}'s own open order; cancel that one first.",
            account=account,
        )
    submit(draft, order)


def _order(state: ExchangeState, command: Json, account: str, by: str) -> Order:
    stock = command.get("stock")
    if isinstance(stock, bool) or not isinstance(stock, int) or stock not in FIRMS:
        raise Refused(
            "unknown_stock", f"'stock' must be a firm number 1-8, not {stock!r}.", value=repr(stock)
        )
    side = command.get("side")
    if side not in ("buy", "sell"):
        raise Refused(
            "bad_command",
            f"'side' must be 'buy' or 'sell', not {side!r}.",
            reason="side",
            value=repr(side),
        )
    shares = state.ruleset.shares_per_firm
    qty = whole(command.get("qty"), "qty", 1, shares)
    price = whole(command.get("price"), "price", 1, 10**9)
    number = f"o{state.order_count + 1}"
    return Order(number, account, stock, str(side), qty, price, state.order_count + 1, by)


def _check_means(state: ExchangeState, order: Order) -> None:
    ledger = state.ledger
    if order.side == "buy":
        free = ledger.free(order.account, CASH)
        if order.qty * order.price > free:
            raise Refused(
                "insufficient_cash",
                f"{order.account} has {free} free cash; this order needs "
                f"{order.qty * order.price}.",
                account=order.account,
                free=free,
                need=order.qty * order.price,
            )
        return
    free = ledger.free(order.account, order.stock)
    if order.qty > free:
        raise Refused(
            "insufficient_shares",
            f"{order.account} has {free} free shares of firm {order.stock}; "
            f"cannot sell {order.qty}.",
            account=order.account,
            free=free,
            stock=order.stock,
            qty=order.qty,
        )


def _check_corporate(state: ExchangeState, order: Order) -> None:
    firm = account_firm(order.account)
    if firm is None or order.side != "buy":
        return
    if firm == order.stock:
        raise Refused("own_shares", f"Firm {firm} may not hold its own shares.", firm=firm)
    limit = state.ruleset.shares_per_firm - 1
    if firms_exposure(state, order.stock) + _from_outside(state, order) > limit:
        raise Refused(
            "firms_hold_all",
            f"Firms together may hold at most {limit} shares of firm {order.stock}; "
            "this order could pass that.",
            limit=limit,
            stock=order.stock,
        )


def _from_outside(state: ExchangeState, order: Order) -> int:
    """How many shares a firm's buy order could take from people or the State.

    What it buys at once from another firm's offer moves shares between firms: the
    firms together hold no more (the rule is about the firms *together*).
    """
    fills = fills_for(state.books[order.stock], order)
    return order.qty - sum(f.qty for f in fills if account_firm(f.account) is not None)


def firms_exposure(state: ExchangeState, stock: int) -> int:
    """Shares of ``stock`` firms hold, plus what their open buy orders could add."""
    held = sum(n for acc, n in state.ledger.holders(stock).items() if account_firm(acc))
    pending = sum(o.qty for o in state.books[stock].bids if account_firm(o.account) is not None)
    return held + pending


def submit(draft: Draft, order: Order) -> None:
    """Place an already-checked order and emit the trades it makes."""
    fills = fills_for(draft.state.books[order.stock], order)
    draft.emit(
        "order_placed",
        order=order.id,
        account=order.account,
        stock=order.stock,
        side=order.side,
        qty=order.qty,
        price=order.price,
        by=order.by,
        privatization=order.privatization,
    )
    for fill in fills:
        buy, sell = (order.id, fill.order) if order.side == "buy" else (fill.order, order.id)
        buyer, seller = (
            (order.account, fill.account) if order.side == "buy" else (fill.account, order.account)
        )
        draft.emit(
            "trade",
            stock=order.stock,
            price=fill.price,
            qty=fill.qty,
            buy_order=buy,
            sell_order=sell,
            buyer=buyer,
            seller=seller,
        )


def cancel(draft: Draft, command: Json) -> None:
    """A ``cancel`` command: only who may act for the order's account."""
    state = draft.state
    require_phase(state, "exchange")
    order_id = command.get("order")
    found = _find(state, order_id)
    # One answer for "no such order" and "someone else's": which orders others hold
    # open is not the canceller's to learn.
    if found is None or not may_act_for(state, command.get("by"), found.account):
        raise Refused(
            "unknown_order", f"You have no open order {order_id!r}.", order=repr(order_id)
        )
    draft.emit(
        "order_cancelled",
        order=found.id,
        account=found.account,
        stock=found.stock,
        qty=found.qty,
        reason="cancelled",
    )


def _find(state: ExchangeState, order_id: object) -> Order | None:
    if not isinstance(order_id, str):
        return None
    for book in state.books.values():
        found = book.find(order_id)
        if found is not None:
            return found
    return None


def privatize(draft: Draft) -> None:
    """The State offers its lot of each firm it still holds, at :func:`privatization_price`."""
    state = draft.state
    rules = state.ruleset
    for stock in FIRMS:
        lot = min(rules.privatization_lot, state.ledger.free(STATE, stock))
        if lot <= 0:
            continue
        price = privatization_price(state, stock)
        number = state.order_count + 1
        order = Order(f"o{number}", STATE, stock, "sell", lot, price, number, HOST, True)
        if not would_self_trade(state.books[stock], order):
            submit(draft, order)


def privatization_price(state: ExchangeState, stock: int) -> int:
    """The State's asking price for a firm's shares.

    ``nominal`` (the spec's rule): max(nominal price, last close). ``book``: max(the
    firm's book value a share, rounded up, last close), where the book value is its
    cash plus its pieces at their final value, over the shares: what a share would be
    paid at the settlement if the game ended now (its stakes in other firms aside).
    """
    rules = state.ruleset
    if rules.privatization_price == "book":
        own = state.ledger.balance(firm_account(stock), CASH)
        for piece in state.board.pieces():
            if state.firm_of_piece(piece.id) == stock:
                own += rules.value_king if piece.king else rules.value_man
        book = -(-own // rules.shares_per_firm)
        return max(1, book, state.closes.get(stock, 0))
    return max(rules.nominal_price, state.closes.get(stock, rules.nominal_price))


def close_session(draft: Draft) -> None:
    """All open orders end; the closing prices are published."""
    state = draft.state
    for book in state.books.values():
        for order in book.orders():
            draft.emit(
                "order_cancelled",
                order=order.id,
                account=order.account,
                stock=order.stock,
                qty=order.qty,
                reason="session_closed",
            )
    closes = {str(stock): price for stock, price in sorted(state.prices.items())}
    draft.emit("session_closed", year=state.year, closes=closes)
