"""The figures the class sees, as a user sees them in Chromium: the exchange wall's year end
says what was paid (⌊D/20⌋ a share) beside what was declared, equal to the ledger's; the class
event's status «играет» only beside pupils whose board of the round in play goes on; the
results page of every kind, the host's and a pupil's, with no `null`, `undefined` or `NaN`
and its downloads named by the game's title or kind, code and day."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from test_web_report import exchange_setup, quiz_setup
from web_support import Api, Json, Server, errors_of, new_page

pytestmark = pytest.mark.slow

WALL: dict[str, Any] = {"viewport": {"width": 1280, "height": 720}, "locale": "ru-RU"}
PLACEHOLDER = re.compile(r"\b(null|undefined|NaN)\b")

#: Firm 1's c3:e5 takes firm 5's only man. Firm 1 earns E = 20 (capture) + 3 men × 11 = 53,
#: tax ⌊0.2·53⌋ = 10, declares D = ⌊0.5·43⌋ = 21 (not a multiple of 20): 1 a share, 20 paid
#: (p1's 5 + the State's 15), 1 kept. Firm 6 (one man): E = 11, T = 2, D = ⌊0.5·9⌋ = 4 < 20:
#: nothing paid. Declared 21 + 4 = 25, paid 20, taxes 12.
DIVIDENDS: Json = {
    "game": "exchange",
    "seed": 1,
    "ruleset": {
        "preset": "classroom",  # the host continues between phases: the year end waits
        "opening_session": False,
        "moves_per_year": 1,
        "placement": {"1": ["c3", "a1", "e1"], "5": ["d4"], "6": ["h8"]},
        "income_man": 11,
        "capture_man": 20,
        "tax_rate": 20,
        "payout": 50,
    },
    "players": [{"id": f"p{i}", "name": f"Ученик {i}"} for i in range(1, 9)],
    "directors": {str(f): f"p{f}" for f in range(1, 9)},
}


def test_the_year_end_says_what_was_paid_and_what_was_declared(
    browser: Browser, server: Server, api: Api
) -> None:
    made = api.create("exchange", DIVIDENDS)
    gid, host = made["game_id"], made["host_secret"]
    p1 = api.join(made, "Ученик 1", "p1")["secret"]
    _, wall = new_page(browser, **WALL)
    wall.goto(f"{server.url}/play/{gid}#role=projector")
    api.ok(gid, host, {"type": "start"})
    api.ok(gid, host, {"type": "continue"})
    api.ok(gid, p1, {"type": "move", "firm": 1, "move": "c3:e5"})
    api.ok(gid, host, {"type": "continue"})
    view = api.wait(gid, host, lambda v: v["phase"] == "dividends")
    paid = {e["firm"]: e for e in view["events"] if e["type"] == "dividend_paid"}
    assert (paid[1]["dividend"], paid[1]["per_share"]) == (21, 1)
    ledger = sum(sum(e["payments"].values()) for e in paid.values())
    assert ledger == 20, "the ledger moved 20 to the shareholders"

    year_end = wall.locator("[data-panel=year-end]")
    expect(year_end).to_be_visible()
    expect(year_end.locator("[data-role=year-sum]")).to_contain_text(
        "Государство получает налогов: 12. "
        "Акционерам выплачено дивидендов: 20 (объявлено 25, остаток остаётся у фирм)."
    )
    expect(year_end.locator("thead")).to_contain_text("Дивиденды объявлены")
    expect(year_end.locator("thead")).to_contain_text("На акцию")
    rows = {
        cells[0]: cells[1:]
        for cells in (
            [c.strip() for c in row.locator("td").all_inner_texts()]
            for row in year_end.locator("tbody tr").all()
        )
    }
    # earnings, tax, declared, paid a share (paid in all: the sentence)
    assert rows["Фирма 1"] == ["53", "10", "21", "1"]
    assert rows["Фирма 6"] == ["11", "2", "4", "0"]
    assert errors_of(wall) == []


def test_the_event_says_playing_only_beside_a_board_still_played(
    browser: Browser, server: Server, api: Api
) -> None:
    # three pupils and the robot: a round robin pairs its three rounds at once
    event = api.create("tournament", {"title": "5 Б", "format": "round_robin", "rounds": 3})
    eid, host = event["game_id"], event["host_secret"]
    secrets = {}
    for name in ("Аня", "Боря", "Вика"):
        joined = api.join(event["code"], name)
        api.ok(eid, joined["secret"], {"type": "enter", "name": name})
        secrets[joined["role"]] = joined["secret"]
    api.ok(eid, host, {"type": "start"})
    view = api.wait(eid, host, lambda v: all(b["game_id"] for b in v["rounds"][0]["boards"]))
    board = next(b for b in view["rounds"][0]["boards"] if "robot" not in b.values())
    api.ok(board["game_id"], secrets[board["black"]], {"type": "resign"})
    api.wait(eid, host, lambda v: any(s["played"] for s in v["standings"]))
    done = {board["white_name"], board["black_name"]}

    _, console = new_page(browser, viewport={"width": 1280, "height": 800}, locale="ru-RU")
    console.goto(f"{server.url}/play/{eid}#secret={host}")
    _, wall = new_page(browser, **WALL)
    wall.goto(f"{server.url}/play/{eid}#role=projector")
    for page, table in ((console, "[data-role=standings]"), (wall, "[data-role=wall-standings]")):
        rows = page.locator(f"{table} tbody tr")
        expect(rows).to_have_count(3)
        for row in rows.all():
            cells = [c.strip() for c in row.locator("td").all_inner_texts()]
            name = next(c for c in cells if c in ("Аня", "Боря", "Вика"))
            assert ("играет" in cells) == (name not in done), (name, cells)
        assert errors_of(page) == []


def placeholders(page: Page) -> list[str]:
    text: str = page.locator("body").inner_text()
    return PLACEHOLDER.findall(text)


def test_no_results_page_shows_a_placeholder_and_files_are_named_by_game_and_day(
    browser: Browser, server: Server, api: Api
) -> None:
    day = time.strftime("%Y-%m-%d")
    games: list[tuple[Json, str]] = []
    exchange = api.create("exchange", exchange_setup())
    games.append((exchange, api.join(exchange, "Борис", "p2")["secret"]))
    quiz = api.create("quiz", quiz_setup())
    games.append((quiz, api.join(quiz, "Ольга", "B")["secret"]))
    russian = api.create(
        "russian", {"game": "russian", "white": {"name": "Аня"}, "black": {"name": "Борис"}}
    )
    games.append((russian, api.join(russian, "Борис", "black")["secret"]))
    for made, _ in games:
        api.ok(made["game_id"], made["host_secret"], {"type": "start"})
        api.ok(made["game_id"], made["host_secret"], {"type": "end_game"})
    event = api.create("tournament", {"title": "7 «Б»", "format": "round_robin", "rounds": 1})
    pupil = api.join(event["code"], "Аня")
    api.ok(event["game_id"], pupil["secret"], {"type": "enter", "name": "Аня"})
    games.append((event, pupil["secret"]))

    for made, pupil_secret in games:
        for who, secret in (("host", made["host_secret"]), ("pupil", pupil_secret)):
            _, page = new_page(browser, **WALL)
            page.goto(f"{server.url}/results/{made['game_id']}#secret={secret}")
            expect(page.locator("[data-panel=replay]")).to_be_visible()
            back = page.locator("a.button", has_text="Назад к игре")
            expect(back).to_be_visible()
            assert placeholders(page) == [], (made["game"], who)
            assert errors_of(page) == []
        if made["game"] == "tournament":
            continue  # its files are on the console (named by the same stem)
        # the last page is the pupil's: the files of the seat, named by the game and the day
        stem = f"{made['game']}-{made['code']}-{day}"
        links = [page.locator("[data-action=pupils]")]
        if made["game"] == "exchange":
            links.append(page.locator("[data-role=debrief-csv] a").first)  # made in the page
        for link in links:
            with page.expect_download() as download:
                link.click()
            name = download.value.suggested_filename
            assert name.startswith(stem) and name.endswith(".csv"), name
            raw = download.value.path().read_bytes()
            assert raw.startswith(b"\xef\xbb\xbf") and b";" in raw.splitlines()[0], name


def test_a_robot_is_marked_in_the_report(api: Api) -> None:
    made = api.create("exchange", exchange_setup())
    gid, host = made["game_id"], made["host_secret"]
    api.robots(gid, host, ["p3"])
    api.ok(gid, host, {"type": "start"})
    api.ok(gid, host, {"type": "end_game"})
    auth = {"Authorization": f"Bearer {host}", "Accept-Language": "ru"}
    report = api.http.get(f"/api/web/games/{gid}/report", headers=auth).json()
    names = [row[1] for row in report["rows"]]
    assert sorted(names) == sorted(["Александра Соколова", "Борис", "Вика (робот)", "Глеб"])
