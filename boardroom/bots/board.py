"""The board robot: picks a draughts move for any variant, at a level from beginner to strong.

>>> from boardroom.draughts import Board
>>> robot = BoardRobot("strong", seed=0)
>>> str(robot.choose(Board("W:Wc3,g3:Bd4,f6,b6"), budget_nodes=2_000))
'c3:e5:g7'
"""

from __future__ import annotations

import random
import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from boardroom.bots.evaluation import Evaluation, FirmInterest, evaluate
from boardroom.bots.search import Budget, Clock, Result, Search
from boardroom.draughts import Board, Move


class RobotError(Exception):
    """Something a robot cannot do."""


class NoLegalMoveError(RobotError):
    """The robot was asked for a move where it has none (no legal move, or the game is over)."""


@dataclass(frozen=True)
class Level:
    """How well a robot plays: a depth limit, noise on its root scores and a default budget.

    ``noise`` (hundredths of a man) is added uniformly at random to each root move's
    score before the best is taken; ``nodes`` is the budget when a call names none.
    """

    name: str
    depth: int
    noise: int
    nodes: int


LEVELS: Final[dict[str, Level]] = {
    level.name: level
    for level in (
        Level("beginner", depth=2, noise=150, nodes=2_000),
        Level("casual", depth=3, noise=50, nodes=10_000),
        Level("club", depth=6, noise=10, nodes=40_000),
        Level("strong", depth=64, noise=0, nodes=150_000),
    )
}


class BoardRobot:
    """A draughts robot: alpha-beta search under a node or time budget.

    ``seed`` drives the weaker levels' noise (each call draws from a generator seeded
    by the seed and the position, so a call depends only on its inputs); ``clock``
    is the only source of time (read only when a time budget is given).
    """

    def __init__(
        self,
        level: str | Level = "strong",
        seed: int = 0,
        clock: Clock = time.perf_counter,
    ) -> None:
        if isinstance(level, str):
            if level not in LEVELS:
                raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
            level = LEVELS[level]
        self.level = level
        self.seed = seed
        self.clock = clock
        self.last: Result | None = None

    def choose(
        self,
        board: Board,
        *,
        pieces: Collection[str] | None = None,
        budget_s: float | None = None,
        budget_nodes: int | None = None,
        interest: Evaluation | None = None,
    ) -> Move:
        """The robot's move for the side to move; ``board`` is left exactly as it was.

        ``pieces`` limits it to the moves of those piece ids (the colour's capture duty
        still applies); ``interest`` replaces the evaluation (e.g. ``firm_interest``).
        With no budget the level's node budget applies. Raises :class:`NoLegalMoveError`
        when there is no move to make.

        >>> from boardroom.draughts import Board
        >>> board = Board("W:Wa3,c3:Bf6", ids={"a3": "1.1", "c3": "2.1"})
        >>> str(BoardRobot("club").choose(board, pieces={"1.1"}, budget_nodes=500))
        'a3-b4'
        """
        moves = _root_moves(board, pieces)
        if len(moves) == 1:
            self.last = Result(moves[0], 0, 0, 0)
            return moves[0]
        evaluation = interest or evaluate
        # the search's own board needs no piece ids unless the evaluation reads them (a
        # firm's interest is told where the firm's pieces stand, the search follows them)
        marked = evaluation.squares(board) if isinstance(evaluation, FirmInterest) else None
        bare = evaluation is evaluate or marked is not None
        search = Search(
            board.copy(ids=not bare),
            evaluation,
            self._budget(budget_s, budget_nodes),
            history=_reversible_history(board),
            noise=self.level.noise,
            rng=random.Random(f"{self.seed}:{board.key()}"),
            marked=marked,
        )
        self.last = search.run(moves)
        return self.last.move

    def _budget(self, seconds: float | None, nodes: int | None) -> Budget:
        if seconds is None and nodes is None:
            nodes = self.level.nodes
        return Budget(nodes=nodes, seconds=seconds, depth=self.level.depth, clock=self.clock)


def _root_moves(board: Board, pieces: Collection[str] | None) -> list[Move]:
    outcome = board.outcome()
    if outcome is not None:
        raise NoLegalMoveError(f"the game is over ({outcome.reason})")
    moves = board.legal_moves if pieces is None else board.moves_for(pieces)
    if not moves:
        whose = "the side to move" if pieces is None else f"pieces {sorted(pieces)}"
        raise NoLegalMoveError(f"{whose} have no legal move in {board.fen()}")
    return moves


def _reversible_history(board: Board) -> frozenset[int]:
    """Keys of the earlier positions a search may still repeat (since the last irreversible move).

    >>> board = Board("W:WKa1:BKh2")
    >>> for text in ("a1-b2", "h2-g1", "b2-a1", "g1-h2"):
    ...     _ = board.push_notation(text)
    >>> board.key() in _reversible_history(board), len(_reversible_history(board))
    (True, 4)
    """
    if not board.variant.draw_rules:
        return frozenset()
    past = board.copy()
    keys = {board.key()}
    while past.move_stack:
        move = past.pop()
        if move is None or move.captures or move.crown_step:
            break
        if not past.kings >> move.origin & 1:
            break
        keys.add(past.key())
    return frozenset(keys)
