"""Benchmark: full 6-year Exchange Draughts games with the default robots, at full speed.

The default lab roster (8 directors, 5 value traders, 3 raiders, 4 noise traders),
the classic ruleset, simulated time. Prints:

* ``serial``: games played one after another in this process — games/s, and CPU
  seconds per game (what the game costs whatever else the machine is doing);
* ``batch``: ``--batch`` games spread over ``--workers`` processes, as
  ``boardroom simulate`` runs them — the wall time against the goal of 1,000 games
  in 10 minutes.

    .venv/bin/python benchmarks/simulate.py [--games 20] [--batch 1000] [--nodes 300]
"""

from __future__ import annotations

import argparse
import os
import time

from boardroom.bots.seats import BoardSettings
from boardroom.lab.batch import Progress, default_workers, game_seed, play_one, run_batch
from boardroom.lab.cli import DEFAULT_NODES
from boardroom.lab.sim import LabConfig

GOAL_S = 600.0


def serial(config: LabConfig, games: int, seed: int) -> str:
    """Games one after another in this process."""
    wall, cpu = time.perf_counter(), time.process_time()
    for index in range(games):
        play_one((config, index, game_seed(seed, index)))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return (
        f"serial: games={games} time={wall:.2f}s games/s={games / wall:.2f} "
        f"cpu/game={cpu / games:.3f}s"
    )


def batch(config: LabConfig, games: int, seed: int, workers: int) -> str:
    """Games over ``workers`` processes, as ``boardroom simulate`` plays them."""
    progress = Progress(games)
    wall = time.perf_counter()
    run_batch(config, games=games, seed=seed, workers=workers, progress=progress)
    progress.close()
    wall = time.perf_counter() - wall
    verdict = "ok" if wall < GOAL_S else "TOO SLOW"
    return (
        f"batch: games={games} workers={workers} time={wall:.1f}s games/s={games / wall:.2f} "
        f"goal=1000 games in {GOAL_S:.0f}s → {1000 * wall / games:.0f}s ({verdict})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="serial games (0: skip)")
    parser.add_argument("--batch", type=int, default=1000, help="batch games (0: skip)")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    config = LabConfig(board=BoardSettings(nodes=args.nodes))
    print(f"cores={os.cpu_count()} load={os.getloadavg()[0]:.2f} nodes={args.nodes}", flush=True)
    if args.games:
        print(serial(config, args.games, args.seed), flush=True)
    if args.batch:
        print(batch(config, args.batch, args.seed, args.workers), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
