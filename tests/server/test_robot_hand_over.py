"""A late pupil gets a robot's seat, over real sockets: the host hands it over in one step
(``POST /api/web/games/{id}/hand-over``) while the robot trades; the pupil's seat opens
with the money and shares the robot had, the robot sends nothing more for it (the stored
event log), and the other seats hear nothing of it."""

from __future__ import annotations

from pathlib import Path

import httpx
from live_support import Api, Json, Server, WsSeat, robot_versions, stored_head, trading_setup
from multi_support import wait_for


def hand_over(api: Api, game: Json, secret: str, role: str, name: str) -> httpx.Response:
    return api.http.post(
        f"/api/web/games/{game['game_id']}/hand-over",
        json={"role": role, "name": name},
        headers={"Authorization": f"Bearer {secret}", "Accept-Language": "ru"},
    )


def test_a_late_pupil_takes_a_robots_seat_with_its_holdings(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hand.sqlite3'}"
    server = Server(url, tmp_path / "server.log", robot_poll_s="0.2").start()
    try:
        api = Api(server.url)
        game = api.create("exchange", trading_setup(11))
        gid, host = game["game_id"], game["host_secret"]
        pavel = api.join(game, "Pavel", "p1")["secret"]
        vera = api.join(game, "Vera", "p2")["secret"]
        robots = {"roles": ["p3", "p4"], "level": "casual"}
        answer = api.http.post(
            f"/api/games/{gid}/robots", json=robots, headers={"Authorization": f"Bearer {host}"}
        )
        assert answer.status_code == 200, answer.text
        api.ok(gid, host, {"type": "start"})
        wait_for(lambda: robot_versions(url, gid, "p3"), "p3's robot trading", timeout=45)
        watcher = WsSeat(server.ws_url, gid, vera)
        watcher.wait_version(0)

        # Only the host hands a seat over, and only a robot's own seat.
        assert hand_over(api, game, pavel, "p3", "Лиза").status_code == 403
        refused = hand_over(api, game, host, "p1", "Лиза")
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "no_robot"
        assert "робот" in refused.json()["error"]["message"]

        given = hand_over(api, game, host, "p3", "Лиза")
        assert given.status_code == 200, given.text
        handed = given.json()
        assert handed["role"] == "p3" and handed["name"] == "Лиза"
        assert handed["path"] == f"/play/{gid}#secret={handed['secret']}"
        at = stored_head(url, gid)
        liza = WsSeat(server.ws_url, gid, handed["secret"])
        assert liza.welcome["type"] == "welcome" and liza.welcome["role"] == "p3"
        mine, theirs = api.same_version(gid, handed["secret"], host)
        robot_had = theirs["view"]["accounts"]["p3"]
        assert mine["view"]["accounts"]["p3"] == robot_had
        assert robot_had["holdings"] or robot_had["orders"], robot_had  # the robot traded

        # The lobby seats Лиза there, no robot; the robot sends nothing more for p3.
        seats = {s["role"]: s for s in api.lobby(game)["seats"]}
        assert seats["p3"]["name"] == "Лиза" and not seats["p3"]["robot"]
        assert "robot_choice" not in seats["p3"]
        wait_for(lambda: robot_versions(url, gid, "p4", at), "p4's robot trading on", timeout=45)
        assert robot_versions(url, gid, "p3", at) == []
        assert hand_over(api, game, host, "p3", "Боря").status_code == 409  # handed once

        # Vera heard nothing of it: no lobby, no new name, none of p3's holdings.
        watcher.wait_version(stored_head(url, gid), timeout=20)
        heard = "".join(watcher.raw)
        assert "Лиза" not in heard and handed["secret"] not in heard
        assert {f["type"] for f in watcher.frames} <= {"welcome", "view", "ping", "time"}
        assert "p3" not in watcher.view["accounts"]  # firms Vera directs, and her own
        liza.close()
        watcher.close()
    finally:
        server.kill()


def test_a_robots_side_and_a_robot_team_handed_over(tmp_path: Path) -> None:
    """Russian draughts: the robot playing black answers a move, then its side goes to a
    person, whose move is the next one (the robot plays no more). Quiz Draughts: a robot
    team becomes a person's team (a shared seat)."""
    url = f"sqlite:///{tmp_path / 'sides.sqlite3'}"
    server = Server(url, tmp_path / "server.log", robot_poll_s="0.2").start()
    try:
        api = Api(server.url)
        game = api.create("russian", {"game": "russian", "white": {"name": "Аня"}})
        gid, host = game["game_id"], game["host_secret"]
        white = api.join(game, "Аня", "white")["secret"]
        seated = api.http.post(
            f"/api/games/{gid}/robots",
            json={"roles": ["black"]},
            headers={"Authorization": f"Bearer {host}"},
        )
        assert seated.status_code == 200, seated.text
        api.ok(gid, host, {"type": "start"})
        api.ok(gid, white, {"type": "move", "move": "c3-d4"})
        wait_for(lambda: robot_versions(url, gid, "black"), "the robot's reply", timeout=45)
        given = hand_over(api, game, host, "black", "Лиза")
        assert given.status_code == 200, given.text
        black, at = given.json()["secret"], stored_head(url, gid)
        view = api.wait(gid, white, lambda v: v["to_move"] == "white")
        api.ok(gid, white, {"type": "move", "move": view["legal_moves"][0]})
        mine = api.wait(gid, black, lambda v: v["to_move"] == "black")
        assert api.view(gid, black)["role"] == "black"
        api.ok(gid, black, {"type": "move", "move": mine["legal_moves"][0]})  # hers, not a robot's
        assert robot_versions(url, gid, "black", at) == []

        quiz = api.create("quiz")
        robot_team = api.http.post(
            f"/api/games/{quiz['game_id']}/robots",
            json={"roles": ["B"]},
            headers={"Authorization": f"Bearer {quiz['host_secret']}"},
        )
        assert robot_team.status_code == 200, robot_team.text
        team = hand_over(api, quiz, quiz["host_secret"], "B", "Петя")
        assert team.status_code == 200, team.text
        assert api.view(quiz["game_id"], team.json()["secret"])["role"] == "B"
        seats = [s for s in api.lobby(quiz)["seats"] if s["role"] == "B"]
        assert [(s["name"], s["robot"]) for s in seats] == [("Петя", False)]
    finally:
        server.kill()
