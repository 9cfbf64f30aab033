"""Issue 36, part B, over real HTTP: a host key keeps its class lists and named presets;
another key sees none of them (a class of another key is "not found" byte for byte like a
missing one); bad input is refused with a code and a sentence in the reader's language, and
nothing is kept; a class taken from a finished game; "play again" makes the same game."""

from __future__ import annotations

import httpx
from live_fixtures import api_fixture, server_fixture  # noqa: F401 (fixtures)
from live_games import exchange_setup, quiz_setup
from live_support import Api, Server

from boardroom.kernel import Json

CLASS_7B = ["Аня Смирнова", "Борис Ким", "Вера Петрова"]


def key_of(api: Api) -> str:
    reply = api.http.post("/api/web/host-key")
    assert reply.status_code == 200, reply.text
    key: str = reply.json()["key"]
    assert len(key) >= 22
    return key


def by(key: str, lang: str = "en") -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Accept-Language": lang}


def classes_of(api: Api, key: str) -> list[Json]:
    reply = api.http.get("/api/web/classes", headers=by(key))
    assert reply.status_code == 200, reply.text
    found: list[Json] = reply.json()["classes"]
    return found


def test_a_key_keeps_its_classes_and_presets_and_no_other_key_sees_them(
    server: Server, api: Api
) -> None:
    mine, theirs = key_of(api), key_of(api)
    typed = api.http.post(
        "/api/web/classes", json={"name": "7Б", "names": CLASS_7B}, headers=by(mine)
    )
    assert typed.status_code == 200, typed.text
    pasted = api.http.post(
        "/api/web/classes",
        json={"name": "8А", "text": "Глеб\r\n\n  Дина Орлова \nГлеб\nЕгор\tлишнее\n"},
        headers=by(mine),
    )
    assert pasted.json()["names"] == ["Глеб", "Дина Орлова", "Егор"]
    listed = classes_of(api, mine)
    assert [(c["name"], c["names"]) for c in listed] == [
        ("7Б", CLASS_7B),
        ("8А", ["Глеб", "Дина Орлова", "Егор"]),
    ]
    # The same name again: the list is replaced, not doubled.
    again = api.http.post(
        "/api/web/classes", json={"name": "7Б", "names": CLASS_7B[:2]}, headers=by(mine)
    )
    assert again.json()["id"] == typed.json()["id"]
    assert classes_of(api, mine)[0]["names"] == CLASS_7B[:2]

    preset = {"name": "Короткая", "game": "exchange", "settings": {"ruleset": {"years": 1}}}
    saved = api.http.post("/api/web/named-presets", json=preset, headers=by(mine))
    assert saved.status_code == 200, saved.text
    presets = api.http.get("/api/web/named-presets", headers=by(mine)).json()["presets"]
    assert presets == [saved.json()] and presets[0]["settings"] == {"ruleset": {"years": 1}}

    # Another key: nothing listed, and its "not found" is the missing one's, byte for byte.
    assert classes_of(api, theirs) == []
    assert api.http.get("/api/web/named-presets", headers=by(theirs)).json() == {"presets": []}
    other = api.http.delete(f"/api/web/classes/{typed.json()['id']}", headers=by(theirs))
    missing = api.http.delete("/api/web/classes/c-0000000000000000", headers=by(theirs))
    assert other.status_code == missing.status_code == 404
    assert other.content == missing.content
    assert other.json()["error"]["code"] == "no_class"
    other_preset = api.http.delete(
        f"/api/web/named-presets/{saved.json()['id']}", headers=by(theirs)
    )
    assert other_preset.status_code == 404
    assert len(classes_of(api, mine)) == 2  # still there

    gone = api.http.delete(f"/api/web/classes/{typed.json()['id']}", headers=by(mine))
    assert gone.status_code == 200
    assert [c["name"] for c in classes_of(api, mine)] == ["8А"]
    assert api.http.delete(f"/api/web/named-presets/{saved.json()['id']}", headers=by(mine))
    assert api.http.get("/api/web/named-presets", headers=by(mine)).json() == {"presets": []}


def refused(reply: httpx.Response, status: int, code: str) -> str:
    assert reply.status_code == status, reply.text
    error = reply.json()["error"]
    assert error["code"] == code
    message: str = error["message"]
    return message


