"""A simul (the class event's ``format: "simul"``), by scenario on the pure core: the teacher
plays one colour on every board, one board per pupil in join order, a robot sitting in for an
absent pupil gets a board of its own; results come in board by board and the last one ends the
simul; the teacher ends it (every board still played a draw); the standings and the crosstable's
teacher column (CSV in both languages) hold each pupil's result against the teacher; the board to
answer first; a robot plays on for a pupil who has gone; the log replays to the same event;
each refusal reads in both languages."""

from __future__ import annotations

import copy

import pytest
from test_event_core import host_view, open_boards

from boardroom.games.russian import tournament as t
from boardroom.games.tournament import KIND, RULES
from boardroom.games.tournament.event import EventState
from boardroom.games.tournament.simul import answer_first
from boardroom.i18n import render_refusal
from boardroom.kernel import Journal, Json, Refused
from boardroom.web.tournament import crosstable_csv

SPEC: Json = {"game": "tournament", "title": "Сеанс", "format": "simul", "teacher": "black"}


def simul(pupils: list[str], robots: int = 0, **setup: object) -> Journal[EventState]:
    game = Journal.open(RULES, SPEC | setup)
    for n, name in enumerate(pupils, start=1):
        game.handle({"type": "enter", "by": f"p{n}", "name": name}, 1.0)
    for n in range(1, robots + 1):
        game.handle({"type": "add_robot", "by": "host", "name": f"Робот {n}"}, 1.2)
    return game


def refused(game: Journal[EventState], command: Json, code: str) -> None:
    before = host_view(game)
    with pytest.raises(Refused) as caught:
        game.handle(command, 9.0)
    assert caught.value.code == code and host_view(game) == before
    for lang in ("ru", "en"):
        text = render_refusal(code, caught.value.details, lang, "tournament")
        assert text and text != code


def result(game: Journal[EventState], by: str, board: int, points: int) -> None:
    game.handle({"type": "result", "by": by, "round": 1, "board": board, "result": points}, 3.0)


def test_the_teacher_plays_black_on_every_board_and_a_robot_sits_in() -> None:
    game = simul(["Аня", "Боря"], robots=1)
    view = host_view(game)
    assert view["pupils"][2] == {"id": "r1", "name": "Робот 1", "withdrawn": False, "robot": True}
    assert set(KIND.actions(view, "host")) >= {"start", "add_robot"}
    game.handle({"type": "start", "by": "host"}, 1.5)
    view = host_view(game)
    assert view["format"] == "simul" and view["planned_rounds"] == 1
    assert view["settings"]["teacher"] == "black"
    boards = [(b["board"], b["white"], b["black"], b["black_name"]) for b in open_boards(game)]
    teacher = ("teacher", None)
    assert boards == [(1, "p1", *teacher), (2, "p2", *teacher), (3, "r1", *teacher)]
    mine = RULES.view(game.state, "p2")["my_board"]
    assert (mine["board"], mine["color"], mine["teacher"]) == (2, "white", True)
    assert not mine["robot"]
    result(game, "server", 1, 2)  # Аня beat the teacher
    result(game, "host", 3, 0)  # the teacher beat the robot (set by the teacher)
    assert host_view(game)["phase"] == "playing"
    result(game, "server", 2, 1)  # Боря drew: the last board ends the simul
    view = host_view(game)
    assert view["phase"] == "over"
    assert [(s["name"], s["points"], s["buchholz"]) for s in view["standings"]] == [
        ("Аня", 2, 0),
        ("Боря", 1, 0),
        ("Робот 1", 0, 0),
    ]
    assert view["crosstable"] == [["×", "", "", "2"], ["", "×", "", "1"], ["", "", "×", "0"]]
    ru = crosstable_csv(view, "g", "ru").splitlines()
    assert ru[0] == "\ufeffМесто;Имя;1;2;3;Учитель;Очки;Бухгольц;Зоннеборн — Бергер"
    assert ru[1] == "1;Аня;×;;;2;2;0;0"
    assert crosstable_csv(view, "g", "en").splitlines()[0].split(",")[5] == "Teacher"
    assert _replayed(game) == host_view(game)


