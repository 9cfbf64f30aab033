"""A puzzle lesson of 30 phones: every pupil answers within 2 s of the others; people's
command-to-ack latency (p50, p99) and the server's CPU.

One ``boardroom serve`` (SQLite in a temporary directory, or ``--db``), one lesson of
``--puzzles`` puzzles (the built-in set, repeated), ``--pupils`` pupils who join by code
over HTTP and each hold a socket (``classroom_draughts.Pupil``). For each puzzle the host
opens it; every pupil waits a random 0–``--spread`` s and answers (most the solution, some
another legal move), over the socket; the ack's latency is timed from the send. Then the
host reveals and opens the next puzzle.

    nice timeout 600 .venv/bin/python benchmarks/puzzle_lesson.py
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from classroom_draughts import OPEN, Figures, Pupil, open_pupil
from load import cpu_s, percentile, server

from boardroom.games.puzzles.builtin import BUILTIN

Json = dict[str, Any]


async def answer(pupil: Pupil, move: str, delay: float, figures: Figures, serial: int) -> None:
    await asyncio.sleep(delay)
    sent = time.perf_counter()
    command = {"type": "answer", "move": move, "id": f"a{pupil.side}-{serial}"}
    await pupil.conn.send(json.dumps({"type": "command", "command": command}))
    reply = await asyncio.wait_for(pupil.replies.get(), 60)
    figures.commands += 1
    if reply["type"] == "error":
        figures.errors[reply["code"]] = figures.errors.get(reply["code"], 0) + 1
        return
    figures.ack.append(time.perf_counter() - sent)


async def lesson(args: argparse.Namespace, url: str, pid: int) -> Json:
    ws = url.replace("http", "ws", 1)
    rng = random.Random(args.seed)
    puzzles = [BUILTIN[n % len(BUILTIN)] for n in range(args.puzzles)]
    setup = {"game": "puzzles", "seconds": 60, "puzzles": puzzles}
    figures = Figures()
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        made = (await http.post("/api/games", json={"game": "puzzles", "setup": setup})).json()
        gid, host = made["game_id"], {"Authorization": f"Bearer {made['host_secret']}"}
        pupils = []
        for n in range(args.pupils):
            seat = (
                await http.post("/api/join", json={"code": made["code"], "name": f"P{n}"})
            ).json()
            pupil = await open_pupil(ws, gid, seat["secret"], seat["role"])
            enter = {"type": "enter", "name": f"P{n}", "id": f"e{n}"}
            await pupil.conn.send(json.dumps({"type": "command", "command": enter}))
            assert (await asyncio.wait_for(pupil.replies.get(), 60))["type"] == "ack"
            pupils.append(pupil)
        cpu0, began = cpu_s(pid), time.perf_counter()
        for index, puzzle in enumerate(puzzles):
            step = "start" if index == 0 else "next"
            await http.post(
                f"/api/games/{gid}/commands", json={"command": {"type": step}}, headers=host
            )
            for pupil in pupils:
                while pupil.view.get("phase") != "asking" or pupil.view.get("index") != index:
                    pupil.changed.clear()
                    await asyncio.wait_for(pupil.changed.wait(), 30)
            tasks = []
            for n, pupil in enumerate(pupils):
                legal = pupil.view["legal_moves"]
                move = puzzle["best"][0] if rng.random() < 0.7 else rng.choice(legal)
                tasks.append(
                    answer(pupil, move, rng.uniform(0, args.spread), figures, index * 100 + n)
                )
            await asyncio.gather(*tasks)
            await http.post(
                f"/api/games/{gid}/commands", json={"command": {"type": "reveal"}}, headers=host
            )
        took = time.perf_counter() - began
        cpu = cpu_s(pid) - cpu0
        inside = server_share((await http.get("/metrics")).text)
    ms = [x * 1000 for x in figures.ack]
    return {
        "pupils": args.pupils,
        "puzzles": args.puzzles,
        "answers": figures.commands,
        "errors": figures.errors,
        "ack_p50_ms": round(percentile(ms, 0.5), 1),
        "ack_p99_ms": round(percentile(ms, 0.99), 1),
        "ack_max_ms": round(max(ms, default=float("nan")), 1),
        "duration_s": round(took, 1),
        "server_cpu_percent": round(100 * cpu / took, 1),
        "server_side": inside,
    }


def server_share(metrics: str) -> Json:
    """From the server's own histogram (``boardroom_command_seconds``, arrival to ack, the
    lesson's commands): the share of commands done within 10, 25, 100 ms (the server's part
    of the latency, without the client's and the machine's queue before the socket)."""
    buckets: dict[str, float] = {}
    for line in metrics.splitlines():
        if line.startswith("boardroom_command_seconds_bucket") and 'game="puzzles"' in line:
            le = line.split('le="')[1].split('"')[0]
            buckets[le] = float(line.rsplit(" ", 1)[1])
    total = buckets.get("+Inf") or 1.0
    return {
        f"within_{int(float(le) * 1000)}ms": round(buckets.get(le, 0.0) / total, 3)
        for le in ("0.01", "0.025", "0.1")
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--puzzles", type=int, default=8)
    parser.add_argument("--spread", type=float, default=2.0, help="answers within these seconds")
    parser.add_argument("--db", default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the figures here as JSON")
    args = parser.parse_args()
    os.environ.update(OPEN)
    with server(args.db) as (url, pid):
        result = asyncio.run(lesson(args, url, pid))
    print(json.dumps(result, indent=1), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))
    return 0 if not result["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
