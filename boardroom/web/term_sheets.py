"""The class's term as a workbook, one sheet a view of the class page: the class (one row
a pupil), the pupils' games (each pupil's own page), the rating game by game, the coach's
mistakes game by game (``sheets.xlsx_bytes`` styles them as every download).

>>> from boardroom.web.term import Board, Lesson
>>> lesson = Lesson("e1", "tournament", 0.0, ("u1", "u2"), {"u1": (1, 2), "u2": (2, 2)},
...                 {"u1": 2}, (Board("g1", 0.0, "u1", "u2", 1.0, {"u1": 0, "u2": 1}),))
>>> made = sheets([("u1", "Аня"), ("u2", "Боря")], [lesson], "ru")
>>> [s.title for s in made]
['Класс', 'Игры учеников', 'Рейтинг', 'Ошибки по партиям']
>>> made[0].rows[0][:5], made[2].rows[1][:4]
(['Аня', 1, 2, 1662.3, 290.3], ['Боря', 'g1', 0.0, 1500.0])
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from boardroom.web.sheet_words import columns, word
from boardroom.web.sheets import Cell, Sheet
from boardroom.web.term import Lesson, pupil_games, ratings, term_rows


def sheets(pupils: Sequence[tuple[str, str]], lessons: Sequence[Lesson], lang: str) -> list[Sheet]:
    rows = term_rows(pupils, lessons)
    return [
        _class(rows, lang),
        _games(pupils, lessons, lang),
        _ratings(pupils, lessons, lang),
        _mistakes(rows, lang),
    ]


def _class(rows: list[dict[str, object]], lang: str) -> Sheet:
    keys = (
        "name",
        "lessons",
        "event_points",
        "rating",
        "rd",
        "rated",
        "games",
        "mistakes_per_game",
        "puzzles_solved",
    )
    out: list[list[Cell]] = []
    for row in rows:
        rating = row["rating"]
        assert isinstance(rating, dict)
        games = row["games"]
        assert isinstance(games, dict)
        mistakes = row["mistakes"]
        assert isinstance(mistakes, list)
        per_game = (
            round(sum(m["mistakes"] for m in mistakes) / len(mistakes), 2) if mistakes else None
        )
        out.append(
            [
                str(row["name"]),
                int(str(row["lessons"])),
                int(str(row["event_points"])),
                rating["rating"],
                rating["rd"],
                rating["games"],
                sum(len(g) for g in games.values()),
                per_game,
                int(str(row["puzzles_solved"])),
            ]
        )
    return Sheet(word("sheet.term", lang), columns(lang, *keys), out)


def _games(pupils: Sequence[tuple[str, str]], lessons: Sequence[Lesson], lang: str) -> Sheet:
    keys = ("name", "day", "kind", "place", "score")
    out: list[list[Cell]] = []
    for pupil, name in pupils:
        for game in pupil_games(pupil, lessons):
            place = f"{game['place']}/{game['of']}" if game.get("place") else None
            out.append([name, _day(float(game["at"])), str(game["kind"]), place, game.get("score")])
    return Sheet(word("sheet.term_games", lang), columns(lang, *keys), out)


def _ratings(pupils: Sequence[tuple[str, str]], lessons: Sequence[Lesson], lang: str) -> Sheet:
    names = dict(pupils)
    ordered = sorted(lessons, key=lambda lesson: (lesson.at, lesson.game_id))
    _, history = ratings(b for lesson in ordered for b in lesson.boards)
    keys = ("name", "game", "score", "before", "after")
    out: list[list[Cell]] = [
        [names.get(h["pupil"], h["pupil"]), h["game_id"], h["score"], h["before"], h["after"]]
        for h in history
    ]
    return Sheet(word("sheet.ratings", lang), columns(lang, *keys), out)


def _mistakes(rows: list[dict[str, object]], lang: str) -> Sheet:
    out: list[list[Cell]] = []
    for row in rows:
        mistakes = row["mistakes"]
        assert isinstance(mistakes, list)
        for m in mistakes:
            out.append([str(row["name"]), _day(float(m["at"])), m["game_id"], m["mistakes"]])
    return Sheet(
        word("sheet.term_mistakes", lang), columns(lang, "name", "day", "game", "mistakes"), out
    )


def _day(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(at))
