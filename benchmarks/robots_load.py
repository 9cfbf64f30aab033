"""Robots' load: many exchange games of 2 people + 10 robot seats, against the same games
without robots, in one run; people's command latency and the server's CPU per command.

Each phase starts its own ``boardroom serve`` (SQLite in a temporary directory, or
``--db``) and seats ``--games`` games of 12 players: a host and two people on WebSockets,
and — in the phase with robots — ten robot seats (``POST /robots``, the default mixed
kinds, club level). The game stays in its opening exchange session for the whole run
(``session_s`` is longer than it), so every person's order is valid and the robots trade at
their human-like pace (they wake at random moments of the session, as in the lab). The
people's load and its measure are ``benchmarks/load.py``'s (its ``run``): every
``--interval`` seconds one of each game's people places a limit order or cancels its open
one, and the time until the last of the game's three clients holds a view at that version
is recorded. Prints, for each phase: p50/p99 of the people's latency, their errors,
people's and robots' commands (sent / dropped / refused: the target is zero refused), the
server's CPU share and CPU per command. ``--games 50 --duration 60`` takes about 4½ minutes.

    nice .venv/bin/python benchmarks/robots_load.py --games 50 --duration 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
from functools import partial
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import Client, open_client, run, server

Json = dict[str, Any]
PLAYERS = 12
PEOPLE = ("p1", "p2")
ROBOTS = [f"p{n}" for n in range(3, PLAYERS + 1)]
OPEN_LIMITS = {
    f"BOARDROOM_{name}": "100000"
    for name in ("CREATE_BURST", "JOIN_BURST", "CREATE_RATE_PER_S", "JOIN_RATE_PER_S")
}
"""One address creates every game and takes every seat: its per-address limits opened."""
COUNTER = re.compile(
    r'^boardroom_robot_commands_total\{game="exchange",result="(\w+)"\} (\S+)$', re.M
)


def setup(session_s: float, seed: int) -> Json:
    ids = [f"p{n}" for n in range(1, PLAYERS + 1)]
    return {
        "game": "exchange",
        "seed": seed,
        "ruleset": {"opening_session": True, "session_s": int(session_s), "years": 1},
        "players": [{"id": pid, "name": f"Player {pid[1:]}"} for pid in ids],
        "directors": {str(f): ids[f - 1] for f in range(1, 9)},
    }


async def seat_game(
    http: httpx.AsyncClient,
    ws: str,
    n: int,
    *,
    args: argparse.Namespace,
    robots: bool,
    seated: list[tuple[str, dict[str, str]]],
) -> list[Client]:
    """Game ``n``: the host and two people on sockets, ten robot seats (or ten empty ones);
    once the last game is seated, all start at once (so no robot acts before, and the
    robots' opening rush falls in the measured minutes)."""
    made = (
        await http.post(
            "/api/games",
            json={"game": "exchange", "setup": setup(args.duration + 120, args.seed + n)},
        )
    ).json()
    auth = {"Authorization": f"Bearer {made['host_secret']}"}
    game_id = made["game_id"]
    clients = [await open_client(ws, game_id, made["host_secret"], "host", pings=False)]
    for role in PEOPLE:
        joined = await http.post(
            "/api/join", json={"code": made["code"], "name": role, "role": role}
        )
        secret = joined.json()["secret"]
        clients.append(await open_client(ws, game_id, secret, role, pings=False))
    if robots:
        reply = await http.post(
            f"/api/games/{game_id}/robots", json={"roles": ROBOTS}, headers=auth
        )
        assert reply.status_code == 200, reply.text
    seated.append((game_id, auth))
    if n == args.games - 1:  # the last one: every game starts now, as a class would
        for started, host in seated:
            command = {"command": {"type": "start"}}
            await http.post(f"/api/games/{started}/commands", json=command, headers=host)
    return clients


def robot_counts(url: str) -> dict[str, float]:
    text = httpx.get(url + "/metrics").text
    return {result: float(value) for result, value in COUNTER.findall(text)}


async def phase(args: argparse.Namespace, url: str, pid: int, robots: bool) -> Json:
    """One phase: ``load.run`` over games seated with (or without) robots."""
    before = robot_counts(url)
    seat = partial(seat_game, args=args, robots=robots, seated=[])
    figures = await run(args, url, pid, seat)
    after = robot_counts(url)
    robot = {k: int(after.get(k, 0) - before.get(k, 0)) for k in ("ok", "dropped", "refused")}
    people = figures["commands"]
    cpu_ms = (figures["server_cpu_ms_per_command"] or 0.0) * people
    return {
        "robots": robots,
        "games": args.games,
        "duration_s": figures["duration_s"],
        "people_commands": people,
        "robot_commands": robot,
        "people_p50_ms": figures["p50_ms"],
        "people_p99_ms": figures["p99_ms"],
        "people_max_ms": figures["max_ms"],
        "errors": figures["errors"],
        "refused": figures["refused"],
        "timeouts": figures["timeouts"],
        "server_cpu_percent": figures["server_cpu_percent"],
        "server_cpu_ms_per_command": round(cpu_ms / max(people + robot["ok"], 1), 2),
        "server_cpu_ms_per_people_command": figures["server_cpu_ms_per_command"],
        "server_rss_mb": figures["server_rss_mb"][-1][1] if figures["server_rss_mb"] else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of load a phase")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between commands")
    parser.add_argument("--db", default=None, help="database URL for the started servers")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the figures here as JSON")
    parser.add_argument("--no-freeze", dest="freeze", action="store_false")
    args = parser.parse_args()
    args.sample, args.profile = args.duration, None  # load.run's memory sampling, no profile
    os.environ.update(OPEN_LIMITS)  # the started servers inherit them
    results = []
    for robots in (False, True):
        with server(args.db) as (url, pid):
            results.append(asyncio.run(phase(args, url, pid, robots)))
        print(json.dumps(results[-1], indent=1), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    ok = all(r["errors"] == 0 and r["timeouts"] == 0 for r in results)
    return 0 if ok and results[1]["robot_commands"]["refused"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
