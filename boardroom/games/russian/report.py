"""The per-pupil report of a game of Russian draughts (pure): one row a person playing.

A game played to its end counts 1 for each side; a win scores 2 points, a draw 1 each, a
loss 0 (the scale of the results page and of the PDN's ``2-0``/``1-1``); the place is by
points (equal points share a place). A side played by the board
robot is no pupil and gets no row, but it is counted in the places. Each row says the colour
played (``side``), the opponent (a robot marked) and the result (``win``, ``draw``, ``loss``;
None while the game goes on) for the caller to put in words. An unnamed side is called by its
colour (``name`` None: the caller words it).

(The coach's count of a pupil's mistakes does not exist yet, so it is no column here.)

>>> view = {"phase": "ended", "winner": None, "players": {
...     "white": {"name": "Аня", "robot": None}, "black": {"name": "Robot", "robot": "casual"}}}
>>> row = pupil_report(view)[0]
>>> row.name, row.points, row.place, row.opponent, row.opponent_robot, row.result
('Аня', 1, 1, 'Robot', True, 'draw')
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
    opponent: str | None = None
    opponent_robot: bool = False
    result: str | None = None


def points(view: Json, side: str) -> int:
    """The side's points: 2 a win, 1 a draw, 0 a loss or a game not over."""
    if view.get("phase") != "ended":
        return 0
    winner = view.get("winner")
    return 1 if winner is None else 2 * (winner == side)


def result(view: Json, side: str) -> str | None:
    """The side's result: ``win``, ``draw`` or ``loss``; None while the game goes on."""
    if view.get("phase") != "ended":
        return None
    return ("loss", "draw", "win")[points(view, side)]


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
            opponent=(players.get(other) or {}).get("name"),
            opponent_robot=bool((players.get(other) or {}).get("robot")),
            result=result(view, side),
        )
        for side, other in zip(SIDES, reversed(SIDES), strict=True)
        if not (players.get(side) or {}).get("robot")
    ]
    return sorted(rows, key=lambda r: (r.place, SIDES.index(r.side)))
