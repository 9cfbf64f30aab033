"""The one door out of the core: what each viewer may see (§6–§7).

* ``"host"`` sees everything.
* ``"projector"`` sees only public information: the board, who is on call,
  directors, payouts, the public book (prices and sizes, no names), the trades
  (stock, price, quantity, time), closing prices, meeting outcomes.
* A player sees the public picture plus their own account, the accounts of the
  firms they direct (cash, holdings, orders), the votes they cast, the tallies
  of meetings of firms they hold, and the legal moves when their firm is on call.

A view is read only: parts of it are shared with the state and with other views (the
events, the ruleset), so it is built fast and never copied.

Nobody but the host ever sees another player's holding, order or vote, or who
stands behind a firm-held stake (only that firm's director does). After the end
the results, with the year-by-year reveal of ownership, are public.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Container
from typing import Final

from boardroom.draughts import Board
from boardroom.draughts import fen as fen_codec
from boardroom.draughts.squares import INDEX
from boardroom.games.exchange import turns
from boardroom.games.exchange.book import Order
from boardroom.games.exchange.debrief import debrief
from boardroom.games.exchange.ledger import CASH, MARKET, Asset, firm_account
from boardroom.games.exchange.refusals import HOST, accounts_of, may_act_for
from boardroom.games.exchange.ruleset import color_of
from boardroom.games.exchange.state import ExchangeState, firm_of_piece_id
from boardroom.kernel import Json, Refused

PROJECTOR = "projector"


class Seat:
    """Whose view is being made: the accounts they act for, the firms they hold."""

    def __init__(self, accounts: frozenset[str], holds: frozenset[int]) -> None:
        self.accounts = accounts
        self.holds = holds

    def __contains__(self, account: object) -> bool:
        return account in self.accounts


Redactor = Callable[[Json, Seat], Json | None]


def view(state: ExchangeState, viewer: str, *, events_since: int = 0) -> Json:
    """Everything ``viewer`` may see of the game, nothing more.

    ``events`` lists the (redacted) events from number ``events_since`` on, so a
    client that has the earlier ones (or a robot that needs none) asks for less.
    """
    return _view(state, viewer, events_since, _public(state, viewer))


def views(state: ExchangeState, viewers: list[str], *, events_since: int = 0) -> list[Json]:
    """The views of several viewers, each equal to ``view(state, viewer, ...)``: the
    public part is made once and its unchanged values are shared between the views (the
    server fans one version out to every seat; the views must be read, not changed).

    >>> from boardroom.games.exchange import RULES
    >>> game = RULES.setup({"game": "exchange", "players": [{"id": "p1"}, {"id": "p2"}]})
    >>> roles = ["host", "projector", "p1", "p2"]
    >>> views(game, roles) == [view(game, role) for role in roles]
    True
    """
    public = _public(state, PROJECTOR)
    every = every_order(state) if set(viewers) - {PROJECTOR} else None
    return [_view(state, v, events_since, {**public, "viewer": v}, every) for v in viewers]


class VersionViews:
    """Views that share one version's public part: made once for the first viewer asking
    at a version, shared by every later one until the game changes (in a robot lab the
    seats wake one after another, most of them changing nothing). Each view equals
    ``view(state, viewer, ...)``; like those of :func:`views`, read it, never change it.

    >>> from boardroom.games.exchange import RULES
    >>> game = RULES.setup({"game": "exchange", "players": [{"id": "p1"}, {"id": "p2"}]})
    >>> roles, shared = ["p1", "host", "projector", "p2"], VersionViews()
    >>> [shared.view(game, role) for role in roles] == [view(game, role) for role in roles]
    True
    """

    def __init__(self) -> None:
        self.state: ExchangeState | None = None
        self.version = -1
        self.public: Json = {}
        self.orders: dict[str, list[Order]] | None = None

    def view(self, state: ExchangeState, viewer: str, *, events_since: int = 0) -> Json:
        """``view(state, viewer, events_since=...)``, over the version's shared public part
        (a game changes only by events, so the length of its log tells its version)."""
        if state is not self.state or len(state.log) != self.version:
            self.state, self.version = state, len(state.log)
            self.public = _public(state, PROJECTOR)
            self.orders = None
        if self.orders is None and viewer != PROJECTOR:
            self.orders = every_order(state)
        return _view(state, viewer, events_since, {**self.public, "viewer": viewer}, self.orders)


def _view(
    state: ExchangeState,
    viewer: str,
    events_since: int,
    public: Json,
    every_order: dict[str, list[Order]] | None = None,
) -> Json:
    """``viewer``'s view over ``public`` (the public part made for it, or a copy whose
    values are shared: only ``firms`` and ``meetings`` are changed, so they are copied).
    ``every_order`` is :func:`orders_by_account` of every account, when already made."""
    log = state.log[max(events_since, 0) :]
    public["meetings"] = dict(public["meetings"])
    if viewer == HOST:
        return _host_view(state, log, public, every_order)
    if viewer != PROJECTOR and viewer not in state.players:
        raise Refused(
            "unknown_seat", f"There is no seat {viewer!r} in this game.", seat=repr(viewer)
        )
    if viewer == PROJECTOR:
        public["events"] = _redacted(log, Seat(frozenset(), frozenset()))
        return public
    mine = frozenset(accounts_of(state, viewer))
    if every_order is None:
        every_order = orders_by_account(state, mine) if mine else {}
    accounts = [(acc, _ACCOUNTS.get(state, acc, every_order)) for acc in sorted(mine)]
    seat = Seat(mine, frozenset(_holds(state, accounts)))
    public["events"] = _redacted(log, seat)
    public["accounts"] = _SEATS.accounts(viewer, [(acc, known.entry) for acc, known in accounts])
    directed = [firm for firm in map(_firm_number, mine) if firm is not None]
    if directed:
        public["firms"] = _SEATS.firms(viewer, public["firms"], state, directed)
    public["legal_moves"] = _legal_for(state, viewer)
    public["meetings"].update(_meetings_private(state, seat))
    return public


def _holds(state: ExchangeState, accounts: list[tuple[str, _Account]]) -> set[int]:
    """The firms of which one of ``accounts`` holds shares."""
    firms = state.firms
    held: set[int] = set()
    for _, account in accounts:
        for stock, shares in account.holdings.items():
            if shares > 0 and stock in firms:
                held.add(stock)
    return held


def _redacted(log: list[Json], seat: Seat) -> list[Json]:
    """The events of ``log`` as ``seat`` may see them."""
    return [e for e in (_redact(ev, seat) for ev in log) if e is not None]


def _host_view(
    state: ExchangeState,
    log: list[Json],
    result: Json,
    orders: dict[str, list[Order]] | None = None,
) -> Json:
    result["events"] = list(log)
    if orders is None:
        orders = every_order(state)
    result["accounts"] = _SEATS.accounts(
        HOST,
        [(acc, _account(state, acc, orders)) for acc in state.ledger.accounts() if acc != MARKET],
    )
    result["market"] = {"cash": state.ledger.balance(MARKET, CASH)}
    result["firms"] = _SEATS.firms(HOST, result["firms"], state, list(state.firms))
    result["legal_moves"] = turns.legal_for_call(state)
    result["meetings"].update(
        {
            "calls": {str(n): list(c) for n, c in state.meeting_calls.items()},
            "votes": {
                str(n): {h: v.as_json() for h, v in m.votes.items()}
                for n, m in state.meetings.items()
            },
        }
    )
    result["seed"] = state.seed
    result["officials"] = list(state.officials)
    return result


def _public(state: ExchangeState, viewer: str) -> Json:
    rules = state.ruleset
    return {
        "game": "exchange",
        "viewer": viewer,
        "year": state.year,
        "years": rules.years,
        "phase": state.phase,
        "opening": state.opening,
        "started": state.started,
        "paused": state.paused_at is not None,
        "waiting_for_host": None if state.waiting is None else {"next": state.waiting},
        "deadline": state.deadline,
        "move_not_before": state.min_move_at if state.phase == "board" else None,
        "moves_this_year": state.moves_this_year,
        "moves_per_year": rules.moves_per_year,
        "position": _position(state.board),
        "on_call": _on_call(state),
        "firms": _firms_public(state),
        "players": dict(state.players),
        "prices": _PRICES.json(state.prices),
        "closes": _CLOSES.json(state.closes),
        "book": _books(state),
        "meetings": {
            "called": bool(state.meeting_calls),
            "candidates": {str(n): list(m.candidates) for n, m in state.meetings.items()},
        },
        "board_result": state.board_result,
        "ruleset": rules.shared_json,
        "results": state.results,
        "debrief": None
        if state.results is None
        else debrief(state.log, state.results, rules.nominal_price),
    }


class _ByStock:
    """A table by stock as JSON (keys as text, in stock order), remembered while the table
    stays equal (prices change with a trade, closes once a year; most versions have
    neither): read only, like the rest of the public part.

    >>> table = _ByStock()
    >>> table.json({2: 7, 1: 5})
    {'1': 5, '2': 7}
    >>> table.json({1: 5, 2: 7}) is table.json({1: 5, 2: 7}), table.json({1: 6})
    (True, {'1': 6})
    """

    def __init__(self) -> None:
        self.last: tuple[dict[int, int], Json] = ({}, {})  # one tuple: swapped at once

    def json(self, table: dict[int, int]) -> Json:
        known, made = self.last
        if table != known or not made:
            made = {str(n): p for n, p in sorted(table.items())}
            self.last = (dict(table), made)
        return made


_PRICES: Final = _ByStock()
_CLOSES: Final = _ByStock()


class _Books:
    """The public book of every stock, remembered while every stock's depth stays the same
    (a book changes only with an order, a cancel or a fill on that stock; read only)."""

    def __init__(self) -> None:
        # the stocks as the books have them, in stock order, their depths, the JSON made
        # of them: one tuple, swapped at once
        self.last: tuple[list[int], list[int], list[Json], Json] = ([], [], [], {})

    def json(self, state: ExchangeState) -> Json:
        books = state.books
        stocks = list(books)
        known_stocks, order, known, made = self.last
        if stocks != known_stocks:
            order = sorted(stocks)
        depths = [books[n].depth() for n in order]
        if made and stocks == known_stocks and (_same_items(depths, known) or depths == known):
            return made
        made = {}
        for i, n in enumerate(order):
            made[_text(n)] = depths[i]
        self.last = (stocks, order, depths, made)
        return made


_BOOKS: Final = _Books()

_TEXTS: Final = tuple(str(n) for n in range(100))


def _text(number: int) -> str:
    """``str(number)`` for a stock's or firm's number (read from a table).

    >>> _text(7), _text(123)
    ('7', '123')
    """
    return _TEXTS[number] if 0 <= number < len(_TEXTS) else str(number)


def _books(state: ExchangeState) -> Json:
    """``{stock: book.depth()}`` in stock order.

    >>> from boardroom.games.exchange import RULES
    >>> game = RULES.setup({"game": "exchange", "players": [{"id": "p1"}]})
    >>> _books(game) == {str(n): b.depth() for n, b in sorted(game.books.items())}
    True
    """
    return _BOOKS.json(state)


def _on_call(state: ExchangeState) -> Json | None:
    call = state.call
    if state.phase != "board" or call is None:
        return None
    return {
        "color": call.color,
        "firm": call.firm,
        "must_move": call.must_move,
        "takeover": call.takeover,
    }


def _firms_public(state: ExchangeState) -> Json:
    """Each firm's public entry (remembered by the position and the firms' public figures:
    they change on a move, a meeting or a year's books, not with an order; read only)."""
    board = state.board
    figures = tuple(
        (n, firm.director, firm.payout, firm.earnings) for n, firm in sorted(state.firms.items())
    )
    return _FIRMS.json(board, figures)


