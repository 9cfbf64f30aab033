"""Evolve: how each event changes the state. Every money or share movement goes
through the ledger's one ``transfer`` primitive (or ``pay_reserved``, which
releases a reservation and then transfers).

Events are decided elsewhere and carry every figure they need; applying them
makes no choice, reads no clock and draws no random number.
"""

from __future__ import annotations

from collections.abc import Callable

from boardroom.games.exchange.book import Book, Order
from boardroom.games.exchange.ledger import CASH, MARKET, STATE, firm_account
from boardroom.games.exchange.ruleset import color_of
from boardroom.games.exchange.state import (
    CALL_MODE,
    EVENT_KINDS,
    Call,
    EventKind,
    ExchangeState,
    Meeting,
    Part,
    Vote,
)
from boardroom.kernel import Json

Applier = Callable[[ExchangeState, Json], None]


def _game_started(state: ExchangeState, event: Json) -> None:
    state.started = True


def _phase_changed(state: ExchangeState, event: Json) -> None:
    state.phase = event["phase"]
    state.year = event["year"]
    state.opening = bool(event.get("opening", False))
    state.deadline = event.get("deadline")
    if state.phase == "board":
        state.meetings = {}
        state.moves_this_year = 0
        state.min_move_at = float(event["at"])
        for firm in state.firms.values():
            firm.earnings = 0
    if state.phase == "meetings":
        state.meetings = {
            n: Meeting([f.director] if f.director else []) for n, f in state.firms.items()
        }
    if state.phase in ("board", "taxes"):
        state.meeting_calls = {}


def _waiting_for_host(state: ExchangeState, event: Json) -> None:
    state.waiting = event["next"]
    state.deadline = None
    state.call = None


def _continued(state: ExchangeState, event: Json) -> None:
    state.waiting = None


def _called(state: ExchangeState, event: Json) -> None:
    state.call = Call(
        event["color"],
        event["firm"],
        event["round_start"],
        list(event["declined"]),
        bool(event["must_move"]),
        CALL_MODE[event["takeover"]],
    )


def _passed(state: ExchangeState, event: Json) -> None:
    if state.call is not None and not event["forced"]:
        state.call.declined.append(event["firm"])


def _moved(state: ExchangeState, event: Json) -> None:
    state.board.push(state.board.parse_move(event["move"]))
    state.moves_this_year += 1
    at = float(event["at"])
    rules = state.ruleset
    if CALL_MODE[event.get("takeover", 0)] != "late_colour":
        firm = event["firm"]
        order = rules.order[color_of(firm)]
        state.pointers[color_of(firm)] = (order.index(firm) + 1) % len(order)
    # The other colour moves no sooner than move_min_s after a move, also the second
    # move of a takeover pair (the seed: «не раньше, чем через 0,5 мин»).
    state.min_move_at = at + rules.scaled(rules.move_min_s)
    state.deadline = at + rules.scaled(rules.move_max_s)
    state.call = None


def _timed_out(state: ExchangeState, event: Json) -> None:
    late, color = event["firm"], event["color"]
    order = state.ruleset.order[color]
    state.pointers[color] = (order.index(late) + 1) % len(order)
    at = float(event["at"])
    state.min_move_at = at
    state.deadline = at + state.ruleset.scaled(state.ruleset.move_max_s)
    state.call = Call(color, event["takeover_firm"], 0, [], True, "late_colour")


def _board_closed(state: ExchangeState, event: Json) -> None:
    state.call = None
    state.deadline = None


def _board_decided(state: ExchangeState, event: Json) -> None:
    state.board_result = {"winner": event["winner"], "reason": event["reason"]}
    state.call = None
    state.deadline = None


def _capture_rewarded(state: ExchangeState, event: Json) -> None:
    firm, victim, amount = event["firm"], event["victim"], event["amount"]
    payer = MARKET if event["payer"] == MARKET else firm_account(victim)
    state.ledger.transfer(payer, firm_account(firm), CASH, amount, "capture")
    state.firms[firm].earnings += amount
    if payer != MARKET:
        state.firms[victim].earnings -= amount


