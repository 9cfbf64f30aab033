"""The measuring loops, written once against a tiny board interface both engines satisfy.

An engine is measured through three callables: ``new(fen)`` makes a board,
``moves(board)`` lists its legal moves, ``count(board)`` counts them (bulk
counting at the last perft ply). ``board.push(m)`` and ``board.pop()`` make and
unmake. This file is plain Python so that the peer's own environment runs it too.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from positions import (
    MIDDLE_GAMES,
    PERFT_MIDDLE_DEPTH,
    PERFT_START_DEPTH,
    PLAYOUT_GAMES,
    PLAYOUT_MAX_PLIES,
    START,
)

Moves = Callable[[Any], list[Any]]
Count = Callable[[Any], int]


def perft(board: Any, depth: int, moves: Moves, count: Count) -> int:
    if depth == 1:
        return count(board)
    nodes = 0
    for move in moves(board):
        board.push(move)
        nodes += perft(board, depth - 1, moves, count)
        board.pop()
    return nodes


def playouts(new: Callable[[str], Any], moves: Moves, games: int, max_plies: int) -> int:
    """Random games from the start, made move by move and unmade to the start; plies made."""
    rng = random.Random(1)
    plies = 0
    for _ in range(games):
        board = new(START)
        made = 0
        while made < max_plies:
            legal = moves(board)
            if not legal:
                break
            board.push(legal[rng.randrange(len(legal))])
            made += 1
        for _ in range(made):
            board.pop()
        plies += made
    return plies


def best_of(repeats: int, job: Callable[[], int]) -> tuple[int, float]:
    best = float("inf")
    result = 0
    for _ in range(repeats):
        started = time.perf_counter()
        result = job()
        best = min(best, time.perf_counter() - started)
    return result, best


def measure(new: Callable[[str], Any], moves: Moves, count: Count, repeats: int) -> dict[str, Any]:
    """The three figures: perft from the start, perft over middle games, playouts."""
    start_nodes, start_s = best_of(
        repeats, lambda: perft(new(START), PERFT_START_DEPTH, moves, count)
    )
    middle_nodes, middle_s = best_of(
        repeats,
        lambda: sum(perft(new(f), PERFT_MIDDLE_DEPTH, moves, count) for f in MIDDLE_GAMES),
    )
    plies, playout_s = best_of(
        repeats, lambda: playouts(new, moves, PLAYOUT_GAMES, PLAYOUT_MAX_PLIES)
    )
    return {
        "perft_start": {"depth": PERFT_START_DEPTH, "nodes": start_nodes, "seconds": start_s},
        "perft_middle": {"depth": PERFT_MIDDLE_DEPTH, "nodes": middle_nodes, "seconds": middle_s},
        "playout": {"plies": plies, "seconds": playout_s},
    }
