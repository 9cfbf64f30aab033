"""The board robot against a program no one here wrote: py-draughts' alpha-beta engine.

    .venv/bin/python benchmarks/robot_strength.py [--games 100] [--seconds 0.1] [--jobs 2]

Plain Russian draughts, the same time per move for both sides. Every opening (a
distinct position a few plies from the start, drawn with a fixed seed) is played
twice, the robot taking white once and black once. Boardroom's engine referees:
its draw rules (threefold repetition, 15 moves of kings only) end a game, and a
game still going at the move cap is adjudicated by material (man 1, king 3).

py-draughts (GPL) runs only in ``benchmarks/.venv-peer`` (see ``perft.py``), as a
separate process: ``peer_engine_py_draughts.py`` answers one FEN + moves a line.
The score is the robot's (wins + draws / 2) / games.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import subprocess
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

from perft import HERE, peer_python

from boardroom import native
from boardroom.bots import LEVELS, BoardRobot
from boardroom.draughts import Board, Move
from boardroom.draughts.squares import NUMBER

START = Board().fen(numeric=True)
WireMove = list[Any]  # [from, to, [taken...], crowns] in PDN numbers


@dataclass(frozen=True)
class Settings:
    seconds: float
    max_plies: int
    ladder: str | None = None  # a weaker level against the strong robot, instead of the peer
    ladder_nodes: int = 20_000  # the strong robot's node budget in a ladder match
    opponent: str = "py-draughts"  # or "pure": our robot on the pure-Python build


@dataclass(frozen=True)
class Game:
    """One finished game, from the robot's side."""

    opening: str
    robot: str  # the robot's colour
    result: str  # "win" | "draw" | "loss"
    reason: str
    plies: int
    robot_seconds: float
    robot_moves: int
    robot_depth: int
    peer_seconds: float
    peer_moves: int
    peer_depth: int  # 0 when the opponent does not say


def wire(move: Move) -> WireMove:
    """A move as PDN numbers, the form the peer reads and writes."""
    taken = sorted(NUMBER[sq] for sq in move.jumped)
    return [NUMBER[move.origin], NUMBER[move.target], taken, move.crowns]


def matching(moves: list[Move], answer: WireMove) -> Move:
    """Our legal move that the peer's answer names (crowning only tells captures apart)."""
    found = [m for m in moves if wire(m)[:3] == answer[:3]]
    if len(found) > 1:
        found = [m for m in found if m.crowns == bool(answer[3])]
    if len(found) != 1:
        raise RuntimeError(f"the peer's move {answer} is not one legal move here")
    return found[0]


def openings(count: int, plies: int, seed: int) -> list[list[str]]:
    """``count`` distinct openings of ``plies`` plies, as move texts (a seeded sample)."""
    found: dict[int, list[str]] = {}

    def walk(board: Board, line: list[str]) -> None:
        if len(line) == plies:
            found.setdefault(board.key(), list(line))
            return
        for move in board.legal_moves:
            board.push(move)
            walk(board, [*line, str(move)])
            board.pop()

    walk(Board(), [])
    lines = sorted(found.values())
    return sorted(random.Random(seed).sample(lines, min(count, len(lines))))


class Peer:
    """An opponent in its own process: py-draughts' engine in its environment, or our
    pure-Python robot (``robot_process.py`` with ``BOARDROOM_PURE=1``)."""

    def __init__(self, opponent: str = "py-draughts") -> None:
        if opponent == "pure":
            command = [sys.executable, str(HERE / "robot_process.py")]
            env = os.environ | {"BOARDROOM_PURE": "1"}
        else:
            command, env = [str(peer_python()), str(HERE / "peer_engine_py_draughts.py")], None
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=HERE, env=env
        )

    def best(self, moves: list[WireMove], seconds: float) -> tuple[WireMove, float, int]:
        """The opponent's move, the seconds it took and the depth it reached (0 if unknown)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        request = {"fen": START, "moves": moves, "seconds": seconds}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        return reply["move"], float(reply["seconds"]), int(reply.get("depth", 0))

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=10)


def material(board: Board) -> int:
    """White's material lead, man 1 and king 3."""

    def worth(pieces: int) -> int:
        return pieces.bit_count() + 2 * (pieces & board.kings).bit_count()

    return worth(board.white) - worth(board.black)


