"""Trust figures: server memory around 10,000 requests for unknown game ids, and
``/health`` latency while hostile question banks are being read.

Starts ``boardroom serve`` (SQLite in a temporary directory, as ``load.py`` does) and
prints one line per figure:

- RSS before and after ``--requests`` GETs of ``/api/web/clock/<id>`` for random
  unknown ids (half 6,000 characters long, half plausible 40-character ones);
- ``/health`` p50 / p99 / max latency alone, then while a YAML alias bomb and a large
  (about 8 MB) YAML bank are being posted to ``/api/web/bank`` again and again (each read
  in its own child process, killed at ``bank_parse_s``, 10 s by default), with the
  bank-reading processes left over at the end.

    .venv/bin/python benchmarks/trust.py --requests 10000 --seconds 10
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import threading
import time

import httpx
from load import rss_mb, server

BOMB = (
    "\n".join(
        ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        + [
            f"{c}: &{c} [{', '.join([f'*{p}'] * 10)}]"
            for p, c in zip("abcdefg", "bcdefgh", strict=True)
        ]
    )
    + "\nquestions: [*h]\n"
).encode()


def big_bank(rows: int = 40_000) -> bytes:
    """A valid YAML bank too big to accept (more questions than the limit): read, refused."""
    return "".join(
        f"- text: Question {n} {'x' * 150}?\n  answer: A{n}\n" for n in range(rows)
    ).encode()


def unknown_ids(base: str, pid: int, count: int) -> None:
    with httpx.Client(base_url=base, timeout=30) as http:
        for n in range(300):
            http.get(f"/api/web/clock/g{n:039x}")
        before = rss_mb(pid)
        started = time.perf_counter()
        for n in range(count):
            game_id = "g" + (secrets.token_hex(3000) if n % 2 else secrets.token_hex(20)[:39])
            assert http.get(f"/api/web/clock/{game_id}").status_code == 404
        took = time.perf_counter() - started
        after = rss_mb(pid)
    print(
        f"unknown ids: requests={count} rss_before={before:.1f}MB rss_after={after:.1f}MB "
        f"growth={after - before:+.1f}MB rate={count / took:.0f}/s"
    )


def health(base: str, seconds: float) -> list[float]:
    out: list[float] = []
    deadline = time.perf_counter() + seconds
    with httpx.Client(base_url=base, timeout=30) as http:
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            assert http.get("/health").status_code == 200
            out.append((time.perf_counter() - started) * 1000)
            time.sleep(0.02)
    return out


def hostile(
    base: str, bodies: list[tuple[str, bytes]], stop: threading.Event, codes: list[str]
) -> None:
    headers = {"X-Forwarded-For": "198.51.100.9"}  # a bank reader that is not this machine
    with httpx.Client(base_url=base, timeout=60) as http:
        ticket = http.post("/api/web/draft", headers=headers).json()["draft"]
        headers["Authorization"] = f"Bearer {ticket}"
        while not stop.is_set():
            for fmt, body in bodies:
                started = time.perf_counter()
                reply = http.post(
                    "/api/web/bank", params={"format": fmt}, content=body, headers=headers
                )
                took = time.perf_counter() - started
                code = reply.json().get("error", {}).get("code", "ok")
                codes.append(f"{reply.status_code} {code} in {took:.1f}s")


def show(label: str, latencies: list[float]) -> None:
    p99 = statistics.quantiles(latencies, n=100)[98]
    print(
        f"/health {label}: n={len(latencies)} p50={statistics.median(latencies):.1f}ms "
        f"p99={p99:.1f}ms max={max(latencies):.1f}ms"
    )


def readers(pid: int) -> int:
    """How many bank-reading processes the server has (children of its fork server)."""
    parents: dict[int, int] = {}
    lines: dict[int, bytes] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
                with open(f"/proc/{entry}/cmdline", "rb") as line:
                    lines[int(entry)] = line.read()
            except OSError:
                continue
    mine = [child for child, parent in parents.items() if parent == pid]
    forkservers = {child for child in mine if b"forkserver" in lines[child]}
    return sum(1 for parent in parents.values() if parent in forkservers)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=10.0, help="of /health sampling")
    args = parser.parse_args()
    # Every bank gets read (as from many addresses): the per-address limit would refuse
    # all but the first few, which is the point in production but not of this figure.
    os.environ["BOARDROOM_BANK_BURST"] = "1000000"
    os.environ["BOARDROOM_DRAFT_BURST"] = "1000000"
    with server(None) as (base, pid):
        unknown_ids(base, pid, args.requests)
        show("quiet", health(base, args.seconds / 2))
        stop, codes = threading.Event(), list[str]()
        bank = big_bank()
        bodies = [("yaml", BOMB), ("yaml", bank)]
        worker = threading.Thread(target=hostile, args=(base, bodies, stop, codes))
        worker.start()
        try:
            show(
                f"while hostile banks ({len(bank) / 1e6:.1f} MB and an alias bomb) are read",
                health(base, args.seconds),
            )
        finally:
            stop.set()
            worker.join()
        print(f"bank answers: {', '.join(codes)} (server rss {rss_mb(pid):.1f}MB)")
        time.sleep(0.5)
        print(f"bank readers left: {readers(pid)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
