"""Russian draughts as a player relies on it: moves by position, the clock, resign, draws,
the result and its reason, the actions each seat is offered."""

from __future__ import annotations

import pickle
import random

import pytest

from boardroom.bots.board import LEVELS
from boardroom.draughts import Board
from boardroom.games import kind_for
from boardroom.games.russian import KIND, RULES, RussianState
from boardroom.games.russian.state import LEVELS as CORE_LEVELS
from boardroom.kernel import Journal, Json, Refused, fold


def game(**spec: object) -> Journal[RussianState]:
    journal: Journal[RussianState] = Journal.open(RULES, {"game": "russian", **spec})
    journal.handle({"type": "start", "by": "host"}, now=0.0)
    return journal


def play(
    journal: Journal[RussianState], by: str, command: str, now: float, **fields: object
) -> None:
    journal.handle({"type": command, "by": by, **fields}, now=now)


def seen(journal: Journal[RussianState], viewer: str = "projector") -> Json:
    view: Json = RULES.view(journal.state, viewer)
    return view


def test_the_registry_names_the_kind_and_the_robot_levels_match_the_bots() -> None:
    assert kind_for("russian") is KIND
    assert tuple(LEVELS) == CORE_LEVELS
    assert KIND.roles({}) == ["white", "black"]
    assert RULES.setup(KIND.demo()).robots["black"] == "casual"


def test_moves_are_checked_against_the_position_and_the_turn() -> None:
    journal = game()
    with pytest.raises(Refused) as wrong_side:
        play(journal, "black", "move", 1.0, move="f6-g5")
    assert wrong_side.value.code == "not_your_turn"
    with pytest.raises(Refused) as illegal:
        play(journal, "white", "move", 1.0, move="c3-c4")
    assert illegal.value.code == "illegal_move"
    play(journal, "white", "move", 1.0, move="c3-d4")
    play(journal, "black", "move", 2.0, move="f6-e5")
    view = seen(journal)
    assert view["to_move"] == "white" and view["moves"] == ["c3-d4", "f6-e5"]
    assert view["legal_moves"] == ["d4:f6"]  # the capture is compulsory
    with pytest.raises(Refused):
        play(journal, "white", "move", 3.0, move="a3-b4")
    play(journal, "white", "move", 3.0, move="d4xf6")
    assert "f6" in seen(journal)["position"] and seen(journal)["to_move"] == "black"


def test_no_move_before_the_start_and_only_the_host_starts() -> None:
    journal: Journal[RussianState] = Journal.open(RULES, {"game": "russian"})
    with pytest.raises(Refused) as early:
        play(journal, "white", "move", 0.0, move="c3-d4")
    assert early.value.code == "not_started"
    with pytest.raises(Refused) as player:
        play(journal, "white", "start", 0.0)
    assert player.value.code == "host_only"


def test_a_capture_ending_the_game_gives_the_result_and_reason() -> None:
    journal = game(fen="W:Wc3:Bd4")
    play(journal, "white", "move", 1.0, move="c3:e5")
    view = seen(journal)
    assert (view["phase"], view["winner"], view["end_reason"], view["result"]) == (
        "ended",
        "white",
        "no_moves",
        "2-0",
    )
    assert view["to_move"] is None and view["legal_moves"] == []


def test_the_clock_runs_for_the_side_to_move_and_a_timeout_loses() -> None:
    journal = game(ruleset={"minutes": 1, "increment_s": 2})
    assert RULES.next_deadline(journal.state) == 60.0
    play(journal, "white", "move", 10.0, move="c3-d4")  # white used 10 s, gets 2 back
    assert seen(journal)["clock"]["left"] == {"white": 52.0, "black": 60.0}
    assert RULES.next_deadline(journal.state) == 70.0  # black's minute from 10 s on
    journal.handle({"type": "tick", "by": "server"}, now=69.9)
    assert seen(journal)["phase"] == "play"
    journal.handle({"type": "tick", "by": "server"}, now=70.0)
    view = seen(journal)
    assert (view["winner"], view["end_reason"], view["result"]) == ("white", "timeout", "2-0")
    assert view["clock"]["left"]["black"] == 0.0 and RULES.next_deadline(journal.state) is None


def test_a_move_after_the_flag_fell_is_not_made_the_game_is_lost_on_time() -> None:
    journal = game(ruleset={"minutes": None, "move_s": 5})
    play(journal, "white", "move", 4.0, move="c3-d4")
    assert RULES.next_deadline(journal.state) == 9.0
    play(journal, "black", "move", 9.5, move="f6-g5")
    view = seen(journal)
    assert view["moves"] == ["c3-d4"] and (view["winner"], view["end_reason"]) == (
        "white",
        "timeout",
    )


