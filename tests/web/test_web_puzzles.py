"""A puzzle lesson in real browsers: the wall and two phones through one puzzle to the reveal.

Two pupils join by code on phones (390×844 and 360×740) and answer with two taps (one right,
one wrong); a robot seat and a pupil over the HTTP API answer too; the teacher reveals from
the console. The wall at 1280×720 and 1920×1080 shows the position, the countdown and how many
answered, then the reveal's arrows and counts — nothing scrolled or cut, no text under 18 px.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Server, errors_of, new_page, shot

from boardroom.kernel import Json

pytestmark = pytest.mark.slow
SHOT = {"fen": "W:Wa3,c3,d2,e1,g3:Ba5,c5,e7,g7,h6", "best": ["c3-b4"], "title": "Отдай одну"}
TAKE = {"fen": "W:Wc3,h2:Bd4,f6,g3", "best": ["c3:e5:g7"]}


def fits(page: Page) -> Json:
    """What overflows the wall: the page's scroll sizes, boxes scrolled or cut inside, the
    smallest text shown, anything past the window's edge."""
    found: Json = page.evaluate(
        """() => {
          const root = document.scrollingElement;
          const shown = [...document.querySelectorAll('.pz-frame *')].filter((el) =>
            el.offsetParent !== null && !el.closest('svg') && !el.closest('.sr-only')
            && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
          const cut = [...document.querySelectorAll('.pz-frame *')].filter((el) => {
            if (el.closest('svg') || el.offsetParent === null) return false;
            const style = getComputedStyle(el);
            const scrolls = /(auto|scroll)/.test(style.overflowY + style.overflowX);
            return scrolls && (el.scrollHeight > el.clientHeight + 1);
          }).map((el) => el.className || el.tagName);
          const outside = shown.filter((el) => {
            const r = el.getBoundingClientRect();
            return r.bottom > innerHeight + 1 || r.right > innerWidth + 1;
          }).map((el) => el.textContent.slice(0, 30));
          return {
            tall: root.scrollHeight > innerHeight + 1, wide: root.scrollWidth > innerWidth + 1,
            cut, outside,
            smallest: Math.min(...shown.map((el) => parseFloat(getComputedStyle(el).fontSize))),
          };
        }"""
    )
    return found


def phone(browser: Browser, server: Server, code: str, name: str, size: tuple[int, int]) -> Page:
    options = {"width": size[0], "height": size[1]}
    _, page = new_page(browser, viewport=options, has_touch=True, is_mobile=True, locale="ru-RU")
    page.goto(f"{server.url}/join/{code}")
    page.fill("input[name=name]", name)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    return page


def tap(page: Page, *squares: str) -> None:
    for square in squares:
        page.locator(f".board [data-square={square}]").first.tap()


