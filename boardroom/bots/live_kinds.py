"""Each game kind's live robots: how a robot seat is made, when to ask it again, the rules.

A :class:`KindRobots` is what the server needs to run the robots of one game kind; the
server registers it under the kind's name (``boardroom/server/robots.py``), so no outer
part names a game. :data:`EXCHANGE_ROBOTS` and :data:`QUIZ_ROBOTS` are the lab's robots.

>>> EXCHANGE_ROBOTS.game, QUIZ_ROBOTS.game
('exchange', 'quiz')
>>> EXCHANGE_ROBOTS.robot("p2", RobotChoice("noise", "beginner"), 3, None).seat
'p2'
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Final, Protocol

import orjson

from boardroom.bots.director import robot_autoplay
from boardroom.bots.live import ExchangeRobot, QuizRobot, RobotChoice
from boardroom.bots.names import robot_name
from boardroom.games.exchange import KIND as EXCHANGE_KIND
from boardroom.games.exchange import ExchangeRules, ExchangeState
from boardroom.games.quiz import KIND as QUIZ_KIND
from boardroom.games.quiz.bank import Bank
from boardroom.kernel import Json, Rules

TAKEOVER_LEVEL: Final = "club"
TAKEOVER_NODES: Final = 800
"""A late firm's takeover move in a live exchange: the director robot at this node budget."""


class LiveRobot(Protocol):
    """What the server's runner asks a seat's robot (see :mod:`boardroom.bots.live`)."""

    choice: RobotChoice

    def next_at(self, seen: Json, now: float) -> float | None: ...

    def act(self, seen: Json, now: float) -> list[Json]: ...

    def needs_view(self) -> bool:
        """False: the next ``act`` does not read its view (it gets ``{}``; none is made)."""
        ...


@dataclass(frozen=True)
class KindRobots:
    """One game kind's robots in live games.

    ``robot(role, choice, seed, state)`` makes a seat's robot (``state``: the game's, for
    what the server alone may hand a robot, such as a quiz bank's answers; never a view's
    secret). ``epoch(state)``: what the robots' moments depend on (the phase, the call,
    the position, a pause): while it stays the same, a robot is not asked again until it
    is due (``None`` from it: ask every robot at every change). ``rules``: the rules live
    games of the kind run with (None: the kind's own). ``history``: whether its robots read
    their view's ``events`` (else their views are made without them). ``choices``: what
    of a :class:`RobotChoice` the host picks for this kind's robots (the lobby offers those).
    ``naming(host_view, role, choice, seed, lang)``: the host's command that gives a new
    robot seat's player a name people read (None: the kind's robots keep the setup's).
    """

    game: str
    robot: Callable[[str, RobotChoice, int, Any], LiveRobot]
    epoch: Callable[[Any], Hashable]
    rules: Rules[Any] | None = None
    history: bool = False
    choices: tuple[str, ...] = ()
    naming: Callable[[Json, str, RobotChoice, int, str], Json | None] | None = None


RobotPolicy = Callable[[Json, str], Json | None]
"""``policy(view, role)``: the command a robot sends now, or None to wait."""


class PolicyRobot:
    """A robot made of a policy: due whenever its view changed, it sends what the policy says.

    >>> robot = PolicyRobot("black", lambda view, role: {"type": "move"} if view["go"] else None)
    >>> robot.next_at({"go": True}, 5.0), robot.act({"go": True}, 5.0)
    (5.0, [{'type': 'move'}])
    >>> robot.next_at({"go": True}, 6.0) is None  # the same view: nothing new to say
    True
    """

    def __init__(self, role: str, policy: RobotPolicy, choice: RobotChoice | None = None) -> None:
        self.role = role
        self.policy = policy
        self.choice = choice or RobotChoice()
        self.acted_on: bytes | None = None

    def next_at(self, seen: Json, now: float) -> float | None:
        return None if _key(seen) == self.acted_on else now

    def needs_view(self) -> bool:
        return True

    def act(self, seen: Json, now: float) -> list[Json]:
        self.acted_on = _key(seen)
        command = self.policy(seen, self.role)
        return [] if command is None else [command]


def _key(seen: Json) -> bytes:
    return orjson.dumps(seen, option=orjson.OPT_SORT_KEYS)


def _no_epoch(state: Any) -> Hashable:
    return None


def policy_robots(game: str, policy: RobotPolicy, *, history: bool = True) -> KindRobots:
    """A kind's robots from a policy (``boardroom.server.robots.register_policy``): each
    robot seat asks ``policy(view, role)`` whenever its view changes, in the worker thread."""

    def robot(role: str, choice: RobotChoice, seed: int, state: Any) -> LiveRobot:
        return PolicyRobot(role, policy, choice)

    return KindRobots(game, robot, _no_epoch, history=history)


