"""The per-pupil results of a puzzle lesson (pure): one row a pupil who entered.

For the results page, ``pupils.csv``/xlsx (``boardroom/web/puzzles.py``) and the class's term:
``solved`` (right answers), ``tried`` (answers given), ``points`` (``rules.points``) and the
place, over the revealed puzzles — every puzzle once the lesson is over. Read from the
teacher's view (names are never hidden there).

>>> pupil_results({"standings": [{"place": 1, "name": "Аня", "solved": 2, "tried": 3,
...     "points": 310}]})
[{'name': 'Аня', 'solved': 2, 'tried': 3, 'points': 310, 'place': 1}]
"""

from __future__ import annotations

from boardroom.kernel import Json


def pupil_results(view: Json) -> list[Json]:
    """Each pupil's results in a lesson, by place: name, solved, tried, points, place."""
    return [
        {"name": row["name"], "solved": row["solved"], "tried": row["tried"]}
        | {"points": row["points"], "place": row["place"]}
        for row in view.get("standings") or []
    ]