def test_no_clock_no_deadline() -> None:
    journal = game(ruleset={"minutes": None})
    assert RULES.next_deadline(journal.state) is None
    play(journal, "white", "move", 10_000.0, move="c3-d4")
    assert seen(journal)["clock"]["left"] == {"white": None, "black": None}


def test_resign_loses_and_ends_the_game() -> None:
    journal = game()
    play(journal, "white", "move", 1.0, move="c3-d4")
    play(journal, "white", "resign", 2.0)
    view = seen(journal)
    assert (view["winner"], view["end_reason"], view["result"]) == ("black", "resigned", "0-2")
    with pytest.raises(Refused) as over:
        play(journal, "black", "move", 3.0, move="f6-g5")
    assert over.value.code == "game_over"
    with pytest.raises(Refused) as host:
        play(journal, "host", "resign", 3.0)
    assert host.value.code in ("game_over", "not_a_player")


def test_draw_offer_accept_decline_and_moving_on() -> None:
    journal = game()
    with pytest.raises(Refused) as nothing:
        play(journal, "black", "accept_draw", 1.0)
    assert nothing.value.code == "no_draw_offer"
    play(journal, "white", "offer_draw", 1.0)
    with pytest.raises(Refused) as twice:
        play(journal, "white", "offer_draw", 1.5)
    assert twice.value.code == "draw_offered"
    with pytest.raises(Refused):
        play(journal, "white", "accept_draw", 1.5)  # not one's own offer
    play(journal, "black", "decline_draw", 2.0)
    assert seen(journal)["draw_offer"] is None
    play(journal, "white", "offer_draw", 3.0)
    play(journal, "white", "move", 4.0, move="c3-d4")
    assert seen(journal)["draw_offer"] == "white"  # the offer stands through one's own move
    play(journal, "black", "move", 5.0, move="f6-g5")
    assert seen(journal)["draw_offer"] is None  # moving on declines it
    play(journal, "black", "offer_draw", 6.0)
    play(journal, "white", "accept_draw", 7.0)
    view = seen(journal)
    assert (view["winner"], view["end_reason"], view["result"]) == (None, "draw_agreed", "1-1")


def test_threefold_repetition_draws() -> None:
    journal = game(fen="W:WKa1:BKh2")
    for now, (by, move) in enumerate(
        [("white", "a1-b2"), ("black", "h2-g1"), ("white", "b2-a1"), ("black", "g1-h2")] * 2,
        start=1,
    ):
        play(journal, by, "move", float(now), move=move)
    view = seen(journal)
    assert (view["winner"], view["end_reason"], view["result"]) == (
        None,
        "threefold_repetition",
        "1-1",
    )


def test_fifteen_king_moves_each_draw() -> None:
    """30 plies of king moves, no capture, no position three times: the 15-move rule."""
    journal = game(fen="W:WKa1,Kc1:BKh8,Kf8")
    seen_keys: dict[int, int] = {}
    for ply in range(30):
        assert seen(journal)["phase"] == "play", ply
        board = Board(seen(journal)["position"])
        quiet = [m for m in board.legal_moves if not m.is_capture]
        assert len(quiet) == len(board.legal_moves)  # no move leaves a capture to make
        fresh = []
        for candidate in quiet:
            board.push(candidate)
            if seen_keys.get(board.key(), 0) < 1 and not board.has_capture():
                fresh.append(str(candidate))
            board.pop()
        chosen = sorted(fresh)[ply % len(fresh)]
        board.push_notation(chosen)
        seen_keys[board.key()] = seen_keys.get(board.key(), 0) + 1
        play(journal, board_side(ply), "move", float(ply + 1), move=chosen)
    view = seen(journal)
    assert (view["winner"], view["end_reason"], view["result"]) == (
        None,
        "kings_only_15_moves",
        "1-1",
    )


def board_side(ply: int) -> str:
    return "white" if ply % 2 == 0 else "black"


def test_the_host_may_end_the_game_as_a_draw() -> None:
    journal = game()
    with pytest.raises(Refused):
        play(journal, "white", "end_game", 1.0)
    play(journal, "host", "end_game", 1.0)
    assert (seen(journal)["winner"], seen(journal)["end_reason"]) == (None, "host")


