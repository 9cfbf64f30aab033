"""Fan-out micro-benchmark: what one accepted command costs the server in views and JSON.

Plays one exchange game like ``load.py`` does (12 seats, orders and cancels in an
endless session) in memory, then after each further command times what the live
server's fan-out does for the 13 roles (host, projector, 11 players): the full
views (what a (re)connecting seat gets) and the incremental ones (events after
the previous version), each projected and encoded on its own, and what the server
does now (``Frames``: one batch of views, each role's view encoded once and compared
key by key with the one its socket holds, only what changed sent). ``--profile`` prints
the cProfile of the server's fan-out. Times are CPU time of this process.

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
from boardroom.games.registry import KINDS
from boardroom.kernel import Journal
from boardroom.server.frames import Frames
from boardroom.server.framing import encode
from boardroom.server.live import Client, LiveGame, Seat
from boardroom.store import GameRecord

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


async def _unsent(text: str) -> None:
    raise AssertionError(text)  # frames are taken, never sent


def screens(journal: Journal[Any]) -> tuple[LiveGame, list[Client]]:
    """The game as the server holds it, with one client per role."""
    record = GameRecord("g1", "CODE", "exchange", {}, 0.0, "")
    live = LiveGame(record, KINDS["exchange"], journal)
    return live, [Client(Seat("g1", role, role, role), _unsent) for role in ROLES]


def server_fan_out(live: LiveGame, clients: list[Client]) -> int:
    """What ``Hub.broadcast`` does, and each client's writer taking its frame; the bytes."""
    Frames(live).push(clients)
    return sum(len(client._take_view()) for client in clients)


def timed(fn: Callable[[], object]) -> float:
    started = time.process_time()
    fn()
    return (time.process_time() - started) * 1000


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
    server: list[float] = []
    sent: list[int] = []
    live, clients = screens(journal)
    server_fan_out(live, clients)
    profiler = cProfile.Profile()
    for _ in range(args.rounds):
        before = journal.version
        serial = play(journal, rng, before + 1, serial)
        full.append(timed(functools.partial(fan_out, journal, None)))
        incremental.append(timed(functools.partial(fan_out, journal, before)))
        if args.profile:
            profiler.enable()
        server.append(timed(lambda: sent.append(server_fan_out(live, clients))))
        profiler.disable()
    figures = {
        "events": journal.version,
        "roles": len(ROLES),
        "full_ms_per_command": {"median": round(statistics.median(full), 2)}
        | {"min": round(min(full), 2)},
        "incremental_ms_per_command": {"median": round(statistics.median(incremental), 2)}
        | {"min": round(min(incremental), 2)},
        "server_ms_per_command": {"median": round(statistics.median(server), 2)}
        | {"min": round(min(server), 2)},
        "server_bytes_per_command": {"median": int(statistics.median(sent))},
        "incremental_bytes_per_command": len(
            "".join(encode(RULES.view(journal.state, r, events_since=before)) for r in ROLES)
        ),
        "full_bytes_host": len(encode(RULES.view(journal.state, "host"))),
    }
    print(json.dumps(figures, indent=1))
    if args.profile:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
