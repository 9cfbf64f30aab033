"""The class event's core as the teacher and the server drive it: the log replays to the same
event, each round follows when its boards end, the teacher's «end the round» draws what is
still played, the actions offered are accepted, and every refusal changes nothing and reads
in Russian and English."""

from __future__ import annotations

import copy

import pytest

from boardroom.games.tournament import KIND, RULES
from boardroom.games.tournament.event import EventState
from boardroom.i18n import render_refusal
from boardroom.kernel import Journal, Json, Refused

NAMES = ("Аня", "Боря", "Вика", "Гоша", "Даша")


def opened(pupils: int, **setup: object) -> Journal[EventState]:
    game = Journal.open(RULES, {"game": "tournament", "title": "5 Б", **setup})
    for n, name in enumerate(NAMES[:pupils], start=1):
        game.handle({"type": "enter", "by": f"p{n}", "name": name}, 1.0)
    return game


def host_view(game: Journal[EventState]) -> Json:
    return RULES.view(game.state, "host")


def open_boards(game: Journal[EventState]) -> list[Json]:
    view = host_view(game)
    boards: list[Json] = view["rounds"][-1]["boards"]
    games = {str(b["board"]): f"g{view['current']}-{b['board']}" for b in boards}
    game.handle({"type": "boards", "by": "server", "round": view["current"], "games": games}, 2.0)
    return boards


def test_a_round_robin_of_five_meets_the_robot_once_each_and_replays_the_same() -> None:
    game = opened(5)
    game.handle({"type": "start", "by": "host"}, 1.5)
    robot: list[str] = []
    while host_view(game)["phase"] == "playing":
        number = host_view(game)["current"]
        for board in open_boards(game):
            if "robot" in (board["white"], board["black"]):
                robot.append(board["black"] if board["white"] == "robot" else board["white"])
            command = {"type": "result", "by": "server", "round": number, "board": board["board"]}
            game.handle(command | {"result": 2}, 3.0)
    assert sorted(robot) == ["p1", "p2", "p3", "p4", "p5"]
    assert host_view(game)["current"] == 5 and host_view(game)["phase"] == "over"
    again = RULES.setup({"game": "tournament", "title": "5 Б"})
    for event in game.state.log:
        again = RULES.evolve(again, copy.deepcopy(event))
    assert RULES.view(again, "host") == host_view(game)


def test_the_teacher_ends_a_round_and_settles_a_board() -> None:
    game = opened(4, format="swiss", rounds=2)
    game.handle({"type": "start", "by": "host"}, 1.5)
    open_boards(game)
    game.handle({"type": "result", "by": "host", "round": 1, "board": 1, "result": 0}, 3.0)
    game.handle({"type": "end_round", "by": "host", "round": 1}, 4.0)
    view = host_view(game)
    assert [b["result"] for b in view["rounds"][0]["boards"]] == [0, 1]
    assert view["current"] == 2 and not any(b["game_id"] for b in view["rounds"][1]["boards"])
    pupil = RULES.view(game.state, "p2")
    assert pupil["my_board"]["round"] == 2 and pupil["my_board"]["result"] is None


def test_the_actions_offered_are_accepted() -> None:
    game = opened(3)
    assert set(KIND.actions(host_view(game), "host")) == {"start", "rename", "withdraw"}
    assert KIND.actions(RULES.view(game.state, "p4"), "p4") == {"enter": {}}
    game.handle({"type": "start", "by": "host"}, 1.5)
    boards = open_boards(game)
    offered = KIND.actions(host_view(game), "host")
    assert offered["result"]["boards"] == [b["board"] for b in boards]
    game.handle({"type": "result", "by": "host", "round": 1, "board": 1, "result": 1}, 3.0)
    game.handle({"type": "end_round", "by": "host"} | offered["end_round"], 3.5)
    assert host_view(game)["current"] == 2


