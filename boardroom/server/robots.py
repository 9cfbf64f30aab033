"""Robot seats: where each game kind's live robots are registered, by the kind's name.

A kind's robots (:class:`~boardroom.bots.live_kinds.KindRobots`) say how a seat's robot is
made, when to ask it again and which rules live games of the kind run with; the runner
(:mod:`boardroom.server.robot_seats`) asks :func:`robots_for`. The exchange's and the quiz's
are the lab's robots (:mod:`boardroom.bots.live`). A kind may instead plug in a plain
*policy* (:func:`register_policy`: ``policy(view, role)`` → a command or None), asked
whenever its seat's view changes. A kind with neither refuses a robot seat with
``no_robot``. Each robot reads only its own seat's view (the one door) and the game time.

>>> sorted(game for game in ROBOTS if game in ("exchange", "quiz"))
['exchange', 'quiz']
>>> robots_for("chess") is None
True
"""

from __future__ import annotations

from typing import Any

from boardroom.bots.live_kinds import (
    EXCHANGE_ROBOTS,
    QUIZ_ROBOTS,
    KindRobots,
    RobotPolicy,
    policy_robots,
)
from boardroom.games.kind import GameKind
from boardroom.kernel import Rules

ROBOTS: dict[str, KindRobots] = {robots.game: robots for robots in (EXCHANGE_ROBOTS, QUIZ_ROBOTS)}
POLICIES: dict[str, RobotPolicy] = {}
"""The kinds whose robots are a plain policy (:func:`register_policy`)."""


def register_robots(robots: KindRobots) -> None:
    """Plug in (or replace) the robots that play the robot seats of games of ``robots.game``."""
    ROBOTS[robots.game] = robots
    POLICIES.pop(robots.game, None)


def register_policy(game: str, policy: RobotPolicy, *, history: bool = True) -> None:
    """Plug in a policy that plays every robot seat of games of kind ``game``.

    ``history=False`` if the policy never reads ``view["events"]``: its views are then
    made without the event history (cheaper as the game grows). It thinks in the
    runner's worker thread, like every robot.
    """
    ROBOTS[game] = policy_robots(game, policy, history=history)
    POLICIES[game] = policy


def policy_for(game: str) -> RobotPolicy | None:
    """The policy registered for ``game`` (None: none, or its robots are not a policy)."""
    return POLICIES.get(game)


def needs_history(game: str) -> bool:
    """Do the robots of ``game`` read the events of their views?

    >>> needs_history("exchange")
    False
    """
    robots = ROBOTS.get(game)
    return True if robots is None else robots.history


def robots_for(game: str) -> KindRobots | None:
    """The robots of game kind ``game`` (None: no robot plays it)."""
    return ROBOTS.get(game)


def live_rules(kind: GameKind) -> Rules[Any]:
    """The rules a live game of ``kind`` runs with: its robots' (a takeover move played by
    the director robot), else the kind's own.

    >>> from boardroom.games import kind_for
    >>> live_rules(kind_for("quiz")) is kind_for("quiz").rules
    True
    """
    robots = ROBOTS.get(kind.name)
    rules = robots.rules if robots is not None and robots.rules is not None else kind.rules
    return rules