class _Firms:
    """The last firms' public entries, with what they were made from: the occupied squares,
    the kings, the piece ids by square and the figures (comparing the ids' list is cheaper
    than naming them by square and hashing that for the cache below)."""

    def __init__(self) -> None:
        # one tuple, swapped at once (views may be made in several threads)
        self.last: tuple[tuple[int, int, FirmFigures], list[str | None] | None, Json] | None
        self.last = None

    def json(self, board: Board, figures: FirmFigures) -> Json:
        key = (board.white | board.black, board.kings, figures)
        ids = board._ids  # read only, never kept: a move changes the board's own list
        last = self.last
        if last is not None and key == last[0] and ids == last[1]:
            return last[2]
        made = _firms_json(key[0], key[1], tuple(board.ids().items()), figures)
        self.last = (key, None if ids is None else list(ids), made)
        return made


_FIRMS: Final = _Firms()


FirmFigures = tuple[tuple[int, str | None, int, int], ...]


@functools.lru_cache(maxsize=256)
def _firms_json(
    occupied: int, kings: int, ids: tuple[tuple[str, str], ...], figures: FirmFigures
) -> Json:
    pieces = _pieces(occupied, kings, ids)
    return {
        str(n): {
            "director": director,
            "color": color_of(n),
            "payout": payout,
            "earnings": earnings,
            "pieces": [
                {"id": piece_id, "square": square, "king": king}
                for piece_id, square, king in pieces.get(n, ())
            ],
        }
        for n, director, payout, earnings in figures
    }