def test_the_person_taking_a_side_names_it_until_the_start() -> None:
    """The join page's name replaces the host's placeholder in the view and the record; the
    host may name either side; afterwards, and with no letter, names stay."""
    journal: Journal[RussianState] = Journal.open(
        RULES, {"game": "russian", "white": {"name": "Ученик"}, "black": {"robot": "casual"}}
    )
    play(journal, "white", "rename", 1.0, name="  Константин   Константинопольский ")
    play(journal, "host", "rename", 2.0, side="black", name="Робот Вася")
    players = seen(journal)["players"]
    assert players["white"]["name"] == "Константин Константинопольский"
    assert players["black"] == {"name": "Робот Вася", "robot": "casual"}
    refusals: list[tuple[str, Json, str]] = [
        ("black", {"side": "white", "name": "Вор"}, "host_only"),
        ("projector", {"name": "Кто-то"}, "not_a_player"),
        ("white", {"name": "   "}, "bad_name"),
        ("white", {"name": 7}, "bad_name"),
    ]
    for by, fields, code in refusals:
        with pytest.raises(Refused) as refused:
            play(journal, by, "rename", 3.0, **fields)
        assert refused.value.code == code
    play(journal, "white", "rename", 3.0, name="Константин Константинопольский")
    assert [e["type"] for e in seen(journal)["events"]] == ["renamed", "renamed"]
    play(journal, "host", "start", 4.0)
    with pytest.raises(Refused) as late:
        play(journal, "white", "rename", 5.0, name="Костя")
    assert late.value.code == "already_started"
    again = fold(RULES, journal.setup_spec, journal.events)
    assert RULES.view(again, "white") == seen(journal, "white")


def test_setup_refusals_are_plain() -> None:
    bad: list[Json] = [
        {"game": "russian", "white": {"name": ""}},
        {"game": "russian", "black": {"robot": "grandmaster"}},
        {"game": "russian", "ruleset": {"move_s": 0}},
        {"game": "russian", "ruleset": {"increment_s": -1}},
        {"game": "russian", "ruleset": {"speed": 2}},
        {"game": "russian", "fen": "nonsense"},
        {"game": "russian", "players": []},
    ]
    for spec in bad:
        with pytest.raises(Refused) as refused:
            RULES.setup(spec)
        assert refused.value.code == "bad_setup" and str(refused.value).endswith(".")


def test_actions_list_exactly_what_decide_accepts_through_random_games() -> None:
    """Every listed command is accepted; every omitted one is refused (seats and host)."""
    rng = random.Random(5)
    commands = ["move", "resign", "offer_draw", "accept_draw", "decline_draw", "start", "end_game"]
    for _ in range(12):
        journal: Journal[RussianState] = Journal.open(
            RULES, {"game": "russian", "ruleset": {"minutes": None}}
        )
        now = 0.0
        for _ in range(60):
            role = rng.choice(["white", "black", "host", "projector"])
            offered = KIND.actions(seen(journal, role), role)
            for command in commands:
                trial: Json = {"type": command, "by": role}
                if command == "move":
                    moves = offered.get("move", {}).get("moves") or ["c3-d4", "f6-g5"]
                    trial["move"] = rng.choice(moves)
                state = pickle.loads(pickle.dumps(journal.state))
                try:
                    RULES.decide(state, trial, now)
                    accepted = True
                except Refused:
                    accepted = False
                assert accepted == (command in offered), (role, command, offered)
            if offered:
                pick = rng.choice(
                    [c for c in offered if c not in ("resign", "end_game")] or list(offered)
                )
                chosen: Json = {"type": pick, "by": role}
                if pick == "move":
                    chosen["move"] = rng.choice(offered["move"]["moves"])
                now += 1
                journal.handle(chosen, now)
            if seen(journal)["phase"] == "ended":
                break


def test_views_fold_back_and_events_since_is_a_tail() -> None:
    journal = game(ruleset={"minutes": 3})
    for now, (by, move) in enumerate([("white", "c3-d4"), ("black", "f6-g5")], start=1):
        play(journal, by, "move", float(now), move=move)
    whole = seen(journal, "white")
    tail = RULES.view(journal.state, "white", events_since=2)
    assert tail["events"] == whole["events"][2:] and {**tail, "events": []} == {
        **whole,
        "events": [],
    }
    again = fold(RULES, journal.setup_spec, journal.events)
    assert RULES.view(again, "black") == seen(journal, "black")
    assert seen(journal, "white") | {"events": []} == seen(journal, "black") | {"events": []}
