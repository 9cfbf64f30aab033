"""The coach: a finished game analysed move by move with the robot's search at a fixed depth.

For each move: the evaluation before it (the best the mover had) and after it (what the
move played is worth), both for the mover in hundredths of a man at the same depth; the
drop between them; a label by the drop (inaccuracy, mistake, blunder); the better move.
The first place where a longer capture or a forced win was missed is named in words:
a :class:`Hint` is a message key of the Russian draughts catalogue and its parameters
(``coach.missed_capture``: ``taken``, ``move``), rendered by the caller in the reader's
language. Pure and deterministic (a fixed depth, no node or time budget): the caller
runs it in a worker.

>>> from boardroom.draughts import Board
>>> board = Board("W:Wc3,h2:Bd4,f6,g3")
>>> _ = board.push_notation("h2:f4")  # one piece, where c3:e5:g7 took two
>>> note = analyse(board, depth=2).notes[0]
>>> note.move, note.better, note.label
('h2:f4', 'c3:e5:g7', 'blunder')
>>> note.hint
Hint(key='coach.missed_capture', params={'taken': 2, 'move': 'c3:e5:g7'})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from boardroom.bots.evaluation import evaluate
from boardroom.bots.search import MATE, MATE_BOUND, Budget, Search
from boardroom.draughts import Board, Move
from boardroom.draughts.pdn import PdnGame
from boardroom.kernel import Json

DEPTH: Final = 6  # plies searched from each position (docs/tournament.md has its time)
INACCURACY: Final = 40  # a drop of at least so many hundredths of a man
MISTAKE: Final = 90
BLUNDER: Final = 180
WIN_SCORE: Final = 2_000  # a forced win, as the graph and the drops count it


@dataclass(frozen=True)
class Hint:
    """A sentence of the catalogue (``coach.*`` in games/russian/messages.py) and its values."""

    key: str
    params: dict[str, int | str] = field(default_factory=dict)


@dataclass(frozen=True)
class Note:
    """One move of the game as the coach sees it (evaluations for the mover)."""

    ply: int  # 0 for white's first move
    side: str  # "white" or "black"
    move: str
    before: int
    after: int
    better: str | None  # the engine's move when it is better than the one played
    label: str | None  # "inaccuracy", "mistake", "blunder" or None
    hint: Hint | None = None

    @property
    def drop(self) -> int:
        return max(0, self.before - self.after)

    @property
    def number(self) -> int:
        """The move's number as the score sheet writes it (1 for both first moves)."""
        return self.ply // 2 + 1


@dataclass(frozen=True)
class Analysis:
    """Every move's note, the evaluation graph (white's view, before each move and at the
    end) and the first missed capture or win."""

    notes: tuple[Note, ...]
    graph: tuple[int, ...]
    depth: int
    nodes: int

    @property
    def first_hint(self) -> Note | None:
        return next((note for note in self.notes if note.hint is not None), None)


def label(drop: int) -> str | None:
    """The name of a drop in evaluation (hundredths of a man).

    >>> [label(d) for d in (0, 39, 40, 90, 179, 180)]
    [None, None, 'inaccuracy', 'mistake', 'mistake', 'blunder']
    """
    if drop >= BLUNDER:
        return "blunder"
    if drop >= MISTAKE:
        return "mistake"
    if drop >= INACCURACY:
        return "inaccuracy"
    return None


def analyse_pdn(game: PdnGame, depth: int = DEPTH) -> Analysis:
    """:func:`analyse` of a game read from PDN (:class:`PdnError` for an illegal move)."""
    return analyse(game.board(), depth)


def analyse(board: Board, depth: int = DEPTH) -> Analysis:
    """The analysis of the game played on ``board`` (its moves from the first position).

    ``board`` is not changed. A position with one legal move is forced: no label there.
    """
    position = board.copy(ids=False)
    moves: list[Move | None] = []
    while position.move_stack:
        moves.append(position.pop())
    moves.reverse()
    notes: list[Note] = []
    graph: list[int] = []
    nodes = 0
    for ply, move in enumerate(moves):
        if move is None:  # a pass (the quiz's repelled capture): nothing to judge
            position.push_null()
            continue
        note, searched = _note(position, move, ply, depth)
        nodes += searched
        notes.append(note)
        graph.append(note.before if note.side == "white" else -note.before)
        position.push(move)
    graph.append(_final(position, depth))
    return Analysis(tuple(notes), tuple(graph), depth, nodes)


