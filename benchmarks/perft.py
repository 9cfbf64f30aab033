"""Move-generation speed: Boardroom's engine against py-draughts, in one run, same positions.

    .venv/bin/python benchmarks/perft.py [--repeats N] [--json FILE]

py-draughts (GPL, "the fastest Python draughts library") is installed only in
this benchmark's own environment, ``benchmarks/.venv-peer``, made on first run.
Three figures, each the best of N runs: perft(8) from the start, perft(6) summed
over six middle games (both bulk-count the last ply), and random playouts made
move by move with push and unmade with pop (no bulk counting).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import venv
from pathlib import Path
from typing import Any

from harness import measure

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
    return measure(
        new=Board,
        moves=lambda board: board.legal_moves,
        count=lambda board: board.count_legal(),
        repeats=repeats,
    )


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


def rate(figure: dict[str, Any]) -> float:
    count = figure.get("nodes", figure.get("plies", 0))
    return float(count) / float(figure["seconds"])


def report(mine: dict[str, Any], theirs: dict[str, Any]) -> list[str]:
    lines = [f"{'figure':<28}{'boardroom':>14}{'py-draughts':>14}{'ratio':>8}"]
    for name, unit in (
        ("perft_start", "nodes/s"),
        ("perft_middle", "nodes/s"),
        ("playout", "plies/s"),
    ):
        a, b = mine[name], theirs[name]
        label = f"{name} d={a['depth']}" if "depth" in a else name
        lines.append(
            f"{label + ' ' + unit:<28}{rate(a):>14,.0f}{rate(b):>14,.0f}{rate(a) / rate(b):>7.2f}x"
        )
        if "nodes" in a and a["nodes"] != b["nodes"]:
            lines.append(
                f"  !! node counts differ: boardroom {a['nodes']} vs py-draughts {b['nodes']}"
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
    args = parser.parse_args()
    deep_checks(min(args.deep, 10))
    mine, theirs = ours(args.repeats), peer(args.repeats)
    print(f"python {sys.version.split()[0]}; best of {args.repeats} runs each")
    print("\n".join(report(mine, theirs)))
    if args.json:
        args.json.write_text(json.dumps({"boardroom": mine, "py-draughts": theirs}, indent=1))


if __name__ == "__main__":
    main()
