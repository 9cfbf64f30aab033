"""Russian draughts and the switches Boardroom's games need: pure, no I/O.

>>> board = Board()
>>> sorted(str(m) for m in board.legal_moves)
['a3-b4', 'c3-b4', 'c3-d4', 'e3-d4', 'e3-f4', 'g3-f4', 'g3-h4']
"""

from boardroom.draughts.board import Board, Color, Outcome, PlacedPiece
from boardroom.draughts.errors import (
    DraughtsError,
    FenError,
    IllegalMoveError,
    NotationError,
    PdnError,
)
from boardroom.draughts.moves import Move
from boardroom.draughts.variants import EXCHANGE, QUIZ, RUSSIAN, VARIANTS, Variant

__all__ = [
    "EXCHANGE",
    "QUIZ",
    "RUSSIAN",
    "VARIANTS",
    "Board",
    "Color",
    "DraughtsError",
    "FenError",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Outcome",
    "PdnError",
    "PlacedPiece",
    "Variant",
]
