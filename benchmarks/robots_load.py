"""Robots' load: many exchange games of 2 people + 10 robot seats, against the same games
without robots, in one run; people's command latency and the server's CPU per command.

Each phase starts its own ``boardroom serve`` (SQLite in a temporary directory, or
``--db``) and seats ``--games`` games of 12 players: a host and two people on WebSockets,
and — in the phase with robots — ten robot seats (``POST /robots``, the default mixed
kinds, club level). The game stays in its opening exchange session for the whole run
(``session_s`` is longer than it), so every person's order is valid and the robots trade at
their human-like pace (they wake at random moments of the session, as in the lab). Every
``--interval`` seconds one of each game's people places a limit order or cancels its open
one, and the time until the last of the game's three clients holds a view at that version
is recorded (as ``benchmarks/load.py``). Prints, for each phase: p50/p99 of the people's
latency, people's and robots' commands, robots' commands refused (the target is zero),
the server's CPU share and CPU per command.

    nice .venv/bin/python benchmarks/robots_load.py --games 50 --duration 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import (
    Client,
    Stats,
    cpu_s,
    drive,
    percentile,
    quiet_collector,
    rss_mb,
    server,
)

Json = dict[str, Any]
PLAYERS = 12
PEOPLE = ("p1", "p2")
ROBOTS = [f"p{n}" for n in range(3, PLAYERS + 1)]
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
    http: httpx.AsyncClient, ws: str, session_s: float, seed: int, robots: bool
) -> list[Client]:
    made = (
        await http.post("/api/games", json={"game": "exchange", "setup": setup(session_s, seed)})
    ).json()
    auth = {"Authorization": f"Bearer {made['host_secret']}"}
    clients = [await open_client(ws, made["game_id"], made["host_secret"], "host")]
    for role in PEOPLE:
        joined = await http.post(
            "/api/join", json={"code": made["code"], "name": role, "role": role}
        )
        clients.append(await open_client(ws, made["game_id"], joined.json()["secret"], role))
    if robots:
        reply = await http.post(
            f"/api/games/{made['game_id']}/robots", json={"roles": ROBOTS}, headers=auth
        )
        assert reply.status_code == 200, reply.text
    await http.post(
        f"/api/games/{made['game_id']}/commands", json={"command": {"type": "start"}}, headers=auth
    )
    return clients


async def open_client(ws: str, game_id: str, secret: str, role: str) -> Client:
    """A seat's socket, without keep-alive pings (a starved load generator on a busy
    machine would otherwise close its own sockets)."""
    url = f"{ws}/ws/{game_id}"
    conn = await connect(url, max_size=2**24, open_timeout=60, ping_interval=None)
    await conn.send(json.dumps({"type": "hello", "secret": secret}))
    return Client(role, conn)


def robot_counts(url: str) -> dict[str, float]:
    text = httpx.get(url + "/metrics").text
    return {result: float(value) for result, value in COUNTER.findall(text)}


async def phase(args: argparse.Namespace, url: str, pid: int, robots: bool) -> Json:
    ws = "ws" + url[4:]
    rng = random.Random(args.seed)
    session_s = args.duration + 120
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        tables = [
            await seat_game(http, ws, session_s, args.seed + n, robots) for n in range(args.games)
        ]
    listeners = [asyncio.create_task(c.listen()) for t in tables for c in t]
    await asyncio.sleep(3.0)
    if args.freeze:
        quiet_collector()
    stats = Stats()
    before = robot_counts(url)
    began, cpu_began = time.perf_counter(), cpu_s(pid)
    await asyncio.gather(
        *(drive(t, stats, args.interval, began + args.duration, rng) for t in tables)
    )
    elapsed = time.perf_counter() - began
    server_cpu = cpu_s(pid) - cpu_began
    after = robot_counts(url)
    for task in listeners:
        task.cancel()
    for table in tables:
        for client in table:
            await client.conn.close()
    lat = [x * 1000 for x in stats.latencies]
    robot = {k: int(after.get(k, 0) - before.get(k, 0)) for k in ("ok", "dropped", "refused")}
    commands = stats.commands + robot["ok"]
    return {
        "robots": robots,
        "games": args.games,
        "duration_s": round(elapsed, 1),
        "people_commands": stats.commands,
        "robot_commands": robot,
        "people_p50_ms": round(percentile(lat, 0.50), 2),
        "people_p99_ms": round(percentile(lat, 0.99), 2),
        "people_max_ms": round(max(lat), 2) if lat else None,
        "errors": stats.errors,
        "refused": stats.refused,
        "timeouts": stats.timeouts,
        "server_cpu_percent": round(100 * server_cpu / elapsed, 1),
        "server_cpu_ms_per_command": round(1000 * server_cpu / max(commands, 1), 2),
        "server_cpu_ms_per_people_command": round(1000 * server_cpu / max(stats.commands, 1), 2),
        "server_rss_mb": round(rss_mb(pid), 1),
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
