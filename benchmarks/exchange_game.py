"""Benchmark: full 6-year Exchange Draughts games, random-legal robots, at full speed.

8 directors and 16 traders; simulated time (nothing waits). Prints two lines:

* ``play``: the robots look at their views and send commands, the core decides;
* ``replay``: the same recorded commands handled again by the core alone
  (``decide`` + ``evolve``, as a server or ``boardroom replay`` does).

    .venv/bin/python benchmarks/exchange_game.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import copy
import time

from boardroom.bots.random_exchange import PlayedGame, demo_spec, play_random_game
from boardroom.games.exchange import RULES
from boardroom.kernel import Journal


def replay_core(game: PlayedGame) -> int:
    """Handle the game's recorded commands again; returns the number of events."""
    journal = Journal.open(RULES, copy.deepcopy(game.spec))
    for command in game.commands:
        at = command["at"]
        journal.handle({k: v for k, v in command.items() if k != "at"}, at)
    return len(journal.events)


def line(label: str, games: int, events: int, commands: int, elapsed: float) -> str:
    return (
        f"{label}: games={games} time={elapsed:.2f}s games/s={games / elapsed:.2f} "
        f"events/s={events / elapsed:.0f} commands/s={commands / elapsed:.0f} "
        f"events/game={events / games:.0f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    played: list[PlayedGame] = []
    started = time.perf_counter()
    for n in range(args.games):
        played.append(
            play_random_game(demo_spec(8, 16, years=6, seed=args.seed + n), args.seed + n)
        )
    elapsed = time.perf_counter() - started
    events = sum(len(g.journal.events) for g in played)
    commands = sum(len(g.commands) + g.refusals for g in played)
    print(line("play", args.games, events, commands, elapsed))
    started = time.perf_counter()
    replayed = sum(replay_core(g) for g in played)
    elapsed = time.perf_counter() - started
    assert replayed == events
    print(line("replay", args.games, events, sum(len(g.commands) for g in played), elapsed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
