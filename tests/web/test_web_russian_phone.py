"""Russian draughts on a phone (390×844 and 360×740, Russian, long names): the board and both
clocks in the first screen for each side, before and after moves, nothing wider than the
screen, no id shown."""

from __future__ import annotations

import pytest
from phone_checks import PHONES, ids_shown, in_first_screen, wider_than_screen
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow

WHITE, BLACK = "Александра Константинопольская", "Борис Борисович Александровский"


def player(browser: Browser, server: Server, game_id: str, secret: str) -> Page:
    options = {"is_mobile": True, "has_touch": True, "locale": "ru-RU"}
    _, page = new_page(browser, viewport={"width": 390, "height": 844}, **options)
    page.goto(f"{server.url}/play/{game_id}#secret={secret}")
    expect(page.locator("[data-panel=board] .board")).to_be_visible()
    return page


def board_and_clocks_first(page: Page, shot_name: str | None = None) -> None:
    for size, (width, height) in PHONES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => window.scrollTo(0, 0)")
        for part in ("[data-panel=board] .board", "[data-clock=white]", "[data-clock=black]"):
            element = page.locator(part).first
            expect(element).to_be_visible()
            assert in_first_screen(page, element), (size, part, element.bounding_box())
        assert wider_than_screen(page) == [], (size, wider_than_screen(page))
        assert ids_shown(page) == [], (size, ids_shown(page))
        if shot_name and size == "360":
            shot(page, shot_name)
    page.set_viewport_size({"width": 390, "height": 844})


def test_board_and_both_clocks_in_the_first_screen(
    browser: Browser, server: Server, api: Api
) -> None:
    setup = {
        "game": "russian",
        "white": {"name": WHITE},
        "black": {"name": BLACK},
        "ruleset": {"minutes": 5},
    }
    game = api.create("russian", setup)
    gid, host = game["game_id"], game["host_secret"]
    white = api.join(game, WHITE, "white")["secret"]
    black = api.join(game, BLACK, "black")["secret"]
    white_page = player(browser, server, gid, white)
    black_page = player(browser, server, gid, black)
    api.ok(gid, host, {"type": "start"})
    expect(white_page.locator("[data-panel=board] .board.interactive")).to_be_visible()
    board_and_clocks_first(white_page)
    board_and_clocks_first(black_page)
    api.ok(gid, white, {"type": "move", "move": "c3-d4"})
    expect(black_page.locator("[data-panel=board] .board.interactive")).to_be_visible()
    board_and_clocks_first(black_page, "russian-phone-360")
    api.ok(gid, black, {"type": "move", "move": "f6-g5"})
    expect(white_page.locator("[data-panel=board] .board.interactive")).to_be_visible()
    board_and_clocks_first(white_page)
    for page in (white_page, black_page):
        assert errors_of(page) == [], errors_of(page)
