"""The engine's side of a puzzle lesson: a position's solving moves, a robot's answer, and
the class's own puzzles found in the coach's reviews.

:func:`solve` searches every legal move of the position to a fixed depth (the coach's
search: :mod:`boardroom.bots.search`, the coach's evaluation) and keeps those as good as the
best — every move that wins, when the best wins by force. Pure and deterministic.

>>> solve("W:Wc3,h2:Bd4,f6,g3", depth=4)
['c3:e5:g7']
"""

from __future__ import annotations

from typing import Final

from boardroom.bots.evaluation import evaluate
from boardroom.bots.search import MATE_BOUND, Budget, Search
from boardroom.draughts import RUSSIAN, Board
from boardroom.kernel import Json

DEPTH: Final = 6
ROBOT_DEPTH: Final = 4


def scores(fen: str, depth: int = DEPTH) -> dict[str, int]:
    """Each legal move's value for the mover, searched to ``depth`` plies."""
    board = Board(fen, variant=RUSSIAN)
    out: dict[str, int] = {}
    for move in board.legal_moves:
        search = Search(board.copy(ids=False), evaluate, Budget(depth=depth))
        out[str(move)] = search.run([move], full_depth=True).score
    return out


def solve(fen: str, depth: int = DEPTH) -> list[str]:
    """The moves as good as the best one (any winning move when the best wins)."""
    valued = scores(fen, depth)
    best = max(valued.values())
    good = [m for m, s in valued.items() if s == best or (best >= MATE_BOUND and s >= MATE_BOUND)]
    return sorted(good)


def robot_answer(fen: str, depth: int = ROBOT_DEPTH) -> str:
    """The robot's move on a puzzle: the search's best from the position it sees.

    >>> robot_answer("W:Wc3,h2:Bd4,f6,g3")
    'c3:e5:g7'
    """
    board = Board(fen, variant=RUSSIAN)
    return str(
        Search(board.copy(ids=False), evaluate, Budget(depth=depth)).run(board.legal_moves).move
    )


def from_review(start: str, moves: list[str], analysis: Json, title: str = "") -> list[Json]:
    """The puzzles a coach's review of one game gives: each move it named a missed capture
    or a missed win (the position before the move, the move played, the better one).

    >>> from boardroom.bots.coach import analyse_moves
    >>> review = analyse_moves("W:Wc3,h2:Bd4,f6,g3", ["h2:f4"], depth=2)
    >>> from_review("W:Wc3,h2:Bd4,f6,g3", ["h2:f4"], review)[0]["best"]
    ['c3:e5:g7']
    """
    positions = analysis.get("positions") or _positions(start, moves)
    out: list[Json] = []
    for note in analysis.get("notes") or []:
        hint = note.get("hint")
        if not hint or not note.get("better"):
            continue
        ply = int(note["ply"])
        out.append(
            {
                "fen": positions[ply],
                "best": [str(note["better"])],
                "played": str(note["move"]),
                "title": title,
                "source": {"ply": ply, "hint": hint.get("key"), "side": note.get("side")},
            }
        )
    return out


def _positions(start: str, moves: list[str]) -> list[str]:
    board = Board(start, variant=RUSSIAN)
    out = [board.fen()]
    for move in moves:
        board.push_notation(move)
        out.append(board.fen())
    return out
