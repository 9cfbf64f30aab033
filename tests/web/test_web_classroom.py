"""A classroom game in Russian, in real browsers, as a teacher runs it: the simple start page
(the classroom preset, the host paces the phases), two students who type their own names on
the join page, the wall screen's lobby showing them, trades with fill reports, the host's
Continue through the phases, "end game" asked twice (No, then Yes), and the results' gains
checked against a hand computation of the settlement."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Json, Server, created_game, errors_of, new_page, shot

pytestmark = pytest.mark.slow

NAMES = {"p1": "Александра Соколова", "p2": "Константин Константинопольский"}
RU = {"locale": "ru-RU"}


def host_creates(page: Page, server: Server) -> tuple[str, str]:
    page.goto(server.url + "/")
    expect(page.locator("select[name=preset]")).to_have_value("classroom")
    main = page.locator("[data-role=main-params]")
    expect(main.locator("input[name=wait_for_host]")).to_be_checked()
    expect(main.locator("[data-real=session_s]")).to_have_text("в реальном времени: 4 мин")
    expect(page.locator("input[name=moves_per_year]")).to_be_hidden()  # under "Advanced"
    page.fill("input[name=years]", "1")
    page.locator("summary", has_text="Дополнительно").click()
    page.fill("input[name=time_scale]", "0.1")
    page.fill("input[name=moves_per_year]", "2")
    expect(main.locator("[data-real=session_s]")).to_have_text("в реальном времени: 24 с")
    page.fill("textarea[name=players]", "Игрок 1\nИгрок 2\nИгрок 3")
    page.fill("textarea[name=players]", "Игрок 1\nИгрок 2")  # edited: the firms dealt again
    dealt = [page.input_value(f"select[name=director-{f}]") for f in range(1, 9)]
    assert dealt == ["p1"] * 4 + ["p2"] * 4  # nobody directs both colours
    page.click("button[type=submit]:has-text('Создать игру')")
    return created_game(page)


def student_joins(browser: Browser, server: Server, code: str, role: str) -> Page:
    _, page = new_page(browser, **RU)
    page.goto(f"{server.url}/join/{code}")
    page.click(f"button[data-role={role}]")
    page.fill("input[name=name]", NAMES[role])
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    expect(page.locator("[data-panel=orders]")).to_be_visible()
    return page


def order(page: Page, side: str, qty: int, price: int, report: str) -> None:
    form = page.locator("[data-role=order-form]")
    form.locator("select[name=stock]").select_option("1")
    form.locator("select[name=side]").select_option(side)
    form.locator("input[name=qty]").fill(str(qty))
    form.locator("input[name=price]").fill(str(price))
    form.locator("button[type=submit]").click()
    expect(form.locator("[data-role=fill-report]")).to_have_text(report)


def continue_to(host: Page, api: Api, gid: str, secret: str, phase: str) -> Json:
    api.wait(gid, secret, lambda v: v["waiting_for_host"] is not None)
    host.click("button[data-action=continue]")
    return api.wait(gid, secret, lambda v: v["phase"] == phase and not v["waiting_for_host"])


def more_than(seen: int) -> Callable[[Json], bool]:
    return lambda view: len(view["events"]) > seen


def play_two_moves(api: Api, gid: str, secret: str, seats: dict[str, str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        view = api.view(gid, secret)["view"]
        if view["phase"] != "board" or view["waiting_for_host"]:
            return
        firm = view["on_call"]["firm"]
        director = view["firms"][str(firm)]["director"]
        legal = api.view(gid, seats[director])["view"]["legal_moves"]
        reply = api.command(gid, seats[director], {"type": "move", "firm": firm, "move": legal[0]})
        if reply.status_code != 200:
            time.sleep(0.3)  # too early: the minimum time between moves
    raise AssertionError("the board phase did not end")


def test_a_classroom_game(browser: Browser, server: Server, api: Api) -> None:
    host_context, host = new_page(browser, **RU)
    gid, secret = host_creates(host, server)
    code = host.locator("[data-role=code]").inner_text()
    _, wall = new_page(browser, viewport={"width": 1280, "height": 720}, **RU)
    wall.goto(f"{server.url}/play/{gid}#role=projector")
    expect(wall.locator("[data-role=wall-code]")).to_have_text(code)
    expect(wall.locator("img.wall-qr")).to_be_visible()
    one = student_joins(browser, server, code, "p1")
    two = student_joins(browser, server, code, "p2")
    # The names as typed, everywhere: the wall's lobby, the host's view, the students' pages.
    for pid, name in NAMES.items():
        expect(wall.locator(f"[data-role=wall-names] li.here[data-seat={pid}]")).to_contain_text(
            name
        )
    assert api.view(gid, secret)["view"]["players"] == NAMES
    shot(wall, "projector-lobby")
    host.click("button[data-action=start]")
    continue_to(host, api, gid, secret, "exchange")  # the opening session
    expect(wall.locator("[data-panel=board] .board")).to_be_visible()
    order(one, "buy", 10, 10, "Куплено 10 из 10 по 10.")  # the State's privatization lot
    order(one, "sell", 2, 12, "Заявка принята: 2 акции по 12; пока не исполнена и ждёт в книге.")
    order(two, "buy", 3, 12, "Куплено 2 из 3 по 12; ещё 1 акция ждёт в книге.")
    # Hidden ownership is off on the console (safe to project) until the host turns it on.
    accounts = host.locator("[data-panel=accounts] table.accounts")
    expect(accounts).to_be_hidden()
    host.check("input[name=show-hidden]")
    expect(accounts).to_contain_text(NAMES["p2"])
    host.uncheck("input[name=show-hidden]")
    expect(accounts).to_be_hidden()
    api.command(gid, secret, {"type": "end_phase"})  # (refused if its clock ran out first)
    continue_to(host, api, gid, secret, "board")
    seats = {"p1": one.url.split("#secret=")[1], "p2": two.url.split("#secret=")[1]}
    play_two_moves(api, gid, secret, seats)
    view = api.wait(gid, secret, lambda v: v["phase"] == "exchange" or bool(v["waiting_for_host"]))
    while view["phase"] != "exchange" or view["waiting_for_host"]:
        host.click("button[data-action=continue]")
        view = api.wait(gid, secret, more_than(len(view["events"])))
    # "End game" asks first; No keeps the game going, and it stays apart from "end phase".
    host.click("button[data-action=end-game]")
    confirm = host.locator("[data-role=end-game-confirm]")
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("Закончить игру для всех?")
    shot(host, "host-end-game-confirm")
    host.click("button[data-action=end-game-cancel]")
    expect(confirm).to_be_hidden()
    assert api.view(gid, secret)["view"]["phase"] != "ended"
    # The hand computation of the settlement, from the host's view just before the end:
    # a firm is worth its cash − the tax it still owes (paid at the end) + 20 a man + 60 a
    # king (no firm holds shares); a holder of n of
    # its 20 shares is paid ⌊n·V/20⌋; gain = final cash − 200 (classroom: directors start
    # with no shares, so the starting worth is the cash alone).
    before = api.view(gid, secret)["view"]
    values = {
        f: before["accounts"][f"firm:{f}"]["cash"]
        - before["firms"][f]["tax_due"]
        + sum(60 if p["king"] else 20 for p in before["firms"][f]["pieces"])
        for f in before["firms"]
    }
    expected = {}
    for pid in NAMES:
        account = before["accounts"][pid]
        paid = sum(q * values[s] // 20 for s, q in account["holdings"].items())
        expected[pid] = account["cash"] + paid - 200
    assert before["accounts"]["p1"]["holdings"] == {"1": 8}
    assert before["accounts"]["p2"]["holdings"] == {"1": 2}
    host.click("button[data-action=end-game]")
    host.click("button[data-action=end-game-confirm]")
    ended = api.wait(gid, secret, lambda v: v["phase"] == "ended")
    expect(wall.locator("[data-role=moment]")).to_contain_text("Игра окончена.")  # big, for 5 s
    gains = {p["player"]: p["gain"] for p in ended["results"]["players"]}
    assert gains == expected
    # After the end the console counts the paid-out shares once: worth = cash.
    assert all(a["worth"] == a["cash"] for a in ended["accounts"].values())
    expect(wall.locator("[data-role=wall-results] [data-panel=reveal]")).to_be_visible()
    shot(wall, "projector-results")
    _, results = new_page(browser, **RU)
    results.goto(f"{server.url}/results/{gid}")
    expect(results.locator("table.podium")).to_be_visible(timeout=20000)  # a loaded machine
    for pid, name in NAMES.items():
        cell = results.locator(f"[data-gain={pid}]")
        expect(cell).to_have_text(f"{'+' if expected[pid] > 0 else ''}{expected[pid]}")
        expect(results.locator("table.podium")).to_contain_text(name)
    for page in (host, wall, one, two, results):
        assert errors_of(page) == []
    host_context.close()
