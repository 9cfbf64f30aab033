"""Robot seats: where the server registers each game kind's live robots, by the kind's name.

A kind's robots (:class:`~boardroom.bots.live_kinds.KindRobots`) say how a seat's robot is
made, when to ask it again and which rules live games of the kind run with; the runner
(:mod:`boardroom.server.robot_seats`) asks :func:`robots_for`. A kind without robots
(none registered) refuses a robot seat with ``no_robot``. Each robot reads only its own
seat's view (the one door) and the game time.

>>> sorted(ROBOTS)
['exchange', 'quiz']
>>> robots_for("chess") is None
True
"""

from __future__ import annotations

from typing import Any

from boardroom.bots.live_kinds import EXCHANGE_ROBOTS, QUIZ_ROBOTS, KindRobots
from boardroom.games.kind import GameKind
from boardroom.kernel import Rules

ROBOTS: dict[str, KindRobots] = {robots.game: robots for robots in (EXCHANGE_ROBOTS, QUIZ_ROBOTS)}


def register_robots(robots: KindRobots) -> None:
    """Plug in (or replace) the robots that play the robot seats of games of ``robots.game``."""
    ROBOTS[robots.game] = robots


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
