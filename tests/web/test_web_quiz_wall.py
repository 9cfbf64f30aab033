"""A Quiz Draughts round with long Russian names, on a phone (390×844), the host's laptop
(1280×720) and two walls (1280×720 and 1920×1080): the pieces' names are whole words and
never clipped, the wall never scrolls, the host picks the question by its category, the
win shows its reason with the winning man crowned, and the results list every question
with the answer given, the verdict and who gave it; the PDN has the round's moves."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Json, Server, errors_of, new_page, new_phone, shot

pytestmark = pytest.mark.slow

TEAM_A = "Александра Соколова"
TEAM_B = "Константин Константинопольский"
NAMES = {
    "a1": "Александра Соколова",
    "a2": "Константин Константинопольский",
    "b1": "Екатерина Дмитриевна Лебедева",
    "b2": "Дмитрий Ли",
}


def member(mid: str, square: str) -> Json:
    return {"id": mid, "name": NAMES[mid], "square": square}


def setup() -> Json:
    return {
        "game": "quiz",
        "seed": 4,
        "ruleset": {"duel": "defender", "answer_s": 90},
        "teams": [
            {
                "id": "A",
                "name": TEAM_A,
                "score": 5,
                "members": [member("a1", "c3"), member("a2", "g7")],
            },
            {
                "id": "B",
                "name": TEAM_B,
                "score": 2,
                "members": [member("b1", "d4"), member("b2", "a5")],
            },
        ],
        "questions": [
            {
                "text": "Сколько клеток на шашечной доске?",
                "answer": "64",
                "category": "Шашки",
                "points": 2,
            },
            {
                "text": "В каком году основан Санкт-Петербург?",
                "answer": "1703",
                "category": "История",
                "points": 3,
            },
        ],
    }


LABELS_FIT = """() => [...document.querySelectorAll('.quiz-board .piece')].map((piece) => {
  const label = piece.querySelector('.plabel');
  const p = piece.getBoundingClientRect(), l = label.getBoundingClientRect();
  const line = parseFloat(getComputedStyle(label).lineHeight);
  const fits = l.width <= p.width + 0.5 && l.height <= p.height + 0.5;
  return {text: label.dataset.text || label.textContent, pw: p.width, lw: l.width, fits,
          lines: Math.round(l.height / line), px: parseFloat(getComputedStyle(label).fontSize)};
})"""

NO_SCROLL = """() => ({h: document.documentElement.scrollHeight <= innerHeight + 1,
  w: document.documentElement.scrollWidth <= innerWidth + 1})"""


def labels_fit(page: Page) -> list[Json]:
    labels: list[Json] = page.evaluate(LABELS_FIT)
    assert labels, "no pieces"
    words = {w for name in NAMES.values() for w in name.split()}
    initials = {"".join(w[0] for w in name.split())[:3] for name in NAMES.values()}
    for label in labels:
        assert label["fits"], label
        text = label["text"]
        shortened = text.endswith(".") and any(w.startswith(text[:-1]) for w in words)
        assert text in words | initials or shortened, label  # a word, shortened, or initials
        assert label["lines"] <= 1, label
    return labels


def fits_the_wall(wall: Page) -> None:
    """Nothing scrolls (once the page has laid itself out: a loaded machine is slow)."""
    wall.wait_for_function(f"() => {{ const s = ({NO_SCROLL})(); return s.h && s.w; }}")
    for selector in ("[data-role=wall-question-screen]", "[data-role=win-screen]"):
        box = wall.locator(selector)
        if box.is_visible():
            inside = box.evaluate(
                "(el) => [...el.querySelectorAll('*')].every((c) => {"
                " const r = c.getBoundingClientRect();"
                " return r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; })"
            )
            assert inside, selector


def test_a_round_with_long_russian_names_on_every_screen(
    browser: Browser, server: Server, api: Api
) -> None:
    game = api.create("quiz", setup())
    game_id, secret = game["game_id"], game["host_secret"]
    team_b = api.join(api.team_code(game, "B"), "Катя", "B")
    _, host = new_page(browser, viewport={"width": 1280, "height": 720}, locale="ru-RU")
    host.goto(f"{server.url}/play/{game_id}#secret={secret}")
    phone = new_phone(browser)
    phone.goto(f"{server.url}/play/{game_id}#secret={team_b['secret']}")
    walls = {}
    for size in ((1280, 720), (1920, 1080)):
        _, wall = new_page(browser, viewport={"width": size[0], "height": size[1]}, locale="ru-RU")
        wall.goto(f"{server.url}/play/{game_id}#role=projector")
        walls[size] = wall
    for wall in walls.values():
        expect(wall.locator("[data-panel=wall-lobby]")).to_be_visible()  # the shared lobby
        fits_the_wall(wall)
    shot(walls[(1280, 720)], "quiz-wall-before-start-1280")

    host.click("[data-action=start]")
    api.wait(game_id, secret, lambda v: v["phase"] == "move" and v["to_move"] == "A")
    for size, wall in walls.items():
        expect(wall.locator(".quiz-board .piece")).to_have_count(4)
        labels = labels_fit(wall)
        assert min(label["px"] for label in labels) >= 10, (size, labels)
    expect(phone.locator(".quiz-board .piece")).to_have_count(4)
    phone_labels = labels_fit(phone)
    assert min(label["px"] for label in phone_labels) >= 7.5, phone_labels
    assert "Ли" in {label["text"] for label in phone_labels}  # a short surname stays whole

    api.ok(game_id, secret, {"type": "move", "move": "c3:e5"})
    category = host.locator("[data-role=ask-category]")
    expect(category).to_be_visible()
    category.select_option("История")
    preview = host.locator("[data-role=preview]")
    expect(preview).to_contain_text("В каком году основан Санкт-Петербург?")
    expect(preview).to_contain_text("1703")
    expect(preview.locator("[data-role=points]")).to_have_text("3 очка")
    shot(host, "quiz-host-choose-category-1280")
    host.click("[data-action=ask]")
    for size, wall in walls.items():
        expect(wall.locator("[data-role=wall-question]")).to_have_text(
            "В каком году основан Санкт-Петербург?"
        )
        expect(
            wall.locator("[data-role=wall-question-screen] [data-role=countdown]")
        ).to_be_visible()
        fits_the_wall(wall)
        shot(wall, f"quiz-wall-question-{size[0]}")
    expect(host.locator("[data-role=category]:visible")).to_have_text("История")
    host.click("[data-action=pause]")
    expect(host.locator("[data-role=timer]")).to_contain_text(
        re.compile(r"Пауза · осталось 1:\d\d")
    )
    host.click("[data-action=resume]")
    expect(phone.locator("[data-role=question]")).to_have_text(
        "В каком году основан Санкт-Петербург?"
    )
    labels_fit(phone)
    shot(phone, "quiz-phone-question-390")
    phone.locator("[data-role=answer-form] input[name=answer]").fill("1812")
    phone.locator("[data-role=answer-form] button[type=submit]").click()
    expect(host.locator("[data-role=given]")).to_have_text("1812")
    host.click("[data-action=judge-wrong]")
    api.wait(game_id, secret, lambda v: v["phase"] == "move" and v["to_move"] == "B")
    expect(host.locator("[data-role=last-judgement]")).to_contain_text("1703")

    api.ok(game_id, secret, {"type": "move", "move": "a5-b4"})
    api.ok(game_id, secret, {"type": "move", "move": "g7-h8"})
    view = api.wait(game_id, secret, lambda v: v["phase"] == "ended")
    assert (view["winner"], view["end_reason"]) == ("A", "reached_far_row")
    for size, wall in walls.items():
        win = wall.locator("[data-role=win-screen]")
        expect(win).to_be_visible()
        expect(win.locator("[data-role=win-title]")).to_contain_text(TEAM_A)
        expect(win.locator("[data-role=win-reason]")).to_have_text(
            f"{NAMES['a2']} доходит до последнего ряда и становится дамкой."
        )
        fits_the_wall(wall)
        shot(wall, f"quiz-wall-win-{size[0]}")
    expect(phone.locator(".board [data-square=h8] .piece.king")).to_be_visible()  # crowned

    host.goto(f"{server.url}/results/{game_id}#secret={secret}")
    record = host.locator("[data-panel=record]")
    expect(record).to_contain_text("В каком году основан Санкт-Петербург?")
    expect(record).to_contain_text("1812")
    expect(record).to_contain_text("1703")
    expect(record.locator("[data-verdict=wrong]")).to_contain_text("решил ведущий")
    shot(host, "quiz-results-record", full_page=True)
    pdn = api.http.get(
        f"/api/web/games/{game_id}/pdn", headers={"Authorization": f"Bearer {secret}"}
    )
    assert pdn.status_code == 200
    assert '[Result "2-0"]' in pdn.text and "c3xe5" in pdn.text and "g7-h8" in pdn.text
    for page in (host, phone, *walls.values()):
        assert errors_of(page) == [], errors_of(page)
