"""A whole Exchange Draughts game in real browsers: a host and three players (separate
browser contexts), a robot in the fourth seat (board only: it moves its firms and never
trades, calls or votes, so the trades, the meeting and Anna's accounts across her reconnect
are the people's doing alone), a projector. The host creates the game on the
start page; people join by code; moves are clicked (a two-jump capture hop by hop); orders
trade; a meeting replaces a director; a player's page is closed and opened again mid-game;
everybody reaches the results, the reveal, the downloads and the replay."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import (
    BOLD,
    XSS,
    Api,
    Json,
    Server,
    click_move,
    created_game,
    errors_of,
    new_page,
    no_markup_ran,
    set_range,
    shot,
    watch,
)

pytestmark = pytest.mark.slow

PLACEMENT = {
    "1": ["c3", "a1"],
    "2": ["e1", "g1"],
    "3": ["h2"],
    "4": ["b2"],
    "5": ["d4"],
    "6": ["f6"],
    "7": ["h8"],
    "8": ["b8", "d8"],
}
PLAYERS = ["Anna", "Boris", XSS, BOLD]
PARAMS = {
    "years": "1",
    "moves_per_year": "4",
    "time_scale": "0.05",
    "privatization_lot": "10",
}


def create_on_start_page(page: Page, server: Server) -> str:
    """Fill the start page as a host would; returns the game id (the page is the console)."""
    page.goto(server.url + "/")
    expect(page.locator("select[name=preset]")).to_be_visible()
    page.select_option("select[name=preset]", "demo")
    page.locator("summary", has_text="Advanced").click()  # the rarer parameters live there
    for name, value in PARAMS.items():
        page.fill(f"input[name='{name}']", value)
    page.uncheck("input[name=opening_session]")
    page.fill("textarea[name=players]", "\n".join(PLAYERS))
    page.fill("input[name=robots]", "1")
    # The robot only plays the board: what people trade and vote (and a reconnect) is theirs.
    page.select_option("select[name=robot-kind]", "board")
    for firm in range(1, 9):
        page.select_option(f"select[name=director-{firm}]", f"p{min(firm, 4)}")
    page.fill("textarea[name=advanced]", json.dumps({"placement": PLACEMENT}))
    shot(page, "start", full_page=True)
    page.click("button[type=submit]:has-text('Create the game')")
    return created_game(page)[0]


def join_by_code(browser: Browser, server: Server, code: str, role: str, name: str) -> Page:
    _, page = new_page(browser)
    page.goto(f"{server.url}/join/{code}")
    page.click(f"button[data-role={role}]")
    page.fill("input[name=name]", name)
    if role == "p1":
        shot(page, "join")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    expect(page.locator("[data-panel=board] .board")).to_be_visible()
    return page


def more_events(seen: int) -> Callable[[Json], bool]:
    return lambda view: len(view["events"]) > seen


def play_board(api: Api, game_id: str, secret: str, pages: dict[int, Page]) -> None:
    """Until the board phase ends: whichever human firm is on call clicks its first legal move."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        view = api.view(game_id, secret)["view"]
        if view["phase"] != "board":
            return
        call = view["on_call"]
        if call and call["firm"] in pages:
            page = pages[call["firm"]]
            board = page.locator("[data-panel=board] .board.interactive")
            expect(board).to_be_visible(timeout=10000)
            expect(page.locator("[data-role=min-clock].go")).to_be_visible(timeout=10000)
            legal = (board.get_attribute("data-legal") or "").split()
            click_move(page, legal[0])
            api.wait(game_id, secret, more_events(len(view["events"])))
        else:
            time.sleep(0.2)
    raise AssertionError("the board phase did not end")


def place_order(page: Page, account: str, stock: int, side: str, qty: int, price: int) -> None:
    page.select_option("select[name=account]", account)
    page.select_option("select[name=stock]", str(stock))
    page.select_option("select[name=side]", side)
    page.fill("input[name=qty]", str(qty))
    page.fill("input[name=price]", str(price))
    page.click("[data-role=order-form] button[type=submit]")
    # The fill report: "Bought 6 of 6 at 10.", "Sold 2 of 3 at 12; …" or nothing filled yet.
    report = re.compile(rf"^(Bought|Sold) \d+ of {qty} at |^Order placed: .*nothing filled yet")
    expect(page.locator("[data-role=fill-report]")).to_have_text(report)


