"""Alpha-beta search for the board robot: PVS negamax with iterative deepening.

A transposition table keyed by ``Board.key()``, move ordering (table move,
captures, killers, history), a single-reply extension, late-move reductions
and a quiescence search over forced captures. The search stops at a node or
time budget; time is read only through the clock it is given.

With a :class:`~boardroom.bots.evaluation.FirmInterest` the search follows the squares
of the firm's pieces itself (a bitboard handed down the tree with each move), so its
board needs no piece ids: pushing a move then moves no ids.

>>> from boardroom.draughts import Board
>>> from boardroom.bots.evaluation import evaluate
>>> search = Search(Board("W:Wc3:Bd4,f6"), evaluate, Budget(nodes=5_000))
>>> str(search.run(search.board.legal_moves).move)
'c3:e5:g7'
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from boardroom.bots.evaluation import Evaluation, FirmInterest
from boardroom.draughts import Board, Move

MATE: Final = 1_000_000
MATE_BOUND: Final = MATE - 1_000
INFINITY: Final = MATE + 1
MAX_PLY: Final = 96
CHECK_EVERY: Final = 512
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_LIMIT: Final = 1_000_000

Clock = Callable[[], float]
Entry = tuple[int, int, int, Move | None]  # depth, bound, score, best move


class _Stop(Exception):
    """The budget ran out mid-search."""


@dataclass(frozen=True)
class Budget:
    """When the search stops: after ``nodes`` nodes, ``seconds`` of ``clock`` or ``depth`` plies."""

    nodes: int | None = None
    seconds: float | None = None
    depth: int = 64
    clock: Clock = field(default=time.perf_counter)


class Result(NamedTuple):
    """The move found, its score for the mover, the last finished depth and nodes searched."""

    move: Move
    score: int
    depth: int
    nodes: int


class Search:
    """One search from ``board`` (worked on in place and always restored)."""

    def __init__(
        self,
        board: Board,
        evaluate: Evaluation,
        budget: Budget,
        *,
        history: frozenset[int] = frozenset(),
        noise: int = 0,
        rng: random.Random | None = None,
        marked: int | None = None,
    ) -> None:
        """``marked``: the squares of a :class:`FirmInterest`'s pieces on ``board`` (read
        from the board's piece ids when not given; give it for a board without ids)."""
        self.board = board
        self.evaluate = evaluate
        self.interest = evaluate if isinstance(evaluate, FirmInterest) else None
        self.marked = 0
        if self.interest is not None:
            self.marked = self.interest.squares(board) if marked is None else marked
        self.budget = budget
        self.noise = noise
        self.rng = rng or random.Random(0)
        self.draw_rules = board.variant.draw_rules
        self.crown_wins = board.variant.promotion == "win"
        self.root_seen: dict[int, int] = dict.fromkeys(history, 1)
        self.seen = dict(self.root_seen)
        self.unstoppable = True
        self.table: dict[int, Entry] = {}
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.history = [0] * (36 * 36)
        self.nodes = 0
        self.deadline = 0.0
        self.next_check = 0

    # -- budget -----------------------------------------------------------------------------

    def _start_clock(self) -> None:
        budget = self.budget
        if budget.seconds is not None:
            self.deadline = budget.clock() + budget.seconds
        self.next_check = self._next_check()

    def _next_check(self) -> int:
        step = self.nodes + CHECK_EVERY
        if self.budget.nodes is not None:
            return max(self.nodes + 1, min(step, self.budget.nodes))
        return step

    def _check(self) -> None:
        budget = self.budget
        if self.unstoppable:
            self.next_check = self.nodes + CHECK_EVERY
            return
        if budget.nodes is not None and self.nodes >= budget.nodes:
            raise _Stop
        if budget.seconds is not None and budget.clock() >= self.deadline:
            raise _Stop
        self.next_check = self._next_check()

    def _time_left(self) -> float:
        if self.budget.seconds is None:
            return float("inf")
        return self.deadline - self.budget.clock()

    # -- iterative deepening ----------------------------------------------------------------

    def run(self, root_moves: list[Move], *, full_depth: bool = False) -> Result:
        """Deepen until the budget or the depth limit; the best move of the last finished depth.

        Depth 1 always finishes, whatever the budget, so there is always a move; a depth
        cut short still counts when it has proven a move at least as good as the last one.
        A single root move stops at depth 1 (there is nothing to choose) unless
        ``full_depth``: then its score is searched to the depth limit too (the coach).
        """
        self._start_clock()
        moves = list(root_moves)
        best = Result(moves[0], 0, 0, 0)
        for depth in range(1, self.budget.depth + 1):
            best, finished = self._iterate(moves, depth, best)
            single = len(moves) == 1 and not full_depth
            if not finished or abs(best.score) >= MATE_BOUND or single:
                break
            if self._out_of_time():
                break
        return best._replace(nodes=self.nodes)

    def _out_of_time(self) -> bool:
        seconds = self.budget.seconds
        return seconds is not None and self._time_left() < 0.3 * seconds

    def _iterate(self, moves: list[Move], depth: int, best: Result) -> tuple[Result, bool]:
        self.unstoppable = depth == 1
        root_length = len(self.board.move_stack)
        found: list[Result] = []
        try:
            if self.noise:
                found.append(self._noisy_root(moves, depth))
            else:
                moves.sort(key=lambda m: m != best.move)
                self._root(moves, depth, found)
        except _Stop:
            self._unwind(root_length)
            return (found[-1] if found else best), False
        return found[-1], True

    def _unwind(self, root_length: int) -> None:
        """Back to the root after a stop: pop what the interrupted search pushed."""
        for _ in range(len(self.board.move_stack) - root_length):
            self.board.pop()
        self.seen = dict(self.root_seen)

    def _root(self, moves: list[Move], depth: int, found: list[Result]) -> None:
        """PVS over the root moves; each move that raises the best score is kept in ``found``."""
        alpha = -INFINITY
        board, marked = self.board, self.marked
        for i, move in enumerate(moves):
            board.push(move)
            own = _follow(marked, move)
            if i == 0:
                score = self._child(move, depth - 1, alpha, INFINITY, 1, own)
            else:
                score = self._child(move, depth - 1, alpha, alpha + 1, 1, own)
                if score > alpha:
                    score = self._child(move, depth - 1, alpha, INFINITY, 1, own)
            board.pop()
            if score > alpha:
                alpha = score
                found.append(Result(move, score, depth, self.nodes))

    def _noisy_root(self, moves: list[Move], depth: int) -> Result:
        """Every root move searched exactly, then the best after random noise (weaker levels)."""
        scored: list[tuple[int, int, Move]] = []
        board, marked = self.board, self.marked
        for move in moves:
            board.push(move)
            score = self._child(move, depth - 1, -INFINITY, INFINITY, 1, _follow(marked, move))
            board.pop()
            scored.append((score, self.rng.randint(-self.noise, self.noise), move))
        score, _, move = max(scored, key=lambda s: s[0] + s[1])
        return Result(move, score, depth, self.nodes)

    # -- the tree ---------------------------------------------------------------------------

    def _child(self, move: Move, depth: int, alpha: int, beta: int, ply: int, own: int) -> int:
        """The score after ``move`` (already pushed) for the side that made it.

        ``alpha`` and ``beta`` are that side's window; ``ply`` is the new position's;
        ``own`` the marked squares after it. A position that goes straight to the
        quiescence search is not counted as seen: below it only captures are played,
        which no repetition check looks at (and its key is not needed).
        """
        if move.crown_step and self.crown_wins:
            return MATE - ply
        if self.draw_rules and self._drawn(move):
            return 0
        if depth <= 0 or ply >= MAX_PLY:
            return -self._negamax(depth, -beta, -alpha, ply, 0, own)
        key = self.board.key()
        seen = self.seen
        seen[key] = seen.get(key, 0) + 1
        score = -self._negamax(depth, -beta, -alpha, ply, key, own)
        seen[key] -= 1
        return score

    def _drawn(self, move: Move) -> bool:
        """A position repeated since the last irreversible move, or 15 moves of kings only."""
        board = self.board
        if move.captures or move.crown_step or not board.kings >> move.target & 1:
            return False
        return board.quiet_king_plies >= 30 or self.seen.get(board.key(), 0) > 0

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int, key: int, own: int) -> int:
        """The node's score for the side to move; ``key`` is its ``Board.key()`` (given by
        :meth:`_child`, unused at a leaf)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()
        if depth <= 0 or ply >= MAX_PLY:
            return self._quiesce(alpha, beta, ply, own)
        board = self.board
        entry = self.table.get(key)
        table_move = None
        if entry is not None:
            cut = _table_cut(entry, depth, alpha, beta, ply)
            if cut is not None:
                return cut
            table_move = entry[3]
        moves = board.legal_moves
        if not moves:
            return -MATE + ply
        if len(moves) == 1:
            depth += 1
        else:
            moves = self._order(moves, table_move, ply)
        return self._moves(moves, key, depth, alpha, beta, ply, own)

    def _moves(
        self, moves: list[Move], key: int, depth: int, alpha: int, beta: int, ply: int, own: int
    ) -> int:
        board = self.board
        best, best_move, bound = -INFINITY, moves[0], UPPER
        for i, move in enumerate(moves):
            board.push(move)
            after = _follow(own, move)
            if i == 0:
                score = self._child(move, depth - 1, alpha, beta, ply + 1, after)
            else:
                reduce = 1 if depth >= 3 and i >= 3 and not move.captures else 0
                score = self._child(move, depth - 1 - reduce, alpha, alpha + 1, ply + 1, after)
                if score > alpha and (reduce or score < beta):
                    score = self._child(move, depth - 1, alpha, beta, ply + 1, after)
            board.pop()
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha, bound = score, EXACT
                    if score >= beta:
                        bound = LOWER
                        self._reward(move, depth, ply)
                        break
        self._store(key, depth, bound, best, best_move, ply)
        return best

    def _quiesce(self, alpha: int, beta: int, ply: int, own: int) -> int:
        """Forced captures are played out (no standing pat while a capture is due)."""
        board = self.board
        moves = board.legal_moves
        if not moves:
            return -MATE + ply
        if not moves[0].captures or ply >= MAX_PLY:
            interest = self.interest
            return self.evaluate(board) if interest is None else interest.score(board, own)
        if len(moves) > 1:
            _longest_first(moves)
        best = -INFINITY
        for move in moves:
            board.push(move)
            self.nodes += 1
            if move.crown_step and self.crown_wins:
                score = MATE - ply - 1
            else:
                score = -self._quiesce(-beta, -alpha, ply + 1, _follow(own, move))
            board.pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best

    # -- ordering and tables ----------------------------------------------------------------

    def _order(self, moves: list[Move], table_move: Move | None, ply: int) -> list[Move]:
        killer_a, killer_b = self.killers[ply]
        history = self.history

        def rank(move: Move) -> int:
            if move == table_move:
                return -(1 << 40)
            if move.captures:
                return -(1 << 30) - len(move.jumped)
            if move == killer_a:
                return -(1 << 29)
            if move == killer_b:
                return -(1 << 28)
            return -history[move.origin * 36 + move.target]

        moves.sort(key=rank)
        return moves

    def _reward(self, move: Move, depth: int, ply: int) -> None:
        if move.captures:
            return
        killers = self.killers[ply]
        if killers[0] != move:
            killers[1] = killers[0]
            killers[0] = move
        self.history[move.origin * 36 + move.target] += depth * depth

    def _store(self, key: int, depth: int, bound: int, score: int, move: Move, ply: int) -> None:
        table = self.table
        if len(table) >= TABLE_LIMIT:
            table.clear()
        table[key] = (depth, bound, _to_table(score, ply), move)


def _follow(marked: int, move: Move) -> int:
    """The marked squares after ``move``: a marked piece that moves stays marked, the
    pieces it takes leave the board (as ``Board.push`` moves the piece ids).

    >>> from boardroom.draughts import Board
    >>> board = Board("W:Wc3,a1:Bd4")
    >>> move = board.legal_moves[0]
    >>> str(move), _follow(1 << move.origin | 1 << 0, move) == 1 << move.target | 1 << 0
    ('c3:e5', True)
    """
    origin = 1 << move.origin
    if marked & origin:
        marked = marked ^ origin | 1 << move.target
    return marked & ~move.captures


def _longest_first(moves: list[Move]) -> None:
    """Captures taking the most pieces first, in their order otherwise (a stable sort; out
    of :meth:`Search._quiesce`, whose every call would make the key's closure)."""
    moves.sort(key=lambda m: -len(m.jumped))


def _to_table(score: int, ply: int) -> int:
    """Mate scores are stored relative to the node, not the root."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


def _table_cut(entry: Entry, depth: int, alpha: int, beta: int, ply: int) -> int | None:
    """The stored score if it settles this node at this depth and window, else None."""
    stored_depth, bound, stored, _ = entry
    if stored_depth < depth:
        return None
    score = _from_table(stored, ply)
    if bound == EXACT:
        return score
    if bound == LOWER and score >= beta:
        return score
    if bound == UPPER and score <= alpha:
        return score
    return None
