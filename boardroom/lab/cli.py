"""``boardroom simulate``: N robot games, a CSV and an HTML report with plots.

    boardroom simulate --games N --seed S --out DIR [--ruleset FILE]
    boardroom simulate --games N --seed S --out DIR --compare A.toml B.toml
    boardroom simulate --games N --seed S --out DIR --cluster local|ADDRESS

:func:`add_parser` registers the subcommand on the main CLI's subparsers.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="boardroom")
>>> add_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["simulate", "--games", "3", "--out", "x", "--roster", "noise=2"])
>>> args.games, args.roster, args.run is run
(3, 'noise=2', True)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from boardroom.bots.board import LEVELS
from boardroom.bots.seats import KINDS, BoardSettings
from boardroom.games.exchange.ruleset import load_ruleset, ruleset_from_json, ruleset_from_toml
from boardroom.kernel import Refused
from boardroom.lab.batch import Progress, default_workers, game_seed, run_tasks
from boardroom.lab.executors import ClusterUnavailable, open_executor
from boardroom.lab.report import Run, load_pyplot, write_report
from boardroom.lab.sim import DEFAULT_ROSTER, LabConfig
from boardroom.lab.targets import minutes, targets

DEFAULT_NODES = 300
"""The board robot's node budget per move in the lab (see ``benchmarks/simulate.py``)."""


def read_ruleset(path: Path) -> dict[str, Any]:
    """A ruleset file (TOML, or JSON by its ``.json`` suffix), checked by the core.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
    ...     _ = f.write('preset = "demo"\\nyears = 2\\n')
    >>> read_ruleset(Path(f.name))
    {'preset': 'demo', 'years': 2}
    >>> Path(f.name).unlink()
    """
    text = path.read_text(encoding="utf-8")
    data = ruleset_from_json(text) if path.suffix.lower() == ".json" else ruleset_from_toml(text)
    load_ruleset(data)
    return data


def parse_roster(text: str) -> tuple[tuple[str, int], ...]:
    """``"director=8,value=4"`` → ``(("director", 8), ("value", 4))``.

    >>> parse_roster("director=8, noise=2")
    (('director', 8), ('noise', 2))
    >>> parse_roster("dealer=1")
    Traceback (most recent call last):
    ...
    ValueError: unknown robot kind 'dealer'; kinds: director, value, raider, noise
    """
    roster: list[tuple[str, int]] = []
    for part in text.split(","):
        kind, _, count = part.strip().partition("=")
        if kind not in KINDS:
            raise ValueError(f"unknown robot kind {kind!r}; kinds: {', '.join(KINDS)}")
        if not count.isdigit():
            raise ValueError(f"the count of {kind!r} must be a whole number, not {count!r}")
        roster.append((kind, int(count)))
    return tuple(roster)


def parse_levels(text: str) -> tuple[str, ...]:
    """``"casual,club"`` → ``("casual", "club")``, each a board robot level.

    >>> parse_levels("club")
    ('club',)
    """
    levels = tuple(part.strip() for part in text.split(",") if part.strip())
    unknown = [level for level in levels if level not in LEVELS]
    if unknown or not levels:
        raise ValueError(f"unknown board robot level in {text!r}; levels: {', '.join(LEVELS)}")
    return levels


def roster_text(roster: tuple[tuple[str, int], ...]) -> str:
    return ",".join(f"{kind}={count}" for kind, count in roster)


