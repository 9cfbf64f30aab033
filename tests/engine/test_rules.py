"""The rules of Russian draughts and the games' switches, position by position."""

from __future__ import annotations

import pytest

from boardroom.draughts import QUIZ, RUSSIAN, Board, IllegalMoveError, Variant
from boardroom.draughts.perft import perft

REFERENCE_PERFT = [7, 49, 302, 1469, 7482, 37986, 190146, 929899]


def moves(fen: str, variant: Variant = RUSSIAN) -> list[tuple[str, tuple[str, ...]]]:
    return sorted((str(m), m.taken) for m in Board(fen, variant=variant).legal_moves)


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_from_the_start_matches_the_reference(depth: int) -> None:
    assert perft(Board(), depth) == REFERENCE_PERFT[depth - 1]


# perft(5) of positions built around one rule each; pydraughts (an independent
# implementation) gives the same counts (checked when these were recorded).
RULE_POSITIONS = [
    ("turkish_strike", "W:WKc3,a1,h2:Bd4,g5,g3,e3,a7,b8", 663),
    ("king_must_land_to_continue", "W:WKa1,c1,h2:Bb2,f4,h6,a7,d8", 2597),
    ("free_choice_not_majority", "W:Wc3,h2,a1,e1:Bd4,f6,g3,a7,h8", 21),
    ("circular_capture", "W:Wc3,a1,h2:Bd4,f4,d2,f2,a7,b8,h8", 214),
    ("crowned_mid_capture", "W:Wb6,a1,c1:Bc7,e7,a5,h8,g7", 996),
    ("man_backward_capture", "W:We7,a1,c1:Bf8,d6,b4,h6,g7", 196),
    ("ambiguous_king_paths", "W:WKe1,a1,c1:Bf2,g1,e7,d2,f4,h8", 2262),
    ("captains_as_kings", "W:Wa1,c3,e3,g3,Kd2:Bb6,d6,f6,h6,Ke7", 27846),
]


@pytest.mark.parametrize(
    ("rule", "fen", "nodes"), RULE_POSITIONS, ids=[r[0] for r in RULE_POSITIONS]
)
def test_perft_of_positions_built_around_each_rule(rule: str, fen: str, nodes: int) -> None:
    assert perft(Board(fen), 5) == nodes


def test_perft_of_the_quiz_start_with_its_switches() -> None:
    board = Board(variant=QUIZ)
    assert [perft(board, d) for d in range(1, 5)] == [9, 81, 684, 4879]
    assert perft(Board("W:Wc5:Bd6,f6,d4,f4", variant=QUIZ), 1) == 1


def test_a_man_moves_one_square_forward_only() -> None:
    assert moves("W:Wc3:Bh8") == [("c3-b4", ()), ("c3-d4", ())]
    assert moves("B:Wa1:Bd6") == [("d6-c5", ()), ("d6-e5", ())]


def test_capture_is_compulsory_with_free_choice_not_the_majority() -> None:
    assert moves("W:Wc3,h2:Bd4,f6,g3") == [
        ("c3:e5:g7", ("d4", "f6")),
        ("h2:f4", ("g3",)),
    ]


def test_men_capture_backward_in_russian_but_not_in_the_quiz() -> None:
    assert moves("W:Wd4:Bc3") == [("d4:b2", ("c3",))]
    assert moves("W:Wd4:Bc3", QUIZ) == [("d4-c5", ()), ("d4-e5", ())]


def test_a_capture_once_begun_goes_on_while_it_can() -> None:
    assert moves("W:We7:Bf8,d6,b4") == [("e7:c5:a3", ("d6", "b4"))]


def test_a_man_crowned_during_a_capture_goes_on_capturing_as_a_king() -> None:
    assert moves("W:Wb6:Bc7,e7") == [
        ("b6:d8:f6", ("c7", "e7")),
        ("b6:d8:g5", ("c7", "e7")),
        ("b6:d8:h4", ("c7", "e7")),
    ]
    board = Board("W:Wb6:Bc7,e7")
    board.push_notation("b6:d8:h4")
    assert board.fen() == "B:WKh4:B"


def test_in_the_quiz_reaching_the_last_row_ends_the_move_and_wins() -> None:
    board = Board("W:Wb6:Bc7,e7,a5", variant=QUIZ)
    assert moves(board.fen(), QUIZ) == [("b6:d8", ("c7",))]
    board.push_notation("b6:d8")
    assert board.outcome() == ("white", "reached_last_row")


def test_a_flying_king_must_land_where_the_capture_can_go_on() -> None:
    assert moves("W:WKa1:Bb2,f4") == [("a1:e5:g3", ("b2", "f4")), ("a1:e5:h2", ("b2", "f4"))]


