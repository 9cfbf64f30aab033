"""A class tournament in real browsers: a pupil's phone from joining by code with her name to
the waiting room, her first board, the result and the standings after it, and her second
round's board; the wall's standings and mosaic of boards fit 1280×720 and 1920×1080 with
nothing scrolled or clipped and the standings in large enough type; at the end the podium
and the crosstable. The other eight pupils join and play over the HTTP API."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Server, errors_of, new_page, new_phone, shot

from boardroom.kernel import Json

pytestmark = pytest.mark.slow
NAMES = ("Боря", "Вика", "Гоша", "Даша", "Егор", "Женя", "Зоя", "Илья")


def fits(page: Page) -> Json:
    """What overflows the page: its scroll sizes against the window, and every element
    whose content is cut or scrolled inside it (a box with more content than room)."""
    found: Json = page.evaluate(
        """() => {
          const root = document.scrollingElement;
          const cut = [...document.querySelectorAll('.tn-wall *')].filter((el) => {
            const style = getComputedStyle(el);
            if (el.closest('svg')) return false;
            const scrolls = /(auto|scroll)/.test(style.overflowY + style.overflowX);
            const over = el.scrollHeight > el.clientHeight + 1
              || el.scrollWidth > el.clientWidth + 1;
            return scrolls && over;
          }).map((el) => el.className || el.tagName);
          const text = [...document.querySelectorAll('[data-role=wall-standings] td')]
            .map((el) => parseFloat(getComputedStyle(el).fontSize));
          const wall = document.querySelector('.tn-wall').getBoundingClientRect();
          const boards = [...document.querySelectorAll('.tn-tile')]
            .map((el) => el.getBoundingClientRect());
          const rows = [...document.querySelectorAll('[data-role=wall-standings] tbody tr')]
            .map((el) => el.getBoundingClientRect());
          return {
            tall: root.scrollHeight > innerHeight + 1, wide: root.scrollWidth > innerWidth + 1, cut,
            smallest: Math.min(...text),
            outside: [...boards, ...rows]
              .filter((r) => r.bottom > wall.bottom + 1 || r.right > wall.right + 1).length,
          };
        }"""
    )
    return found


def test_the_phone_and_the_wall_through_two_rounds(
    browser: Browser, server: Server, api: Api
) -> None:
    event = api.create(
        "tournament", {"title": "5 Б", "format": "swiss", "rounds": 2, "minutes": 10}
    )
    eid, host = event["game_id"], event["host_secret"]
    phone = new_phone(browser)
    phone.goto(f"{server.url}/join/{event['code']}")
    phone.fill("input[name=name]", "Аня")
    phone.click("button[type=submit]")
    phone.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    secrets = {"p1": phone.url.split("#secret=")[1]}
    expect(phone.locator("[data-role=waiting]")).to_contain_text("Учитель начнёт турнир")
    for name in NAMES:
        joined = api.join(event["code"], name)
        api.ok(eid, joined["secret"], {"type": "enter", "name": name})
        secrets[joined["role"]] = joined["secret"]
    expect(phone.locator("[data-role=joined] li")).to_have_count(9)
    expect(phone.locator("[data-role=joined] li.me")).to_have_text("Аня")
    shot(phone, "tournament-phone-waiting-390")

    walls = {}
    for width, height in ((1280, 720), (1920, 1080)):
        _, wall = new_page(browser, viewport={"width": width, "height": height}, locale="ru-RU")
        wall.goto(f"{server.url}/play/{eid}#role=projector")
        expect(wall.locator("[data-role=code]")).to_have_text(event["code"])
        walls[width] = wall

    _, console = new_page(browser, viewport={"width": 1280, "height": 720}, locale="ru-RU")
    console.goto(f"{server.url}/play/{eid}#secret={host}")
    expect(console.locator("[data-role=joined] li")).to_have_count(9)
    console.click("[data-action=start]")
    view = api.wait(
        eid,
        host,
        lambda v: bool(v["rounds"]) and all(b["game_id"] for b in v["rounds"][0]["boards"]),
    )
    boards = view["rounds"][0]["boards"]
    first = boards[0]
    assert (first["white_name"], first["black_name"]) == ("Аня", "Боря")
    frame = phone.frame_locator("iframe.tn-board")
    expect(phone.locator("[data-role=my-board]")).to_contain_text("соперник: Боря")
    expect(frame.locator(".board-wrap").first).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(phone, "tournament-phone-board-390")

    for width, wall in walls.items():
        expect(wall.locator(".tn-tile")).to_have_count(5)
        expect(wall.locator("[data-role=wall-standings] tbody tr")).to_have_count(9)
        expect(wall.locator(".tn-tile svg").first).to_be_visible()
        shot(wall, f"tournament-wall-{width}")
        found = fits(wall)
        assert not found["tall"] and not found["wide"] and not found["cut"], found
        assert found["outside"] == 0, found
        assert found["smallest"] >= 18, found

    # Аня's board ends first: Боря resigns; she sees her result and the table
    api.ok(first["game_id"], secrets["p2"], {"type": "resign"})
    expect(phone.locator("[data-role=my-result]")).to_have_text("Вы выиграли!")
    expect(phone.locator("[data-role=next-round]")).to_contain_text(
        "Тур 2 начнётся, когда закончатся все доски"
    )
    expect(phone.locator("[data-role=standings] tr.me")).to_contain_text("Аня")
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(phone, "tournament-phone-after-390")

    # the teacher settles the robot's board from the console; the others end by resigning
    robot_row = console.locator("table.tn-boards tbody tr", has_text="Робот")
    shot(console, "tournament-host-1280")
    robot_row.locator("button", has_text="1 : 1").click()
    console.click("[data-action=confirm-result-yes]")  # asked in the page first (issue 44)
    expect(robot_row.locator("[data-action=undo-result]")).to_be_visible()
    finish_round(api, eid, host, secrets, 1, boards[1:4])
    view = api.wait(
        eid,
        host,
        lambda v: v["current"] == 2 and all(b["game_id"] for b in v["rounds"][1]["boards"]),
    )
    mine = next(b for b in view["rounds"][1]["boards"] if "p1" in (b["white"], b["black"]))
    expect(phone.locator(f"iframe.tn-board[data-game={mine['game_id']}]")).to_be_visible()
    expect(phone.frame_locator("iframe.tn-board").locator(".board-wrap").first).to_be_visible()
    expect(phone.locator("[data-role=my-board]")).to_contain_text("Доска")
    shot(phone, "tournament-phone-round2-390")
    _, small = new_page(
        browser,
        viewport={"width": 360, "height": 740},
        has_touch=True,
        is_mobile=True,
        locale="ru-RU",
    )
    small.goto(f"{server.url}/play/{eid}#secret={secrets['p1']}")
    expect(small.frame_locator("iframe.tn-board").locator(".board-wrap").first).to_be_visible()
    assert small.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(small, "tournament-phone-round2-360")

    finish_round(api, eid, host, secrets, 2, view["rounds"][1]["boards"])
    wall = walls[1920]
    expect(wall.locator("[data-role=podium] .tn-step")).to_have_count(3)
    expect(wall.locator("[data-role=crosstable] tbody tr")).to_have_count(9)
    found = fits(wall)
    assert not found["tall"] and not found["wide"] and not found["cut"], found
    shot(wall, "tournament-wall-end-1920")
    expect(phone.locator("[data-role=my-place]")).to_contain_text("Ваше место")
    shot(phone, "tournament-phone-final-390")
    _, results = new_page(browser, viewport={"width": 1280, "height": 720}, locale="ru-RU")
    results.goto(f"{server.url}/results/{eid}#secret={host}")
    expect(results.locator("[data-role=standings] tbody tr")).to_have_count(9)
    for page in (phone, console, results, *walls.values()):
        assert errors_of(page) == []


def finish_round(
    api: Api, eid: str, host: str, secrets: dict[str, str], number: int, boards: list[Json]
) -> None:
    """Every board of the round ends: black resigns, the robot's board the teacher settles."""
    for board in boards:
        if "robot" in (board["white"], board["black"]):
            api.ok(
                eid, host, {"type": "result", "round": number, "board": board["board"], "result": 1}
            )
        else:
            api.ok(board["game_id"], secrets[board["black"]], {"type": "resign"})


