"""A class playing Russian draughts: 30 pupils in 15 pupil-vs-pupil games plus 5 pupils
against the casual robot, at the pace of fast pupils, with the coach reviewing every
finished game in the background; people's command latency and the server's CPU.

Two phases in one run, each on its own ``boardroom serve`` (SQLite in a temporary
directory, or ``--db``), the same class and seed: **coach held** (the peer: the coach's
worker waits on a file that never appears, so no review is computed) and **coach at
work** (every finished game reviewed at the server's depth, 6). Each pupil has a socket;
on their turn they think 2–4 s (``--think``) and play a random legal move; a game is
resigned by the side to move after 24–48 plies (a short classroom game), then the pair
starts a new game at once (the host creates it, both join, it starts). Latency: from a
pupil's command sent to its ack (``ack``), and to the opponent's socket holding that
version (``seen``). CPU: the server process (its event loop, store writer, robots'
thread) and, apart, its child processes (the coach's worker).

    nice timeout 900 .venv/bin/python benchmarks/classroom_draughts.py --duration 120
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import cpu_s, percentile, server

Json = dict[str, Any]
SIDES = ("white", "black")
OPEN = {
    f"BOARDROOM_{name}": "100000"
    for name in ("CREATE_BURST", "JOIN_BURST", "CREATE_RATE_PER_S", "JOIN_RATE_PER_S")
}


@dataclass
class Pupil:
    """One pupil's socket: its merged view, when each version arrived, its replies."""

    side: str
    conn: ClientConnection
    view: Json = field(default_factory=dict)
    version: int = -1
    arrived: dict[int, float] = field(default_factory=dict)
    replies: asyncio.Queue[Json] = field(default_factory=asyncio.Queue)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    async def listen(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.conn:
                frame = json.loads(text)
                if frame["type"] == "view":
                    kept = {k: self.view[k] for k in frame.get("kept", []) if frame["events_from"]}
                    self.view = kept | frame["view"]
                    self.version = frame["version"]
                    self.arrived[self.version] = time.perf_counter()
                    self.changed.set()
                elif frame["type"] in ("ack", "error"):
                    await self.replies.put(frame)


@dataclass
class Figures:
    ack: list[float] = field(default_factory=list)
    seen: list[float] = field(default_factory=list)
    commands: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    finished: int = 0


async def open_pupil(ws: str, game_id: str, secret: str, side: str) -> Pupil:
    conn = await connect(f"{ws}/ws/{game_id}", max_size=2**24, open_timeout=60, ping_interval=None)
    await conn.send(json.dumps({"type": "hello", "secret": secret}))
    pupil = Pupil(side, conn)
    asyncio.get_running_loop().create_task(pupil.listen())
    return pupil


async def new_game(
    http: httpx.AsyncClient, ws: str, robot: bool, serial: int
) -> tuple[str, dict[str, Pupil]]:
    """A started game: two pupils (or a pupil as white and the casual robot as black)."""
    black = {"name": "Robot", "robot": "casual"} if robot else {"name": f"Pupil {serial}b"}
    setup = {"game": "russian", "white": {"name": f"Pupil {serial}w"}, "black": black}
    made = (await http.post("/api/games", json={"game": "russian", "setup": setup})).json()
    host = {"Authorization": f"Bearer {made['host_secret']}"}
    pupils = {}
    for side in ("white",) if robot else SIDES:
        body = {"code": made["code"], "name": f"Pupil {serial}{side[0]}", "role": side}
        secret = (await http.post("/api/join", json=body)).json()["secret"]
        pupils[side] = await open_pupil(ws, made["game_id"], secret, side)
    if robot:
        await http.post(
            f"/api/games/{made['game_id']}/robots", json={"roles": ["black"]}, headers=host
        )
    await http.post(
        f"/api/games/{made['game_id']}/commands", json={"command": {"type": "start"}}, headers=host
    )
    return made["game_id"], pupils


async def send(
    pupil: Pupil, others: list[Pupil], command: Json, figures: Figures, serial: int
) -> None:
    """One command: its ack's latency, and the opponent's view of it."""
    sent = time.perf_counter()
    await pupil.conn.send(
        json.dumps({"type": "command", "command": {**command, "id": f"c{pupil.side}{serial}"}})
    )
    reply = await asyncio.wait_for(pupil.replies.get(), 60)
    figures.commands += 1
    if reply["type"] == "error":
        figures.errors[reply["code"]] = figures.errors.get(reply["code"], 0) + 1
        return
    figures.ack.append(time.perf_counter() - sent)
    for other in others:
        while other.version < reply["version"]:
            other.changed.clear()
            await asyncio.wait_for(other.changed.wait(), 60)
        figures.seen.append(other.arrived.get(reply["version"], time.perf_counter()) - sent)


async def board(
    http: httpx.AsyncClient,
    ws: str,
    robot: bool,
    n: int,
    args: argparse.Namespace,
    figures: Figures,
    until: float,
) -> None:
    """One board of the class: games played one after another until the time is up."""
    rng = random.Random(args.seed * 1000 + n)
    while time.perf_counter() < until:
        _game_id, pupils = await new_game(http, ws, robot, n)
        await play_game(pupils, rng.randint(24, 48), args.think, rng, figures, until)
        for pupil in pupils.values():
            await pupil.conn.close()


async def play_game(
    pupils: dict[str, Pupil],
    length: int,
    think: tuple[float, float],
    rng: random.Random,
    figures: Figures,
    until: float,
    one_at_a_time: dict[str, asyncio.Lock] | None = None,
) -> None:
    """One started game played by its pupils' sockets (a side without one is the robot's):
    on their turn a pupil thinks ``think`` seconds and plays a random legal move; the side
    to move resigns after ``length`` plies. Until the game ends or the time is up. A side in
    ``one_at_a_time`` thinks and moves holding its lock (one person on many boards: the
    teacher of a simul)."""
    serial = 0
    while time.perf_counter() < until:
        any_pupil = next(iter(pupils.values()))
        view = any_pupil.view
        if view.get("phase") == "ended":
            figures.finished += 1
            return
        mover = pupils.get(view.get("to_move") or "")
        if view.get("phase") != "play" or mover is None or mover.view.get("to_move") != mover.side:
            any_pupil.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(any_pupil.changed.wait(), 5)
            continue
        async with (one_at_a_time or {}).get(mover.side) or contextlib.nullcontext():
            await asyncio.sleep(rng.uniform(*think))
            others = [p for p in pupils.values() if p is not mover]
            serial += 1
            resign = len(mover.view.get("moves") or []) >= length
            legal = mover.view.get("legal_moves") or []
            command = {"type": "resign"} if resign else {"type": "move", "move": rng.choice(legal)}
            await send(mover, others, command, figures, serial)


def children_cpu_s(pid: int) -> float:
    """CPU seconds of the server's child processes now alive (the coach's worker)."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                total += cpu_s(int(entry.name))
    return total


async def phase(args: argparse.Namespace, url: str, pid: int, coach: bool) -> Json:
    ws = url.replace("http", "ws", 1)
    figures = Figures()
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        cpu0, child0, began = cpu_s(pid), children_cpu_s(pid), time.perf_counter()
        until = began + args.duration
        boards = [board(http, ws, False, n, args, figures, until) for n in range(args.pairs)]
        boards += [
            board(http, ws, True, args.pairs + n, args, figures, until) for n in range(args.robots)
        ]
        await asyncio.gather(*boards)
        took = time.perf_counter() - began
        cpu, child = cpu_s(pid) - cpu0, children_cpu_s(pid) - child0
    ms = [x * 1000 for x in figures.ack]
    seen = [x * 1000 for x in figures.seen]
    return {
        "phase": "coach at work" if coach else "coach held (peer)",
        "pupils": 2 * args.pairs + args.robots,
        "boards": args.pairs + args.robots,
        "duration_s": round(took, 1),
        "commands": figures.commands,
        "errors": figures.errors,
        "games_finished": figures.finished,
        "ack_p50_ms": round(percentile(ms, 0.5), 1),
        "ack_p99_ms": round(percentile(ms, 0.99), 1),
        "ack_max_ms": round(max(ms, default=float("nan")), 1),
        "seen_p50_ms": round(percentile(seen, 0.5), 1),
        "seen_p99_ms": round(percentile(seen, 0.99), 1),
        "server_cpu_percent": round(100 * cpu / took, 1),
        "coach_worker_cpu_s": round(child, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=120.0, help="seconds of play a phase")
    parser.add_argument("--pairs", type=int, default=15, help="pupil-vs-pupil boards")
    parser.add_argument("--robots", type=int, default=5, help="pupil-vs-robot boards")
    parser.add_argument("--think", type=float, nargs=2, default=(2.0, 4.0), help="a move's seconds")
    parser.add_argument("--db", default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the figures here as JSON")
    parser.add_argument("--only", choices=("held", "coach"), default=None)
    args = parser.parse_args()
    os.environ.update(OPEN)
    results = []
    for coach in (False, True):
        if args.only and args.only != ("coach" if coach else "held"):
            continue
        os.environ["BOARDROOM_COACH_HOLD"] = "" if coach else "/nonexistent/coach-held"
        with server(args.db) as (url, pid):
            results.append(asyncio.run(phase(args, url, pid, coach)))
        print(json.dumps(results[-1], indent=1), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0 if all(not r["errors"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
