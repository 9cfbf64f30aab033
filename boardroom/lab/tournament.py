"""``boardroom tournament-demo``: a Swiss event of robot pupils, played out and tabled.

    boardroom tournament-demo --pupils 9 --rounds 3 [--level beginner] [--nodes 400]
        [--lang ru|en] [--pdn FILE] [--csv FILE] [--coach]

Each pupil is a board robot of ``--level`` (its own seed); the odd pupil plays the robot
seat. A game ends by the rules or, after ``--max-plies``, as a draw. Prints each round's
results, the standings and (``--coach``) the coach's first hint for every lost game.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="boardroom")
>>> add_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["tournament-demo", "--pupils", "5", "--lang", "en"])
>>> args.pupils, args.rounds, args.lang, args.run is run
(5, 3, 'en', True)
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardroom.bots.board import LEVELS, BoardRobot
from boardroom.bots.coach import analyse
from boardroom.draughts import Board
from boardroom.games.russian.tournament import (
    DRAW,
    LOSS,
    ROBOT,
    WIN,
    Event,
    Pupil,
    TournamentError,
    crosstable_csv,
    event_pdn,
    pair_next_round,
    points_text,
    record,
    robot_name,
    standings,
    swiss,
)
from boardroom.i18n import catalogue_for, format_message

NAMES = {
    "ru": (
        *("Аня", "Боря", "Вика", "Гоша", "Даша", "Егор", "Женя", "Зоя", "Илья", "Катя"),
        *("Лёва", "Маша", "Нина", "Олег", "Петя", "Рита", "Саша", "Таня", "Уля", "Федя"),
        *("Хана", "Цветана", "Чеслав", "Шура", "Эля", "Юра", "Яна", "Алик", "Белла", "Вова"),
    ),
    "en": (
        *("Ann", "Bob", "Cat", "Dan", "Eve", "Fred", "Gina", "Hugo", "Ivy", "Jack"),
        *("Kate", "Leo", "Mia", "Ned", "Olga", "Pete", "Quinn", "Rita", "Sam", "Tina"),
        *("Uma", "Vic", "Wendy", "Xena", "Yuri", "Zoe", "Abe", "Bea", "Cy", "Dot"),
    ),
}


@dataclass
class Demo:
    """The event as played, with every game's board by (round, board)."""

    event: Event
    boards: dict[tuple[int, int], Board]


def pupils(count: int, lang: str) -> list[Pupil]:
    """``count`` pupils with names in ``lang`` (numbered after the thirtieth)."""
    names = NAMES.get(lang, NAMES["ru"])
    return [
        Pupil(f"p{n}", names[n - 1] if n <= len(names) else f"{names[(n - 1) % len(names)]} {n}")
        for n in range(1, count + 1)
    ]


def play_game(white: BoardRobot, black: BoardRobot, nodes: int, max_plies: int) -> Board:
    """One game between two robots, to its end or ``max_plies``."""
    board = Board()
    while board.outcome() is None and len(board.move_stack) < max_plies:
        robot = white if board.turn == "white" else black
        board.push(robot.choose(board, budget_nodes=nodes))
    return board


def result_of(board: Board) -> int:
    """White's half-points: the rules' winner, else a draw (also at the move limit)."""
    outcome = board.outcome()
    if outcome is None or outcome.winner is None:
        return DRAW
    return WIN if outcome.winner == "white" else LOSS


def run_demo(
    count: int, rounds: int, level: str, nodes: int, max_plies: int, lang: str = "ru"
) -> Demo:
    """A Swiss event of ``count`` robot pupils over ``rounds`` rounds, every game played."""
    event = swiss("Demo", pupils(count, lang), rounds)
    seeds = {p.id: n for n, p in enumerate(event.pupils, start=1)} | {ROBOT: 0}
    boards: dict[tuple[int, int], Board] = {}
    for number in range(1, rounds + 1):
        event = pair_next_round(event)
        for game in event.rounds[-1]:
            white = BoardRobot(level, seed=seeds[game.white] * 1000 + number)
            black = BoardRobot(level, seed=seeds[game.black] * 1000 + number)
            board = play_game(white, black, nodes, max_plies)
            boards[(number, game.board)] = board
            event = record(event, number, game.board, result_of(board))
    return Demo(event, boards)


