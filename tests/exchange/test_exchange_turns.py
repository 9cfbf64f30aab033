"""Turn order (§3): the seed's two examples, everyone-declined, the clock, timeouts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from exchange_helpers import (
    check_fold,
    check_invariants,
    do,
    refused,
    started,
    tick,
    types,
)

from boardroom.draughts import Board, Move
from boardroom.games.exchange import ExchangeRules

SEED_ONE: dict[str, Any] = {
    "opening_session": False,
    "order": {"white": [3, 4, 1, 2], "black": [6, 7, 8, 5]},
    "placement": {"1": ["c3"], "2": ["a1"], "3": ["e1"], "4": ["g1"], "5": ["d4"], "6": ["a7"]},
}


def test_seed_example_one_forced_passes_hand_the_capture_to_firm_one() -> None:
    game = started(**SEED_ONE)
    passes = [(e["firm"], e["forced"], e["reason"]) for e in game.events if e["type"] == "passed"]
    assert passes == [(3, True, "capture_elsewhere"), (4, True, "capture_elsewhere")]
    assert game.state.call.firm == 1
    exc = refused(game, 1, "pass", "p1", firm=1)
    assert exc.code == "must_capture"
    events = do(game, 1, "move", "p1", firm=1, move="c3:e5")
    assert types(events) == ["moved", "capture_rewarded", "called"]
    assert events[1]["amount"] == 20 and events[1]["firm"] == 1
    do(game, 31, "move", "p6", firm=6, move="a7-b6")
    assert game.state.call.firm == 2, "the next white call goes to firm 2"
    check_invariants(game.state)
    check_fold(game)


SEED_TWO: dict[str, Any] = {
    "opening_session": False,
    "order": {"white": [1, 2, 3, 4], "black": [6, 7, 8, 5]},
    "placement": {
        "1": ["a1"],
        "2": ["e1"],
        "6": ["a7"],
        "7": ["b6"],
        "8": ["h6"],
        "5": ["f8"],
    },
}


def test_seed_example_two_cannot_declines_moves_then_white_two() -> None:
    game = started(**SEED_TWO)
    do(game, 1, "move", "p1", firm=1, move="a1-b2")
    assert [(e["firm"], e["forced"]) for e in game.events if e["type"] == "passed"] == [(6, True)]
    assert game.state.call.firm == 7
    events = do(game, 5, "pass", "p7", firm=7)
    assert [(e["type"], e.get("firm"), e.get("forced")) for e in events] == [
        ("passed", 7, False),
        ("called", 8, None),
    ]
    exc = refused(game, 10, "move", "p8", firm=8, move="h6-g5")
    assert exc.code == "too_early" and exc.details["wait"] == 21
    do(game, 31, "move", "p8", firm=8, move="h6-g5")
    assert game.state.call.color == "white" and game.state.call.firm == 2
    check_fold(game)


def test_everyone_declined_first_decliner_must_move() -> None:
    game = started(opening_session=False)
    for firm, director in ((1, "p1"), (2, "p2"), (3, "p3"), (4, "p4")):
        do(game, 1, "pass", director, firm=firm)
    call = game.state.call
    assert (call.firm, call.must_move) == (1, True)
    assert refused(game, 2, "pass", "p1", firm=1).code == "must_move"
    do(game, 2, "move", "p1", firm=1, move="a3-b4")
    assert game.state.call.color == "black"
    assert game.state.pointers["white"] == 1


def test_wrong_firm_wrong_director_and_illegal_moves_are_refused() -> None:
    game = started(opening_session=False)
    assert refused(game, 1, "move", "p2", firm=2, move="c3-d4").code == "not_on_call"
    assert refused(game, 1, "move", "p2", firm=1, move="a3-b4").code == "not_your_firm"
    exc = refused(game, 1, "move", "p1", firm=1, move="a3-c5")
    assert exc.code == "illegal_move" and exc.details["legal"] == ["a3-b4"]
    assert refused(game, 1, "move", "p1", firm=1, move="c3-d4").code == "not_your_piece"
    assert refused(game, 1, "move", "p1", firm=1, move="zz").code == "bad_notation"
    assert refused(
        game, 1, "order", "p1", account="p1", stock=1, side="buy", qty=1, price=10
    ).code == ("wrong_phase")


def test_timeout_takeover_moves_late_colour_then_own_then_late_colour_resumes() -> None:
    game = started(opening_session=False)
    events = tick(game, 300)
    assert types(events) == ["timed_out"]
    assert events[0] == {
        "type": "timed_out",
        "firm": 1,
        "color": "white",
        "takeover_firm": 5,
        "at": 300.0,
    }
    call = game.state.call
    assert (call.firm, call.color, call.takeover) == (5, "white", 1)
    assert refused(game, 301, "move", "p1", firm=1, move="a3-b4").code == "not_on_call"
    assert refused(game, 301, "move", "p1", firm=5, move="c3-d4").code == "not_your_firm"
    do(game, 301, "move", "p5", firm=5, move="c3-d4")
    call = game.state.call
    assert (call.firm, call.color, call.takeover, call.must_move) == (5, "black", 2, True)
    assert refused(game, 302, "pass", "p5", firm=5).code == "must_move"
    # Its own piece is the other colour's move: no sooner than 30 s after c3-d4.
    assert refused(game, 302, "move", "p5", firm=5, move="h6-g5").details["wait"] == 29
    assert refused(game, 331, "move", "p5", firm=5, move="f6-g5").code == "not_your_piece"
    do(game, 331, "move", "p5", firm=5, move="h6-g5")
    call = game.state.call
    assert (call.color, call.firm) == ("white", 2), "white resumes past the late firm 1"
    assert game.state.moves_this_year == 2
    assert game.state.pointers["black"] == 1
    check_invariants(game.state)
    check_fold(game)


def test_late_takeover_firm_is_moved_by_the_autoplay_hook() -> None:
    chosen: list[int] = []

    def last_move(board: Board, moves: Sequence[Move], firm: int) -> Move:
        chosen.append(firm)
        return sorted(moves, key=str)[-1]

    game = started(ExchangeRules(autoplay=last_move), opening_session=False)
    tick(game, 300)
    events = tick(game, 600)
    moved = [e for e in events if e["type"] == "moved"]
    assert moved[0]["auto"] and moved[0]["takeover"] == 1 and moved[0]["move"] == "g3-h4"
    events = tick(game, 900)
    moved = [e for e in events if e["type"] == "moved"]
    assert moved[0]["auto"] and moved[0]["takeover"] == 2 and moved[0]["piece_firm"] == 5
    assert chosen == [5, 5]
    check_fold(game)


def test_default_autoplay_never_stalls_a_game_without_directors() -> None:
    game = started(opening_session=False, directors={}, moves_per_year=4)
    for _ in range(40):
        deadline = game.rules.next_deadline(game.state)
        if game.state.phase != "board" or deadline is None:
            break
        tick(game, deadline)
    assert game.state.phase == "exchange"
    moved = [e for e in game.events if e["type"] == "moved"]
    assert len(moved) == 4 and all(e["auto"] for e in moved)
    check_invariants(game.state)


def test_a_takeover_pair_is_never_split_at_the_year_end() -> None:
    game = started(opening_session=False, moves_per_year=1)
    tick(game, 300)
    do(game, 301, "move", "p5", firm=5, move="c3-d4")
    assert game.state.phase == "board"
    do(game, 331, "move", "p5", firm=5, move="h6-g5")
    assert game.state.phase == "exchange"
    assert sum(e["type"] == "moved" for e in game.events) == 2


def test_no_move_sooner_than_move_min_after_the_other_colour() -> None:
    game = started(opening_session=False, time_scale=0.5)
    do(game, 0, "move", "p1", firm=1, move="a3-b4")
    exc = refused(game, 10, "move", "p5", firm=5, move="h6-g5")
    assert exc.code == "too_early" and exc.details["wait"] == 5
    do(game, 15, "move", "p5", firm=5, move="h6-g5")


def test_board_decided_ends_the_game_at_the_end_of_that_year() -> None:
    game = started(
        opening_session=False,
        placement={"1": ["c3"], "2": ["a1"], "5": ["d4"]},
        board_win_bonus=50,
    )
    events = do(game, 1, "move", "p1", firm=1, move="c3:e5")
    assert {"type": "board_decided", "winner": "white", "reason": "no_moves", "at": 1.0} in events
    assert [e["firm"] for e in events if e["type"] == "bonus_paid"] == [1, 2, 3, 4]
    assert game.state.phase == "exchange"
    for _ in range(5):
        deadline = game.rules.next_deadline(game.state)
        if deadline is None:
            break
        tick(game, deadline)
    assert game.state.phase == "ended"
    assert game.state.results["reason"] == "board_decided"
    assert game.state.results["board"]["winner"] == "white"
    check_invariants(game.state)
    check_fold(game)
