"""Move-generation speed: Boardroom's engine, compiled and pure, against py-draughts, in one run.

    .venv/bin/python benchmarks/perft.py [--repeats N] [--json FILE]

Boardroom is measured twice, each in its own process: the build ``make`` made
(compiled by mypyc where a C compiler was there) and the pure-Python modules
(``BOARDROOM_PURE=1``).

py-draughts (GPL, "the fastest Python draughts library") is installed only in
this benchmark's own environment, ``benchmarks/.venv-peer``, made on first run.
Three figures, each the best of N runs: perft(8) from the start, perft(6) summed
over six middle games (both bulk-count the last ply), and random playouts made
move by move with push and unmade with pop (no bulk counting).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import venv
from pathlib import Path
from typing import Any

from harness import measure

from boardroom import native
from boardroom.draughts import Board
from boardroom.draughts.perft import perft

REFERENCE = {9: 4_570_586, 10: 22_444_032}

HERE = Path(__file__).resolve().parent
PEER_ENV = HERE / ".venv-peer"
PEER_PACKAGE = "py-draughts==1.10.1"


def peer_python() -> Path:
    python = PEER_ENV / "bin" / "python"
    if not python.exists():
        print(f"setting up {PEER_PACKAGE} in {PEER_ENV} …", file=sys.stderr)
        venv.create(PEER_ENV, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", PEER_PACKAGE], check=True)
    return python


def ours(repeats: int) -> dict[str, Any]:
    """Boardroom's figures in this process, with the build it runs."""
    figures = measure(
        new=Board,
        moves=lambda board: board.legal_moves,
        count=lambda board: board.count_legal(),
        repeats=repeats,
    )
    return figures | {"build": native.describe(native.BUILD)}


def ours_in(env: dict[str, str], repeats: int) -> dict[str, Any]:
    """Boardroom's figures measured in a fresh process with these environment settings."""
    done = subprocess.run(
        [sys.executable, __file__, "--repeats", str(repeats), "--ours-only"],
        check=True,
        capture_output=True,
        text=True,
        env=os.environ | env,
    )
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def peer(repeats: int) -> dict[str, Any]:
    script = HERE / "peer_py_draughts.py"
    done = subprocess.run(
        [str(peer_python()), str(script), str(repeats)],
        check=True,
        capture_output=True,
        text=True,
        cwd=HERE,
    )
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def fastest(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure's best run (the least disturbed by other work on the machine)."""
    best = dict(runs[0])
    for run in runs[1:]:
        for name, _ in FIGURES:
            if run[name]["seconds"] < best[name]["seconds"]:
                best[name] = run[name]
    return best


def rate(figure: dict[str, Any]) -> float:
    count = figure.get("nodes", figure.get("plies", 0))
    return float(count) / float(figure["seconds"])


FIGURES = (("perft_start", "nodes/s"), ("perft_middle", "nodes/s"), ("playout", "plies/s"))


def report(builds: dict[str, dict[str, Any]], theirs: dict[str, Any]) -> list[str]:
    """One row per figure: each Boardroom build, py-draughts, and each build's ratio to it."""
    head = "".join(f"{name:>14}" for name in builds)
    ratios = "".join(f"{name + ' ×':>12}" for name in builds)
    lines = [f"{'figure':<28}{head}{'py-draughts':>14}{ratios}"]
    for name, unit in FIGURES:
        b = theirs[name]
        first = next(iter(builds.values()))[name]
        label = f"{name} d={first['depth']}" if "depth" in first else name
        rates = "".join(f"{rate(m[name]):>14,.0f}" for m in builds.values())
        times = "".join(f"{rate(m[name]) / rate(b):>11.2f}x" for m in builds.values())
        lines.append(f"{label + ' ' + unit:<28}{rates}{rate(b):>14,.0f}{times}")
        for build, mine in builds.items():
            if "nodes" in mine[name] and mine[name]["nodes"] != b["nodes"]:
                lines.append(
                    f"  !! node counts differ: {build} {mine[name]['nodes']} vs {b['nodes']}"
                )
    return lines


def deep_checks(deepest: int) -> None:
    """perft beyond the tests' depth 8, against the reference counts."""
    for depth in range(9, deepest + 1):
        started = time.perf_counter()
        nodes = perft(Board(), depth)
        took = time.perf_counter() - started
        verdict = "ok" if nodes == REFERENCE[depth] else f"WRONG, expected {REFERENCE[depth]}"
        print(f"depth={depth} nodes={nodes} time={took:.1f} nps={nodes / took:,.0f} {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--deep", type=int, default=0, help="also check perft 9..DEEP (max 10)")
    parser.add_argument("--ours-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ours_only:
        print(json.dumps(ours(args.repeats)))
        return
    deep_checks(min(args.deep, 10))
    runs: dict[str, list[dict[str, Any]]] = {"made": [], "pure": [], "py-draughts": []}
    for _ in range(args.repeats):  # interleaved, so that a change of load hits all three alike
        runs["made"].append(ours_in({}, 1))
        runs["pure"].append(ours_in({"BOARDROOM_PURE": "1"}, 1))
        runs["py-draughts"].append(peer(1))
    builds = {name: fastest(runs[name]) for name in ("made", "pure")}
    theirs = fastest(runs["py-draughts"])
    print(f"python {sys.version.split()[0]}; best of {args.repeats} interleaved runs each")
    print(f"made = the build make made: {builds['made']['build']}; pure = BOARDROOM_PURE=1")
    print("\n".join(report(builds, theirs)))
    if args.json:
        args.json.write_text(json.dumps(builds | {"py-draughts": theirs}, indent=1))


if __name__ == "__main__":
    main()
