"""Load benchmark: many exchange games, 12 WebSocket clients each, over loopback.

Starts ``boardroom serve`` in its own process (SQLite in a temporary directory,
or ``--db``), or uses ``--url`` of a running server. For each game it seats a
host and 11 players, each on its own WebSocket. Every ``--interval`` seconds a
random player of each game places a limit order or cancels its open one (so the
game can go on for ever), and the time from sending the command to the moment
the *last* of the game's 12 clients received a view at (or past) the command's
version is recorded. Prints p50/p99 of that (and the p99 of each minute), the
errors, the server's CPU use and RSS over time; ``--json`` writes the same as
JSON. Once the clients are seated this process freezes its garbage collector's
long-lived objects as the server does (``--no-freeze``: not), so that its own
pauses do not count as the server's latency.

    .venv/bin/python benchmarks/load.py --games 100 --duration 600
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from boardroom.server import collector

Json = dict[str, Any]
VERSION = re.compile(r'"version": ?(\d+)')
PLAYERS = 11
UNLIMITED = {
    f"BOARDROOM_{name}": "100000"
    for name in ("RATE_PER_S", "RATE_BURST", "JOIN_BURST", "CREATE_BURST")
}
"""The started server's limits: one address seats 1,200 clients and sends every command."""


def setup(players: int) -> Json:
    ids = [f"p{n}" for n in range(1, players + 1)]
    return {
        "game": "exchange",
        "seed": 1,
        "ruleset": {"opening_session": True, "session_s": 86_400, "years": 1},
        "players": [{"id": pid, "name": pid} for pid in ids],
        "directors": {str(f): ids[(f - 1) % players] for f in range(1, 9)},
    }


@dataclass
class Client:
    """One seat's socket: the arrival time of each view version, the newest frame."""

    role: str
    conn: ClientConnection
    version: int = -1
    arrivals: list[tuple[int, float]] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)
    """The view frames not merged yet (read only when this seat sends: see ``view``)."""
    held: Json = field(default_factory=dict)
    replies: asyncio.Queue[Json] = field(default_factory=asyncio.Queue)
    moved: asyncio.Condition = field(default_factory=asyncio.Condition)
    errors: int = 0

    async def listen(self) -> None:
        async for text in self.conn:
            now = time.perf_counter()
            assert isinstance(text, str)
            if text.startswith(('{"type":"view"', '{"type": "view"')):
                match = VERSION.search(text, 0, 200)
                version = int(match.group(1)) if match else -1
                self.arrivals.append((version, now))
                del self.arrivals[:-64]
                self.version = version
                if text.startswith('{"type":"view","game":') and '"events_from":0,' in text[:120]:
                    self.pending.clear()
                self.pending.append(text)
                if len(self.pending) > 100:
                    self.view()
                async with self.moved:
                    self.moved.notify_all()
            else:
                frame = json.loads(text)
                if frame.get("type") == "error":
                    self.errors += 1
                if frame.get("type") in ("ack", "error"):
                    await self.replies.put(frame)

    def view(self) -> Json:
        """The seat's whole view, its frames merged as the web client merges them (only the
        keys a frame names ``kept`` stay as they were; its events are not needed here)."""
        for text in self.pending:
            frame = json.loads(text)
            kept = {k: self.held[k] for k in frame.get("kept", []) if frame["events_from"]}
            self.held = kept | frame["view"]
        self.pending.clear()
        return self.held

    async def reached(self, version: int) -> float:
        """When this client first held a view at ``version`` or later."""
        async with self.moved:
            await self.moved.wait_for(lambda: self.version >= version)
        return next(t for v, t in self.arrivals if v >= version)


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    acks: list[float] = field(default_factory=list)
    """Each acknowledged command's time from sending to its ack (``latencies``: to the
    last of the game's sockets holding its version)."""
    sent_at: list[float] = field(default_factory=list)
    commands: int = 0
    errors: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    timeouts: int = 0


async def open_client(
    ws: str, game_id: str, secret: str, role: str, *, pings: bool = True
) -> Client:
    """A seat's socket (``pings=False``: no keep-alive pings, which a load generator starved
    on a busy machine would fail to answer, closing its own sockets)."""
    url = f"{ws}/ws/{game_id}"
    conn = await connect(url, max_size=2**24, open_timeout=60, ping_interval=20 if pings else None)
    await conn.send(json.dumps({"type": "hello", "secret": secret}))
    client = Client(role, conn)
    return client


