"""Russian draughts in real browsers: the host creates a game on the start page with the
robot (beginner) playing black; a pupil joins by code on a phone, plays a few moves by
clicking the board against the robot, then resigns; the results page shows who won and
why, and the PDN downloaded holds the names, the moves and the result."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from web_support import Api, Server, click_move, created_game, errors_of, new_page, shot

from boardroom.draughts import pdn
from boardroom.kernel import Json

pytestmark = pytest.mark.slow


def replied(plies: int) -> Callable[[Json], bool]:
    """The robot has answered: the game has this many plies."""
    return lambda view: len(view["moves"]) >= plies


def test_a_pupil_plays_the_robot_and_resigns(browser: Browser, server: Server, api: Api) -> None:
    _, host = new_page(browser, viewport={"width": 1280, "height": 720})
    host.goto(server.url + "/")
    host.check("input[name=game][value=russian]")
    host.fill("input[name=white-name]", "Anna")
    host.fill("input[name=black-name]", "Robot Vasya")
    host.select_option("select[name=black-player]", "beginner")
    host.fill("input[name=rd-minutes]", "5")
    host.click("button[type=submit]:has-text('Create the game')")
    game_id, secret = created_game(host)
    code = host.locator("[data-role=code]").inner_text()
    expect(host.locator("[data-seat=black]")).to_contain_text("Robot")

    _, pupil = new_page(browser, viewport={"width": 390, "height": 844})
    pupil.goto(f"{server.url}/join/{code}")
    expect(pupil.locator("button[data-role=black]")).to_be_disabled()  # the robot's seat
    pupil.click("button[data-role=white]")
    expect(pupil.locator("input[name=name]")).to_have_value("Anna")
    pupil.click("button[type=submit]")
    pupil.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    _, projector = new_page(browser, viewport={"width": 1920, "height": 1080})
    projector.goto(f"{server.url}/play/{game_id}#role=projector")
    # Before the start the wall shows the shared lobby (code, QR, names); the board after.
    expect(projector.locator("[data-panel=wall-lobby] .wall-code")).to_be_visible()

    host.click("[data-action=start]")
    expect(projector.locator("[data-panel=board] .board")).to_be_visible()
    expect(pupil.locator("[data-role=to-move]")).to_contain_text("Your move")
    expect(pupil.locator("[data-clock=white] [data-role=time]")).to_have_text(re.compile(r"^[45]:"))
    expect(pupil.locator("[data-action=offer-draw]")).to_be_visible()

    played: list[str] = []
    for turn in range(3):
        view = api.wait(game_id, secret, lambda v: v["to_move"] == "white")
        move = "c3-d4" if turn == 0 else view["legal_moves"][0]
        click_move(pupil, move)
        played.append(move)
        view = api.wait(game_id, secret, replied(2 * len(played)))
        assert view["moves"][2 * turn] == move.replace("x", ":")
    expect(projector.locator("[data-role=moves] tbody tr")).to_have_count(3)
    first = projector.locator("[data-role=moves] tbody tr").first
    expect(first).to_contain_text("c3-d4")
    expect(pupil.locator("[data-role=moves] thead")).to_contain_text("Robot Vasya")
    shot(pupil, "russian-pupil-390")
    shot(host, "russian-host-1280")
    shot(projector, "russian-projector-1920")

    pupil.click("[data-action=resign]")
    expect(pupil.locator("[data-role=ended]")).to_contain_text("Robot Vasya (black) wins")
    expect(pupil.locator("[data-role=ended]")).to_contain_text("the opponent resigned")
    expect(projector.locator("[data-role=to-move]")).to_contain_text("Robot Vasya (black) wins")

    pupil.click("[data-role=ended] a")
    pupil.wait_for_url(re.compile(r"/results/"))
    expect(pupil.locator("[data-role=winner]")).to_contain_text("Robot Vasya (black) wins")
    expect(pupil.locator("[data-role=moves-count]")).to_contain_text("6")
    with pupil.expect_download() as download:
        pupil.click("[data-action=pdn]")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    (game,) = pdn.read(text)
    assert game.headers["White"] == "Anna" and game.headers["Black"] == "Robot Vasya"
    assert game.result == "0-2" and game.headers["Termination"] == "resigned"
    assert [m.replace("x", ":") for m in game.moves[::2]] == [m.replace("x", ":") for m in played]
    assert len(game.board().move_stack) == 6  # every move replays on the engine
    expect(pupil.locator("[data-role=replay-caption]")).to_contain_text("Robot Vasya (black) wins")
    shot(pupil, "russian-results-390", full_page=True)
    for page in (host, pupil, projector):
        assert errors_of(page) == []


def test_the_pages_speak_russian(browser: Browser, server: Server, api: Api) -> None:
    made = api.create("russian", {"game": "russian", "white": {"name": "Аня"}})
    seat = api.join(made, "Аня", "white")
    _, page = new_page(browser, locale="ru-RU", viewport={"width": 1280, "height": 720})
    page.goto(f"{server.url}/play/{made['game_id']}#secret={seat['secret']}")
    expect(page.locator("[data-role=to-move]")).to_have_text("Ожидание начала")
    api.ok(made["game_id"], made["host_secret"], {"type": "start"})
    expect(page.locator("[data-role=to-move]")).to_contain_text("Ход: Аня (белые)")
    expect(page.locator("[data-action=resign]")).to_have_text("Сдаться")
    expect(page.locator("[data-clock=black]")).to_contain_text("Чёрные")  # nobody named
    shot(page, "russian-player-ru-1280")
    assert errors_of(page) == []