PiecesByFirm = dict[int, tuple[tuple[str, str, bool], ...]]


def _position(board: Board) -> str:
    """The board's FEN (remembered by position: every view shows it, it changes on a move).

    >>> _position(Board()) == Board().fen()
    True
    """
    return _fen(board.white, board.black, board.kings, board.white_to_move)


@functools.lru_cache(maxsize=256)
def _fen(white: int, black: int, kings: int, white_to_move: bool) -> str:
    return fen_codec.write(white, black, kings, white_to_move)


@functools.lru_cache(maxsize=256)
def _pieces(occupied: int, kings: int, ids: tuple[tuple[str, str], ...]) -> PiecesByFirm:
    """The pieces of a position (remembered: the board changes only on a move; read only)."""
    found: dict[int, list[tuple[str, str, bool]]] = {}
    for square, piece_id in ids:
        index = INDEX[square]
        firm = firm_of_piece_id(piece_id)
        if firm is not None and (occupied >> index) & 1:
            found.setdefault(firm, []).append((piece_id, square, bool((kings >> index) & 1)))
    return {n: tuple(sorted(p, key=lambda piece: piece[0])) for n, p in found.items()}


def worth(state: ExchangeState, account: str) -> int:
    """Cash plus the holdings at the last prices; after the end the cash alone (the final
    settlement paid every holding out, the shares stay on record for the reveal only)."""
    return _worth(state, state.ledger.balance(account, CASH), state.ledger.holdings(account))


