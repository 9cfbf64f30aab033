"""Takebacks on the Russian draughts page, in real browsers: in a game where the host
allowed them, a pupil moves, asks to take the move back, the opponent's phone shows the
request and allows it, and both boards are back at the start; in the same game without
the setting there is no such button."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from web_support import Api, Server, click_move, errors_of, new_page

from boardroom.kernel import Json

pytestmark = pytest.mark.slow
PHONE: Json = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "locale": "ru-RU"}


def seated(api: Api, takebacks: bool) -> tuple[str, dict[str, str]]:
    ruleset = {"minutes": None, "takebacks": takebacks}
    setup = {"game": "russian", "white": {"name": "Аня"}, "black": {"name": "Борис"}}
    game = api.create("russian", setup | {"ruleset": ruleset})
    secrets = {side: api.join(game, name, side)["secret"] for side, name in setup_names()}
    api.ok(game["game_id"], game["host_secret"], {"type": "start"})
    return game["game_id"], secrets


def setup_names() -> list[tuple[str, str]]:
    return [("white", "Аня"), ("black", "Борис")]


def test_a_takeback_asked_and_allowed(browser: Browser, server: Server, api: Api) -> None:
    gid, secrets = seated(api, takebacks=True)
    _, white = new_page(browser, **PHONE)
    _, black = new_page(browser, **PHONE)
    white.goto(f"{server.url}/play/{gid}#secret={secrets['white']}")
    black.goto(f"{server.url}/play/{gid}#secret={secrets['black']}")
    expect(white.locator("[data-action=request-takeback]")).to_be_hidden()
    click_move(white, "c3-d4")
    expect(black.locator("[data-role=moves] tbody tr")).to_have_count(1)
    white.click("[data-action=request-takeback]")
    expect(black.locator("[data-role=takeback]")).to_have_text("Аня просит вернуть ход")
    expect(white.locator("[data-action=request-takeback]")).to_be_hidden()
    black.click("[data-action=accept-takeback]")
    for page in (white, black):
        expect(page.locator("[data-role=moves]")).to_contain_text(
            re.compile("ещё нет|нет ходов", re.I)
        )
        expect(page.locator("[data-role=takeback]")).to_be_hidden()
    expect(white.locator(".board [data-square=c3] .piece.white")).to_have_count(1)
    assert errors_of(white) == [] and errors_of(black) == []


def test_without_the_setting_there_is_no_button(browser: Browser, server: Server, api: Api) -> None:
    gid, secrets = seated(api, takebacks=False)
    _, white = new_page(browser, **PHONE)
    white.goto(f"{server.url}/play/{gid}#secret={secrets['white']}")
    click_move(white, "c3-d4")
    expect(white.locator("[data-role=moves] tbody tr")).to_have_count(1)
    expect(white.locator("[data-action=request-takeback]")).to_be_hidden()
