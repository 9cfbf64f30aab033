"""The built-in set: a few positions with their solutions (``tests/puzzles`` checks each
against the engine's :func:`boardroom.bots.puzzles.solve`).

>>> [p["best"] for p in BUILTIN]
[['c3:e5:g7'], ['c3-b4'], ['c3-b4'], ['f6-g5']]
"""

from __future__ import annotations

from typing import Final

from boardroom.kernel import Json

BUILTIN: Final[list[Json]] = [
    {
        "fen": "W:Wc3,h2:Bd4,f6,g3",
        "best": ["c3:e5:g7"],
        "title": "Бей больше / Take the most",
    },
    {
        "fen": "W:Wa3,c3,d2,e1,g3:Ba5,c5,e7,g7,h6",
        "best": ["c3-b4"],
        "title": "Отдай одну — возьми три / Give one, take three",
    },
    {
        "fen": "W:Wa3,c3,d2,e1,g3,h2:Ba5,c5,e7,f6,h6",
        "best": ["c3-b4"],
        "title": "Удар в дамки / A shot to the king row",
    },
    {
        "fen": "B:Wa3,b2,d2,f4,h4:Bb6,d8,e7,f6,h6",
        "best": ["f6-g5"],
        "title": "Чёрные начинают / Black to move",
    },
]