def _worth(state: ExchangeState, cash: int, held: dict[int, int]) -> int:
    if state.phase == "ended":
        return cash
    prices = state.prices
    for stock, q in held.items():
        cash += q * prices[stock]
    return cash


class _Every:
    """Contains every account (the host's view shows all orders)."""

    def __contains__(self, account: object) -> bool:
        return True


EVERY_ACCOUNT: Final = _Every()


class _EveryOrder:
    """:func:`orders_by_account` of every account, remembered with the books' depths it
    was made from: a book's ``depth()`` is made again after every change to it, so while
    each book's is the very object it was, no order has changed (read only)."""

    def __init__(self) -> None:
        self.last: tuple[list[Json], dict[str, list[Order]]] | None = None  # swapped at once

    def orders(self, state: ExchangeState) -> dict[str, list[Order]]:
        books = list(state.books.values())
        depths = [book.depth() for book in books]
        last = self.last
        if last is not None and _same_items(last[0], depths):
            return last[1]
        found: dict[str, list[Order]] = {}
        for book in books:
            _by_account(found, book.bids)
            _by_account(found, book.asks)
        self.last = (depths, found)
        return found


def _by_account(found: dict[str, list[Order]], orders: list[Order]) -> None:
    """Add ``orders`` to ``found``, by account (each account's after those it has)."""
    for order in orders:
        have = found.get(order.account)
        if have is None:
            found[order.account] = [order]
        else:
            have.append(order)


_EVERY_ORDER: Final = _EveryOrder()


def every_order(state: ExchangeState) -> dict[str, list[Order]]:
    """``orders_by_account(state, EVERY_ACCOUNT)``, remembered while no book changes.

    >>> from boardroom.games.exchange import RULES
    >>> game = RULES.setup({"game": "exchange", "players": [{"id": "p1"}, {"id": "p2"}]})
    >>> every_order(game) == orders_by_account(game, EVERY_ACCOUNT)
    True
    """
    return _EVERY_ORDER.orders(state)


