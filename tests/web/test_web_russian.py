"""Russian draughts in real browsers: the host creates a game on the start page with the
robot (beginner) playing black; a pupil joins by code on a phone, plays a few moves by
clicking the board against the robot, then resigns; the results page shows who won and
why, and the PDN downloaded holds the names, the moves and the result."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import (
    Api,
    Server,
    click_move,
    created_game,
    errors_of,
    new_page,
    new_phone,
    shot,
)

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
    pupil.click("[data-action=resign-confirm]")
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


def test_resigning_asks_first(browser: Browser, server: Server, api: Api) -> None:
    """One tap on «Сдаться» asks in the page (no browser dialog); «Нет» changes nothing, «Да»
    resigns."""
    made = api.create("russian", {"game": "russian", "white": {"name": "Аня"}})
    seat = api.join(made, "Аня", "white")
    page = new_phone(browser)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: dialogs.append(dialog.message))
    page.goto(f"{server.url}/play/{made['game_id']}#secret={seat['secret']}")
    api.ok(made["game_id"], made["host_secret"], {"type": "start"})
    box = page.locator("[data-role=resign-confirm]")
    expect(page.locator("[data-action=resign]")).to_have_text("Сдаться")
    expect(box).to_be_hidden()
    page.click("[data-action=resign]")
    expect(box).to_be_visible()
    expect(box).to_contain_text("Сдаться в этой партии?")
    expect(box.locator("[data-action=resign-cancel]")).to_be_focused()  # a stray Enter keeps on
    shot(page, "russian-resign-confirm-390")
    before = api.view(made["game_id"], seat["secret"])
    page.click("[data-action=resign-cancel]")
    expect(box).to_be_hidden()
    after = api.view(made["game_id"], seat["secret"])
    assert after["version"] == before["version"] and after["view"]["phase"] == "play"
    page.click("[data-action=resign]")
    page.click("[data-action=resign-confirm]")
    expect(page.locator("[data-role=ended]")).to_contain_text("соперник сдался")
    assert api.view(made["game_id"], seat["secret"])["view"]["winner"] == "black"
    assert dialogs == [] and errors_of(page) == []


# --- a class's game: the pupils' own names, both clocks in the first screen -----------------------

ALEXANDRA, KONSTANTIN = "Александра Константинопольская", "Константин Константинопольский"
FIRST_SCREEN = """() => {
  const inside = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
      && r.right <= innerWidth; };
  const clocks = [...document.querySelectorAll('[data-clock]')].filter((el) => el.offsetParent);
  const wider = [...document.querySelectorAll('body, body *')].filter((el) => (el.offsetParent
      || el === document.body) && !el.closest('.sr-only'))
    .filter((el) => el.scrollWidth > innerWidth + 0.5
      || el.getBoundingClientRect().right > innerWidth + 0.5)
    .slice(0, 4).map((el) => `${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth}`);
  const small = [...document.querySelectorAll('main button, main a.button, main input, main select,'
      + ' main summary, .board .sq')].filter((el) => el.offsetParent)
    .map((el) => [el, el.getBoundingClientRect()]).filter(([, r]) => r.width < 44 || r.height < 44)
    .slice(0, 8)
    .map(([el, r]) => `${el.tagName.toLowerCase()}.${el.className} ${r.width}×${r.height}`);
  return { scrolled: scrollY, clocks: clocks.length,
    outside: clocks.filter((el) => !inside(el)).length, wider, small };
}"""
CONTRAST = """(el) => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  let ground = el;
  const clear = (e) => getComputedStyle(e).backgroundColor === 'rgba(0, 0, 0, 0)';
  while (clear(ground)) ground = ground.parentElement;
  const [a, b] = [lum(getComputedStyle(el).color), lum(getComputedStyle(ground).backgroundColor)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""
PHONES = {"390": (390, 844), "360": (360, 740)}


def fits(page: Page, where: str, *, phone: bool) -> list[str]:
    """Both clocks inside the first screen, nothing wider than it, 44-px targets on a phone."""
    page.evaluate("window.scrollTo(0, 0)")
    found: Json = page.evaluate(FIRST_SCREEN)
    problems = [f"{where}: {found['clocks']} clocks shown"] if found["clocks"] != 2 else []
    problems += [f"{where}: a clock below the first screen"] if found["outside"] else []
    problems += [f"{where}: wider than the screen: {w}" for w in found["wider"]]
    return problems + [f"{where}: small target {s}" for s in found["small"] if phone]


def joins(browser: Browser, server: Server, code: str, side: str, name: str, size: str) -> Page:
    """A pupil on a phone joins by the code: picks the side, types their name, takes the seat."""
    width, height = PHONES[size]
    options = {"viewport": {"width": width, "height": height}, "has_touch": True, "is_mobile": True}
    _, page = new_page(browser, locale="ru-RU", **options)
    page.goto(f"{server.url}/join/{code}")
    page.click(f"button[data-role={side}]")
    page.fill("input[name=name]", name)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    return page


def test_the_pupils_names_and_both_clocks_in_the_first_screen(
    browser: Browser, server: Server, api: Api
) -> None:
    # the host's setup names white with a placeholder; the pupils' typed names replace it
    setup = {"game": "russian", "white": {"name": "Ученик"}, "ruleset": {"minutes": 5}}
    made = api.create("russian", setup)
    game_id, host = made["game_id"], made["host_secret"]
    white = joins(browser, server, made["code"], "white", ALEXANDRA, "390")
    black = joins(browser, server, made["code"], "black", KONSTANTIN, "360")
    players = api.view(game_id, host)["view"]["players"]
    assert [players[side]["name"] for side in ("white", "black")] == [ALEXANDRA, KONSTANTIN]
    _, wall = new_page(browser, locale="ru-RU", viewport={"width": 1280, "height": 720})
    wall.goto(f"{server.url}/play/{game_id}#role=projector")
    expect(wall.locator("[data-panel=wall-lobby]")).to_contain_text(ALEXANDRA)
    _, laptop = new_page(browser, locale="ru-RU", viewport={"width": 1280, "height": 720})
    laptop.goto(white.url)
    api.ok(game_id, host, {"type": "start"})
    for page in (white, black, wall, laptop):
        expect(page.locator("[data-clock=white]")).to_contain_text(ALEXANDRA)
        expect(page.locator("[data-clock=black]")).to_contain_text(KONSTANTIN)
        expect(page.locator("[data-role=to-move]")).to_contain_text(f"Ход: {ALEXANDRA} (белые)")
    expect(white.locator("[data-clock=white]")).to_contain_text("вы")
    click_move(white, "c3-d4")
    expect(black.locator("[data-role=moves] thead")).to_contain_text(ALEXANDRA)
    expect(wall.locator("[data-role=moves] tbody tr")).to_have_count(1)

    problems = fits(white, "phone 390×844", phone=True) + fits(black, "phone 360×740", phone=True)
    problems += fits(laptop, "laptop 1280×720", phone=False) + fits(
        wall, "wall 1280×720", phone=False
    )
    shot(white, "russian-phone-390")
    shot(black, "russian-phone-360")
    shot(laptop, "russian-laptop-1280")
    shot(wall, "russian-wall-1280")
    wall.set_viewport_size({"width": 1920, "height": 1080})
    wall.wait_for_timeout(150)
    problems += fits(wall, "wall 1920×1080", phone=False)
    shot(wall, "russian-wall-1920")

    api.ok(game_id, host, {"type": "end_game"})
    for page in (white, wall):
        expect(page.locator("[data-role=ended]")).to_contain_text("Ничья")
        text = page.locator("[data-role=ended-text]")
        assert text.evaluate(CONTRAST) >= 4.5, page.url
    shot(wall, "russian-wall-end-1920")
    white.click("[data-role=ended] a")
    white.wait_for_url(re.compile(r"/results/"))
    rows = white.locator("main table").first
    expect(rows).to_contain_text(ALEXANDRA)
    expect(rows).to_contain_text(KONSTANTIN)
    shot(white, "russian-results-phone-390")
    for page in (white, black, wall, laptop):
        assert errors_of(page) == []
    assert problems == [], "\n".join(problems)
