"""Quiz Draughts as a show, in Russian: on the wall (1280×720 and 1920×1080) the question
fills the screen in large type with its choices as big coloured tiles, and the verdict
(right or wrong, the right answer, the points) holds the whole wall for a few seconds; the
results' questions table (question, right answer, who answered, the answer given, the
verdict and by whom) fits 1280×720 — long texts wrap, the table never scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
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
            {
                "text": "Сколько клеток на шашечной доске?",
                "answer": "64",
                "choices": ["32", "64", "100", "144"],
                "category": "Шашки",
                "points": 2,
            },
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


def inside_the_wall(wall: Page, selector: str) -> bool:
    found: bool = wall.locator(selector).evaluate(
        "(el) => [...el.querySelectorAll('*')].every((c) => {"
        " const r = c.getBoundingClientRect();"
        " return r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; })"
    )
    return found


def test_the_question_and_the_verdict_fill_the_wall(
    browser: Browser, server: Server, api: Api
) -> None:
    game = api.create("quiz", setup())
    game_id, secret = game["game_id"], game["host_secret"]
    walls: dict[int, Page] = {}
    for width, height in ((1280, 720), (1920, 1080)):
        size = {"width": width, "height": height}
        _, wall = new_page(browser, viewport=size, locale="ru-RU")
        wall.goto(f"{server.url}/play/{game_id}#role=projector")
        walls[width] = wall
    api.ok(game_id, secret, {"type": "start"})
    api.ok(game_id, secret, {"type": "move", "move": "c3:e5"})
    for width, wall in walls.items():
        expect(wall.locator(".quiz-board .piece")).to_have_count(4)
        grid = wall.locator("[data-role=theme-grid]")  # SIGame's board: themes × prices
        expect(grid.locator(".theme-row")).to_have_count(2)
        expect(grid.locator(".theme-row").first).to_contain_text("Музыка")
        expect(grid.locator("[data-question]:not(.used)")).to_have_count(2)
        shot(wall, f"quiz-wall-theme-board-{width}")
    api.ok(game_id, secret, {"type": "ask", "category": "Шашки"})
    for wall in walls.values():  # the host's pick lit on the board, then the question
        expect(wall.locator(".theme-cell.picked")).to_have_text("2")
    for width, wall in walls.items():
        screen = wall.locator("[data-role=wall-question-screen]")
        expect(screen.locator("[data-role=wall-question]")).to_have_text(
            "Сколько клеток на шашечной доске?"
        )
        px = screen.locator("[data-role=wall-question]").evaluate(
            "(el) => parseFloat(getComputedStyle(el).fontSize)"
        )
        assert px >= 40, (width, px)
        tiles = screen.locator(".wall-choices li")
        expect(tiles).to_have_count(4)
        looks = tiles.evaluate_all(
            "(els) => els.map((el) => ({bg: getComputedStyle(el).backgroundColor,"
            " shape: getComputedStyle(el, '::before').content,"
            " px: parseFloat(getComputedStyle(el).fontSize)}))"
        )
        assert len({look["bg"] for look in looks}) == 4, looks
        assert len({look["shape"] for look in looks}) == 4, looks
        assert min(look["px"] for look in looks) >= 26, looks
        assert inside_the_wall(wall, "[data-role=wall-question-screen]"), width
        shot(wall, f"quiz-wall-question-tiles-{width}")
    api.ok(game_id, secret, {"type": "answer", "choice": 0, "by": "B"})
    for width, wall in walls.items():
        verdict = wall.locator("[data-role=verdict-screen]")
        expect(verdict).to_be_visible()
        expect(verdict.locator("[data-role=verdict-title]")).to_have_text("Неверно.")
        expect(verdict.locator("[data-role=verdict-answer]")).to_have_text("Ответ: 64")
        expect(verdict.locator("[data-role=verdict-points]")).to_contain_text("Орлы: +")
        assert inside_the_wall(wall, "[data-role=verdict-screen]"), width
        shot(wall, f"quiz-wall-verdict-{width}")
    for wall in walls.values():  # held a few seconds, then the board again
        expect(wall.locator("[data-role=verdict-screen]")).to_be_hidden(timeout=10_000)
        expect(wall.locator(".quiz-board")).to_be_visible()
        expect(wall.locator("[data-role=theme-grid] .theme-cell.used")).to_have_text("2")
        assert errors_of(wall) == [], errors_of(wall)


SELECT_FITS = """(select) => {
  const pen = document.createElement('canvas').getContext('2d');
  const cs = getComputedStyle(select);
  pen.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const room = select.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;
  return [...select.options].map((o) => ({text: o.text, w: pen.measureText(o.text).width, room}));
}"""


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_who_answers_is_not_cut(browser: Browser, server: Server, size: tuple[int, int]) -> None:
    viewport = {"width": size[0], "height": size[1]}
    _, page = new_page(browser, viewport=viewport, locale="ru-RU")
    page.goto(server.url + "/")
    page.check("input[name=game][value=quiz]")
    select = page.locator("select[name=q-duel]")
    expect(select).to_be_visible()
    for option in select.evaluate(SELECT_FITS):
        assert option["w"] <= option["room"], option
