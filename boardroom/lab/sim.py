"""One Exchange Draughts game with robots in every seat, on a seeded fake clock.

Time is just a number: it jumps to the next robot action or, when no robot acts
before it, to the next deadline (a ``tick``). Each seat is asked with its own view
only (``view(state, seat)``); the commands it returns are sent at that time. In
the board phase the director of the firm on call acts a few seconds after the
earliest moment a move is allowed; in a session, the call window and the meetings
every seat wakes at random moments spread over the phase. All randomness comes
from the game's seed, so a game is the same on any machine and in any process.

>>> config = LabConfig(ruleset={"preset": "blitz", "years": 1}, roster=(("director", 8),))
>>> game = play(config, seed=5)
>>> game.state.phase, game.refusals
('ended', [])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from boardroom.bots.seats import BoardSettings, RobotSeat, robot_seat
from boardroom.games.exchange import RULES, ExchangeRules
from boardroom.games.exchange.ruleset import FIRMS
from boardroom.kernel import Json
from boardroom.lab.loop import HOST, HOST_TALK_S, Simulation

__all__ = ["DEFAULT_ROSTER", "HOST", "HOST_TALK_S", "LabConfig", "Simulation", "play"]

DEFAULT_ROSTER: Final = (("director", 8), ("value", 5), ("raider", 3), ("noise", 4))


@dataclass(frozen=True)
class LabConfig:
    """What a batch of games shares: the ruleset, the robots in the seats, the board robot.

    ``roster`` lists robot kinds and counts; the first eight ``director`` seats direct
    firms 1–8. ``late_rate`` is how often a director lets the move clock run out
    (0 for punctual robots; above 0 exercises the timeout takeover).
    """

    ruleset: Mapping[str, Any] = field(default_factory=dict)
    label: str = "default"
    roster: tuple[tuple[str, int], ...] = DEFAULT_ROSTER
    board: BoardSettings = field(default_factory=BoardSettings)
    late_rate: float = 0.0

    def kinds(self) -> dict[str, str]:
        """Player id → robot kind, in seat order.

        >>> LabConfig(roster=(("director", 2), ("noise", 1))).kinds()
        {'p1': 'director', 'p2': 'director', 'p3': 'noise'}
        """
        kinds: dict[str, str] = {}
        for kind, count in self.roster:
            for _ in range(count):
                kinds[f"p{len(kinds) + 1}"] = kind
        return kinds

    def spec(self, seed: int) -> Json:
        """The setup line of one game."""
        kinds = self.kinds()
        directors = [p for p, kind in kinds.items() if kind == "director"][: len(FIRMS)]
        return {
            "game": "exchange",
            "seed": seed,
            "ruleset": dict(self.ruleset),
            "players": [{"id": p, "name": f"{kind} {p}"} for p, kind in kinds.items()],
            "directors": {str(firm): p for firm, p in zip(FIRMS, directors, strict=False)},
        }

    def seats(self, seed: int) -> dict[str, RobotSeat]:
        """A robot for every seat, the host's included (it moves only director-less firms)."""
        seats = {
            p: robot_seat(kind, p, seed=seed, board=self.board) for p, kind in self.kinds().items()
        }
        seats[HOST] = robot_seat("host", HOST, seed=seed, board=self.board)
        return seats


def play(
    config: LabConfig, seed: int, *, rules: ExchangeRules = RULES, record: bool = False
) -> Simulation:
    """Play one whole game of ``config`` from ``seed`` (the same seed, the same game)."""
    simulation = Simulation(
        config.spec(seed),
        config.seats(seed),
        seed=seed,
        rules=rules,
        late_rate=config.late_rate,
        record=record,
    )
    return simulation.run()
