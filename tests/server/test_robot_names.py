"""Robots get names people read, in the host's language, unique in the game, everywhere a
person's name is (the host's view, the join page's roles): over the real HTTP API (SQLite)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from live_fixtures import db_url
from live_support import Api, Json, Server, running

IDS = [f"p{n}" for n in range(1, 13)]


@pytest.fixture(scope="module", name="server")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(db_url("sqlite", tmp_path_factory)) as srv:
        yield srv


@pytest.fixture(scope="module", name="api")
def api_fixture(server: Server) -> Api:
    return Api(server.url)


def setup() -> Json:
    return {
        "game": "exchange",
        "seed": 5,
        "ruleset": {"preset": "classroom"},
        "players": [{"id": p, "name": f"Игрок {p[1:]}"} for p in IDS],
        "directors": {str(firm): IDS[firm - 1] for firm in range(1, 9)},
    }


def add_robots(api: Api, game: Json, lang: str, body: Json) -> None:
    reply = api.http.post(
        f"/api/games/{game['game_id']}/robots",
        json=body,
        headers={"Authorization": f"Bearer {game['host_secret']}", "Accept-Language": lang},
    )
    assert reply.status_code == 200, reply.text


def players(api: Api, game: Json) -> dict[str, str]:
    names: dict[str, str] = api.view(game["game_id"], game["host_secret"])["view"]["players"]
    return names


@pytest.mark.parametrize(
    ("lang", "titles"),
    [
        ("ru", ("Директор", "Инвестор", "Рейдер", "Спекулянт", "Робот")),
        ("en", ("Director", "Investor", "Raider", "Speculator", "Robot")),
    ],
)
def test_robots_are_named_in_the_hosts_language(
    api: Api, lang: str, titles: tuple[str, ...]
) -> None:
    game = api.create("exchange", setup())
    api.join(game, "Аня", "p1")
    kinds = {"p9": {"kind": "value"}, "p10": {"kind": "raider"}, "p11": {"kind": "noise"}}
    add_robots(api, game, lang, {"roles": IDS[1:], "seats": kinds})
    named = players(api, game)
    robots = [named[p] for p in IDS[1:]]
    assert named["p1"] == "Игрок 1"  # a person's name is theirs to give
    assert len({name.split()[-1] for name in robots}) == len(robots), robots
    director, investor, raider, trader, _ = titles
    assert all(named[p].startswith(f"{director} ") for p in IDS[1:8]), named
    assert named["p9"].startswith(f"{investor} ") and named["p10"].startswith(f"{raider} ")
    assert named["p11"].startswith(f"{trader} ") and not named["p12"].startswith("Игрок")
    roles = api.http.get(f"/api/web/join/{game['code']}").json()["roles"]
    shown = {r["role"]: r["name"] for r in roles}
    assert all(shown[p] == named[p] for p in IDS[1:]), shown


def test_the_same_seed_names_the_same_robots(api: Api) -> None:
    first, second = api.create("exchange", setup()), api.create("exchange", setup())
    for game in (first, second):
        add_robots(api, game, "ru", {"roles": IDS[4:]})
    assert players(api, first) == players(api, second)


def test_a_stand_in_keeps_the_persons_name(api: Api) -> None:
    game = api.create("exchange", setup())
    api.join(game, "Борис", "p2")
    add_robots(api, game, "ru", {"roles": ["p2"]})
    assert players(api, game)["p2"] == "Игрок 2"
