"""Robots' names in a real browser: the host's lobby, the wall before the start and the
results after a short game that robots play to its end (Russian; wall and phone sizes)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from web_support import Api, Json, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow

IDS = [f"p{n}" for n in range(1, 13)]
WALL = {"wall-1280": (1280, 720), "wall-1920": (1920, 1080)}
PHONE = {"phone-390": (390, 844), "phone-360": (360, 740)}


def short_game() -> Json:
    return {
        "game": "exchange",
        "seed": 21,
        "ruleset": {"preset": "demo", "years": 1, "time_scale": 0.01},
        "players": [{"id": p, "name": f"Игрок {p[1:]}"} for p in IDS],
        "directors": {str(firm): IDS[firm - 1] for firm in range(1, 9)},
    }


def test_robot_names_in_the_lobby_on_the_wall_and_in_the_results(
    browser: Browser, server: Server, api: Api
) -> None:
    game = api.create("exchange", short_game())
    gid, secret = game["game_id"], game["host_secret"]
    kinds = {"p9": {"kind": "value"}, "p10": {"kind": "raider"}, "p11": {"kind": "noise"}}
    reply = api.http.post(
        f"/api/games/{gid}/robots",
        json={"roles": IDS, "seats": kinds},
        headers={"Authorization": f"Bearer {secret}", "Accept-Language": "ru"},
    )
    assert reply.status_code == 200, reply.text
    names: dict[str, str] = api.view(gid, secret)["view"]["players"]
    assert names["p9"].startswith("Инвестор ") and names["p10"].startswith("Рейдер ")

    _, host = new_page(browser, locale="ru-RU")
    host.goto(f"{server.url}/play/{gid}#secret={secret}")
    for role in ("p1", "p9", "p10", "p11", "p12"):
        expect(host.locator(f"[data-seat={role}]")).to_contain_text(names[role])
    _, wall = new_page(browser, locale="ru-RU")
    wall.goto(f"{server.url}/play/{gid}#role=projector")
    for role in IDS:
        expect(wall.locator(f"li[data-seat={role}]")).to_contain_text(names[role])
    for size, (width, height) in WALL.items():
        host.set_viewport_size({"width": width, "height": height})
        host.locator("[data-seat=p9]").scroll_into_view_if_needed()
        shot(host, f"robot-names-lobby-{size}")
        wall.set_viewport_size({"width": width, "height": height})
        shot(wall, f"robot-names-wall-{size}")

    assert api.command(gid, secret, {"type": "start"}).status_code == 200
    ended = api.wait(gid, secret, lambda v: v["phase"] == "ended", timeout=120)
    ranked = [p["name"] for p in ended["results"]["players"]]
    assert sorted(ranked) == sorted(names.values())
    _, results = new_page(browser, locale="ru-RU")
    results.goto(f"{server.url}/results/{gid}")
    podium = results.locator("table.podium")
    expect(podium).to_contain_text(ranked[0])
    assert "Игрок " not in podium.locator("tbody").inner_text()
    for size, (width, height) in {**WALL, **PHONE}.items():
        results.set_viewport_size({"width": width, "height": height})
        shot(results, f"robot-names-results-{size}")
    for page in (host, wall, results):
        assert errors_of(page) == [], errors_of(page)
    assert re.search(r"[А-Яа-я]", ranked[0])
