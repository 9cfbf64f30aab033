"""Issue 42, "the lesson goes on", over real HTTP and sockets: «play again» points the old
game at the new one; every socket of the old game hears the same frame (a game id, no
secret); each device follows with its own old secret to its own seat (same role, same
name), and nothing else gets it a seat; robots stay robots; the join page offers only the
names still without a seat; a class event says it is gathering. (A phone that comes back
after a restart follows: tests/web/test_web_classes.py, Vera's phone.)"""

from __future__ import annotations

from live_fixtures import api_fixture, server_fixture  # noqa: F401 (fixtures)
from live_games import exchange_setup, quiz_setup
from live_support import Api, Json, Server, WsSeat

CLASS = ["Аня", "Борис", "Вера", "Дина"]


def bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}", "Accept-Language": "en"}


def again(api: Api, game: Json) -> Json:
    reply = api.http.post(
        f"/api/web/games/{game['game_id']}/again", headers=bearer(game["host_secret"])
    )
    assert reply.status_code == 200, reply.text
    made: Json = reply.json()
    return made


def follow(api: Api, game_id: str, secret: str) -> Json:
    reply = api.http.post(f"/api/games/{game_id}/follow", headers=bearer(secret))
    assert reply.status_code == 200, reply.text
    seat: Json = reply.json()
    return seat


def class_names(api: Api, code: str) -> list[str]:
    names: list[str] = api.http.get(f"/api/web/join/{code}/class").json()["names"]
    return names


def test_every_seat_follows_with_its_own_secret_and_nobody_else_gets_one(
    server: Server, api: Api
) -> None:
    game = api.create("exchange", exchange_setup())
    gid = game["game_id"]
    host = bearer(game["host_secret"])
    kept = api.http.post(f"/api/web/games/{gid}/class", json={"names": CLASS}, headers=host)
    assert kept.status_code == 200, kept.text
    pupils = {
        pid: api.join(game, name, pid) for pid, name in zip(["p1", "p2"], CLASS, strict=False)
    }
    assert class_names(api, game["code"]) == CLASS[2:]  # the seated names are not offered
    wall = api.join(game, "Wall", "projector")
    api.robots(gid, game["host_secret"], ["p4"])
    late = api.join(game, CLASS[2], "p3")
    assert class_names(api, game["code"]) == []  # a full game offers no name
    sockets = {pid: WsSeat(server.ws_url, gid, p["secret"]) for pid, p in pupils.items()}
    sockets["wall"] = WsSeat(server.ws_url, gid, wall["secret"])
    assert all(s.welcome["next"] is None for s in sockets.values())

    made = again(api, game)
    assert made["game_id"] != gid and made["code"] != game["code"]
    # Asked again (a double tap, a lost answer): the same game, the same host secret.
    assert again(api, game) == made
    new_id = made["game_id"]
    told = {name: s.wait_until_frame("goes_on") for name, s in sockets.items()}
    assert all(frame == {"type": "goes_on", "game": gid, "next": new_id} for frame in told.values())

    # The new game keeps every seat, no secret opens it yet; the robot is a robot there.
    lobby = {s["role"]: s for s in api.lobby(made)["seats"]}
    assert lobby["p4"]["robot"] and not lobby["p1"]["robot"]
    assert [lobby[p]["name"] for p in ("p1", "p2", "p3")] == CLASS[:3]
    assert class_names(api, made["code"]) == []

    # Nothing but the old seat's secret gets a seat: none, a made-up one, another game's.
    other = api.create("exchange", exchange_setup())
    stranger = Api(server.url)  # no cookie of any seat
    for headers in ({}, bearer("x" * 32), bearer(other["host_secret"])):
        reply = stranger.http.post(f"/api/games/{gid}/follow", headers=headers)
        assert reply.status_code == 401, reply.text
    not_moved = api.http.post(
        f"/api/games/{other['game_id']}/follow", headers=bearer(other["host_secret"])
    )
    assert not_moved.status_code == 404 and not_moved.json()["error"]["code"] == "not_gone_on"

    seats = {pid: follow(api, gid, p["secret"]) for pid, p in {**pupils, "p3": late}.items()}
    for pid, seat in seats.items():
        assert (seat["game_id"], seat["role"]) == (new_id, pid)
        assert seat["name"] == {"p1": CLASS[0], "p2": CLASS[1], "p3": CLASS[2]}[pid]
        assert api.view(new_id, seat["secret"])["role"] == pid
    secrets = [s["secret"] for s in seats.values()]
    assert len(set(secrets)) == 3 and not {p["secret"] for p in pupils.values()} & set(secrets)
    # Following again (two tabs, a retry): the same seat and secret.
    assert follow(api, gid, pupils["p1"]["secret"]) == seats["p1"]
    shown = follow(api, gid, wall["secret"])
    assert shown["role"] == "projector" and shown["game_id"] == new_id
    led = follow(api, gid, game["host_secret"])
    assert (led["role"], led["secret"]) == ("host", made["host_secret"])
    # The old game's frames carried no secret of the new game.
    said = "".join(raw for s in sockets.values() for raw in s.raw)
    assert not any(secret in said for secret in [*secrets, shown["secret"], made["host_secret"]])
    # A phone coming back to the old game reads where it went on in its welcome.
    back = WsSeat(server.ws_url, gid, pupils["p2"]["secret"])
    assert back.welcome["next"] == new_id
    me = api.http.get(f"/api/web/games/{gid}/me", headers=bearer(pupils["p2"]["secret"]))
    assert me.json()["next"] == new_id
    there = WsSeat(server.ws_url, new_id, seats["p2"]["secret"])
    assert (there.welcome["role"], there.welcome["next"]) == ("p2", None)
    for s in [*sockets.values(), back, there]:
        s.close()