async def seat_game(http: httpx.AsyncClient, ws: str) -> list[Client]:
    made = (
        await http.post("/api/games", json={"game": "exchange", "setup": setup(PLAYERS)})
    ).json()
    clients = [await open_client(ws, made["game_id"], made["host_secret"], "host")]
    for n in range(1, PLAYERS + 1):
        joined = await http.post(
            "/api/join", json={"code": made["code"], "name": f"n{n}", "role": f"p{n}"}
        )
        clients.append(await open_client(ws, made["game_id"], joined.json()["secret"], f"p{n}"))
    await http.post(
        f"/api/games/{made['game_id']}/commands",
        json={"command": {"type": "start"}},
        headers={"Authorization": f"Bearer {made['host_secret']}"},
    )
    return clients


async def _people(http: httpx.AsyncClient, ws: str, _n: int) -> list[Client]:
    return await seat_game(http, ws)


def next_command(player: Client, rng: random.Random, serial: int) -> Json:
    view = player.view()
    orders = view.get("accounts", {}).get(player.role, {}).get("orders", [])
    if orders:
        return {"type": "cancel", "order": orders[0]["order"], "id": f"{player.role}-{serial}"}
    order = {"type": "order", "account": player.role, "stock": rng.randint(1, 8), "side": "buy"}
    return order | {"qty": 1, "price": rng.randint(1, 5), "id": f"{player.role}-{serial}"}


async def drive(
    clients: list[Client], stats: Stats, interval: float, until: float, rng: random.Random
) -> None:
    serial = 0
    await asyncio.sleep(rng.uniform(0, interval))
    while time.perf_counter() < until:
        started = time.perf_counter()
        player = rng.choice(clients[1:])
        serial += 1
        command = next_command(player, rng, serial)
        sent = time.perf_counter()
        await player.conn.send(json.dumps({"type": "command", "command": command}))
        try:
            reply = await asyncio.wait_for(player.replies.get(), 10)
            stats.commands += 1
            if reply.get("type") == "ack":
                stats.acks.append(time.perf_counter() - sent)
            if reply.get("type") != "ack":
                stats.errors += 1
                code = str(reply.get("code"))
                stats.refused[code] = stats.refused.get(code, 0) + 1
            elif reply["events"]:
                times = [c.reached(reply["version"]) for c in clients]
                arrived = await asyncio.wait_for(asyncio.gather(*times), 10)
                stats.latencies.append(max(arrived) - sent)
                stats.sent_at.append(sent)
        except TimeoutError:
            stats.timeouts += 1
        await asyncio.sleep(max(0.0, interval - (time.perf_counter() - started)))