def verdict(board: Board, robot: str, max_plies: int) -> tuple[str, str] | None:
    """The robot's result and why, or None while the game goes on."""
    outcome = board.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return "draw", outcome.reason
        return ("win" if outcome.winner == robot else "loss"), outcome.reason
    if len(board.move_stack) < max_plies:
        return None
    lead = material(board) * (1 if robot == "white" else -1)
    return ("win" if lead > 0 else "loss" if lead < 0 else "draw"), "move_cap_material"


class Player(Protocol):
    def move(self, board: Board, played: list[WireMove]) -> tuple[Move, float, int]:
        """The move, the seconds it took and the depth searched (0 when unknown)."""
        ...


class RobotPlayer:
    """Our robot at a level, under a time or a node budget."""

    def __init__(self, level: str, seconds: float | None, nodes: int | None = None) -> None:
        self.robot = BoardRobot(level)
        self.seconds, self.nodes = seconds, nodes

    def move(self, board: Board, played: list[WireMove]) -> tuple[Move, float, int]:
        started = time.perf_counter()
        move = self.robot.choose(board, budget_s=self.seconds, budget_nodes=self.nodes)
        depth = self.robot.last.depth if self.robot.last is not None else 0
        return move, time.perf_counter() - started, depth


class PeerPlayer:
    """The opponent, through its process."""

    def __init__(self, seconds: float, opponent: str = "py-draughts") -> None:
        self.peer = Peer(opponent)
        self.seconds = seconds

    def move(self, board: Board, played: list[WireMove]) -> tuple[Move, float, int]:
        answer, took, depth = self.peer.best(played, self.seconds)
        return matching(board.legal_moves, answer), took, depth


def play(opening: list[str], robot: str, us: Player, them: Player, max_plies: int) -> Game:
    """One game from ``opening``; ``us`` plays ``robot``'s colour."""
    board = Board()
    played = [wire(board.push_notation(text)) for text in opening]
    clocks = {"us": [0.0, 0.0], "them": [0.0, 0.0]}
    depths: dict[str, list[int]] = {"us": [], "them": []}
    result = verdict(board, robot, max_plies)
    while result is None:
        side = "us" if board.turn == robot else "them"
        move, took, depth = (us if side == "us" else them).move(board, played)
        depths[side].append(depth)
        clocks[side][0] += took
        clocks[side][1] += 1
        board.push(move)
        played.append(wire(move))
        result = verdict(board, robot, max_plies)
    return Game(
        opening=" ".join(opening),
        robot=robot,
        result=result[0],
        reason=result[1],
        plies=len(played),
        robot_seconds=clocks["us"][0],
        robot_moves=int(clocks["us"][1]),
        robot_depth=mean_depth(depths["us"]),
        peer_seconds=clocks["them"][0],
        peer_moves=int(clocks["them"][1]),
        peer_depth=mean_depth(depths["them"]),
    )


def mean_depth(depths: list[int]) -> int:
    return round(sum(depths) / len(depths)) if depths else 0


_PLAYERS: tuple[Player, Player] | None = None
_SETTINGS: Settings | None = None


def _start_worker(settings: Settings) -> None:
    global _PLAYERS, _SETTINGS
    _SETTINGS = settings
    if settings.ladder is None:
        them = PeerPlayer(settings.seconds, settings.opponent)
        _PLAYERS = RobotPlayer("strong", settings.seconds), them
    else:
        level = LEVELS[settings.ladder]
        strong = RobotPlayer("strong", None, settings.ladder_nodes)
        _PLAYERS = RobotPlayer(level.name, None, level.nodes), strong