def _bonus_paid(state: ExchangeState, event: Json) -> None:
    state.ledger.transfer(MARKET, firm_account(event["firm"]), CASH, event["amount"], "bonus")


def _income_credited(state: ExchangeState, event: Json) -> None:
    firm = event["firm"]
    state.ledger.transfer(MARKET, firm_account(firm), CASH, event["amount"], "income")
    state.firms[firm].earnings += event["amount"]


def _tax_reserved(state: ExchangeState, event: Json) -> None:
    firm = event["firm"]
    state.ledger.reserve(firm_account(firm), CASH, event["amount"], "tax")
    state.firms[firm].tax_due += event["amount"]


def _dividend_paid(state: ExchangeState, event: Json) -> None:
    payer = firm_account(event["firm"])
    for holder, amount in event["payments"].items():
        state.ledger.transfer(payer, holder, CASH, amount, "dividend")


def _order_placed(state: ExchangeState, event: Json) -> None:
    order = Order(
        event["order"],
        event["account"],
        event["stock"],
        event["side"],
        event["qty"],
        event["price"],
        state.order_count + 1,
        event.get("by", ""),
        bool(event.get("privatization", False)),
    )
    if order.side == "buy":
        state.ledger.reserve(order.account, CASH, order.qty * order.price, "trade")
    else:
        state.ledger.reserve(order.account, order.stock, order.qty, "trade")
    book = state.books.get(order.stock)
    if book is None:  # not setdefault(stock, Book()): that builds a book for every order
        book = state.books[order.stock] = Book()
    book.add(order)
    state.order_count += 1


def _trade(state: ExchangeState, event: Json) -> None:
    stock, qty, price = event["stock"], event["qty"], event["price"]
    book, ledger = state.books[stock], state.ledger
    bought = book.reduce(event["buy_order"], qty)
    book.reduce(event["sell_order"], qty)
    buyer, seller = event["buyer"], event["seller"]
    ledger.release(buyer, CASH, qty * bought.price)
    ledger.transfer(buyer, seller, CASH, qty * price, "trade")
    ledger.pay_reserved(seller, buyer, stock, qty, "trade")
    state.prices[stock] = price


def _order_cancelled(state: ExchangeState, event: Json) -> None:
    book = state.books[event["stock"]]
    order = book.find(event["order"])
    if order is None:
        return
    book.reduce(order.id, order.qty)
    if order.side == "buy":
        state.ledger.release(order.account, CASH, order.reserved_cash)
    else:
        state.ledger.release(order.account, order.stock, order.qty)


def _session_closed(state: ExchangeState, event: Json) -> None:
    state.closes = {int(k): v for k, v in event["closes"].items()}


def _meeting_called(state: ExchangeState, event: Json) -> None:
    state.meeting_calls.setdefault(event["firm"], []).append(event["holder"])


def _nominated(state: ExchangeState, event: Json) -> None:
    state.meetings[event["firm"]].candidates.append(event["candidate"])


def _voted(state: ExchangeState, event: Json) -> None:
    meeting = state.meetings[event["firm"]]
    meeting.votes[event["holder"]] = Vote(event["voter"], event["director"], event["payout"])


def _meeting_closed(state: ExchangeState, event: Json) -> None:
    firm = state.firms[event["firm"]]
    firm.director = event["director"]
    firm.payout = event["payout"]


def _taxes_paid(state: ExchangeState, event: Json) -> None:
    firm = state.firms[event["firm"]]
    state.ledger.pay_reserved(firm_account(firm.number), STATE, CASH, event["amount"], "tax")
    firm.tax_due -= event["amount"]


def _salary_paid(state: ExchangeState, event: Json) -> None:
    state.ledger.transfer(STATE, event["player"], CASH, event["amount"], "salary")


def _year_closed(state: ExchangeState, event: Json) -> None:
    state.history.append(ownership_record(state, event["year"]))


