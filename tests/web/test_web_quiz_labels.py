"""The names on a Quiz Draughts round's pieces never cut, and one piece reads the same on every
page: surnames of 3 to 14 letters on the wall at 1280×720 and 1920×1080, the host's console at
1280×800 and a phone at 390×844 (in Russian). Each piece shows the label `pieceLabels` gives
(the surname up to 5 letters, else its first letters and a dot: «Преображенская» → «Пре.»);
only its size follows the piece, and its rendered box (with the captain's crown above it,
never over it) lies inside the piece's round face."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Json, Server, errors_of, new_page, new_phone, shot

pytestmark = pytest.mark.slow

# surnames of 3..14 letters; a captain on each side (the crown above the name)
SURNAMES = {
    "a1": ("Олег Ким", "c1"),
    "a2": ("Иван Зуев", "e1"),
    "a3": ("Пётр Орлов", "g1"),
    "a4": ("Анна Волкова", "b2"),
    "a5": ("Юрий Лебедев", "d2"),
    "a6": ("Ольга Соколова", "f2"),
    "a7": ("Мария Кузнецова", "h2"),
    "b1": ("Денис Григорьев", "a7"),
    "b2": ("Лидия Ковалевская", "c7"),
    "b3": ("Вера Александрова", "e7"),
    "b4": ("Глеб Воскресенский", "g7"),
    "b5": ("Нина Преображенская", "b8"),
    "b6": ("Семён Федоров", "d8"),
    "b7": ("Дарья Петрова", "f8"),
}
CAPTAINS = {"a1", "b5"}


def setup() -> Json:
    def members(prefix: str) -> list[Json]:
        return [
            {"id": mid, "name": name, "square": square, "captain": mid in CAPTAINS}
            for mid, (name, square) in SURNAMES.items()
            if mid.startswith(prefix)
        ]

    return {
        "game": "quiz",
        "seed": 7,
        "teams": [
            {"id": "A", "name": "Орлы", "members": members("a")},
            {"id": "B", "name": "Совы", "members": members("b")},
        ],
        "questions": [{"text": "Сколько клеток на доске?", "answer": "64"}],
    }


# Each label: its text, and whether the box of the label (and the crown) fits inside
# the circle the piece's border encloses: every corner of the box within the inner radius.
LABELS = """() => [...document.querySelectorAll('.quiz-board .piece')].map((piece) => {
  const label = piece.querySelector('.plabel');
  const crown = piece.querySelector('.crown');
  const p = piece.getBoundingClientRect();
  const boxes = [label, crown].filter(Boolean).map((el) => el.getBoundingClientRect());
  const left = Math.min(...boxes.map((b) => b.left));
  const right = Math.max(...boxes.map((b) => b.right));
  const top = Math.min(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  const cs = getComputedStyle(piece);
  const r = p.width / 2 - parseFloat(cs.borderLeftWidth);
  const cx = p.left + p.width / 2, cy = p.top + p.height / 2;
  const far = Math.max(...[[left, top], [right, top], [left, bottom], [right, bottom]]
    .map(([x, y]) => Math.hypot(x - cx, y - cy)));
  const l = label.getBoundingClientRect();
  const apart = !crown || crown.getBoundingClientRect().bottom <= l.top + 0.5;
  return {id: piece.dataset.piece, text: label.dataset.text, pw: p.width, lw: l.width,
          lh: l.height, far, r, fits: far <= r + 0.5, crownApart: apart,
          px: parseFloat(getComputedStyle(label).fontSize)};
})"""


# the one label of each piece, on every page
EXPECTED = {
    *{"a1": "Ким", "a2": "Зуев", "a3": "Орлов", "a4": "Вол.", "a5": "Леб.", "a6": "Сок."}.items(),
    *{"a7": "Куз.", "b1": "Гри.", "b2": "Ков.", "b3": "Але.", "b4": "Вос.", "b5": "Пре."}.items(),
    *{"b6": "Фед.", "b7": "Пет."}.items(),
}


def settled(page: Page) -> list[Json]:
    """The labels once the page's layout has come to rest (a loaded machine lays out late)."""
    found: list[Json] = page.evaluate(LABELS)
    for _ in range(40):
        page.wait_for_timeout(150)
        again: list[Json] = page.evaluate(LABELS)
        if again == found:
            return found
        found = again
    return found


def labels(page: Page, size: str) -> list[Json]:
    expect(page.locator(".quiz-board .piece")).to_have_count(len(SURNAMES))
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    # what is painted: a resize is answered before the next frame (ResizeObserver)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    found: list[Json] = settled(page)
    for label in found:
        assert label["fits"], (size, label)
        assert label["crownApart"], (size, label)
        assert (label["id"], label["text"]) in EXPECTED, (size, label)
    assert {label["id"] for label in found if label["id"] in CAPTAINS} == CAPTAINS
    return found


def test_names_on_pieces_never_cut_at_three_sizes(
    browser: Browser, server: Server, api: Api
) -> None:
    game = api.create("quiz", setup())
    seat = api.join(api.team_code(game, "B"), "Катя", "B")
    pages: dict[str, Page] = {}
    for width, height in ((1280, 720), (1920, 1080)):
        _, wall = new_page(browser, viewport={"width": width, "height": height}, locale="ru-RU")
        wall.goto(f"{server.url}/play/{game['game_id']}#role=projector")
        pages[f"wall-{width}"] = wall
    _, console = new_page(browser, viewport={"width": 1280, "height": 800}, locale="ru-RU")
    console.goto(f"{server.url}/play/{game['game_id']}#secret={game['host_secret']}")
    pages["console-1280"] = console
    phone = new_phone(browser)
    phone.goto(f"{server.url}/play/{game['game_id']}#secret={seat['secret']}")
    pages["phone-390"] = phone
    api.ok(game["game_id"], game["host_secret"], {"type": "start"})
    shown: dict[str, dict[str, str]] = {}
    for size, page in pages.items():
        found = labels(page, size)
        shown[size] = {label["id"]: label["text"] for label in found}
        shot(page, f"quiz-labels-{size}")
    # one piece, one label: the same on the walls, the console and the phone
    for texts in shown.values():
        assert set(texts.items()) == EXPECTED, texts
    # a narrower window: the labels are fitted again for the new size
    pages["wall-1280"].set_viewport_size({"width": 800, "height": 500})
    labels(pages["wall-1280"], "wall-800")
    for page in pages.values():
        assert errors_of(page) == [], errors_of(page)