def add_parser(subparsers: Any) -> None:
    """Register ``simulate`` (with ``set_defaults(run=run)``) on the CLI's subparsers."""
    p = subparsers.add_parser(
        "simulate", help="play N robot games and write a balance report (HTML, PNG, CSV)"
    )
    p.add_argument("--games", type=int, default=100, help="games per ruleset (default 100)")
    p.add_argument("--seed", type=int, default=1, help="the batch seed (default 1)")
    p.add_argument("--out", required=True, help="directory for report.html, games.csv, plots")
    rules = p.add_mutually_exclusive_group()
    rules.add_argument("--ruleset", default=None, help="a ruleset file (.toml or .json)")
    rules.add_argument(
        "--compare", nargs=2, metavar=("A", "B"), help="two ruleset files side by side"
    )
    p.add_argument("--workers", type=int, default=default_workers(), help="processes (cores)")
    p.add_argument(
        "--cluster",
        default=None,
        metavar="ADDRESS",
        help="play on a Dask cluster: its scheduler address, or 'local' to start one of "
        "--workers processes here (needs: pip install distributed)",
    )
    p.add_argument("--roster", default=roster_text(DEFAULT_ROSTER), help="robot kinds and counts")
    p.add_argument(
        "--levels",
        default=",".join(BoardSettings().levels),
        help="board robot levels each director is drawn from (default casual,club)",
    )
    p.add_argument("--nodes", type=int, default=DEFAULT_NODES, help="board robot nodes per move")
    p.add_argument(
        "--pass-margin",
        type=int,
        default=None,
        help="directors pass when their best move costs the firm this much (1/100 man)",
    )
    p.add_argument(
        "--late-rate", type=float, default=0.0, help="how often a director lets its clock run out"
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=run)


def configs(args: argparse.Namespace) -> list[LabConfig]:
    """One lab configuration per ruleset named on the command line."""
    files: list[str | None] = list(args.compare) if args.compare else [args.ruleset]
    common: Mapping[str, Any] = {
        "roster": parse_roster(args.roster),
        "board": BoardSettings(parse_levels(args.levels), args.nodes, args.pass_margin),
        "late_rate": args.late_rate,
    }
    found: list[LabConfig] = []
    for name in files:
        ruleset = read_ruleset(Path(name)) if name else {}
        label = Path(name).stem if name else "default"
        if any(c.label == label for c in found):
            label = f"{label} ({len(found) + 1})"
        found.append(LabConfig(ruleset=ruleset, label=label, **common))
    return found


def run(args: argparse.Namespace) -> int:
    """Play the games, write the report; 2 on bad input."""
    try:
        chosen = configs(args)
    except (OSError, ValueError, Refused) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    tasks = [(c, i, game_seed(args.seed, i)) for c in chosen for i in range(args.games)]
    if args.cluster is None and args.workers > 1:
        load_pyplot()  # once, before the pool's workers fork: they draw the plots too
    progress = None if args.quiet else Progress(len(tasks))
    started = time.perf_counter()
    try:
        with open_executor(args.cluster, workers=args.workers) as executor:
            results = run_tasks(tasks, executor=executor, progress=progress)
            took = time.perf_counter() - started
            if progress is not None:
                progress.close()
            runs = [
                Run(c.label, results[k * args.games : (k + 1) * args.games], c)
                for k, c in enumerate(chosen)
            ]
            # the plots are drawn on the workers too, while this process writes the CSV
            write_report(Path(args.out), runs, executor=executor, workers=args.workers)
    except ClusterUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for one in runs:
        print_targets(one)
    print(
        f"{len(tasks)} games in {took:.1f} s ({len(tasks) / took:.2f} games/s); "
        f"report: {Path(args.out) / 'report.html'}",
        file=sys.stderr,
    )
    return 0


def print_targets(one: Run) -> None:
    """The balance targets of one ruleset's games, one line each, on standard output."""
    config = one.config or LabConfig()
    kinds = list(dict.fromkeys(kind for kind, _ in config.roster))
    print(f"== {one.label}: {len(one.rows)} games (95 % intervals; Wilson for rates)")
    print(minutes(one.rows))
    for target in targets(one.rows, kinds, dict(config.ruleset)):
        print(target.line())


def main(argv: list[str] | None = None) -> int:
    """Run ``simulate`` on its own (``python -m boardroom.lab.cli …``), for tests and tools."""
    parser = argparse.ArgumentParser(prog="boardroom")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["simulate", *(argv if argv is not None else sys.argv[1:])])
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
