"""The host paces a classroom game (``wait_for_host``): the console's Continue button shows
while the game waits, names the next phase, and opens it; other seats see the game wait."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from web_support import Api, Json, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow

SIZES = {"phone": (390, 844), "laptop": (1280, 720), "wide": (1920, 1080)}


def classroom_setup() -> Json:
    return {
        "game": "exchange",
        "seed": 3,
        "ruleset": {"preset": "classroom", "time_scale": 0.05},
        "players": [{"id": "p1", "name": "Anna"}, {"id": "p2", "name": "Boris"}],
        "directors": {str(f): f"p{(f - 1) % 2 + 1}" for f in range(1, 9)},
    }


def test_the_host_continues_a_waiting_game_from_the_console(
    browser: Browser, server: Server, api: Api
) -> None:
    game = api.create("exchange", classroom_setup())
    gid, secret = game["game_id"], game["host_secret"]
    seat = api.join(game["code"], "Anna", "p1")
    host_context, host = new_page(browser)
    host.goto(f"{server.url}/play/{gid}#secret={secret}")
    ru_context, ru_host = new_page(browser, locale="ru-RU")
    ru_host.goto(f"{server.url}/play/{gid}#secret={secret}")
    player_context, player = new_page(browser)
    player.goto(f"{server.url}/play/{gid}#secret={seat['secret']}")
    go_on = host.locator("button[data-action=continue]")
    expect(host.locator("button[data-action=start]")).to_be_visible()
    expect(go_on).to_be_hidden()
    host.click("button[data-action=start]")
    expect(go_on).to_be_visible()
    expect(go_on).to_have_text("Next: Opening session")
    expect(ru_host.locator("button[data-action=continue]")).to_have_text(
        "Далее: Вступительная сессия"
    )
    expect(host.locator("button[data-action=end-phase]")).to_be_hidden()
    expect(player.locator(".topbar")).to_contain_text("waiting for the host")
    expect(player.locator("button[data-action=continue]")).to_have_count(0)
    assert api.view(gid, secret)["view"]["waiting_for_host"] == {"next": "exchange"}
    for name, (width, height) in SIZES.items():
        host.set_viewport_size({"width": width, "height": height})
        shot(host, f"host-waiting-{name}")
    host.set_viewport_size({"width": 1280, "height": 900})
    go_on.click()
    view = api.wait(gid, secret, lambda v: v["phase"] == "exchange")
    assert view["waiting_for_host"] is None and view["opening"]
    expect(go_on).to_be_hidden()
    expect(player.locator(".topbar")).not_to_contain_text("waiting for the host")
    # The session's clock started at the click: 240 s × 0.05 = 12 s from then.
    continued = next(e for e in view["events"] if e["type"] == "continued")
    assert view["deadline"] == pytest.approx(continued["at"] + 12.0)
    for page in (host, ru_host, player):
        assert errors_of(page) == []
    for context in (host_context, ru_context, player_context):
        context.close()