def _name(event: Event, seat: str, lang: str) -> str:
    return robot_name(lang) if seat == ROBOT else event.pupil(seat).name


def round_lines(event: Event, lang: str) -> list[str]:
    """Each board of each round: ``1.2  Аня – Боря  1:0``."""
    lines = []
    for game in event.games:
        white, black = _name(event, game.white, lang), _name(event, game.black, lang)
        score = "*"
        if game.result is not None:
            score = f"{points_text(game.result)}:{points_text(WIN - game.result)}"
        lines.append(f"{game.round}.{game.board}  {white} – {black}  {score}")
    return lines


def table_lines(event: Event, lang: str) -> list[str]:
    """The standings as aligned text, headings in ``lang``."""
    catalogue = catalogue_for("russian")

    def word(key: str) -> str:
        return catalogue.get(lang, f"@tournament.{key}") or key

    rows = [[word("place"), word("name"), word("points"), word("buchholz"), word("sb")]]
    for s in standings(event):
        rows.append(
            [
                str(s.place),
                s.pupil.name,
                points_text(s.points),
                points_text(s.buchholz),
                str(s.sonneborn_berger),
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def coach_lines(demo: Demo, lang: str, depth: int) -> list[str]:
    """The coach's first hint (or first blunder) for the loser of each decided game."""
    catalogue = catalogue_for("russian")
    lines = []
    for game in demo.event.games:
        if game.result in (None, DRAW):
            continue
        analysis = analyse(demo.boards[(game.round, game.board)], depth)
        loser = "black" if game.result == WIN else "white"
        mine = [n for n in analysis.notes if n.side == loser]
        note = next((n for n in mine if n.hint), None) or next((n for n in mine if n.label), None)
        if note is None:
            continue
        who = _name(demo.event, game.black if loser == "black" else game.white, lang)
        if note.hint is not None:
            template = catalogue.get(lang, note.hint.key) or note.hint.key
            said = format_message(template, note.hint.params, lang, catalogue)
        else:
            template = catalogue.get(lang, "coach.better") or "coach.better"
            said = format_message(template, {"move": note.better or ""}, lang, catalogue)
        label = catalogue.get(lang, f"@coach.{note.label}") if note.label else ""
        lines.append(
            f"{game.round}.{game.board} {who}, {note.number}. {note.move} ({label}): {said}"
        )
    return lines


def run(args: argparse.Namespace) -> int:
    try:
        demo = run_demo(args.pupils, args.rounds, args.level, args.nodes, args.max_plies, args.lang)
    except TournamentError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("\n".join(round_lines(demo.event, args.lang)))
    print()
    print("\n".join(table_lines(demo.event, args.lang)))
    if args.coach:
        print()
        print("\n".join(coach_lines(demo, args.lang, args.coach_depth)))
    if args.pdn:
        Path(args.pdn).write_text(event_pdn(demo.event, demo.boards, args.lang), encoding="utf-8")
    if args.csv:
        Path(args.csv).write_text(crosstable_csv(demo.event, args.lang), encoding="utf-8")
    return 0


def add_parser(commands: Any) -> None:
    """Register ``tournament-demo`` on the main CLI's subparsers."""
    t = commands.add_parser(
        "tournament-demo", help="play a Swiss event of robot pupils and print the standings"
    )
    t.add_argument("--pupils", type=int, default=9)
    t.add_argument("--rounds", type=int, default=3)
    t.add_argument("--level", choices=list(LEVELS), default="beginner")
    t.add_argument("--nodes", type=int, default=400, help="each robot's node budget per move")
    t.add_argument("--max-plies", type=int, default=120, help="a draw after so many plies")
    t.add_argument("--lang", choices=("ru", "en"), default="ru")
    t.add_argument("--pdn", default=None, help="write every game to this PDN file")
    t.add_argument("--csv", default=None, help="write the crosstable to this CSV file")
    t.add_argument("--coach", action="store_true", help="the coach's word on each lost game")
    t.add_argument("--coach-depth", type=int, default=4)
    t.set_defaults(run=run)
