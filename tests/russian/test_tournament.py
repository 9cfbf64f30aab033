"""A class tournament as the teacher sees it: the Berger tables, Swiss rounds paired without
repeats with a robot for the odd pupil and balanced colours, and standings and tie-breaks
that equal a hand computation."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from boardroom.draughts import Board
from boardroom.draughts import pdn as pdn_format
from boardroom.games.russian.tournament import (
    DRAW,
    LOSS,
    ROBOT,
    WIN,
    Event,
    Pupil,
    TournamentError,
    crosstable,
    crosstable_csv,
    event_pdn,
    from_json,
    pair_next_round,
    record,
    round_robin,
    standings,
    swiss,
    to_json,
)
from boardroom.i18n import render_refusal

NAMES = ("Аня", "Боря", "Вика", "Гоша", "Даша", "Егор", "Женя", "Зоя", "Илья")


def pupils(count: int) -> list[Pupil]:
    return [
        Pupil(f"p{n}", NAMES[n - 1] if n <= len(NAMES) else f"P{n}") for n in range(1, count + 1)
    ]


def pairs(event: Event, round_number: int) -> list[tuple[str, str]]:
    return [(g.white, g.black) for g in event.rounds[round_number - 1]]


def test_a_round_robin_of_four_is_the_berger_table() -> None:
    # FIDE Handbook C.05 annex 1, the table for 3 or 4 players
    event = round_robin("RR", pupils(4))
    rounds = [[(int(w[1:]), int(b[1:])) for w, b in pairs(event, r)] for r in (1, 2, 3)]
    assert rounds == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    assert event.planned_rounds == 3


def test_a_round_robin_of_six_is_the_berger_table_and_five_add_the_robot() -> None:
    six = round_robin("RR", pupils(6))
    table = [[(int(w[1:]), int(b[1:])) for w, b in pairs(six, r)] for r in range(1, 6)]
    assert table == [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    five = round_robin("RR", pupils(5))
    assert pairs(five, 2)[0] == (ROBOT, "p4")
    robot_games = [g for g in five.games if ROBOT in (g.white, g.black)]
    assert sorted(g.opponent(ROBOT) for g in robot_games) == [f"p{n}" for n in range(1, 6)]


@pytest.mark.parametrize("count", range(2, 13))
def test_every_round_robin_meets_everyone_once(count: int) -> None:
    event = round_robin("RR", pupils(count))
    met = [frozenset((g.white, g.black)) for g in event.games]
    seats = count + count % 2
    assert len(met) == len(set(met)) == seats * (seats - 1) // 2
    for number, games in enumerate(event.rounds, start=1):
        seen = [p for g in games for p in (g.white, g.black)]
        assert len(seen) == len(set(seen)) == seats
        assert all(g.round == number for g in games)


# The hand computation for nine pupils and three Swiss rounds (Monrad: by points, then seed;
# the robot to the lowest pupil who has not met it; colours as the rules say).
#
# Round 1, all on 0, by seed: Аня–Боря 1:0, Вика–Гоша ½:½, Даша–Егор 0:1, Женя–Зоя 1:0,
#   Илья (the lowest) – robot 1:0.
# After it: Аня 1, Егор 1, Женя 1, Илья 1, Вика ½, Гоша ½, Боря 0, Даша 0, Зоя 0.
# Round 2: the robot to Зоя (lowest; Илья has met it). Аня–Егор, Женя–Илья; Вика–Гоша met
#   already, so Вика–Боря, then Гоша–Даша. Colours: who has had black takes white (Егор, Боря,
#   Гоша); Женя and Илья both had white, and in an even round the higher seed (Женя) takes black.
#   Results: Егор–Аня 1:0, Илья–Женя ½:½, Боря–Вика 0:1, Гоша–Даша 1:0, Зоя–robot 1:0.
# After it: Егор 2, Вика 1½, Гоша 1½, Женя 1½, Илья 1½, Аня 1, Зоя 1, Боря 0, Даша 0.
# Round 3: the robot to Даша (lowest of those who have not met it). Егор–Вика, Гоша–Женя,
#   Илья–Аня, Зоя–Боря. Colours: Вика (w b) had black last, Егор (b w) white last: Вика white;
#   Женя white; Илья has had white twice: black, Аня white; Боря has had black twice: white;
#   Даша (w b) takes white against the robot.
#   Results: Вика–Егор 1:0, Женя–Гоша ½:½, Аня–Илья 0:1, Боря–Зоя 1:0, Даша–robot 1:0.
ROUNDS = [
    [
        ("p1", "p2", WIN),
        ("p3", "p4", DRAW),
        ("p5", "p6", LOSS),
        ("p7", "p8", WIN),
        ("p9", ROBOT, WIN),
    ],
    [
        ("p6", "p1", WIN),
        ("p9", "p7", DRAW),
        ("p2", "p3", LOSS),
        ("p4", "p5", WIN),
        ("p8", ROBOT, WIN),
    ],
    [
        ("p3", "p6", WIN),
        ("p7", "p4", DRAW),
        ("p1", "p9", LOSS),
        ("p2", "p8", WIN),
        ("p5", ROBOT, WIN),
    ],
]
# Points: Аня 1+0+0 = 1; Боря 0+0+1 = 1; Вика ½+1+1 = 2½; Гоша ½+1+½ = 2; Даша 0+0+1 = 1;
#   Егор 1+1+0 = 2; Женя 1+½+½ = 2; Зоя 0+1+0 = 1; Илья 1+½+1 = 2½.
# Buchholz (the opponents' points; the robot has none):
#   Аня: Боря 1 + Егор 2 + Илья 2½ = 5½;  Боря: Аня 1 + Вика 2½ + Зоя 1 = 4½;
#   Вика: Гоша 2 + Боря 1 + Егор 2 = 5;    Гоша: Вика 2½ + Даша 1 + Женя 2 = 5½;
#   Даша: Егор 2 + Гоша 2 + robot 0 = 4;   Егор: Даша 1 + Аня 1 + Вика 2½ = 4½;
#   Женя: Зоя 1 + Илья 2½ + Гоша 2 = 5½;   Зоя: Женя 2 + robot 0 + Боря 1 = 3;
#   Илья: robot 0 + Женя 2 + Аня 1 = 3.
# Sonneborn–Berger (the points of those beaten, half those of those drawn):
#   Аня: Боря 1 = 1;  Боря: Зоя 1 = 1;  Вика: ½·2 + 1 + 2 = 4;  Гоша: ½·2½ + 1 + ½·2 = 3¼;
#   Даша: robot 0 = 0;  Егор: Даша 1 + Аня 1 = 2;  Женя: Зоя 1 + ½·2½ + ½·2 = 3¼;
#   Зоя: robot 0 = 0;  Илья: robot 0 + ½·2 + Аня 1 = 2.
# Order: 2½ Вика (B 5) before Илья (B 3); 2: Гоша and Женя (B 5½, SB 3¼: seed) before Егор
#   (B 4½); 1: Аня (B 5½), Боря (4½), Даша (4), Зоя (3).
HAND = [
    # name, points, Buchholz (in points), SB (in points)
    ("Вика", 2.5, 5.0, 4.0),
    ("Илья", 2.5, 3.0, 2.0),
    ("Гоша", 2.0, 5.5, 3.25),
    ("Женя", 2.0, 5.5, 3.25),
    ("Егор", 2.0, 4.5, 2.0),
    ("Аня", 1.0, 5.5, 1.0),
    ("Боря", 1.0, 4.5, 1.0),
    ("Даша", 1.0, 4.0, 0.0),
    ("Зоя", 1.0, 3.0, 0.0),
]


def play_swiss(results: list[list[tuple[str, str, int]]]) -> Event:
    event = swiss("5 Б", pupils(9), 3)
    for number, games in enumerate(results, start=1):
        event = pair_next_round(event)
        assert pairs(event, number) == [(w, b) for w, b, _ in games]
        for board, (_, _, result) in enumerate(games, start=1):
            event = record(event, number, board, result)
    return event


def test_nine_pupils_three_swiss_rounds_equal_the_hand_computation() -> None:
    event = play_swiss(ROUNDS)
    table = [
        (s.pupil.name, s.points / 2, s.buchholz / 2, s.sonneborn_berger / 4)
        for s in standings(event)
    ]
    assert table == HAND
    assert [s.place for s in standings(event)] == list(range(1, 10))
    assert all(s.played == 3 and s.in_progress == 0 for s in standings(event))
    assert event.over


def test_the_swiss_rounds_repeat_no_pairing_give_the_robot_once_and_balance_colours() -> None:
    event = play_swiss(ROUNDS)
    met = [frozenset((g.white, g.black)) for g in event.games if ROBOT not in (g.white, g.black)]
    assert len(met) == len(set(met))
    robot_pupils = [g.opponent(ROBOT) for g in event.games if g.has(ROBOT)]
    assert robot_pupils == ["p9", "p8", "p5"]
    for pupil in pupils(9):
        colours = "".join(
            "w" if g.white == pupil.id else "b" for g in event.games if g.has(pupil.id)
        )
        assert "www" not in colours and "bbb" not in colours
        assert abs(colours.count("w") - colours.count("b")) <= 1


@pytest.mark.parametrize("count", range(3, 27))
def test_swiss_events_of_the_most_rounds_keep_the_rules_whatever_the_results(count: int) -> None:
    chance = random.Random(count)
    rounds = (count + 1) // 2  # the most a Swiss event of ``count`` pupils may have
    with pytest.raises(TournamentError):
        swiss("S", pupils(count), rounds + 1)
    for _ in range(3):
        event = swiss("S", pupils(count), rounds)
        for number in range(1, rounds + 1):
            event = pair_next_round(event)
            for game in event.rounds[-1]:
                event = record(event, number, game.board, chance.choice((WIN, DRAW, LOSS)))
            robot_counts = [
                sum(1 for g in event.games if g.has(ROBOT) and g.has(p.id)) for p in event.pupils
            ]
            assert max(robot_counts) - min(robot_counts) <= 1
            assert sum(robot_counts) == (number if count % 2 else 0)
        met = [frozenset((g.white, g.black)) for g in event.games if not g.has(ROBOT)]
        assert len(met) == len(set(met))
        for pupil in event.pupils:
            colours = "".join(
                "w" if g.white == pupil.id else "b" for g in event.games if g.has(pupil.id)
            )
            assert "www" not in colours and "bbb" not in colours


def test_standings_count_games_in_play_and_the_crosstable_marks_them() -> None:
    event = pair_next_round(swiss("S", pupils(4), 2))
    event = record(event, 1, 1, WIN)
    lines = {s.pupil.id: s for s in standings(event)}
    assert (lines["p1"].points, lines["p1"].played, lines["p1"].in_progress) == (2, 1, 0)
    assert (lines["p3"].points, lines["p3"].played, lines["p3"].in_progress) == (0, 0, 1)
    grid = crosstable(event)
    order = [s.pupil.id for s in standings(event)]
    assert grid[order.index("p3")][order.index("p4")] == "*"
    assert grid[order.index("p1")][order.index("p2")] == "2"  # a win: 2 on the 2/1/0 scale
    with pytest.raises(TournamentError) as refused:
        pair_next_round(event)
    assert refused.value.code == "round_in_progress"


def test_bad_requests_are_refused_with_a_stable_code_and_change_nothing() -> None:
    event = round_robin("RR", pupils(4))
    for args, code in (
        ((1, 1, 3), "bad_result"),
        ((1, 1, True), "bad_result"),
        ((9, 1, WIN), "unknown_board"),
        ((1, 7, WIN), "unknown_board"),
    ):
        with pytest.raises(TournamentError) as refused:
            record(event, *args)
        assert refused.value.code == code
    done = record(event, 1, 1, WIN)
    with pytest.raises(TournamentError) as refused:
        record(done, 1, 1, LOSS)
    assert refused.value.code == "already_recorded"
    assert event.rounds[0][0].result is None
    makers: tuple[tuple[Callable[[], Event], str], ...] = (
        (lambda: swiss("S", pupils(1), 1), "too_few_pupils"),
        (lambda: swiss("S", [Pupil("a", "A"), Pupil("a", "B")], 1), "duplicate_pupil"),
        (lambda: swiss("S", pupils(4), 3), "too_many_rounds"),
        (lambda: pair_next_round(event), "not_swiss"),
    )
    for make, code in makers:
        with pytest.raises(TournamentError) as refused:
            make()
        assert refused.value.code == code


def test_the_crosstable_csv_and_every_game_in_one_pdn() -> None:
    event = play_swiss(ROUNDS)
    csv = crosstable_csv(event, "ru").splitlines()
    # the 2/1/0 scale: whole numbers; Sonneborn–Berger Σ(points scored × opponent's points)
    assert csv[0] == "\ufeffМесто;Имя;1;2;3;4;5;6;7;8;9;Робот;Очки;Бухгольц;Зоннеборн — Бергер"
    assert csv[1] == "1;Вика;×;;1;;2;;2;;;;5;10;16"
    assert csv[3] == "3;Гоша;1;;×;1;;;;2;;;4;11;13"
    assert csv[8] == "8;Даша;;;0;;0;;;×;;2;2;8;0"
    assert crosstable_csv(event, "en").startswith("Place,Name,1,")
    boards = {}
    for game in event.games:
        board = Board()
        board.push_notation("c3-d4")
        boards[(game.round, game.board)] = board
    games = pdn_format.read(event_pdn(event, boards, "en"))
    assert len(games) == 15
    assert games[0].headers["White"] == "Аня" and games[0].headers["Round"] == "1.1"
    assert games[4].headers["Black"] == "Robot" and games[4].result == "2-0"
    assert games[2].result == "0-2" and games[1].result == "1-1"
    assert all(g.moves == ["c3-d4"] for g in games)


def test_an_event_goes_through_json_and_back_and_bad_json_is_refused() -> None:
    event = play_swiss(ROUNDS[:2])
    text = json.dumps(to_json(event), ensure_ascii=False)
    again = from_json(json.loads(text))
    assert again == event
    assert standings(pair_next_round(again)) == standings(pair_next_round(event))
    for bad in (
        {},
        {**to_json(event), "format": "arena"},
        {**to_json(event), "rounds": [[{"board": 1, "white": "p1", "black": "p2", "result": 3}]]},
        {**to_json(event), "pupils": [{"id": "p1"}]},
    ):
        with pytest.raises(TournamentError) as refused:
            from_json(bad)
        assert refused.value.code == "bad_event"


def test_every_refusal_reads_in_russian_and_english() -> None:
    event = round_robin("RR", pupils(4))
    attempts: tuple[Callable[[], object], ...] = (
        lambda: record(event, 1, 1, 3),
        lambda: record(event, 9, 1, WIN),
        lambda: record(event, 1, 7, WIN),
        lambda: record(record(event, 1, 1, WIN), 1, 1, WIN),
        lambda: pair_next_round(event),
        lambda: pair_next_round(pair_next_round(swiss("S", pupils(4), 2))),
        lambda: pair_next_round(
            record(record(pair_next_round(swiss("S", pupils(4), 1)), 1, 1, WIN), 1, 2, WIN)
        ),
        lambda: swiss("S", pupils(1), 1),
        lambda: swiss("S", [Pupil("a", "A"), Pupil("a", "B")], 1),
        lambda: swiss("S", pupils(9), 6),
        lambda: event.pupil("zz"),
        lambda: from_json({}),
    )
    said = {}
    for attempt in attempts:
        with pytest.raises(TournamentError) as refused:
            attempt()
        error = refused.value
        said[error.code] = [
            render_refusal(error.code, error.params, lang, "russian") for lang in ("ru", "en")
        ]
    assert said["too_many_rounds"] == [
        "С 9 учениками швейцарская система — не больше 5 туров.",
        "With 9 pupils, a Swiss event has at most 5 rounds.",
    ]
    assert said["unknown_board"] == ["В туре 1 нет доски 7.", "Round 1 has no board 7."]
    assert set(said) == {
        *("bad_result", "unknown_board", "already_recorded", "not_swiss", "round_in_progress"),
        *("too_few_pupils", "duplicate_pupil", "too_many_rounds", "unknown_pupil", "bad_event"),
        "event_over",
    }
    assert all(ru != en and ru.endswith(".") and "{" not in ru for ru, en in said.values())
