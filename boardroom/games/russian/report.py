"""The per-pupil report of a game of Russian draughts (pure): one row a person playing.

A game played to its end counts 1 for each side; a win scores 1 point, a draw ½ each, a
loss 0; the place is by points (equal points share a place). A side played by the board
robot is no pupil and gets no row, but it is counted in the places. An unnamed side is
called by its colour (``name`` None: the caller words it).

(The coach's count of a pupil's mistakes does not exist yet, so it is no column here.)

>>> view = {"phase": "ended", "winner": None, "players": {
...     "white": {"name": "Аня", "robot": None}, "black": {"name": "Robot", "robot": "casual"}}}
>>> pupil_report(view)
[PupilRow(side='white', name='Аня', games=1, points=0.5, place=1)]
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
    points: float
    place: int


def _points(view: Json, side: str) -> float:
    if view.get("phase") != "ended":
        return 0.0
    winner = view.get("winner")
    return 0.5 if winner is None else float(winner == side)


def pupil_report(view: Json) -> list[PupilRow]:
    """The rows of the sides people play, by place."""
    players = view.get("players") or {}
    games = int(view.get("phase") == "ended")
    points = {side: _points(view, side) for side in SIDES}
    rows = [
        PupilRow(
            side=side,
            name=(players.get(side) or {}).get("name"),
            games=games,
            points=points[side],
            place=1 + sum(other > points[side] for other in points.values()),
        )
        for side in SIDES
        if not (players.get(side) or {}).get("robot")
    ]
    return sorted(rows, key=lambda r: (r.place, SIDES.index(r.side)))
