"""Benchmark: full 6-year Exchange Draughts games with the default robots, at full speed.

The default lab roster (8 directors, 5 value traders, 3 raiders, 4 noise traders),
the classic ruleset, simulated time. Prints the load first (the machine may be shared:
prefer CPU s/game to compare), then:

* ``serial``: games played one after another in one process — games/s, and CPU
  seconds per game (what a game costs whatever else the machine is doing), for the
  build that runs (compiled by mypyc or pure Python) and, in a process of its own, the
  pure-Python build (``--no-pure`` skips it);
* ``batch pool``: ``--batch`` games over a local pool of ``--workers`` processes, as
  ``boardroom simulate`` plays them — the wall time against the goal of 1,000 games in
  60 s (scaled to 1,000 games when ``--batch`` is smaller);
* ``batch dask``: the same on a local Dask cluster of ``--workers`` processes
  (``simulate --cluster local``), when ``distributed`` is installed (``--no-dask`` skips
  it); the cluster's start-up is timed apart from the games;
* ``around`` (with ``--around N``): the whole ``boardroom simulate --games N --quiet`` as
  a designer runs it, in a process of its own: its wall clock and CPU seconds, the games
  as it reports them, and the wall time outside the games (start-up, the pool, the report).

    .venv/bin/python benchmarks/simulate.py [--games 20] [--batch 1000] [--nodes 300]
    .venv/bin/python benchmarks/simulate.py --games 0 --batch 0 --around 40
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time

from boardroom import native
from boardroom.bots.seats import BoardSettings
from boardroom.lab.batch import Progress, default_workers, game_seed, play_one, run_batch
from boardroom.lab.cli import DEFAULT_NODES
from boardroom.lab.executors import open_executor
from boardroom.lab.sim import LabConfig

GOAL_GAMES = 1000
GOAL_S = 60.0


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def serial(config: LabConfig, games: int, seed: int) -> str:
    """Games one after another in this process."""
    wall, cpu = time.perf_counter(), time.process_time()
    for index in range(games):
        play_one((config, index, game_seed(seed, index)))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return (
        f"serial ({native.describe(native.BUILD)}): games={games} time={wall:.2f}s "
        f"games/s={games / wall:.2f} cpu/game={cpu / games:.3f}s"
    )


def pure_serial(args: argparse.Namespace) -> str:
    """The serial figure of the pure-Python build, in a process of its own."""
    command = [sys.executable, __file__, "--games", str(args.games), "--batch", "0"]
    command += ["--nodes", str(args.nodes), "--seed", str(args.seed), "--no-pure", "--no-dask"]
    done = subprocess.run(
        command, env=os.environ | {"BOARDROOM_PURE": "1"}, capture_output=True, text=True
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("serial")]
    return lines[0] if lines else f"serial (pure Python): failed\n{done.stderr[-2000:]}"


def verdict(label: str, games: int, wall: float, extra: str = "") -> str:
    scaled = GOAL_GAMES * wall / games
    ok = "ok" if scaled < GOAL_S else "TOO SLOW"
    return (
        f"batch {label}: games={games} time={wall:.1f}s games/s={games / wall:.2f}{extra} "
        f"goal={GOAL_GAMES} games in {GOAL_S:.0f}s → {scaled:.0f}s ({ok})"
    )


def batch(config: LabConfig, args: argparse.Namespace, cluster: str | None) -> str:
    """``--batch`` games on a pool (``cluster=None``) or a local Dask cluster."""
    started = time.perf_counter()
    with open_executor(cluster, workers=args.workers) as executor:
        ready = time.perf_counter()
        progress = Progress(args.batch)
        run_batch(config, games=args.batch, seed=args.seed, executor=executor, progress=progress)
        progress.close()
        wall = time.perf_counter() - ready
    label = f"pool workers={args.workers}" if cluster is None else f"dask workers={args.workers}"
    extra = "" if cluster is None else f" (+{ready - started:.1f}s cluster start)"
    return verdict(label, args.batch, wall, extra)


def around(games: int, seed: int) -> str:
    """``boardroom simulate`` whole, in its own process: where the time outside the games goes."""
    with tempfile.TemporaryDirectory(prefix="boardroom-around-") as out:
        command = [sys.executable, "-m", "boardroom", "simulate", "--games", str(games)]
        command += ["--seed", str(seed), "--out", out, "--quiet"]
        before = os.times()
        wall = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        wall = time.perf_counter() - wall
        after = os.times()
    cpu = after.children_user + after.children_system
    cpu -= before.children_user + before.children_system
    found = re.search(r"(\d+) games in ([\d.]+) s", done.stderr)
    if done.returncode != 0 or found is None:
        return f"around: failed\n{done.stderr[-2000:]}"
    played = float(found.group(2))
    return (
        f"around: games={games} wall={wall:.2f}s cpu={cpu:.2f}s games_time={played:.1f}s "
        f"outside_the_games={wall - played:.2f}s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="serial games (0: skip)")
    parser.add_argument("--batch", type=int, default=1000, help="batch games (0: skip)")
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-pure", action="store_true", help="skip the pure-Python figure")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask batch")
    parser.add_argument("--around", type=int, default=0, help="games of a whole simulate run")
    args = parser.parse_args(argv)
    config = LabConfig(board=BoardSettings(nodes=args.nodes))
    print(f"cores={os.cpu_count()} {load()} nodes={args.nodes}", flush=True)
    if args.games:
        print(serial(config, args.games, args.seed), flush=True)
        if not args.no_pure and native.BUILD.kind == "compiled":
            print(pure_serial(args), flush=True)
    if args.batch:
        print(batch(config, args, None), flush=True)
        if not args.no_dask and importlib.util.find_spec("distributed") is not None:
            print(batch(config, args, "local"), flush=True)
        elif not args.no_dask:
            print("batch dask: skipped (distributed is not installed)")
    if args.around:
        print(around(args.around, args.seed), flush=True)
    print(f"after: {load()}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
