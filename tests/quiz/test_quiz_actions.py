"""The actions a seat's view publishes are what the quiz rules accept: through random
rounds (pauses, answers, undos), a command the list offers is accepted, one it leaves out
is refused; the list is read from the seat's own view only."""

from __future__ import annotations

import contextlib
import random

import pytest
from quiz_helpers import full_spec

from boardroom.games.quiz import KIND, RULES, QuizState
from boardroom.games.quiz.actions import actions
from boardroom.kernel import Journal, Json, Refused

HOST = "host"
HOST_COMMANDS: list[Json] = [
    {"type": "start"},
    {"type": "pause"},
    {"type": "resume"},
    {"type": "ask"},
    {"type": "judge", "correct": True},
    {"type": "skip_question"},
    {"type": "undo_judgement"},
    {"type": "end_game"},
    {"type": "hand_answering", "team": "A", "to": None},
]


def refusal(state: QuizState, command: Json) -> str | None:
    try:
        RULES.decide(state, command, 0.0)
    except Refused as exc:
        return exc.code
    return None


def check(state: QuizState) -> int:
    """Every seat's actions against the rules; the number of comparisons."""
    checks = 0
    for seat in (HOST, "projector", "A", "B"):
        offered = actions(RULES.view(state, seat, events_since=len(state.log)), seat)
        assert offered == actions(RULES.view(state, seat), seat), "actions read the events"
        probes = [c | {"by": seat} for c in HOST_COMMANDS] if seat == HOST else []
        legal = [str(m) for m in state.board().legal_moves] if state.game.phase == "move" else []
        probes += [{"type": "move", "by": seat, "move": m} for m in legal[:1]]
        probes.append({"type": "answer", "by": seat, "text": "Rome"})
        if seat in ("A", "B"):
            probes.append({"type": "claim_answering", "by": seat, "device": f"device-{seat}"})
        for command in probes:
            if state.game.phase == "setup" and command["type"] in ("pause", "end_game"):
                continue  # allowed by the rules, not offered before the start
            code = refusal(state, command)
            assert (code is None) == (command["type"] in offered), (seat, command, code, offered)
            checks += 1
    return checks


def step(game: Journal[QuizState], rng: random.Random) -> None:
    """One random thing a host or a team does (most of them accepted)."""
    state = game.state
    options: list[Json] = [{"type": "pause", "by": HOST}, {"type": "resume", "by": HOST}]
    options += [{"type": "undo_judgement", "by": HOST}, {"type": "start", "by": HOST}]
    options += [{"type": "ask", "by": HOST}, {"type": "skip_question", "by": HOST}] * 2
    options += [{"type": "judge", "by": HOST, "correct": rng.random() < 0.5}] * 3
    if state.game.phase == "move":
        move = rng.choice(state.board().legal_moves)
        options += [{"type": "move", "by": state.game.to_move, "move": str(move)}] * 6
    options += [{"type": "answer", "by": rng.choice(["A", "B"]), "text": "Rome"}] * 2
    if state.game.moves > 40:
        options.append({"type": "end_game", "by": HOST})
    with contextlib.suppress(Refused):
        game.handle(rng.choice(options), 0.0)


@pytest.mark.parametrize("seed", [1, 2])
def test_published_actions_are_what_the_rules_accept(seed: int) -> None:
    rng = random.Random(seed)
    game = Journal.open(RULES, full_spec(duel=rng.choice(["defender", "attacker"])))
    checks = 0
    for _ in range(300):
        checks += check(game.state)
        if game.state.game.phase == "ended" and rng.random() < 0.3:
            break
        step(game, rng)
    assert checks > 1000


def test_a_team_moves_only_on_its_turn_and_the_screen_never_acts() -> None:
    game = Journal.open(RULES, full_spec())
    game.handle({"type": "start", "by": HOST}, 0.0)
    views = {seat: RULES.view(game.state, seat) for seat in ("A", "B", "projector")}
    to_move = game.state.game.to_move
    assert to_move is not None
    assert set(actions(views[to_move], to_move)) == {"move", "claim_answering"}
    other = "B" if to_move == "A" else "A"
    assert actions(views[other], other) == {"claim_answering": {}}  # one device will answer
    assert actions(views["projector"], "projector") == {}
    assert KIND.actions is actions