class BankOracle:
    """The right answers, from the server's copy of the question bank (never from a view).

    >>> from boardroom.games.quiz.bank import Question
    >>> oracle = BankOracle(Bank((Question("q1", "2+2?", "4"), Question("q2", "Sky?", "Blue"))))
    >>> oracle.answer("q1"), oracle.wrong("q1", random.Random(0))
    ('4', 'Blue')
    """

    def __init__(self, bank: Bank) -> None:
        self.bank = bank

    def answer(self, question: str) -> str | None:
        found = self.bank.by_id.get(question)
        return None if found is None else found.answer

    def wrong(self, question: str, rng: random.Random) -> str:
        right = (self.answer(question) or "").casefold()
        others = sorted({q.answer for q in self.bank.questions if q.answer.casefold() != right})
        return rng.choice(others) if others else "?"


def exchange_epoch(state: ExchangeState) -> Hashable:
    """An exchange's phase, year, opening, pause, wait for the host, call (and its
    declines), move clock."""
    call = state.call
    calling = None if call is None else (call.firm, call.round_start, call.takeover)
    return (
        state.phase,
        state.year,
        state.opening,
        state.paused_at,
        state.waiting,
        calling,
        len(call.declined) if call else 0,
        state.min_move_at,
        state.moves_this_year,
        state.deadline,
    )


def quiz_epoch(state: Any) -> Hashable:
    """A quiz's phase, side to move, position, pause and the duel's step and question."""
    duel = state.game.duel
    fight = None if duel is None else (duel.step, duel.index, duel.question, bool(duel.given))
    return (state.game.phase, state.game.to_move, state.game.fen, state.paused_at, fight)


def _exchange_robot(role: str, choice: RobotChoice, seed: int, state: Any) -> LiveRobot:
    return ExchangeRobot(role, choice, seed=seed)


PLACEHOLDER = re.compile(r"(Игрок|Player|Робот|Robot)\s*\d*", re.IGNORECASE)
"""The names a seat has before anybody named it: the start page's and the setup's defaults."""


def is_placeholder(name: str) -> bool:
    """Whether ``name`` is a default seat name a robot may replace (a name the host typed
    for the robot's seat stays).

    >>> is_placeholder("Игрок 7"), is_placeholder("Player 2"), is_placeholder("<b>Robo</b>")
    (True, True, False)
    """
    return PLACEHOLDER.fullmatch(name.strip()) is not None


def exchange_naming(
    host_view: Json, role: str, choice: RobotChoice, seed: int, lang: str
) -> Json | None:
    """The rename that calls an exchange robot's player by its name before the start
    (None once the game has started: names stay for the record).

    >>> view = {"started": False, "players": {"p1": "Аня", "p2": "Игрок 2"},
    ...         "firms": {"1": {"director": "p2"}}}
    >>> exchange_naming(view, "p2", RobotChoice("mixed"), 7, "ru")
    {'type': 'rename', 'player': 'p2', 'name': 'Директор Нина'}
    >>> exchange_naming(view | {"players": {"p2": "Робокоп"}}, "p2", RobotChoice("mixed"), 7, "ru")
    """
    players: dict[str, str] = host_view.get("players") or {}
    if host_view.get("started") or role not in players or not is_placeholder(players[role]):
        return None
    kind = choice.kind
    if kind == "mixed" and any(
        f.get("director") == role for f in (host_view.get("firms") or {}).values()
    ):
        kind = "director"
    others = [name for seat, name in players.items() if seat != role]
    return {"type": "rename", "player": role, "name": robot_name(kind, role, seed, lang, others)}


def _quiz_robot(role: str, choice: RobotChoice, seed: int, state: Any) -> LiveRobot:
    return QuizRobot(role, choice, BankOracle(state.bank), seed=seed)


EXCHANGE_ROBOTS: Final = KindRobots(
    EXCHANGE_KIND.name,
    _exchange_robot,
    exchange_epoch,
    ExchangeRules(autoplay=robot_autoplay(TAKEOVER_LEVEL, TAKEOVER_NODES)),
    choices=("kind", "level"),
    naming=exchange_naming,
)
"""The exchange's robots; a late firm's takeover move is the director robot's, in the
taking firm's interest (deterministic: a node budget)."""
QUIZ_ROBOTS: Final = KindRobots(
    QUIZ_KIND.name, _quiz_robot, quiz_epoch, choices=("level", "accuracy")
)
