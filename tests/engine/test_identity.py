"""Pieces keep their ids through moves, captures and crowning; a firm's moves are its pieces'."""

from __future__ import annotations

from boardroom.draughts import EXCHANGE, QUIZ, Board


def test_ids_follow_the_piece_and_survive_crowning() -> None:
    board = Board("W:Wb6,h2:Bc7,e7", ids={"b6": "3.2", "h2": "4.1", "c7": "7.1", "e7": "7.2"})
    move = board.parse_move("b6:d8:h4")
    assert board.mover_id(move) == "3.2"
    assert board.taken_ids(move) == ("7.1", "7.2")
    board.push(move)
    piece = board.piece_at("h4")
    assert piece is not None and piece.id == "3.2" and piece.king
    assert board.ids() == {"h2": "4.1", "h4": "3.2"}
    board.pop()
    assert board.ids() == {"b6": "3.2", "h2": "4.1", "c7": "7.1", "e7": "7.2"}


def test_a_firm_with_no_capturing_piece_has_no_move_while_its_colour_must_capture() -> None:
    ids = {"c3": "1.1", "g3": "2.1", "a1": "3.1", "d4": "5.1"}
    board = Board("W:Wc3,g3,a1:Bd4", variant=EXCHANGE, ids=ids)
    assert [str(m) for m in board.moves_for({"1.1", "1.2"})] == ["c3:e5"]
    assert board.moves_for({"2.1"}) == []
    assert board.moves_for({"3.1"}) == []


def test_a_firm_without_a_capture_duty_moves_only_its_own_pieces() -> None:
    board = Board(variant=EXCHANGE, ids={"c3": "2.3", "a3": "1.3"})
    assert sorted(str(m) for m in board.moves_for({"2.3"})) == ["c3-b4", "c3-d4"]


def test_the_quiz_start_has_eight_a_side_and_crowned_captains() -> None:
    board = Board(variant=QUIZ)
    pieces = board.pieces()
    assert [p.color for p in pieces].count("white") == 8
    assert {p.square for p in pieces if p.king} == {"d2", "e7"}
    assert board.fen() == "W:Wa3,b2,c3,Kd2,e3,f2,g3,h2:Ba7,b6,c7,d6,Ke7,f6,g7,h6"


def test_a_null_move_passes_the_turn_and_pops_back() -> None:
    board = Board(variant=QUIZ)
    before = board.key()
    board.push_null()
    assert board.turn == "black"
    assert board.pop() is None
    assert board.key() == before
