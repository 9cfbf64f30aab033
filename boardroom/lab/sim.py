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

import heapq
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from boardroom.bots.pacing import THINK_S, WAKES
from boardroom.bots.seats import BoardSettings, RobotSeat, robot_seat
from boardroom.games.exchange import RULES, ExchangeRules, ExchangeState
from boardroom.games.exchange.ruleset import FIRMS
from boardroom.games.exchange.views import VersionViews
from boardroom.kernel import Journal, Json, Refused

HOST: Final = "host"
DEFAULT_ROSTER: Final = (("director", 8), ("value", 5), ("raider", 3), ("noise", 4))
HOST_TALK_S: Final = 30.0
"""With ``wait_for_host``, the host says ``continue`` this many (scaled) seconds after the
game starts waiting (a word to the class between phases)."""


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


class Simulation:
    """Drives one game: asks the robots, sends their commands, ticks the deadlines."""

    def __init__(
        self,
        spec: Json,
        seats: Mapping[str, RobotSeat],
        *,
        seed: int,
        rules: ExchangeRules = RULES,
        late_rate: float = 0.0,
        record: bool = False,
    ) -> None:
        self.journal: Journal[ExchangeState] = Journal.open(rules, spec)
        self.rules = rules
        self.seats = dict(seats)
        self.rng = random.Random(f"sim:{seed}")
        self.late_rate = late_rate
        self.record = record
        self.now = 0.0
        self.commands: list[Json] = []
        self.refusals: list[Json] = []
        self.sent = 0
        self.wakes: list[tuple[float, int, str]] = []
        self.phase_key: tuple[str, int, bool] | None = None
        self.views = VersionViews()

    @property
    def state(self) -> ExchangeState:
        return self.journal.state

    def run(self, max_steps: int = 1_000_000) -> Simulation:
        """Play the game to its end."""
        self.send({"type": "start", "by": HOST}, 0.0)
        for _ in range(max_steps):
            if self.state.phase == "ended":
                return self
            self.step()
        raise RuntimeError("the game did not end")

    def step(self) -> None:
        """One robot action or one tick."""
        state = self.state
        if state.waiting is not None:
            self.send(
                {"type": "continue", "by": HOST}, self.now + state.ruleset.scaled(HOST_TALK_S)
            )
            return
        key = (state.phase, state.year, state.opening)
        if key != self.phase_key:
            self.phase_key = key
            self._schedule_all()
        if state.phase == "board":
            self._board()
        else:
            self._wake()

    def send(self, command: Json, at: float) -> bool:
        """Handle one command at time ``at``; a refusal is recorded, not raised."""
        self.now = max(self.now, at)
        try:
            self.journal.handle(command, self.now)
        except Refused as exc:
            self.refusals.append({**command, "at": self.now, "refused": exc.as_json()})
            return False
        self.sent += 1
        if self.record:
            self.commands.append({**command, "at": self.now})
        return True

    def tick(self, deadline: float | None = None) -> None:
        """Let time run to the next deadline (``deadline``, when the caller just read it)."""
        if deadline is None:
            deadline = self.rules.next_deadline(self.state)
        if deadline is None:
            raise RuntimeError(f"nothing to wait for in phase {self.state.phase}")
        self.send({"type": "tick", "by": "server"}, max(self.now, deadline))

    def ask(self, seat: str, at: float) -> list[Json]:
        """The commands ``seat`` wants sent at ``at``, decided on its own view."""
        seen = self.views.view(self.state, seat, events_since=len(self.state.log))
        return self.seats[seat].act(seen, at)

    def _board(self) -> None:
        state = self.state
        call, deadline = state.call, self.rules.next_deadline(state)
        if call is None or deadline is None:
            self.tick(deadline)
            return
        actor = state.firms[call.firm].director or HOST
        scale = state.ruleset.time_scale
        at = max(self.now, state.min_move_at) + self.rng.uniform(*THINK_S) * scale
        if actor not in self.seats or at >= deadline or self.rng.random() < self.late_rate:
            self.tick(deadline)
            return
        commands = self.ask(actor, at)
        if not commands:
            self.tick()
        for command in commands:
            self.send(command, at)

    def _wake(self) -> None:
        deadline = self.rules.next_deadline(self.state)
        if not self.wakes or (deadline is not None and self.wakes[0][0] >= deadline):
            self.tick(deadline)
            return
        at, order, seat = heapq.heappop(self.wakes)
        self.now = max(self.now, at)
        for command in self.ask(seat, self.now):
            self.send(command, self.now)
        heapq.heappush(self.wakes, (self.now + self._pause(later=True), order, seat))

    def _schedule_all(self) -> None:
        self.wakes = []
        if self.state.phase not in WAKES:
            return
        for order, seat in enumerate(sorted(self.seats)):
            if not self.seats[seat].wants(self.state.phase):
                continue
            self.wakes.append((self.now + self._pause(later=False), order, seat))
        heapq.heapify(self.wakes)

    def _pause(self, *, later: bool) -> float:
        state = self.state
        first_from, first_to, then_from, then_to = WAKES[state.phase]
        low, high = (then_from, then_to) if later else (first_from, first_to)
        return self.rng.uniform(low, high) * state.ruleset.scaled(_length(state))


def _length(state: ExchangeState) -> float:
    """The length of the phase the seats wake in (unscaled seconds)."""
    rules, phase = state.ruleset, state.phase
    if phase == "exchange":
        return rules.session_s
    if phase == "meeting_calls":
        return rules.meeting_call_window_s
    if phase == "meetings":
        return rules.meeting_s
    raise KeyError(phase)


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