EARLY = {"type": "result", "by": "server", "round": 1, "board": 1, "result": 2}
REFUSED = [
    ({"type": "start", "by": "p1"}, "host_only", 2),
    ({"type": "start", "by": "host"}, "too_few_pupils", 1),
    ({"type": "enter", "by": "host", "name": "X"}, "not_a_pupil", 2),
    ({"type": "enter", "by": "p3", "name": "  "}, "bad_name", 2),
    ({"type": "boards", "by": "host", "round": 1, "games": {}}, "host_only", 2),
    (
        {"type": "result", "by": "server", "round": 1, "board": 1, "result": 2},
        "not_current_round",
        2,
    ),
    ({"type": "fly", "by": "host"}, "unknown_command", 2),
]


@pytest.mark.parametrize(("command", "code", "pupils"), REFUSED)
def test_a_refusal_changes_nothing_and_reads_in_both_languages(
    command: Json, code: str, pupils: int
) -> None:
    game = opened(pupils)
    before = host_view(game)
    with pytest.raises(Refused) as refused:
        game.handle(command, 5.0)
    assert refused.value.code == code and host_view(game) == before
    for lang in ("ru", "en"):
        text = render_refusal(code, refused.value.details, lang, "tournament")
        assert text and text != code


def test_after_the_start_a_pupil_cannot_enter_and_a_board_has_one_result() -> None:
    game = opened(2)
    game.handle({"type": "start", "by": "host"}, 1.5)
    with pytest.raises(Refused) as late:
        game.handle({"type": "enter", "by": "p3", "name": "Вика"}, 2.0)
    assert late.value.code == "event_started"
    open_boards(game)
    with pytest.raises(Refused) as twice:
        open_boards(game)
    assert twice.value.code == "boards_open"


@pytest.mark.parametrize(
    ("pupils", "rounds", "ru", "en"),
    [
        (11, 7, "С 11 учениками швейцарская система — не больше 6 туров.", "6 rounds"),
        (21, 12, "С 21 учеником швейцарская система — не больше 11 туров.", "21 pupils"),
        (2, 2, "С 2 учениками швейцарская система — не больше 1 тура.", "at most 1 round."),
    ],
)
def test_a_refusal_keeps_its_numbers_for_plural_forms(
    pupils: int, rounds: int, ru: str, en: str, caplog: pytest.LogCaptureFixture
) -> None:
    game = Journal.open(RULES, {"game": "tournament", "format": "swiss", "rounds": rounds})
    for n in range(1, pupils + 1):
        game.handle({"type": "enter", "by": f"p{n}", "name": f"Ученик {n}"}, 1.0)
    with pytest.raises(Refused) as refused:
        game.handle({"type": "start", "by": "host"}, 2.0)
    assert refused.value.code == "too_many_rounds"
    assert refused.value.details == {"pupils": pupils, "most": (pupils + pupils % 2) // 2}
    details = refused.value.details
    assert render_refusal("too_many_rounds", details, "ru", "tournament") == ru
    assert en in render_refusal("too_many_rounds", details, "en", "tournament")
    assert not [r for r in caplog.records if r.name == "boardroom.i18n"]


def test_a_results_refusal_names_its_board_by_number(caplog: pytest.LogCaptureFixture) -> None:
    game = opened(3)
    game.handle({"type": "start", "by": "host"}, 1.5)
    open_boards(game)
    game.handle({"type": "result", "by": "host", "round": 1, "board": 1, "result": 2}, 2.0)
    for board, code, ru in (
        (9, "unknown_board", "В туре 1 нет доски 9."),
        (1, "already_recorded", "У доски 1 уже есть результат."),
    ):
        with pytest.raises(Refused) as refused:
            game.handle(
                {"type": "result", "by": "host", "round": 1, "board": board, "result": 1}, 3.0
            )
        assert refused.value.code == code and refused.value.details["board"] == board
        assert render_refusal(code, refused.value.details, "ru", "tournament") == ru
    assert not [r for r in caplog.records if r.name == "boardroom.i18n"]