def _play(job: tuple[list[str], str]) -> Game:
    assert _PLAYERS is not None and _SETTINGS is not None
    return play(*job, *_PLAYERS, _SETTINGS.max_plies)


def run(games: int, settings: Settings, jobs: int, seed: int) -> list[Game]:
    lines = openings((games + 1) // 2, 3, seed)
    schedule = [(line, colour) for line in lines for colour in ("white", "black")][:games]
    if settings.ladder is None and settings.opponent == "py-draughts":
        peer_python()  # set up the peer environment once, before the workers start
    played: list[Game] = []
    with multiprocessing.Pool(jobs, initializer=_start_worker, initargs=(settings,)) as pool:
        for game in pool.imap_unordered(_play, schedule):
            played.append(game)
            print(progress(game, played), file=sys.stderr, flush=True)
    return played


def progress(game: Game, played: list[Game]) -> str:
    tally = Counter(g.result for g in played)
    return (
        f"[{len(played)}] {game.opening} robot={game.robot}: {game.result} ({game.reason}, "
        f"{game.plies} plies, depth {game.robot_depth})  W/D/L so far "
        f"{tally['win']}/{tally['draw']}/{tally['loss']}"
    )


def summary(played: list[Game], settings: Settings, wall: float) -> dict[str, Any]:
    tally = Counter(g.result for g in played)
    robot_moves = sum(g.robot_moves for g in played) or 1
    peer_moves = sum(g.peer_moves for g in played) or 1
    return {
        "games": len(played),
        "wins": tally["win"],
        "draws": tally["draw"],
        "losses": tally["loss"],
        "score": (tally["win"] + tally["draw"] / 2) / max(len(played), 1),
        "seconds_per_move": settings.seconds,
        "robot_mean_move_s": sum(g.robot_seconds for g in played) / robot_moves,
        "peer_mean_move_s": sum(g.peer_seconds for g in played) / peer_moves,
        "robot_mean_depth": sum(g.robot_depth for g in played) / max(len(played), 1),
        "peer_mean_depth": sum(g.peer_depth for g in played) / max(len(played), 1),
        "reasons": dict(Counter(g.reason for g in played)),
        "by_colour": {
            colour: dict(Counter(g.result for g in played if g.robot == colour))
            for colour in ("white", "black")
        },
        "wall_seconds": wall,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=0.1, help="time per move, both sides")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--max-plies", type=int, default=200, help="move cap, then material")
    parser.add_argument("--seed", type=int, default=7, help="chooses the openings")
    parser.add_argument("--json", type=Path, help="also write every game and the summary here")
    parser.add_argument(
        "--ladder",
        choices=[name for name in LEVELS if name != "strong"],
        help="play this level (its default node budget) against the strong robot instead",
    )
    parser.add_argument(
        "--opponent",
        choices=["py-draughts", "pure"],
        default="py-draughts",
        help="py-draughts' engine, or the strong robot on the pure-Python build",
    )
    args = parser.parse_args()
    settings = Settings(args.seconds, args.max_plies, args.ladder, opponent=args.opponent)
    print(f"robot build: {native.describe(native.BUILD)}", file=sys.stderr)
    started = time.perf_counter()
    played = run(args.games, settings, args.jobs, args.seed)
    result = summary(played, settings, time.perf_counter() - started)
    print(json.dumps(result, indent=1))
    opponent = {"py-draughts": "py-draughts SimpleEngine", "pure": "the pure-Python robot"}[
        args.opponent
    ]
    opponent = opponent if args.ladder is None else "the strong robot"
    who = "robot" if args.ladder is None else args.ladder
    print(
        f"{who} vs {opponent}: W/D/L {result['wins']}/{result['draws']}/"
        f"{result['losses']} of {result['games']}, score {100 * result['score']:.1f}%"
    )
    if args.json:
        games = [asdict(g) for g in played]
        args.json.write_text(json.dumps({"summary": result, "games": games}, indent=1))


if __name__ == "__main__":
    main()
