"""Views: the host sees answers; the projector never before the judgement; teams see their moves."""

from __future__ import annotations

import json

import pytest
from quiz_helpers import Game, questions, spec

from boardroom.games.quiz import RULES
from boardroom.kernel import Refused


def answers_in(view: dict[str, object]) -> set[str]:
    text = json.dumps(view, ensure_ascii=False)
    return {f"Answer-{n}-xyzzy" for n in range(1, 41) if f"Answer-{n}-xyzzy" in text}


def game_with_choices() -> Game:
    qs = questions(10)
    qs[1]["choices"] = ["Answer-2-xyzzy", "Wrong"]
    qs[0]["accept"] = ["Answer-1-alt"]
    qs[0]["comment"] = "hint"
    game = Game(spec({"a1": "c3", "a2": "a1"}, {"b1": "d4", "b2": "f6", "b3": "h8"}, qs=qs))
    game.start()
    game.do("move", by="A", move="c3:e5:g7")
    return game


def test_the_projector_never_shows_an_answer_before_the_judgement() -> None:
    game = game_with_choices()
    game.do("ask")
    host, projector = game.view("host"), game.view("projector")
    assert host["duel"]["question"]["answer"] == "Answer-1-xyzzy"
    assert host["duel"]["question"]["accept"] == ["Answer-1-alt"]
    assert "answer" not in projector["duel"]["question"]
    assert projector["duel"]["question"]["text"] == "Question number 1?"
    assert answers_in(projector) == set()
    game.do("answer", by="B", text="Answer-1-xyzzy")  # the team answers right: still hidden
    for viewer in ("projector", "A"):
        assert answers_in(game.view(viewer)) == set(), viewer
        assert "hint" not in json.dumps(game.view(viewer))
    assert game.view("B")["duel"]["given"] == {"text": "Answer-1-xyzzy"}  # its own answer
    game.do("judge", correct=False)
    revealed = game.view("projector")
    assert revealed["last_judgement"]["question"]["answer"] == "Answer-1-xyzzy"
    assert answers_in(revealed) == {"Answer-1-xyzzy"}
    game.do("ask")  # a multiple-choice question: choices show, the right one is not marked
    assert answers_in(game.view("projector")) == {"Answer-1-xyzzy", "Answer-2-xyzzy"}
    assert game.view("projector")["duel"]["question"]["choices"] == ["Answer-2-xyzzy", "Wrong"]
    assert "answer" not in game.view("projector")["duel"]["question"]


def test_projector_and_teams_never_see_an_unjudged_answer_in_the_events() -> None:
    game = game_with_choices()
    game.do("ask")
    game.do("answer", by="B", text="Answer-1-xyzzy")
    events = game.view("projector")["events"]
    given = next(e for e in events if e["type"] == "answer_given")
    assert given == {
        "type": "answer_given",
        "at": 0.0,
        "team": "B",
        "question": "q1",
        "hidden": True,
    }
    hosts = next(e for e in game.view("host")["events"] if e["type"] == "answer_given")
    assert hosts["text"] == "Answer-1-xyzzy"


def test_answer_media_are_hidden_until_the_judgement() -> None:
    qs = questions(2)
    qs[0]["media"] = [
        {"kind": "image", "ref": "q.png", "part": "question", "blob": "b1"},
        {"kind": "image", "ref": "solution.png", "part": "answer", "blob": "b2"},
        {"kind": "audio", "ref": "unheld.mp3", "part": "question"},
    ]
    game = Game(spec({"a1": "c3"}, {"b1": "d4", "b2": "h8"}, qs=qs))
    game.start()
    game.do("move", by="A", move="c3:e5")
    game.do("ask")
    shown = game.view("projector")["duel"]["question"]["media"]
    assert [(m["id"], m["kind"]) for m in shown] == [("q1.m1", "image")]
    assert "q.png" not in str(game.view("projector")) and "q.png" not in str(game.view("A"))
    assert [(m["ref"], m["held"]) for m in game.view("host")["duel"]["question"]["media"]] == [
        ("q.png", True),
        ("solution.png", True),
        ("unheld.mp3", False),
    ]
    game.do("answer", by="B", text="x")
    game.do("judge", correct=False)
    revealed = game.view("A")["last_judgement"]["question"]["media"]
    assert [m["id"] for m in revealed] == ["q1.m1", "q1.m2"]
    assert "solution.png" not in str(game.view("A"))


def test_team_views_show_their_own_moves_only() -> None:
    game = Game(spec({"a1": "c3"}, {"b1": "f6"}))
    game.start()
    assert sorted(m["move"] for m in game.view("A")["legal_moves"]) == ["c3-b4", "c3-d4"]
    assert game.view("B")["legal_moves"] == []
    assert game.view("projector")["legal_moves"] == []
    assert game.view("A")["legal_moves"][0]["member"] == "a1"
    assert "undo_available" not in game.view("A")
    assert game.view("a1") == game.view("A")  # a member sees its team's view


def test_host_view_carries_the_protocol_keys() -> None:
    game = game_with_choices()
    view = game.view("host")
    for key in ("phase", "position", "to_move", "teams", "duel", "winner", "events"):
        assert key in view
    member = view["teams"]["B"]["members"][0]
    assert set(member) >= {"id", "name", "square"}
    assert view["duel"]["jumps"] == [
        {"square": "d4", "member": "b1", "result": None},
        {"square": "f6", "member": "b2", "result": None},
    ]
    json.dumps(view)  # plain JSON


def test_unknown_viewer_is_refused() -> None:
    game = Game(spec({"a1": "c3"}, {"b1": "f6"}))
    with pytest.raises(Refused) as caught:
        RULES.view(game.state, "C")
    assert caught.value.code == "unknown_viewer"
