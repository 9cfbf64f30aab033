"""Bad input gets a typed error that says what is wrong; good input round-trips."""

from __future__ import annotations

import pytest

from boardroom.draughts import QUIZ, Board, DraughtsError, FenError, NotationError, PdnError, pdn


@pytest.mark.parametrize(
    ("fen", "says"),
    [
        ("", "must start with the side to move"),
        ("X:Wa1:Bb8", "must start with the side to move"),
        ("W:Wa2:B", "'a2' is not a dark square"),
        ("W:Wa1,a1:B", "a1 is listed twice"),
        ("W:Wa1:Ba1", "both a white and a black piece"),
        ("W:Wa1:Bb8:Wc3", "unexpected field"),
        ("W:W33:B", "'33' is not a dark square"),
        ("W:W5-1:B", "not a range"),
    ],
)
def test_a_malformed_fen_says_what_is_wrong(fen: str, says: str) -> None:
    with pytest.raises(FenError, match=says):
        Board(fen)


def test_numeric_fen_with_ranges_is_read() -> None:
    assert Board("W:W21-32:B1-12").fen() == Board().fen()
    assert Board(Board().fen(numeric=True)).key() == Board().key()


@pytest.mark.parametrize("text", ["", "c3", "c3-", "c3-z9", "c3--d4", "hello", "c3-d4 (x)"])
def test_a_malformed_move_says_what_is_wrong(text: str) -> None:
    with pytest.raises(NotationError):
        Board().parse_move(text)


def test_pdn_of_a_finished_game_reads_back_to_the_same_position() -> None:
    board = Board()
    for text in ["c3-d4", "f6-g5", "d4-c5", "b6:d4", "e3:c5", "d6:b4", "a3:c5", "g5-h4"]:
        board.push_notation(text)
    text = pdn.write(board, {"White": "Anna", "Black": "Boris"})
    assert '[GameType "25"]' in text
    (game,) = pdn.read(text)
    assert game.headers["White"] == "Anna"
    assert game.board().fen() == board.fen()


def test_pdn_from_a_position_carries_its_fen() -> None:
    board = Board("B:Wc3:Bd6,f6")
    board.push_notation("d6-e5")
    text = pdn.write(board)
    assert '[FEN "B:Wc3:Bd6,f6"]' in text and "1... d6-e5" in text
    assert pdn.read(text)[0].board().fen() == board.fen()


def test_an_illegal_move_in_pdn_names_the_move() -> None:
    (game,) = pdn.read('[GameType "25"]\n\n1. c3-d4 f6-g5 2. d4-e6 *\n')
    with pytest.raises(PdnError, match=r"move 2 \(d4-e6\)"):
        game.board()


def test_unbalanced_variations_are_refused() -> None:
    with pytest.raises(DraughtsError, match="never closed"):
        pdn.read("1. c3-d4 (1. a3-b4 *")


def test_a_null_move_is_written_and_read_as_0_0() -> None:
    board = Board(variant=QUIZ)
    board.push_null()
    board.push_notation("f6-g5")
    text = pdn.write(board)
    assert "1. 0-0 f6-g5" in text
    assert pdn.read(text)[0].board(QUIZ).fen() == board.fen()


def test_header_names_are_checked_and_values_kept_on_one_line() -> None:
    with pytest.raises(PdnError, match="header name"):
        pdn.write(Board(), {"Bad Name": "x"})
    text = pdn.write(Board(), {"Event": "two\nlines"})
    assert pdn.read(text)[0].headers["Event"] == "two lines"