def test_a_flying_king_chooses_any_landing_when_none_goes_on() -> None:
    assert [m for m, _ in moves("W:WKa1:Bc3")] == ["a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"]


def test_turkish_strike_taken_pieces_stay_until_the_move_ends() -> None:
    # From f2 the king could take e3 if d4 (taken earlier) were already gone.
    assert moves("W:WKc3:Bd4,g5,g3,e3") == [
        ("c3:e5:h2", ("d4", "g3")),
        ("c3:f6:h4:e1", ("d4", "g5", "g3")),
        ("c3:f6:h4:f2", ("d4", "g5", "g3")),
    ]


def test_a_circular_capture_run_either_way_is_one_move() -> None:
    assert moves("W:Wc3:Bd4,f4,d2,f2") == [("c3:e1:g3:e5:c3", ("d2", "f2", "f4", "d4"))]
    board = Board("W:Wc3:Bd4,f4,d2,f2")
    board.push_notation("c3:e5:g3:e1:c3")
    assert board.fen() == "B:Wc3:B"


def test_in_the_quiz_each_order_of_jumps_is_its_own_move() -> None:
    board = Board("W:WKc3:Bd4,f4,d2,f2", variant=QUIZ)
    loops = [m for m in board.legal_moves if m.target == board.legal_moves[0].origin]
    assert len({m.jumped for m in loops}) == len(loops) > 1


def test_a_side_that_cannot_move_loses() -> None:
    assert Board("W:Wa1:Bb2,c3").outcome() == ("black", "no_moves")
    assert Board("B:Wa1:B").outcome() == ("white", "no_moves")
    assert Board("W:Wa1:Bh8").outcome() is None


def test_threefold_repetition_draws_a_plain_game() -> None:
    board = Board("W:WKc1:BKf8")
    for _ in range(2):
        for text in ("c1-d2", "f8-e7", "d2-c1", "e7-f8"):
            board.push_notation(text)
    assert board.repetitions() == 3
    assert board.outcome() == (None, "threefold_repetition")


def test_fifteen_moves_of_kings_only_draw() -> None:
    board = Board("W:WKa1,Kc1:BKh8,Kf8")
    walk = [
        "c1-b2",
        "f8-a3",
        "b2-c1",
        "a3-b4",
        "c1-b2",
        "b4-e1",
        "b2-c1",
        "e1-f2",
        "c1-b2",
        "f2-g1",
        "b2-c1",
        "g1-h2",
        "c1-b2",
        "h2-g3",
        "b2-c1",
        "g3-e1",
        "c1-b2",
        "e1-d2",
        "b2-c1",
        "d2-a5",
        "c1-b2",
        "a5-b4",
        "b2-c1",
        "b4-a3",
        "c1-d2",
        "a3-c1",
        "d2-e1",
        "c1-a3",
        "e1-f2",
        "a3-c1",
    ]
    for ply, text in enumerate(walk):
        assert board.outcome() is None, ply
        board.push_notation(text)
    assert board.outcome() == (None, "kings_only_15_moves")


def test_a_man_move_resets_the_kings_only_count() -> None:
    board = Board("W:WKc1,a3:BKf8")
    board.push_notation("c1-d2")
    board.push_notation("f8-e7")
    assert board.quiet_king_plies == 2
    board.push_notation("a3-b4")
    assert board.quiet_king_plies == 0


def test_ambiguous_capture_paths_are_told_apart_by_landing_or_taken_squares() -> None:
    board = Board("W:WKe1:Bf2,g1,e7,d2,f4")
    with pytest.raises(IllegalMoveError, match="ambiguous") as err:
        board.parse_move("e1:f8")
    assert sorted(err.value.legal) == ["e1:b4:f8", "e1:g3:d6:f8"]
    assert board.parse_move("e1:b4:f8").taken == ("d2", "e7")
    assert board.parse_move("e1xf8 (d2, e7)").taken == ("d2", "e7")
    assert board.parse_move("e1:f8 [f2,f4,e7]").taken == ("f2", "f4", "e7")


def test_an_illegal_move_lists_the_legal_ones() -> None:
    board = Board("W:Wc3,h2:Bd4,f6,g3")
    with pytest.raises(IllegalMoveError) as err:
        board.parse_move("c3-b4")
    assert str(err.value) == "c3-b4 is not legal here; legal moves: c3:e5:g7, h2:f4"
    assert err.value.legal == ["c3:e5:g7", "h2:f4"]


def test_numeric_squares_and_x_are_read_too() -> None:
    board = Board()
    assert str(board.parse_move("22-18")) == "c3-d4"
    board = Board("W:Wc3:Bd4")
    assert str(board.parse_move("22x15")) == str(board.parse_move("c3xe5")) == "c3:e5"
