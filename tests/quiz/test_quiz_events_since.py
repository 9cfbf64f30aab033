"""``view(state, viewer, events_since=n)``: the whole view's events from number ``n`` on,
redacted exactly as in the whole view (an answer hidden from others until judged)."""

from __future__ import annotations

import json

from quiz_helpers import Game, questions, spec

from boardroom.games.quiz import RULES

VIEWERS = ("host", "projector", "A", "B")


def same_from_every_n(game: Game) -> None:
    state = game.state
    for viewer in VIEWERS:
        whole = RULES.view(state, viewer)
        for n in range(len(state.log) + 2):
            part = RULES.view(state, viewer, events_since=n)
            assert part["events"] == whole["events"][n:], (viewer, n)
            assert {**part, "events": None} == {**whole, "events": None}


def test_events_since_is_the_tail_of_the_whole_views_events() -> None:
    teams = {"a1": "c3", "a2": "a1"}, {"b1": "d4", "b2": "f6", "b3": "h8"}
    game = Game(spec(*teams, qs=questions(5)))
    game.start()
    same_from_every_n(game)
    game.do("move", by="A", move="c3:e5:g7")
    game.do("ask")
    game.do("answer", by="B", text="Secret-xyzzy")
    same_from_every_n(game)
    since = len(game.state.log) - 1  # just the answer: hidden from A and the projector
    for viewer in ("projector", "A"):
        assert "Secret-xyzzy" not in json.dumps(RULES.view(game.state, viewer, events_since=since))
    assert "Secret-xyzzy" in json.dumps(RULES.view(game.state, "B", events_since=since))
    game.do("judge", correct=False)
    same_from_every_n(game)
    after = len(game.state.log)  # the judgement reveals the earlier answer in whole views ...
    assert "Secret-xyzzy" in json.dumps(RULES.view(game.state, "projector")["events"])
    # ... so a caller holding the hidden answer must ask for the events again (the server does)
    assert "Secret-xyzzy" not in json.dumps(
        RULES.view(game.state, "projector", events_since=after)["events"]
    )
