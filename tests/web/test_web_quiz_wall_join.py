"""Teams join a Quiz Draughts round from the wall: the wall the host opens from the console
shows one card per team (its colour, its own code and QR); a phone that opens a team's code
types only a name and sits in that team. A wall without the host's secret (another machine,
or a pupil's phone) shows no team's code, and the game's code alone still seats no team."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Json, Server, errors_of, new_page, new_phone, shot, watch

pytestmark = pytest.mark.slow


def setup() -> Json:
    return {
        "game": "quiz",
        "seed": 3,
        "teams": [
            {"id": "A", "name": "Орлы", "members": [{"id": "a1", "name": "Олег Ким"}]},
            {"id": "B", "name": "Совы", "members": [{"id": "b1", "name": "Нина Орлова"}]},
        ],
        "questions": [{"text": "Сколько клеток на доске?", "answer": "64"}],
    }


def walls_of_host(browser: Browser, server: Server, game: Json) -> dict[int, Page]:
    """The host's console at each wall size, and the wall opened beside it (same browser)."""
    walls = {}
    for width, height in ((1280, 720), (1920, 1080)):
        size = {"width": width, "height": height}
        context, host = new_page(browser, viewport=size, locale="ru-RU")
        host.goto(f"{server.url}/play/{game['game_id']}#secret={game['host_secret']}")
        expect(host.locator("[data-role=projector-link]")).to_be_visible()
        wall = context.new_page()
        watch(wall)
        wall.goto(f"{server.url}/play/{game['game_id']}#role=projector")
        walls[width] = wall
    return walls


def test_a_phone_joins_its_team_from_the_wall(browser: Browser, server: Server, api: Api) -> None:
    game = api.create("quiz", setup())
    codes = api.lobby(game)["team_codes"]
    walls = walls_of_host(browser, server, game)
    for width, wall in walls.items():
        for team in ("A", "B"):
            code = wall.locator(f"[data-role=wall-team-code-{team}]")
            expect(code).to_have_text(codes[team])
            qr = wall.locator(f"[data-team={team}] img.wall-team-qr")
            assert quote(f"/join/{codes[team]}", safe="") in (qr.get_attribute("src") or "")
            assert qr.evaluate("(img) => img.complete && img.naturalWidth > 0")
        inside = wall.evaluate(
            "() => document.documentElement.scrollHeight <= innerHeight + 1 &&"
            " [...document.querySelectorAll('.wall-team')].every((c) =>"
            " c.getBoundingClientRect().bottom <= innerHeight + 1)"
        )
        assert inside, width
        shot(wall, f"quiz-wall-team-codes-{width}")

    # a phone scans team B's QR: only the name is asked; the seat is team B's
    phone = new_phone(browser)
    phone.goto(f"{server.url}/join/{codes['B']}")
    expect(phone.locator("input[name=name]")).to_be_visible()
    expect(phone.locator(".role-list button")).to_have_count(1)
    expect(phone.locator(".role-list button.picked")).to_contain_text("Совы")
    expect(phone.get_by_text("Выберите свою команду")).to_have_count(0)
    shot(phone, "quiz-phone-join-team-390")
    phone.fill("input[name=name]", "Нина")
    phone.click("button[type=submit]")
    phone.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    expect(phone.locator("[data-panel=duel]")).to_be_visible()
    seats = [s for s in api.lobby(game)["seats"] if s["name"] == "Нина"]
    assert [s["role"] for s in seats] == ["B"]
    expect(walls[1280].locator("[data-seat=B]")).to_have_class(re.compile(r"\bhere\b"))

    # the same phone opens the wall: its team's secret reads no team's code
    phone.goto(f"{server.url}/play/{game['game_id']}#role=projector")
    phone.reload()  # only the #fragment changed: the page opens anew
    expect(phone.locator("[data-role=wall-codes-elsewhere]")).to_be_visible()
    assert codes["A"] not in phone.content() and codes["B"] not in phone.content()
    # a wall on another machine: no codes, a sentence saying where they are
    _, other = new_page(browser, viewport={"width": 1280, "height": 720}, locale="ru-RU")
    other.goto(f"{server.url}/play/{game['game_id']}#role=projector")
    expect(other.locator("[data-role=wall-codes-elsewhere]")).to_contain_text("пульте ведущего")
    assert codes["A"] not in other.content()
    # the game's code alone seats no team; team A's code does not open team B
    reply = api.http.post("/api/join", json={"code": game["code"], "name": "X", "role": "B"})
    assert reply.status_code == 403 and reply.json()["error"]["code"] == "team_code_needed"
    reply = api.http.post("/api/join", json={"code": codes["A"], "name": "X", "role": "B"})
    assert reply.status_code == 403
    for page in (*walls.values(), phone, other):
        assert errors_of(page) == [], errors_of(page)