def orders_by_account(state: ExchangeState, accounts: Container[str]) -> dict[str, list[Order]]:
    """The open orders of ``accounts``, each account's in book order (stock, bids, asks).

    >>> from boardroom.games.exchange import RULES
    >>> game = RULES.setup({"game": "exchange", "players": [{"id": "p1"}, {"id": "p2"}]})
    >>> orders_by_account(game, EVERY_ACCOUNT)  # no order before the start
    {}
    """
    found: dict[str, list[Order]] = {}
    for book in state.books.values():
        for orders in (book.bids, book.asks):
            for order in orders:
                if order.account in accounts:
                    found.setdefault(order.account, []).append(order)
    return found


class _Account:
    """One account's entry with copies of what it was made from: its balances, its
    reservations, its open orders, the prices (its worth) and whether the game has ended;
    also its holdings by stock (the firms it holds shares of)."""

    def __init__(
        self,
        assets: dict[Asset, int] | None,
        reserved: dict[Asset, int] | None,
        orders: list[Order] | None,
        prices: dict[int, int],
        ended: bool,
        holdings: dict[int, int],
        entry: Json,
    ) -> None:
        self.assets = None if assets is None else dict(assets)
        self.reserved = None if reserved is None else dict(reserved)
        self.orders = None if orders is None else list(orders)
        self.prices = dict(prices)
        self.ended = ended
        self.holdings = holdings
        self.entry = entry


class _Accounts:
    """Each account's last entry: the same object while what it is made from stays equal,
    and on a change only the parts that changed are made again (most versions change one
    or two accounts' figures, or a price; read only)."""

    def __init__(self) -> None:
        self.last: dict[str, _Account] = {}  # each account's swapped at once

    def get(self, state: ExchangeState, account: str, orders: dict[str, list[Order]]) -> _Account:
        ledger = state.ledger
        assets = ledger.balances.get(account)
        reserved = ledger.reserved.get(account)
        own = orders.get(account)
        ended = state.phase == "ended"
        known = self.last.get(account)
        if known is None:
            made = _new_account(state, account, assets, reserved, own, ended)
        else:
            same_assets = known.assets == assets
            same_reserved = known.reserved == reserved
            same_orders = known.orders == own
            same_worth = same_assets and known.ended == ended and known.prices == state.prices
            if same_worth and same_reserved and same_orders:
                return known
            made = _changed_account(
                state,
                account,
                known,
                assets,
                reserved,
                own,
                ended,
                same_assets,
                same_worth,
                same_reserved,
                same_orders,
            )
        if len(self.last) >= 4096:
            self.last = {}
        self.last[account] = made
        return made


_ACCOUNTS: Final = _Accounts()


def _account(state: ExchangeState, account: str, orders: dict[str, list[Order]]) -> Json:
    """The entry of ``account`` (remembered while its figures stay the same)."""
    return _ACCOUNTS.get(state, account, orders).entry


def _new_account(
    state: ExchangeState,
    account: str,
    assets: dict[Asset, int] | None,
    reserved: dict[Asset, int] | None,
    orders: list[Order] | None,
    ended: bool,
) -> _Account:
    cash = 0 if assets is None else assets.get(CASH, 0)
    holdings = state.ledger.holdings(account)
    entry = {
        "cash": cash,
        "worth": _worth(state, cash, holdings),
        "reserved": 0 if reserved is None else reserved.get(CASH, 0),
        "holdings": {str(s): n for s, n in holdings.items()},
        "reserved_shares": _reserved_shares(reserved),
        "orders": [] if orders is None else [order.as_json() for order in orders],
    }
    return _Account(assets, reserved, orders, state.prices, ended, holdings, entry)


def _changed_account(
    state: ExchangeState,
    account: str,
    known: _Account,
    assets: dict[Asset, int] | None,
    reserved: dict[Asset, int] | None,
    orders: list[Order] | None,
    ended: bool,
    same_assets: bool,
    same_worth: bool,
    same_reserved: bool,
    same_orders: bool,
) -> _Account:
    """``_new_account``, with the parts whose figures did not change taken from ``known``."""
    last = known.entry
    if same_assets:
        cash, holdings, held = last["cash"], known.holdings, last["holdings"]
    else:
        cash = 0 if assets is None else assets.get(CASH, 0)
        holdings = state.ledger.holdings(account)
        held = {str(s): n for s, n in holdings.items()}
    worth = last["worth"] if same_worth else _worth(state, cash, holdings)
    if same_assets and same_reserved and same_orders and worth == last["worth"]:
        # the prices changed, not this account's worth: the same entry
        return _Account(assets, reserved, orders, state.prices, ended, holdings, last)
    entry = {
        "cash": cash,
        "worth": worth,
        "reserved": last["reserved"] if same_reserved else _reserved_cash(reserved),
        "holdings": held,
        "reserved_shares": (
            last["reserved_shares"] if same_reserved else _reserved_shares(reserved)
        ),
        "orders": last["orders"] if same_orders else _orders_json(orders),
    }
    return _Account(assets, reserved, orders, state.prices, ended, holdings, entry)