def cpu_s(pid: int | None) -> float:
    """CPU seconds (user + system) the process has used so far."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_cpu_s(pid: int | None) -> dict[str, float]:
    """CPU seconds (user + system) each thread of the process has used so far, by thread
    (its name and id: the event loop is the process's own id, the store's writer another)."""
    found: dict[str, float] = {}
    if pid is None:
        return found
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            name = (task / "comm").read_text().strip()
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            found[f"{name}/{task.name}"] = (int(fields[11]) + int(fields[12])) / os.sysconf(
                "SC_CLK_TCK"
            )
    return found


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def sample_memory(pid: int | None, samples: list[tuple[float, float]], every: float) -> None:
    start = time.perf_counter()
    while pid is not None:
        samples.append((round(time.perf_counter() - start, 1), round(rss_mb(pid), 1)))
        await asyncio.sleep(every)


def p99_by_minute(stats: Stats, began: float) -> list[float]:
    """The p99 (ms) of the commands sent in each minute of the run: is the tail flat?"""
    minutes: dict[int, list[float]] = {}
    for sent, latency in zip(stats.sent_at, stats.latencies, strict=True):
        minutes.setdefault(int((sent - began) // 60), []).append(latency * 1000)
    return [round(percentile(minutes[m], 0.99), 1) for m in sorted(minutes)]


def quiet_collector() -> None:
    """Keep this process's garbage collections short, as the server does (``collector``).

    This one process stands for 1,200 browsers; a full collection over all their
    sockets stops it for 100–150 ms, which would count as server latency."""
    gc.collect()
    gc.freeze()
    collector.install(600.0)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


Seat = Callable[[httpx.AsyncClient, str, int], Awaitable[list[Client]]]
"""Seats game number ``n`` over the HTTP client and the WebSocket base: its clients, the
host first (``benchmarks/robots_load.py`` seats its games with robots so)."""


async def run(
    args: argparse.Namespace, url: str, pid: int | None, seat: Seat | None = None
) -> Json:
    """Seat ``args.games`` games (``seat``; by default 12 people each), then every game's
    people send a command every ``args.interval`` s for ``args.duration`` s: the figures."""
    ws = "ws" + url[4:]
    rng = random.Random(args.seed)
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        tables: list[list[Client]] = []
        for n in range(args.games):
            tables.append(await (seat or _people)(http, ws, n))
    listeners = [asyncio.create_task(c.listen()) for t in tables for c in t]
    await asyncio.sleep(2.0)
    if args.freeze:
        quiet_collector()
    memory: list[tuple[float, float]] = []
    sampler = asyncio.create_task(sample_memory(pid, memory, args.sample))
    stats = Stats()
    profiled = pid if args.profile is not None else None
    if profiled is not None:
        os.kill(profiled, signal.SIGUSR1)  # the server's profiler (server/profiling.py) starts
    began, cpu_began, threads_began = time.perf_counter(), cpu_s(pid), thread_cpu_s(pid)
    until = began + args.duration
    await asyncio.gather(*(drive(t, stats, args.interval, until, rng) for t in tables))
    elapsed = time.perf_counter() - began
    server_cpu = cpu_s(pid) - cpu_began
    threads = {
        name: round(used - threads_began.get(name, 0.0), 2)
        for name, used in thread_cpu_s(pid).items()
        if used - threads_began.get(name, 0.0) > 0
    }
    if profiled is not None:
        os.kill(profiled, signal.SIGUSR2)  # ... stops and writes its statistics
    sampler.cancel()
    if pid is not None:
        memory.append((round(elapsed, 1), round(rss_mb(pid), 1)))
    for task in listeners:
        task.cancel()
    for table in tables:
        for client in table:
            await client.conn.close()
    lat = [x * 1000 for x in stats.latencies]
    return {
        "games": args.games,
        "clients": sum(len(table) for table in tables),
        "duration_s": round(elapsed, 1),
        "commands": stats.commands,
        "commands_per_s": round(stats.commands / elapsed, 1),
        "p50_ms": round(percentile(lat, 0.50), 2),
        "p99_ms": round(percentile(lat, 0.99), 2),
        "max_ms": round(max(lat), 2) if lat else None,
        "mean_ms": round(statistics.fmean(lat), 2) if lat else None,
        "p99_ms_by_minute": p99_by_minute(stats, began),
        "errors": stats.errors,
        "refused": stats.refused,
        "timeouts": stats.timeouts,
        "server_cpu_percent": round(100 * server_cpu / elapsed, 1) if pid else None,
        "server_cpu_ms_per_command": round(1000 * server_cpu / stats.commands, 2)
        if pid and stats.commands
        else None,
        "server_cpu_s_by_thread": threads,
        "server_rss_mb": memory,
        "client_rss_mb": round(rss_mb(os.getpid()), 1),
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def server(db: str | None, profile: str | None = None, tree: Path | None = None) -> Any:
    """A server process on a free port (profiled into ``profile`` if given: see ``run``);
    with ``tree``, that checkout's server, run by its own ``.venv`` (its own build)."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = os.environ | UNLIMITED
        url = db or f"sqlite:///{tmp}/load.sqlite3"
        env |= {"BOARDROOM_PROFILE": str(Path(profile).resolve())} if profile else {}
        python = sys.executable if tree is None else str(tree / ".venv" / "bin" / "python")
        command = [python, "-m", "boardroom", "serve", "--no-demo", "--host", "127.0.0.1"]
        command += ["--port", str(port)]
        log = open(Path(tmp) / "server.log", "wb")  # noqa: SIM115
        proc = subprocess.Popen([*command, "--db", url], env=env, stdout=log, stderr=log, cwd=tree)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(600):
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(base + "/ready").status_code == 200:
                        break
                time.sleep(0.1)
            yield base, proc.pid
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=60)
            log.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of load")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between commands")
    parser.add_argument("--url", default=None, help="a running server (else one is started)")
    parser.add_argument("--pid", type=int, default=None, help="its process id, for CPU and RSS")
    parser.add_argument("--db", default=None, help="database URL for the started server")
    parser.add_argument("--sample", type=float, default=10.0, help="RSS sampling period, s")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the figures here as JSON")
    parser.add_argument(
        "--profile",
        default=None,
        help="profile the server's event loop over the measured minutes (cProfile stats file)",
    )
    parser.add_argument(
        "--no-freeze",
        dest="freeze",
        action="store_false",
        help="leave this process's garbage collector as it is (long pauses count as latency)",
    )
    args = parser.parse_args()
    if args.url:
        result = asyncio.run(run(args, args.url, args.pid))
    else:
        with server(args.db, args.profile) as (url, pid):
            result = asyncio.run(run(args, url, pid))
    print(json.dumps(result, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))
    ok = result["errors"] == 0 and result["timeouts"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
