"""Every wall at its key moments, at 1280×720 and 1920×1080, and every results and standings
table on a phone (390×844, 360×740), with long Russian names — one set of checks
(phone_checks.screen_problems): the moment's content inside the screen, nothing in a scroll
box, no text cut or under 18 px on a wall, every name whole, no table text overlapping on a
phone, no visible null/undefined/NaN. The quiz: a themed bank of 8 themes × 5 prices and a
duel asked and judged; the class event with 2, 7 and 16 pupils; Russian draughts: a game.
(The exchange's year end and trades: test_web_exchange_wall.py, with the same checks.)
Screenshots: wall-KIND-MOMENT-SIZE.png, phone-KIND-SIZE.png."""

from __future__ import annotations

import pytest
from phone_checks import PHONES, WALLS, phone_table_problems, wall_problems
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Json, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow

LONG = [
    "Мария-Антуанетта Вишневецкая",
    "Александра Соколовская-Рождественская",
    "Константин Константинопольский",
    "Екатерина Дмитриевна Лебедева",
]
PUPILS = [
    *LONG,
    "Дмитрий Ли",
    "Анастасия Преображенская",
    "Владислав Огурцов",
    "Ян Ким",
    "Елизавета Шереметьева",
    "Святослав Трубецкой",
    "Зоя Бо",
    "Тимофей Воскресенский",
    "Ульяна Черемисинова",
    "Фёдор Ёлкин",
    "Варвара Голицына-Оболенская",
    "Ярослав Мудрый",
]
THEMES = ["Шашки", "История", "География", "Литература", "Музыка", "Кино", "Спорт", "Природа"]


def look(page: Page, moment: str, key: list[str], names: list[str] | None = None) -> list[str]:
    """The wall at both sizes: what the class cannot read (nothing, if all is well)."""
    found: list[str] = []
    for size, (width, height) in WALLS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        found += [f"{moment}@{size}: {p}" for p in wall_problems(page, key, names)]
        shot(page, f"wall-{moment}-{size}")
    return found


def on_phones(browser: Browser, url: str, moment: str, ready: str, names: list[str]) -> list[str]:
    """The page on both phones: its tables' problems; screenshots (the first screen)."""
    found: list[str] = []
    for size, (width, height) in PHONES.items():
        options = {"viewport": {"width": width, "height": height}, "has_touch": True}
        context, phone = new_page(browser, locale="ru-RU", is_mobile=True, **options)
        phone.goto(url)
        phone.locator(ready).first.scroll_into_view_if_needed()
        expect(phone.locator(ready).first).to_be_visible()
        phone.wait_for_timeout(200)
        found += [f"{moment}@{size}: {p}" for p in phone_table_problems(phone, names)]
        shot(phone, f"phone-{moment}-{size}", full_page=True)
        assert errors_of(phone) == []
        context.close()
    return found


def wall(browser: Browser, server: Server, game_id: str) -> Page:
    _, page = new_page(browser, viewport={"width": 1280, "height": 720}, locale="ru-RU")
    page.goto(f"{server.url}/play/{game_id}#role=projector")
    return page


# --- the quiz -------------------------------------------------------------------------------


def quiz_setup() -> Json:
    def members(team: str, people: list[tuple[str, str]]) -> list[Json]:
        return [
            {"id": f"{team}{i}", "name": name, "square": square}
            | ({"captain": True} if i == 1 else {})
            for i, (name, square) in enumerate(people, start=1)
        ]

    questions = [
        {
            "id": f"q{t}{p}",
            "text": f"Вопрос темы «{theme}» за {100 * p}: что это?",
            "answer": f"Ответ {t}{p}",
            "category": theme,
            "points": 100 * p,
        }
        for t, theme in enumerate(THEMES, start=1)
        for p in range(1, 6)
    ]
    return {
        "game": "quiz",
        "seed": 4,
        "ruleset": {"duel": "defender", "answer_s": 90},
        "teams": [
            {
                "id": "A",
                "name": "Орлы Константинопольские",
                "score": 0,
                "members": members("a", [(LONG[0], "c3"), (LONG[2], "g7")]),
            },
            {
                "id": "B",
                "name": "Совы",
                "score": 0,
                "members": members("b", [(LONG[1], "d4"), (LONG[3], "a5")]),
            },
        ],
        "questions": questions,
    }