def test_the_join_page_asks_only_the_name_and_the_start_page_makes_an_event(
    browser: Browser, server: Server
) -> None:
    _, host = new_page(browser, viewport={"width": 1280, "height": 720}, locale="ru-RU")
    host.goto(server.url + "/")
    host.check("input[name=game][value=tournament]")
    host.fill("input[name=tn-title]", "7 В")
    host.click("button.primary[type=submit]")
    host.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    code = host.locator("[data-role=code]").inner_text()
    phone = new_phone(browser)
    phone.goto(f"{server.url}/join/{code}")
    assert phone.locator(".role-list button").count() == 0
    phone.fill("input[name=name]", "Зоя")
    phone.click("button[type=submit]")
    expect(phone.locator("[data-role=joined] li.me")).to_have_text("Зоя")
    expect(host.locator("[data-role=joined] li")).to_have_text(["Зоя"])
    assert errors_of(phone) == [] and errors_of(host) == []


def test_a_class_of_28_fits_the_wall_in_two_columns(
    browser: Browser, server: Server, api: Api
) -> None:
    event = api.create("tournament", {"title": "Параллель 7", "rounds": 3})
    eid = event["game_id"]
    for n in range(1, 29):
        joined = api.join(event["code"], f"Ученик {n}")
        name = f"Александра Соколова {n}" if n % 3 == 1 else f"Боря {n}"
        api.ok(eid, joined["secret"], {"type": "enter", "name": name})
    api.ok(eid, event["host_secret"], {"type": "start"})
    api.wait(
        eid,
        event["host_secret"],
        lambda v: bool(v["rounds"]) and all(b["game_id"] for b in v["rounds"][0]["boards"]),
    )
    _, wall = new_page(browser, viewport={"width": 1280, "height": 720}, locale="ru-RU")
    wall.goto(f"{server.url}/play/{eid}#role=projector")
    expect(wall.locator(".tn-tile")).to_have_count(14)
    expect(wall.locator("[data-role=wall-standings] table")).to_have_count(2)
    expect(wall.locator("[data-role=wall-standings] tbody tr")).to_have_count(28)
    shot(wall, "tournament-wall-28-1280")
    found = fits(wall)
    assert not found["tall"] and not found["wide"] and not found["cut"], found
    assert found["outside"] == 0 and found["smallest"] >= 18, found
    assert errors_of(wall) == []
