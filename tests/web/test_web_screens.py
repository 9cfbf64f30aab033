"""The player screen on a phone (nothing cut off sideways, moves by touch), player-supplied
markup shown as text on every page, and the pages' own plumbing (languages, catalogues)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import BOLD, XSS, Api, Json, Server, errors_of, new_page, no_markup_ran, shot

pytestmark = pytest.mark.slow

STATIC = Path(__file__).resolve().parents[2] / "boardroom" / "web" / "static"
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "ru-RU",
}


def exchange_setup(names: list[str], **ruleset: Any) -> Json:
    ids = [f"p{n}" for n in range(1, len(names) + 1)]
    return {
        "game": "exchange",
        "seed": 2,
        "ruleset": {"preset": "blitz", "years": 1, "opening_session": False, **ruleset},
        "players": [{"id": pid, "name": name} for pid, name in zip(ids, names, strict=True)],
        "directors": {str(f): ids[(f - 1) % len(ids)] for f in range(1, 9)},
    }


def overflow(page: Page) -> int:
    """How far the page reaches past the viewport sideways (0: nothing cut off)."""
    width: int = page.evaluate(
        "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - window.innerWidth"
    )
    return width


def test_player_screen_on_a_phone(browser: Browser, server: Server, api: Api) -> None:
    game = api.create("exchange", exchange_setup(["Anna", "Boris"], time_scale=0.2))
    seat = api.join(game["code"], "Anna", "p1")
    context, phone = new_page(browser, **PHONE)
    phone.goto(f"{server.url}/play/{game['game_id']}#secret={seat['secret']}")
    expect(phone.locator("[data-panel=board] .board")).to_be_visible()
    api.ok(game["game_id"], game["host_secret"], {"type": "start"})
    board = phone.locator("[data-panel=board] .board.interactive")
    expect(board).to_be_visible()
    assert overflow(phone) <= 0
    expect(phone.locator(".topbar")).to_contain_text("Год 1 из 1")  # Russian, as the phone asks
    box = board.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert box["width"] >= 300, box
    square = phone.locator(".board [data-square=c3]").bounding_box()
    assert square is not None and square["width"] >= 40  # a finger-sized target
    shot(phone, "phone-player")
    legal = (board.get_attribute("data-legal") or "").split()
    move = legal[0]
    start, end = re.split(r"[-:]", move)[0], re.split(r"[-:]", move)[-1]
    phone.locator(f".board [data-square={start}]").tap()
    expect(phone.locator(f".board [data-square={end}].dest")).to_be_visible()
    phone.locator(f".board [data-square={end}]").tap()
    view = api.wait(
        game["game_id"],
        game["host_secret"],
        lambda v: any(e["type"] == "moved" for e in v["events"]),
    )
    assert next(e for e in view["events"] if e["type"] == "moved")["move"] == move
    # Every panel one tap away in the tab bar, none wider than the phone.
    tabs = {"accounts": "portfolio", "orders": "market", "market": "market", "tape": "market"}
    for panel in ("accounts", "orders", "market", "tape", "meetings", "log"):
        phone.locator(
            f"[data-tab={tabs.get(panel, 'events' if panel == 'log' else 'market')}]"
        ).tap()
        target = phone.locator(f"[data-panel={panel}]")
        target.scroll_into_view_if_needed()
        panel_box = target.bounding_box()
        assert panel_box is not None and panel_box["x"] + panel_box["width"] <= 390 + 1, panel
    assert overflow(phone) <= 0
    shot(phone, "phone-player-market", full_page=False)
    assert errors_of(phone) == []
    context.close()


def test_markup_in_names_is_text_everywhere(browser: Browser, server: Server, api: Api) -> None:
    game = api.create("exchange", exchange_setup([XSS, BOLD, "Vera"]))
    api.join(game["code"], XSS, "p1")
    bold = api.join(game["code"], BOLD, "p2")
    gid = game["game_id"]
    pages: list[Page] = []
    _, joiner = new_page(browser)
    joiner.goto(f"{server.url}/join/{game['code']}")
    expect(joiner.locator("button[data-role=p1]")).to_contain_text(XSS)
    pages.append(joiner)
    _, host = new_page(browser)
    host.goto(f"{server.url}/play/{gid}#secret={game['host_secret']}")
    expect(host.locator("[data-seat=p1]")).to_contain_text(XSS)
    expect(host.locator("[data-seat=p2]")).to_contain_text(BOLD)
    pages.append(host)
    _, player = new_page(browser)
    player.goto(f"{server.url}/play/{gid}#secret={bold['secret']}")
    expect(player.locator("[data-panel=market]")).to_contain_text(XSS)
    expect(player.locator(".topbar")).to_contain_text(BOLD)
    pages.append(player)
    _, screen = new_page(browser)
    screen.goto(f"{server.url}/play/{gid}#role=projector")
    expect(screen.locator("[data-panel=market]")).to_contain_text(BOLD)
    pages.append(screen)

    quiz = api.create(
        "quiz",
        {
            "game": "quiz",
            "teams": [
                {
                    "id": "A",
                    "name": XSS,
                    "score": 1,
                    "members": [{"id": "a1", "name": BOLD, "square": "c3"}],
                },
                {"id": "B", "name": BOLD, "members": [{"id": "b1", "name": XSS, "square": "d4"}]},
            ],
            "questions": [{"id": "q1", "text": XSS, "answer": BOLD, "choices": [BOLD, XSS]}],
        },
    )
    api.ok(quiz["game_id"], quiz["host_secret"], {"type": "start"})
    api.ok(quiz["game_id"], quiz["host_secret"], {"type": "move", "move": "c3:e5"})
    api.ok(quiz["game_id"], quiz["host_secret"], {"type": "ask"})
    _, quiz_host = new_page(browser)
    quiz_host.goto(f"{server.url}/play/{quiz['game_id']}#secret={quiz['host_secret']}")
    expect(quiz_host.locator("[data-role=question]")).to_have_text(XSS)
    expect(quiz_host.locator("[data-role=answer]")).to_contain_text(BOLD)
    expect(quiz_host.locator("[data-panel=scores]")).to_contain_text(XSS)
    pages.append(quiz_host)
    team = api.join(api.team_code(quiz, "B"), XSS, "B")
    _, quiz_team = new_page(browser)
    quiz_team.goto(f"{server.url}/play/{quiz['game_id']}#secret={team['secret']}")
    expect(quiz_team.locator("[data-role=choices] button").first).to_have_text(BOLD)
    expect(quiz_team.locator(".board [data-square=d4]")).to_have_attribute(
        "aria-label", re.compile(re.escape(XSS))
    )
    pages.append(quiz_team)
    for page in pages:
        no_markup_ran(page)
        assert errors_of(page) == [], errors_of(page)
    shot(quiz_team, "markup-as-text")


def test_languages_and_catalogues(server: Server) -> None:
    """Russian when the browser asks for it first; every key the code names is in both."""
    ru = httpx.get(server.url + "/", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"})
    en = httpx.get(server.url + "/", headers={"Accept-Language": "en-US,en;q=0.9,ru;q=0.3"})
    assert '<html lang="ru"' in ru.text and '<html lang="en"' in en.text
    assert "script-src 'self'" in ru.headers["content-security-policy"]
    catalogues = {
        lang: json.loads((STATIC / "i18n" / f"{lang}.json").read_text()) for lang in ("en", "ru")
    }
    assert set(catalogues["en"]) == set(catalogues["ru"])
    code = "\n".join(p.read_text() for p in (STATIC / "js").glob("*.js"))
    named = set(re.findall(r"\bt\(\"([a-z_]+(?:\.[a-z_0-9]+)+)\"", code))
    assert named and named <= set(catalogues["en"]), sorted(named - set(catalogues["en"]))
    for asset in ("/static/js/main.js", "/static/css/app.css", "/static/i18n/ru.json"):
        assert httpx.get(server.url + asset).status_code == 200
    qr = httpx.get(server.url + "/api/web/qr.svg", params={"data": "http://10.0.0.5:8000/join/ABC"})
    assert qr.status_code == 200 and qr.text.lstrip().startswith("<svg")
