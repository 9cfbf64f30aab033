"""The teacher's console of a class event, live, in real Chromium at 1280×800 (issue 44): each
board's moves, clocks and whose turn follow the boards' games without a reload; a result set
from the console is asked first in the page and undone (the board waits for the teacher's next
result, the server carries nothing back); a pupil renamed; a pupil who comes after the start
joins by the code, waits for round 2 and plays it, and her phone links her finished game to the
coach's review. The other pupils play over the HTTP API."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from web_support import Api, Server, errors_of, new_page, new_phone, shot

from boardroom.kernel import Json

pytestmark = pytest.mark.slow
NAMES = ("Аня", "Боря", "Вика", "Гоша")


def boards_open(api: Api, eid: str, host: str, number: int) -> list[Json]:
    view = api.wait(
        eid,
        host,
        lambda v: (
            v["current"] == number and all(b["game_id"] for b in v["rounds"][number - 1]["boards"])
        ),
    )
    boards: list[Json] = view["rounds"][number - 1]["boards"]
    return boards


def test_the_console_follows_the_boards_undoes_a_result_and_a_late_pupil_plays(
    browser: Browser, server: Server, api: Api
) -> None:
    event = api.create(
        "tournament", {"title": "6 А", "format": "swiss", "rounds": 2, "takebacks": True}
    )
    eid, host = event["game_id"], event["host_secret"]
    secrets = {}
    for name in NAMES:
        joined = api.join(event["code"], name)
        api.ok(eid, joined["secret"], {"type": "enter", "name": name})
        secrets[joined["role"]] = joined["secret"]
    _, console = new_page(browser, viewport={"width": 1280, "height": 800}, locale="ru-RU")
    console.goto(f"{server.url}/play/{eid}#secret={host}")
    console.click("[data-action=start]")
    first, second = boards_open(api, eid, host, 1)
    ruleset = api.view(first["game_id"], secrets[first["white"]])["view"]["ruleset"]
    assert ruleset["takebacks"] is True  # the event's setting, carried by its boards

    # live: a move on board 1 reaches its row (moves, whose turn, the mover's clock ticked)
    row = console.locator("tr[data-board='1']")
    expect(row.locator("[data-role=turn]")).to_have_text("белые")
    expect(row.locator("[data-role=clock-white]")).to_have_text(re.compile(r"^(9:5\d|10:00)$"))
    legal = api.view(first["game_id"], secrets[first["white"]])["view"]["legal_moves"]
    api.ok(first["game_id"], secrets[first["white"]], {"type": "move", "move": legal[0]})
    expect(row.locator("[data-role=moves]")).to_have_text("1")
    expect(row.locator("[data-role=turn]")).to_have_text("чёрные")
    expect(row.locator("td[data-side=black]")).to_have_class(re.compile("to-move"))
    expect(row.locator("[data-role=since]")).to_have_text(re.compile(r"^0:0\d"))

    # a result from the console is asked first, then undone: the board waits for the teacher
    other = console.locator("tr[data-board='2']")
    other.locator("[data-action=result-2]").click()
    ask = console.locator("[data-role=confirm-result]")
    expect(ask).to_contain_text("Поставить 2 : 0 на доске 2?")
    shot(console, "tournament-console-1280")
    console.click("[data-action=confirm-result-yes]")
    expect(other.locator("[data-role=result]")).to_contain_text("2 : 0")
    other.locator("[data-action=undo-result]").click()
    console.click("[data-action=confirm-undo-yes]")
    expect(other.locator("[data-action=result-0]")).to_be_visible()
    board = api.view(second["game_id"], secrets[second["white"]])["view"]
    assert board["phase"] == "ended"  # the server ended it for the teacher's result
    api.wait(eid, host, lambda v: v["rounds"][0]["boards"][1]["result"] is None)

    # a pupil renamed from the console
    console.click("details[data-role=pupils] > summary")
    console.click("[data-action=rename][data-pupil=p4]")
    console.fill("input[name=tn-rename]", "Георгий")
    console.click("[data-action=confirm-rename-yes]")
    expect(console.locator("[data-role=standings]")).to_contain_text("Георгий")

    # a pupil comes late: she joins by the code and waits for round 2 with no points
    phone = new_phone(browser)
    phone.goto(f"{server.url}/join/{event['code']}")
    phone.fill("input[name=name]", "Даша")
    phone.click("button[type=submit]")
    phone.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    expect(phone.locator("[data-role=next-round]")).to_contain_text("с тура 2")
    expect(phone.locator("[data-role=standings] tr.me")).to_contain_text("Даша")
    late = phone.url.split("#secret=")[1]

    # round 1 ends (a resignation and the teacher's 0 : 2); round 2 pairs the late pupil
    api.ok(first["game_id"], secrets[first["black"]], {"type": "resign"})
    other.locator("[data-action=result-0]").click()
    console.click("[data-action=confirm-result-yes]")
    boards = boards_open(api, eid, host, 2)
    mine = next(b for b in boards if "p5" in (b["white"], b["black"]))
    expect(phone.locator(f"iframe.tn-board[data-game={mine['game_id']}]")).to_be_visible()
    expect(phone.locator("[data-role=my-board]")).to_contain_text("Доска")
    expect(phone.frame_locator("iframe.tn-board").locator(".board-wrap").first).to_be_visible()
    if mine["white"] == "p5":
        legal = api.view(mine["game_id"], late)["view"]["legal_moves"]
        api.ok(mine["game_id"], late, {"type": "move", "move": legal[0]})
    api.ok(mine["game_id"], late, {"type": "resign"})
    expect(phone.locator("[data-role=my-result]")).to_have_text("Вы проиграли эту партию.")
    link = phone.locator("[data-role=my-games] [data-action=coach]")
    expect(link).to_have_attribute("href", f"/coach/{mine['game_id']}#secret={late}")
    shot(phone, "tournament-phone-late-390")

    # the teacher withdraws her: her result stays, she is marked
    console.click("[data-action=withdraw][data-pupil=p5]")
    expect(console.locator("[data-role=confirm-withdraw]")).to_contain_text("Даша")
    console.click("[data-action=confirm-withdraw-yes]")
    pupils = console.locator("details[data-role=pupils]")
    expect(pupils.locator("tr", has_text="Даша")).to_contain_text("больше не играет")
    expect(console.locator("[data-role=standings]")).to_contain_text("Даша")
    pupils.scroll_into_view_if_needed()
    shot(console, "tournament-console-pupils-1280")
    for page in (console, phone):
        assert errors_of(page) == []