def _note(position: Board, played: Move, ply: int, depth: int) -> tuple[Note, int]:
    side = position.turn
    legal = position.legal_moves
    search = Search(position.copy(ids=False), evaluate, Budget(depth=depth))
    best = search.run(legal)
    if len(legal) == 1 or best.move == played:
        score = _clamp(best.score)
        return Note(ply, side, str(played), score, score, None, None), search.nodes
    mine = search.run([played], full_depth=True)
    before, after = _clamp(best.score), _clamp(mine.score)
    named = label(max(0, before - after))
    better = str(best.move) if before > after else None
    hint = _hint(best.move, best.score, played, mine.score) if named else None
    return Note(ply, side, str(played), before, after, better, named, hint), search.nodes


def _hint(best: Move, best_score: int, played: Move, played_score: int) -> Hint | None:
    """A forced win the move let go, else a capture of more pieces than it took."""
    if best_score >= MATE_BOUND > played_score:
        return Hint("coach.missed_win", {"moves": (MATE - best_score + 1) // 2, "move": str(best)})
    if len(best.jumped) > len(played.jumped):
        return Hint("coach.missed_capture", {"taken": len(best.jumped), "move": str(best)})
    return None


def _final(position: Board, depth: int) -> int:
    """The last position's value for white (a side with no move has lost)."""
    sign = 1 if position.turn == "white" else -1
    outcome = position.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return 0
        return WIN_SCORE if outcome.winner == "white" else -WIN_SCORE
    search = Search(position.copy(ids=False), evaluate, Budget(depth=depth))
    return sign * _clamp(search.run(position.legal_moves).score)


def _clamp(score: int) -> int:
    """A search score for the graph: a forced win or loss counts as ``WIN_SCORE``.

    >>> _clamp(MATE - 3), _clamp(-MATE + 8), _clamp(120)
    (2000, -2000, 120)
    """
    return max(-WIN_SCORE, min(WIN_SCORE, score))


def to_json(analysis: Analysis) -> Json:
    """The analysis as plain JSON for a page: each note, the graph, the first hint's ply.

    >>> from boardroom.draughts import Board
    >>> board = Board()
    >>> _ = board.push_notation("c3-d4")
    >>> data = to_json(analyse(board, depth=2))
    >>> data["notes"][0]["move"], data["notes"][0]["label"], data["first_hint"], len(data["graph"])
    ('c3-d4', None, None, 2)
    """
    first = analysis.first_hint
    return {
        "depth": analysis.depth,
        "graph": list(analysis.graph),
        "first_hint": None if first is None else first.ply,
        "notes": [
            {
                "ply": n.ply,
                "number": n.number,
                "side": n.side,
                "move": n.move,
                "before": n.before,
                "after": n.after,
                "drop": n.drop,
                "label": n.label,
                "better": n.better,
                "hint": None if n.hint is None else {"key": n.hint.key, "params": n.hint.params},
            }
            for n in analysis.notes
        ],
    }


def analyse_moves(start: str, moves: list[str], depth: int = DEPTH) -> Json:
    """:func:`to_json` of the analysis of the game from FEN ``start`` through ``moves``
    (notation), as a worker process gets it (plain values in, plain JSON out), with
    ``positions``: the FEN before each move and at the end (the page's board).

    >>> data = analyse_moves(Board().fen(), ["c3-d4", "f6-g5"], depth=2)
    >>> [n["move"] for n in data["notes"]], len(data["graph"]), len(data["positions"])
    (['c3-d4', 'f6-g5'], 3, 3)
    """
    board = Board(start)
    positions = [board.fen()]
    for move in moves:
        board.push_notation(move)
        positions.append(board.fen())
    data = to_json(analyse(board, depth))
    assert isinstance(data, dict)
    return data | {"positions": positions}
