"""The actions a seat's view publishes are what the rules accept: through whole random
games, a command the list offers is accepted and one it leaves out is refused — and the
list is read from the seat's own view only (nothing its events or others' secrets hold)."""

from __future__ import annotations

import random
from typing import Any

from boardroom.bots.random_exchange import Runner, demo_spec
from boardroom.games.exchange import KIND, RULES
from boardroom.games.exchange.actions import actions
from boardroom.kernel import Json, Refused

HOST = "host"
CONTROLS = ("start", "pause", "resume", "end_phase", "end_game", "extend")


def accepted(state: Any, command: Json, now: float) -> str | None:
    """None if the rules accept ``command`` now, else the refusal's code (state unchanged)."""
    try:
        RULES.decide(state, command, now)
    except Refused as exc:
        return exc.code
    return None


def probe_time(state: Any, now: float) -> float | None:
    """A time at which no deadline fires before the command (None: none such)."""
    at = max(now, state.min_move_at if state.phase == "board" else now)
    deadline = RULES.next_deadline(state)
    return at if deadline is None or at < deadline else None


def check_seat(state: Any, seat: str, now: float) -> int:
    """Compare one seat's published actions with the rules; the number of checks made."""
    view = RULES.view(state, seat, events_since=len(state.log))
    offered = actions(view, seat)
    assert offered == actions(RULES.view(state, seat), seat), "actions read the events"
    checks = 0
    if seat == HOST:
        for kind in CONTROLS:
            command = {"type": kind, "by": HOST} | ({"seconds": 60} if kind == "extend" else {})
            code = accepted(state, command, now)
            assert (code is None) == (kind in offered), (kind, code, state.phase)
            checks += 1
    call = state.call if state.phase == "board" else None
    if call is not None:
        code = accepted(state, {"type": "pass", "by": seat, "firm": call.firm}, now)
        assert (code is None) == ("pass" in offered), (seat, code, offered)
        if "move" in offered:
            first = offered["move"]["moves"][0]
            command = {"type": "move", "by": seat, "firm": call.firm, "move": first}
            assert accepted(state, command, now) is None
        checks += 1
    for firm in range(1, 9):
        code = accepted(state, {"type": "call_meeting", "by": seat, "firm": firm}, now)
        if firm in offered.get("call_meeting", {}).get("firms", []):
            assert code in (None, "already_called"), (seat, firm, code)
        else:
            assert code is not None, (seat, firm, offered)
        checks += 1
    return checks


def test_published_actions_are_what_the_rules_accept() -> None:
    runner = Runner(demo_spec(directors=5, traders=4, years=2), seed=5, rules=RULES, late_rate=0.3)
    rng, checks, original = random.Random(5), 0, runner.send
    seats = [HOST, "projector", *runner.state.players]

    def send_and_check(command: Json, at: float) -> bool:
        nonlocal checks
        now = probe_time(runner.state, max(runner.now, at))
        if now is not None and rng.random() < 0.5:
            for seat in seats:
                checks += check_seat(runner.state, seat, now)
        return original(command, at)

    runner.send = send_and_check  # type: ignore[method-assign]
    assert runner.play().journal.state.phase == "ended"
    assert checks > 500


def test_a_player_on_call_with_a_capture_may_not_pass() -> None:
    view = {
        "phase": "board",
        "started": True,
        "paused": False,
        "on_call": {"firm": 2},
        "legal_moves": ["c3:e5", "c3:a5"],
        "firms": {"2": {"director": "p2"}},
    }
    offered = actions(view, "p2")
    assert "pass" not in offered and offered["move"]["moves"] == ["c3:e5", "c3:a5"]
    assert actions(view, "p3") == {} and actions(view, "projector") == {}


def test_the_kind_publishes_its_actions() -> None:
    assert KIND.actions is actions