def ownership_record(state: ExchangeState, year: int) -> Json:
    """Who held what and who directed which firm, for the reveal."""
    ledger = state.ledger
    holdings: Json = {}
    for acc in ledger.accounts():
        held = ledger.holdings(acc) if acc != MARKET else None
        if held:
            holdings[acc] = {str(stock): n for stock, n in held.items()}
    return {
        "year": year,
        "directors": {str(n): f.director for n, f in state.firms.items()},
        "holdings": holdings,
        "cash": {acc: ledger.balance(acc, CASH) for acc in ledger.accounts() if acc != MARKET},
    }


def _paused(state: ExchangeState, event: Json) -> None:
    state.paused_at = float(event["at"])


def _resumed(state: ExchangeState, event: Json) -> None:
    shift = float(event["paused_for"])
    state.paused_at = None
    state.min_move_at += shift
    if state.deadline is not None:
        state.deadline += shift


def _extended(state: ExchangeState, event: Json) -> None:
    state.deadline = event["deadline"]


def _settled(state: ExchangeState, event: Json) -> None:
    for firm, amount in event["pieces"].items():
        state.ledger.transfer(MARKET, firm_account(int(firm)), CASH, amount, "settlement")
    for firm, paid in event["payments"].items():
        for holder, amount in paid.items():
            state.ledger.transfer(firm_account(int(firm)), holder, CASH, amount, "settlement")


def _renamed(state: ExchangeState, event: Json) -> None:
    state.players[event["player"]] = event["name"]


def _game_ended(state: ExchangeState, event: Json) -> None:
    state.phase = "ended"
    state.call = None
    state.deadline = None
    state.results = event["results"]


APPLIERS: dict[EventKind, Applier] = {
    "game_started": _game_started,
    "phase_changed": _phase_changed,
    "waiting_for_host": _waiting_for_host,
    "continued": _continued,
    "called": _called,
    "passed": _passed,
    "moved": _moved,
    "timed_out": _timed_out,
    "board_closed": _board_closed,
    "board_decided": _board_decided,
    "capture_rewarded": _capture_rewarded,
    "bonus_paid": _bonus_paid,
    "income_credited": _income_credited,
    "tax_reserved": _tax_reserved,
    "dividend_paid": _dividend_paid,
    "order_placed": _order_placed,
    "trade": _trade,
    "order_cancelled": _order_cancelled,
    "session_closed": _session_closed,
    "meeting_called": _meeting_called,
    "nominated": _nominated,
    "voted": _voted,
    "meeting_closed": _meeting_closed,
    "taxes_paid": _taxes_paid,
    "salary_paid": _salary_paid,
    "year_closed": _year_closed,
    "paused": _paused,
    "resumed": _resumed,
    "extended": _extended,
    "settled": _settled,
    "game_ended": _game_ended,
    "renamed": _renamed,
}


assert set(APPLIERS) == set(EVENT_KINDS)

CHANGES: dict[EventKind, tuple[Part, ...]] = {
    "phase_changed": ("firms",),
    "passed": ("call",),
    "moved": ("board", "pointers"),
    "timed_out": ("pointers",),
    "capture_rewarded": ("firms",),
    "income_credited": ("firms",),
    "tax_reserved": ("firms",),
    "trade": ("prices",),
    "meeting_called": ("meeting_calls",),
    "nominated": ("meetings",),
    "voted": ("meetings",),
    "meeting_closed": ("firms",),
    "taxes_paid": ("firms",),
    "year_closed": ("history",),
    "renamed": ("players",),
}
"""The parts of the state (``state.PARTS``) each kind of event changes in place; a state
that shares them with a clone gets its own copy first. (The ledger and the books copy
themselves on write; every other field an event changes, it replaces whole.)"""


def apply(state: ExchangeState, event: Json) -> ExchangeState:
    """Fold one event into ``state`` (in place) and log it."""
    kind = event["type"]
    if state.shared:
        for part in CHANGES.get(kind, ()):
            state.own(part)
    APPLIERS[kind](state, event)
    state.log.append(event)
    return state
