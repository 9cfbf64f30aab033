"""The coach on positions with a known verdict: a missed longer capture, a blunder that hangs
two men, a missed forced win; the words in Russian and English; a 40-move game's time."""

from __future__ import annotations

import json
import time

from boardroom.bots.board import BoardRobot
from boardroom.bots.coach import (
    BLUNDER,
    DEPTH,
    MISTAKE,
    WIN_SCORE,
    Hint,
    analyse,
    analyse_moves,
    analyse_pdn,
    to_json,
)
from boardroom.draughts import Board
from boardroom.draughts import pdn as pdn_format
from boardroom.i18n import catalogue_for, format_message


def played(fen: str, *moves: str) -> Board:
    board = Board(fen)
    for move in moves:
        board.push_notation(move)
    return board


def say(hint: Hint, lang: str) -> str:
    catalogue = catalogue_for("russian")
    template = catalogue.get(lang, hint.key)
    assert template is not None
    return format_message(template, hint.params, lang, catalogue)


def test_a_shorter_capture_is_marked_and_the_longer_one_named_in_words() -> None:
    # White may take one man (h2:f4) or two (c3:e5:g7, h8:f6 takes one back); after h2:f4
    # black takes d4:b2: a man down instead of a man up.
    analysis = analyse(played("W:Wc3,h2,a1,e1:Bd4,f6,g3,b8,h8,d8", "h2:f4"))
    note = analysis.notes[0]
    assert (note.move, note.better, note.label) == ("h2:f4", "c3:e5:g7", "mistake")
    assert MISTAKE <= note.drop < BLUNDER
    assert analysis.first_hint is note
    assert note.hint == Hint("coach.missed_capture", {"taken": 2, "move": "c3:e5:g7"})
    assert say(note.hint, "ru") == "Здесь можно было взять две шашки: c3:e5:g7."
    assert say(note.hint, "en") == "Here you could have captured two pieces: c3:e5:g7."
    data = json.loads(json.dumps(to_json(analysis)))
    assert data["first_hint"] == 0 and data["notes"][0]["label"] == "mistake"
    assert data["notes"][0]["hint"] == {
        "key": "coach.missed_capture",
        "params": {"taken": 2, "move": "c3:e5:g7"},
    }


def test_a_quiet_move_that_hangs_two_men_is_a_blunder() -> None:
    # g3-f4 lets black take g5:e3:g1 (f4 and f2) and crown.
    analysis = analyse(played("W:We7,f2,g3:Bb8,d4,g5,h4", "g3-f4", "g5:e3:g1"))
    first, reply = analysis.notes
    assert (first.move, first.label) == ("g3-f4", "blunder")
    assert first.better in {"e7-d8", "f2-e3"}
    assert first.before > 0 > first.after
    assert first.hint is None
    assert (reply.side, reply.label, reply.better) == ("black", None, None)
    assert analysis.graph[0] == first.before and analysis.graph[1] == -reply.before


def test_a_missed_win_is_named_with_its_length() -> None:
    # c1:e3:g5 takes both black men and wins at once; e1:c3 takes one.
    analysis = analyse(played("W:Wb4,c1,e1:Bd2,f4", "e1:c3"))
    note = analysis.notes[0]
    assert note.before == WIN_SCORE and note.label == "blunder"
    assert note.hint == Hint("coach.missed_win", {"moves": 1, "move": "c1:e3:g5"})
    assert say(note.hint, "ru") == "Здесь был выигрыш в один ход, первый ход: c1:e3:g5."
    assert say(note.hint, "en") == "Here you had a win in one move; the first move: c1:e3:g5."
    plural = Hint("coach.missed_win", {"moves": 5, "move": "g7-h8"})
    assert say(plural, "ru") == "Здесь был выигрыш в 5 ходов, первый ход: g7-h8."
    pieces = Hint("coach.missed_capture", {"taken": 5, "move": "a1:c3"})
    assert say(pieces, "ru") == "Здесь можно было взять 5 шашек: a1:c3."


def test_a_good_game_has_no_labels_and_the_game_is_not_changed() -> None:
    board = played(Board().fen(), "c3-d4", "f6-g5", "g3-h4")
    fen, stack = board.fen(), list(board.move_stack)
    analysis = analyse(board, depth=4)
    assert [n.move for n in analysis.notes] == ["c3-d4", "f6-g5", "g3-h4"]
    assert [n.number for n in analysis.notes] == [1, 1, 2]
    assert all(n.label is None and n.hint is None for n in analysis.notes)
    assert len(analysis.graph) == 4
    assert (board.fen(), board.move_stack) == (fen, stack)
    assert analyse(board, depth=4) == analysis  # deterministic


def forty_moves() -> Board:
    board = Board()
    white, black = BoardRobot("club", seed=0), BoardRobot("club", seed=100)
    while len(board.move_stack) < 80 and board.outcome() is None:
        robot = white if board.turn == "white" else black
        board.push(robot.choose(board, budget_nodes=1_500))
    return board


def test_a_forty_move_game_from_pdn_is_analysed_and_timed() -> None:
    game = pdn_format.read(pdn_format.write(forty_moves()))[0]
    assert len(game.moves) == 80
    started = time.perf_counter()
    analysis = analyse_pdn(game)
    took = time.perf_counter() - started
    print(f"\ncoach: 40 moves (80 plies) at depth {DEPTH}: {took:.2f} s, {analysis.nodes} nodes")
    assert len(analysis.notes) == 80 and len(analysis.graph) == 81
    assert all(n.drop >= 0 for n in analysis.notes)


def test_the_workers_entry_reads_plain_moves_and_gives_each_position() -> None:
    # What the server's worker process gets (a FEN and the moves as text) and gives back.
    fen = "W:We7,f2,g3:Bb8,d4,g5,h4"
    data = json.loads(json.dumps(analyse_moves(fen, ["g3-f4", "g5:e3:g1"])))
    assert [n["label"] for n in data["notes"]] == ["blunder", None]
    assert data["notes"][0]["better"] in {"e7-d8", "f2-e3"}
    assert data["positions"][0] == Board(fen).fen()
    assert data["positions"][-1] == played(fen, "g3-f4", "g5:e3:g1").fen()
    assert len(data["positions"]) == len(data["graph"]) == 3
