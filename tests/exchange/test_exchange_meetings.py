"""Control of a firm (§7): calls, nominations, share-weighted votes, takeovers."""

from __future__ import annotations

from typing import Any

from exchange_helpers import check_fold, check_invariants, do, refused, run_to, started, tick

from boardroom.kernel import Journal

TAKEOVER: dict[str, Any] = {
    "order": {"white": [2, 1, 3, 4], "black": [5, 6, 7, 8]},
    "moves_per_year": 2,
}


def to_meetings(game: Journal[Any], caller: str = "p9", firm: int = 1) -> None:
    """From the opening session: year 1's two moves, a meeting call, the session's end."""
    run_to(game, "board")
    do(game, 601, "move", "p2", firm=2, move="c3-d4")
    do(game, 631, "move", "p5", firm=5, move="h6-g5")
    do(game, 700, "call_meeting", caller, firm=firm)
    run_to(game, "meetings")


def test_takeover_by_buying_a_controlling_stake_and_winning_the_meeting() -> None:
    game = started(players=9, privatization_lot=11, **TAKEOVER)
    do(game, 1, "order", "p9", account="p9", stock=1, side="buy", qty=11, price=10)
    to_meetings(game)
    assert game.state.meetings[1].candidates == ["p1"]
    do(game, 1240, "nominate", "p9", firm=1, candidate="p9")
    do(game, 1241, "vote", "p9", firm=1, holder="p9", director="p9", payout=80)
    do(game, 1242, "vote", "p1", firm=1, holder="p1", director="p1", payout=20)
    do(game, 1243, "vote", "host", firm=1, holder="state", director="p1", payout=50)
    events = tick(game, game.state.deadline)
    closed = next(e for e in events if e["type"] == "meeting_closed" and e["firm"] == 1)
    assert (closed["previous"], closed["director"], closed["payout"]) == ("p1", "p9", 80)
    assert closed["tally"] == {"p1": 9, "p9": 11}
    assert (game.state.phase, game.state.year) == ("board", 2)
    assert game.state.call.firm == 1
    assert refused(game, 1532, "move", "p1", firm=1, move="a3-b4").code == "not_your_firm"
    do(game, 1532, "move", "p9", firm=1, move="a3-b4")
    check_invariants(game.state)
    check_fold(game)


def test_a_tie_keeps_the_incumbent_and_no_vote_keeps_the_payout() -> None:
    game = started(players=9, **TAKEOVER)
    do(game, 1, "order", "p9", account="p9", stock=1, side="buy", qty=5, price=10)
    to_meetings(game)
    do(game, 1240, "nominate", "p9", firm=1, candidate="p9")
    do(game, 1241, "vote", "p9", firm=1, holder="p9", director="p9", payout=100)
    do(game, 1242, "vote", "p1", firm=1, holder="p1", director="p1", payout=0)
    events = tick(game, game.state.deadline)
    closed = {e["firm"]: e for e in events if e["type"] == "meeting_closed"}
    assert closed[1]["director"] == "p1" and closed[1]["payout"] == 0
    assert closed[2]["director"] == "p2" and closed[2]["payout"] == 50


def test_a_firms_holding_is_voted_by_its_director() -> None:
    game = started(players=9, **TAKEOVER)
    do(game, 1, "order", "p2", account="firm:2", stock=1, side="buy", qty=5, price=10)
    to_meetings(game, caller="p2")
    assert refused(
        game, 1240, "vote", "p1", firm=1, holder="firm:2", director="p1", payout=5
    ).code == ("not_your_vote")
    do(game, 1241, "nominate", "p2", firm=1, candidate="p2")
    do(game, 1242, "vote", "p2", firm=1, holder="firm:2", director="p2", payout=10)
    do(game, 1243, "vote", "host", firm=1, holder="state", director="p2", payout=10)
    events = tick(game, game.state.deadline)
    closed = next(e for e in events if e["type"] == "meeting_closed" and e["firm"] == 1)
    assert closed["director"] == "p2"


def test_calls_nominations_and_votes_refused_with_reasons() -> None:
    game = started(players=9, privatization_lot=3, **TAKEOVER)
    assert refused(game, 1, "call_meeting", "p1", firm=1).code == "wrong_phase"
    do(game, 1, "order", "p9", account="p9", stock=1, side="buy", qty=3, price=10)
    run_to(game, "board")
    assert refused(game, 601, "call_meeting", "p1", firm=1).code == "wrong_phase"
    do(game, 601, "move", "p2", firm=2, move="c3-d4")
    do(game, 631, "move", "p5", firm=5, move="h6-g5")
    assert refused(game, 700, "call_meeting", "p2", firm=1).code == "not_a_holder"
    assert refused(game, 700, "call_meeting", "p9", firm=1).code == "too_few_shares"
    do(game, 700, "call_meeting", "p1", firm=1)
    assert refused(game, 701, "call_meeting", "p1", firm=1).code == "already_called"
    assert refused(game, 702, "vote", "p1", firm=1, holder="p1", director="p1", payout=5).code == (
        "wrong_phase"
    )
    run_to(game, "meetings")
    assert refused(game, 1240, "nominate", "p3", firm=1, candidate="p3").code == "not_a_holder"
    assert refused(game, 1240, "nominate", "p9", firm=1, candidate="p42").code == "unknown_player"
    assert refused(game, 1240, "nominate", "p9", firm=1, candidate="p1").code == "already_nominated"
    assert refused(game, 1240, "vote", "p3", firm=1, holder="p3", director="p1", payout=5).code == (
        "not_a_holder"
    )
    assert refused(game, 1240, "vote", "p9", firm=1, holder="p9", director="p9", payout=5).code == (
        "not_a_candidate"
    )
    assert refused(
        game, 1240, "vote", "p9", firm=1, holder="p9", director="p1", payout=101
    ).code == ("out_of_range")
    assert refused(game, 1240, "vote", "p9", firm=1, holder="p1", director="p1", payout=5).code == (
        "not_your_vote"
    )


def test_a_call_in_the_window_after_the_session_opens_the_meetings() -> None:
    game = started(players=9, **TAKEOVER)
    run_to(game, "board")
    do(game, 601, "move", "p2", firm=2, move="c3-d4")
    do(game, 631, "move", "p5", firm=5, move="h6-g5")
    tick(game, game.state.deadline)
    assert game.state.phase == "meeting_calls"
    do(game, game.state.deadline - 1, "call_meeting", "p1", firm=1)
    assert game.state.phase == "meetings"
    check_fold(game)