def test_bad_input_is_refused_with_a_code_and_a_sentence_and_nothing_is_kept(
    server: Server, api: Api
) -> None:
    key = key_of(api)
    post = api.http.post
    english = {"Accept-Language": "en"}
    no_key = post("/api/web/classes", json={"name": "7Б", "names": ["Аня"]}, headers=english)
    assert refused(no_key, 401, "bad_host_key").startswith("This host key is not valid")
    weak = post("/api/web/classes", json={"name": "x", "names": ["a"]}, headers=by("short"))
    assert refused(weak, 401, "bad_host_key")
    cases: list[tuple[Json, str, str]] = [
        ({"name": "", "names": ["Аня"]}, "bad_class", "Название — от 1 до 60 знаков."),
        ({"name": "7Б", "names": []}, "bad_class", "В классе от 1 до 60 имён."),
        ({"name": "7Б", "names": [" ", ""]}, "bad_class", "В классе от 1 до 60 имён."),
        (
            {"name": "7Б", "names": ["Я" * 41]},
            "bad_class",
            "Одно из имён длиннее 40 знаков.",
        ),
        (
            {"name": "7Б", "names": ["Аня"], "text": "Борис"},
            "bad_class",
            "Дайте имена одним способом: списком, текстом или из сыгранной игры.",
        ),
        (
            {"name": "7Б", "names": [1, 2]},
            "bad_class",
            "Дайте имена учеников: списком или текстом, по имени в строке.",
        ),
        ({"name": "7Б", "text": "\n".join(f"N{i}" for i in range(61))}, "bad_class", ""),
    ]
    for sent, code, sentence in cases:
        reply = post("/api/web/classes", json=sent, headers=by(key, "ru"))
        message = refused(reply, 400, code)
        assert message == sentence or not sentence, message
    in_english = post("/api/web/classes", json={"name": "7B", "names": []}, headers=by(key))
    assert refused(in_english, 400, "bad_class") == "A class has 1 to 60 names."
    bad_presets: list[tuple[Json, str]] = [
        ({"name": "A", "game": "chess", "settings": {}}, "Укажите одну из игр этого сервера."),
        ({"name": "A", "game": "quiz", "settings": [1]}, "Настройки должны быть объектом JSON."),
        ({"name": "A", "game": "quiz", "settings": {"x": "y" * 20_000}}, ""),
        ({"name": " ", "game": "quiz", "settings": {}}, "Название — от 1 до 60 знаков."),
    ]
    for sent, sentence in bad_presets:
        reply = post("/api/web/named-presets", json=sent, headers=by(key, "ru"))
        message = refused(reply, 400, "bad_preset")
        assert message == sentence or not sentence, message
    assert classes_of(api, key) == []
    assert api.http.get("/api/web/named-presets", headers=by(key)).json() == {"presets": []}


def test_a_class_from_a_finished_game_and_play_again(server: Server, api: Api) -> None:
    key = key_of(api)
    game = api.create("exchange", exchange_setup())
    gid, secret = game["game_id"], game["host_secret"]
    kept = api.http.post(
        f"/api/web/games/{gid}/class",
        json={"names": CLASS_7B},
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert kept.status_code == 200, kept.text
    assert api.http.get(f"/api/web/join/{game['code']}/class").json() == {"names": CLASS_7B}
    for pid, name in zip(["p1", "p2", "p3"], CLASS_7B, strict=True):
        api.join(game, name, pid)
    # Only the game's host may take its names.
    pupil = api.join(game, "Дина", "p4")
    not_host = api.http.post(
        "/api/web/classes",
        json={"name": "7Б", "game": {"id": gid, "secret": pupil["secret"]}},
        headers=by(key),
    )
    assert refused(not_host, 403, "forbidden")
    taken = api.http.post(
        "/api/web/classes",
        json={"name": "7Б", "game": {"id": gid, "secret": secret}},
        headers=by(key),
    )
    assert taken.status_code == 200, taken.text
    assert taken.json()["names"] == [*CLASS_7B, "Дина"]

    # Play again: the same setup, a new game (its own code and host secret), the same class.
    again = api.http.post(
        f"/api/web/games/{gid}/again", headers={"Authorization": f"Bearer {secret}"}
    )
    assert again.status_code == 200, again.text
    new = again.json()
    assert new["game_id"] != gid and new["code"] != game["code"] and new["game"] == "exchange"
    view = api.view(new["game_id"], new["host_secret"])["view"]
    assert view["players"] == {p["id"]: p["name"] for p in exchange_setup()["players"]}
    # Everyone of the class sits in the new game already (their seats kept): no name offered.
    assert api.http.get(f"/api/web/join/{new['code']}/class").json() == {"names": []}
    by_pupil = api.http.post(
        f"/api/web/games/{gid}/again", headers={"Authorization": f"Bearer {pupil['secret']}"}
    )
    assert refused(by_pupil, 403, "forbidden")


def test_play_again_keeps_the_robots_and_a_game_without_a_class_offers_no_names(
    server: Server, api: Api
) -> None:
    setup = {"game": "russian", "white": {"name": "Аня"}}
    setup |= {"black": {"name": "Робот Вася", "robot": "beginner"}}
    game = api.create("russian", setup)
    api.robots(game["game_id"], game["host_secret"], ["black"])
    assert api.http.get(f"/api/web/join/{game['code']}/class").json() == {"names": []}
    again = api.http.post(
        f"/api/web/games/{game['game_id']}/again",
        headers={"Authorization": f"Bearer {game['host_secret']}"},
    )
    assert again.status_code == 200, again.text
    new = again.json()
    seats = {s["role"]: s for s in api.lobby(new)["seats"]}
    assert seats["black"]["robot"] and "white" not in seats
    view = api.view(new["game_id"], new["host_secret"])["view"]
    assert view["phase"] == game_phase(api, game)
    assert api.http.get(f"/api/web/join/{new['code']}/class").json() == {"names": []}


def game_phase(api: Api, game: Json) -> str:
    phase: str = api.view(game["game_id"], game["host_secret"])["view"]["phase"]
    return phase


def test_play_again_makes_the_same_quiz(server: Server, api: Api) -> None:
    game = api.create("quiz", quiz_setup())
    again = api.http.post(
        f"/api/web/games/{game['game_id']}/again",
        headers={"Authorization": f"Bearer {game['host_secret']}"},
    )
    assert again.status_code == 200, again.text
    new = again.json()
    old_view = api.view(game["game_id"], game["host_secret"])["view"]
    new_view = api.view(new["game_id"], new["host_secret"])["view"]
    assert new_view["teams"] == old_view["teams"]
