"""Benchmark: the coach on a 40-move game (80 plies), at each depth, on one core.

The game: two ``club`` robots (seeds 0 and 100, 1,500 nodes a move), as the coach's test
plays it. Prints per depth the wall and CPU seconds, the nodes and the moves labelled.

    BOARDROOM_PURE=1 .venv/bin/python benchmarks/coach.py [--depths 4 5 6]
"""

from __future__ import annotations

import argparse
import time

from boardroom import native
from boardroom.bots.board import BoardRobot
from boardroom.bots.coach import analyse
from boardroom.draughts import Board


def forty_moves() -> Board:
    board = Board()
    white, black = BoardRobot("club", seed=0), BoardRobot("club", seed=100)
    while len(board.move_stack) < 80 and board.outcome() is None:
        robot = white if board.turn == "white" else black
        board.push(robot.choose(board, budget_nodes=1_500))
    return board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", type=int, nargs="+", default=[4, 5, 6])
    args = parser.parse_args()
    board = forty_moves()
    print(f"build: {native.describe(native.BUILD)}; plies: {len(board.move_stack)}")
    for depth in args.depths:
        wall, cpu = time.perf_counter(), time.process_time()
        analysis = analyse(board, depth)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        labelled = sum(1 for note in analysis.notes if note.label)
        print(
            f"depth={depth} wall={wall:.2f}s cpu={cpu:.2f}s nodes={analysis.nodes} "
            f"labelled={labelled} hints={sum(1 for n in analysis.notes if n.hint)}"
        )


if __name__ == "__main__":
    main()
