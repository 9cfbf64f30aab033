"""``wait_for_host``: every phase change waits for the host's ``continue``; the next phase's
clock starts at the ``continue``. And ``extend`` lands only on the phase it was meant for."""

from __future__ import annotations

from exchange_helpers import check_fold, check_invariants, do, game, refused, started, tick

from boardroom.games.exchange.state import ExchangeState
from boardroom.games.exchange.views import view
from boardroom.kernel import Journal

ORDER = {"account": "p1", "stock": 1, "side": "buy", "qty": 1, "price": 10}


def waiting(journal: Journal[ExchangeState]) -> str | None:
    return journal.state.waiting


def test_the_opening_session_waits_for_continue_and_its_clock_starts_then() -> None:
    journal = started(wait_for_host=True)
    assert waiting(journal) == "exchange" and journal.state.phase == "setup"
    assert journal.rules.next_deadline(journal.state) is None
    assert tick(journal, 5000) == []
    assert journal.state.phase == "setup", "no phase advances without continue"
    assert view(journal.state, "host")["waiting_for_host"] == {"next": "exchange"}
    assert view(journal.state, "p3")["waiting_for_host"] == {"next": "exchange"}
    assert view(journal.state, "projector")["waiting_for_host"] == {"next": "exchange"}
    assert refused(journal, 5001, "order", "p1", **ORDER).code == "waiting_for_host"
    assert refused(journal, 5001, "continue", "p1").code == "host_only"
    assert refused(journal, 5001, "extend", seconds=30).code == "waiting_for_host"
    assert refused(journal, 5001, "end_phase").code == "waiting_for_host"
    do(journal, 6000, "continue")
    assert journal.state.phase == "exchange" and journal.state.opening
    assert journal.state.deadline == 6600.0, "the session's 600 s start at the continue"
    assert view(journal.state, "host")["waiting_for_host"] is None
    assert refused(journal, 6001, "continue").code == "not_waiting"
    do(journal, 6001, "order", "p1", **ORDER)
    check_invariants(journal.state)
    check_fold(journal)


def test_every_phase_change_of_a_year_waits_for_the_host() -> None:
    journal = started(wait_for_host=True, opening_session=False, moves_per_year=1, years=2)
    seen = [waiting(journal)]
    do(journal, 100, "continue")
    assert journal.state.phase == "board" and journal.state.year == 1
    assert journal.state.deadline == 400.0 and journal.state.min_move_at == 100.0
    do(journal, 101, "move", "p1", firm=1, move="a3-b4")
    now = 200.0
    while journal.state.phase != "ended":
        assert journal.rules.next_deadline(journal.state) is None or waiting(journal) is None
        if waiting(journal) is None:
            deadline = journal.rules.next_deadline(journal.state)
            assert deadline is not None, f"stuck in {journal.state.phase}"
            now = deadline
            tick(journal, now)
            continue
        seen.append(waiting(journal))
        before = journal.state.phase
        assert tick(journal, now + 1000) == [] and journal.state.phase == before
        now += 1000
        do(journal, now, "continue")
        if journal.state.phase == "board" and journal.state.year == 2:
            do(journal, now + 31, "move", "p5", firm=5, move="h6-g5")
    year = ["dividends", "exchange", "meeting_calls", "taxes"]
    assert seen == ["board", *year, "board", *year, "ended"]
    check_invariants(journal.state)
    check_fold(journal)


def test_without_wait_for_host_the_game_never_waits() -> None:
    journal = started()
    assert waiting(journal) is None and journal.state.phase == "exchange"
    assert refused(journal, 1, "continue").code == "not_waiting"


def test_an_extension_meant_for_a_phase_that_is_over_is_refused() -> None:
    journal = started()
    do(journal, 10, "extend", seconds=60, phase="exchange", year=0)
    assert journal.state.deadline == 660.0
    # The host's click for the session arrives after it ended: the board has begun.
    tick(journal, 660)
    assert journal.state.phase == "board" and journal.state.deadline == 960.0
    exc = refused(journal, 661, "extend", seconds=60, phase="exchange", year=0)
    assert exc.code == "stale_phase" and exc.details == {"phase": "exchange", "year": 0}
    # Also when the deadline and the click fall in the same command (catch-up first).
    other = started()
    assert refused(other, 700, "extend", seconds=60, phase="exchange", year=0).code == (
        "stale_phase"
    )
    do(journal, 662, "extend", seconds=60, phase="board", year=1)
    assert journal.state.deadline == 1020.0


def test_the_classroom_preset_waits_for_the_host() -> None:
    journal = game(preset="classroom")
    assert journal.state.ruleset.wait_for_host
    do(journal, 0, "start")
    assert waiting(journal) == "exchange"