def _reserved_cash(reserved: dict[Asset, int] | None) -> int:
    return 0 if reserved is None else reserved.get(CASH, 0)


def _reserved_shares(reserved: dict[Asset, int] | None) -> Json:
    if not reserved:
        return {}
    return {str(s): n for s, n in sorted(_shares(reserved).items()) if n}


def _orders_json(orders: list[Order] | None) -> list[Json]:
    return [] if orders is None else [order.as_json() for order in orders]


class _Seats:
    """Each viewer's last ``accounts`` and ``firms`` (with the firms' private figures), the
    same objects while every part stays the same: the server then skips encoding them
    again, the robots' valuations reuse what they worked out (read only)."""

    def __init__(self) -> None:
        self.last_accounts: dict[str, tuple[list[tuple[str, Json]], Json]] = {}
        self.last_firms: dict[str, tuple[Json, list[Json], Json]] = {}
        self.entries: dict[int, tuple[Json, tuple[int, int, int], Json]] = {}

    def accounts(self, viewer: str, entries: list[tuple[str, Json]]) -> Json:
        """``dict(entries)``, the last one made for ``viewer`` when its entries are the same."""
        known = self.last_accounts.get(viewer)
        if known is not None and _same_pairs(known[0], entries):
            return known[1]
        made = dict(entries)
        if len(self.last_accounts) >= 4096:
            self.last_accounts = {}
        self.last_accounts[viewer] = (entries, made)
        return made

    def firms(self, viewer: str, public: Json, state: ExchangeState, firms: list[int]) -> Json:
        """``public`` (the firms' public entries) with the private figures of ``firms``."""
        merged = dict(public)
        for firm in firms:
            name = str(firm)
            merged[name] = self.entry(firm, public[name], state)
        parts = list(merged.values())
        known = self.last_firms.get(viewer)
        if known is not None and known[0] is public and _same_items(known[1], parts):
            return known[2]
        if len(self.last_firms) >= 4096:
            self.last_firms = {}
        self.last_firms[viewer] = (public, parts, merged)
        return merged

    def entry(self, firm: int, public: Json, state: ExchangeState) -> Json:
        """The firm's public entry with its private figures (cash, reserved, tax due)."""
        account = firm_account(firm)
        ledger = state.ledger
        figures = (
            ledger.balance(account, CASH),
            ledger.held(account, CASH),
            state.firms[firm].tax_due,
        )
        known = self.entries.get(firm)
        if known is not None and known[0] is public and known[1] == figures:
            return known[2]
        made = {**public, "cash": figures[0], "reserved": figures[1], "tax_due": figures[2]}
        if len(self.entries) >= 4096:
            self.entries = {}
        self.entries[firm] = (public, figures, made)
        return made


_SEATS: Final = _Seats()


def _same_pairs(a: list[tuple[str, Json]], b: list[tuple[str, Json]]) -> bool:
    """The same names with the very same entries, in the same order (an index loop: a
    ``zip`` is a slow generic call from compiled code)."""
    if len(a) != len(b):
        return False
    i = 0
    while i < len(a):
        name_a, entry_a = a[i]
        name_b, entry_b = b[i]
        if entry_a is not entry_b or name_a != name_b:
            return False
        i += 1
    return True


def _same_items(a: list[Json], b: list[Json]) -> bool:
    """The very same objects, in the same order."""
    if len(a) != len(b):
        return False
    i = 0
    while i < len(a):
        if a[i] is not b[i]:
            return False
        i += 1
    return True


def _shares(assets: dict[Asset, int]) -> dict[int, int]:
    return {int(a): n for a, n in assets.items() if a != CASH}


