"""The per-pupil report on the results page of each kind, on the wall (1280×720) and on a
phone (390×844, a card a pupil): nothing wider than the screen, names as typed, and the
workbook the page downloads opens in openpyxl with its sheets in the page's language."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Json, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow

WALL: dict[str, Any] = {"viewport": {"width": 1280, "height": 720}, "locale": "ru-RU"}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "locale": "ru-RU",
}
NAMES = ["Александра Соколова", "Борис", "Вика", "Глеб"]


def exchange_setup() -> Json:
    ids = [f"p{n}" for n in range(1, len(NAMES) + 1)]
    return {
        "game": "exchange",
        "seed": 2,
        "ruleset": {"preset": "blitz", "years": 1, "opening_session": False},
        "players": [{"id": pid, "name": name} for pid, name in zip(ids, NAMES, strict=True)],
        "directors": {str(f): ids[(f - 1) % len(ids)] for f in range(1, 9)},
    }


def quiz_setup() -> Json:
    teams = [
        {"id": "A", "name": "Орлы", "members": [{"id": "a1", "name": "Иван"}]},
        {"id": "B", "name": "Совы", "members": [{"id": "b1", "name": "Ольга"}]},
    ]
    questions = [{"id": "q1", "text": "2+2?", "answer": "4"}]
    return {"game": "quiz", "teams": teams, "questions": questions}


def ended(api: Api, game: str, setup: Json) -> Json:
    made = api.create(game, setup)
    api.ok(made["game_id"], made["host_secret"], {"type": "start"})
    api.ok(made["game_id"], made["host_secret"], {"type": "end_game"})
    return made


def sideways(page: Page) -> int:
    """How far the page reaches past the viewport sideways (0: nothing cut off)."""
    width: int = page.evaluate(
        "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - window.innerWidth"
    )
    return width


def report_on(browser: Browser, server: Server, made: Json, options: dict[str, Any]) -> Page:
    _, page = new_page(browser, **options)
    page.goto(f"{server.url}/results/{made['game_id']}#secret={made['host_secret']}")
    report = page.locator("[data-panel=report]")
    expect(report).to_be_visible()
    report.scroll_into_view_if_needed()
    return page


def fits(page: Page, width: int) -> None:
    box = page.locator("[data-panel=report] table").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert sideways(page) <= 0


def test_the_exchange_report_on_the_wall_and_a_phone(
    browser: Browser, server: Server, api: Api
) -> None:
    made = ended(api, "exchange", exchange_setup())
    wall = report_on(browser, server, made, WALL)
    rows = wall.locator("[data-panel=report] tbody tr")
    expect(rows).to_have_count(4)
    for name in NAMES:
        expect(wall.locator("[data-panel=report]")).to_contain_text(name)
    expect(wall.locator("[data-panel=report] thead")).to_contain_text("итоговое богатство")
    fits(wall, 1280)
    box = wall.locator("[data-panel=report]").bounding_box()
    assert box is not None and box["height"] <= 720, "the report is seen whole on the wall"
    shot(wall, "report-exchange-1280")
    with wall.expect_download() as download:
        wall.click("[data-action=xlsx]")
    assert download.value.suggested_filename.endswith(".xlsx")
    book = load_workbook(io.BytesIO(Path(download.value.path()).read_bytes()))
    assert book.sheetnames == ["Ученики", "Сделки", "Проводки", "Годы"]
    names = [row[1] for row in book["Ученики"].iter_rows(min_row=2, values_only=True)]
    assert sorted(str(n) for n in names) == sorted(NAMES)
    with wall.expect_download() as csv_download:
        wall.click("[data-action=pupils]")
    raw = Path(csv_download.value.path()).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and raw.decode("utf-8-sig").startswith("место;имя;")

    phone = report_on(browser, server, made, PHONE)
    first = phone.locator("[data-panel=report] tbody tr").first
    labels = first.evaluate(
        "tr => [...tr.children].map(c => getComputedStyle(c, '::before').content)"
    )
    assert '"итоговое богатство"' in labels, labels  # each card names its figures
    expect(phone.locator("[data-panel=report] thead")).to_be_hidden()
    fits(phone, 390)
    first.scroll_into_view_if_needed()
    shot(phone, "report-exchange-390")
    small = report_on(browser, server, made, PHONE | {"viewport": {"width": 360, "height": 740}})
    fits(small, 360)
    for page in (wall, phone, small):
        assert errors_of(page) == []


def test_the_quiz_and_russian_reports_on_the_wall_and_a_phone(
    browser: Browser, server: Server, api: Api
) -> None:
    quiz = ended(api, "quiz", quiz_setup())
    russian = ended(
        api,
        "russian",
        {"game": "russian", "white": {"name": "Анна Ёлкина"}, "black": {"name": "Борис"}},
    )
    for kind, made, names in (
        ("quiz", quiz, ["Иван", "Ольга"]),
        ("russian", russian, ["Анна Ёлкина", "Борис"]),
    ):
        for options, width in ((WALL, 1280), (PHONE, 390)):
            page = report_on(browser, server, made, options)
            expect(page.locator("[data-panel=report] tbody tr")).to_have_count(2)
            for name in names:
                expect(page.locator("[data-panel=report]")).to_contain_text(name)
            fits(page, width)
            shot(page, f"report-{kind}-{width}")
            assert errors_of(page) == []


def test_a_players_report_and_workbook_hide_the_others_private_figures(
    server: Server, api: Api
) -> None:
    made = api.create("exchange", exchange_setup())
    seat = api.join(made, NAMES[1], "p2")
    api.ok(made["game_id"], made["host_secret"], {"type": "start"})
    api.ok(made["game_id"], made["host_secret"], {"type": "end_game"})
    headers = {"Authorization": f"Bearer {seat['secret']}", "Accept-Language": "en"}
    report = api.http.get(f"/api/web/games/{made['game_id']}/report", headers=headers).json()
    assert report["columns"][:2] == ["place", "name"] and report["title"] == "Pupils"
    trades = report["columns"].index("trades")
    seen = {row[1]: row[trades] for row in report["rows"]}
    assert seen == {name: "0" if name == NAMES[1] else "" for name in NAMES}
    reply = api.http.get(f"/api/web/games/{made['game_id']}/xlsx", headers=headers)
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("application/vnd.openxmlformats")
    book = load_workbook(io.BytesIO(reply.content))
    assert book.sheetnames == ["Pupils", "Trades", "Ledger", "Years"]
    rows = list(book["Pupils"].iter_rows(min_row=2, values_only=True))
    assert {row[1]: row[trades] for row in rows} == {
        name: 0 if name == NAMES[1] else None for name in NAMES
    }
    english = api.http.get(f"/api/web/games/{made['game_id']}/pupils.csv", headers=headers)
    assert english.content.startswith(b"\xef\xbb\xbfplace,name,")
