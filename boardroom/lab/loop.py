"""The simulation's own loop, compiled by mypyc: one game driven step by step.

:class:`Simulation` is the lab's game (``boardroom.lab.sim`` re-exports it, with the
settings and :func:`~boardroom.lab.sim.play` that start one). Compiled, its steps run
natively; it still lets interpreted code subclass it (the tests check every command
that way), and it reaches the seats, the views and the journal through their plain
Python methods, so a subclass, a patched method or a profiler's timer around
``VersionViews.view``, a seat's ``act``, ``ExchangeRules.decide`` or ``Journal.record``
sees every call.

>>> from boardroom.bots.seats import robot_seat
>>> spec = {"game": "exchange", "seed": 1, "ruleset": {"preset": "blitz", "years": 1},
...         "players": [{"id": "p1", "name": "Anna"}], "directors": {"1": "p1"}}
>>> seats = {"p1": robot_seat("director", "p1", seed=1), HOST: robot_seat("host", HOST)}
>>> game = Simulation(spec, seats, seed=1).run()
>>> game.state.phase, game.refusals, game.sent > 0
('ended', [], True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from heapq import heapify, heappop, heappush
from typing import Final, Protocol

from mypy_extensions import mypyc_attr

from boardroom.bots.pacing import THINK_S, WAKES
from boardroom.games.exchange import RULES, ExchangeRules, ExchangeState
from boardroom.games.exchange.views import VersionViews
from boardroom.kernel import Journal, Json, Refused
from boardroom.lab.market import BookClock

HOST: Final = "host"
HOST_TALK_S: Final = 30.0
"""With ``wait_for_host``, the host says ``continue`` this many (scaled) seconds after the
game starts waiting (a word to the class between phases)."""


class Seat(Protocol):
    """What the loop asks of a seat's robot (:class:`~boardroom.bots.seats.RobotSeat`)."""

    def wants(self, phase: str) -> bool: ...

    def act(self, seen: Json, now: float) -> list[Json]: ...


class Viewer(Protocol):
    """What the loop asks of the views (:class:`~boardroom.games.exchange.views.VersionViews`)."""

    def view(self, state: ExchangeState, viewer: str, *, events_since: int = 0) -> Json: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class Simulation:
    """Drives one game: asks the robots, sends their commands, ticks the deadlines."""

    def __init__(
        self,
        spec: Json,
        seats: Mapping[str, Seat],
        *,
        seed: int,
        rules: ExchangeRules = RULES,
        late_rate: float = 0.0,
        record: bool = False,
    ) -> None:
        self.journal: Journal[ExchangeState] = Journal.open(rules, spec)
        self.rules = rules
        self.seats: dict[str, Seat] = dict(seats)
        self.rng = random.Random(f"sim:{seed}")
        self.late_rate = late_rate
        self.record = record
        self.now = 0.0
        self.commands: list[Json] = []
        self.refusals: list[Json] = []
        self.sent = 0
        self.wakes: list[tuple[float, int, str]] = []
        self.phase_key: tuple[str, int, bool] | None = None
        self.views: Viewer = VersionViews()
        self.market = BookClock()

    @property
    def state(self) -> ExchangeState:
        state: ExchangeState = self.journal.state
        return state

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
        self.market.observe(self.state, self.now)
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
        state = self.state
        seen = self.views.view(state, seat, events_since=len(state.log))
        return self.seats[seat].act(seen, at)

    def _board(self) -> None:
        state = self.state
        call, deadline = state.call, self.rules.next_deadline(state)
        if call is None or deadline is None:
            self.tick(deadline)
            return
        actor = state.firms[call.firm].director or HOST
        scale = state.ruleset.time_scale
        at = max(self.now, state.min_move_at) + _uniform(self.rng, *THINK_S) * scale
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
        wakes = self.wakes
        if not wakes or (deadline is not None and wakes[0][0] >= deadline):
            self.tick(deadline)
            return
        at, order, seat = heappop(wakes)
        self.now = max(self.now, at)
        for command in self.ask(seat, self.now):
            self.send(command, self.now)
        heappush(self.wakes, (self.now + self._pause(later=True), order, seat))

    def _schedule_all(self) -> None:
        self.wakes = []
        if self.state.phase not in WAKES:
            return
        for order, seat in enumerate(sorted(self.seats)):
            if not self.seats[seat].wants(self.state.phase):
                continue
            self.wakes.append((self.now + self._pause(later=False), order, seat))
        heapify(self.wakes)

    def _pause(self, *, later: bool) -> float:
        state = self.state
        first_from, first_to, then_from, then_to = WAKES[state.phase]
        low, high = (then_from, then_to) if later else (first_from, first_to)
        return _uniform(self.rng, low, high) * state.ruleset.scaled(_length(state))


def _uniform(rng: random.Random, low: float, high: float) -> float:
    """``rng.uniform(low, high)``, the same number by the same formula, without the
    interpreted call (``random.uniform`` is Python code).

    >>> _uniform(random.Random(3), 0.5, 2.0) == random.Random(3).uniform(0.5, 2.0)
    True
    """
    return low + (high - low) * rng.random()


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
