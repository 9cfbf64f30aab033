"""The board robot: finds wins and shots, avoids blunders, obeys whose pieces it may move."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from boardroom.bots import LEVELS, BoardRobot, Level, NoLegalMoveError, evaluate, firm_interest
from boardroom.bots.evaluation import material
from boardroom.draughts import EXCHANGE, QUIZ, RUSSIAN, Board, Move, Variant

WIN = 1_000


def solve(board: Board, plies: int) -> int:
    """An independent full-width check: WIN if the mover forces a win within ``plies``,
    -WIN if it loses by force, else 0 (no pruning, no evaluation; quiz crowning wins)."""
    moves = board.legal_moves
    if not moves:
        return -WIN
    if plies == 0:
        return 0
    best = -WIN
    for move in moves:
        board.push(move)
        won = move.crowns and board.variant.promotion == "win"
        score = WIN if won else -solve(board, plies - 1)
        board.pop()
        best = max(best, score)
        if best == WIN:
            break
    return best


def snapshot(board: Board) -> tuple[str, int, list[Move | None], dict[str, str], int]:
    return board.fen(), board.key(), board.move_stack, board.ids(), board.quiet_king_plies


# -- finding wins --------------------------------------------------------------------------


def test_it_finds_a_forced_win_and_keeps_it() -> None:
    board = Board("B:Wb2,h2:Ba5,b8,Kc5,d6,f4,f6,g7")
    assert solve(board, 1) == 0 and solve(board, 5) == WIN
    move = BoardRobot().choose(board, budget_nodes=5_000)
    board.push(move)
    assert solve(board, 4) == -WIN  # after the robot's move the opponent is lost by force


def test_it_sacrifices_a_man_for_a_winning_multi_capture() -> None:
    board = Board("B:Wa1,c1,c3,d4,e1,f4,h2,h4:Ba5,a7,b8,d6,d8,e7,f6,g7,h6,h8")
    move = BoardRobot().choose(board, budget_nodes=5_000)
    assert str(move) == "f6-g5"  # h4:f6 is then forced, and black takes three
    board.push(move)
    assert [str(m) for m in board.legal_moves] == ["h4:f6"]
    board.push_notation("h4:f6")
    assert max(len(m.jumped) for m in board.legal_moves) == 3


def test_it_takes_the_longer_capture_when_captures_are_a_free_choice() -> None:
    board = Board("W:Wc3,h2:Bd4,f6,g3")
    assert {str(m) for m in board.legal_moves} == {"c3:e5:g7", "h2:f4"}
    assert str(BoardRobot().choose(board, budget_nodes=2_000)) == "c3:e5:g7"


def test_a_quiz_man_runs_to_the_far_row_to_win() -> None:
    board = Board("W:Wg7,c3:Bb6,a7", variant=QUIZ)
    assert str(BoardRobot().choose(board, budget_nodes=1_000)) in {"g7-f8", "g7-h8"}


@pytest.mark.parametrize("level", list(LEVELS))
def test_no_level_gives_a_man_away_when_a_safe_move_exists(level: str) -> None:
    board = Board("W:We3,a1:Be5,h8")  # e3-d4 and e3-f4 are both taken by e5
    assert str(BoardRobot(level, seed=3).choose(board, budget_nodes=2_000)) == "a1-b2"


def test_it_avoids_a_blunder_in_the_middle_game() -> None:
    # d4-c5 and d4-e5 hang the d4 man; the robot keeps its material.
    board = Board("W:Wa1,c1,c3,d4,e1,f2,g3,h2:Ba7,b6,b8,d6,d8,f6,f8,h6")
    move = BoardRobot().choose(board, budget_nodes=5_000)
    board.push(move)
    assert not any(reply.captures for reply in board.legal_moves)


# -- whose pieces ----------------------------------------------------------------------------

IDS = {"a3": "1.1", "c3": "1.2", "e3": "2.1", "g3": "2.2", "f6": "5.1", "d6": "5.2"}


def test_pieces_limits_the_robot_to_that_firms_moves() -> None:
    board = Board("W:Wa3,c3,e3,g3:Bd6,f6", variant=EXCHANGE, ids=IDS)
    firm = {"2.1", "2.2"}
    for seed in range(5):
        move = BoardRobot("casual", seed=seed).choose(board, pieces=firm, budget_nodes=500)
        assert board.mover_id(move) in firm and move in board.moves_for(firm)


def test_the_capture_duty_is_the_colours_whoever_owns_the_capturing_piece() -> None:
    ids = {**{k: v for k, v in IDS.items() if k != "d6"}, "d4": "5.2"}
    board = Board("W:Wa3,c3,e3,g3:Bd4,f6", variant=EXCHANGE, ids=ids)
    robot = BoardRobot()
    assert str(robot.choose(board, pieces={"1.1", "1.2"}, budget_nodes=500)) == "c3:e5:g7"
    assert str(robot.choose(board, pieces={"2.1", "2.2"}, budget_nodes=500)) == "e3:c5"
    with pytest.raises(NoLegalMoveError):
        robot.choose(board, pieces={"1.1"}, budget_nodes=500)  # a3 cannot take; c3 must


def test_no_legal_move_and_a_finished_game_are_typed_errors() -> None:
    with pytest.raises(NoLegalMoveError):
        BoardRobot().choose(Board("W:Wa1:Bb2,c3"))
    with pytest.raises(NoLegalMoveError, match="game is over"):
        BoardRobot().choose(Board("B:Wb8,c3:Bf6", variant=QUIZ))  # white reached the far row
    with pytest.raises(NoLegalMoveError):
        BoardRobot().choose(Board("B:Wc3:Bf6", variant=QUIZ), pieces=set())


def turned(board: Board) -> Board:
    """The same position seen from the other side: turned 180°, colours and mover swapped."""

    def square(name: str) -> str:
        return "abcdefgh"[7 - "abcdefgh".index(name[0])] + str(9 - int(name[1]))

    sides = {"white": "B", "black": "W"}
    lists = {
        colour: ",".join(
            ("K" if p.king else "") + square(p.square) for p in board.pieces() if p.color == colour
        )
        for colour in sides
    }
    mover = "B" if board.turn == "white" else "W"
    return Board(f"{mover}:W{lists['black']}:B{lists['white']}", variant=board.variant)


@pytest.mark.parametrize("variant", [RUSSIAN, QUIZ], ids=lambda v: v.name)
def test_the_evaluation_is_the_same_for_either_colour(variant: Variant) -> None:
    for board in random_positions(variant, 30, seed=4):
        assert evaluate(turned(board)) == evaluate(board)


def test_firm_interest_counts_its_own_pieces_above_its_colours() -> None:
    board = Board("W:Wa3,c3,e3:Bf6,h6", variant=EXCHANGE, ids={"a3": "1.1", "c3": "2.1"})
    mine = firm_interest({"1.1"}, own_weight=2)
    assert mine(board) - evaluate(board) == 2 * material(board, {"1.1"})[0]
    without_own = Board("W:Wc3,e3:Bf6,h6", variant=EXCHANGE, ids={"c3": "2.1"})
    without_mate = Board("W:Wa3,e3:Bf6,h6", variant=EXCHANGE, ids={"a3": "1.1"})
    assert mine(without_mate) > mine(without_own)  # losing its own man costs it more
    black_view = Board("B:Wa3,c3,e3:Bf6,h6", variant=EXCHANGE, ids={"a3": "1.1"})
    assert mine(black_view) == -mine(board)  # always from the side to move's view


def test_a_firm_will_not_trade_its_own_man_where_its_colour_would() -> None:
    ids = {"a3": "2.1", "a7": "1.3", "d2": "2.2", "e1": "3.1", "g1": "4.1", "h2": "4.2"}
    board = Board("W:Wa3,a7,d2,e1,g1,h2:Ba5,d8,e7,f4,f8,h8", variant=EXCHANGE, ids=ids)
    firm = {"2.1", "2.2"}
    robot = BoardRobot()
    # a3-b4 trades: a5:c3 is forced and d2:b4 takes back, but the man lost is the firm's own.
    assert str(robot.choose(board, pieces=firm, budget_nodes=5_000)) == "a3-b4"
    own = robot.choose(board, pieces=firm, budget_nodes=5_000, interest=firm_interest(firm))
    assert str(own) == "d2-c3"


def test_an_interest_steers_the_choice() -> None:
    board = Board("W:Wa3,c3,e3,g3:Bd6,f6,b8,h8", variant=EXCHANGE)

    def wants_h4(position: Board) -> int:
        white_on_h4 = position.white >> 17 & 1  # h4 is square 17
        score = 1_000 * white_on_h4 + evaluate(position) // 100
        return score if position.white_to_move else -score

    one_ply = BoardRobot(Level("one ply", depth=1, noise=0, nodes=1_000))
    assert str(one_ply.choose(board)) != "g3-h4"
    assert str(one_ply.choose(board, interest=wants_h4)) == "g3-h4"


# -- budgets, determinism, purity -----------------------------------------------------------


def test_the_same_seed_and_nodes_give_the_same_move() -> None:
    for fen in ("W:Wa1,c1,c3,d4,e1,f2,g3,h2:Ba7,b6,b8,d6,d8,f6,f8,h6", Board().fen()):
        for level in LEVELS:
            moves = {str(BoardRobot(level, seed=11).choose(Board(fen), budget_nodes=3_000))}
            robot = BoardRobot(level, seed=11)
            moves |= {str(robot.choose(Board(fen), budget_nodes=3_000)) for _ in range(2)}
            assert len(moves) == 1


def test_more_nodes_search_deeper() -> None:
    robot = BoardRobot()
    robot.choose(Board(), budget_nodes=300)
    shallow = robot.last
    robot.choose(Board(), budget_nodes=20_000)
    assert shallow is not None and robot.last is not None
    assert robot.last.depth > shallow.depth and robot.last.nodes > shallow.nodes


def test_time_is_read_only_through_the_injected_clock() -> None:
    ticks: list[float] = []

    def clock() -> float:
        ticks.append(len(ticks) * 0.01)
        return ticks[-1]

    robot = BoardRobot(clock=clock)
    move = robot.choose(Board(), budget_s=0.05)
    assert move in Board().legal_moves and 2 <= len(ticks) <= 10
    assert robot.last is not None and robot.last.depth >= 1
    ticks.clear()
    robot.choose(Board(), budget_nodes=2_000)
    assert ticks == []  # a node budget never looks at the clock


def test_a_weaker_level_is_not_the_strong_one() -> None:
    assert LEVELS["beginner"].depth <= 2 and LEVELS["beginner"].noise > 0
    assert LEVELS["strong"].noise == 0
    custom = Level("tiny", depth=1, noise=0, nodes=100)
    assert BoardRobot(custom).choose(Board()) in Board().legal_moves
    with pytest.raises(ValueError, match="unknown level"):
        BoardRobot("grandmaster")


def random_positions(variant: Variant, count: int, seed: int) -> Iterator[Board]:
    """Positions from seeded random games, with ids on every piece."""
    rng = random.Random(seed)
    start = Board(variant=variant)
    ids = {p.square: f"{1 if p.color == 'white' else 5}.{i}" for i, p in enumerate(start.pieces())}
    while count:
        board = Board(variant=variant, ids=ids)
        for _ in range(rng.randrange(0, 60)):
            if board.outcome() is not None:
                break
            board.push(rng.choice(board.legal_moves))
        if board.outcome() is None:
            count -= 1
            yield board


@pytest.mark.parametrize("variant", [RUSSIAN, EXCHANGE, QUIZ], ids=lambda v: v.name)
def test_never_an_illegal_move_and_the_board_is_never_touched(variant: Variant) -> None:
    rng = random.Random(variant.name)
    for i, board in enumerate(random_positions(variant, 80, seed=len(variant.name))):
        before = snapshot(board)
        level = list(LEVELS)[i % len(LEVELS)]
        robot = BoardRobot(level, seed=i)
        own = [p.id for p in board.pieces() if p.color == board.turn and p.id]
        pieces = set(rng.sample(own, max(1, len(own) // 2))) if i % 3 == 0 else None
        allowed = board.legal_moves if pieces is None else board.moves_for(pieces)
        try:
            move = robot.choose(board, pieces=pieces, budget_nodes=rng.randrange(1, 800))
        except NoLegalMoveError:
            assert not allowed
        else:
            assert move in allowed
        assert snapshot(board) == before