def test_the_teacher_ends_the_simul_and_white_is_hers_when_chosen() -> None:
    game = simul(["Аня", "Боря", "Вика"], teacher="white")
    game.handle({"type": "start", "by": "host"}, 1.5)
    assert [(b["white"], b["black"]) for b in open_boards(game)] == [
        ("teacher", "p1"),
        ("teacher", "p2"),
        ("teacher", "p3"),
    ]
    result(game, "server", 2, 2)  # the teacher (white) beat Боря
    game.handle({"type": "end_round", "by": "host", "round": 1}, 4.0)
    view = host_view(game)
    assert view["phase"] == "over"
    assert [b["result"] for b in view["rounds"][0]["boards"]] == [1, 2, 1]
    assert {s["name"]: s["points"] for s in view["standings"]} == {"Аня": 1, "Вика": 1, "Боря": 0}
    assert _replayed(game) == host_view(game)


def test_a_robot_plays_on_for_a_pupil_who_has_gone() -> None:
    game = simul(["Аня", "Боря"], robots=1)
    game.handle({"type": "start", "by": "host"}, 1.5)
    open_boards(game)
    assert KIND.actions(host_view(game), "host")["sit_in"] == {"round": 1, "boards": [1, 2]}
    game.handle({"type": "sit_in", "by": "host", "round": 1, "board": 2}, 2.5)
    assert [b["sat_in"] for b in host_view(game)["rounds"][0]["boards"]] == [False, True, False]
    assert KIND.actions(host_view(game), "host")["sit_in"]["boards"] == [1]
    assert game.handle({"type": "sit_in", "by": "host", "round": 1, "board": 2}, 2.6).events == []
    result(game, "server", 1, 0)
    refused(game, {"type": "sit_in", "by": "host", "round": 1, "board": 1}, "board_over")
    refused(game, {"type": "sit_in", "by": "host", "round": 1, "board": 9}, "bad_command")
    refused(game, {"type": "sit_in", "by": "p2", "round": 1, "board": 2}, "host_only")
    assert _replayed(game) == host_view(game)


def test_one_pupil_is_a_simul_and_its_refusals_change_nothing() -> None:
    game = simul([])
    refused(game, {"type": "start", "by": "host"}, "too_few_pupils")
    refused(game, {"type": "add_robot", "by": "p1", "name": "R"}, "host_only")
    refused(game, {"type": "add_robot", "by": "host", "name": " "}, "bad_name")
    game.handle({"type": "enter", "by": "p1", "name": "Аня"}, 1.0)
    game.handle({"type": "start", "by": "host"}, 1.5)
    refused(game, {"type": "add_robot", "by": "host", "name": "R"}, "event_started")
    refused(game, {"type": "enter", "by": "p2", "name": "Боря"}, "event_started")
    swiss = Journal.open(RULES, {"game": "tournament", "title": "S"})
    refused(swiss, {"type": "add_robot", "by": "host", "name": "R"}, "not_simul")
    assert "add_robot" not in KIND.actions(host_view(swiss), "host")
    with pytest.raises(Refused) as caught:
        RULES.setup(SPEC | {"teacher": "red"})
    assert caught.value.code == "bad_setup"


def test_the_board_to_answer_first_waits_longest_for_the_teacher() -> None:
    def board(n: int, to_move: str, since: float, result: int | None = None) -> Json:
        return {"board": n, "phase": "play", "to_move": to_move, "since_move": since} | {
            "result": result
        }

    boards = [board(1, "black", 10), board(2, "white", 99), board(3, "black", 30)]
    assert answer_first(boards, "black") == 3
    assert answer_first([*boards, board(4, "black", 50, result=2)], "black") == 3
    assert answer_first([board(1, "black", 7), board(2, "black", 7)], "black") == 1
    assert answer_first([board(2, "white", 9)], "black") is None


def test_the_teacher_is_nobodys_rival_in_the_pairing_core() -> None:
    with pytest.raises(t.TournamentError):
        t.round_robin("RR", [t.Pupil("teacher", "T"), t.Pupil("a", "A")])


def _replayed(game: Journal[EventState]) -> Json:
    again = RULES.setup(SPEC | {"teacher": game.state.teacher})
    for event in game.state.log:
        again = RULES.evolve(again, copy.deepcopy(event))
    return RULES.view(again, "host")
