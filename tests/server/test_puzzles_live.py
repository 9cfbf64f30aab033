"""A puzzle lesson over real sockets: three phones and a robot through two puzzles, each
seat reading only its own secrets; pasted positions solved and refused; «из наших партий»:
the coach's hints in a finished game become the lesson's puzzles."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from live_support import Api, Json, Server, WsSeat

from boardroom.bots.coach import analyse_moves

SETUP: Json = {
    "game": "puzzles",
    "seconds": 60,
    "puzzles": [
        {"fen": "W:Wc3,h2:Bd4,f6,g3", "best": ["c3:e5:g7"]},
        {"fen": "W:Wa3,c3,d2,e1,g3:Ba5,c5,e7,g7,h6", "best": ["c3-b4"]},
    ],
}
NAMES = ("Аня", "Боря", "Вика")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("puzzles")
    srv = Server(f"sqlite:///{path / 'puzzles.sqlite3'}", path / "server.log")
    srv.env["BOARDROOM_ROBOT_POLL_S"] = "0.3"
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def test_three_phones_and_a_robot_through_two_puzzles(server: Server) -> None:
    api = Api(server.url)
    lesson = api.create("puzzles", SETUP)
    gid = lesson["game_id"]
    phones: dict[str, WsSeat] = {}
    for name in NAMES:
        joined = api.join(lesson["code"], name)
        phones[name] = WsSeat(server.ws_url, gid, joined["secret"])
        phones[name].ok({"type": "enter", "name": name})
    api.robots(gid, lesson["host_secret"], ["p7"])
    host = WsSeat(server.ws_url, gid, lesson["host_secret"])
    try:
        host.wait_until(lambda v: len(v.get("pupils", [])) == 4)
        host.ok({"type": "start"})
        phones["Аня"].ok({"type": "answer", "move": "c3:g7"})
        phones["Боря"].ok({"type": "answer", "move": "h2:f4"})
        again = phones["Боря"].command({"type": "answer", "move": "c3:e5:g7"})
        assert (again["type"], again["code"]) == ("error", "answered_already")
        assert "Вы уже ответили" in again["message"]
        seen = phones["Вика"].wait_until(lambda v: v["answered"] == 3)  # with the robot's
        assert "reveal" not in seen and seen["my_answer"] is None
        assert all(
            set(e) <= {"type", "pupil", "at"} for e in seen["events"] if e["type"] == "answered"
        )
        phones["Вика"].ok({"type": "answer", "move": "c3:e5:g7"})
        host.wait_until(lambda v: v["phase"] == "closed")
        host.ok({"type": "reveal"})
        view = phones["Боря"].wait_until(lambda v: "reveal" in v)
        tried = {m["move"]: m["count"] for m in view["reveal"]["tried"]}
        assert tried == {"c3:e5:g7": 3, "h2:f4": 1}
        assert view["my_answer"]["correct"] is False
        host.ok({"type": "next"})
        for name in NAMES:
            phones[name].ok({"type": "answer", "move": "c3-b4"})
        host.wait_until(lambda v: v["phase"] == "closed" and v["answered"] == 4)
        host.ok({"type": "reveal"})
        host.ok({"type": "next"})
        final = host.wait_until(lambda v: v["phase"] == "over")
        rows = {s["name"]: (s["solved"], s["tried"]) for s in final["standings"]}
        assert rows == {"Аня": (2, 2), "Боря": (1, 2), "Вика": (2, 2), "Робот 7": (2, 2)}
        report = api.http.get(
            f"/api/web/games/{gid}/report",
            headers={"Authorization": f"Bearer {lesson['host_secret']}"},
        )
        assert report.status_code == 200, report.text
    finally:
        for seat in (*phones.values(), host):
            seat.close()


def test_pasted_positions_are_solved_or_refused(server: Server) -> None:
    api = Api(server.url)
    made = api.http.post("/api/web/puzzles/prepare", json={"text": "W:Wc3,h2:Bd4,f6,g3\n"})
    assert made.json() == {"puzzles": [{"fen": "W:Wc3,h2:Bd4,f6,g3", "best": ["c3:e5:g7"]}]}
    for text, code in (("W:Wc3:Bz9", "bad_fen"), ("W:W:Bd4", "no_legal_move"), ("  ", "bad_text")):
        for lang, words in (("ru", "Задача"), ("en", "")):
            reply = api.http.post(
                "/api/web/puzzles/prepare", json={"text": text}, headers={"Accept-Language": lang}
            )
            assert reply.status_code == 400
            error = reply.json()["error"]
            assert error["code"] == code and (words in error["message"] or code == "bad_text")
    bad = {**SETUP, "puzzles": [{"fen": "not a position", "best": ["c3-d4"]}]}
    reply = api.http.post("/api/games", json={"game": "puzzles", "setup": bad})
    assert (reply.status_code, reply.json()["error"]["code"]) == (400, "bad_fen")


def test_from_our_games_are_the_coachs_hints(server: Server) -> None:
    api = Api(server.url)
    setup = {"game": "russian", "fen": "W:Wc3,h2:Bd4,f6,g3", "white": {"name": "Аня"}}
    game = api.create("russian", {**setup, "black": {"name": "Боря"}})
    gid, host = game["game_id"], game["host_secret"]
    white = api.join(game["code"], "Аня", "white")["secret"]
    api.ok(gid, host, {"type": "start"})
    api.ok(gid, white, {"type": "move", "move": "h2:f4"})  # missed c3:e5:g7
    api.ok(gid, host, {"type": "end_game"})
    named = [{"game_id": gid, "secret": "not-a-secret"}, {"game_id": "g0000", "secret": host}]
    named.append({"game_id": gid, "secret": host})  # only the last opens a seat: it alone counts
    reply = api.http.post("/api/web/puzzles/from-games", json={"games": named})
    assert reply.status_code == 200, reply.text
    puzzles = reply.json()["puzzles"]
    review = analyse_moves("W:Wc3,h2:Bd4,f6,g3", ["h2:f4"])
    hints = [n for n in review["notes"] if n["hint"]]
    assert [(p["fen"], p["played"], p["best"]) for p in puzzles] == [
        (review["positions"][n["ply"]], n["move"], [n["better"]]) for n in hints
    ]
    assert puzzles[0]["title"].startswith("Аня")
    lesson = api.create("puzzles", {"game": "puzzles", "puzzles": puzzles})
    assert lesson["game"] == "puzzles"
    nothing = api.http.post(
        "/api/web/puzzles/from-games", json={"games": [{"game_id": gid, "secret": white}]}
    )
    assert nothing.status_code == 200  # any seat of the game may read its review
    refused = api.http.post(
        "/api/web/puzzles/from-games", json={"games": [{"game_id": gid, "secret": "x"}]}
    )
    assert (refused.status_code, refused.json()["error"]["code"]) == (400, "no_games")
