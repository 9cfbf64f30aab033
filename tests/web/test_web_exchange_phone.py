"""The Exchange player's phone, task first, through a whole year in Russian with long names:
Alexandra at 390×844 and Konstantin at 360×740 in the same game. At the start of each task
(wait, trade, move, vote) its element is inside the first screen without scrolling; nothing
is wider than the screen (no box scrolls sideways, a scroll box included); no internal id is
shown; no word is broken across lines (a long surname included); notices that no longer
apply are gone (the fill report of an order that expired, the ballot after the meetings closed,
a refusal after the next change). The turn banner is up in the first animation frame after the
view that calls the pupil's firm, and the phone was asked to vibrate.
Screenshots: x-phone-TASK-SIZE.png."""

from __future__ import annotations

import re
import time

import pytest
from phone_checks import (
    broken_words,
    first_screen_problem,
    ids_shown,
    small_targets,
    wider_than_screen,
)
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Json, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow

NAMES = [
    "Александра Константинопольская",
    "Константин Преображенский-Соколов",
    "Анна Ивановна Петрова",
    "Борис Борисович Александровский",
]
SIZES = {"p1": (390, 844), "p2": (360, 740)}
#: Spies: navigator.vibrate, and whether the turn banner is up in the first animation frame
#: after a view frame that offers the pupil a move.
SPY = """
window.__vibrate = [];
window.__hide = false;  // the page "in the background" when a test says so
Object.defineProperty(Document.prototype, 'hidden', { get: () => window.__hide });
navigator.vibrate = (pattern) => { window.__vibrate.push(pattern); return true; };
window.__banner = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (message) => {
      let frame;
      try { frame = JSON.parse(message.data); } catch { return; }
      if (frame.type !== 'view' || !(frame.actions || {}).move) return;
      requestAnimationFrame(() => {
        const banner = document.querySelector('[data-role=turn-banner]');
        const r = banner ? banner.getBoundingClientRect() : null;
        window.__banner.push(Boolean(r && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight));
      });
    });
  }
};
"""

#: The page seen again (the tab comes to the front).
SHOW = "window.__hide = false; document.dispatchEvent(new Event('visibilitychange'))"

TASK_ELEMENT = {
    "wait": "[data-role=task]",
    "market": "[data-role=order-form]",
    "move": "[data-panel=board] .board",
    "vote": "[data-meeting] [data-ballot]",
    "portfolio": "[data-panel=accounts] .x-card",
}


def phone(browser: Browser, server: Server, gid: str, secret: str, role: str) -> Page:
    width, height = SIZES[role]
    options = {"viewport": {"width": width, "height": height}, "has_touch": True, "is_mobile": True}
    _, page = new_page(browser, locale="ru-RU", **options)
    page.add_init_script(SPY)
    page.goto(f"{server.url}/play/{gid}#secret={secret}")
    expect(page.locator("main.x-player")).to_be_visible()
    return page


def problems(page: Page, task: str, step: str, shown: str = "") -> list[str]:
    """What is wrong on this phone now that ``task`` begins (nothing, if all is well); the
    element checked in the first screen is the task's, or that of the tab ``shown``."""
    expect(page.locator(f"main.x-player[data-task={task}]")).to_be_attached(timeout=15000)
    page.wait_for_timeout(150)
    where = f"{step}@{page.viewport_size['width'] if page.viewport_size else '?'}"
    first = first_screen_problem(page.locator(TASK_ELEMENT[shown or task]).first)
    found = [f"{where}: {TASK_ELEMENT[shown or task]}: {first}"] if first else []
    found += [f"{where}: wider: {x}" for x in wider_than_screen(page)]
    found += [f"{where}: broken word: {x}" for x in broken_words(page, "body")]
    found += [f"{where}: small target: {x}" for x in small_targets(page, "main.x-player")]
    found += [f"{where}: id shown: «{x}»" for x in ids_shown(page)]
    return found


