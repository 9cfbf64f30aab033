"""The pages' words, in Russian: a person's name declined where the sentence needs it (from the
forms the server sends with an ended game's names), years counted from 1, the State in the
genitive, headings and download buttons that say what they are. An exchange game played to a
takeover through the API; its results page on a phone (390×844), looked at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Json, Server, errors_of, new_page, new_phone, shot

pytestmark = pytest.mark.slow

NAMES = [
    "Мария-Антуанетта Вишневецкая",
    "Константин Константинопольский",
    "Никита Кузьмин",
    "Любовь Орлова",
]
FORMS = {
    "Константин Константинопольский": {"gen": "Константина Константинопольского"},
    "Мария-Антуанетта Вишневецкая": {"gen": "Марии-Антуанетты Вишневецкой"},
}
RENDER = """async ([key, lang, params, forms]) => {
  const i18n = await import("/static/js/i18n.js");
  const catalogue = await (await fetch(`/static/i18n/${lang}.json`)).json();
  i18n.setNameForms(forms);
  return i18n.format(catalogue[key], params, lang);
}"""
CONTROL = """async ([lang, leader, forms]) => {
  const i18n = await import("/static/js/i18n.js");
  await i18n.initI18n();
  const { controlText } = await import("/static/js/games/exchange.js");
  const { names } = await import("/static/js/games/exchange_words.js");
  i18n.setNameForms(forms);
  const view = { players: { p2: "Константин Константинопольский" } };
  return controlText({ kind: "none", leaders: [leader] }, names(view));
}"""


def render(page: Page, key: str, lang: str, params: Json, forms: Json | None = None) -> str:
    text: str = page.evaluate(RENDER, [key, lang, params, FORMS if forms is None else forms])
    return text


def test_sentences_decline_names_and_count_years_from_one(browser: Browser, server: Server) -> None:
    _, page = new_page(browser, locale="ru-RU")
    page.goto(f"{server.url}/join")
    was = "Константин Константинопольский"
    takeover = {"firm": 3, "when": "в 1-м году", "name": "Аня", "was": was}
    assert render(page, "d.takeover_of", "ru", takeover) == (
        "фирма 3 в 1-м году — Аня вместо Константина Константинопольского"
    )
    # without the forms (a game still running), the name stands as written
    assert render(page, "d.takeover_of", "ru", takeover, {}).endswith("вместо " + was)
    english = render(page, "d.takeover_of", "en", takeover | {"when": "in year 1"})
    assert english == f"firm 3 in year 1 — Аня replaced {was}"
    assert render(page, "d.in_year", "ru", {"year": 1}) == "в 1-м году"
    for lang, leader, said in (
        ("ru", "state", "никто (больше всех голосов у государства)"),
        ("ru", "firm:3", "никто (больше всех голосов у фирмы 3)"),
        ("ru", "p2", "никто (больше всех голосов у Константина Константинопольского)"),
    ):
        page.evaluate("(lang) => localStorage.setItem('br:lang', lang)", lang)
        assert page.evaluate(CONTROL, [lang, leader, FORMS]) == said
    assert errors_of(page) == []


def play_to_a_takeover(api: Api) -> tuple[Json, dict[str, str]]:
    """An exchange game whose firm 3 gets a new director at a meeting in year 1, then ended."""
    setup = {
        "game": "exchange",
        "seed": 7,
        "ruleset": {"preset": "classroom", "meeting_call_min_shares": 2},
        "players": [{"id": f"p{i}", "name": name} for i, name in enumerate(NAMES, start=1)],
    }
    game = api.create("exchange", setup)
    gid, host = game["game_id"], game["host_secret"]
    seats = {f"p{i}": api.join(game["code"], n, f"p{i}")["secret"] for i, n in enumerate(NAMES, 1)}

    def go(command: Json, secret: str = host) -> None:
        api.ok(gid, secret, command)

    go({"type": "start"})
    api.host_until(gid, host, lambda v: v["phase"] == "exchange" and not v["waiting_for_host"])
    order = {"type": "order", "account": "p1", "stock": 3, "side": "buy", "qty": 2, "price": 12}
    go(order, seats["p1"])
    api.host_until(
        gid,
        host,
        lambda v: v["phase"] == "exchange" and v["year"] == 1 and not v["waiting_for_host"],
    )
    go({"type": "call_meeting", "firm": 3}, seats["p1"])
    api.host_until(gid, host, lambda v: v["phase"] == "meetings" and not v["waiting_for_host"])
    go({"type": "nominate", "firm": 3, "candidate": "p3"}, seats["p1"])
    go({"type": "vote", "firm": 3, "holder": "p1", "director": "p3", "payout": 50}, seats["p1"])
    api.host_until(gid, host, lambda v: v["phase"] != "meetings")
    go({"type": "end_game"})
    return game, seats


def test_the_results_page_says_it_in_russian(browser: Browser, server: Server, api: Api) -> None:
    game, seats = play_to_a_takeover(api)
    view = api.view(game["game_id"], seats["p1"])["view"]
    (takeover,) = [m for m in view["debrief"]["moments"] if m["kind"] == "takeovers"]
    (moment,) = takeover["list"]
    previous = view["players"][moment["previous"]]
    assert view["name_forms"][previous]["gen"] != previous  # the server sent the forms
    phone = new_phone(browser)
    phone.goto(f"{server.url}/results/{game['game_id']}#secret={seats['p1']}")
    said = phone.locator("[data-moment=takeovers]")
    expect(said).to_contain_text(
        f"фирма 3 в 1-м году — Никита Кузьмин вместо {view['name_forms'][previous]['gen']}"
    )
    text = phone.locator("main").inner_text()
    for wrong in ("в году 0", "в году", "голосов у:", "Места\n", "PDN партии", "undefined"):
        assert wrong not in text, wrong
    expect(phone.locator("main .panel h2").first).to_have_text("Рейтинг по итоговому богатству")
    expect(phone.locator("[data-action=pdn]")).to_have_text("Запись партии (PDN)")
    expect(phone.locator("[data-action=xlsx]")).to_have_text("Таблица Excel")
    said.scroll_into_view_if_needed()
    shot(phone, "words-results-debrief-390")
    assert errors_of(phone) == []
