"""A puzzle lesson's state and its setup line: N positions, each with its solutions.

A puzzle is a position (FEN, the side to move in it), the moves that solve it (``best``:
the engine's, worked out by the outer layer before the game is made, ``boardroom/web/
puzzles.py``) and, for one taken from the class's own game, the move that was played there.

>>> state = setup({"game": "puzzles", "seconds": 20, "puzzles": [
...     {"fen": "W:Wc3,h2:Bd4,f6,g3", "best": ["c3:g7"]}]})
>>> state.puzzles[0].best, state.puzzles[0].to_move, state.seconds, state.phase
(('c3:e5:g7',), 'white', 20.0, 'gathering')
>>> setup({"game": "puzzles", "puzzles": [{"fen": "W:Wc3:Bz9", "best": []}]})
Traceback (most recent call last):
...
boardroom.kernel.Refused: Puzzle 1: the position is not a FEN (...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from boardroom.draughts import RUSSIAN, Board, DraughtsError
from boardroom.kernel import Json, Refused

MAX_PUPILS: Final = 40
MAX_PUZZLES: Final = 30
MAX_NAME: Final = 40
SECONDS: Final = (5.0, 600.0)
DEFAULT_SECONDS: Final = 30.0
SETUP_KEYS: Final = frozenset({"game", "title", "seconds", "puzzles", "source"})
PUZZLE_KEYS: Final = frozenset({"fen", "best", "played", "title", "source"})
PHASES: Final = ("gathering", "asking", "closed", "revealed", "over")


@dataclass(frozen=True)
class Puzzle:
    """One position to solve: its FEN, who moves, the solving moves, the move played in the
    game it came from (None for a pasted or built-in one), a caption and where it came from."""

    fen: str
    to_move: str
    best: tuple[str, ...]
    played: str | None = None
    title: str = ""
    source: Json | None = None
    legal: tuple[str, ...] = ()
    """Every legal move in the position, written in full (what a pupil may answer)."""


@dataclass(frozen=True)
class Answer:
    """A pupil's move on one puzzle: when (seconds after the puzzle opened), right or not,
    and the points it scored."""

    move: str
    used: float
    correct: bool
    points: int


@dataclass
class LessonState:
    """The lesson: its puzzles, who entered, the puzzle in play and every answer."""

    title: str
    seconds: float
    puzzles: tuple[Puzzle, ...]
    phase: str = "gathering"
    current: int = -1
    names: dict[str, str] = field(default_factory=dict)
    hidden: bool = False
    started_at: float = 0.0
    deadline: float | None = None
    closed_by: str | None = None
    answers: list[dict[str, Answer]] = field(default_factory=list)
    revealed: int = 0
    """How many puzzles have been revealed (their answers now public)."""
    table: list[tuple[str, Json]] = field(default_factory=list)
    """The pupils' lines by points (``views.table``), made again when they change."""
    log: list[Json] = field(default_factory=list)

    @property
    def puzzle(self) -> Puzzle | None:
        return self.puzzles[self.current] if 0 <= self.current < len(self.puzzles) else None


def seats() -> list[str]:
    """The pupils' seats."""
    return [f"p{n}" for n in range(1, MAX_PUPILS + 1)]


def nothing_read() -> Refused:
    """Pasted text in which no position could be read."""
    return Refused("bad_text", "No position could be read: paste FEN (one a line) or PDN.")


def no_games() -> Refused:
    """Games named for «из наших партий» in which the coach found nothing (or none named)."""
    return Refused("no_games", "The coach found no missed capture or win in these games.")


def too_many() -> Refused:
    """More puzzles than a lesson holds."""
    return Refused("no_puzzles", f"A lesson needs 1 to {MAX_PUZZLES} puzzles.", most=MAX_PUZZLES)


def _bad(message: str) -> Refused:
    return Refused("bad_setup", message)


def setup(spec: Json) -> LessonState:
    """The lesson a setup line makes (or :class:`Refused`)."""
    if not isinstance(spec, dict):
        raise _bad("The setup must be an object.")
    unknown = sorted(set(spec) - SETUP_KEYS)
    if unknown:
        raise _bad(f"Unknown setup field {unknown[0]!r}.")
    title = spec.get("title", "Задачи")
    if not isinstance(title, str) or not title.strip() or len(title) > 80:
        raise _bad("The title: 1 to 80 characters.")
    seconds = spec.get("seconds", DEFAULT_SECONDS)
    number = not isinstance(seconds, bool) and isinstance(seconds, int | float)
    if not number or not SECONDS[0] <= seconds <= SECONDS[1]:
        raise _bad("The seconds per puzzle: a number from 5 to 600.")
    raw = spec.get("puzzles")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_PUZZLES:
        raise too_many()
    puzzles = tuple(puzzle(item, n) for n, item in enumerate(raw, start=1))
    return LessonState(title.strip(), float(seconds), puzzles)


def position(fen: object, n: int) -> Board:
    """The board of puzzle ``n``'s FEN, refused when it is no position or has no legal move.

    >>> position("W:W:Bd4", 2)
    Traceback (most recent call last):
    ...
    boardroom.kernel.Refused: Puzzle 2: the side to move has no legal move.
    """
    if not isinstance(fen, str) or not fen.strip() or len(fen) > 300:
        raise Refused("bad_fen", f"Puzzle {n}: the position is not a FEN.", puzzle=n)
    try:
        board = Board(fen.strip(), variant=RUSSIAN)
    except DraughtsError as exc:
        raise Refused(
            "bad_fen", f"Puzzle {n}: the position is not a FEN ({exc}).", puzzle=n
        ) from None
    if not board.legal_moves:
        raise Refused("no_legal_move", f"Puzzle {n}: the side to move has no legal move.", puzzle=n)
    return board


def puzzle(raw: object, n: int) -> Puzzle:
    """One puzzle of the setup line: its moves made plain (``c3:g7`` → ``c3:e5:g7``)."""
    if not isinstance(raw, dict):
        raise _bad(f"Puzzle {n} must be an object.")
    unknown = sorted(set(raw) - PUZZLE_KEYS)
    if unknown:
        raise _bad(f"Puzzle {n}: unknown field {unknown[0]!r}.")
    board = position(raw.get("fen"), n)
    best = raw.get("best")
    if not isinstance(best, list) or not best:
        raise Refused("no_solution", f"Puzzle {n} has no solution given.", puzzle=n)
    moves = tuple(dict.fromkeys(legal(board, move, n) for move in best))
    played = raw.get("played")
    title = raw.get("title", "")
    if not isinstance(title, str) or len(title) > 120:
        raise _bad(f"Puzzle {n}: the title is at most 120 characters.")
    return Puzzle(
        board.fen(),
        board.turn,
        moves,
        None if played is None else legal(board, played, n),
        title.strip(),
        raw.get("source"),
        tuple(str(m) for m in board.legal_moves),
    )


def legal(board: Board, move: object, n: int) -> str:
    """A move of puzzle ``n`` written in full, or refused."""
    if not isinstance(move, str) or len(move) > 80:
        raise Refused("illegal_move", f"Puzzle {n}: {move!r} is no move.", move=str(move)[:80])
    try:
        return str(board.parse_move(move))
    except DraughtsError as exc:
        raise Refused("illegal_move", str(exc), move=move, puzzle=n) from None
