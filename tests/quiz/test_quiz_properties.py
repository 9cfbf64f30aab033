"""Stateful property tests: random rounds with random judgements and host corrections.

- the round never stalls: until it ends, some command always moves it on;
- every round ends with a winner (or none) by the board or by the host's decision;
- folding the recorded events from the setup gives the same state;
- no question is asked twice; a refused command changes nothing.
"""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from quiz_helpers import full_spec, questions

from boardroom.games.quiz import RULES, QuizState
from boardroom.kernel import Journal, Json, Refused, fold

rulesets = st.fixed_dictionaries(
    {
        "duel": st.sampled_from(["defender", "attacker", "none"]),
        "answer_s": st.sampled_from([None, 5, 30]),
        "captain_is_king": st.booleans(),
    }
)


def random_setup(ruleset: Json, bank_size: int, with_choices: bool, tie: bool, seed: int) -> Json:
    setup = full_spec(**ruleset)
    setup["seed"] = seed
    setup["questions"] = questions(bank_size, choices=with_choices)
    if tie:
        setup["teams"][1]["score"] = setup["teams"][0]["score"]
    return setup


def progress_commands(state: QuizState) -> list[Json]:
    """Commands that move a live round on (one at least must be accepted)."""
    game = state.game
    if state.paused_at is not None:
        return [{"type": "resume", "by": "host"}]
    if game.phase == "setup":
        return [{"type": "start", "by": "host"}]
    if game.phase == "move":
        board = state.board()
        return [{"type": "move", "by": game.to_move, "move": str(m)} for m in board.legal_moves]
    assert game.duel is not None
    if game.duel.step == "ask":
        return [{"type": "ask", "by": "host"}]
    return [
        {"type": "judge", "by": "host", "correct": True},
        {"type": "judge", "by": "host", "correct": False},
    ]


def accepted(state: QuizState, command: Json, now: float) -> bool:
    try:
        RULES.decide(state, command, now)
    except Refused:
        return False
    return True


