"""Quiz Draughts as a show, in Russian: the results' questions table (question, right answer,
who answered, the answer given, the verdict and by whom) fits 1280×720 — long texts wrap, the
table never scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from web_support import Api, Json, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow

LONG_QUESTION = (
    "Этот русский композитор, автор оперы «Борис Годунов» и цикла «Картинки с выставки», "
    "служил в Преображенском полку и в Лесном департаменте; назовите его фамилию полностью."
)
LONG_ANSWER = "Модест Петрович Мусоргский (принимается также «Мусоргский»)"
LONG_GIVEN = "Римский-Корсаков" + ", а может быть Бородин или Балакирев" * 3


def setup() -> Json:
    return {
        "game": "quiz",
        "seed": 5,
        "ruleset": {"duel": "defender", "answer_s": 90},
        "teams": [
            {
                "id": "A",
                "name": "Орлы",
                "score": 5,
                "members": [
                    {"id": "a1", "name": "Олег Ким", "square": "c3"},
                    {"id": "a2", "name": "Нина Преображенская", "square": "g7"},
                ],
            },
            {
                "id": "B",
                "name": "Совы",
                "members": [
                    {"id": "b1", "name": "Глеб Воскресенский", "square": "d4"},
                    {"id": "b2", "name": "Ли Ван", "square": "a5"},
                ],
            },
        ],
        "questions": [
            {"text": LONG_QUESTION, "answer": LONG_ANSWER, "category": "Музыка", "points": 3},
            {"text": "Сколько клеток на доске?", "answer": "64", "category": "Шашки"},
        ],
    }


FITS = """(panel) => {
  const table = panel.querySelector('table');
  const box = panel.getBoundingClientRect(), t = table.getBoundingClientRect();
  const heads = [...table.querySelectorAll('th')].map((th) => th.getBoundingClientRect());
  return {table: t.width, panel: box.width, page: document.documentElement.scrollWidth,
          scrolls: [...panel.querySelectorAll('*')].some((el) => el.scrollWidth > el.clientWidth + 1
            && getComputedStyle(el).overflowX !== 'visible'),
          heads: heads.every((r) => r.right <= innerWidth + 1 && r.width > 0)};
}"""


def test_the_results_table_fits_1280(browser: Browser, server: Server, api: Api) -> None:
    game = api.create("quiz", setup())
    game_id, secret = game["game_id"], game["host_secret"]
    api.ok(game_id, secret, {"type": "start"})
    api.ok(game_id, secret, {"type": "move", "move": "c3:e5"})
    api.ok(game_id, secret, {"type": "ask", "category": "Музыка"})
    api.ok(game_id, secret, {"type": "answer", "text": LONG_GIVEN})
    api.ok(game_id, secret, {"type": "judge", "correct": False})
    api.ok(game_id, secret, {"type": "end_game"})
    _, page = new_page(browser, viewport={"width": 1280, "height": 720}, locale="ru-RU")
    page.goto(f"{server.url}/results/{game_id}#secret={secret}")
    record = page.locator("[data-panel=record]")
    expect(record).to_contain_text(LONG_GIVEN)
    expect(record).to_contain_text(LONG_ANSWER)
    fit = record.evaluate(FITS)
    assert fit["table"] <= fit["panel"] + 1, fit
    assert fit["page"] <= 1280 and not fit["scrolls"] and fit["heads"], fit
    record.scroll_into_view_if_needed()
    shot(page, "quiz-results-record-1280")
    assert errors_of(page) == [], errors_of(page)
