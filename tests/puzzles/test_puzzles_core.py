"""The puzzle lesson's core by scenario: answers, points, the reveal, refusals, replay."""

from __future__ import annotations

import copy
import json

import pytest

from boardroom.bots.puzzles import solve
from boardroom.games import kind_for
from boardroom.games.puzzles.actions import actions
from boardroom.games.puzzles.builtin import BUILTIN
from boardroom.games.puzzles.rules import decide, evolve
from boardroom.games.puzzles.state import LessonState, setup
from boardroom.games.puzzles.views import view
from boardroom.i18n import catalogue_for
from boardroom.kernel import Journal, Json, Refused

TWO = [
    {"fen": "W:Wc3,h2:Bd4,f6,g3", "best": ["c3:e5:g7"]},
    {"fen": "W:Wa3,c3,d2,e1,g3:Ba5,c5,e7,g7,h6", "best": ["c3-b4"]},
]
SPEC: Json = {"game": "puzzles", "title": "7Б", "seconds": 20, "puzzles": TWO}


def run(commands: list[tuple[Json, float]], spec: Json = SPEC) -> LessonState:
    state = setup(copy.deepcopy(spec))
    for command, at in commands:
        for event in decide(state, command, at):
            state = evolve(state, event)
    return state


def enter(*names: str) -> list[tuple[Json, float]]:
    return [({"type": "enter", "by": f"p{i}", "name": n}, 0.0) for i, n in enumerate(names, 1)]


def answer(pupil: str, move: str, at: float) -> tuple[Json, float]:
    return ({"type": "answer", "by": pupil, "move": move}, at)


HOST_START = ({"type": "start", "by": "host"}, 10.0)
REVEAL = ({"type": "reveal", "by": "host"}, 40.0)


def test_builtin_solutions_are_the_engines() -> None:
    for puzzle in BUILTIN:
        assert solve(puzzle["fen"]) == puzzle["best"], puzzle["fen"]
    assert setup({"game": "puzzles", "puzzles": BUILTIN}).puzzles[0].best == ("c3:e5:g7",)


def test_answers_points_and_the_reveal() -> None:
    lesson = [*enter("Аня", "Боря", "Вика"), HOST_START]
    lesson += [answer("p1", "c3:g7", 12.0), answer("p2", "h2:f4", 13.0)]
    mid = run(lesson)
    v = view(mid, "projector")
    assert (v["phase"], v["answered"], "reveal" in v) == ("asking", 2, False)
    assert view(mid, "p3")["events"][-1] == {"type": "answered", "pupil": "p2", "at": 13.0}
    assert view(mid, "host")["who_answered"] == ["Аня", "Боря"]
    state = run([*lesson, answer("p3", "c3:e5:g7", 20.0)])
    assert (state.phase, state.closed_by) == ("closed", "all_answered")
    state = run([*lesson, answer("p3", "c3:e5:g7", 20.0), REVEAL])
    r = view(state, "projector")["reveal"]
    assert r["tried"] == [
        {"move": "c3:e5:g7", "count": 2, "correct": True},
        {"move": "h2:f4", "count": 1, "correct": False},
    ]
    assert [(f["name"], f["points"]) for f in r["found"]] == [("Аня", 190), ("Вика", 150)]
    assert view(state, "p2")["my_results"] == {"solved": 0, "tried": 1, "points": 0}
    assert view(state, "p1")["my_answer"] == {"move": "c3:e5:g7", "correct": True, "points": 190}


def test_hidden_names_and_time_up() -> None:
    lesson = [*enter("Аня", "Боря"), ({"type": "hide_names", "by": "host", "hidden": True}, 1.0)]
    lesson += [HOST_START, answer("p1", "c3:e5:g7", 11.0), ({"type": "tick", "by": "server"}, 30.0)]
    state = run(lesson)
    assert (state.phase, state.closed_by) == ("closed", "time_up")
    state = run([*lesson, REVEAL])
    assert view(state, "projector")["reveal"]["found"] == []
    assert view(state, "projector")["reveal"]["found_count"] == 1
    assert view(state, "host")["reveal"]["found"][0]["name"] == "Аня"
    assert [s["name"] for s in view(state, "p2")["standings"]] == ["Боря"]