def _firm_number(account: str) -> int | None:
    return int(account[5:]) if account.startswith("firm:") else None


def _legal_for(state: ExchangeState, viewer: str) -> list[str]:
    call = state.call
    if call is None or not may_act_for(state, viewer, firm_account(call.firm)):
        return []
    return turns.legal_for_call(state)


def _meetings_private(state: ExchangeState, seat: Seat) -> Json:
    votes = {
        str(n): {h: v.as_json() for h, v in m.votes.items() if h in seat}
        for n, m in state.meetings.items()
    }
    return {"my_votes": votes, "shareholder_of": sorted(seat.holds)}


def _keep(event: Json, seat: Seat) -> Json | None:
    return event


def _only(*keys: str) -> Redactor:
    kept = frozenset(("type", "at", *keys))

    def redact(event: Json, seat: Seat) -> Json | None:
        return {k: v for k, v in event.items() if k in kept}

    return redact


def _own_or(public: Redactor, field: str = "account") -> Redactor:
    def redact(event: Json, seat: Seat) -> Json | None:
        return event if event.get(field) in seat else public(event, seat)

    return redact


def _trade(event: Json, seat: Seat) -> Json | None:
    public = {k: event[k] for k in ("type", "at", "stock", "price", "qty")}
    if event["buyer"] in seat:
        public.update(side="buy", account=event["buyer"], order=event["buy_order"])
    elif event["seller"] in seat:
        public.update(side="sell", account=event["seller"], order=event["sell_order"])
    return public


def _dividend(event: Json, seat: Seat) -> Json | None:
    """Each seat sees its own payments and what the firm paid in all (public)."""
    mine = {h: a for h, a in event["payments"].items() if h in seat}
    return {**event, "paid": dividends_paid(event), "payments": mine}


def dividends_paid(event: Json) -> int:
    """What a firm's ``dividend_paid`` event moved to its shareholders in all (the ledger's
    sum): ⌊D/S⌋ a share times the shares held, not the declared D (the rest stays with the
    firm). A redacted event carries it as ``paid``; a whole one has every payment.

    >>> dividends_paid({"dividend": 34, "per_share": 1, "payments": {"p1": 15, "p2": 5}})
    20
    >>> dividends_paid({"dividend": 34, "per_share": 1, "paid": 20, "payments": {}})
    20
    """
    if "paid" in event:
        return int(event["paid"])
    return sum(int(a) for a in (event.get("payments") or {}).values())


def _voted(event: Json, seat: Seat) -> Json | None:
    return event if event["holder"] in seat else None


def _meeting_closed(event: Json, seat: Seat) -> Json | None:
    if event["firm"] in seat.holds:
        return event
    return {k: v for k, v in event.items() if k != "tally"}


def _salary(event: Json, seat: Seat) -> Json | None:
    return event if event["player"] in seat else None


REDACTORS: dict[str, Redactor] = {
    "order_placed": _own_or(_only("stock", "side", "qty", "price", "privatization")),
    "order_cancelled": _own_or(_only("stock", "qty", "reason")),
    "trade": _trade,
    "dividend_paid": _dividend,
    "meeting_called": _own_or(_only("firm"), "by"),
    "nominated": _own_or(_only("firm", "candidate"), "by"),
    "voted": _voted,
    "meeting_closed": _meeting_closed,
    "salary_paid": _salary,
}


def _redact(event: Json, seat: Seat) -> Json | None:
    return REDACTORS.get(event["type"], _keep)(event, seat)


def forget() -> None:
    """Drop every part the views remember across versions, so the next view is made from
    nothing (tests compare the remembered views with such a one).

    >>> from boardroom.games.exchange import RULES
    >>> game = RULES.setup({"game": "exchange", "players": [{"id": "p1"}]})
    >>> before = view(game, "p1")
    >>> forget()
    >>> view(game, "p1") == before
    True
    """
    _PRICES.last = ({}, {})
    _CLOSES.last = ({}, {})
    _BOOKS.last = ([], [], [], {})
    _FIRMS.last = None
    _firms_json.cache_clear()
    _pieces.cache_clear()
    _fen.cache_clear()
    _ACCOUNTS.last = {}
    _SEATS.last_accounts, _SEATS.last_firms, _SEATS.entries = {}, {}, {}
    _EVERY_ORDER.last = None
