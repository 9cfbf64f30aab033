"""Takebacks in the pure core, by positions: off unless the host allowed them; one ply back
when the asker's move was the last, two when the opponent replied; a capture taken back
gives the pieces back; declined, asked twice, answered by the asker, cancelled by a move —
each refused or undone with a stable code, nothing changed; the words in both languages."""

from __future__ import annotations

import pytest

from boardroom.games.russian import RULES, RussianState
from boardroom.games.russian.actions import actions
from boardroom.i18n import render_refusal
from boardroom.kernel import Journal, Json, Refused

CAPTURE = "W:Wc3,e1:Bd4,h8"


def game(takebacks: bool = True, fen: str | None = None) -> Journal[RussianState]:
    spec: Json = {"game": "russian", "ruleset": {"minutes": None, "takebacks": takebacks}}
    if fen:
        spec["fen"] = fen
    journal: Journal[RussianState] = Journal.open(RULES, spec)
    journal.handle({"type": "start", "by": "host"}, now=0.0)
    return journal


def play(journal: Journal[RussianState], by: str, kind: str, at: float, **extra: str) -> None:
    journal.handle({"type": kind, "by": by, **extra}, now=at)


def may(journal: Journal[RussianState], role: str) -> set[str]:
    """What the seat's page offers now (from its own view)."""
    return set(actions(RULES.view(journal.state, role), role))


def refused(journal: Journal[RussianState], by: str, kind: str) -> Refused:
    before = RULES.view(journal.state, "host")
    with pytest.raises(Refused) as caught:
        RULES.decide(journal.state, {"type": kind, "by": by}, 99.0)
    assert RULES.view(journal.state, "host") == before
    return caught.value


def test_off_unless_the_host_allowed_them() -> None:
    journal = game(takebacks=False)
    play(journal, "white", "move", 1.0, move="c3-d4")
    error = refused(journal, "white", "request_takeback")
    assert error.code == "takebacks_off"
    assert render_refusal(error.code, {}, "ru", "russian") == (
        "Ведущий не разрешил в этой партии брать ходы назад."
    )
    assert "request_takeback" not in may(journal, "white")


def test_the_last_move_goes_back_when_the_opponent_accepts() -> None:
    journal = game()
    start = journal.state.board.fen()
    play(journal, "white", "move", 1.0, move="c3-d4")
    assert "request_takeback" in may(journal, "white")
    play(journal, "white", "request_takeback", 2.0)
    view = RULES.view(journal.state, "black")
    assert view["takeback"] == {"by": "white", "plies": 1}
    assert {"accept_takeback", "decline_takeback"} <= may(journal, "black")
    play(journal, "black", "accept_takeback", 3.0)
    view = RULES.view(journal.state, "white")
    assert (view["position"], view["moves"], view["to_move"]) == (start, [], "white")
    assert view["takeback"] is None and journal.state.turn_started == 3.0


def test_after_the_reply_both_plies_go_back_and_the_host_may_accept() -> None:
    journal = game()
    play(journal, "white", "move", 1.0, move="c3-d4")
    play(journal, "black", "move", 2.0, move="f6-g5")
    after_first = journal.state.board.fen()
    play(journal, "white", "move", 3.0, move="g3-h4")
    play(journal, "black", "move", 4.0, move="b6-a5")
    play(journal, "white", "request_takeback", 5.0)  # g3-h4 and black's reply
    assert journal.state.takeback == {"by": "white", "plies": 2}
    assert "accept_takeback" in may(journal, "host")
    play(journal, "host", "accept_takeback", 6.0)
    view = RULES.view(journal.state, "white")
    assert view["position"] == after_first and view["moves"] == ["c3-d4", "f6-g5"]
    assert view["to_move"] == "white"


def test_a_capture_taken_back_gives_the_piece_back() -> None:
    journal = game(fen=CAPTURE)
    play(journal, "white", "move", 1.0, move="c3:e5")
    assert journal.state.board.piece_at("d4") is None
    play(journal, "white", "request_takeback", 2.0)
    play(journal, "black", "accept_takeback", 3.0)
    assert journal.state.board.fen() == RULES.setup({"game": "russian", "fen": CAPTURE}).board.fen()
    assert journal.state.board.piece_at("d4") is not None


def test_declined_asked_twice_answered_by_the_asker_and_cancelled_by_a_move() -> None:
    journal = game()
    assert refused(journal, "white", "request_takeback").code == "nothing_to_take_back"
    play(journal, "white", "move", 1.0, move="c3-d4")
    assert refused(journal, "black", "request_takeback").code == "nothing_to_take_back"
    assert refused(journal, "black", "accept_takeback").code == "no_takeback"
    play(journal, "white", "request_takeback", 2.0)
    again = refused(journal, "white", "request_takeback")
    assert (again.code, again.details.get("reason")) == ("takeback_asked", "yours")
    assert refused(journal, "black", "request_takeback").details.get("reason") == "to_you"
    assert refused(journal, "white", "accept_takeback").code == "no_takeback"
    play(journal, "black", "decline_takeback", 3.0)
    assert journal.state.takeback is None and journal.state.board.move_stack[-1] is not None
    assert RULES.view(journal.state, "white")["moves"] == ["c3-d4"]
    play(journal, "white", "request_takeback", 4.0)
    play(journal, "black", "move", 5.0, move="f6-g5")  # moving on cancels the takeback asked
    assert journal.state.takeback is None
    assert refused(journal, "black", "accept_takeback").code == "no_takeback"
    words = render_refusal("takeback_asked", {"reason": "to_you"}, "en", "russian")
    assert words == "You are asked to allow a takeback: accept it or decline it."
