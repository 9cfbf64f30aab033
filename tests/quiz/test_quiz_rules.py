"""Scenario tests: one per rule of ``quiz-round.md`` (and the design choices in docs/quiz.md)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from quiz_helpers import Game, full_spec, questions, spec

from boardroom.games import rules_for
from boardroom.games.quiz import RULES


def test_rules_is_loaded_by_name() -> None:
    assert rules_for("quiz") is RULES
    assert RULES.name == "quiz"


# --- who moves first ----------------------------------------------------------


def test_team_ahead_on_earlier_scores_moves_first() -> None:
    game = Game(full_spec())
    game.start()
    started = game.journal.events[0]
    assert started["first"] == "A" and started["reason"] == "scores"
    assert game.view()["to_move"] == "A"
    assert game.view()["position"].startswith("W:")


def test_black_team_ahead_moves_first_with_black() -> None:
    setup = full_spec()
    setup["teams"][1]["score"] = 20
    game = Game(setup)
    game.start()
    view = game.view()
    assert view["to_move"] == "B"
    assert view["position"].startswith("B:")
    assert {m["move"] for m in view["legal_moves"]} >= {"b6-a5", "b6-c5"}


def test_a_tie_in_scores_is_drawn_by_lot_from_the_seed() -> None:
    firsts = {}
    for seed in range(12):
        setup = full_spec()
        setup["seed"] = seed
        setup["teams"][1]["score"] = 12
        game = Game(setup)
        game.start()
        event = game.journal.events[0]
        assert event["reason"] == "lot"
        firsts[seed] = event["first"]
        again = Game(copy.deepcopy(setup))
        again.start()
        assert again.journal.events == game.journal.events  # same seed, same lot
    assert set(firsts.values()) == {"A", "B"}


# --- plain moves --------------------------------------------------------------


def test_men_move_forward_only_and_teams_alternate() -> None:
    game = Game(spec({"a1": "c3"}, {"b1": "f6"}))
    game.start()
    assert sorted(m["move"] for m in game.view()["legal_moves"]) == ["c3-b4", "c3-d4"]
    game.do("move", by="A", move="c3-d4")
    assert game.view()["to_move"] == "B"
    assert game.square("a1") == "d4"
    assert game.refused("move", by="A", move="d4-e5").code == "not_your_turn"
    assert game.refused("move", by="a1", move="d4-e5").code == "not_your_turn"
    assert game.refused("move", by="nobody", move="f6-e5").code == "not_your_turn"
    assert game.refused("move", by="B", move="f6-g7").code == "illegal_move"
    game.do("move", by="b1", move="f6-e5")  # a member acts for its team


def test_men_never_capture_backward() -> None:
    game = Game(spec({"a1": "e5", "a2": "a1"}, {"b1": "d4"}))
    game.start()
    moves = {m["move"] for m in game.view()["legal_moves"]}
    assert "e5:c3" not in moves
    assert moves == {"e5-d6", "e5-f6", "a1-b2"}


def test_men_capture_backward_is_a_switch() -> None:
    game = Game(spec({"a1": "e5", "a2": "a1"}, {"b1": "d4", "b2": "h8"}, men_capture_backward=True))
    game.start()
    assert {m["move"] for m in game.view()["legal_moves"]} == {"e5:c3"}


def test_the_captain_is_a_flying_king_by_default() -> None:
    game = Game(spec({"cap": "Kd2"}, {"b1": "h8"}))
    game.start()
    assert game.view()["teams"]["A"]["members"][0]["king"] is True
    assert "d2-h6" in {m["move"] for m in game.view()["legal_moves"]}
    plain = Game(spec({"cap": "Kd2"}, {"b1": "h8"}, captain_is_king=False))
    plain.start()
    assert plain.view()["teams"]["A"]["members"][0]["king"] is False
    assert "d2-h6" not in {m["move"] for m in plain.view()["legal_moves"]}


def test_a_man_reaching_the_far_row_wins() -> None:
    game = Game(spec({"a1": "c7"}, {"b1": "h8"}))
    game.start()
    game.do("move", by="A", move="c7-d8")
    view = game.view()
    assert view["phase"] == "ended"
    assert (view["winner"], view["end_reason"]) == ("A", "reached_far_row")
    assert view["teams"]["A"]["points"] == 3  # points_win
    assert game.refused("move", by="B", move="h8-g7").code == "game_over"


def test_a_capture_to_the_last_row_wins() -> None:
    game = Game(spec({"a1": "d6"}, {"b1": "e7", "b2": "a3", "b3": "b4"}))
    game.start()
    game.do("move", by="A", move="d6:f8")
    game.duel_jump(correct=False)  # the defender fails: taken
    view = game.view()
    assert (view["winner"], view["end_reason"]) == ("A", "reached_far_row")
    assert view["teams"]["A"]["points"] == 1 + 3
    assert view["position"] == "B:Wf8:Ba3,b4"


def test_a_capture_to_the_last_row_repelled_does_not_win() -> None:
    game = Game(spec({"a1": "d6"}, {"b1": "e7", "b2": "a3", "b3": "b4"}))
    game.start()
    game.do("move", by="A", move="d6:f8")
    game.duel_jump(correct=True)
    assert game.view()["winner"] is None
    assert game.square("a1") == "d6" and game.square("b1") == "e7"


def test_a_blocked_side_loses() -> None:
    # Black's only man, on a5, faces b4 (guarded by c3): after White's quiet move it cannot move.
    game = Game(spec({"a1": "b4", "a2": "c3", "a3": "g1"}, {"b1": "a5"}))
    game.start()
    game.do("move", by="A", move="g1-h2")
    view = game.view()
    assert (view["phase"], view["winner"], view["end_reason"]) == ("ended", "A", "blocked")
    assert view["teams"]["B"]["members"][0]["square"] == "a5"


def test_a_side_with_no_pieces_left_loses() -> None:
    game = Game(spec({"a1": "c3"}, {"b1": "d4"}))
    game.start()
    game.do("move", by="A", move="c3:e5")
    game.duel_jump(correct=False)
    view = game.view()
    assert (view["winner"], view["end_reason"]) == ("A", "no_pieces")


# --- the duel -----------------------------------------------------------------


def two_jump_game(**ruleset: Any) -> Game:
    game = Game(spec({"a1": "c3", "a2": "a1"}, {"b1": "d4", "b2": "f6", "b3": "h8"}, **ruleset))
    game.start()
    game.do("move", by="A", move="c3:e5:g7")
    return game


def test_defender_mode_asks_the_member_about_to_be_taken_in_jump_order() -> None:
    game = two_jump_game()
    asked = game.do("ask")[0]
    assert (asked["team"], asked["member"], asked["jump"]) == ("B", "b1", 0)
    game.do("judge", correct=False)
    asked = game.do("ask")[0]
    assert (asked["team"], asked["member"], asked["jump"]) == ("B", "b2", 1)


def test_multi_jump_capture_repelled_at_the_second_jump() -> None:
    game = two_jump_game()
    game.duel_jump(correct=False)  # b1 fails: taken
    game.duel_jump(correct=True)  # b2 right: repelled
    view = game.view()
    assert game.square("a1") == "e5"  # stops where it had reached
    assert game.square("b1") is None  # already taken stays taken
    assert game.square("b2") == "f6"  # the repelling member stays
    assert view["position"] == "B:Wa1,e5:Bf6,h8"
    assert view["to_move"] == "B" and view["duel"] is None
    assert (view["teams"]["A"]["points"], view["teams"]["B"]["points"]) == (1, 1)
    ended = next(e for e in game.journal.events if e["type"] == "move_ended")
    assert (ended["move"], ended["jumps"], ended["taken"]) == ("c3:e5", 1, ["b1"])


def test_capture_repelled_at_the_first_jump_passes_the_turn() -> None:
    game = two_jump_game()
    game.duel_jump(correct=True)
    view = game.view()
    assert view["position"] == "B:Wa1,c3:Bd4,f6,h8"
    assert view["to_move"] == "B"
    assert view["teams"]["B"]["points"] == 1


def test_every_jump_lost_by_the_defender_completes_the_capture() -> None:
    game = two_jump_game()
    game.duel_jump(correct=False)
    game.duel_jump(correct=False)
    assert game.square("a1") == "g7"
    assert game.view()["teams"]["A"]["points"] == 2


def test_attacker_mode_the_capturing_member_answers() -> None:
    game = two_jump_game(duel="attacker")
    asked = game.do("ask")[0]
    assert (asked["team"], asked["member"]) == ("A", "a1")
    assert game.refused("answer", by="B", text="x").code == "not_your_turn"
    game.do("judge", correct=True)  # right: the jump happens
    game.duel_jump(correct=False)  # wrong: the move ends
    assert game.square("a1") == "e5"
    assert game.square("b1") is None and game.square("b2") == "f6"
    assert (game.view()["teams"]["A"]["points"], game.view()["teams"]["B"]["points"]) == (1, 1)


def test_attacker_mode_wrong_at_first_jump_moves_nothing() -> None:
    game = two_jump_game(duel="attacker")
    game.duel_jump(correct=False)
    assert game.view()["position"] == "B:Wa1,c3:Bd4,f6,h8"


def test_duel_none_is_plain_draughts() -> None:
    game = Game(spec({"a1": "c3", "a2": "a1"}, {"b1": "d4", "b2": "f6", "b3": "h8"}, duel="none"))
    game.start()
    events = game.do("move", by="A", move="c3:e5:g7")
    assert [e["type"] for e in events] == ["moved", "points_awarded", "points_awarded"]
    assert game.square("a1") == "g7" and game.state.used == []
    assert game.refused("ask").code == "no_duel"


def test_capture_orders_are_different_moves_and_fix_the_order_of_duels() -> None:
    # The captain on a1 can take b2 then ... the team chooses the order of the jumps.
    game = Game(spec({"cap": "Kc1", "a2": "h2"}, {"b1": "e3", "b2": "e5", "b3": "a7"}))
    game.start()
    legal = game.view()["legal_moves"]
    orders = {tuple(m["taken"]) for m in legal}
    assert ("b1", "b2") in orders
    chosen = next(m for m in legal if m["taken"] == ["b1", "b2"])
    game.do("move", by="A", move=chosen["move"])
    assert game.do("ask")[0]["member"] == "b1"


def test_the_answer_deadline_is_data_and_a_timeout_is_a_wrong_answer() -> None:
    game = two_jump_game(answer_s=30)
    game.do("ask", at=10)
    assert RULES.next_deadline(game.state) == 40
    assert game.tick(39.9) == []
    events = game.tick(40)
    assert events[0] == {
        "type": "judged",
        "at": 40,
        "jump": 0,
        "question": "q1",
        "correct": False,
        "by": "clock",
    }
    assert game.square("b1") is None


def test_question_time_limit_and_time_scale() -> None:
    qs = questions(3)
    qs[0]["time_s"] = 20
    game = Game(spec({"a1": "c3"}, {"b1": "d4", "b2": "h8"}, qs=qs, time_scale=0.5))
    game.start()
    game.do("move", by="A", move="c3:e5")
    assert game.do("ask", at=5)[0]["deadline"] == 15


def test_no_clock_when_answer_s_is_null() -> None:
    game = two_jump_game(answer_s=None)
    game.do("ask")
    assert RULES.next_deadline(game.state) is None
    assert game.tick(10_000) == []


def test_answers_in_time_stop_the_clock_and_the_host_judges() -> None:
    game = two_jump_game()
    game.do("ask", at=1)
    game.do("answer", by="B", at=20, text="Answer-1-xyzzy")
    assert RULES.next_deadline(game.state) is None
    assert game.refused("answer", by="B", text="again").code == "already_answered"
    game.do("judge", at=100, correct=True)
    assert game.square("a1") == "c3"


def test_a_late_answer_is_refused() -> None:
    game = two_jump_game(answer_s=10)
    game.do("ask", at=0)
    game.now = 10
    assert game.journal.state.game.duel is not None
    assert game.refused("answer", by="B", text="late").code == "too_late"


def test_multiple_choice_is_judged_by_the_system() -> None:
    game = Game(
        spec(
            {"a1": "c3", "a2": "a1"},
            {"b1": "d4", "b2": "f6", "b3": "h8"},
            qs=questions(5, choices=True),
        )
    )
    game.start()
    game.do("move", by="A", move="c3:e5:g7")
    game.do("ask")
    events = game.do("answer", by="B", choice=1)  # wrong
    assert [e["type"] for e in events][:3] == ["answer_given", "judged", "piece_taken"]
    assert events[1]["by"] == "system" and events[1]["correct"] is False
    game.do("ask")
    events = game.do("answer", by="B", text="answer-2-XYZZY")  # the right choice, by its text
    assert events[1]["correct"] is True and events[2]["type"] == "capture_repelled"
    assert game.square("a1") == "e5"


def test_multiple_choice_refusals() -> None:
    game = Game(spec({"a1": "c3"}, {"b1": "d4", "b2": "h8"}, qs=questions(3, choices=True)))
    game.start()
    game.do("move", by="A", move="c3:e5")
    game.do("ask")
    assert game.refused("answer", by="B", choice=3).code == "bad_choice"
    assert game.refused("answer", by="B", choice="nope").code == "bad_choice"
    assert game.refused("answer", by="B", text="x", choice=0).code == "bad_command"


def test_a_choice_to_a_free_text_question_is_refused() -> None:
    game = two_jump_game()
    game.do("ask")
    assert game.refused("answer", by="B", choice=0).code == "no_choices"


def test_auto_judging_can_be_switched_off() -> None:
    game = Game(
        spec(
            {"a1": "c3"},
            {"b1": "d4", "b2": "h8"},
            qs=questions(3, choices=True),
            auto_judge_choices=False,
        )
    )
    game.start()
    game.do("move", by="A", move="c3:e5")
    game.do("ask")
    assert [e["type"] for e in game.do("answer", by="B", choice=0)] == ["answer_given"]


def test_question_points_replace_the_ruleset_points() -> None:
    qs = questions(3)
    qs[0]["points"] = 5
    game = Game(spec({"a1": "c3"}, {"b1": "d4", "b2": "h8"}, qs=qs, points_win=0))
    game.start()
    game.do("move", by="A", move="c3:e5")
    game.duel_jump(correct=True)
    assert game.view()["teams"]["B"]["points"] == 5


def test_scores_add_to_the_earlier_rounds() -> None:
    game = Game(spec({"a1": "c3"}, {"b1": "d4"}, scores=(12, 10)))
    game.start()
    game.do("move", by="A", move="c3:e5")
    game.duel_jump(correct=False)
    team = game.view()["teams"]["A"]
    assert (team["earlier"], team["points"], team["score"]) == (12, 4, 16)


def test_host_may_pick_a_question_or_a_category() -> None:
    qs = questions(4)
    qs[2]["category"] = "History"
    game = Game(spec({"a1": "c3", "a2": "a1"}, {"b1": "d4", "b2": "f6", "b3": "h8"}, qs=qs))
    game.start()
    game.do("move", by="A", move="c3:e5:g7")
    assert game.do("ask", category="History")[0]["question"] == "q3"
    game.do("judge", correct=False)
    assert game.refused("ask", category="History").code == "category_empty"
    assert game.refused("ask", question="q3").code == "question_used"
    assert game.refused("ask", question="nope").code == "unknown_question"
    assert game.do("ask", question="q4")[0]["question"] == "q4"


def test_an_exhausted_bank_lets_the_jump_happen() -> None:
    game = Game(
        spec({"a1": "c3", "a2": "a1"}, {"b1": "d4", "b2": "f6", "b3": "h8"}, qs=questions(1))
    )
    game.start()
    game.do("move", by="A", move="c3:e5:g7")
    game.duel_jump(correct=False)
    events = game.do("ask")
    assert events[0] == {
        "type": "jump_unquestioned",
        "at": 0.0,
        "jump": 1,
        "reason": "bank_exhausted",
    }
    assert game.square("a1") == "g7"


# --- a question is never asked twice -------------------------------------------


def test_a_question_is_never_asked_twice() -> None:
    game = Game(
        spec({"a1": "c3", "a2": "e3"}, {"b1": "d4", "b2": "f6", "b3": "h8"}, qs=questions(6))
    )
    game.start()
    game.do("move", by="A", move="c3:e5:g7")
    game.do("ask")
    game.do("skip_question")  # skipped: used all the same
    game.do("ask")
    game.do("judge", correct=False)
    game.do("undo_judgement")  # the undone question is still the one out
    game.do("skip_question")
    game.do("ask")
    game.do("judge", correct=False)
    game.do("undo_judgement")
    game.do("judge", correct=False)
    game.duel_jump(correct=False)
    asked = [e["question"] for e in game.journal.events if e["type"] == "question_asked"]
    assert asked == ["q1", "q2", "q3", "q4"]
    assert len(set(asked)) == len(asked)
    assert game.state.used == asked


# --- host corrections ---------------------------------------------------------


def test_an_undone_judgement_restores_exactly_the_prior_state() -> None:
    game = two_jump_game()
    game.do("ask", at=5)
    game.do("answer", by="B", at=8, text="wrong")
    before = copy.deepcopy(game.state.game)
    kept = ("events", "undo_available", "record")  # logs: they keep the undone verdict
    before_view = {k: v for k, v in game.view().items() if k not in kept}
    game.do("judge", at=9, correct=True)  # repelled, turn passed, points...
    assert game.state.game != before
    events = game.do("undo_judgement", at=9)
    assert events == [{"type": "judgement_undone", "at": 9, "jump": 0, "question": "q1"}]
    assert game.state.game == before
    after_view = {k: v for k, v in game.view().items() if k not in kept}
    assert after_view == before_view
    verdicts = game.view()["record"][0]["verdicts"]
    assert [(v["correct"], v["undone"]) for v in verdicts] == [(True, True)]


def test_undo_rolls_back_everything_that_followed_and_shifts_the_clock() -> None:
    game = two_jump_game(answer_s=60)
    game.do("ask", at=10)  # deadline 70
    before = copy.deepcopy(game.state.game)
    game.do("judge", at=20, correct=False)  # 50 s were left
    game.do("ask", at=21)
    game.do("judge", at=22, correct=True)  # repelled at the second jump: B to move
    game.do("move", by="B", at=30, move="f6:d4")  # B's capture starts its own duel
    game.do("undo_judgement", at=40)  # undoes the second judgement and B's capture
    game.do("undo_judgement", at=50)  # and the first
    restored = game.state.game
    assert restored.duel is not None and restored.duel.deadline == 70 + 30
    before.duel.deadline = 100  # type: ignore[union-attr]
    assert restored == before
    assert RULES.next_deadline(game.state) == 100
    assert game.refused("undo_judgement").code == "nothing_to_undo"


def test_undoing_a_timeout_gives_the_question_back_to_the_host() -> None:
    game = two_jump_game(answer_s=10)
    game.do("ask", at=0)
    game.advance(10)
    assert game.square("b1") is None
    game.do("undo_judgement", at=12)
    assert game.square("b1") == "d4"
    assert RULES.next_deadline(game.state) is None
    game.do("judge", correct=True)
    assert game.view()["position"] == "B:Wa1,c3:Bd4,f6,h8"


def test_undo_after_a_win_reopens_the_game() -> None:
    game = Game(spec({"a1": "c3"}, {"b1": "d4"}))
    game.start()
    game.do("move", by="A", move="c3:e5")
    game.duel_jump(correct=False)
    assert game.view()["winner"] == "A"
    game.do("undo_judgement")
    view = game.view()
    assert (view["phase"], view["winner"], view["teams"]["A"]["points"]) == ("duel", None, 0)


def test_pause_and_resume_shift_the_deadline() -> None:
    game = two_jump_game(answer_s=60)
    game.do("ask", at=10)
    game.do("pause", at=20)
    assert RULES.next_deadline(game.state) is None
    assert game.tick(500) == []
    assert game.refused("answer", by="B", text="x").code == "paused"
    assert game.refused("pause").code == "already_paused"
    game.do("resume", at=100)
    assert RULES.next_deadline(game.state) == 150
    assert game.refused("resume").code == "not_paused"


def test_pause_refuses_moves_but_not_the_hosts_judgement() -> None:
    game = two_jump_game()
    game.do("ask")
    game.do("pause")
    game.do("judge", correct=True)
    assert game.refused("move", by="B", move="d4:b2").code == "paused"
    game.do("resume")
    game.do("move", by="B", move="d4:b2")


def test_skip_question_asks_another_for_the_same_jump() -> None:
    game = two_jump_game()
    game.do("ask")
    assert game.do("skip_question")[0]["question"] == "q1"
    assert game.refused("skip_question").code == "no_question"
    asked = game.do("ask")[0]
    assert (asked["question"], asked["jump"], asked["member"]) == ("q2", 0, "b1")


def test_end_game_by_the_host() -> None:
    game = two_jump_game()
    game.duel_jump(correct=False)
    game.do("end_game")  # no winner named: the leader on points
    view = game.view()
    assert (view["phase"], view["winner"], view["end_reason"]) == ("ended", "A", "host")
    assert game.square("a1") == "e5"  # the jumps already won stand
    assert game.refused("undo_judgement").code == "game_over"
    assert game.refused("end_game").code == "game_over"


def test_end_game_with_a_named_winner_or_none() -> None:
    game = two_jump_game()
    game.do("end_game", winner=None)
    assert game.view()["winner"] is None
    other = two_jump_game()
    assert other.refused("end_game", winner="Z").code == "unknown_team"
    other.do("end_game", winner="B")
    assert other.view()["winner"] == "B" and other.view()["teams"]["B"]["points"] == 3


# --- refusals -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "code"),
    [
        ({"type": "fly", "by": "host"}, "unknown_command"),
        ({"type": "move", "by": "A"}, "bad_command"),
        ({"type": "judge", "by": "host", "correct": "yes"}, "bad_command"),
        ({"type": "start", "by": "host", "extra": 1}, "bad_command"),
        ({"type": "start", "by": "A"}, "not_host"),
        ({"type": "move", "by": "A", "move": "c3-d4"}, "not_started"),
        ({"type": "ask", "by": "host"}, "not_started"),
        ({"type": "undo_judgement", "by": "host"}, "nothing_to_undo"),
    ],
)
def test_refusals_before_the_start(command: dict[str, object], code: str) -> None:
    game = Game(full_spec())
    before = copy.deepcopy(game.state)
    with pytest.raises(Exception) as caught:
        game.journal.handle(command, 0)
    assert getattr(caught.value, "code", None) == code
    assert str(caught.value).endswith(".")
    assert game.state == before


def test_refusals_during_play_leave_the_state_unchanged() -> None:
    game = Game(full_spec())
    game.start()
    assert game.refused("start").code == "already_started"
    assert game.refused("move", by="A", move="c3-c4").code == "bad_move"
    refusal = game.refused("move", by="A", move="c3-e5")
    assert refusal.code == "illegal_move" and "c3-d4" in refusal.details["legal"]
    assert game.refused("judge", correct=True).code == "no_duel"
    assert game.refused("answer", by="A", text="x").code == "no_duel"
    assert game.refused("skip_question").code == "no_duel"
    assert game.refused("resume").code == "not_paused"
    game.do("move", by="A", move="c3-d4")
    game.do("move", by="B", move="b6-c5")
    game.do("move", by="A", move="d4:b6:d8")
    assert game.refused("move", by="B", move="a7-b6").code == "duel_in_progress"
    assert game.refused("judge", correct=True).code == "no_question"
    assert game.refused("answer", by="B", text="x").code == "no_question"
    game.do("ask")
    assert game.refused("ask").code == "question_out"
    assert game.refused("judge", by="B", correct=True).code == "not_host"
