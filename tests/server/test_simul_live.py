"""A simul over real sockets (the class event's ``format: "simul"``): three pupils join by the
event's code with their names, the teacher seats a robot for an absent pupil and starts; the
server opens one Russian draughts board per pupil (and the robot), the teacher's side of every
board opened by the console's one secret (the event's host secret), the robot seated on its
pupil's side. The teacher moves on the boards through each board's command path with that
secret; the summary names the board to answer first (the teacher's turn, the pupil moved longest
ago). The server is stopped and started in the middle: no board is opened twice. Each result is
carried back into the event once (a pupil beats the teacher, a draw agreed, the teacher beats the
robot), a robot plays on for a pupil who has gone, the teacher ends the simul (the board still
played is a draw and its game ended), and
the crosstable CSV holds each pupil's result against the teacher."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_support import Api, Json, Server

from boardroom.server.tournaments import board_game_id
from boardroom.store import Store

NAMES = ("Аня", "Боря", "Вика")


@pytest.fixture(name="server")
def server_fixture(tmp_path: Path) -> Iterator[Server]:
    srv = Server(
        f"sqlite:///{tmp_path / 'simul.sqlite3'}",
        tmp_path / "server.log",
        robot_poll_s="0.3",
        coach_hold=str(tmp_path / "never"),  # the coach's worker waits: no CPU taken
    )
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def summary(api: Api, event_id: str, secret: str) -> Json:
    reply = api.http.get(
        f"/api/web/events/{event_id}/summary", headers={"Authorization": f"Bearer {secret}"}
    )
    assert reply.status_code == 200, reply.text
    body: Json = reply.json()
    return body


def until(test: object, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"timed out: {what}"
        time.sleep(0.1)


def test_a_simul_opens_each_board_once_and_carries_every_result(server: Server) -> None:
    api = Api(server.url)
    event = api.create("tournament", {"title": "Сеанс", "format": "simul", "teacher": "black"})
    eid, host = event["game_id"], event["host_secret"]
    secrets: dict[str, str] = {}
    for name in NAMES:
        joined = api.join(event["code"], name)
        api.ok(eid, joined["secret"], {"type": "enter", "name": name})
        secrets[joined["role"]] = joined["secret"]
    api.ok(eid, host, {"type": "add_robot", "name": "Робот 1"})
    api.ok(eid, host, {"type": "start"})
    view = api.wait(eid, host, lambda v: all(b["game_id"] for b in v["rounds"][0]["boards"]))
    boards = view["rounds"][0]["boards"]
    assert [(b["white"], b["black"]) for b in boards] == [
        ("p1", "teacher"),
        ("p2", "teacher"),
        ("p3", "teacher"),
        ("r1", "teacher"),
    ]
    games = [b["game_id"] for b in boards]
    assert games == [board_game_id(eid, 1, n) for n in range(1, 5)]

    # the console's one secret opens the teacher's side of every board; a pupil's, their own
    for game in games:
        seat = api.view(game, host)
        assert seat["role"] == "black" and seat["view"]["players"]["black"]["name"] == "Учитель"
    assert api.view(games[1], secrets["p2"])["role"] == "white"
    robot = api.view(games[3], host)["view"]["players"]["white"]
    assert robot["robot"] == "casual"

    # the pupils move (the robot too); the board waiting longest for the teacher comes first
    api.ok(games[1], secrets["p2"], {"type": "move", "move": "c3-d4"})
    time.sleep(0.3)
    api.ok(games[0], secrets["p1"], {"type": "move", "move": "a3-b4"})
    api.ok(games[2], secrets["p3"], {"type": "move", "move": "g3-h4"})
    until(lambda: api.view(games[3], host)["view"]["to_move"] == "black", "the robot moves")
    first = summary(api, eid, host)
    assert first["first"] in (2, 4)  # board 2 unless the robot moved before Боря
    api.ok(games[1], host, {"type": "move", "move": "f6-g5"})  # the teacher answers board 2
    assert summary(api, eid, host)["first"] != 2

    # a restart in the middle: the same boards, nothing opened again
    server.stop()
    server.start()
    after = api.view(eid, host)["view"]["rounds"][0]["boards"]
    assert [b["game_id"] for b in after] == games
    assert api.view(games[1], host)["view"]["moves"] == ["c3-d4", "f6-g5"]

    # Вика has gone: the teacher lets the robot play on for her (a stand-in on her side)
    api.ok(eid, host, {"type": "sit_in", "round": 1, "board": 3})
    api.ok(games[2], host, {"type": "move", "move": "h6-g5"})
    until(lambda: len(api.view(games[2], host)["view"]["moves"]) == 3, "the robot plays for Вика")

    # results: Аня beats the teacher, Боря and the teacher agree a draw, the teacher beats the
    # robot; then the teacher ends the simul: Вика's board is a draw, its game ended
    api.ok(games[0], host, {"type": "resign"})
    api.ok(games[1], host, {"type": "offer_draw"})
    api.ok(games[1], secrets["p2"], {"type": "accept_draw"})
    if api.view(games[3], host)["view"]["to_move"] == "black":
        api.ok(games[3], host, {"type": "move", "move": "h6-g5"})  # a move, then the robot resigns
    api.ok(eid, host, {"type": "result", "round": 1, "board": 4, "result": 0})
    api.wait(eid, host, lambda v: v["rounds"][0]["boards"][1]["result"] is not None)
    api.ok(eid, host, {"type": "end_round", "round": 1})
    view = api.wait(eid, host, lambda v: v["phase"] == "over")
    assert [b["result"] for b in view["rounds"][0]["boards"]] == [2, 1, 1, 0]
    assert [b["by_teacher"] for b in view["rounds"][0]["boards"]] == [False, False, True, True]
    assert api.wait(games[2], host, lambda v: v["phase"] == "ended")["end_reason"] == "host"
    assert [(s["name"], s["points"]) for s in view["standings"]] == [
        ("Аня", 2),
        ("Боря", 1),
        ("Вика", 1),
        ("Робот 1", 0),
    ]
    auth = {"Authorization": f"Bearer {host}", "Accept-Language": "ru"}
    table = api.http.get(f"/api/web/games/{eid}/crosstable", headers=auth).text.splitlines()
    assert table[0] == "\ufeffМесто;Имя;1;2;3;4;Учитель;Очки;Бухгольц;Зоннеборн — Бергер"
    assert [row.split(";")[6] for row in table[1:]] == ["2", "1", "1", "0"]

    # the store: one game per board, named by its place, each seated and started once
    store = Store(server.db_url)
    try:
        stored = {r.game_id for r in store.games.games() if r.game == "russian"}
        assert stored == set(games)
        for game in games:
            assert sorted(s.role for s in store.games.seats(game)) == ["black", "white"]
            kinds = Counter(e.body["type"] for e in store.events.events_since(game, 0))
            assert kinds["game_started"] == 1 and kinds["game_ended"] == 1, (game, kinds)
        events = [e.body for e in store.events.events_since(eid, 0)]
    finally:
        store.close()
    assert Counter(e["type"] for e in events)["boards_opened"] == 1
    results = Counter(e["board"] for e in events if e["type"] == "result_recorded")
    assert results == {1: 1, 2: 1, 3: 1, 4: 1}
