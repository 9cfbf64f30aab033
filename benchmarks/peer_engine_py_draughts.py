"""py-draughts' own alpha-beta engine as a move server (runs in ``benchmarks/.venv-peer`` only).

py-draughts is GPL: it is never imported by Boardroom, only run here as a separate
process. One JSON object a line on stdin, one answer a line on stdout:

    {"fen": START_FEN, "moves": [[from, to, [taken...], crowns], ...], "seconds": 0.1}
    -> {"move": [from, to, [taken...], crowns], "nodes": n, "seconds": s}

Squares are PDN numbers (1 = b8 … 32 = g1). The game is replayed from ``fen``
through ``moves`` so that the engine sees the history (repetition draws). The
engine object, and so its transposition table, lives as long as the process.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from typing import Any

from draughts.boards.russian import Board  # py-draughts
from draughts.engines import SimpleEngine

Key = tuple[int, int, tuple[int, ...], bool]


def key_of(move: Any) -> Key:
    """A move as numbers: from, to, the squares taken (sorted), whether it crowns."""
    squares = move.square_list
    taken = tuple(sorted(sq + 1 for sq in move.captured_list))
    return squares[0] + 1, squares[-1] + 1, taken, bool(move.is_promotion)


def find(board: Any, wanted: list[Any]) -> Any:
    """The legal move ``wanted`` names; the crowning flag only tells captures apart."""
    target = (wanted[0], wanted[1], tuple(sorted(wanted[2])))
    matches = [m for m in board.legal_moves if key_of(m)[:3] == target]
    if len(matches) > 1:
        matches = [m for m in matches if key_of(m)[3] == bool(wanted[3])]
    if len(matches) != 1:
        raise ValueError(f"no single legal move {wanted} in {board.fen}")
    return matches[0]


def answer(engine: Any, request: dict[str, Any]) -> dict[str, Any]:
    board = Board.from_fen(request["fen"])
    for wanted in request["moves"]:
        board.push(find(board, wanted))
    engine.time_limit = float(request["seconds"])
    started = time.perf_counter()
    move = engine.get_best_move(board)
    took = time.perf_counter() - started
    start, end, taken, crowns = key_of(move)
    return {"move": [start, end, list(taken), crowns], "nodes": engine.nodes, "seconds": took}


def main() -> None:
    importlib.import_module("loguru").logger.remove()  # the engine logs every move at INFO
    engine = SimpleEngine(depth_limit=64, time_limit=1.0)
    for line in sys.stdin:
        if not line.strip():
            continue
        print(json.dumps(answer(engine, json.loads(line))), flush=True)


if __name__ == "__main__":
    main()
