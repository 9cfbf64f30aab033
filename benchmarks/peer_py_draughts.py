"""Runs in the peer's own environment (py-draughts is GPL: never a project dependency)."""

from __future__ import annotations

import json
import sys

from draughts.boards.russian import Board  # py-draughts
from harness import measure


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    figures = measure(
        new=Board.from_fen,
        moves=lambda board: board.legal_moves,
        count=lambda board: len(board.legal_moves),
        repeats=repeats,
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
