"""Two servers' CPU a command under the same load, back to back: ``load.py``'s 100 games × 12
clients against each checkout's own server (its own ``.venv``, so its own compiled build),
the trees alternating round by round (A B, B A, A B, …) so that a machine whose speed drifts
(a shared host) weighs on both alike. Prints each run, then each tree's median and the
ratio of the medians to the first tree's; ``--json`` writes the same.

    .venv/bin/python benchmarks/load_pair.py --tree before=../orig --tree after=. --rounds 3

A tree is a checkout with its venv made (``make native`` in it). The load generator is
this checkout's ``load.py``, the same for every tree.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from load import run, server

Json = dict[str, Any]


def trees(specs: list[str]) -> list[tuple[str, Path]]:
    """``NAME=PATH`` pairs, in order; each PATH a checkout with its ``.venv``."""
    found: list[tuple[str, Path]] = []
    for spec in specs:
        name, _, path = spec.partition("=")
        tree = Path(path or name).resolve()
        if not (tree / ".venv" / "bin" / "python").exists():
            raise SystemExit(f"{tree}: no .venv (run `make native` there first)")
        found.append((name if path else tree.name, tree))
    return found


def order(named: list[tuple[str, Path]], rounds: int) -> list[tuple[str, Path]]:
    """Round by round, the trees forwards then backwards (A B, B A, ...).

    >>> [n for n, _ in order([("a", Path()), ("b", Path())], 3)]
    ['a', 'b', 'b', 'a', 'a', 'b']
    """
    runs: list[tuple[str, Path]] = []
    for index in range(rounds):
        runs += named if index % 2 == 0 else named[::-1]
    return runs


def one(args: argparse.Namespace, name: str, tree: Path) -> Json:
    began = time.strftime("%H:%M:%S", time.gmtime())
    with server(None, tree=tree) as (url, pid):
        result = asyncio.run(run(args, url, pid))
    threads = sorted(result["server_cpu_s_by_thread"].values(), reverse=True)
    commands = max(1, result["commands"])
    return {
        "tree": name,
        "from_utc": began,
        "commands_per_s": result["commands_per_s"],
        "p50_ms": result["p50_ms"],
        "p99_ms": result["p99_ms"],
        "server_cpu_percent": result["server_cpu_percent"],
        "cpu_ms_per_command": result["server_cpu_ms_per_command"],
        "loop_ms_per_command": round(1000 * threads[0] / commands, 2) if threads else None,
        "errors": result["errors"] + result["timeouts"],
    }


def summary(runs: list[Json], names: list[str]) -> Json:
    medians = {
        name: statistics.median(r["cpu_ms_per_command"] for r in runs if r["tree"] == name)
        for name in names
    }
    first = medians[names[0]]
    return {
        "median_cpu_ms_per_command": medians,
        "ratio_to_first": {name: round(first / value, 2) for name, value in medians.items()},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", required=True, help="NAME=PATH (twice or more)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--sample", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    args.freeze, args.profile = False, None
    named = trees(args.tree)
    runs: list[Json] = []
    print("tree | from (UTC) | commands/s | p50 ms | p99 ms | CPU % | CPU ms/command | loop")
    for name, tree in order(named, args.rounds):
        runs.append(one(args, name, tree))
        r = runs[-1]
        keys = ["from_utc", "commands_per_s", "p50_ms", "p99_ms", "server_cpu_percent"]
        keys += ["cpu_ms_per_command", "loop_ms_per_command"]
        print(" | ".join([name, *(str(r[key]) for key in keys)]), flush=True)
    result = {"runs": runs} | summary(runs, [name for name, _ in named])
    print(json.dumps({k: v for k, v in result.items() if k != "runs"}, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))
    return 0 if all(r["errors"] == 0 for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
