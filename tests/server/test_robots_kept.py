"""Robot seats kept in the store, over real sockets: the host's later choice for a robot
seat and the stand-in in a departed person's seat outlive a ``kill -9`` (SQLite); with two
processes on one PostgreSQL a person handed to a robot on one comes back through the other
and gets the seat back, and the robot (run by the game's leader only) stops."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx
from live_fixtures import fresh_pg_url
from live_support import Api, Json, Server, WsSeat, robot_versions, stored_head, trading_setup
from multi_support import metric, quick, wait_for


def robots(api: Api, game: Json, body: Json) -> httpx.Response:
    return api.http.post(
        f"/api/games/{game['game_id']}/robots",
        json=body,
        headers={"Authorization": f"Bearer {game['host_secret']}"},
    )


def hand_to_robot(api: Api, game: Json, role: str, choice: Json) -> None:
    """The host hands a departed person's seat to a robot (once the server saw them go)."""

    def handed() -> bool:
        return robots(api, game, {"roles": [role], **choice}).status_code == 200

    wait_for(handed, f"{role} handed to a robot", timeout=20)


def lobby_robots(api: Api, game: Json) -> dict[str, Json]:
    """Each role a robot plays, as the host's lobby shows it: its choice, a stand-in or not."""
    return {
        s["role"]: {**s["robot_choice"], "stand_in": s["stand_in"]}
        for s in api.lobby(game)["seats"]
        if "robot_choice" in s
    }


def soon(test: Callable[[], object], what: str, timeout: float = 45.0) -> None:
    wait_for(test, what, timeout=timeout, every=0.3)


def test_robot_choices_and_a_stand_in_outlive_a_kill(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kept.sqlite3'}"
    server = Server(url, tmp_path / "server.log", robot_poll_s="0.2").start()
    try:
        api = Api(server.url)
        game = api.create("exchange", trading_setup(7))
        gid, host = game["game_id"], game["host_secret"]
        away = api.join(game, "Vera", "p2")["secret"]
        api.join(game, "Pavel", "p1")
        assert robots(api, game, {"roles": ["p3", "p4"], "level": "casual"}).status_code == 200
        # The host changes their mind about p3 after the first pick.
        changed = {"roles": ["p3"], "seats": {"p3": {"kind": "noise", "level": "strong"}}}
        assert robots(api, game, changed).status_code == 200
        WsSeat(server.ws_url, gid, away).close()  # Vera came and left
        hand_to_robot(api, game, "p2", {"kind": "noise", "level": "beginner"})
        api.ok(gid, host, {"type": "start"})
        chosen = lobby_robots(api, game)
        assert chosen["p3"] == {"kind": "noise", "level": "strong", "accuracy": 0.6} | {
            "stand_in": False
        }
        assert chosen["p2"]["stand_in"] and chosen["p2"]["kind"] == "noise", chosen

        server.kill()
        head = stored_head(url, gid)
        server.start()
        assert lobby_robots(api, game) == chosen  # the choices and the stand-in, as stored
        # Both play after the restart: the stand-in in Vera's seat, p3 as the speculator.
        soon(lambda: robot_versions(url, gid, "p2", head), "the stand-in's order after the restart")
        soon(lambda: robot_versions(url, gid, "p3", head), "p3's order after the restart")

        # Vera is back: the seat is hers again, its holdings as the stand-in left them.
        before = api.view(gid, host)["view"]["accounts"]["p2"]
        seat = WsSeat(server.ws_url, gid, away)
        seat.wait_version(0)
        soon(lambda: not lobby_robots(api, game).get("p2"), "the stand-in gone from the lobby")
        back = stored_head(url, gid)
        assert api.view(gid, away)["role"] == "p2"
        mine, theirs = api.same_version(gid, away, host)
        assert mine["view"]["accounts"]["p2"] == theirs["view"]["accounts"]["p2"]
        assert before["holdings"] or before["orders"], before  # the stand-in traded for her
        # The robots go on, but none in Vera's seat.
        soon(lambda: robot_versions(url, gid, "p3", back), "p3's order after the return")
        assert robot_versions(url, gid, "p2", back) == []
        server.kill()
        server.start()
        assert "p2" not in lobby_robots(api, game)  # handed back for good
        seat.close()
    finally:
        server.kill()


def test_a_person_handed_to_a_robot_on_one_process_gets_the_seat_back_through_the_other() -> None:
    url = fresh_pg_url()
    with quick(url, robot_poll_s="0.2") as first, quick(url, robot_poll_s="0.2") as second:
        api, other = Api(first.url), Api(second.url)
        game = api.create("exchange", trading_setup(7))
        gid, host = game["game_id"], game["host_secret"]
        away = api.join(game, "Vera", "p2")["secret"]
        api.join(game, "Pavel", "p1")
        assert robots(api, game, {"roles": ["p3", "p4"], "kind": "noise"}).status_code == 200
        WsSeat(first.ws_url, gid, away).close()
        hand_to_robot(api, game, "p2", {"kind": "noise"})
        api.ok(gid, host, {"type": "start"})
        watcher = WsSeat(second.ws_url, gid, host)  # the other process has the game too
        watcher.wait_version(0)
        assert metric(first, "boardroom_games_led") == 1
        assert metric(second, "boardroom_games_led") == 0
        soon(lambda: robot_versions(url, gid, "p2"), "the stand-in's order")
        assert lobby_robots(other, game) == lobby_robots(api, game)

        seat = WsSeat(second.ws_url, gid, away)  # Vera is back, through the other process
        seat.wait_version(0)
        soon(lambda: "p2" not in lobby_robots(api, game), "the leader's stand-in gone")
        back = stored_head(url, gid)
        assert "p2" not in lobby_robots(other, game)
        # The leader's robots go on; none in Vera's seat, and the other process runs none.
        soon(lambda: robot_versions(url, gid, "p3", back), "p3's order after the return")
        soon(lambda: robot_versions(url, gid, "p4", back), "p4's order after the return")
        assert robot_versions(url, gid, "p2", back) == []
        assert robot_counts(second) == {}
        order = {"type": "order", "account": "p2", "stock": 3, "side": "buy", "qty": 1}
        assert seat.command(order | {"price": 5})["type"] == "ack"  # hers to play
        seat.close()
        watcher.close()


def robot_counts(server: Server) -> dict[str, float]:
    """A process's ``boardroom_robot_commands_total`` by result."""
    text = httpx.get(server.url + "/metrics", timeout=10).text
    counts: dict[str, float] = {}
    for line in text.splitlines():
        if line.startswith("boardroom_robot_commands_total{"):
            result = line.split('result="')[1].split('"')[0]
            counts[result] = counts.get(result, 0.0) + float(line.split()[-1])
    return {k: v for k, v in counts.items() if v}