class QuizRound(RuleBasedStateMachine):
    """Drives one round with random commands, host corrections and the passing of time."""

    def __init__(self) -> None:
        super().__init__()
        self.journal: Journal[QuizState] | None = None
        self.setup: Json = {}
        self.now = 0.0

    @property
    def game(self) -> Journal[QuizState]:
        assert self.journal is not None
        return self.journal

    @initialize(
        ruleset=rulesets,
        bank_size=st.integers(0, 12),
        with_choices=st.booleans(),
        tie=st.booleans(),
        seed=st.integers(0, 10_000),
    )
    def open_round(
        self, ruleset: Json, bank_size: int, with_choices: bool, tie: bool, seed: int
    ) -> None:
        self.setup = random_setup(ruleset, bank_size, with_choices, tie, seed)
        self.journal = Journal.open(RULES, copy.deepcopy(self.setup))

    def handle(self, command: Json) -> None:
        """Decide (purely, deterministically), then apply through the journal."""
        state = self.game.state
        before = copy.deepcopy(state)
        try:
            events = RULES.decide(state, command, self.now)
        except Refused as refusal:
            assert refusal.code and refusal.message.endswith(".")
            assert state == before
            return
        assert state == before  # decide never mutates the state
        assert RULES.decide(state, command, self.now) == events  # same command, same events
        assert self.game.handle(command, self.now).events == events

    @rule(data=st.data(), steps=st.integers(1, 6))
    def progress(self, data: st.DataObject, steps: int) -> None:
        """Commands that move the round on: start, legal moves, ask, judgements, resume."""
        for _ in range(steps):
            if self.game.state.game.phase == "ended":
                return
            options = progress_commands(self.game.state)
            self.handle(data.draw(st.sampled_from(options)))

    @rule(
        text=st.sampled_from(["Answer-1-xyzzy", "wrong"]),
        choice=st.integers(0, 3),
        by_text=st.booleans(),
    )
    def answer(self, text: str, choice: int, by_text: bool) -> None:
        duel = self.game.state.game.duel
        team = duel.answering_team if duel else "A"
        self.handle(
            {
                "type": "answer",
                "by": team or "A",
                **({"text": text} if by_text else {"choice": choice}),
            }
        )

    @rule(seconds=st.sampled_from([1.0, 4.0, 31.0]))
    def time_passes(self, seconds: float) -> None:
        self.now += seconds
        while (due := RULES.next_deadline(self.game.state)) is not None and due <= self.now:
            self.game.handle({"type": "tick", "by": "server"}, due)

    @rule(kind=st.sampled_from(["undo_judgement", "skip_question", "pause", "resume"]))
    def host_correction(self, kind: str) -> None:
        self.handle({"type": kind, "by": "host"})

    @rule(
        command=st.sampled_from(
            [
                {"type": "judge", "by": "A", "correct": True},
                {"type": "move", "by": "B", "move": "a1-b2"},
                {"type": "ask", "by": "host", "question": "q1"},
                {"type": "start", "by": "host"},
                {"type": "teleport", "by": "host"},
            ]
        )
    )
    def stray_command(self, command: Json) -> None:
        self.handle(command)

    @invariant()
    def never_stalls(self) -> None:
        if self.journal is None or self.game.state.game.phase == "ended":
            return
        options = progress_commands(self.game.state)
        assert any(accepted(self.game.state, command, self.now) for command in options)

    @invariant()
    def folding_the_events_gives_the_same_state(self) -> None:
        if self.journal is None:
            return
        assert fold(RULES, self.setup, self.game.events) == self.game.state

    @invariant()
    def no_question_twice(self) -> None:
        if self.journal is None:
            return
        asked = [e["question"] for e in self.game.events if e["type"] == "question_asked"]
        assert len(asked) == len(set(asked)) and asked == self.game.state.used

    def teardown(self) -> None:
        """Finish the round: random judgements until the board decides, or the host ends it."""
        if self.journal is None:
            return
        kinds = {e["type"] for e in self.game.events}
        for kind in ("judgement_undone", "question_skipped", "resumed", "jump_unquestioned"):
            event(f"{kind}: {kind in kinds}")
        finish_round(self.game, random.Random(len(self.game.events)), self.now)
        event(f"ended by: {self.game.state.game.end_reason}")


def finish_round(
    game: Journal[QuizState], rng: random.Random, now: float, max_moves: int = 120
) -> None:
    """Play on with random choices; after ``max_moves`` moves the host ends the round."""
    while game.state.game.phase != "ended":
        if game.state.game.moves >= max_moves:
            if game.state.paused_at is not None:
                game.handle({"type": "resume", "by": "host"}, now)
            game.handle({"type": "end_game", "by": "host"}, now)
            break
        options = [c for c in progress_commands(game.state) if accepted(game.state, c, now)]
        assert options, "the round stalled"
        game.handle(rng.choice(options), now)
    view = RULES.view(game.state, "host")
    assert view["phase"] == "ended" and view["end_reason"] in {
        "reached_far_row",
        "no_pieces",
        "blocked",
        "host",
    }
    assert view["winner"] in {"A", "B", None}
    if view["end_reason"] != "host":
        assert view["winner"] in {"A", "B"}


QuizRound.TestCase.settings = settings(
    max_examples=100,
    stateful_step_count=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestQuizRound = QuizRound.TestCase


@settings(max_examples=60, deadline=None)
@given(
    ruleset=rulesets, bank_size=st.integers(0, 60), tie=st.booleans(), seed=st.integers(0, 10_000)
)
def test_random_rounds_end_with_a_winner_or_a_host_decision(
    ruleset: Json, bank_size: int, tie: bool, seed: int
) -> None:
    setup = random_setup(ruleset, bank_size, with_choices=False, tie=tie, seed=seed)
    game = Journal.open(RULES, copy.deepcopy(setup))
    finish_round(game, random.Random(seed), now=0.0, max_moves=200)
    assert fold(RULES, setup, game.events) == game.state
