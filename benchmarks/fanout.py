"""Fan-out micro-benchmark: what one accepted command costs the server in views and JSON.

Plays one exchange game like ``load.py`` does (12 seats, orders and cancels in an
endless session) in memory, then after each further command times what the live
server's fan-out does for the 13 roles (host, projector, 11 players): the full
views (what a (re)connecting seat gets) and the incremental ones (events after
the previous version), each projected and encoded. ``--profile`` prints the
cProfile of the incremental fan-out.

    .venv/bin/python benchmarks/fanout.py --events 300 --rounds 200
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import json
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from load import PLAYERS, setup

from boardroom.games.exchange import RULES
from boardroom.kernel import Journal
from boardroom.server.live import encode

Json = dict[str, Any]
ROLES = ["host", "projector", *(f"p{n}" for n in range(1, PLAYERS + 1))]


def command(journal: Journal[Any], rng: random.Random, serial: int) -> Json:
    """A random player's order, or the cancel of its open order (as ``load.py`` sends)."""
    player = f"p{rng.randint(1, PLAYERS)}"
    orders = RULES.view(journal.state, player, events_since=journal.version)["accounts"][player]
    if orders["orders"]:
        return {"type": "cancel", "by": player, "order": orders["orders"][0]["order"]}
    order = {"type": "order", "by": player, "account": player, "stock": rng.randint(1, 8)}
    return order | {"side": "buy", "qty": 1, "price": rng.randint(1, 5), "id": f"c{serial}"}


def play(journal: Journal[Any], rng: random.Random, until: int, serial: int = 0) -> int:
    while journal.version < until:
        serial += 1
        journal.handle(command(journal, rng, serial), 1.0 + serial / 100)
    return serial


def fan_out(journal: Journal[Any], since: int | None) -> None:
    """Every role's frame, as ``Hub.broadcast`` makes them (full if ``since`` is None)."""
    for role in ROLES:
        if since is None:
            view = RULES.view(journal.state, role)
        else:
            view = RULES.view(journal.state, role, events_since=since)
        encode({"type": "view", "version": journal.version, "view": view})


def timed(fn: Callable[[], None]) -> float:
    started = time.perf_counter()
    fn()
    return (time.perf_counter() - started) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=300, help="events before measuring")
    parser.add_argument("--rounds", type=int, default=200, help="commands measured")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    rng = random.Random(1)
    journal = Journal.open(RULES, setup(PLAYERS))
    journal.handle({"type": "start", "by": "host"}, 0.5)
    serial = play(journal, rng, args.events)
    full: list[float] = []
    incremental: list[float] = []
    profiler = cProfile.Profile()
    for _ in range(args.rounds):
        before = journal.version
        serial = play(journal, rng, before + 1, serial)
        full.append(timed(functools.partial(fan_out, journal, None)))
        profiler.enable()
        incremental.append(timed(functools.partial(fan_out, journal, before)))
        profiler.disable()
    figures = {
        "events": journal.version,
        "roles": len(ROLES),
        "full_ms_per_command": {"median": round(statistics.median(full), 2)}
        | {"min": round(min(full), 2)},
        "incremental_ms_per_command": {"median": round(statistics.median(incremental), 2)}
        | {"min": round(min(incremental), 2)},
        "full_bytes_host": len(encode(RULES.view(journal.state, "host"))),
    }
    print(json.dumps(figures, indent=1))
    if args.profile:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
