"""Stateful property test: random valid and invalid commands, invariants after every step."""

from __future__ import annotations

import copy
import random
from typing import Any

from exchange_helpers import check_fold, check_invariants, spec
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from boardroom.bots.random_exchange import RandomSeat
from boardroom.games.exchange import RULES
from boardroom.games.exchange.schema import COMMANDS
from boardroom.games.exchange.views import view
from boardroom.kernel import Journal, Json, Refused

SEATS = ["host", *(f"p{i}" for i in range(1, 11))]
RULESET: dict[str, Any] = {
    "years": 2,
    "moves_per_year": 3,
    "time_scale": 0.1,
    "privatization_lot": 6,
    "meeting_call_min_shares": 3,
}
junk_values = st.one_of(
    st.integers(-2, 25),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-5, max_value=50),
    st.sampled_from(
        ["p1", "p2", "firm:1", "firm:3", "state", "market", "o1", "o2", "a3-b4", "", "x"]
    ),
    st.none(),
    st.booleans(),
)
junk_commands = st.fixed_dictionaries(
    {
        "type": st.sampled_from([*COMMANDS, "bogus"]),
        "by": st.sampled_from([*SEATS, "nobody", "server"]),
    },
    optional={
        key: junk_values
        for key in (
            *("firm", "move", "account", "stock", "side", "qty", "price", "order", "holder"),
            *("candidate", "director", "payout", "seconds"),
        )
    },
).filter(lambda c: not (c["by"] == "host" and c["type"] in ("end_game", "pause", "end_phase")))


class ExchangeMachine(RuleBasedStateMachine):
    """Drives one game with robots' commands, junk commands and waiting."""

    def __init__(self) -> None:
        super().__init__()
        self.journal: Journal[Any] = Journal.open(RULES, spec(players=10, **RULESET))
        self.now = 0.0
        self.accepted: list[tuple[Json, float]] = []

    def send(self, command: Json, now: float) -> None:
        state = self.journal.state
        before = state.snapshot()
        try:
            events = RULES.decide(state, command, now)
        except Refused as exc:
            assert exc.code and exc.message
            assert state.snapshot() == before, "a refusal changed the state"
            return
        assert state.snapshot() == before, "decide mutated the state"
        assert RULES.decide(state, copy.deepcopy(command), now) == events, "not deterministic"
        for event in events:
            self.journal.apply(event)
        self.accepted.append((command, now))
        self.now = now

    @initialize()
    def start(self) -> None:
        self.send({"type": "start", "by": "host"}, 0.0)

    @precondition(lambda self: self.journal.state.phase != "ended")
    @rule(seat=st.sampled_from(SEATS), seed=st.integers(0, 2**32), wait=st.floats(0, 40))
    def robot(self, seat: str, seed: int, wait: float) -> None:
        state = self.journal.state
        if state.phase == "board" and state.call is not None:
            seat = state.firms[state.call.firm].director or "host"
        robot = RandomSeat(seat, random.Random(seed))
        seen = view(state, seat, events_since=len(state.log))
        if state.phase == "board":
            commands = [robot.board(seen)]
        elif state.phase == "meetings":
            commands = list(robot.meeting(seen))
        elif state.phase == "exchange":
            commands = [robot.trade(seen), robot.call(seen, 3)]
        else:
            commands = [robot.call(seen, 3)]
        now = max(self.now + wait, state.min_move_at if state.phase == "board" else 0.0)
        for command in commands:
            if command is not None:
                self.send(command, now)

    @precondition(lambda self: self.journal.state.phase != "ended")
    @rule(command=junk_commands, wait=st.floats(0, 20))
    def junk(self, command: Json, wait: float) -> None:
        self.send(command, self.now + wait)

    @precondition(lambda self: self.journal.state.phase == "exchange")
    @rule(seed=st.integers(0, 2**32), wait=st.floats(0, 5))
    def market(self, seed: int, wait: float) -> None:
        """A burst of robot orders from several seats."""
        rng = random.Random(seed)
        for seat in rng.sample(SEATS, 4):
            state = self.journal.state
            if state.phase != "exchange":
                return
            command = RandomSeat(seat, rng).trade(view(state, seat, events_since=len(state.log)))
            if command is not None:
                self.send(command, self.now + wait)

    @rule(wait=st.floats(0, 60))
    def tick(self, wait: float) -> None:
        self.send({"type": "tick", "by": "server"}, self.now + wait)

    @invariant()
    def conserved_and_consistent(self) -> None:
        check_invariants(self.journal.state)

    @invariant()
    def events_fold_to_the_state(self) -> None:
        check_fold(self.journal)

    def teardown(self) -> None:
        again = Journal.open(RULES, spec(players=10, **RULESET))
        for command, now in self.accepted:
            again.handle(copy.deepcopy(command), now)
        assert again.events == self.journal.events, "same commands at the same times, other events"


ExchangeMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestExchangeMachine = ExchangeMachine.TestCase
