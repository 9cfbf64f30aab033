"""The host's robot choices in a real browser: kind and board level on the start page, per
seat in the lobby, a seat handed to a robot when its person has left; the quiz robot team's
level and accuracy; the same pages on a phone, a laptop and a wide screen, in Russian too."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Server, created_game, errors_of, new_page, shot

pytestmark = pytest.mark.slow

SIZES = {"phone": (390, 844), "laptop": (1280, 720), "wide": (1920, 1080)}


def lobby_robots(api: Api, game_id: str, secret: str) -> dict[str, Any]:
    reply = api.http.get(
        f"/api/games/{game_id}/lobby", headers={"Authorization": f"Bearer {secret}"}
    )
    return {s["role"]: s for s in reply.json()["seats"]}


def create_exchange(page: Page, server: Server) -> tuple[str, str]:
    page.goto(server.url + "/")
    expect(page.locator("select[name=preset]")).to_be_visible()
    page.fill("textarea[name=players]", "Anna\nBoris\nVera\nGleb\nDina")
    page.fill("input[name=robots]", "2")
    page.select_option("select[name=robot-kind]", "raider")
    page.select_option("select[name=robot-level]", "strong")
    page.click("button.primary[type=submit]")
    return created_game(page)


def test_exchange_robot_choices_on_the_start_page_and_in_the_lobby(
    browser: Browser, server: Server, api: Api
) -> None:
    _, host = new_page(browser)
    game_id, secret = create_exchange(host, server)
    seats = host.locator("[data-role=seats]")
    expect(seats.locator("[data-seat=p5]")).to_contain_text("robot · raider · strong")
    expect(seats.locator("[data-seat=p4]")).to_contain_text("robot · raider · strong")
    robots = lobby_robots(api, game_id, secret)
    assert robots["p5"]["robot_choice"]["kind"] == "raider"

    # A free seat: the host picks a speculator at beginner level for it.
    free = seats.locator("[data-seat=p3]")
    free.locator("select[name=robot-kind-p3]").select_option("noise")
    free.locator("select[name=robot-level-p3]").select_option("beginner")
    free.locator("[data-action=robot]").click()
    expect(free).to_contain_text("robot · speculator · beginner")
    assert lobby_robots(api, game_id, secret)["p3"]["robot_choice"] == {
        "kind": "noise",
        "level": "beginner",
        "accuracy": 0.6,
    }

    # Anna joins and leaves: her seat can be handed to a robot, and is hers when she is back.
    code = host.locator("[data-role=code]").inner_text()
    anna = api.join(code, "Anna", "p1")
    context, anna_page = new_page(browser)
    anna_page.goto(f"{server.url}/play/{game_id}#secret={anna['secret']}")
    expect(seats.locator("[data-seat=p1] .dot.on")).to_be_visible()
    context.close()
    expect(seats.locator("[data-seat=p1] [data-action=stand-in]")).to_be_visible()
    for name, (width, height) in SIZES.items():
        host.set_viewport_size({"width": width, "height": height})
        host.locator("[data-seat=p1]").scroll_into_view_if_needed()
        shot(host, f"robots-lobby-{name}")
    seats.locator("[data-seat=p1] select[name=robot-kind-p1]").select_option("director")
    seats.locator("[data-seat=p1] [data-action=stand-in]").click()
    expect(seats.locator("[data-seat=p1]")).to_contain_text("a robot plays until Anna is back")
    assert lobby_robots(api, game_id, secret)["p1"]["stand_in"] is True
    shot(host, "robots-lobby-stand-in")
    _, back = new_page(browser)
    back.goto(f"{server.url}/play/{game_id}#secret={anna['secret']}")
    expect(seats.locator("[data-seat=p1] .dot.on")).to_be_visible()
    expect(seats.locator("[data-seat=p1]")).not_to_contain_text("a robot plays")
    assert "stand_in" not in lobby_robots(api, game_id, secret)["p1"]
    assert not errors_of(host)


def test_start_page_robot_choices_at_three_sizes_and_in_russian(
    browser: Browser, server: Server
) -> None:
    for name, (width, height) in SIZES.items():
        _, page = new_page(browser, viewport={"width": width, "height": height}, locale="ru-RU")
        page.goto(server.url + "/")
        expect(page.locator("select[name=robot-kind]")).to_be_visible()
        expect(page.locator("select[name=robot-kind] option[value=noise]")).to_have_text(
            "спекулянт"
        )
        page.locator("select[name=robot-kind]").scroll_into_view_if_needed()
        shot(page, f"robots-start-{name}")
        page.check("input[name=game][value=quiz]")
        expect(page.locator("input[name=quiz-robot-accuracy]")).to_be_visible()
        page.locator("input[name=quiz-robot-accuracy]").scroll_into_view_if_needed()
        shot(page, f"robots-start-quiz-{name}")
        assert not errors_of(page)
        page.context.close()


def test_quiz_robot_team_level_and_accuracy(browser: Browser, server: Server, api: Api) -> None:
    _, host = new_page(browser)
    host.goto(server.url + "/")
    host.check("input[name=game][value=quiz]")
    host.fill("input[name=quiz-robots]", "1")
    host.select_option("select[name=quiz-robot-level]", "casual")
    host.fill("input[name=quiz-robot-accuracy]", "80")
    host.click("button.primary[type=submit]")
    game_id, secret = created_game(host)
    seats = host.locator("[data-role=seats]")
    expect(seats.locator("[data-seat=B]")).to_contain_text("robot · casual · 80% right")
    assert lobby_robots(api, game_id, secret)["B"]["robot_choice"] == {
        "kind": "mixed",
        "level": "casual",
        "accuracy": 0.8,
    }
    shot(host, "robots-quiz-lobby")
    assert not errors_of(host)
