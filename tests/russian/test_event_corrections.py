"""The teacher's corrections while a class event runs (issue 44), by scenario on the pure core:
a result the teacher set is undone while its round is open (not a played one, not once the round
is closed); a pupil renamed and withdrawn (not paired again, their results kept; a round robin's
later boards of theirs lost at once); a pupil who comes late joins a Swiss event's next round
with no points; takebacks a setting the view carries. Each refusal reads in both languages and
the log replays to the same event."""

from __future__ import annotations

import copy

import pytest
from test_event_core import host_view, open_boards, opened

from boardroom.games.tournament import KIND, RULES
from boardroom.games.tournament.event import EventState
from boardroom.i18n import render_refusal
from boardroom.kernel import Journal, Json, Refused


def refused(game: Journal[EventState], command: Json, code: str) -> None:
    """The command is refused with ``code``, changes nothing and reads in both languages."""
    before = host_view(game)
    with pytest.raises(Refused) as caught:
        game.handle(command, 9.0)
    assert caught.value.code == code and host_view(game) == before
    for lang in ("ru", "en"):
        text = render_refusal(code, caught.value.details, lang, "tournament")
        assert text and text != code


def result(game: Journal[EventState], by: str, number: int, board: int, points: int) -> None:
    command = {"type": "result", "by": by, "round": number, "board": board, "result": points}
    game.handle(command, 3.0)


def replays(game: Journal[EventState]) -> bool:
    """The log replays to the same event."""
    again = RULES.setup(_spec(game))
    for event in game.state.log:
        again = RULES.evolve(again, copy.deepcopy(event))
    return bool(RULES.view(again, "host") == host_view(game))


def _spec(game: Journal[EventState]) -> Json:
    s = game.state
    return {"game": "tournament", "title": s.title, "format": s.format, "rounds": s.rounds}


def test_the_teacher_undoes_her_result_while_the_round_is_open() -> None:
    game = opened(4, format="swiss", rounds=2)
    game.handle({"type": "start", "by": "host"}, 1.5)
    open_boards(game)
    result(game, "host", 1, 1, 2)
    board = host_view(game)["rounds"][0]["boards"][0]
    assert board["result"] == 2 and board["by_teacher"]
    offered = KIND.actions(host_view(game), "host")
    assert offered["undo_result"] == {"round": 1, "boards": [1]}
    game.handle({"type": "undo_result", "by": "host", "round": 1, "board": 1}, 4.0)
    board = host_view(game)["rounds"][0]["boards"][0]
    assert board["result"] is None and not board["by_teacher"]
    assert "undo_result" not in KIND.actions(host_view(game), "host")
    # a result played (the server's) is not the teacher's to undo; nor is a pupil's request
    result(game, "server", 1, 2, 0)
    undo = {"type": "undo_result", "by": "host", "round": 1, "board": 2}
    refused(game, undo, "not_teacher_result")
    refused(game, {"type": "undo_result", "by": "p1", "round": 1, "board": 2}, "host_only")
    # the teacher's new result closes the round: then it stays
    result(game, "host", 1, 1, 1)
    assert host_view(game)["current"] == 2
    refused(game, {"type": "undo_result", "by": "host", "round": 1, "board": 1}, "round_closed")
    assert [s["points"] for s in host_view(game)["standings"]] == [2, 1, 1, 0]
    assert replays(game)


