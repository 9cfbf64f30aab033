"""The names on a Quiz Draughts round's pieces never cut: surnames of 3 to 14 letters on the
wall at 1280×720 and 1920×1080 and on a phone at 390×844 (in Russian). Each piece shows the
surname, a shortened surname ("Преображ.") or the initials, whichever the piece's measured
width holds at that size; the label's rendered box (with the captain's crown above it, never
over it) lies inside the piece's round face."""

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


def allowed(mid: str, text: str) -> bool:
    """The surname, a prefix of it ended by a dot, or the initials."""
    words = SURNAMES[mid][0].split()
    surname = words[-1]
    initials = "".join(w[0] for w in words)
    shortened = text.endswith(".") and len(text) >= 4 and surname.startswith(text[:-1])
    return text in (surname, initials) or shortened


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
        assert allowed(label["id"], label["text"]), (size, label)
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
    phone = new_phone(browser)
    phone.goto(f"{server.url}/play/{game['game_id']}#secret={seat['secret']}")
    pages["phone-390"] = phone
    api.ok(game["game_id"], game["host_secret"], {"type": "start"})
    shown: dict[str, dict[str, str]] = {}
    for size, page in pages.items():
        found = labels(page, size)
        shown[size] = {label["id"]: label["text"] for label in found}
        shot(page, f"quiz-labels-{size}")
    # the wall at 1920 has room for more whole surnames than the phone; short ones stay whole
    whole = {
        size: sum(text == SURNAMES[mid][0].split()[-1] for mid, text in texts.items())
        for size, texts in shown.items()
    }
    assert whole["wall-1920"] >= whole["phone-390"], whole
    for size in ("wall-1280", "wall-1920"):  # on a phone's 26-px face under a crown, as it fits
        assert shown[size]["a1"] == "Ким", (size, shown[size])
    # a narrower window: the labels are chosen again for the new size
    pages["wall-1280"].set_viewport_size({"width": 800, "height": 500})
    labels(pages["wall-1280"], "wall-800")
    for page in pages.values():
        assert errors_of(page) == [], errors_of(page)
