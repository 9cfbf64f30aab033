"""What each firm's pieces did in lab games: moves, passes, captures, pieces lost.

A diagnostic for the balance of the placement (``docs/balance.md``, "The firms'
production"): plays ``--games`` games of a ruleset file with the lab's default roster,
from the same game seeds as ``boardroom simulate --seed``, and prints one line a firm
with the means per game.

    .venv/bin/python scripts/firm_play.py docs/balance/classroom.json --games 30 --seed 7
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from boardroom.games.exchange.ruleset import FIRMS
from boardroom.kernel import Json
from boardroom.lab.batch import game_seed, rules_for
from boardroom.lab.cli import read_ruleset
from boardroom.lab.sim import LabConfig, Simulation, play

COLUMNS = ("moves", "forced_passes", "declined_passes", "captures", "lost", "left")


def firm_counts(game: Simulation) -> dict[int, Counter[str]]:
    """Per firm: its pieces' moves, its passes, its captures, its pieces lost and left."""
    state = game.state
    counts: dict[int, Counter[str]] = {firm: Counter() for firm in FIRMS}
    for event in game.journal.events:
        if event["type"] == "moved" and event["piece_firm"] in counts:
            counts[event["piece_firm"]]["moves"] += 1
            counts[event["piece_firm"]]["captures"] += len(event["taken"])
            for piece in event["taken"]:
                if (owner := state.firm_of_piece(piece)) is not None:
                    counts[owner]["lost"] += 1
        elif event["type"] == "passed":
            counts[event["firm"]]["forced_passes" if event["forced"] else "declined_passes"] += 1
    for firm in FIRMS:
        counts[firm]["left"] = len(state.piece_ids(firm))
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset", type=Path, help="a ruleset file (.toml or .json)")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    ruleset: Json = read_ruleset(args.ruleset)
    config = LabConfig(ruleset=ruleset)
    total: dict[int, Counter[str]] = {firm: Counter() for firm in FIRMS}
    for index in range(args.games):
        game = play(config, game_seed(args.seed, index), rules=rules_for(config))
        for firm, counts in firm_counts(game).items():
            total[firm].update(counts)
    print("firm " + " ".join(f"{c:>15}" for c in COLUMNS))
    for firm in FIRMS:
        cells = " ".join(f"{total[firm][c] / args.games:>15.2f}" for c in COLUMNS)
        print(f"{firm:>4} {cells}")


if __name__ == "__main__":
    main()