def test_a_pupil_renamed_and_withdrawn_keeps_results_and_is_not_paired_again() -> None:
    game = opened(5, format="swiss", rounds=2)
    game.handle({"type": "rename", "by": "host", "pupil": "p2", "name": " Борис "}, 1.2)
    game.handle({"type": "start", "by": "host"}, 1.5)
    boards = open_boards(game)
    assert host_view(game)["pupils"][1]["name"] == "Борис"
    gosha = next(b for b in boards if "p4" in (b["white"], b["black"]))
    game.handle({"type": "withdraw", "by": "host", "pupil": "p4"}, 2.5)
    refused(game, {"type": "withdraw", "by": "host", "pupil": "p4"}, "withdrawn_already")
    refused(game, {"type": "withdraw", "by": "host", "pupil": "p9"}, "unknown_pupil")
    refused(game, {"type": "rename", "by": "host", "pupil": "p1", "name": ""}, "bad_name")
    refused(game, {"type": "rename", "by": "p1", "pupil": "p1", "name": "Я"}, "host_only")
    assert KIND.actions(host_view(game), "host")["withdraw"]["pupils"] == ["p1", "p2", "p3", "p5"]
    won = 2 if gosha["white"] == "p4" else 0  # Гоша wins his last game
    for board in boards:
        result(game, "server", 1, board["board"], won if board is gosha else 1)
    view = host_view(game)
    assert view["current"] == 2
    paired = {s for b in view["rounds"][1]["boards"] for s in (b["white"], b["black"])}
    assert "p4" not in paired and {"p1", "p2", "p3", "p5"} <= paired
    line = next(s for s in view["standings"] if s["id"] == "p4")
    assert line["points"] == 2 and line["name"] == "Гоша" and view["pupils"][3]["withdrawn"]
    assert next(s for s in view["standings"] if s["id"] == "p2")["name"] == "Борис"
    assert replays(game)


def test_a_withdrawn_pupils_later_boards_in_a_round_robin_are_lost_at_once() -> None:
    game = opened(4)  # a round robin: the whole schedule is made at the start
    game.handle({"type": "start", "by": "host"}, 1.5)
    boards = open_boards(game)
    game.handle({"type": "withdraw", "by": "host", "pupil": "p4"}, 2.0)
    for board in boards:
        result(game, "server", 1, board["board"], 1)
    view = host_view(game)
    assert view["current"] == 2
    for board in view["rounds"][1]["boards"]:
        if "p4" in (board["white"], board["black"]):
            assert board["result"] == (0 if board["white"] == "p4" else 2)
        else:
            assert board["result"] is None
    assert replays(game)


def test_a_late_pupil_joins_the_next_swiss_round_with_no_points() -> None:
    game = opened(5, format="swiss", rounds=3)
    game.handle({"type": "start", "by": "host"}, 1.5)
    boards = open_boards(game)
    assert KIND.actions(RULES.view(game.state, "p6"), "p6") == {"enter": {"late": True}}
    game.handle({"type": "enter", "by": "p6", "name": "Егор"}, 2.0)
    refused(game, {"type": "enter", "by": "p6", "name": "Егор"}, "event_started")
    late = RULES.view(game.state, "p6")
    assert late["my_board"] is None and late["pupils"][-1]["name"] == "Егор"
    assert next(s for s in late["standings"] if s["id"] == "p6")["points"] == 0
    for board in boards:
        result(game, "server", 1, board["board"], 2)
    view = host_view(game)
    assert view["current"] == 2 and len(view["rounds"][0]["boards"]) == 3
    mine = RULES.view(game.state, "p6")["my_board"]
    assert mine is not None and mine["round"] == 2
    assert not any("robot" in (b["white"], b["black"]) for b in view["rounds"][1]["boards"])
    for board in open_boards(game):
        result(game, "server", 2, board["board"], 1)
    assert host_view(game)["current"] == 3  # the last round: too late now
    refused(game, {"type": "enter", "by": "p7", "name": "Женя"}, "too_late")
    assert "enter" not in KIND.actions(RULES.view(game.state, "p7"), "p7")
    assert replays(game)


def test_a_withdrawn_pupil_cannot_enter_and_an_event_keeps_two_players() -> None:
    game = opened(3, format="swiss", rounds=1)
    game.handle({"type": "withdraw", "by": "host", "pupil": "p3"}, 1.2)
    refused(game, {"type": "enter", "by": "p3", "name": "Вика"}, "withdrawn")
    game.handle({"type": "start", "by": "host"}, 1.5)
    assert len(host_view(game)["rounds"][0]["boards"]) == 1  # Аня and Боря only
    refused(game, {"type": "withdraw", "by": "host", "pupil": "p1"}, "too_few_pupils")


def test_takebacks_are_a_setting_of_the_event() -> None:
    assert host_view(opened(2))["settings"]["takebacks"] is False
    assert host_view(opened(2, takebacks=True))["settings"]["takebacks"] is True
    with pytest.raises(Refused) as bad:
        RULES.setup({"game": "tournament", "takebacks": "yes"})
    assert bad.value.code == "bad_setup"
