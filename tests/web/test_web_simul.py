"""A simul in real Chromium (the class event's ``format: "simul"``): the teacher plays white on
six boards at once from the console at 1280×800 — two pupils on their phones at 390×844 (joined
by the event's code and name) and four robots seated for absent pupils. The console shows the
boards as a mosaic of small live boards, the board to answer first highlighted; a click opens a
board big beside it, and the teacher's move is clicked there (the Russian draughts page in a
frame, opened by the console's secret). The other boards' moves go through the same command
path (the board's commands with that secret). A pupil moves on her phone and resigns, the teacher
resigns three boards, and «Закончить сеанс» (asked in the page) draws the two still played: each
tile shows its result, the pupils' phones theirs, and the table each pupil's points."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import (
    Api,
    Json,
    Server,
    click_move,
    created_game,
    errors_of,
    new_page,
    new_phone,
    shot,
)

pytestmark = pytest.mark.slow


def join(browser: Browser, server: Server, code: str, name: str) -> tuple[Page, str]:
    """A pupil's phone joined by the code with her name; its secret."""
    phone = new_phone(browser)
    phone.goto(f"{server.url}/join/{code}")
    phone.fill("input[name=name]", name)
    phone.click("button[type=submit]")
    phone.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    return phone, phone.url.split("#secret=")[1]


def opened(view: Json) -> bool:
    """The simul's boards are open (every board names its game)."""
    return bool(view["rounds"]) and all(b["game_id"] for b in view["rounds"][0]["boards"])


def test_a_simul_of_six_boards_is_played_to_the_end_from_the_console(
    browser: Browser, server: Server, api: Api
) -> None:
    # the start page makes a simul: the teacher's colour is asked for a simul only
    _, console = new_page(browser, viewport={"width": 1280, "height": 800}, locale="ru-RU")
    console.goto(server.url + "/")
    console.check("input[name=game][value=tournament]")
    console.fill("input[name=tn-title]", "Сеанс 5 Б")
    expect(console.locator("select[name=tn-teacher]")).to_be_hidden()
    console.select_option("select[name=tn-format]", "simul")
    expect(console.locator("select[name=tn-teacher]")).to_have_value("white")
    console.click("button.primary[type=submit]")
    eid, host = created_game(console)
    code = console.locator("[data-role=code]").inner_text()
    expect(console.locator("[data-role=teacher-colour]")).to_have_text(
        "Вы играете белыми на всех досках."
    )
    anya, anya_secret = join(browser, server, code, "Аня")
    borya, _ = join(browser, server, code, "Боря")
    expect(console.locator("[data-role=joined] li")).to_have_count(2)
    for n in range(1, 5):  # four robots sit in for absent pupils
        console.click("[data-action=add-robot]")
        expect(console.locator("[data-role=joined] li")).to_have_count(2 + n)
    expect(console.locator("[data-role=joined]")).to_contain_text("Робот 4 · робот")
    console.click("[data-action=start]")

    view = api.wait(eid, host, opened)
    games = [b["game_id"] for b in view["rounds"][0]["boards"]]
    assert len(games) == 6
    tiles = console.locator("[data-role=simul-mosaic] .sm-tile")
    expect(tiles).to_have_count(6)
    # every board waits for the teacher (white): the first to answer is board 1, opened big
    expect(console.locator(".sm-tile[data-first]")).to_have_attribute("data-board", "1")
    expect(anya.locator("[data-role=my-board]")).to_contain_text("соперник: Учитель")

    # the teacher's move clicked on the console: board 1 opened from the mosaic
    tiles.nth(0).click()
    board = console.frame_locator("iframe.sm-frame")
    expect(console.locator("iframe.sm-frame")).to_have_attribute("data-game", games[0])
    expect(console.locator("[data-action=sit-in]")).to_have_text("Робот сыграет за ученика")
    legal = api.view(games[0], host)["view"]["legal_moves"]
    click_move(board, legal[0])
    api.wait(games[0], anya_secret, lambda v: v["to_move"] == "black")
    expect(tiles.nth(0).locator("[data-role=tile-state]")).to_contain_text("ход ученика")
    expect(console.locator(".sm-tile[data-first]")).to_have_attribute("data-board", "2")

    # the other boards through the same command path (the board's commands, the console's secret)
    for game in games[1:]:
        move = api.view(game, host)["view"]["legal_moves"][0]
        api.ok(game, host, {"type": "move", "move": move})
    # Аня answers on her phone (her board in the frame)
    phone_board = anya.frame_locator("iframe.tn-board")
    click_move(phone_board, api.view(games[0], anya_secret)["view"]["legal_moves"][0])
    api.wait(games[0], host, lambda v: v["to_move"] == "white")
    for game in games[2:]:  # the robots answer
        api.wait(game, host, lambda v: v["to_move"] == "white", timeout=60)
    # first: of the boards waiting for the teacher (not Боря's), whose pupil moved longest ago
    auth = {"Authorization": f"Bearer {host}"}
    summary = api.http.get(f"/api/web/events/{eid}/summary", headers=auth).json()
    waiting = [b for b in summary["boards"] if b["to_move"] == "white"]
    assert [b["board"] for b in waiting] == [1, 3, 4, 5, 6]
    longest = max(waiting, key=lambda b: b["since_move"])["board"]
    assert summary["first"] == longest
    expect(console.locator(".sm-tile[data-first]")).to_have_attribute("data-board", str(longest))
    expect(console.locator(".sm-tile.first")).to_contain_text("ответить первой")
    expect(tiles.nth(5).locator("[data-role=tile-state]")).to_contain_text("ваш ход")
    console.locator(".sm-play").scroll_into_view_if_needed()
    shot(console, "simul-console-1280")
    shot(anya, "simul-phone-390")

    # Аня resigns, the teacher resigns to Боря and two robots, and ends the simul
    api.ok(games[0], anya_secret, {"type": "resign"})
    for game in games[1:4]:
        api.ok(game, host, {"type": "resign"})
    expect(tiles.nth(0).locator("[data-role=tile-state]")).to_have_text("2 : 0 · победа учителя")
    expect(tiles.nth(1).locator("[data-role=tile-state]")).to_have_text("0 : 2 · победа ученика")
    console.click("[data-action=end-simul]")
    expect(console.locator("[data-role=confirm-end-simul]")).to_contain_text("Закончить сеанс?")
    console.click("[data-action=confirm-end-simul-yes]")
    expect(console.locator(".sm-head h2")).to_have_text("Сеанс окончен")
    for n, text in enumerate(["2 : 0", "0 : 2", "0 : 2", "0 : 2", "1 : 1", "1 : 1"]):
        expect(tiles.nth(n).locator("[data-role=tile-state]")).to_contain_text(text)
    expect(console.locator("[data-role=standings] tr", has_text="Боря")).to_contain_text("2")
    expect(anya.locator("[data-role=my-result]")).to_have_text("Вы проиграли эту партию.")
    expect(borya.locator("[data-role=my-result]")).to_have_text("Вы выиграли!")
    final = api.view(eid, host)["view"]
    assert [b["result"] for b in final["rounds"][0]["boards"]] == [2, 0, 0, 0, 1, 1]
    shot(console, "simul-console-end-1280")
    shot(borya, "simul-phone-after-390")
    for page in (console, anya, borya):
        assert errors_of(page) == []
