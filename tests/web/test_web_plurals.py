"""The pages count in Russian and English: plural forms by Intl.PluralRules, Russian number
and time formats, in the page's own i18n.js and catalogues (a real chromium)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page
from web_support import Server, errors_of, new_page

STATIC = Path(__file__).resolve().parents[2] / "boardroom" / "web" / "static"
NUMBERS = [1, 2, 5, 11, 21, 22]
RENDER = """async ([key, lang, params]) => {
  const i18n = await import("/static/js/i18n.js");
  const catalogue = await (await fetch(`/static/i18n/${lang}.json`)).json();
  return i18n.format(catalogue[key], params, lang);
}"""


def _catalogue(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((STATIC / "i18n" / f"{lang}.json").read_text())
    return data


def _page(browser: Browser, server: Server) -> Page:
    _, page = new_page(browser, locale="ru-RU")
    page.goto(f"{server.url}/join")
    return page


def _render(page: Page, key: str, lang: str, **params: Any) -> str:
    text: str = page.evaluate(RENDER, [key, lang, params])
    return text


def test_votes_and_shares_take_the_right_russian_form(browser: Browser, server: Server) -> None:
    page = _page(browser, server)
    votes = [_render(page, "x.votes_of", "ru", holder="Аня", n=n) for n in NUMBERS]
    assert votes == [
        *("Аня (1 голос):", "Аня (2 голоса):", "Аня (5 голосов):", "Аня (11 голосов):"),
        *("Аня (21 голос):", "Аня (22 голоса):"),
    ]
    trades = [_render(page, "ev.trade", "ru", qty=n, stock=3, price=10) for n in NUMBERS]
    assert [re.sub(r" фирмы.*", "", t) for t in trades] == [
        *("сделка: 1 акция", "сделка: 2 акции", "сделка: 5 акций", "сделка: 11 акций"),
        *("сделка: 21 акция", "сделка: 22 акции"),
    ]
    english = [_render(page, "x.votes_of", "en", holder="Anna", n=n) for n in (1, 2, 21)]
    assert english == ["Anna (1 vote):", "Anna (2 votes):", "Anna (21 votes):"]
    assert not errors_of(page)


def test_times_and_money_in_russian_formats(browser: Browser, server: Server) -> None:
    page = _page(browser, server)
    assert _render(page, "x.min_wait", "ru", s=90) == "можно ходить через 1\xa0мин 30\xa0с"
    assert _render(page, "ev.extended", "en", s=45) == "extended by 45\xa0s"
    money = page.evaluate(
        """async () => { const i18n = await import("/static/js/i18n.js");
        return [i18n.money(216, "ru"), i18n.money(1234.5, "en"), i18n.num(1500, "ru")]; }"""
    )
    assert money == ["216,00", "1,234.50", "1\xa0500"]


def test_every_plural_message_renders_for_every_count(browser: Browser, server: Server) -> None:
    page = _page(browser, server)
    for lang in ("ru", "en"):
        for key, text in _catalogue(lang).items():
            counted = re.findall(r"\{\s*(\w+)\s*,\s*(?:plural|duration)", text)
            if not counted:
                continue
            for n in NUMBERS:
                params = {name: f"<{name}>" for name in re.findall(r"\{\s*(\w+)\s*\}", text)}
                params.update(dict.fromkeys(counted, n))
                rendered = _render(page, key, lang, **params)
                assert "{" not in rendered and "#" not in rendered, (lang, key, rendered)
                assert str(n) in rendered, (lang, key, rendered)
    russian = _catalogue("ru")
    for bad in ("голосует за {name}", "{buyer} купил", "{name} взят", "выдвинут"):
        assert not any(bad in text for text in russian.values()), bad
