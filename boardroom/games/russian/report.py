"""The per-pupil report of a game of Russian draughts (pure): one row a person playing.

A game played to its end counts 1 for each side; a win scores 2 points, a draw 1 each, a
loss 0 (the scale of the results page and of the PDN's ``2-0``/``1-1``); the place is by
points (equal points share a place). A side played by the board
robot is no pupil and gets no row, but it is counted in the places. An unnamed side is
called by its colour (``name`` None: the caller words it).

(The coach's count of a pupil's mistakes does not exist yet, so it is no column here.)

>>> view = {"phase": "ended", "winner": None, "players": {
...     "white": {"name": "Аня", "robot": None}, "black": {"name": "Robot", "robot": "casual"}}}
>>> pupil_report(view)
[PupilRow(side='white', name='Аня', games=1, points=1, place=1)]
>>> pupil_report(view | {"winner": "black"})[0].place
2
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.kernel import Json

SIDES = ("white", "black")


@dataclass(frozen=True)
class PupilRow:
    """One person's line of the report."""

    side: str
    name: str | None
    games: int
    points: int
    place: int


def points(view: Json, side: str) -> int:
    """The side's points: 2 a win, 1 a draw, 0 a loss or a game not over."""
    if view.get("phase") != "ended":
        return 0
    winner = view.get("winner")
    return 1 if winner is None else 2 * (winner == side)


def pupil_report(view: Json) -> list[PupilRow]:
    """The rows of the sides people play, by place."""
    players = view.get("players") or {}
    games = int(view.get("phase") == "ended")
    scored = {side: points(view, side) for side in SIDES}
    rows = [
        PupilRow(
            side=side,
            name=(players.get(side) or {}).get("name"),
            games=games,
            points=scored[side],
            place=1 + sum(other > scored[side] for other in scored.values()),
        )
        for side in SIDES
        if not (players.get(side) or {}).get("robot")
    ]
    return sorted(rows, key=lambda r: (r.place, SIDES.index(r.side)))
