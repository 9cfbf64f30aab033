"""Every page of both games at a phone's 390×844, a laptop's 1280×720 and a wall's 1920×1080,
with long Russian names: no page wider than the screen, the projector without vertical
scrolling, no text clipped (an element's scrollWidth/scrollHeight beyond its box) in piece
labels, tables and headings. One browser for the module; each page is loaded once and
resized through the three sizes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Json, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow

SIZES = {"phone": (390, 844), "laptop": (1280, 720), "wall": (1920, 1080)}
LONG = ["Александра Соколова", "Константин Константинопольский", "Аня", "Борис"]
TEXT = (
    ".plabel, table.grid th, table.grid td, h1, h2, h3, .topbar .who, .wall-name, .wall-code,"
    " .moment-title, .field-label, .role-list button b, ul.seats li b, .clock, .call .who"
)
MEASURE = """(selector) => {
  const doc = document.documentElement;
  const clipped = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      clipped.push(`${el.tagName.toLowerCase()}.${el.className}: ${el.textContent.slice(0, 40)}`
        + ` (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
    }
  }
  const past = [...document.querySelectorAll('body *')].filter((el) =>
    el.getBoundingClientRect().right > window.innerWidth + 0.5
    && el.offsetParent && !el.closest('.scroll-x, .scroll'))
    .slice(-3).map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  return {
    past,
    wider: Math.max(doc.scrollWidth, document.body.scrollWidth) - window.innerWidth,
    taller: Math.max(doc.scrollHeight, document.body.scrollHeight) - window.innerHeight,
    clipped,
  };
}"""


def exchange_setup(**ruleset: Any) -> Json:
    ids = [f"p{n}" for n in range(1, len(LONG) + 1)]
    return {
        "game": "exchange",
        "seed": 5,
        "ruleset": {"preset": "classroom", "time_scale": 0.5, **ruleset},
        "players": [{"id": pid, "name": name} for pid, name in zip(ids, LONG, strict=True)],
    }


def quiz_setup() -> Json:
    members = {
        "A": [("Александра Соколова", "c3", True), ("Константин Константинопольский", "e3", False)],
        "B": [("Аня", "d6", True), ("Борис Борисович Александровский", "f6", False)],
    }
    return {
        "game": "quiz",
        "seed": 1,
        "ruleset": {"duel": "defender", "answer_s": None},
        "teams": [
            {
                "id": team,
                "name": "Орлы Константинопольские" if team == "A" else "Совы",
                "score": 3,
                "members": [
                    {"id": f"{team.lower()}{i}", "name": name, "square": sq}
                    | ({"captain": True} if captain else {})
                    for i, (name, sq, captain) in enumerate(people, start=1)
                ],
            }
            for team, people in members.items()
        ],
        "questions": [{"id": "q1", "text": "Столица Франции?", "answer": "Париж"}],
    }


def check(page: Page, name: str, *, projector: bool = False) -> list[str]:
    """Resize the loaded page through the three sizes; what is wrong at each, if anything."""
    problems: list[str] = []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        found = page.evaluate(MEASURE, TEXT)
        if found["wider"] > 0:
            problems.append(f"{name} @{size}: {found['wider']} px wider: {found['past']}")
        if projector and size != "phone" and found["taller"] > 0:
            problems.append(f"{name} @{size}: scrolls {found['taller']} px vertically")
        problems += [f"{name} @{size}: clipped {c}" for c in found["clipped"]]
        shot(page, f"{name}-{size}")
    return problems


@pytest.fixture(scope="module")
def games(api: Api) -> Iterator[dict[str, Json]]:
    running = api.create("exchange", exchange_setup())
    seats = {
        pid: api.join(running["code"], name, pid)
        for pid, name in zip(["p1", "p2"], LONG[:2], strict=True)
    }
    waiting = api.create("exchange", exchange_setup())
    api.join(waiting["code"], LONG[1], "p2")
    api.ok(running["game_id"], running["host_secret"], {"type": "start"})
    api.ok(running["game_id"], running["host_secret"], {"type": "continue"})
    ended = api.create("exchange", exchange_setup())
    api.ok(ended["game_id"], ended["host_secret"], {"type": "start"})
    api.ok(ended["game_id"], ended["host_secret"], {"type": "end_game"})
    quiz = api.create("quiz", quiz_setup())
    team = api.join(quiz, "Александра Соколова", "A")
    yield {"running": running, "waiting": waiting, "ended": ended, "quiz": quiz}
    del seats, team


def test_every_page_fits_at_three_sizes(
    browser: Browser, server: Server, api: Api, games: dict[str, Json]
) -> None:
    running, waiting, ended, quiz = (games[k] for k in ("running", "waiting", "ended", "quiz"))
    player = api.join(running["code"], LONG[2], "p3")
    quiz_team = api.join(quiz, "Борис", "B")
    context, page = new_page(browser, locale="ru-RU")

    def play(game: Json, secret: str | None = None) -> str:
        fragment = f"secret={secret}" if secret else "role=projector"
        return f"/play/{game['game_id']}#{fragment}"

    board, lobby, duel = "[data-panel=board] .board", "[data-panel=lobby]", "[data-panel=duel]"
    reveal = "[data-panel=reveal]"
    pages: list[tuple[str, str, str, bool]] = [
        ("layout-start", "/", "form", False),
        ("layout-join", f"/join/{running['code']}", ".role-list", False),
        ("layout-host-lobby", play(waiting, waiting["host_secret"]), lobby, False),
        ("layout-host", play(running, running["host_secret"]), "[data-panel=accounts]", False),
        ("layout-player", play(running, player["secret"]), "[data-panel=orders]", False),
        ("layout-projector-lobby", play(waiting), "[data-role=wall-names] li.here", True),
        ("layout-projector", play(running), board, True),
        ("layout-projector-end", play(ended), f"[data-role=wall-results] {reveal}", True),
        ("layout-results", f"/results/{ended['game_id']}", reveal, False),
        ("layout-quiz-join", f"/join/{quiz['code']}", ".role-list", False),
        ("layout-quiz-host", play(quiz, quiz["host_secret"]), lobby, False),
        ("layout-quiz-team", play(quiz, quiz_team["secret"]), duel, False),
        ("layout-quiz-projector", play(quiz), "[data-panel=wall-lobby]", True),
    ]
    problems: list[str] = []
    for name, path, ready, projector in pages:
        page.set_viewport_size({"width": 1280, "height": 720})
        page.goto("about:blank")  # a new path or only a new #fragment: a fresh page each time
        page.goto(server.url + path)
        expect(page.locator(ready).first).to_be_visible()
        problems += check(page, name, projector=projector)
    assert errors_of(page) == []
    context.close()
    assert problems == [], "\n".join(problems)
