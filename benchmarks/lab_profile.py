"""Benchmark: where a lab game's CPU time goes (the default roster, the build that runs).

Two figures for ``--games`` games played one after another in this process:

* ``split``: CPU seconds a game in the four parts of a game, measured by timers around
  them (no profiler, so compiled code is not slowed): the robots' views (``view``), the
  kernel's ``decide`` and ``record``, the robots' decisions (``act``, with the board
  robot's search); the rest is the simulation's own loop and the summary;
* ``profile`` (with ``--profile N``): a cProfile of N more games, the top functions by
  internal time (compiled functions show as one line each; the profiler slows the
  interpreted code far more than the compiled, so read the split for proportions).

    .venv/bin/python benchmarks/lab_profile.py [--games 6] [--profile 4]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from boardroom import native
from boardroom.bots.seats import BoardSettings
from boardroom.games.exchange.rules import ExchangeRules
from boardroom.games.exchange.views import VersionViews
from boardroom.kernel import Journal
from boardroom.lab.batch import game_seed, play_one
from boardroom.lab.cli import DEFAULT_NODES
from boardroom.lab.sim import LabConfig

SPENT: defaultdict[str, float] = defaultdict(float)


def timed(owner: Any, name: str, label: str) -> Callable[[], None]:
    """Put a CPU timer around ``owner.name``; returns what takes it off again."""
    inner = getattr(owner, name)

    def outer(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            SPENT[label] += time.process_time() - started

    setattr(owner, name, outer)
    return lambda: setattr(owner, name, inner)


def split(config: LabConfig, games: int, seed: int) -> str:
    undo = [
        timed(VersionViews, "view", "view"),
        timed(ExchangeRules, "decide", "decide"),
        timed(Journal, "record", "record"),
    ]
    undo += [timed(kind, "act", "act") for kind in {type(s) for s in config.seats(0).values()}]
    started = time.process_time()
    for index in range(games):
        play_one((config, index, game_seed(seed, index)))
    total = time.process_time() - started
    for step in undo:
        step()
    lines = [
        f"split ({native.describe(native.BUILD)}): games={games} cpu/game={total / games:.3f}s"
    ]
    rest = total - sum(SPENT.values())
    for label, spent in [*SPENT.items(), ("rest", rest)]:
        lines.append(f"  {label:<7} {spent / games:.3f}s {100 * spent / total:4.0f} %")
    return "\n".join(lines)


def profile(config: LabConfig, games: int, seed: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    for index in range(games):
        play_one((config, index, game_seed(seed, index)))
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--profile", type=int, default=0, help="profiled games (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    config = LabConfig(board=BoardSettings(nodes=DEFAULT_NODES))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    print(split(config, args.games, args.seed), flush=True)
    if args.profile:
        profile(config, args.profile, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
