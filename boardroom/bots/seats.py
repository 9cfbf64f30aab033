"""Robot seats: a strategy mix that, given its seat's view and the time, returns the commands.

A :class:`RobotSeat` reads nothing but the view the core makes for its seat
(``boardroom.games.exchange.views.view(state, seat)``) and the time. Every
strategy of the mix sees the same view and one shared purse, so the batch it
returns is consistent (the same cash is never spent twice). :func:`robot_seat`
builds the standard mixes by kind:

* ``director`` — directs its firm with the board robot, keeps a core of its shares
  (a majority when control is being bought), trades the rest and the other firms on
  value, votes for itself;
* ``value`` — a value trader with a view of each firm each session, calls a meeting when
  a firm it holds pays out less than all its profit, votes for the sitting directors and
  for paying out all;
* ``raider`` — takes over firms one after another, then directs them;
* ``noise`` — trades at random near the last price, votes for the sitting directors;
* ``speculator`` — a busier noise trader that also sells what it holds (the live
  server's "noise" seats: it gives the others someone to trade with);
* ``host`` — moves only for a firm that has no director (the State abstains).

Every kind carries the director policy, so whoever ends up directing a firm moves it.

>>> seat = robot_seat("value", "p9", seed=4)
>>> [s.name for s in seat.strategies]
['director', 'payout', 'value', 'voter']
>>> seat.act({"phase": "setup", "paused": False, "ruleset": {"shares_per_firm": 20},
...           "accounts": {}}, 0.0)
[]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from boardroom.bots.context import Context, Memory, Purse, Strategy
from boardroom.bots.director import Director
from boardroom.bots.market import NoiseTrader, PayoutCaller, Raider, ValueTrader
from boardroom.bots.votes import FixedPayout, Incumbent, KeepPayout, SelfFirst, Voter
from boardroom.kernel import Json

KINDS = ("director", "value", "raider", "noise")


@dataclass(frozen=True)
class BoardSettings:
    """How the board robot plays for directors: the levels a seat's robot is drawn from
    (players of mixed strength), and the node budget per move.

    >>> BoardSettings(levels=("club",)).level_for(random.Random(1))
    'club'
    """

    levels: tuple[str, ...] = ("casual", "club")
    nodes: int = 300
    pass_margin: int | None = None
    """Directors pass when their best move costs the firm this much (None: never by choice)."""

    def level_for(self, rng: random.Random) -> str:
        """One seat's level, drawn from ``levels``."""
        return rng.choice(self.levels)

    def __reduce__(
        self,
    ) -> tuple[type[BoardSettings], tuple[tuple[str, ...], int, int | None]]:
        """Pickled by its fields (a lab's settings go to its worker processes; compiled by
        mypyc, a frozen class cannot set them afterwards).

        >>> import pickle
        >>> pickle.loads(pickle.dumps(BoardSettings(nodes=50))) == BoardSettings(nodes=50)
        True
        """
        return (BoardSettings, (self.levels, self.nodes, self.pass_margin))


class RobotSeat:
    """One seat played by robots: its strategies, a seeded random source and a memory."""

    def __init__(
        self, seat: str, strategies: Sequence[Strategy], *, seed: int = 0, kind: str = ""
    ) -> None:
        self.seat = seat
        self.strategies = list(strategies)
        self.kind = kind or "+".join(s.name for s in strategies)
        self.rng = random.Random(f"{seed}:{seat}")
        self.memory = Memory()

    def wants(self, phase: str) -> bool:
        """Does any of its strategies act in ``phase``?

        >>> robot_seat("noise", "p3").wants("meeting_calls")
        False
        """
        return any(phase in s.phases for s in self.strategies)

    def act(self, seen: Json, now: float) -> list[Json]:
        """The commands to send now, each with ``by`` set to this seat."""
        self.memory.observe(seen)
        purse = Purse.from_view(seen, self.memory.accounts)
        ctx = Context(self.seat, now, self.rng, self.memory, purse)
        commands: list[Json] = []
        for strategy in self.strategies:
            commands += strategy.act(seen, ctx)
        return [{**command, "by": self.seat} for command in commands]


