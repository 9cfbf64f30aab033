"""The one command line: ``boardroom perft | replay | serve | simulate | tournament-demo``."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from boardroom import __version__, native

COMMANDS: dict[str, tuple[str, str]] = {
    "perft": ("count leaf positions of the draughts engine", "boardroom.cli:_add_perft"),
    "replay": (
        "play a JSON-lines game file and print the host's state",
        "boardroom.cli:_add_replay",
    ),
    "serve": ("run the live server for a lesson (HTTP + WebSocket)", "boardroom.cli:_add_serve"),
    "simulate": (
        "play N robot games and write a balance report (HTML, PNG, CSV)",
        "boardroom.lab.cli:add_parser",
    ),
    "tournament-demo": (
        "play a Swiss event of robot pupils and print the standings",
        "boardroom.lab.tournament:add_parser",
    ),
}
"""Each command: its help, and the function that adds its parser (imported only when the
command runs, so a command loads what it needs and no more: ``perft 1`` does not import
the lab)."""


def _perft(args: argparse.Namespace) -> int:
    from boardroom.draughts import VARIANTS, Board, DraughtsError
    from boardroom.draughts.perft import perft

    try:
        board = Board(args.fen, variant=VARIANTS[args.variant])
    except DraughtsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"build: {native.describe(native.BUILD)}", file=sys.stderr, flush=True)
    for depth in range(1, args.depth + 1):
        started = time.perf_counter()
        nodes = perft(board, depth)
        took = time.perf_counter() - started
        nps = int(nodes / took) if took > 0 else 0
        print(f"depth={depth} nodes={nodes} time={took:.3f} nps={nps}", flush=True)
    return 0


def _replay(args: argparse.Namespace) -> int:
    from boardroom.replay import replay

    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    result = replay(text.splitlines(), keep_going=args.keep_going)
    print(json.dumps(result.report(args.keep_going), ensure_ascii=False, indent=1))
    return 1 if result.refusals and not args.keep_going else 0


def _serve(args: argparse.Namespace) -> int:
    from boardroom.web.start import Start, room_network_host, start

    asked = Start(
        host=room_network_host(args.local, args.host),
        port=args.port,
        db=args.db,
        demo=not args.no_demo,
        browser=not args.no_browser,
        json_logs=args.json_logs,
        lang=args.lang,
        argv=args.argv,
    )
    return start(asked)


def _add_perft(commands: Any) -> None:
    from boardroom.draughts import VARIANTS

    p = commands.add_parser("perft", help=COMMANDS["perft"][0])
    p.add_argument("depth", type=int)
    p.add_argument(
        "--fen", default=None, help="start position (PDN FEN); the variant's start by default"
    )
    p.add_argument("--variant", choices=sorted(VARIANTS), default="russian")
    p.set_defaults(run=_perft)


def _add_replay(commands: Any) -> None:
    r = commands.add_parser("replay", help=COMMANDS["replay"][0])
    r.add_argument("file")
    r.add_argument("--keep-going", action="store_true", help="report refused commands and go on")
    r.set_defaults(run=_replay)


def _add_serve(commands: Any) -> None:
    s = commands.add_parser(
        "serve",
        help=COMMANDS["serve"][0],
        description="Listens on the room's network (phones on its Wi-Fi join) unless --local; "
        "prints where to open it and where phones join (docs/lesson.md).",
    )
    where = s.add_mutually_exclusive_group()
    where.add_argument(
        "--host", default=None, help="the address to listen on (default 0.0.0.0: every network)"
    )
    where.add_argument(
        "--local", action="store_true", help="listen on 127.0.0.1: this computer only"
    )
    s.add_argument("--port", type=_port, default=8000)
    s.add_argument(
        "--db",
        default=None,
        help="a SQLite file, sqlite:///PATH or postgresql://… (several servers); default: "
        "boardroom.sqlite3 in your data directory",
    )
    s.add_argument("--no-demo", action="store_true", help="do not open the demo games")
    s.add_argument("--no-browser", action="store_true", help="do not open the start page")
    s.add_argument(
        "--json-logs", action="store_true", help="JSON log lines (always when not a terminal)"
    )
    s.add_argument("--lang", choices=("ru", "en"), default=None, help="the terminal's words")
    s.set_defaults(run=_serve)


def _port(text: str) -> int:
    """A TCP port, 1 to 65535 (argparse's one sentence and exit code 2 otherwise)."""
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (1-65535)")
    return int(text)


def _chosen(argv: list[str]) -> str | None:
    """The command ``argv`` names (its first word that is not an option), if any."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def _parser(argv: list[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardroom", description="Boardroom: live games on a draughts board."
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"boardroom {__version__}, {native.describe(native.BUILD)}",
        help="print the version and which build of the engine runs (compiled or pure Python)",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    chosen = _chosen(argv)
    for name, (help_, adder) in COMMANDS.items():
        if name == chosen:
            module, _, function = adder.partition(":")
            getattr(importlib.import_module(module), function)(commands)
        else:
            commands.add_parser(name, help=help_)  # listed in --help; never run unchosen
    parser.set_defaults(argv=argv[argv.index(chosen) :] if chosen else argv)
    return parser


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    args = _parser(words).parse_args(words)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