@pytest.mark.parametrize(
    ("command", "at", "code"),
    [
        ({"type": "answer", "by": "p1", "move": "c3-d4"}, 11.0, "illegal_move"),
        ({"type": "answer", "by": "p9", "move": "c3:e5:g7"}, 11.0, "not_entered"),
        ({"type": "answer", "by": "p1", "move": "c3:e5:g7"}, 31.0, "time_up"),
        ({"type": "next", "by": "host"}, 11.0, "not_revealed"),
        ({"type": "reveal", "by": "p1"}, 11.0, "host_only"),
        ({"type": "start", "by": "host"}, 11.0, "already_started"),
    ],
)
def test_refusals_change_nothing(command: Json, at: float, code: str) -> None:
    state = run([*enter("Аня", "Боря"), HOST_START])
    before = view(state, "host")
    with pytest.raises(Refused) as refused:
        decide(state, command, at)
    assert refused.value.code == code
    assert view(state, "host") == before


@pytest.mark.parametrize(
    ("puzzle", "code"),
    [
        ({"fen": "W:Wc3:Bz9", "best": ["c3-d4"]}, "bad_fen"),
        ({"fen": "hello", "best": ["c3-d4"]}, "bad_fen"),
        ({"fen": "W:W:Bd4", "best": ["c3-d4"]}, "no_legal_move"),
        ({"fen": "W:Wc3:Bh8", "best": []}, "no_solution"),
        ({"fen": "W:Wc3:Bh8", "best": ["c3-c4"]}, "illegal_move"),
    ],
)
def test_bad_positions_are_refused_in_both_languages(puzzle: Json, code: str) -> None:
    with pytest.raises(Refused) as refused:
        kind_for("puzzles").setup({"game": "puzzles", "puzzles": [TWO[0], puzzle]})
    assert refused.value.code == code
    catalogue = catalogue_for("puzzles")
    assert catalogue.get("ru", code) and catalogue.get("en", code)


def test_the_whole_lesson_replays_to_the_same_state() -> None:
    rules = kind_for("puzzles").rules
    game = Journal.open(rules, copy.deepcopy(SPEC))
    script = [*enter("Аня", "Боря"), HOST_START, answer("p1", "c3:g7", 12.0), REVEAL]
    script += [({"type": "next", "by": "host"}, 50.0), answer("p2", "c3-b4", 52.0)]
    script += [answer("p1", "g3-f4", 53.0), ({"type": "reveal", "by": "host"}, 60.0)]
    script += [({"type": "next", "by": "host"}, 61.0)]
    for command, at in script:
        game.handle(command, now=at)
    again = Journal.open(rules, copy.deepcopy(SPEC))
    for event in game.state.log:
        again.state = rules.evolve(again.state, event)
    for seat in ("host", "projector", "p1", "p2"):
        assert rules.view(again.state, seat) == rules.view(game.state, seat)
    final = rules.view(game.state, "host")
    assert final["phase"] == "over"
    assert [(s["name"], s["solved"], s["tried"], s["points"]) for s in final["standings"]] == [
        ("Аня", 1, 2, 190),
        ("Боря", 1, 1, 190),
    ]


def test_another_pupils_move_changes_no_byte_of_a_seat_before_the_reveal() -> None:
    """Аня's right or wrong move: Боря's, the wall's and the teacher's views (and actions)
    are byte-identical until the reveal."""
    seen = []
    for move in ("c3:e5:g7", "h2:f4"):
        state = run([*enter("Аня", "Боря", "Вика"), HOST_START, answer("p1", move, 12.0)])
        views = {seat: view(state, seat) for seat in ("p2", "projector", "host")}
        seen.append(json.dumps({s: [v, actions(v, s)] for s, v in views.items()}, sort_keys=True))
    assert seen[0] == seen[1]