def test_the_quiz_wall_through_a_duel(browser: Browser, server: Server, api: Api) -> None:
    game = api.create("quiz", quiz_setup())
    gid, host = game["game_id"], game["host_secret"]
    api.join(api.team_code(game, "A"), "Аня", "A")
    team_b = api.join(api.team_code(game, "B"), "Катя", "B")
    page = wall(browser, server, gid)
    expect(page.locator("[data-panel=wall-lobby]")).to_be_visible()
    api.ok(gid, host, {"type": "start"})
    expect(page.locator("[data-panel=theme-board] .theme-row")).to_have_count(len(THEMES))
    board, themes = ".quiz-wall .board", "[data-panel=theme-board]"
    problems = look(page, "quiz-themes", [board, themes, "[data-panel=scores]"], THEMES)
    expect(page.locator(".theme-cell").first).to_have_text("100")

    api.ok(gid, host, {"type": "move", "move": "c3:e5"})  # Мария-Антуанетта takes Александра's man
    duel = page.locator("[data-panel=duel]")
    expect(duel).to_contain_text(LONG[0])
    problems += look(page, "quiz-duel", [board, "[data-panel=duel]"], LONG[:2])

    asked = next(q for q in api.view(gid, host)["view"]["bank"]["questions"] if q["points"] == 300)
    api.ok(gid, host, {"type": "ask", "question": asked["id"]})
    question = page.locator("[data-role=wall-question-screen]")
    expect(question).to_be_visible()
    expect(page.locator("[data-role=wall-question]")).to_have_text(asked["text"])
    expect(page.locator("[data-role=wall-capture]")).to_contain_text(LONG[0])
    problems += look(page, "quiz-question", ["[data-role=wall-question-screen]"], LONG[:2])
    api.ok(gid, team_b["secret"], {"type": "answer", "text": "Не знаю"})
    api.ok(gid, host, {"type": "judge", "correct": False})
    verdict = page.locator("[data-role=verdict-screen]")
    expect(verdict).to_be_visible()
    problems += look(page, "quiz-verdict", ["[data-role=verdict-screen]"])
    expect(verdict).to_be_hidden(timeout=10000)
    expect(page.locator(".theme-cell.used")).to_have_count(1)
    problems += look(page, "quiz-after-duel", [board, themes, "[data-role=last-judgement]"])

    api.ok(gid, host, {"type": "end_game"})
    problems += on_phones(
        browser,
        f"{server.url}/results/{gid}#secret={team_b['secret']}",
        "quiz-results",
        "[data-panel=report]",
        [*LONG, "Орлы Константинопольские"],
    )
    assert errors_of(page) == []
    assert problems == [], "\n".join(problems)


# --- the class event ----------------------------------------------------------------------


@pytest.mark.parametrize("pupils", [2, 7, 16])
def test_the_class_event_wall_and_phones(
    browser: Browser, server: Server, api: Api, pupils: int
) -> None:
    event = api.create(
        "tournament", {"title": "7 «Б» класс", "format": "swiss", "rounds": 1, "minutes": 10}
    )
    eid, host = event["game_id"], event["host_secret"]
    secrets: dict[str, str] = {}
    names = PUPILS[:pupils]
    for name in names:
        joined = api.join(event["code"], name)
        api.ok(eid, joined["secret"], {"type": "enter", "name": name})
        secrets[joined["role"]] = joined["secret"]
    page = wall(browser, server, eid)
    expect(page.locator("[data-role=joined] li")).to_have_count(pupils)
    problems = look(page, f"event{pupils}-lobby", ["[data-role=joined]"], names)
    api.ok(eid, host, {"type": "start"})
    view = api.wait(
        eid,
        host,
        lambda v: bool(v["rounds"]) and all(b["game_id"] for b in v["rounds"][0]["boards"]),
    )
    boards = view["rounds"][0]["boards"]
    expect(page.locator(".tn-tile")).to_have_count(len(boards))
    play = ["[data-role=wall-standings]", "[data-role=mosaic]"]
    problems += look(page, f"event{pupils}-play", play, names)
    for board in boards:
        if "robot" in (board["white"], board["black"]):
            result = {"type": "result", "round": 1, "board": board["board"], "result": 1}
            api.ok(eid, host, result)
        else:
            api.ok(board["game_id"], secrets[board["black"]], {"type": "resign"})
    expect(page.locator("[data-role=podium]")).to_be_visible()
    end = ["[data-role=podium]", "[data-role=crosstable]"]
    problems += look(page, f"event{pupils}-end", end, names)
    if pupils > 2:
        problems += on_phones(
            browser,
            f"{server.url}/play/{eid}#secret={secrets['p1']}",
            f"event{pupils}-standings",
            "[data-role=standings]",
            names,
        )
    assert errors_of(page) == []
    assert problems == [], "\n".join(problems)


# --- Russian draughts ---------------------------------------------------------------------


def test_the_russian_draughts_wall_in_a_game(browser: Browser, server: Server, api: Api) -> None:
    setup = {
        "game": "russian",
        "white": {"name": LONG[0]},
        "black": {"name": LONG[1]},
        "ruleset": {"minutes": 5},
    }
    made = api.create("russian", setup)
    gid, host = made["game_id"], made["host_secret"]
    white = api.join(made["code"], LONG[0], "white")["secret"]
    black = api.join(made["code"], LONG[1], "black")["secret"]
    page = wall(browser, server, gid)
    api.ok(gid, host, {"type": "start"})
    for move, secret in (
        ("c3-d4", white),
        ("f6-e5", black),
        ("d4:f6", white),
        ("g7:e5", black),
        ("b2-c3", white),
        ("h6-g5", black),
        ("a3-b4", white),
    ):
        api.ok(gid, secret, {"type": "move", "move": move})
    expect(page.locator("[data-role=moves] tbody tr")).to_have_count(4)
    key = [
        "[data-panel=board] .board",
        "[data-role=moves]",
        "[data-clock=white]",
        "[data-clock=black]",
    ]
    problems = look(page, "russian-game", key, LONG[:2])
    api.ok(gid, white, {"type": "resign"})
    expect(page.locator("[data-role=ended]")).to_be_visible()
    problems += look(page, "russian-end", ["[data-role=ended]", "[data-panel=board] .board"])
    problems += on_phones(
        browser,
        f"{server.url}/results/{gid}#secret={black}",
        "russian-results",
        "main table",
        LONG[:2],
    )
    assert errors_of(page) == []
    assert problems == [], "\n".join(problems)
