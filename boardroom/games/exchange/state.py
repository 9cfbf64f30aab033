"""The state of one game of Exchange Draughts: the fold of its events.

The state is plain data. :meth:`ExchangeState.clone` gives an independent copy
(``decide`` works on one, so it never touches the real state);
:meth:`ExchangeState.snapshot` gives a comparable JSON picture of everything.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Final, Literal, get_args

from boardroom.draughts import Board
from boardroom.games.exchange.book import Book
from boardroom.games.exchange.ledger import Ledger
from boardroom.games.exchange.ruleset import FIRMS, Ruleset
from boardroom.kernel import Json

Phase = Literal[
    "setup", "board", "dividends", "exchange", "meeting_calls", "meetings", "taxes", "ended"
]
"""The phases of the year (§4), in their order, plus before the start and after the end."""
PHASES: Final[tuple[Phase, ...]] = get_args(Phase)

EventKind = Literal[
    "game_started",
    "phase_changed",
    "waiting_for_host",
    "continued",
    "called",
    "passed",
    "moved",
    "timed_out",
    "board_closed",
    "board_decided",
    "capture_rewarded",
    "bonus_paid",
    "income_credited",
    "tax_reserved",
    "dividend_paid",
    "order_placed",
    "trade",
    "order_cancelled",
    "session_closed",
    "meeting_called",
    "nominated",
    "voted",
    "meeting_closed",
    "taxes_paid",
    "salary_paid",
    "year_closed",
    "paused",
    "resumed",
    "extended",
    "settled",
    "game_ended",
    "renamed",
]
"""Every kind of event the exchange core emits (``docs/exchange.md``)."""
EVENT_KINDS: Final[tuple[EventKind, ...]] = get_args(EventKind)

CallMode = Literal["normal", "late_colour", "own_piece"]
"""What the firm on call moves: its own piece (``normal``), or, in a timeout takeover, first a
piece of the late colour (``late_colour``) and then one of its own (``own_piece``)."""
TAKEOVER_STEP: Final[dict[CallMode, int]] = {"normal": 0, "late_colour": 1, "own_piece": 2}
"""How a call mode is written in events and views (``takeover`` 0/1/2, kept for stored games)."""
CALL_MODE: Final[dict[int, CallMode]] = {n: mode for mode, n in TAKEOVER_STEP.items()}


Part = Literal[
    "players",
    "firms",
    "board",
    "pointers",
    "prices",
    "call",
    "meeting_calls",
    "meetings",
    "history",
]
"""The parts of a state that events change in place (the rest are replaced whole)."""
PARTS: Final[tuple[Part, ...]] = get_args(Part)
ALL_PARTS: Final[frozenset[Part]] = frozenset(PARTS)
"""(A set copies a frozenset faster than it is built from a tuple: twice a command.)"""


@dataclass(init=False)
class Firm:
    """A joint-stock company: its director, its payout and this year's books.

    (The hot classes of the state write their ``__init__``: compiled by mypyc, a
    generated one runs interpreted; each pickles by its fields, ``__reduce__``.)
    """

    number: int
    director: str | None
    payout: int
    earnings: int = 0
    tax_due: int = 0

    def __init__(
        self, number: int, director: str | None, payout: int, earnings: int = 0, tax_due: int = 0
    ) -> None:
        self.number = number
        self.director = director
        self.payout = payout
        self.earnings = earnings
        self.tax_due = tax_due

    def __reduce__(self) -> tuple[type[Firm], tuple[int, str | None, int, int, int]]:
        return (Firm, (self.number, self.director, self.payout, self.earnings, self.tax_due))

    def copy(self) -> Firm:
        return Firm(self.number, self.director, self.payout, self.earnings, self.tax_due)

    def as_json(self) -> Json:
        """Every field by name (what ``vars`` gave before the class was compiled).

        >>> Firm(3, "p1", 20).as_json()
        {'number': 3, 'director': 'p1', 'payout': 20, 'earnings': 0, 'tax_due': 0}
        """
        return {
            "number": self.number,
            "director": self.director,
            "payout": self.payout,
            "earnings": self.earnings,
            "tax_due": self.tax_due,
        }


@dataclass(init=False)
class Call:
    """Who is on call on the board, and how this colour's round has gone so far.

    ``mode`` is ``normal``, or in a timeout takeover ``late_colour`` while the firm
    moves a piece of the late colour and ``own_piece`` while it then moves its own.
    ``declined`` are the firms of this round that could move but passed;
    ``must_move`` forbids passing.
    """

    color: str
    firm: int
    round_start: int
    declined: list[int] = field(default_factory=list)
    must_move: bool = False
    mode: CallMode = "normal"

    def __init__(
        self,
        color: str,
        firm: int,
        round_start: int,
        declined: list[int] | None = None,
        must_move: bool = False,
        mode: CallMode = "normal",
    ) -> None:
        self.color = color
        self.firm = firm
        self.round_start = round_start
        self.declined = [] if declined is None else declined
        self.must_move = must_move
        self.mode = mode

    def __reduce__(self) -> tuple[type[Call], tuple[str, int, int, list[int], bool, CallMode]]:
        fields = (self.color, self.firm, self.round_start, self.declined, self.must_move)
        return (Call, (*fields, self.mode))

    @property
    def takeover(self) -> int:
        """The mode as written in events and views: 0 normal, 1 late colour, 2 own piece."""
        return TAKEOVER_STEP[self.mode]

    def copy(self) -> Call:
        return Call(
            self.color,
            self.firm,
            self.round_start,
            list(self.declined),
            self.must_move,
            self.mode,
        )

    def as_json(self) -> Json:
        """Every field by name.

        >>> Call("white", 1, 0).as_json()["declined"]
        []
        """
        return {
            "color": self.color,
            "firm": self.firm,
            "round_start": self.round_start,
            "declined": list(self.declined),
            "must_move": self.must_move,
            "mode": self.mode,
        }


@dataclass(frozen=True)
class Vote:
    """A holding's vote at a meeting."""

    voter: str
    director: str
    payout: int

    def __reduce__(self) -> tuple[type[Vote], tuple[str, str, int]]:
        """Pickled by its fields (a saved state holds votes; compiled, a frozen class
        cannot set them afterwards).

        >>> import pickle
        >>> pickle.loads(pickle.dumps(Vote("p1", "p2", 30))) == Vote("p1", "p2", 30)
        True
        """
        return (Vote, (self.voter, self.director, self.payout))

    def as_json(self) -> Json:
        """Every field by name.

        >>> Vote("p1", "p2", 30).as_json()
        {'voter': 'p1', 'director': 'p2', 'payout': 30}
        """
        return {"voter": self.voter, "director": self.director, "payout": self.payout}