def test_a_whole_exchange_game(browser: Browser, server: Server, api: Api) -> None:
    _, host = new_page(browser)
    game_id = create_on_start_page(host, server)
    secret = host.url.split("#secret=")[1]
    code = host.locator("[data-role=code]").inner_text()
    assert re.fullmatch(r"[A-Z2-9]{6}", code)
    expect(host.locator("img.qr").first).to_be_visible()

    anna = join_by_code(browser, server, code, "p1", "Anna")
    boris = join_by_code(browser, server, code, "p2", "Boris")
    mark = join_by_code(browser, server, code, "p3", XSS)
    _, projector = new_page(browser)
    projector.goto(f"{server.url}/play/{game_id}#role=projector")
    # Before the start the wall shows the shared lobby (code, QR, names); the board after.
    expect(projector.locator("[data-panel=wall-lobby] .wall-code")).to_be_visible()

    seats = host.locator("[data-role=seats]")
    expect(seats.locator("[data-seat=p4]")).to_contain_text("robot")
    expect(seats.locator("[data-seat=p3]")).to_contain_text(XSS)
    expect(seats.locator("[data-seat=p1] .dot.on")).to_be_visible()
    shot(host, "lobby")

    host.click("[data-action=start]")
    expect(projector.locator("[data-panel=board] .board")).to_be_visible()
    api.wait(game_id, secret, lambda v: v["phase"] == "board")

    # The first call is Anna's firm 1, which must take two pieces: c3:e5:g7, hop by hop.
    board = anna.locator("[data-panel=board] .board.interactive")
    expect(board).to_have_attribute("data-legal", "c3:e5:g7")
    anna.click(".board [data-square=c3]")
    anna.click(".board [data-square=e5]")
    expect(anna.locator(".board [data-square=d4].taken")).to_be_visible()
    expect(anna.locator(".board [data-square=e5] .piece.ghost")).to_be_visible()
    expect(anna.locator(".board [data-square=g7].dest")).to_be_visible()
    shot(anna, "player-capture")
    anna.click(".board [data-square=g7]")
    view = api.wait(game_id, secret, lambda v: any(e["type"] == "moved" for e in v["events"]))
    moved = next(e for e in view["events"] if e["type"] == "moved")
    assert moved["move"] == "c3:e5:g7" and moved["taken"] == ["5.1", "6.1"]
    # Black's forced passes are explained on every board, then the robot takes back.
    expect(projector.locator("[data-role=why]")).to_contain_text("forced", timeout=10000)
    shot(projector, "projector-board")
    play_board(api, game_id, secret, {1: anna, 2: boris, 3: mark})
    view = api.wait(game_id, secret, lambda v: v["phase"] == "exchange")
    assert view["moves_this_year"] == 4
    expect(anna.locator(".board [data-square=g7] .piece")).to_have_count(0)

    # The session: Boris buys 6 of firm 1 from the State's privatization; the marked-up
    # player sells 2 of firm 3 to Anna; Anna leaves an order resting.
    place_order(boris, "p2", 1, "buy", 6, 10)
    expect(boris.locator("[data-role=reserve]")).to_contain_text("60")
    place_order(mark, "p3", 3, "sell", 2, 9)
    place_order(anna, "p1", 3, "buy", 2, 9)
    place_order(anna, "p1", 5, "buy", 1, 5)
    view = api.wait(game_id, secret, lambda v: sum(e["type"] == "trade" for e in v["events"]) >= 2)
    trades = [e for e in view["events"] if e["type"] == "trade"]
    assert {(t["buyer"], t["seller"], t["qty"], t["price"]) for t in trades} == {
        ("p2", "state", 6, 10),
        ("p1", "p3", 2, 9),
    }
    expect(projector.locator("[data-role=tape] li")).to_have_count(2)
    expect(anna.locator("[data-role=open-orders]")).to_contain_text("5")
    shot(boris, "player-session", full_page=True)
    shot(host, "host-session")

    # Reconnect: close Anna's page, open her link again: same seat, same state.
    link = anna.url
    before = anna.locator("[data-panel=accounts]").text_content() or ""
    orders_before = anna.locator("[data-role=open-orders]").text_content() or ""
    context = anna.context
    anna.close()
    anna = context.new_page()
    watch(anna)
    anna.goto(link)
    expect(anna.locator("[data-panel=accounts] .x-card").first).to_be_visible()
    expect(anna.locator("[data-panel=accounts]")).to_have_text(before)
    expect(anna.locator("[data-role=open-orders]")).to_have_text(orders_before)
    assert "Anna" in anna.locator(".topbar").inner_text()

    # Boris holds 6 of firm 1: he calls a meeting; the host ends the session.
    boris.click("[data-action=call-meeting][data-firm='1']")
    api.wait(game_id, secret, lambda v: bool(v["meetings"]["calls"]))
    host.click("[data-action=end-phase]")
    api.wait(game_id, secret, lambda v: v["phase"] == "meetings")
    meeting = boris.locator("[data-meeting='1']")
    meeting.locator("select[name=nominee-1]").select_option("p2")
    meeting.locator("[data-action=nominate]").click()
    api.wait(game_id, secret, lambda v: "p2" in v["meetings"]["candidates"]["1"])
    meeting = boris.locator("[data-meeting='1']")
    meeting.locator("select[name=vote-1-p2]").select_option("p2")
    meeting.locator("[data-action=vote][data-holder=p2]").click()
    expect(boris.locator("[data-meeting='1'] .pill.good")).to_contain_text("Boris")
    mine = anna.locator("[data-meeting='1']")
    expect(mine.locator("select[name=vote-1-p1] option[value=p2]")).to_have_count(1)
    mine.locator("select[name=vote-1-p1]").select_option("p1")
    mine.locator("[data-action=vote][data-holder=p1]").click()
    expect(anna.locator("[data-meeting='1'] .pill.good")).to_contain_text("Anna")
    shot(boris, "player-meeting")
    host.click("[data-action=end-phase]")

    # Boris (6 votes) replaces Anna (5) as firm 1's director; one year, so the game ends.
    view = api.wait(game_id, secret, lambda v: v["phase"] == "ended")
    closed = next(e for e in view["events"] if e["type"] == "meeting_closed" and e["firm"] == 1)
    assert (closed["previous"], closed["director"]) == ("p1", "p2")
    assert view["firms"]["1"]["director"] == "p2"
    expect(projector.locator("[data-role=outcomes]")).to_contain_text("new director Boris")
    expect(host.locator("[data-role=ended]")).to_be_visible()
    shot(host, "host-ended")

    # Results: rankings, charts, the reveal, downloads, replay.
    host.click("[data-role=ended] a")
    host.wait_for_url(re.compile(r"/results/"))
    expect(host.locator("table.podium tbody tr")).to_have_count(4)
    expect(host.locator("[data-panel=reveal]")).to_contain_text("Boris")
    with host.expect_download() as pdn:
        host.click("[data-action=pdn]")
    text = Path(pdn.value.path()).read_text(encoding="utf-8")
    assert "c3xe5xg7" in text and '[GameType "25"]' in text
    with host.expect_download() as trades_csv:
        host.click("[data-action=trades]")
    rows = Path(trades_csv.value.path()).read_text(encoding="utf-8-sig").splitlines()
    assert rows[0] == "time,year,stock,quantity,price,buyer,seller" and len(rows) == 3
    assert any(row.endswith(",Firm 1,6,10,Boris,The State") for row in rows[1:]), rows
    with host.expect_download() as ledger_csv:
        host.click("[data-action=ledger]")
    ledger = Path(ledger_csv.value.path()).read_text(encoding="utf-8-sig").splitlines()
    assert ledger[0] == "time,year,event,from,to,asset,amount,note"
    assert any(",capture reward,The market,Firm 1,cash,20," in row for row in ledger), ledger
    shot(host, "results", full_page=True)
    slider = host.locator("input[name=replay]")
    set_range(slider, 0)
    expect(host.locator("[data-role=replay-caption]")).to_contain_text("start position")
    expect(host.locator("[data-panel=replay] [data-square=c3] .piece")).to_have_count(1)
    set_range(slider, 3)
    expect(host.locator("[data-role=replay-caption]")).to_contain_text("c3:e5:g7")
    host.locator("[data-panel=replay]").scroll_into_view_if_needed()
    shot(host, "replay")

    # Player screens see the public results; markup stayed text everywhere.
    mark.click("[data-role=ended] a")
    mark.wait_for_url(re.compile(r"/results/"))
    expect(mark.locator("table.podium")).to_contain_text(XSS)
    for page in (host, anna, boris, mark, projector):
        no_markup_ran(page)
        assert errors_of(page) == [], errors_of(page)
    final: Json = api.view(game_id, secret)["view"]
    assert final["results"]["players"][0]["name"] in PLAYERS
