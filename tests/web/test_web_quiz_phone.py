"""The Quiz Draughts team screen on a phone (390×844 and 360×740, Russian, long names): the
board first while the teams move, the question with its answer box first when it is asked,
names instead of ids, nothing wider than the screen, and notices that no longer apply gone.
A duel is played through: team A captures, the host asks, team B answers, the host judges,
undoes and asks again."""

from __future__ import annotations

import re

import pytest
from phone_checks import PHONES, ids_shown, in_first_screen, wider_than_screen
from playwright.sync_api import Browser, Locator, Page, expect
from web_support import Api, Json, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow

QUESTION = "Как называется столица Франции, город на Сене, где стоит Эйфелева башня?"


def quiz_setup() -> Json:
    members = {
        "A": [("Александра Соколова", "c3", True), ("Константин Константинопольский", "a1", False)],
        "B": [("Аня", "d4", True), ("Борис Борисович Александровский", "h8", False)],
    }
    return {
        "game": "quiz",
        "seed": 1,
        "ruleset": {"duel": "defender", "answer_s": None},
        "teams": [
            {
                "id": team,
                "name": "Орлы Константинопольские" if team == "A" else "Совы",
                "score": 5 if team == "A" else 3,  # the leader moves first
                "members": [
                    {"id": f"m{team}{i}", "name": name, "square": square}
                    | ({"captain": True} if captain else {})
                    for i, (name, square, captain) in enumerate(people, start=1)
                ],
            }
            for team, people in members.items()
        ],
        "questions": [
            {"id": "q1", "text": QUESTION, "answer": "Париж"},
            {"id": "q2", "text": "Сколько клеток на доске?", "answer": "64"},
        ],
    }


def phone_page(browser: Browser, server: Server, game_id: str, secret: str) -> Page:
    options = {"is_mobile": True, "has_touch": True, "locale": "ru-RU"}
    _, page = new_page(browser, viewport={"width": 390, "height": 844}, **options)
    page.goto(f"{server.url}/play/{game_id}#secret={secret}")
    expect(page.locator("[data-panel=board] .board")).to_be_visible()
    return page


def first_at_both_sizes(page: Page, task: Locator, name: str | None = None) -> None:
    """At each phone size, ``task`` is inside the first screen, nothing is wider than the
    screen, no id is shown; a screenshot per size when ``name`` is given."""
    for size, (width, height) in PHONES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => window.scrollTo(0, 0)")
        expect(task.first).to_be_visible()
        assert in_first_screen(page, task.first), (size, task, task.first.bounding_box())
        assert wider_than_screen(page) == [], (size, wider_than_screen(page))
        assert ids_shown(page) == [], (size, ids_shown(page))
        if name:
            shot(page, f"{name}-{size}")
    page.set_viewport_size({"width": 390, "height": 844})


def test_the_team_screen_on_a_phone_through_a_duel(
    browser: Browser, server: Server, api: Api
) -> None:
    game = api.create("quiz", quiz_setup())
    gid, host = game["game_id"], game["host_secret"]
    eagles_seat = api.join(game, "Маша Константинопольская", "A")["secret"]
    owls_seat = api.join(game, "Петя", "B")["secret"]
    eagles = phone_page(browser, server, gid, eagles_seat)
    owls = phone_page(browser, server, gid, owls_seat)
    api.ok(gid, host, {"type": "start"})

    # The eagles' move: their board first, playable.
    expect(eagles.locator("[data-panel=board] .board.interactive")).to_be_visible()
    first_at_both_sizes(eagles, eagles.locator("[data-panel=board] .board"), "quiz-phone-board")
    first_at_both_sizes(eagles, eagles.locator("[data-panel=board] [data-role=to-move]"))
    expect(eagles.locator("[data-role=to-move]")).to_contain_text("Орлы Константинопольские")
    first_at_both_sizes(owls, owls.locator("[data-panel=board] .board"))

    # The capture and the question: on the defenders' phone, the question and its answer box.
    api.ok(gid, eagles_seat, {"type": "move", "move": "c3:e5"})
    api.wait(gid, host, lambda v: v["duel"] is not None)
    api.ok(gid, host, {"type": "ask"})
    question = owls.locator("[data-role=question]")
    expect(question).to_have_text(QUESTION)
    form = owls.locator("[data-role=answer-form]")
    first_at_both_sizes(owls, question)
    first_at_both_sizes(owls, form, "quiz-phone-question")
    first_at_both_sizes(eagles, eagles.locator("[data-role=question]"))

    owls.locator("input[name=answer]").fill("Лион")
    owls.locator("[data-role=answer-form] button[type=submit]").click()
    expect(owls.locator("[data-role=given]")).to_have_text("Лион")
    api.ok(gid, host, {"type": "judge", "correct": False})
    api.ok(gid, host, {"type": "undo_judgement"})
    notice = owls.locator("[data-role=notice]")
    expect(notice).to_be_visible()  # «the judgement was undone»
    api.ok(gid, host, {"type": "judge", "correct": False})
    view = api.wait(gid, host, lambda v: v["duel"] is None)
    expect(notice).to_be_hidden()  # the state moved on: the notice no longer applies
    assert view["to_move"] == "B"

    # The duel is over: the owls move, their board first again; the verdict is below it.
    expect(owls.locator("[data-panel=board] .board.interactive")).to_be_visible()
    expect(owls.locator("[data-role=answer-form]")).to_have_count(0)
    first_at_both_sizes(owls, owls.locator("[data-panel=board] [data-role=to-move]"))
    verdict = owls.locator("[data-role=verdict]")
    expect(verdict).to_be_visible()
    assert re.search(r"невер|Невер", verdict.inner_text()), verdict.inner_text()
    for page in (eagles, owls):
        assert errors_of(page) == [], errors_of(page)
