"""The per-pupil report of a quiz round, checked by hand, and every download read back."""

from __future__ import annotations

from datetime import timedelta

from quiz_helpers import Game, questions, spec
from support.sheets import open_downloads

from boardroom.draughts import pdn as pdn_format
from boardroom.games.quiz.report import PupilRow, pupil_report
from boardroom.kernel import Json
from boardroom.web.quiz import pupils_sheet, questions_sheet, round_pdn

NAMES = {"a1": "Иван Грозный", "a2": "Ольга", "b1": "Борис", "b2": "Анна-Мария", "b3": "Денис"}


def played() -> Game:
    """a1 (Eagles) jumps b1 and b2: b1 is wrong (taken), b2 right (repelled); b2 then
    jumps a1, whose first question is skipped and second answered wrong (taken); the host
    ends the round."""
    setup: Json = spec({"a1": "c3", "a2": "a1"}, {"b1": "d4", "b2": "f6", "b3": "h8"})
    for team, title in zip(setup["teams"], ("Орлы", "Совы"), strict=True):
        team["name"] = title
        for member in team["members"]:
            member["name"] = NAMES[member["id"]]
    game = Game(setup)
    game.start()
    game.do("move", by="A", move="c3:e5:g7")
    game.duel_jump(correct=False)
    game.duel_jump(correct=True)
    game.do("move", by="B", move="f6:d4")
    game.do("ask")
    game.do("skip_question")
    game.duel_jump(correct=False)
    game.do("end_game")
    return game


def test_the_report_by_hand() -> None:
    # answered: b1 once, b2 once, a1 once (the skipped question does not count);
    # right: b2's; captures: a1 took b1, b2 took a1 (b2's repelled jump took nothing).
    assert pupil_report(played().view("A")) == [
        PupilRow("a1", "Иван Грозный", "Орлы", answered=1, right=0, captures=1),
        PupilRow("a2", "Ольга", "Орлы", answered=0, right=0, captures=0),
        PupilRow("b1", "Борис", "Совы", answered=1, right=0, captures=0),
        PupilRow("b2", "Анна-Мария", "Совы", answered=1, right=1, captures=1),
        PupilRow("b3", "Денис", "Совы", answered=0, right=0, captures=0),
    ]


def test_an_undone_verdict_does_not_count() -> None:
    game = Game(spec({"a1": "c3"}, {"b1": "d4", "b2": "h8"}))
    game.start()
    game.do("move", by="A", move="c3:e5")
    game.do("ask")
    game.do("judge", correct=True)
    game.do("undo_judgement")
    rows = {row.member: row for row in pupil_report(game.view())}
    assert (rows["b1"].answered, rows["b1"].right) == (0, 0)


def test_every_download_opens_in_excel_with_names_and_numbers() -> None:
    view = played().view("host")
    opened = open_downloads("quiz", view, "ru")
    assert set(opened.sheets) == {"Ученики", "Вопросы"}
    header = ["имя", "команда", "ответил на вопросы", "верных ответов", "взятия"]
    assert opened.sheets["Ученики"] == [
        header,
        ["Иван Грозный", "Орлы", 1, 0, 1],
        ["Ольга", "Орлы", 0, 0, 0],
        ["Борис", "Совы", 1, 0, 0],
        ["Анна-Мария", "Совы", 1, 1, 1],
        ["Денис", "Совы", 0, 0, 0],
    ]
    questions = opened.sheets["Вопросы"]
    assert questions[0] == [
        "время",
        "команда",
        "кто отвечал",
        "вопрос",
        "ответ команды",
        "верный ответ",
        "оценка",
    ]
    assert [row[1:3] + row[5:] for row in questions[1:]] == [
        ["Совы", "Борис", "Answer-1-xyzzy", "неверно"],
        ["Совы", "Анна-Мария", "Answer-2-xyzzy", "верно"],
        ["Орлы", "Иван Грозный", "Answer-3-xyzzy", "снят"],
        ["Орлы", "Иван Грозный", "Answer-4-xyzzy", "неверно"],
    ]
    assert all(isinstance(row[0], timedelta) for row in questions[1:]), "times are times"
    rows = opened.csvs["pupils.csv"]
    assert rows[0] == header
    assert rows[4] == ["Анна-Мария", "Совы", "1", "1", "1"]
    assert all(int(cell) >= 0 for row in rows[1:] for cell in row[2:])
    assert '[White "Орлы"]' in opened.pdn


def test_the_pdn_after_an_undo_holds_only_the_moves_that_stand() -> None:
    # a1 jumps b1 then b2; b1 wrong (taken), b2 right (repelled: «c3xe5» ends the capture);
    # the host undoes that verdict and judges b2 wrong: the capture goes on to g7. b3 then
    # takes a1 back (h8xf6), its first jump judged wrong. Standing: c3xe5xg7, h8xf6 — once each.
    game = Game(spec({"a1": "c3", "a2": "a1"}, {"b1": "d4", "b2": "f6", "b3": "h8"}))
    game.start()
    game.do("move", by="A", move="c3:e5:g7")
    game.duel_jump(correct=False)
    game.duel_jump(correct=True)
    game.do("undo_judgement")
    game.do("judge", correct=False)
    game.do("move", by="B", move="h8:f6")
    game.duel_jump(correct=False)
    game.do("end_game")
    view = game.view("A")
    made = [e.get("move") for e in view["events"] if e["type"] in ("moved", "move_ended")]
    assert made == ["c3:e5", "c3:e5:g7", "h8:f6"], "the log keeps the undone capture"
    games = pdn_format.read(round_pdn(view, "g1", "ru"))
    assert len(games) == 1
    assert games[0].moves == ["c3xe5xg7", "h8xf6"]
    assert len(games[0].moves) == game.state.game.moves, "as many moves as the game made"
    assert games[0].fen == game.state.start


def test_the_questions_sheet_gives_each_teams_answer_and_the_right_one() -> None:
    setup: Json = spec({"a1": "c3"}, {"b1": "d4", "b2": "h8"}, qs=questions(3, choices=True))
    game = Game(setup)
    game.start()
    game.do("move", by="A", move="c3:e5")
    game.do("ask")
    game.do("answer", by="B", choice=2)  # «Wrong-1-b», judged at once (a choice)
    sheet = questions_sheet(game.view("A"), "ru")
    assert sheet.columns[4:6] == ["ответ команды", "верный ответ"]
    assert sheet.rows[0][3:] == ["Question number 1?", "Wrong-1-b", "Answer-1-xyzzy", "неверно"]


def test_the_members_of_a_team_a_robot_plays_are_marked() -> None:
    view = played().view("host") | {"robots": ["B"]}  # as the route adds it
    names = [row[0] for row in pupils_sheet(view, "ru").rows]
    assert names == [
        "Иван Грозный",
        "Ольга",
        "Борис (робот)",
        "Анна-Мария (робот)",
        "Денис (робот)",
    ]
