"""Takebacks over real sockets: a pupil against the casual robot asks to take back a move
after the robot replied; the robot (a forgiving level) accepts and the position goes back
for both seats. Against a person who declines, nothing moves; a refusal comes in the
pupil's language."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_support import Api, Json, Server, WsSeat, running

from boardroom.draughts import Board


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path: Path = tmp_path_factory.mktemp("db") / "takebacks.sqlite3"
    with running(f"sqlite:///{path}", robot_poll_s="0.3") as srv:
        yield srv


def started(api: Api, black: Json) -> tuple[Json, str]:
    ruleset = {"minutes": None, "takebacks": True}
    setup = {"game": "russian", "white": {"name": "Аня"}, "black": black, "ruleset": ruleset}
    game = api.create("russian", setup)
    secret = api.join(game, "Аня", "white")["secret"]
    return game, secret


def test_the_casual_robot_accepts_a_takeback(server: Server) -> None:
    api = Api(server.url)
    game, secret = started(api, {"name": "Робот", "robot": "casual"})
    gid = game["game_id"]
    api.robots(gid, game["host_secret"], ["black"])
    api.ok(gid, game["host_secret"], {"type": "start"})
    pupil = WsSeat(server.ws_url, gid, secret)
    try:
        pupil.ok({"type": "move", "move": "c3-d4"})
        pupil.wait_until(lambda v: len(v["moves"]) == 2)  # the robot replied
        pupil.ok({"type": "request_takeback"})
        view = pupil.wait_until(lambda v: v["takeback"] is None and v["moves"] == [], 30)
    finally:
        pupil.close()
    assert view["position"] == Board().fen() and view["to_move"] == "white"
    kinds = [e["type"] for e in view["events"]]
    assert kinds[-2:] == ["takeback_requested", "takeback_accepted"]
    assert view["events"][-1]["by"] == "black" and view["events"][-1]["plies"] == 2


def test_a_person_declines_and_a_refusal_is_in_the_pupils_words(server: Server) -> None:
    api = Api(server.url)
    game, white = started(api, {"name": "Борис"})
    gid = game["game_id"]
    black = api.join(game, "Борис", "black")["secret"]
    api.ok(gid, game["host_secret"], {"type": "start"})
    seats = {
        side: WsSeat(server.ws_url, gid, s) for side, s in (("white", white), ("black", black))
    }
    try:
        seats["white"].ok({"type": "move", "move": "c3-d4"})
        seats["white"].ok({"type": "request_takeback"})
        again = seats["white"].command({"type": "request_takeback"})
        assert again["type"] == "error" and again["code"] == "takeback_asked"
        assert again["message"] == "Вы уже попросили вернуть ход."
        seats["black"].wait_until(lambda v: v.get("takeback") is not None)
        reply = seats["black"].ok({"type": "decline_takeback"})
        view = seats["white"].wait_version(reply["version"])
    finally:
        for seat in seats.values():
            seat.close()
    assert view["moves"] == ["c3-d4"] and view["takeback"] is None
    assert json.dumps(view["events"][-1]["type"]) == '"takeback_declined"'
