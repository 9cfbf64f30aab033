"""Robots for live games: a seat's robot says *when* it acts next and *what* it sends then.

A live robot reads its own seat's view and the time, nothing else (a quiz robot team also
gets an :class:`Oracle`: the server's word on a question's answer, never part of a view).
Every random draw comes from a generator seeded by the game's seed and the seat, so the
same seed and the same clock give the same commands.

* :class:`ExchangeRobot` — one exchange seat: the lab's strategy mix
  (:func:`boardroom.bots.seats.robot_seat`) paced as in the lab
  (:mod:`boardroom.bots.pacing`): a director moves a few (scaled) seconds after the
  move clock's minimum, never after its deadline; in a session it wakes at random moments.
* :class:`QuizRobot` — one quiz team: moves with the board robot, answers a question put
  to it right with probability ``accuracy``.

Both have ``next_at(seen, now) -> float | None`` (the game time it acts next; None: it waits
for a change), ``act(seen, now) -> list[Json]`` (the commands, without ``by``) and
``needs_view()`` (False: the next ``act`` does not read its view, so none is made).

>>> robot = ExchangeRobot("p2", RobotChoice("noise", "beginner"), seed=3)
>>> robot.next_at({"phase": "setup", "paused": False}, 0.0) is None
True
>>> robot_choice({"kind": "raider", "level": "strong"})
RobotChoice(kind='raider', level='strong')
>>> robot_choice({"kind": "banker"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boardroom.bots.live.RobotChoiceError: unknown robot kind 'banker'; kinds: director, value, ...
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Final, Protocol

from boardroom.bots.board import LEVELS, BoardRobot, RobotError
from boardroom.bots.pacing import THINK_S, think_after, wake_after
from boardroom.bots.seats import BoardSettings, RobotSeat, robot_seat
from boardroom.draughts import Board
from boardroom.games.quiz.ruleset import Ruleset as QuizRuleset
from boardroom.kernel import Json

ROBOT_KINDS: Final = ("director", "value", "raider", "noise", "mixed", "board")
ROBOT_LEVELS: Final = tuple(LEVELS)
DEFAULT_KIND: Final = "mixed"
DEFAULT_LEVEL: Final = "club"
MIXED_WEIGHTS: Final = (("value", 5), ("raider", 3), ("noise", 4))
"""What a ``mixed`` seat that directs no firm becomes (the lab's default roster's shares)."""
LIVE_MIXES: Final = {"noise": "speculator", "board": "host"}
"""The lab's mix a live kind plays: a live "noise" seat is the busier speculator, which
also sells what it holds (the lab's noise traders alone leave people few to trade with);
a "board" seat only moves the firms it directs (no orders, no meeting calls, no votes:
the market and the meetings are the people's)."""
EXCHANGE_NODES: Final = {"beginner": 150, "casual": 300, "club": 800, "strong": 2_500}
"""The director's node budget a move, by level (the lab plays 300)."""
QUIZ_NODES: Final = {"beginner": 300, "casual": 1_500, "club": 5_000, "strong": 15_000}
MAX_BATCH: Final = 6
"""At most this many commands a wake: a robot never floods the exchange."""
TYPING_S: Final = (2.0, 6.0)
"""Seconds (scaled) between the commands of one wake in a session — about what a person
takes to pick a stock, a price and a quantity and press the button: one order, then the
next, rather than six in the same millisecond. (Nor do the ten robots of a game that all
wake early in a session put sixty orders to the exchange in a few seconds, which people's
commands would queue behind: ``benchmarks/robots_load.py``, ``docs/robots.md``.)"""
DEFAULT_ACCURACY: Final = 0.6
RETRY_S: Final = 5.0
"""A quiz robot that acted looks again after this many (scaled) seconds if nothing changed."""


class RobotChoiceError(ValueError):
    """A robot kind, level or accuracy that does not exist."""


@dataclass(frozen=True)
class RobotChoice:
    """What the host chose for one robot seat: its kind, its board level, its accuracy
    (the share of quiz questions it answers right)."""

    kind: str = DEFAULT_KIND
    level: str = DEFAULT_LEVEL
    accuracy: float = DEFAULT_ACCURACY

    def __repr__(self) -> str:
        extra = "" if self.accuracy == DEFAULT_ACCURACY else f", accuracy={self.accuracy}"
        return f"RobotChoice(kind={self.kind!r}, level={self.level!r}{extra})"

    def as_json(self) -> Json:
        return {"kind": self.kind, "level": self.level, "accuracy": self.accuracy}


def robot_choice(raw: Any) -> RobotChoice:
    """A :class:`RobotChoice` from ``{"kind"?, "level"?, "accuracy"?}`` (defaults for the rest)."""
    raw = raw or {}
    kind = raw.get("kind") or DEFAULT_KIND
    level = raw.get("level") or DEFAULT_LEVEL
    accuracy = raw.get("accuracy", DEFAULT_ACCURACY)
    if kind not in ROBOT_KINDS:
        raise RobotChoiceError(f"unknown robot kind {kind!r}; kinds: {', '.join(ROBOT_KINDS)}")
    if level not in ROBOT_LEVELS:
        raise RobotChoiceError(f"unknown robot level {level!r}; levels: {', '.join(ROBOT_LEVELS)}")
    if isinstance(accuracy, bool) or not isinstance(accuracy, int | float):
        raise RobotChoiceError(f"a robot's accuracy is a number from 0 to 1, not {accuracy!r}")
    if not 0 <= accuracy <= 1:
        raise RobotChoiceError(f"a robot's accuracy is a number from 0 to 1, not {accuracy!r}")
    return RobotChoice(kind, level, float(accuracy))


def mixed_kind(seen: Json, seat: str, rng: random.Random) -> str:
    """What a ``mixed`` robot plays: director if it directs a firm, else a seeded draw.

    >>> mixed_kind({"firms": {"1": {"director": "p1"}}}, "p1", random.Random(0))
    'director'
    >>> mixed_kind({"firms": {"1": {"director": "p1"}}}, "p2", random.Random(0)) in (
    ...     "value", "raider", "noise")
    True
    """
    if any(f.get("director") == seat for f in (seen.get("firms") or {}).values()):
        return "director"
    kinds = [kind for kind, _ in MIXED_WEIGHTS]
    return rng.choices(kinds, weights=[w for _, w in MIXED_WEIGHTS])[0]


class ExchangeRobot:
    """One exchange seat played by the lab's robots, paced as a person would act."""

    def __init__(self, seat: str, choice: RobotChoice, *, seed: int = 0) -> None:
        self.seat = seat
        self.choice = choice
        self.seed = seed
        self.rng = random.Random(f"live:{seed}:{seat}")
        self.robot: RobotSeat | None = None
        self.situation: Hashable = None
        self.at: float | None = None
        self.pending: list[Json] = []
        """The rest of this wake's commands, sent one by one (a new situation drops them)."""
        self.decided_on: Json = {}
        """The view they were decided on (its ruleset paces them)."""

    def _robot(self, seen: Json) -> RobotSeat:
        if self.robot is None:
            kind = self.choice.kind
            if kind == "mixed":
                kind = mixed_kind(seen, self.seat, self.rng)
            kind = LIVE_MIXES.get(kind, kind)
            board = BoardSettings(
                levels=(self.choice.level,), nodes=EXCHANGE_NODES[self.choice.level]
            )
            self.robot = robot_seat(kind, self.seat, seed=self.seed, board=board)
        return self.robot

    def next_at(self, seen: Json, now: float) -> float | None:
        """The game time this seat acts next (None: nothing to do until the view changes,
        e.g. while paused or while the game waits for the host to continue)."""
        if seen.get("paused") or seen.get("waiting_for_host"):
            return None
        if seen.get("phase") in (None, "setup", "ended"):
            return None
        situation = _exchange_situation(seen)
        if situation != self.situation:
            self.situation = situation
            self.pending = []
            self.at = self._first(seen, now)
        return self.at

    def _first(self, seen: Json, now: float) -> float | None:
        if seen["phase"] == "board":
            return self._move_at(seen, now)
        if not self._robot(seen).wants(seen["phase"]):
            return None
        pause = wake_after(seen, self.rng, later=False)
        return None if pause is None else now + pause

    def _move_at(self, seen: Json, now: float) -> float | None:
        """A few (scaled) seconds after the move clock allows a move, before its deadline."""
        if seen.get("on_call") is None or not seen.get("legal_moves"):
            return None
        earliest = max(now, float(seen.get("move_not_before") or 0.0))
        at = earliest + think_after(seen, self.rng)
        deadline = seen.get("deadline")
        if deadline is not None:
            at = min(at, earliest + 0.7 * max(0.0, float(deadline) - earliest))
        return at

    def act(self, seen: Json, now: float) -> list[Json]:
        """The commands to send now, then the next moment drawn. On the board: the move.
        In a session a wake decides at most :data:`MAX_BATCH` commands and sends them one
        at a time, :data:`TYPING_S` (scaled) apart; the next wake is drawn after the last
        (each is checked again against the game when sent, see the server's runner)."""
        if self.pending:
            return [self._next_pending(self.decided_on, now)]
        robot = self._robot(seen)
        try:
            commands = [_without_by(c) for c in robot.act(seen, now)[:MAX_BATCH]]
        except RobotError:
            commands = []
        if seen.get("phase") == "board":
            # Too early, or its move was dropped: look again shortly.
            self.at = now + THINK_S[0] * _scale(seen)
            return commands
        if not commands:
            self._wake_later(seen, now)
            return []
        self.pending, self.decided_on = commands, seen
        return [self._next_pending(seen, now)]

    def needs_view(self) -> bool:
        """Does the next :meth:`act` read its view? Not while it sends the rest of a wake's
        commands (the server then makes none for it: ``act`` gets ``{}``)."""
        return not self.pending

    def _next_pending(self, seen: Json, now: float) -> Json:
        command = self.pending.pop(0)
        if self.pending:
            self.at = now + self.rng.uniform(*TYPING_S) * _scale(seen)
        else:
            self._wake_later(seen, now)
        return command

    def _wake_later(self, seen: Json, now: float) -> None:
        pause = wake_after(seen, self.rng, later=True)
        self.at = None if pause is None else now + pause


def _exchange_situation(seen: Json) -> Hashable:
    """What starts a new pacing: a new phase, a new position or a new firm on call."""
    call = seen.get("on_call") or {}
    return (
        seen.get("phase"),
        seen.get("year"),
        seen.get("opening"),
        bool(seen.get("waiting_for_host")),
        seen.get("position") if seen.get("phase") == "board" else None,
        tuple(sorted(call.items())) if isinstance(call, dict) else None,
    )


def _scale(seen: Json) -> float:
    return float((seen.get("ruleset") or {}).get("time_scale", 1.0))


def _without_by(command: Json) -> Json:
    return {k: v for k, v in command.items() if k != "by"}


class Oracle(Protocol):
    """The server's word on a question: its right answer, and a plausible wrong one.

    Given to a quiz robot by the robot runner, from the question bank it holds — never
    read from a view (a team's view does not show the answer before it is judged).
    """

    def answer(self, question: str) -> str | None:
        """The right answer of question ``question`` (None: unknown)."""
        ...

    def wrong(self, question: str, rng: random.Random) -> str:
        """A wrong answer to ``question`` that a person might give."""
        ...


class QuizRobot:
    """One quiz team played by a robot: the board robot moves, questions answered at
    ``accuracy``; it answers at a random moment within the first part of the time."""

    def __init__(self, team: str, choice: RobotChoice, oracle: Oracle, *, seed: int = 0) -> None:
        self.team = team
        self.choice = choice
        self.oracle = oracle
        self.rng = random.Random(f"live-quiz:{seed}:{team}")
        self.board_robot = BoardRobot(choice.level, seed=seed, clock=lambda: 0.0)
        self.situation: Hashable = None
        self.at: float | None = None

    def next_at(self, seen: Json, now: float) -> float | None:
        if seen.get("paused") or seen.get("phase") in (None, "setup", "ended"):
            return None
        situation = _quiz_situation(seen)
        if situation != self.situation:
            self.situation = situation
            self.at = self._first(seen, now)
        return self.at

    def _first(self, seen: Json, now: float) -> float | None:
        scale = float(seen["ruleset"].get("time_scale", 1.0))
        if self._asked(seen):
            deadline = seen["duel"].get("deadline")
            if deadline is None:
                return now + self.rng.uniform(2.0, 8.0) * scale
            return now + self.rng.uniform(0.15, 0.5) * max(0.0, float(deadline) - now)
        if seen["phase"] == "move" and seen.get("to_move") == self.team and seen["legal_moves"]:
            return now + think_after(seen, self.rng)
        return None

    def _asked(self, seen: Json) -> bool:
        duel = seen.get("duel")
        if not isinstance(duel, dict) or duel.get("step") != "answer" or duel.get("given"):
            return False
        answering = duel.get("answering") or {}
        return bool(answering.get("team") == self.team and duel.get("question"))

    def needs_view(self) -> bool:
        return True

    def act(self, seen: Json, now: float) -> list[Json]:
        # Looks again a little later if the game has not moved on by then (its command
        # may have been dropped, or a team-mate answered first).
        self.at = now + RETRY_S * max(float(seen["ruleset"].get("time_scale", 1.0)), 0.05)
        if self._asked(seen):
            return [self.answer(seen["duel"]["question"])]
        if seen["phase"] == "move" and seen.get("to_move") == self.team and seen["legal_moves"]:
            return [self.move(seen)]
        return []

    def move(self, seen: Json) -> Json:
        """The board robot's move from the view's position (within the view's legal moves)."""
        variant = QuizRuleset.from_json(seen["ruleset"]).variant()
        board = Board(seen["position"], variant=variant)
        legal = [m["move"] for m in seen["legal_moves"]]
        chosen = str(self.board_robot.choose(board, budget_nodes=QUIZ_NODES[self.choice.level]))
        return {"type": "move", "move": chosen if chosen in legal else legal[0]}

    def answer(self, question: Json) -> Json:
        """Right with probability ``accuracy`` (the oracle's answer), else a wrong one."""
        right = self.rng.random() < self.choice.accuracy
        truth = self.oracle.answer(question["id"])
        choices: list[str] = question.get("choices") or []
        if choices:
            good = choices.index(truth) if truth in choices else None
            others = [i for i in range(len(choices)) if i != good]
            pick = good if (right and good is not None) or not others else self.rng.choice(others)
            return {"type": "answer", "choice": pick}
        if right and truth is not None:
            return {"type": "answer", "text": truth}
        return {"type": "answer", "text": self.oracle.wrong(question["id"], self.rng)}


def _quiz_situation(seen: Json) -> Hashable:
    duel = seen.get("duel") or {}
    question = duel.get("question") or {}
    return (
        seen.get("phase"),
        seen.get("to_move"),
        seen.get("position"),
        duel.get("step"),
        duel.get("jump"),
        question.get("id"),
        bool(duel.get("given")),
    )
