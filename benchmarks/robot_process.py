"""Boardroom's strong robot as a move server, in the build its environment chooses.

``robot_strength.py --opponent pure`` runs it with ``BOARDROOM_PURE=1``, so that the
compiled robot meets the pure-Python one at the same time per move. It speaks the
protocol of ``peer_engine_py_draughts.py``: one JSON object a line on stdin, one
answer a line on stdout (squares as PDN numbers),

    {"fen": START_FEN, "moves": [[from, to, [taken...], crowns], ...], "seconds": 0.1}
    -> {"move": [from, to, [taken...], crowns], "depth": d, "seconds": s, "build": "..."}
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from boardroom import native
from boardroom.bots import BoardRobot
from boardroom.draughts import Board, Move
from boardroom.draughts.squares import NUMBER


def wire(move: Move) -> list[Any]:
    return [
        NUMBER[move.origin],
        NUMBER[move.target],
        sorted(NUMBER[s] for s in move.jumped),
        move.crowns,
    ]


def find(board: Board, wanted: list[Any]) -> Move:
    found = [m for m in board.legal_moves if wire(m)[:3] == [*wanted[:2], sorted(wanted[2])]]
    if len(found) > 1:
        found = [m for m in found if m.crowns == bool(wanted[3])]
    if len(found) != 1:
        raise ValueError(f"no single legal move {wanted} in {board.fen()}")
    return found[0]


def answer(robot: BoardRobot, request: dict[str, Any]) -> dict[str, Any]:
    board = Board(request["fen"])
    for wanted in request["moves"]:
        board.push(find(board, wanted))
    started = time.perf_counter()
    move = robot.choose(board, budget_s=float(request["seconds"]))
    took = time.perf_counter() - started
    depth = robot.last.depth if robot.last is not None else 0
    build = native.describe(native.BUILD)
    return {"move": wire(move), "depth": depth, "seconds": took, "build": build}


def main() -> None:
    robot = BoardRobot("strong")
    for line in sys.stdin:
        print(json.dumps(answer(robot, json.loads(line))), flush=True)


if __name__ == "__main__":
    main()
