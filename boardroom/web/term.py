"""A class's term: each pupil's line across the lessons (the class page, ``docs/term.md``).

Made from :class:`Lesson` records (what :mod:`boardroom.web.class_page` reads of each game
made for the class) — pure, so the page, its xlsx and a pupil's own line agree:

- **lessons**: the lessons the pupil had a seat in;
- **games by kind**: each game's place from the kind's per-pupil report (the class event:
  its standings), as ``place/of``;
- **event points**: the class events' points, on the event's scale (2 a win, 1 a draw);
- **rating**: Glicko-2 (the ``glicko2`` library), each rated game (a class event's board, a
  Russian draughts game, between two pupils, finished) its own rating period, in the order
  played (lessons by time; an event's boards by round and board); every pupil starts at
  1500 ± 350, volatility 0.06;
- **mistakes**: the coach's mistakes and blunders in each of the pupil's reviewed games, in
  the order played;
- **puzzles solved**: the ``puzzles`` kind's report's solved column, summed.

>>> a, b = Board("g1", 1.0, "u1", "u2", 1.0, {"u1": 0, "u2": 2}), "u2"
>>> rows = term_rows([("u1", "Аня"), ("u2", "Боря")], [Lesson("e1", "tournament", 1.0,
...     ("u1", "u2"), {"u1": (1, 2), "u2": (2, 2)}, {"u1": 2, "u2": 0}, (a,), {})])
>>> [(r["name"], r["lessons"], r["event_points"], round(r["rating"]["rating"])) for r in rows]
[('Аня', 1, 2, 1662), ('Боря', 1, 0, 1338)]
>>> rows[1]["mistakes"]
[{'game_id': 'g1', 'at': 1.0, 'mistakes': 2}]
>>> rows[1]["games"]
{'tournament': [{'game_id': 'e1', 'place': 2, 'of': 2}]}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import glicko2

from boardroom.kernel import Json

START_RATING, START_RD, START_VOL = 1500.0, 350.0, 0.06


@dataclass(frozen=True)
class Board:
    """A rated game between two pupils: white's score (1, ½, 0) and, once the coach
    reviewed it, each side's mistakes and blunders (by pupil)."""

    game_id: str
    at: float
    white: str
    black: str
    score: float
    mistakes: dict[str, int] | None


@dataclass(frozen=True)
class Lesson:
    """A game made for the class, as the class page reads it (pupils by id)."""

    game_id: str
    kind: str
    at: float
    seated: tuple[str, ...]
    """The pupils who had a seat in it."""
    places: dict[str, tuple[int, int]]
    """Each pupil's place in it, and of how many."""
    event_points: dict[str, int] = field(default_factory=dict)
    boards: tuple[Board, ...] = ()
    """Its rated games (a class event's boards; a Russian draughts game itself)."""
    solved: dict[str, int] = field(default_factory=dict)


def ratings(boards: Iterable[Board]) -> tuple[dict[str, glicko2.Player], list[Json]]:
    """Each pupil's Glicko-2 player after ``boards`` (in the order given), and each game's
    ratings before and after, both sides updated from the other's rating before the game."""
    players: dict[str, glicko2.Player] = {}
    history: list[Json] = []
    for board in boards:
        white, black = (players.setdefault(p, _player()) for p in (board.white, board.black))
        before = {board.white: (white.rating, white.rd), board.black: (black.rating, black.rd)}
        wr, wd = before[board.white]
        br, bd = before[board.black]
        white.update_player([br], [bd], [board.score])
        black.update_player([wr], [wd], [1.0 - board.score])
        for pupil, player, score in (
            (board.white, white, board.score),
            (board.black, black, 1.0 - board.score),
        ):
            history.append(
                {
                    "game_id": board.game_id,
                    "at": board.at,
                    "pupil": pupil,
                    "score": score,
                    "before": round(before[pupil][0], 1),
                    "after": round(player.rating, 1),
                }
            )
    return players, history


def _player() -> glicko2.Player:
    return glicko2.Player(rating=START_RATING, rd=START_RD, vol=START_VOL)


def term_rows(pupils: Sequence[tuple[str, str]], lessons: Sequence[Lesson]) -> list[Json]:
    """One row a pupil (``pupils``: id and name, the class's order), from ``lessons``."""
    ordered = sorted(lessons, key=lambda lesson: (lesson.at, lesson.game_id))
    boards = [b for lesson in ordered for b in lesson.boards]
    players, _ = ratings(boards)
    rated = {p: 0 for p, _ in pupils}
    for board in boards:
        for side in (board.white, board.black):
            rated[side] = rated.get(side, 0) + 1
    return [
        _row(pupil, name, ordered, boards, players.get(pupil), rated[pupil])
        for pupil, name in pupils
    ]


def _row(
    pupil: str,
    name: str,
    lessons: Sequence[Lesson],
    boards: Sequence[Board],
    player: glicko2.Player | None,
    rated: int,
) -> Json:
    games: dict[str, list[Json]] = {}
    for lesson in lessons:
        if pupil in lesson.places:
            place, of = lesson.places[pupil]
            games.setdefault(lesson.kind, []).append(
                {"game_id": lesson.game_id, "place": place, "of": of}
            )
    mistakes = [
        {"game_id": b.game_id, "at": b.at, "mistakes": b.mistakes[pupil]}
        for b in boards
        if pupil in (b.white, b.black) and b.mistakes is not None and pupil in b.mistakes
    ]
    rating = player if player is not None else _player()
    return {
        "pupil": pupil,
        "name": name,
        "lessons": sum(pupil in lesson.seated for lesson in lessons),
        "games": games,
        "event_points": sum(lesson.event_points.get(pupil, 0) for lesson in lessons),
        "rating": {"rating": round(rating.rating, 1), "rd": round(rating.rd, 1), "games": rated},
        "mistakes": mistakes,
        "puzzles_solved": sum(lesson.solved.get(pupil, 0) for lesson in lessons),
    }


def pupil_games(pupil: str, lessons: Sequence[Lesson]) -> list[Json]:
    """A pupil's own page: each game they played (a class event's boards too), in order,
    with its replay and (a reviewed draughts game) review address."""
    out: list[Json] = []
    for lesson in sorted(lessons, key=lambda lesson: (lesson.at, lesson.game_id)):
        if pupil not in lesson.seated and pupil not in lesson.places:
            continue
        place = lesson.places.get(pupil)
        out.append(
            {
                "game_id": lesson.game_id,
                "kind": lesson.kind,
                "at": lesson.at,
                "place": place[0] if place else None,
                "of": place[1] if place else None,
                "replay": f"/results/{lesson.game_id}",
                "review": None,
            }
        )
        for board in lesson.boards:
            if pupil not in (board.white, board.black) or board.game_id == lesson.game_id:
                continue
            score = board.score if pupil == board.white else 1.0 - board.score
            review = f"/coach/{board.game_id}"
            out.append(
                {
                    "game_id": board.game_id,
                    "kind": "russian",
                    "at": board.at,
                    "score": score,
                    "replay": f"/results/{board.game_id}",
                    "review": review,
                    "event": lesson.game_id,
                }
            )
    return out
