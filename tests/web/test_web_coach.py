"""The coach's review in real browsers: a pupil's phone (390×844, then 360×740) opens the
review of a finished game from the results page — the coach thinks, then the graph with the
mistake marked, the better move on the board, the sentence in Russian; stepping through the
moves — and the wall (1280×720) shows the same review on the projector's seat."""

from __future__ import annotations

import re

import pytest
from phone_checks import wall_problems
from playwright.sync_api import Browser, expect
from web_support import Api, Server, errors_of, new_page, shot

from boardroom.bots.board import BoardRobot
from boardroom.draughts import Board
from boardroom.kernel import Json

pytestmark = pytest.mark.slow
FEN = "W:Wc3,h2,a1,e1,a3,g1:Bd4,f6,g3,b8,h8,d8,a7,c7"
PHONE: Json = {"has_touch": True, "is_mobile": True, "locale": "ru-RU"}


def game_moves() -> list[str]:
    """h2:f4 (one man, where c3:e5:g7 took two), then two club robots for 20 plies."""
    board = Board(FEN)
    board.push_notation("h2:f4")
    robot = BoardRobot("club", seed=3)
    while len(board.move_stack) < 21 and board.outcome() is None:
        board.push(robot.choose(board, budget_nodes=800))
    return [str(move) for move in board.move_stack]


def finished_game(api: Api) -> tuple[str, str]:
    setup = {"game": "russian", "fen": FEN, "white": {"name": "Аня"}, "black": {"name": "Борис"}}
    game = api.create("russian", setup)
    gid = game["game_id"]
    secrets = {side: api.join(game, name, side)["secret"] for side, name in setup_names()}
    api.ok(gid, game["host_secret"], {"type": "start"})
    moves = game_moves()
    for ply, move in enumerate(moves):
        api.ok(gid, secrets[("white", "black")[ply % 2]], {"type": "move", "move": move})
    if api.view(gid, secrets["white"])["view"]["phase"] != "ended":
        api.ok(gid, secrets[("white", "black")[len(moves) % 2]], {"type": "resign"})
    return gid, secrets["white"]


def setup_names() -> list[tuple[str, str]]:
    return [("white", "Аня"), ("black", "Борис")]


def test_the_coach_on_the_phone_and_the_wall(browser: Browser, server: Server, api: Api) -> None:
    gid, secret = finished_game(api)
    _, phone = new_page(browser, viewport={"width": 390, "height": 844}, **PHONE)
    phone.goto(f"{server.url}/results/{gid}#secret={secret}")
    phone.click("a[data-action=coach]")
    phone.wait_for_url(re.compile(r"/coach/"))
    lead = phone.locator("[data-role=coach-first-hint]")
    expect(lead).to_contain_text("Здесь можно было взять две шашки: c3:e5:g7.", timeout=120_000)
    expect(lead).to_contain_text("Ход 1, Аня")
    mistake = phone.locator(".coach-chart circle[data-label=mistake][data-ply='0']")
    expect(mistake).to_have_count(1)
    board = phone.locator("main")
    expect(board.locator(".sq.route")).to_have_count(3)  # c3, e5, g7: the better move
    for square in ("c3", "e5", "g7"):
        expect(board.locator(f".sq.route[data-square={square}]")).to_have_count(1)
    expect(board.locator("[data-role=coach-sentence]")).to_have_text(
        "Здесь можно было взять две шашки: c3:e5:g7."
    )
    expect(board.locator(".coach-label")).to_have_text("ошибка")
    expect(board.locator("[data-role=coach-better]")).to_contain_text("c3:e5:g7")
    shot(phone, "coach-phone-390")
    shot(phone, "coach-phone-390-full", full_page=True)

    phone.click("[data-action=coach-next]")
    expect(board.locator("[data-role=coach-caption] b")).to_contain_text("1. Борис")
    phone.click("[data-action=coach-prev]")
    expect(board.locator(".sq.route")).to_have_count(3)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.set_viewport_size({"width": 360, "height": 740})
    expect(board.locator(".sq.route")).to_have_count(3)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    shot(phone, "coach-phone-360")
    assert errors_of(phone) == []

    _, wall = new_page(browser, viewport={"width": 1280, "height": 720}, locale="ru-RU")
    wall.goto(f"{server.url}/coach/{gid}#role=projector")
    expect(wall.locator("[data-role=coach-first-hint]")).to_contain_text("c3:e5:g7")
    expect(wall.locator("body.projector")).to_have_count(1)
    expect(wall.locator(".coach-chart circle[data-label=mistake]").first).to_be_visible()
    expect(wall.locator(".sq.route")).to_have_count(3)
    expect(wall.locator("[data-role=coach-summary]")).to_be_visible()
    # nobody scrolls a projector: the page fits and no box on it scrolls
    assert wall.evaluate("document.documentElement.scrollHeight") <= 720
    scrolling = wall.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.scrollHeight > e.clientHeight + 1"
        " && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY)).length"
    )
    assert scrolling == 0
    shot(wall, "coach-wall-1280")
    # the shared checks of every wall, at both wall sizes
    key = ["[data-panel=coach-board] .board", "[data-panel=coach-words]"]
    key += ["[data-panel=coach-graph]"]
    problems = [f"1280: {p}" for p in wall_problems(wall, key)]
    wall.set_viewport_size({"width": 1920, "height": 1080})
    wall.wait_for_timeout(300)
    problems += [f"1920: {p}" for p in wall_problems(wall, key)]
    shot(wall, "coach-wall-1920")
    assert problems == [], "\n".join(problems)
    assert errors_of(wall) == []


def test_before_the_end_the_coach_page_says_so(browser: Browser, server: Server, api: Api) -> None:
    game = api.create("russian", {"game": "russian", "white": {"name": "Аня"}})
    secret = api.join(game, "Аня", "white")["secret"]
    _, phone = new_page(browser, viewport={"width": 390, "height": 844}, **PHONE)
    phone.goto(f"{server.url}/coach/{game['game_id']}#secret={secret}")
    expect(phone.locator(".banner.bad")).to_have_text("Разбор будет, когда партия закончится.")
    assert errors_of(phone) == []