def test_the_wall_and_two_phones_through_a_puzzle(
    browser: Browser, server: Server, api: Api
) -> None:
    lesson = api.create("puzzles", {"title": "7 Б", "seconds": 120, "puzzles": [SHOT, TAKE]})
    gid, host, code = lesson["game_id"], lesson["host_secret"], lesson["code"]
    anna = phone(browser, server, code, "Аня", (390, 844))
    boris = phone(browser, server, code, "Боря", (360, 740))
    vika = api.join(code, "Вика")
    api.ok(gid, vika["secret"], {"type": "enter", "name": "Вика"})
    api.robots(gid, host, ["p9"])
    api.wait(gid, host, lambda v: len(v["pupils"]) == 4)
    walls = {}
    for width, height in ((1280, 720), (1920, 1080)):
        _, wall = new_page(browser, viewport={"width": width, "height": height}, locale="ru-RU")
        wall.goto(f"{server.url}/play/{gid}#role=projector")
        expect(wall.locator("[data-role=wall-code]")).to_have_text(code)
        walls[width] = wall
    shot(walls[1280], "puzzles-wall-gathering-1280")

    api.ok(gid, host, {"type": "start"})
    for page in (anna, boris):
        expect(page.locator("[data-role=status]")).to_contain_text("Ваш ход")
    shot(anna, "puzzles-phone-390")
    board = anna.locator(".board").bounding_box()
    assert board is not None and board["width"] >= 370  # the board fills the phone's width
    tap(anna, "c3", "b4")  # right, in two taps
    tap(boris, "g3", "f4")  # wrong
    expect(anna.locator("[data-role=status]")).to_contain_text("c3-b4")
    expect(boris.locator("[data-role=status]")).to_contain_text("g3-f4")
    api.wait(gid, host, lambda v: v["answered"] == 3)  # the robot's answer too
    for width, wall in walls.items():
        expect(wall.locator("[data-role=answered]")).to_have_text("Ответили: 3 из 4")
        expect(wall.locator("[data-role=pz-countdown]")).to_have_text(re.compile(r"\d:\d\d"))
        found = fits(wall)
        assert found == found | {"tall": False, "wide": False, "cut": [], "outside": []}, found
        assert found["smallest"] >= 18, found
        shot(wall, f"puzzles-wall-asking-{width}")
    shot(boris, "puzzles-phone-360")

    api.ok(gid, host, {"type": "reveal"})
    for width, wall in walls.items():
        expect(wall.locator("[data-role=arrows] g")).to_have_count(2)
        expect(wall.locator("[data-role=arrows] g.good")).to_have_attribute("data-count", "2")
        expect(wall.locator("[data-role=found] li")).to_have_count(2)
        found = fits(wall)
        assert found == found | {"tall": False, "wide": False, "cut": [], "outside": []}, found
        assert found["smallest"] >= 18, found
        shot(wall, f"puzzles-wall-reveal-{width}")
    expect(anna.locator("[data-role=status]")).to_contain_text("Верно!")
    expect(boris.locator("[data-role=status]")).to_contain_text("Решение: c3-b4")
    shot(anna, "puzzles-phone-reveal-390")
    _, console = new_page(browser, viewport={"width": 1280, "height": 800}, locale="ru-RU")
    console.goto(f"{server.url}/play/{gid}#secret={host}")
    expect(console.locator("[data-action=next]")).to_be_visible()
    expect(console.locator("[data-role=found] li")).to_have_count(2)
    shot(console, "puzzles-console-1280")
    api.ok(gid, host, {"type": "hide_names", "hidden": True})
    expect(walls[1280].locator("[data-role=found]")).to_have_text("Нашли решение: 2")
    api.ok(gid, host, {"type": "hide_names", "hidden": False})
    api.ok(gid, host, {"type": "next"})  # a capture of two, in two taps: c3, then g7
    expect(anna.locator("[data-role=status]")).to_contain_text("Ваш ход")
    tap(anna, "c3", "g7")
    expect(anna.locator("[data-role=status]")).to_contain_text("c3:e5:g7")
    tap(boris, "h2", "f4")
    api.wait(gid, host, lambda v: v["answered"] == 3)
    api.ok(gid, host, {"type": "reveal"})
    wall = walls[1280]
    expect(wall.locator("[data-role=arrows] g.good")).to_have_attribute("data-count", "2")
    expect(wall.locator(".board .sq.taken")).to_have_count(2)  # the pieces the solution takes
    expect(wall.locator(".board [data-square=g7] .piece.white")).to_be_visible()  # played out
    expect(wall.locator(".board .sq.taken .piece")).to_have_count(0)
    shot(wall, "puzzles-wall-reveal-capture-1280")
    for page in (anna, boris, console, *walls.values()):
        assert errors_of(page) == []


def test_the_start_page_makes_a_lesson_of_pasted_positions(
    browser: Browser, server: Server
) -> None:
    _, host = new_page(browser, viewport={"width": 1280, "height": 800}, locale="ru-RU")
    host.goto(server.url + "/")
    host.check("input[name=game][value=puzzles]")
    host.select_option("select[name=pz-source]", "text")
    host.fill("textarea[name=pz-text]", "W:Wc3:Bz9")
    host.click("button.primary[type=submit]")
    expect(host.locator("form [role=alert]", has_text="это не позиция")).to_be_visible()
    assert "/play/" not in host.url  # nothing made
    host.fill("textarea[name=pz-text]", "W:Wc3,h2:Bd4,f6,g3\nB:Wa3,b2,d2,f4,h4:Bb6,d8,e7,f6,h6")
    host.click("button.primary[type=submit]")
    host.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    expect(host.locator("[data-action=start]")).to_be_hidden()  # nobody has entered yet
    assert errors_of(host) == []
