"""A late pupil in a real browser: the join page of a full game says what to do (ask the host
for a robot's seat, or watch), and the host gives a robot's seat away from the lobby in one
step (a name, a confirmation, the pupil's personal link) — in Russian, on a phone and a laptop."""

from __future__ import annotations

from typing import Any

import pytest
from phone_checks import PHONES, ids_shown, wider_than_screen
from playwright.sync_api import Browser, expect
from web_support import Api, Json, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow

NAMES = ["Александра Соколова", "Константин Константинопольский", "Вера", "Глеб", "Дина"]


def full_exchange(api: Api, start: bool = True) -> Json:
    """An exchange game (in play) whose five seats are taken: three people, two robots."""
    ids = [f"p{n}" for n in range(1, len(NAMES) + 1)]
    setup = {
        "game": "exchange",
        "seed": 3,
        "ruleset": {"preset": "classroom", "years": 1},
        "players": [{"id": pid, "name": name} for pid, name in zip(ids, NAMES, strict=True)],
        "directors": {str(f): ids[(f - 1) % len(ids)] for f in range(1, 9)},
    }
    game = api.create("exchange", setup)
    for role, name in zip(ids[:3], NAMES[:3], strict=True):
        api.join(game["code"], name, role)
    answer = api.http.post(
        f"/api/games/{game['game_id']}/robots",
        json={"roles": ["p4", "p5"]},
        headers={"Authorization": f"Bearer {game['host_secret']}"},
    )
    assert answer.status_code == 200, answer.text
    if start:
        api.ok(game["game_id"], game["host_secret"], {"type": "start"})
    return game


def phone(width: int, height: int) -> dict[str, Any]:
    viewport = {"width": width, "height": height}
    return {"viewport": viewport, "is_mobile": True, "has_touch": True, "locale": "ru-RU"}


def test_a_late_pupil_is_told_what_to_do_and_gets_a_robots_seat(
    browser: Browser, server: Server, api: Api
) -> None:
    game = full_exchange(api)
    gid, code = game["game_id"], game["code"]
    for size, (width, height) in PHONES.items():
        context, late = new_page(browser, **phone(width, height))
        late.goto(f"{server.url}/join/{code}")
        full = late.locator("[data-role=game-full]")
        expect(full).to_contain_text("Все места заняты")
        expect(full).to_contain_text("отдать вам место робота")
        expect(full.locator("[data-role=watch]")).to_have_attribute(
            "href", f"/play/{gid}#role=projector"
        )
        expect(late.locator("input[name=name]")).to_be_hidden()
        assert wider_than_screen(late) == [] and ids_shown(late) == []
        if size == "390":
            shot(late, "join-full-game-390")
        assert not errors_of(late)
        context.close()

    _, host = new_page(browser, locale="ru-RU", viewport={"width": 1280, "height": 720})
    host.goto(f"{server.url}/play/{gid}#secret={game['host_secret']}")
    lobby = host.locator("[data-panel=lobby]")
    summary = lobby.locator("summary")
    expect(summary).to_be_visible()
    if lobby.locator("details").get_attribute("open") is None:
        summary.click()
    robot_seat = lobby.locator("[data-seat=p4]")
    expect(lobby.locator("[data-seat=p1] [data-action=hand-seat]")).to_have_count(0)
    robot_seat.locator("[data-action=hand-seat]").click()
    box = robot_seat.locator("[data-role=hand-seat-box]")
    expect(box).to_contain_text("всё, что у этого места есть в игре, остаётся")
    box.locator("input[name=hand-p4]").fill("Лиза Новикова")
    robot_seat.scroll_into_view_if_needed()
    shot(host, "lobby-hand-seat-1280")
    box.locator("[data-action=hand-seat-cancel]").click()  # No: nothing changes
    expect(box).to_have_count(0)
    assert _robot_in(api, game, "p4")
    robot_seat.locator("[data-action=hand-seat]").click()
    box.locator("input[name=hand-p4]").fill("Лиза Новикова")
    box.locator("[data-action=hand-seat-confirm]").click()
    link = lobby.locator("[data-role=personal-link]")
    expect(link).to_contain_text("Лиза Новикова")
    expect(robot_seat).to_contain_text("Лиза Новикова")
    expect(robot_seat.locator("[data-action=hand-seat]")).to_have_count(0)
    assert not _robot_in(api, game, "p4")
    path = link.locator("a.joinlink").get_attribute("href") or ""
    assert path.startswith(f"{server.url}/play/{gid}#secret=")

    # Лиза opens her link on her phone: the robot's seat, its money, as hers.
    secret = path.split("#secret=")[1]
    context, liza = new_page(browser, **phone(390, 844))
    liza.goto(path)
    expect(liza.locator("[data-panel=board] .board")).to_be_visible()
    mine, hosts = api.same_version(gid, secret, game["host_secret"])
    assert mine["role"] == "p4"
    assert mine["view"]["accounts"]["p4"] == hosts["view"]["accounts"]["p4"]
    expect(lobby.locator("[data-seat=p4] .dot.on")).to_be_visible()
    assert not errors_of(host) and not errors_of(liza)
    context.close()


def _robot_in(api: Api, game: Json, role: str) -> bool:
    return any(s["robot"] for s in api.lobby(game)["seats"] if s["role"] == role)


def test_a_seat_handed_over_before_the_start_takes_the_persons_name(
    browser: Browser, server: Server, api: Api
) -> None:
    game = full_exchange(api, start=False)
    _, host = new_page(browser, locale="ru-RU", viewport={"width": 1280, "height": 720})
    host.goto(f"{server.url}/play/{game['game_id']}#secret={game['host_secret']}")
    seat = host.locator("[data-panel=lobby] [data-seat=p5]")
    seat.locator("[data-action=hand-seat]").click()
    seat.locator("input[name=hand-p5]").fill("Лиза Новикова")
    seat.locator("[data-action=hand-seat-confirm]").click()
    expect(host.locator("[data-role=personal-link]")).to_contain_text("Лиза Новикова")
    players = api.wait(
        game["game_id"],
        game["host_secret"],
        lambda v: v["players"]["p5"] == "Лиза Новикова",
    )["players"]
    assert players["p4"] == NAMES[3]  # the other robot's seat is untouched
    assert not errors_of(host)
