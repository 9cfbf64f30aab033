"""perft: the number of leaf positions some plies deep (the engine's exactness check)."""

from __future__ import annotations

from boardroom.draughts.board import Board


def perft(board: Board, depth: int) -> int:
    """Count the leaves ``depth`` plies deep, bulk-counting the last ply.

    >>> [perft(Board(), d) for d in range(1, 5)]
    [7, 49, 302, 1469]
    """
    if depth <= 0:
        return 1
    if depth == 1:
        return board.count_legal()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


def divide(board: Board, depth: int) -> dict[str, int]:
    """perft split by the first move (for finding where two generators disagree)."""
    counts = {}
    for move in board.legal_moves:
        board.push(move)
        counts[str(move)] = perft(board, depth - 1)
        board.pop()
    return counts
