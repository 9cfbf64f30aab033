"""The per-pupil report of a game of Russian draughts, and every download read back."""

from __future__ import annotations

from support.sheets import open_downloads

from boardroom.games.russian import RULES, RussianState
from boardroom.games.russian.report import PupilRow, pupil_report
from boardroom.kernel import Journal, Json


def played(black: Json, result: str) -> Json:
    """Anna (white) and ``black``: three moves, then a draw agreed or black resigns."""
    spec = {"game": "russian", "white": {"name": "Анна Ёлкина"}, "black": black}
    journal: Journal[RussianState] = Journal.open(RULES, spec)
    journal.handle({"type": "start", "by": "host"}, 0.0)
    for at, (side, move) in enumerate([("white", "c3-d4"), ("black", "f6-g5"), ("white", "b2-c3")]):
        journal.handle({"type": "move", "by": side, "move": move}, 1.0 + at)
    if result == "draw":
        journal.handle({"type": "offer_draw", "by": "black"}, 5.0)
        journal.handle({"type": "accept_draw", "by": "white"}, 6.0)
    else:
        journal.handle({"type": "resign", "by": "black"}, 5.0)
    return RULES.view(journal.state, "white")


def test_a_won_game_by_hand() -> None:
    view = played({"name": "Борис"}, "resign")
    assert pupil_report(view) == [
        PupilRow("white", "Анна Ёлкина", 1, 2, 1, opponent="Борис", result="win"),
        PupilRow("black", "Борис", 1, 0, 2, opponent="Анна Ёлкина", result="loss"),
    ]


def test_a_draw_shares_the_place_and_the_robot_has_no_row() -> None:
    view = played({"name": "Robot", "robot": "casual"}, "draw")
    assert pupil_report(view) == [
        PupilRow("white", "Анна Ёлкина", 1, 1, 1, "Robot", opponent_robot=True, result="draw")
    ]


def test_every_download_opens_in_excel_with_names_and_numbers() -> None:
    view = played({"name": "Борис"}, "draw")
    opened = open_downloads("russian", view, "ru")
    assert set(opened.sheets) == {"Ученики", "Партии"}
    pupils = opened.sheets["Ученики"]
    header = ["место", "имя", "цвет", "соперник", "результат", "партии", "очки"]
    assert pupils == [
        header,
        [1, "Анна Ёлкина", "белые", "Борис", "ничья", 1, 1],
        [1, "Борис", "чёрные", "Анна Ёлкина", "ничья", 1, 1],
    ]
    assert opened.sheets["Партии"][1] == ["Анна Ёлкина", "Борис", 1, 1, 3]
    rows = opened.csvs["pupils.csv"]
    assert rows[0] == header
    assert [(r[1], int(r[0]), r[4], int(r[5]), int(r[6])) for r in rows[1:]] == [
        ("Анна Ёлкина", 1, "ничья", 1, 1),
        ("Борис", 1, "ничья", 1, 1),
    ]
    assert '[White "Анна Ёлкина"]' in opened.pdn
    english = open_downloads("russian", view, "en")
    assert english.csvs["pupils.csv"][0][:5] == ["place", "name", "colour", "opponent", "result"]
    assert set(english.sheets) == {"Pupils", "Games"}
