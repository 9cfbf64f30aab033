"""Issue 42, "the lesson goes on", in real Chromium: a wall and three phones (each its own
browser context) in an exchange game with a robot; the host clicks «Сыграть ещё раз» on the
results page and confirms. The wall and every phone show the new game with no code typed,
each phone in its own seat (same role, same name), the robot still a robot; a phone that was
off at that moment follows when it is opened again. The join page of a game made for a class
offers only the names without a seat; a class event's says the class is gathering.
Screenshots: again-phone (390×844) and again-wall (1280×720), after the move."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Json, Server, errors_of, new_page, shot, watch

pytestmark = pytest.mark.slow

WALL: dict[str, Any] = {"viewport": {"width": 1280, "height": 720}, "locale": "ru-RU"}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "locale": "ru-RU",
}
NAMES = ["Александра Соколова", "Борис Ким", "Вера Петрова", "Глеб"]


def exchange_setup() -> Json:
    ids = [f"p{n}" for n in range(1, len(NAMES) + 1)]
    return {
        "game": "exchange",
        "seed": 2,
        "ruleset": {"preset": "blitz", "years": 1, "opening_session": False},
        "players": [{"id": pid, "name": name} for pid, name in zip(ids, NAMES, strict=True)],
        "directors": {str(f): ids[(f - 1) % len(ids)] for f in range(1, 9)},
    }


def phone_in(browser: Browser, server: Server, game_id: str, secret: str) -> Page:
    _, page = new_page(browser, **PHONE)
    page.goto(f"{server.url}/play/{game_id}#secret={secret}")
    expect(page.locator("#app[data-role^=p]")).to_be_visible()
    return page


def seat_of(page: Page, game_id: str) -> Json:
    """The seat this browser holds in ``game_id``, as its page asks the server."""
    script = """async (id) => {
      const secret = localStorage.getItem(`br:secret:${id}`);
      const headers = { Authorization: `Bearer ${secret}` };
      const reply = await fetch(`/api/web/games/${id}/me`, { headers });
      return await reply.json();
    }"""
    seat: Json = page.evaluate(script, game_id)
    return seat


def test_play_again_moves_the_wall_and_every_phone(
    browser: Browser, server: Server, api: Api
) -> None:
    game = api.create("exchange", exchange_setup())
    gid, host_secret = game["game_id"], game["host_secret"]
    api.robots(gid, host_secret, ["p4"])
    joined = {pid: api.join(game, NAMES[n], pid) for n, pid in enumerate(["p1", "p2", "p3"])}
    phones = {pid: phone_in(browser, server, gid, seat["secret"]) for pid, seat in joined.items()}
    wall_context, wall = new_page(browser, **WALL)
    wall.goto(f"{server.url}/play/{gid}#role=projector")
    expect(wall.locator("body.projector")).to_be_attached()
    api.ok(gid, host_secret, {"type": "start"})
    api.ok(gid, host_secret, {"type": "end_game"})
    # The third phone is off when the host plays again (its page closed, its storage kept).
    off = phones["p3"]
    off_context = off.context
    off.close()

    _, host = new_page(browser, **WALL)
    host.goto(f"{server.url}/results/{gid}#secret={host_secret}")
    host.locator("button[data-action=play-again]").click()
    host.locator("button[data-action=play-again-yes]").click()
    host.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    new_id = host.url.split("/play/")[1].split("#")[0]
    assert new_id != gid
    code = api.view(new_id, host.url.split("#secret=")[1])["code"]

    wall.wait_for_url(re.compile(rf"/play/{new_id}#role=projector$"))
    expect(wall.locator(".page-title").first).to_contain_text(code)
    for pid in ("p1", "p2"):
        page = phones[pid]
        page.wait_for_url(re.compile(rf"/play/{new_id}#secret="))
        expect(page.locator(f"#app[data-role={pid}]")).to_be_visible()
        expect(page.locator(".page-title").first).to_contain_text(code)
    back = off_context.new_page()
    watch(back)
    back.goto(f"{server.url}/play/{gid}")  # the tab as it was: the old game, no code typed
    back.wait_for_url(re.compile(rf"/play/{new_id}#secret="))
    expect(back.locator("#app[data-role=p3]")).to_be_visible()
    phones["p3"] = back

    seats = {pid: seat_of(page, new_id) for pid, page in phones.items()}
    assert {pid: (s["role"], s["name"]) for pid, s in seats.items()} == {
        pid: (pid, NAMES[n]) for n, pid in enumerate(["p1", "p2", "p3"])
    }
    assert len({s["seat"] for s in seats.values()}) == 3
    assert all(s["game_id"] == new_id and s["next"] is None for s in seats.values())
    lobby = {
        s["role"]: s
        for s in api.lobby({"game_id": new_id, "host_secret": host.url.split("#secret=")[1]})[
            "seats"
        ]
    }
    assert lobby["p4"]["robot"]
    expect(host.locator("[data-panel=lobby] li[data-seat=p1]")).to_contain_text(NAMES[0])

    phones["p1"].evaluate("window.scrollTo(0, 0)")
    shot(phones["p1"], "again-phone")
    shot(wall, "again-wall")
    for page in [*phones.values(), wall, host]:
        assert errors_of(page) == []
    wall_context.close()


def test_the_join_pages_offer_free_names_and_say_the_class_gathers(
    browser: Browser, server: Server, api: Api
) -> None:
    game = api.create("exchange", exchange_setup())
    host = {"Authorization": f"Bearer {game['host_secret']}"}
    api.http.post(f"/api/web/games/{game['game_id']}/class", json={"names": NAMES}, headers=host)
    api.join(game, NAMES[1], "p2")
    _, phone = new_page(browser, **PHONE)
    phone.goto(f"{server.url}/join/{game['code']}")
    expect(phone.locator("[data-role=class-names] button")).to_have_text(
        [NAMES[0], NAMES[2], NAMES[3]]
    )
    event = api.create("tournament", {"game": "tournament", "title": "7Б", "rounds": 1})
    phone.goto(f"{server.url}/join/{event['code']}")
    expect(phone.locator("[data-role=gathering]")).to_have_text(
        "Класс собирается: впишите своё имя и ждите начала."
    )
    expect(phone.get_by_text("Игра уже идёт")).to_have_count(0)
    shot(phone, "join-event-gathering-phone")
    assert errors_of(phone) == []