def test_quiz_team_mates_each_follow_into_their_own_seat(server: Server, api: Api) -> None:
    game = api.create("quiz", quiz_setup())
    mates = [api.join(game, name, "A") for name in ("Аня", "Борис")]
    alone = api.join(game, "Вера", "B")
    made = again(api, game)
    seats = [follow(api, game["game_id"], p["secret"]) for p in [*mates, alone]]
    assert [(s["role"], s["name"]) for s in seats] == [("A", "Аня"), ("A", "Борис"), ("B", "Вера")]
    assert len({s["seat"] for s in seats}) == 3
    assert all(s["game_id"] == made["game_id"] for s in seats)
    lobby = api.lobby(made)["seats"]
    assert sorted((s["role"], s["name"]) for s in lobby if s["role"] != "host") == [
        ("A", "Аня"),
        ("A", "Борис"),
        ("B", "Вера"),
    ]


def test_a_class_event_gathers_and_its_pupils_enter_the_new_one(server: Server, api: Api) -> None:
    event = api.create("tournament", {"game": "tournament", "title": "7Б", "rounds": 1})
    info = api.http.get(f"/api/web/join/{event['code']}").json()
    assert (info["gathering"], info["started"]) == (True, False)
    pupils = []
    for name in ("Аня", "Борис", "Вера"):
        seat = api.join(event, name)
        api.ok(event["game_id"], seat["secret"], {"type": "enter", "name": name, "id": "e"})
        pupils.append(seat)
    made = again(api, event)
    view = api.view(made["game_id"], made["host_secret"])["view"]
    assert [(p["id"], p["name"]) for p in view["pupils"]] == [
        (p["role"], name) for p, name in zip(pupils, ("Аня", "Борис", "Вера"), strict=True)
    ]
    assert view["phase"] == "gathering"
    for pupil in pupils:
        seat = follow(api, event["game_id"], pupil["secret"])
        assert (seat["role"], seat["name"]) == (pupil["role"], pupil["name"])


def test_a_draughts_side_follows_and_the_robot_side_stays_a_robot(server: Server, api: Api) -> None:
    setup = {"game": "russian", "white": {"name": "Аня"}, "black": {"name": "Робот"}}
    game = api.create("russian", setup)
    white = api.join(game, "Аня", "white")
    api.robots(game["game_id"], game["host_secret"], ["black"])
    made = again(api, game)
    seat = follow(api, game["game_id"], white["secret"])
    assert (seat["game_id"], seat["role"], seat["name"]) == (made["game_id"], "white", "Аня")
    lobby = {s["role"]: s for s in api.lobby(made)["seats"]}
    assert lobby["black"]["robot"] and not lobby["white"]["robot"]
    # The secret answered opens that side in the new game.
    assert api.view(made["game_id"], seat["secret"])["role"] == "white"