def robot_seat(
    kind: str, seat: str, *, seed: int = 0, board: BoardSettings | None = None
) -> RobotSeat:
    """The standard strategy mix of a ``kind`` (see the module docstring)."""
    board = board or BoardSettings()
    rng = random.Random(f"{seed}:{seat}:{kind}")
    director = Director(
        board.level_for(rng), board.nodes, seed=rng.randrange(2**31), pass_margin=board.pass_margin
    )
    if kind not in MIXES:
        raise ValueError(f"unknown robot kind {kind!r}; kinds: {', '.join(MIXES)}")
    return RobotSeat(seat, [director, *MIXES[kind](rng)], seed=seed, kind=kind)


def _director_mix(rng: random.Random) -> list[Strategy]:
    # Keeps a core of its own firm (a quarter to two fifths of it), sells what is beyond,
    # buys a majority when someone bids control's price; trades the other firms on value.
    trader = ValueTrader(
        edge=0.1, bias=rng.uniform(0.95, 1.05), stake=0.25, opinion=0.1,
        core=rng.uniform(0.25, 0.4),
    )  # fmt: skip
    return [trader, Voter(SelfFirst(), KeepPayout())]


def _value_mix(rng: random.Random) -> list[Strategy]:
    # Its own view of each firm, drawn each session: two investors' bands overlap often.
    trader = ValueTrader(edge=rng.uniform(0.04, 0.1), bias=rng.uniform(0.92, 1.08), opinion=0.12)
    # It calls before it trades: the shares it calls with may be sold in the same wake.
    return [PayoutCaller(), trader, Voter(Incumbent(), FixedPayout(PayoutCaller.want))]


def _raider_mix(rng: random.Random) -> list[Strategy]:
    # Control pays in moves, not money: a share is worth its part of the firm whoever
    # directs it. 10-30 % over the fair value is enough to buy from value traders (they ask
    # 4-10 % over their own view, each ±8 % optimistic); the 40-80 % of balance
    # report 2 made every takeover a loss of about a fifth of the raider's wealth. It calls
    # the meeting with 5-7 of 20 shares: the State and payout voters may carry it.
    raider = Raider(premium=rng.uniform(0.1, 0.3), call_at=rng.randint(5, 7))
    return [raider, Voter(SelfFirst(), FixedPayout(100))]


def _noise_mix(rng: random.Random) -> list[Strategy]:
    return [NoiseTrader(), Voter(Incumbent(), FixedPayout(rng.choice((0, 50, 100))))]


def _speculator_mix(rng: random.Random) -> list[Strategy]:
    trader = NoiseTrader(activity=0.9, spread=0.25, sells_held=True)
    return [trader, Voter(Incumbent(), FixedPayout(rng.choice((0, 50, 100))))]


def _host_mix(rng: random.Random) -> list[Strategy]:
    return []


MIXES: dict[str, Callable[[random.Random], list[Strategy]]] = {
    "director": _director_mix,
    "value": _value_mix,
    "raider": _raider_mix,
    "noise": _noise_mix,
    "speculator": _speculator_mix,
    "host": _host_mix,
}


class SeatPolicy:
    """The server's robot hook (``policy(view, role) -> command | None``) over robot seats.

    Keeps one :class:`RobotSeat` per role and answers with the first command of a
    batch made from the fresh view (the rest would be decided on a view that is
    already stale, so the robot decides again at the next poll); ``clock`` gives
    the game time in seconds. The command carries no ``by``: the server adds it.
    """

    def __init__(
        self, kinds: Callable[[str], str], clock: Callable[[], float], seed: int = 0
    ) -> None:
        self.kinds = kinds
        self.clock = clock
        self.seed = seed
        self.seats: dict[str, RobotSeat] = {}

    def __call__(self, seen: Json, role: str) -> Json | None:
        if role not in self.seats:
            self.seats[role] = robot_seat(self.kinds(role), role, seed=self.seed)
        batch = self.seats[role].act(seen, self.clock())
        return {k: v for k, v in batch[0].items() if k != "by"} if batch else None
