"""The one command line: ``boardroom perft | replay | serve | simulate | tournament-demo``."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from boardroom import __version__, native
from boardroom.draughts import VARIANTS, Board, DraughtsError
from boardroom.draughts.perft import perft
from boardroom.lab.cli import add_parser as add_simulate_parser
from boardroom.lab.tournament import add_parser as add_tournament_parser


def _perft(args: argparse.Namespace) -> int:
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
    from boardroom.server.config import Settings
    from boardroom.web.serve import serve

    serve(Settings.from_env(host=args.host, port=args.port, db_url=args.db, demo=not args.no_demo))
    return 0


def _parser() -> argparse.ArgumentParser:
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
    p = commands.add_parser("perft", help="count leaf positions of the draughts engine")
    p.add_argument("depth", type=int)
    p.add_argument(
        "--fen", default=None, help="start position (PDN FEN); the variant's start by default"
    )
    p.add_argument("--variant", choices=sorted(VARIANTS), default="russian")
    p.set_defaults(run=_perft)
    r = commands.add_parser("replay", help="play a JSON-lines game file and print the host's state")
    r.add_argument("file")
    r.add_argument("--keep-going", action="store_true", help="report refused commands and go on")
    r.set_defaults(run=_replay)
    s = commands.add_parser("serve", help="run the live server (HTTP + WebSocket)")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument(
        "--db",
        default="sqlite:///var/boardroom.sqlite3",
        help="sqlite:///PATH (default) or postgresql://… (several servers)",
    )
    s.add_argument("--no-demo", action="store_true", help="do not open the demo games")
    s.set_defaults(run=_serve)
    add_simulate_parser(commands)
    add_tournament_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
