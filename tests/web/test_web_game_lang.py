"""The game's language in a real browser: the host picks it when creating the game (Russian
unless chosen); a phone whose browser is English opens a Russian game's join and player pages
in Russian, switches its own page to English (kept for that game only), and its refusals and
downloads then come in English, while the wall stays Russian."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Json, Server, created_game, errors_of, new_page

pytestmark = pytest.mark.slow

RU = {"lang": "ru"}
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
REFUSED = """async ([game, secret]) => {
  const { call } = await import("/static/js/api.js");
  const command = { type: "end_game", id: `lang-${Date.now()}` };
  try { await call("POST", `/api/games/${game}/commands`, { command }, secret); return ""; }
  catch (err) { return err.message; }
}"""


def exchange_setup() -> Json:
    names = ["Александра Соколова", "Борис", "Вера"]
    ids = [f"p{n}" for n in range(1, 4)]
    return {
        "game": "exchange",
        "seed": 5,
        "ruleset": {"preset": "classroom", "years": 1},
        "players": [{"id": pid, "name": name} for pid, name in zip(ids, names, strict=True)],
        "directors": {str(f): ids[(f - 1) % 3] for f in range(1, 9)},
    }


def downloaded_header(page: Page, game_id: str) -> str:
    """The header row of ``pupils.csv`` as the page's own download button fetches it."""
    secret = page.url.split("#secret=")[1]
    script = """async ([game, secret]) => {
      const { download } = await import("/static/js/api.js");
      await download(`/api/web/games/${game}/pupils.csv`, secret, "pupils.csv");
    }"""
    with page.expect_download() as info:
        page.evaluate(script, [game_id, secret])
    path = info.value.path()
    return path.read_text(encoding="utf-8-sig").splitlines()[0]


def refusal_on(page: Page, game_id: str) -> str:
    """A refused command sent by the page's own API client (as its buttons send them)."""
    secret = page.url.split("#secret=")[1]
    message: str = page.evaluate(REFUSED, [game_id, secret])
    assert message, "the command was not refused"
    return message


def test_an_english_phone_opens_a_russian_game_in_russian_and_may_switch(
    browser: Browser, server: Server, api: Api
) -> None:
    made = api.http.post("/api/games", json={"game": "exchange", "setup": exchange_setup()} | RU)
    assert made.status_code == 200, made.text
    game: Json = made.json()
    gid = game["game_id"]
    assert api.http.get(f"/api/web/join/{game['code']}").json()["lang"] == "ru"
    phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
    context, pupil = new_page(browser, locale="en-US", **phone)
    pupil.goto(server.url + "/")
    expect(pupil.locator("html")).to_have_attribute("lang", "en")  # no game: the browser's
    pupil.evaluate("() => localStorage.setItem('br:lang', 'en')")  # an earlier choice

    pupil.goto(f"{server.url}/join/{game['code']}")
    expect(pupil.locator("html")).to_have_attribute("lang", "ru")
    expect(pupil.locator(".topbar")).to_contain_text("Войти в игру")
    pupil.locator("[data-role=p2]").click()
    pupil.locator("input[name=name]").fill("Борис")
    pupil.get_by_role("button", name="Занять место").click()
    pupil.wait_for_url(re.compile(rf"/play/{gid}#secret="))
    expect(pupil.locator("[data-panel=board] .board")).to_be_visible()
    expect(pupil.locator("html")).to_have_attribute("lang", "ru")
    russian = refusal_on(pupil, gid)
    assert CYRILLIC.search(russian), russian
    assert CYRILLIC.search(downloaded_header(pupil, gid))

    # Her own switch: English on her page, for this game; her refusals follow it.
    pupil.locator(".topbar [data-lang=en]").click()
    expect(pupil.locator("html")).to_have_attribute("lang", "en")
    expect(pupil.locator(".topbar [data-lang=en]")).to_have_attribute("aria-pressed", "true")
    english = refusal_on(pupil, gid)
    assert english != russian and not CYRILLIC.search(english.replace("Борис", "")), english
    header = downloaded_header(pupil, gid)
    assert not CYRILLIC.search(header), header  # the download follows her page
    assert pupil.evaluate(f"() => localStorage.getItem('br:lang:{gid}')") == "en"

    # The wall (its own screen, an English browser too) stays in the game's language.
    _, wall = new_page(browser, locale="en-US", viewport={"width": 1280, "height": 720})
    wall.goto(f"{server.url}/play/{gid}#role=projector")
    expect(wall.locator("html")).to_have_attribute("lang", "ru")
    expect(wall.locator("main")).to_contain_text(game["code"])
    assert CYRILLIC.search(wall.locator("main").inner_text())
    assert not errors_of(pupil) and not errors_of(wall)
    context.close()


def test_the_host_chooses_the_games_language_on_the_start_page(
    browser: Browser, server: Server, api: Api
) -> None:
    _, host = new_page(browser, locale="ru-RU")
    host.goto(server.url + "/")
    expect(host.locator("select[name=game-lang]")).to_have_value("ru")  # Russian unless chosen
    host.locator("select[name=game-lang]").select_option("en")
    host.fill("textarea[name=players]", "Anna\nBoris\nVera")
    host.click("button.primary[type=submit]")
    gid, secret = created_game(host)
    expect(host.locator("html")).to_have_attribute("lang", "en")
    code = api.view(gid, secret)["code"]
    assert api.view(gid, secret)["lang"] == "en"
    _, phone = new_page(browser, locale="ru-RU", viewport={"width": 390, "height": 844})
    phone.goto(f"{server.url}/join/{code}")
    expect(phone.locator(".topbar")).to_contain_text("Join a game")
    assert not errors_of(host) and not errors_of(phone)


def test_a_game_made_without_a_language_follows_each_browser(
    browser: Browser, server: Server, api: Api
) -> None:
    """A game made through the API without ``lang`` (and every game made before the
    language was kept) opens each page in its browser's language, as before."""
    game = api.create("exchange", exchange_setup())
    assert api.http.get(f"/api/web/join/{game['code']}").json()["lang"] is None
    refused = api.http.post("/api/games", json={"game": "exchange", "lang": "de"})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_request"
    for locale, title in (("en-GB", "Join a game"), ("ru-RU", "Войти в игру")):
        _, page = new_page(browser, locale=locale)
        page.goto(f"{server.url}/join/{game['code']}")
        expect(page.locator(".topbar")).to_contain_text(title)
        page.context.close()