@dataclass(init=False)
class Meeting:
    """One firm's meeting: its candidates and the votes cast so far (by holding)."""

    candidates: list[str]
    votes: dict[str, Vote] = field(default_factory=dict)

    def __init__(self, candidates: list[str], votes: dict[str, Vote] | None = None) -> None:
        self.candidates = candidates
        self.votes = {} if votes is None else votes

    def __reduce__(self) -> tuple[type[Meeting], tuple[list[str], dict[str, Vote]]]:
        return (Meeting, (self.candidates, self.votes))

    def copy(self) -> Meeting:
        return Meeting(list(self.candidates), dict(self.votes))


@dataclass(init=False)
class ExchangeState:
    """Everything the game core knows about one game."""

    ruleset: Ruleset
    seed: int
    players: dict[str, str]
    officials: list[str]
    firms: dict[int, Firm]
    ledger: Ledger
    board: Board
    pointers: dict[str, int]
    books: dict[int, Book]
    prices: dict[int, int]
    closes: dict[int, int]
    phase: Phase = "setup"
    year: int = 0
    waiting: Phase | None = None
    opening: bool = False
    started: bool = False
    call: Call | None = None
    deadline: float | None = None
    min_move_at: float = 0.0
    paused_at: float | None = None
    moves_this_year: int = 0
    board_result: Json | None = None
    order_count: int = 0
    meeting_calls: dict[int, list[str]] = field(default_factory=dict)
    meetings: dict[int, Meeting] = field(default_factory=dict)
    history: list[Json] = field(default_factory=list)
    results: Json | None = None
    log: list[Json] = field(default_factory=list)

    shared: set[Part] = field(default_factory=set, compare=False, repr=False)
    """The parts this state may share with a clone (copied before they change: :meth:`own`)."""

    def __init__(
        self,
        ruleset: Ruleset,
        seed: int,
        players: dict[str, str],
        officials: list[str],
        firms: dict[int, Firm],
        ledger: Ledger,
        board: Board,
        pointers: dict[str, int],
        books: dict[int, Book],
        prices: dict[int, int],
        closes: dict[int, int],
        phase: Phase = "setup",
        year: int = 0,
        waiting: Phase | None = None,
        opening: bool = False,
        started: bool = False,
        call: Call | None = None,
        deadline: float | None = None,
        min_move_at: float = 0.0,
        paused_at: float | None = None,
        moves_this_year: int = 0,
        board_result: Json | None = None,
        order_count: int = 0,
        meeting_calls: dict[int, list[str]] | None = None,
        meetings: dict[int, Meeting] | None = None,
        history: list[Json] | None = None,
        results: Json | None = None,
        log: list[Json] | None = None,
        shared: set[Part] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.players = players
        self.officials = officials
        self.firms = firms
        self.ledger = ledger
        self.board = board
        self.pointers = pointers
        self.books = books
        self.prices = prices
        self.closes = closes
        self.phase = phase
        self.year = year
        self.waiting = waiting
        self.opening = opening
        self.started = started
        self.call = call
        self.deadline = deadline
        self.min_move_at = min_move_at
        self.paused_at = paused_at
        self.moves_this_year = moves_this_year
        self.board_result = board_result
        self.order_count = order_count
        self.meeting_calls = {} if meeting_calls is None else meeting_calls
        self.meetings = {} if meetings is None else meetings
        self.history = [] if history is None else history
        self.results = results
        self.log = [] if log is None else log
        self.shared = set() if shared is None else shared

    def __reduce__(self) -> tuple[type[ExchangeState], tuple[Any, ...]]:
        """Pickled by its fields (the server keeps snapshots of states).

        >>> import pickle
        >>> from boardroom.games.exchange.setup import initial_state
        >>> state = initial_state({"players": [{"id": "p1", "name": "Anna"}]})
        >>> pickle.loads(pickle.dumps(state)).snapshot() == state.snapshot()
        True
        """
        return (
            ExchangeState,
            (
                self.ruleset,
                self.seed,
                self.players,
                self.officials,
                self.firms,
                self.ledger,
                self.board,
                self.pointers,
                self.books,
                self.prices,
                self.closes,
                self.phase,
                self.year,
                self.waiting,
                self.opening,
                self.started,
                self.call,
                self.deadline,
                self.min_move_at,
                self.paused_at,
                self.moves_this_year,
                self.board_result,
                self.order_count,
                self.meeting_calls,
                self.meetings,
                self.history,
                self.results,
                self.log,
                self.shared,
            ),
        )

    def clone(self) -> ExchangeState:
        """A draft's copy: as independent as a deep copy, but cheap (copy on write).

        The two share every part until one of them changes it (:meth:`own`, called for
        each event by ``events.apply``); the ledger and the books share account by
        account and book by book. The ruleset, the results and past events are never
        changed, so shared for good. The clone's ``log`` starts empty: it holds the
        events emitted into the draft (deciding never reads the log).
        """
        self.shared = set(ALL_PARTS)
        return ExchangeState(
            self.ruleset,
            self.seed,
            self.players,
            self.officials,
            self.firms,
            self.ledger.copy(),
            self.board,
            self.pointers,
            {n: b.copy() for n, b in self.books.items()},
            self.prices,
            self.closes,
            self.phase,
            self.year,
            self.waiting,
            self.opening,
            self.started,
            self.call,
            self.deadline,
            self.min_move_at,
            self.paused_at,
            self.moves_this_year,
            self.board_result,
            self.order_count,
            self.meeting_calls,
            self.meetings,
            self.history,
            self.results,
            [],
            set(ALL_PARTS),
        )

    def take(self, draft: ExchangeState) -> None:
        """Become ``draft``, a :meth:`clone` of this state that events were applied to:
        the state that applying the same events here would give, without doing it again.

        >>> from boardroom.games.exchange.events import apply
        >>> from boardroom.games.exchange.setup import initial_state
        >>> state = initial_state({"game": "exchange", "seed": 1,
        ...                        "players": [{"id": "p1", "name": "Anna"}]})
        >>> draft = state.clone()
        >>> _ = apply(draft, {"type": "renamed", "player": "p1", "name": "Anya", "at": 0})
        >>> state.take(draft)
        >>> state.players["p1"], [e["type"] for e in state.log]
        ('Anya', ['renamed'])
        """
        self.log.extend(draft.log)
        self.ruleset = draft.ruleset
        self.seed = draft.seed
        self.players = draft.players
        self.officials = draft.officials
        self.firms = draft.firms
        self.ledger = draft.ledger
        self.board = draft.board
        self.pointers = draft.pointers
        self.books = draft.books
        self.prices = draft.prices
        self.closes = draft.closes
        self.phase = draft.phase
        self.year = draft.year
        self.waiting = draft.waiting
        self.opening = draft.opening
        self.started = draft.started
        self.call = draft.call
        self.deadline = draft.deadline
        self.min_move_at = draft.min_move_at
        self.paused_at = draft.paused_at
        self.moves_this_year = draft.moves_this_year
        self.board_result = draft.board_result
        self.order_count = draft.order_count
        self.meeting_calls = draft.meeting_calls
        self.meetings = draft.meetings
        self.history = draft.history
        self.results = draft.results
        self.shared = draft.shared

    def own(self, part: Part) -> None:
        """Give this state its own copy of ``part`` before it changes, if it is shared.

        >>> from boardroom.games.exchange.setup import initial_state
        >>> state = initial_state({"game": "exchange", "seed": 1,
        ...                        "players": [{"id": "p1", "name": "Anna"}]})
        >>> draft = state.clone()
        >>> draft.own("players")
        >>> draft.players["p1"] = "Anya"
        >>> state.players["p1"], draft.players["p1"]
        ('Anna', 'Anya')
        """
        if part not in self.shared:
            return
        self.shared.discard(part)
        if part == "players":
            self.players = dict(self.players)
        elif part == "firms":
            self.firms = {n: f.copy() for n, f in self.firms.items()}
        elif part == "board":
            self.board = self.board.copy()
        elif part == "pointers":
            self.pointers = dict(self.pointers)
        elif part == "prices":
            self.prices = dict(self.prices)
        elif part == "call":
            self.call = None if self.call is None else self.call.copy()
        elif part == "meeting_calls":
            self.meeting_calls = {n: list(c) for n, c in self.meeting_calls.items()}
        elif part == "meetings":
            self.meetings = {n: m.copy() for n, m in self.meetings.items()}
        else:
            self.history = list(self.history)

    def firm_of_piece(self, piece_id: str | None) -> int | None:
        """The firm that owns a piece, from its id (``"3.2"`` → 3)."""
        return None if piece_id is None else firm_of_piece_id(piece_id)

    def piece_ids(self, firm: int) -> set[str]:
        """The ids of the firm's pieces still on the board."""
        prefix = f"{firm}."
        return {pid for pid in self.board.ids().values() if pid.startswith(prefix)}

    def snapshot(self) -> Json:
        """Everything, as comparable JSON-like data (the board by FEN and piece ids)."""
        return {
            "phase": self.phase,
            "year": self.year,
            "waiting": self.waiting,
            "opening": self.opening,
            "started": self.started,
            "fen": self.board.fen(),
            "ids": self.board.ids(),
            "firms": {n: f.as_json() for n, f in self.firms.items()},
            "balances": self.ledger.balances,
            "reserved": {a: r for a, r in self.ledger.reserved.items() if r},
            "pointers": self.pointers,
            "call": None if self.call is None else self.call.as_json(),
            "books": {n: (b.bids, b.asks) for n, b in self.books.items()},
            "prices": self.prices,
            "closes": self.closes,
            "deadline": self.deadline,
            "min_move_at": self.min_move_at,
            "paused_at": self.paused_at,
            "moves_this_year": self.moves_this_year,
            "board_result": self.board_result,
            "order_count": self.order_count,
            "meeting_calls": self.meeting_calls,
            "meetings": {n: (m.candidates, m.votes) for n, m in self.meetings.items()},
            "history": self.history,
            "results": self.results,
            "log": self.log,
        }


@functools.lru_cache(maxsize=4096)
def firm_of_piece_id(piece_id: str) -> int | None:
    """The firm that owns a piece, from its id (a handful of ids, so remembered).

    >>> firm_of_piece_id("3.2"), firm_of_piece_id("9.1"), firm_of_piece_id("x")
    (3, None, None)
    """
    head = piece_id.split(".", 1)[0]
    return int(head) if head.isascii() and head.isdigit() and int(head) in FIRMS else None
