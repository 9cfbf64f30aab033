"""The Exchange Draughts wall tells the class the whole story, in Russian with long names, at a
laptop projector's 1280×720 and a wall's 1920×1080: lobby → opening session → board → pause →
year end → meetings → end. At every step all eight firms' rows are whole and on screen, nothing
scrolls or is clipped, body text is at least 18 px at 1280×720, and no sentence speaks to one
seat («У вас…»). Screenshots of every step: x-wall-STEP-SIZE.png."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from phone_checks import wall_problems
from playwright.sync_api import Browser, Page, expect
from test_web_layout import MEASURE, TEXT
from web_support import Api, Json, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow

SIZES = {"720": (1280, 720), "1080": (1920, 1080)}
NAMES = [
    "Александра Соколова-Преображенская",
    "Константин Константинопольский",
    "Анна Ивановна Петрова",
    "Борис Борисович Александровский",
]
#: Words that speak to one person — never on the wall, which the whole class reads.
TO_A_SEAT = re.compile(
    r"(?<![А-Яа-яЁё])([Вв]ы|[Вв]ас|[Вв]ам|[Вв]аш[а-яё]*|[Тт]ы|[Тт]еб[яе]|[Тт]во[йеия][а-яё]*)(?![А-Яа-яЁё])"
)
ROWS = """() => {
  const panel = document.querySelector('main.wall [data-panel=market]');
  if (!panel || !panel.offsetParent) return null;
  const box = panel.getBoundingClientRect();
  return [...panel.querySelectorAll('tbody tr')].map((tr) => {
    const r = tr.getBoundingClientRect();
    const whole = r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.bottom <= innerHeight
      && r.right <= box.right + 0.5 && r.height > 0;
    const cells = [...tr.children].every((td) => td.scrollWidth <= td.clientWidth + 1);
    return { text: tr.innerText.replace(/\\s+/g, ' '), whole, cells,
      px: parseFloat(getComputedStyle(tr.children[0]).fontSize) };
  });
}"""


#: Every panel of the wall whole inside its column and the screen (nothing cut by a box).
PANELS = """() => [...document.querySelectorAll(
  'main.wall .proj-side > .panel, main.wall .proj-board > .panel,'
  + ' main.wall .wall-results-grid > .panel, main.wall .x-debrief .panel,'
  + ' main.wall .x-page > .panel'
)].filter((el) => el.offsetParent).flatMap((el) => {
  const r = el.getBoundingClientRect();
  const box = el.parentElement.getBoundingClientRect();
  const cut = r.bottom > box.bottom + 0.5 || r.bottom > innerHeight + 0.5
    || r.right > innerWidth + 0.5 || el.scrollHeight > el.clientHeight + 1
    || el.scrollWidth > el.clientWidth + 1;
  const size = `${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`;
  return cut ? [`${el.dataset.panel || el.className}: ${Math.round(r.bottom)} (${size})`] : [];
})"""


#: The network's labels whole inside the drawing (none runs past its edge).
LABELS = """() => [...document.querySelectorAll('svg.network')]
  .filter((svg) => svg.checkVisibility()).flatMap((svg) => {
    const width = svg.viewBox.baseVal.width;
    return [...svg.querySelectorAll('text')].filter((t) => {
      const box = t.getBBox();
      return box.x < 0 || box.x + box.width > width + 0.5;
    }).map((t) => t.textContent);
  })"""


def wall_setup() -> Json:
    return {
        "game": "exchange",
        "seed": 7,
        "ruleset": {"preset": "classroom", "meeting_call_min_shares": 2},
        "players": [{"id": f"p{i}", "name": name} for i, name in enumerate(NAMES, start=1)],
    }


#: Each step's key content: what the class must see whole on the screen.
KEY = {
    "lobby": ["[data-role=wall-names]"],
    "session": ["[data-panel=market]", "[data-role=tape]"],
    "board": ["[data-panel=board] .board", "[data-role=on-call]"],
    "pause": ["[data-role=pause-veil]"],
    "year-end": ["[data-panel=year-end]"],
    "meetings": ["[data-panel=market]"],
    "meeting-outcomes": ["[data-role=outcomes]"],
    "end": ["[data-role=wall-results] [data-panel=reveal]"],
    "network": ["[data-panel=network] svg.network"],
    "debrief": ["[data-role=wall-debrief]"],
    "moments": ["[data-role=wall-moments]"],
}


def problems_at(page: Page, step: str, running: bool) -> list[str]:
    """At both sizes: what is wrong with the wall (nothing, if all is well); screenshots.
    The shared checks (phone_checks.wall_problems) and the exchange's own: every firm's row."""
    found: list[str] = []
    expect(page.locator("[data-role=moment]")).to_be_hidden(timeout=20000)  # big moments pass
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(400)
        where = f"{step}@{size}"
        measured = page.evaluate(MEASURE, TEXT)
        if measured["taller"] > 0 or measured["wider"] > 0:
            found.append(f"{where}: scrolls {measured['wider']}×{measured['taller']} px")
        found += [f"{where}: clipped {c}" for c in measured["clipped"]]
        found += [f"{where}: panel cut: {c}" for c in page.evaluate(PANELS)]
        names = NAMES if step not in ("pause", "network", "debrief", "moments") else None
        found += [f"{where}: {p}" for p in wall_problems(page, KEY[step], names)]
        text = page.locator("main.wall").inner_text()
        found += [f"{where}: speaks to a seat: «{m.group(0)}»" for m in TO_A_SEAT.finditer(text)]
        if running:
            rows = page.evaluate(ROWS)
            if not rows or len(rows) != 8:
                found.append(f"{where}: {len(rows or [])} firm rows")
            for row in rows or []:
                if not (row["whole"] and row["cells"]):
                    found.append(f"{where}: firm row not whole: {row['text']}")
                if size == "720" and row["px"] < 18:
                    found.append(f"{where}: {row['px']} px text")
        shot(page, f"x-wall-{step}-{size}")
    return found


def test_the_wall_shows_every_firm_at_every_step(
    browser: Browser, server: Server, api: Api
) -> None:
    game = api.create("exchange", wall_setup())
    gid, host = game["game_id"], game["host_secret"]
    seats = {
        f"p{i}": api.join(game["code"], name, f"p{i}")["secret"] for i, name in enumerate(NAMES, 1)
    }
    context, wall = new_page(browser, locale="ru-RU")
    wall.goto(f"{server.url}/play/{gid}#role=projector")
    expect(wall.locator("[data-role=wall-names] li.here")).to_have_count(4)
    problems = problems_at(wall, "lobby", running=False)

    def go(command: Json, secret: str = host) -> None:
        api.ok(gid, secret, command)

    def until(test: Callable[[Json], bool]) -> Json:
        """Continue through the host's waits until the view passes ``test``."""
        for _ in range(12):
            view: Json = api.view(gid, host)["view"]
            if test(view):
                return view
            if view["waiting_for_host"]:
                go({"type": "continue"})
            else:
                go({"type": "end_phase"})
        raise AssertionError("the game never got there")

    go({"type": "start"})
    until(lambda v: v["phase"] == "exchange" and not v["waiting_for_host"])
    for pid, stock, qty in (("p1", 3, 2), ("p2", 6, 3), ("p3", 8, 1)):
        go(
            {
                "type": "order",
                "account": pid,
                "stock": stock,
                "side": "buy",
                "qty": qty,
                "price": 12,
            },
            seats[pid],
        )
    expect(wall.locator("[data-role=tape] li")).to_have_count(3)
    problems += problems_at(wall, "session", running=True)

    until(lambda v: v["phase"] == "board" and not v["waiting_for_host"])
    expect(wall.locator("[data-role=on-call]")).not_to_be_empty()
    problems += problems_at(wall, "board", running=True)
    go({"type": "pause"})
    expect(wall.locator("[data-role=pause-veil]")).to_be_visible()
    expect(wall.locator("[data-role=pause-veil]")).to_have_text("Пауза")
    problems += problems_at(wall, "pause", running=True)
    go({"type": "resume"})
    expect(wall.locator("[data-role=pause-veil]")).to_be_hidden()

    view = until(lambda v: v["phase"] == "dividends")
    assert view["waiting_for_host"]  # the year end, held until the host continues
    paid = [e for e in view["events"] if e["type"] == "dividend_paid"]
    rows = wall.locator("[data-panel=year-end] tbody tr")
    expect(rows).to_have_count(8)
    for row, e in zip(rows.all(), paid, strict=True):
        cells = [c.strip() for c in row.locator("td").all_inner_texts()]
        assert cells == [
            f"Фирма {e['firm']}",
            *(str(e[k]) for k in ("earnings", "tax", "dividend", "per_share")),
        ]
    taxes = sum(e["tax"] for e in paid)
    given = sum(sum(e["payments"].values()) for e in paid)
    expect(wall.locator("[data-panel=year-end]")).to_contain_text(
        f"Государство получает налогов: {taxes}. Акционерам выплачено дивидендов: {given} ("
    )
    problems += problems_at(wall, "year-end", running=True)

    view = until(lambda v: v["phase"] == "exchange" and not v["waiting_for_host"])
    assert view["year"] == 1
    go({"type": "call_meeting", "firm": 3}, seats["p1"])
    until(lambda v: v["phase"] == "meetings" and not v["waiting_for_host"])
    go({"type": "nominate", "firm": 3, "candidate": "p3"}, seats["p1"])
    go({"type": "vote", "firm": 3, "holder": "p1", "director": "p3", "payout": 50}, seats["p1"])
    problems += problems_at(wall, "meetings", running=True)
    until(lambda v: v["phase"] != "meetings")
    outcomes = wall.locator("[data-role=outcomes]")
    expect(outcomes).to_contain_text("новый директор Анна Ивановна Петрова")
    expect(outcomes).to_contain_text("других собраний не было")
    expect(outcomes.locator("li")).to_have_count(2)
    problems += problems_at(wall, "meeting-outcomes", running=True)

    go({"type": "end_game"})
    expect(wall.locator("[data-role=wall-results] [data-panel=reveal]")).to_be_visible()
    problems += problems_at(wall, "end", running=False)
    wall.click("[data-action=network]")
    expect(wall.locator("[data-panel=network] svg.network")).to_be_visible()
    problems += problems_at(wall, "network", running=False)
    cut_labels = wall.evaluate(LABELS)
    assert cut_labels == [], cut_labels
    wall.click("[data-action=debrief]")
    expect(wall.locator("[data-role=wall-debrief] .debrief-firm")).to_have_count(8)
    problems += problems_at(wall, "debrief", running=False)
    wall.click("[data-action=moments]")
    expect(wall.locator("[data-role=wall-moments] [data-moment]")).to_have_count(3)
    expect(wall.locator("[data-moment=takeovers]")).to_contain_text("Анна Ивановна Петрова")
    problems += problems_at(wall, "moments", running=False)
    assert errors_of(wall) == []
    context.close()
    assert problems == [], "\n".join(problems)
