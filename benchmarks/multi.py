"""Several processes on one PostgreSQL: cross-process update latency and commands/s.

Starts a private PostgreSQL (``scripts/postgres.sh``; or ``--db URL`` of one) and, for
each count in ``--processes`` (default ``1,2``), that many ``boardroom serve``
processes on a fresh database. Seats ``--games`` exchange games of four players, two
on each process (with one process: all on it). In each game the players send orders
in turn, each as soon as the previous one is acknowledged (a closed loop: the
commands/s is what the processes and the database take), for ``--duration`` seconds.
For every command it records the time from sending it until the sockets of the
*other* process (or, with one process, the game's other sockets) hold a view at its
version: the update latency a person on another process sees.

    .venv/bin/python benchmarks/multi.py --games 20 --duration 30
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
from load import Client, free_port, next_command, open_client, percentile

ROOT = Path(__file__).resolve().parents[1]
Json = dict[str, Any]
ROLES = ("p1", "p2", "p3", "p4")
OPEN = {
    f"BOARDROOM_{name}": "100000"
    for name in ("RATE_PER_S", "RATE_BURST", "JOIN_BURST", "CREATE_BURST", "JOIN_RATE_PER_S")
}


def setup() -> Json:
    return {
        "game": "exchange",
        "seed": 1,
        "ruleset": {"opening_session": True, "session_s": 86_400, "years": 1},
        "players": [{"id": pid, "name": pid} for pid in ROLES],
        "directors": {str(f): ROLES[(f - 1) % len(ROLES)] for f in range(1, 9)},
    }


@contextlib.contextmanager
def postgres(given: str | None) -> Iterator[str]:
    if given:
        yield given
        return
    where = Path(tempfile.gettempdir()) / f"boardroom-bench-pg-{secrets.token_hex(4)}"
    script = str(ROOT / "scripts" / "postgres.sh")
    out = subprocess.run(["bash", script, "start", str(where)], check=True, capture_output=True)
    try:
        yield out.stdout.decode().strip()
    finally:
        subprocess.run(["bash", script, "stop", str(where)], check=False, capture_output=True)


def fresh_database(url: str) -> str:
    name = "bench_" + secrets.token_hex(4)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return url.rsplit("/", 1)[0] + "/" + name


@contextlib.contextmanager
def processes(url: str, count: int, pids: list[int] | None = None) -> Iterator[list[str]]:
    """``count`` servers on ``url``: their bases (and, into ``pids`` if given, their ids)."""
    procs: list[subprocess.Popen[bytes]] = []
    bases = []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            for n in range(count):
                port = free_port()
                command = [sys.executable, "-m", "boardroom", "serve", "--no-demo"]
                command += ["--host", "127.0.0.1"]
                log = open(Path(tmp) / f"server{n}.log", "wb")  # noqa: SIM115
                procs.append(
                    subprocess.Popen(
                        [*command, "--port", str(port), "--db", url],
                        env=os.environ | OPEN,
                        stdout=log,
                        stderr=log,
                        cwd=ROOT,
                    )
                )
                bases.append(f"http://127.0.0.1:{port}")
                if pids is not None:
                    pids.append(procs[-1].pid)
            for base in bases:
                for _ in range(1200):
                    with contextlib.suppress(httpx.HTTPError):
                        if httpx.get(base + "/ready").status_code == 200:
                            break
                    time.sleep(0.1)
            yield bases
        finally:
            for proc in procs:
                proc.send_signal(signal.SIGTERM)
            for proc in procs:
                proc.wait(timeout=60)


async def seat(bases: list[str]) -> list[tuple[Client, str]]:
    """One game: its four players' sockets, each with the base of its process."""
    async with httpx.AsyncClient(base_url=bases[0], timeout=60) as http:
        made = (await http.post("/api/games", json={"game": "exchange", "setup": setup()})).json()
        gid = made["game_id"]
        players = []
        for n, role in enumerate(ROLES):
            joined = await http.post(
                "/api/join", json={"code": made["code"], "name": role, "role": role}
            )
            base = bases[n % len(bases)]
            ws = base.replace("http", "ws")
            client = await open_client(ws, gid, joined.json()["secret"], role)
            players.append((client, base))
        await http.post(
            f"/api/games/{gid}/commands",
            json={"command": {"type": "start"}},
            headers={"Authorization": f"Bearer {made['host_secret']}"},
        )
    return players


async def play(
    players: list[tuple[Client, str]], until: float, latencies: list[float], errors: list[str]
) -> int:
    rng = random.Random(len(latencies))
    done = 0
    serial = 0
    while time.perf_counter() < until:
        serial += 1
        sender, base = players[serial % len(players)]
        others = [c for c, b in players if b != base] or [c for c, _ in players if c is not sender]
        command = next_command(sender, rng, serial)
        sent = time.perf_counter()
        await sender.conn.send(json.dumps({"type": "command", "command": command}))
        reply = await asyncio.wait_for(sender.replies.get(), 30)
        if reply.get("type") != "ack":
            errors.append(str(reply.get("code")))
            continue
        done += 1
        if reply["events"]:
            arrived = await asyncio.wait_for(
                asyncio.gather(*(c.reached(reply["version"]) for c in others)), 30
            )
            latencies.append(max(arrived) - sent)
    return done


async def measure(bases: list[str], games: int, duration: float) -> Json:
    tables = [await seat(bases) for _ in range(games)]
    listeners = [asyncio.create_task(c.listen()) for table in tables for c, _ in table]
    for table in tables:
        for client, _ in table:
            await client.reached(0)
    latencies: list[float] = []
    errors: list[str] = []
    began = time.perf_counter()
    until = began + duration
    done = await asyncio.gather(*(play(t, until, latencies, errors) for t in tables))
    took = time.perf_counter() - began
    for task in listeners:
        task.cancel()
    for table in tables:
        for client, _ in table:
            await client.conn.close()
    ms = sorted(1000 * x for x in latencies)
    return {
        "processes": len(bases),
        "games": games,
        "commands": sum(done),
        "commands_per_s": round(sum(done) / took, 1),
        "update_p50_ms": round(percentile(ms, 0.50), 1),
        "update_p99_ms": round(percentile(ms, 0.99), 1),
        "errors": len(errors),
        "refused": {code: errors.count(code) for code in sorted(set(errors))},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--processes", default="1,2")
    parser.add_argument("--db", default=None, help="postgresql://… (default: a private one)")
    args = parser.parse_args()
    with postgres(args.db) as url:
        for count in [int(n) for n in args.processes.split(",")]:
            with processes(fresh_database(url), count) as bases:
                result = asyncio.run(measure(bases, args.games, args.duration))
            load = os.getloadavg()[0]
            print(
                f"processes={result['processes']} games={result['games']} "
                f"commands={result['commands']} commands/s={result['commands_per_s']} "
                f"update p50={result['update_p50_ms']}ms p99={result['update_p99_ms']}ms "
                f"errors={result['errors']} {result['refused'] or ''} load={load:.1f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