def test_a_whole_year_on_two_phones(browser: Browser, server: Server, api: Api) -> None:
    setup: Json = {
        "game": "exchange",
        "seed": 11,
        "ruleset": {
            "preset": "classroom",
            "years": 1,
            "moves_per_year": 4,
            "move_min_s": 0,
            "meeting_call_min_shares": 2,
        },
        "players": [{"id": f"p{i}", "name": name} for i, name in enumerate(NAMES, start=1)],
    }
    game = api.create("exchange", setup)
    gid, host = game["game_id"], game["host_secret"]
    seats = {
        f"p{i}": api.join(game["code"], name, f"p{i}")["secret"] for i, name in enumerate(NAMES, 1)
    }
    pages = {role: phone(browser, server, gid, seats[role], role) for role in SIZES}
    anna, kostya = pages["p1"], pages["p2"]
    found: list[str] = []

    def go(command: Json, secret: str = host) -> None:
        api.ok(gid, secret, command)

    def every(task: str, step: str, roles: tuple[str, ...] = ("p1", "p2")) -> None:
        for role in roles:
            found.extend(problems(pages[role], task, step))

    every("wait", "before-start")
    expect(anna.locator("[data-role=task]")).to_contain_text("Игра скоро начнётся")
    go({"type": "start"})
    api.host_until(gid, host, lambda v: v["phase"] == "exchange" and not v["waiting_for_host"])
    every("market", "opening")
    for role, page in pages.items():
        shot(page, f"x-phone-market-{SIZES[role][0]}")

    # One tap for the quantity; the privatization fills it at once, and the report says so.
    anna.select_option("select[name=stock]", "3")
    anna.click("[data-qty='5']")
    anna.fill("input[name=price]", "12")
    anna.click("[data-role=order-form] button[type=submit]")
    expect(anna.locator("[data-role=fill-report]")).to_contain_text("Куплено 5 из 5")
    # A resting order: named in words, its «Снять» on the screen.
    anna.select_option("select[name=stock]", "6")
    anna.fill("input[name=qty]", "2")
    anna.fill("input[name=price]", "3")
    anna.click("[data-role=order-form] button[type=submit]")
    report = anna.locator("[data-role=fill-report]")
    expect(report).to_contain_text("ждёт в книге")
    resting = anna.locator("[data-role=open-orders] li")
    expect(resting).to_have_count(1)
    expect(resting).to_contain_text("купить 2 × Фирма 6 по 3")
    box = resting.locator("button").bounding_box()
    assert box and box["x"] + box["width"] <= 390 and box["height"] >= 44
    # A refused order: its sentence goes with the next change of the game.
    anna.select_option("select[name=side]", "sell")
    anna.select_option("select[name=stock]", "1")
    anna.fill("input[name=qty]", "3")
    anna.click("[data-role=order-form] button[type=submit]")
    refusal = anna.locator("[data-panel=orders] [role=alert]")
    expect(refusal).not_to_be_empty()
    go(
        {"type": "order", "account": "p2", "stock": 7, "side": "buy", "qty": 1, "price": 12},
        seats["p2"],
    )
    expect(refusal).to_be_empty()
    anna.select_option("select[name=side]", "buy")
    # A resting order that fills later: its report follows it («Куплено 1 из 1»).
    p3 = seats["p3"]
    go({"type": "order", "account": "p3", "stock": 8, "side": "buy", "qty": 10, "price": 12}, p3)
    anna.select_option("select[name=stock]", "8")
    anna.fill("input[name=qty]", "1")
    anna.fill("input[name=price]", "11")
    anna.click("[data-role=order-form] button[type=submit]")
    expect(report).to_contain_text("пока не исполнена")
    go({"type": "order", "account": "p3", "stock": 8, "side": "sell", "qty": 1, "price": 11}, p3)
    expect(report).to_have_text("Куплено 1 из 1 по 11.")
    # Her portfolio by name.
    anna.click("[data-tab=portfolio]")
    expect(anna.locator("[data-panel=accounts]")).to_contain_text("Фирма 3")
    expect(anna.locator("[data-panel=accounts]")).to_contain_text("5 акций")
    found += problems(anna, "market", "portfolio", "portfolio")
    shot(anna, "x-phone-portfolio-390")
    # The tabs by keyboard: arrows move along the bar, the pane follows.
    anna.focus("[data-tab=portfolio]")
    anna.keyboard.press("ArrowRight")
    expect(anna.locator("[data-tab=events]")).to_be_focused()
    expect(anna.locator("[data-tab=events]")).to_have_attribute("aria-selected", "true")
    expect(anna.locator("[data-panel=log]")).to_be_visible()
    expect(anna.locator("[data-panel=accounts]")).to_be_hidden()
    anna.keyboard.press("Home")
    expect(anna.locator("[data-tab=board]")).to_have_attribute("aria-selected", "true")
    kostya.click("[data-tab=portfolio]")
    shot(kostya, "x-phone-portfolio-360")

    # The session closes: the resting order expires, its report goes with it.
    go({"type": "end_phase"})
    expect(report).to_be_empty()
    expect(resting).to_have_count(0)
    every("wait", "session-closed")
    anna.evaluate("window.__hide = true")  # Alexandra's tab is in the background
    for page in pages.values():  # both read the market, scrolled down, when the board begins
        page.click("[data-tab=market]")
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        assert page.evaluate("scrollY") > 0
    api.host_until(gid, host, lambda v: v["phase"] == "board" and not v["waiting_for_host"])
    moved = {"p1": False, "p2": False}
    waited = set()
    for _ in range(40):
        view = api.view(gid, host)["view"]
        if view["phase"] != "board" or view["waiting_for_host"]:
            break
        call = view["on_call"]
        if not call:
            time.sleep(0.1)
            continue
        director = view["firms"][str(call["firm"])]["director"]
        if director in pages and not moved[director]:
            page = pages[director]
            found.extend(problems(page, "move", "on-call"))
            expect(page.locator("[data-role=turn-banner]")).to_contain_text(
                f"Ваш ход: Фирма {call['firm']}"
            )
            shot(page, f"x-phone-move-{SIZES[director][0]}")
            if director == "p1":  # the background tab's title flashes until she looks
                expect(anna).to_have_title(re.compile(r"^● Ваш ход!"))
                anna.evaluate(SHOW)
                expect(anna).not_to_have_title(re.compile("●"))
            moved[director] = True
        for role, page in pages.items():
            if role != director and role not in waited:
                found.extend(problems(page, "wait", "other-moves"))
                expect(page.locator("[data-role=task]")).to_contain_text(
                    f"Ходит фирма {call['firm']}"
                )
                shot(page, f"x-phone-wait-{SIZES[role][0]}")
                waited.add(role)
        mine = api.view(gid, seats[director])
        moves = mine["actions"]["move"]["moves"]
        go({"type": "move", "firm": call["firm"], "move": moves[0]}, seats[director])
    assert all(moved.values()), moved
    for role, page in pages.items():
        assert page.evaluate("window.__banner"), role
        assert all(page.evaluate("window.__banner")), role  # up in the first frame, every time
        assert page.evaluate("window.__vibrate"), role
    # One tap mutes the alert, and the phone remembers it.
    mute = kostya.locator("[data-action=turn-alert]")
    expect(mute).to_have_attribute("aria-pressed", "true")
    mute.evaluate("(button) => button.click()")  # the banner is down now: the button as such
    expect(mute).to_have_attribute("aria-pressed", "false")
    kostya.reload()
    expect(kostya.locator("[data-action=turn-alert]")).to_have_attribute("aria-pressed", "false")
    expect(kostya.locator("[data-action=turn-alert]")).to_have_text("Без звука")

    # The year's session: Alexandra calls a meeting of firm 3 from her phone.
    api.host_until(gid, host, lambda v: v["phase"] == "exchange" and not v["waiting_for_host"])
    every("market", "session")
    # On a laptop the same page shows every pane at once, in columns, and no tab bar.
    anna.set_viewport_size({"width": 1280, "height": 800})
    expect(anna.locator(".x-tabs")).to_be_hidden()
    for pane in ("board", "market", "portfolio", "events"):
        expect(anna.locator(f"[data-pane={pane}]")).to_be_visible()
    board_box = anna.locator("[data-pane=board]").bounding_box()
    market_box = anna.locator("[data-pane=market]").bounding_box()
    assert board_box and market_box and board_box["x"] + board_box["width"] <= market_box["x"]
    shot(anna, "x-phone-wide-1280")
    anna.set_viewport_size({"width": 390, "height": 844})
    anna.click("[data-action=call-meeting][data-firm='3']")
    api.host_until(gid, host, lambda v: v["phase"] == "meetings" and not v["waiting_for_host"])
    every("vote", "meetings")  # Konstantin holds the share of firm 7 he bought
    anna.select_option("select[name=nominee-3]", "p4")
    anna.click("[data-action=nominate][data-firm='3']")
    expect(anna.locator("[data-meeting='3']")).to_contain_text("Борис Борисович Александровский")
    expect(
        anna.locator("[data-meeting='3'] .field", has_text="Доля прибыли на дивиденды, %")
    ).to_have_count(1)
    anna.select_option("select[name=vote-3-p1]", "p1")
    anna.click("[data-action=vote][data-firm='3']")
    expect(anna.locator("[data-action=vote][data-firm='3']")).to_have_text("Переголосовать")
    found += problems(anna, "vote", "voted")
    shot(anna, "x-phone-vote-390")
    shot(kostya, "x-phone-vote-360")
    go({"type": "end_phase"})
    expect(anna.locator("[data-action=vote]")).to_have_count(0)
    expect(anna.locator("[data-action=nominate]")).to_have_count(0)
    expect(anna.locator("[data-panel=meetings]")).to_contain_text("Собрания закрыты")
    every("wait", "meetings-closed")

    api.host_until(gid, host, lambda v: v["phase"] == "ended")
    every("wait", "ended")
    expect(anna.locator("[data-role=task]")).to_contain_text("Игра окончена")
    for page in pages.values():
        assert errors_of(page) == []
        page.context.close()
    assert found == [], "\n".join(found)
