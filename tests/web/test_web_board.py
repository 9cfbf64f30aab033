"""The board for every student, in a real browser: a two-jump capture played with the keyboard
alone (5 key presses from the top of the page; the test adds two arrows) and by typing it in
Russian notation, the focus on the board after each; the squares named with their state in
Russian; the page's one live region saying a move once and a countdown only at its thresholds."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Json, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow

# White's one legal move is the capture c3:e5:g7 (a1 may not move: capturing is compulsory).
CAPTURE = "W:Wa1,c3:Bd4,f6,h8"
RU = {"locale": "ru-RU", "viewport": {"width": 1280, "height": 720}}
# Every text the page's live region is given, in order (it is made by announce.js on first use).
RECORD_SAID = """
window.__said = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target.dataset && r.target.dataset.role === "announcer" && r.addedNodes.length)
      window.__said.push(r.target.textContent);
  }
}).observe(document, { childList: true, subtree: true });
"""


def game_from(api: Api, fen: str, minutes: float = 5) -> tuple[Json, Json, Json]:
    """A started game from ``fen`` with Аня (white) and Борис (black) seated."""
    setup = {
        "game": "russian",
        "fen": fen,
        "white": {"name": "Аня"},
        "black": {"name": "Борис"},
        "ruleset": {"minutes": minutes},
    }
    game = api.create("russian", setup)
    white = api.join(game, "Аня", "white")
    black = api.join(game, "Борис", "black")
    return game, white, black


def open_seat(browser: Browser, server: Server, game: Json, seat: Json) -> Page:
    _, page = new_page(browser, **RU)
    page.add_init_script(RECORD_SAID)
    page.goto(f"{server.url}/play/{game['game_id']}#secret={seat['secret']}")
    expect(page.locator("[data-panel=board] .board")).to_be_visible()
    return page


def focused_square(page: Page) -> str | None:
    square: str | None = page.evaluate(
        "() => { const el = document.activeElement;"
        " return el.closest('.board') ? el.dataset.square : null; }"
    )
    return square


def label(page: Page, square: str) -> str:
    return page.locator(f".board [data-square={square}]").get_attribute("aria-label") or ""


def test_a_capture_by_keyboard_alone(browser: Browser, server: Server, api: Api) -> None:
    game, white, _ = game_from(api, CAPTURE)
    page = open_seat(browser, server, game, white)
    api.ok(game["game_id"], game["host_secret"], {"type": "start"})
    board = page.locator("[data-panel=board] .board.interactive")
    expect(board).to_have_attribute("data-legal", "c3:e5:g7")
    # one Tab stop for the whole board, on the piece that can move
    assert page.locator(".board [tabindex='0']").count() == 1
    assert page.locator(".board [role=row]").count() == 8
    keys = ["Tab", "Enter"]  # the skip link, "К доске": the focus is on the board
    for key in keys:
        page.keyboard.press(key)
    assert focused_square(page) == "c3"
    assert label(page, "c3") == "c3, ваша шашка"
    page.keyboard.press("Enter")  # pick c3: the focus goes on to its landing square
    keys.append("Enter")
    assert label(page, "c3") == "c3, ваша шашка, выбрана"
    assert focused_square(page) == "e5" and label(page, "e5") == "e5, можно пойти"
    # arrows walk the squares (on screen: up is towards black); back to e5
    for key in ("ArrowUp", "ArrowDown"):
        page.keyboard.press(key)
        keys.append(key)
    assert focused_square(page) == "e5"
    page.keyboard.press("Enter")  # hop to e5; the capture goes on to g7
    assert label(page, "d4") == "d4, чёрная шашка, взята"
    assert focused_square(page) == "g7" and label(page, "g7") == "g7, можно пойти"
    page.keyboard.press("Enter")  # land on g7: the move is sent
    keys += ["Enter", "Enter"]
    assert len(keys) <= 8, keys
    view = api.wait(game["game_id"], white["secret"], lambda v: bool(v["moves"]))
    assert view["moves"] == ["c3:e5:g7"]
    expect(page.locator(".board [data-square=g7]")).to_have_attribute(
        "aria-label", re.compile(r"^g7, белая шашка.*последний ход$")
    )
    assert focused_square(page) == "g7"  # still on the board after the new view
    expect(page.locator(".board.interactive")).to_have_count(0)
    assert page.locator(".board [tabindex='0']").count() == 1
    page.keyboard.press("ArrowLeft")
    assert focused_square(page) == "f7"
    shot(page, "board-keyboard-ru-1280")
    assert errors_of(page) == []


def test_a_capture_typed_in_russian_notation(browser: Browser, server: Server, api: Api) -> None:
    game, white, _ = game_from(api, CAPTURE)
    page = open_seat(browser, server, game, white)
    api.ok(game["game_id"], game["host_secret"], {"type": "start"})
    expect(page.locator("[data-role=legal-moves] button")).to_have_text(["c3:e5:g7"])
    field = page.get_by_label("Ход текстом")
    field.fill("c3-d4")
    field.press("Enter")
    expect(page.locator("[data-role=move-said]")).to_have_text(
        "Хода c3-d4 сейчас нет. Возможные ходы: c3:e5:g7."
    )
    field.fill("c3-b5-d6")
    field.press("Enter")
    expect(page.locator("[data-role=move-said]")).to_contain_text("Хода c3-b5-d6 сейчас нет")
    field.fill("С3 х G7")  # Cyrillic С and х, shortened: names c3:e5:g7 alone
    field.press("Enter")
    view = api.wait(game["game_id"], white["secret"], lambda v: bool(v["moves"]))
    assert view["moves"] == ["c3:e5:g7"]
    expect(page.locator(".board [data-square=g7]")).to_have_attribute(
        "aria-label", re.compile("последний ход")
    )
    assert focused_square(page) == "g7"
    expect(page.locator("[data-role=move-entry]")).to_be_hidden()  # not Аня's move now
    page.locator(".board-text summary").click()
    expect(page.locator("[data-role=fen]")).to_have_text("B:Wa1,g7:Bh8")
    expect(page.locator("[data-role=position-words]")).to_contain_text("Белые, 2 шашки: a1; g7")
    assert errors_of(page) == []


def said(page: Page) -> list[str]:
    texts: list[str] = page.evaluate("() => window.__said")
    return texts


def test_the_live_region_says_a_move_once_and_a_clock_at_thresholds(
    browser: Browser, server: Server, api: Api
) -> None:
    game, white, black = game_from(api, "W:Wc3,a1:Bh8,f8", minutes=0.25)
    page = open_seat(browser, server, game, white)
    api.ok(game["game_id"], game["host_secret"], {"type": "start"})
    expect(page.locator(".board.interactive")).to_be_visible()
    page.locator(".board [data-square=c3]").click()
    page.locator(".board [data-square=d4]").click()
    api.wait(game["game_id"], white["secret"], lambda v: v["moves"] == ["c3-d4"])
    # Борис's 15 s run down: he is told at 10 s, never at 14, 13, 12…
    page.wait_for_function(
        "() => window.__said.some((s) => s.startsWith('Борис (чёрные): осталось 10'))"
    )
    api.ok(game["game_id"], black["secret"], {"type": "move", "move": "h8-g7"})
    page.wait_for_function("() => window.__said.some((s) => s.includes('h8-g7'))")
    texts = said(page)
    assert sum("c3-d4" in text for text in texts) == 1, texts
    assert sum("h8-g7" in text for text in texts) == 1, texts
    first = next(text for text in texts if "c3-d4" in text)
    assert first == "Последний ход: c3-d4. Ход: Борис (чёрные)", texts
    clocks = [text for text in texts if "осталось" in text]
    assert clocks and all(re.search(r"осталось (60|30|10)\u00a0с$", text) for text in clocks), texts
    assert len(clocks) == len(set(clocks)), texts
    assert page.locator("[aria-live]").count() == 1  # the rest of the page is not live

    # The same watcher every page's clocks use, over a 75 s countdown ticking 4 times a second.
    spoken = page.evaluate(
        """async () => {
          const { countdownVoice } = await import("/static/js/announce.js");
          const out = [];
          const voice = countdownVoice((s) => { out.push(s); return `${s}`; });
          for (let left = 75; left >= 0; left -= 0.25) voice.watch(left);
          voice.watch(null);
          for (let left = 20; left >= 0; left -= 0.25) voice.watch(left);  // a new deadline
          return out;
        }"""
    )
    assert spoken == [60, 30, 10, 10]
    assert errors_of(page) == []
