"""A Quiz Draughts round in real browsers: the host creates it on the start page, two teams
join by code on their own phones (browser contexts), a projector shows the room. Team A's
two-jump capture is entered hop by hop; the first jump is won, the second repelled; team B
captures back and wins (after the host undoes and repeats the deciding judgement)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from web_support import Api, Server, created_game, errors_of, new_page, no_markup_ran, shot

pytestmark = pytest.mark.slow

TEAM_A = "<i>Eagles</i>"
TEAM_B = "Owls <img src=x onerror=window.__xss=1>"


def join_team(browser: Browser, server: Server, host: Page, team: str, name: str) -> Page:
    """A member opens the team's own join link from the host's lobby (the game's code alone
    seats nobody in a team)."""
    code = host.locator(f"[data-role=team-code-{team}]").inner_text()
    _, page = new_page(browser)
    page.goto(f"{server.url}/join/{code}")
    page.click(f"button[data-role={team}]")
    page.fill("input[name=name]", name)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    expect(page.locator("[data-panel=duel]")).to_be_visible()
    return page


def answer(page: Page, text: str) -> None:
    form = page.locator("[data-role=answer-form]")
    expect(form).to_be_visible()
    expect(form.locator("input[name=answer]")).to_have_attribute("maxlength", "500")
    form.locator("input[name=answer]").fill(text)
    form.locator("button[type=submit]").click()


def test_a_quiz_round(browser: Browser, server: Server, api: Api) -> None:
    _, host = new_page(browser)
    host.goto(server.url + "/")
    host.check("input[name=game][value=quiz]")
    host.fill("input[name=q-answer_s]", "")
    host.fill("input[name=team-0-name]", TEAM_A)
    host.fill("input[name=team-0-score]", "5")
    host.fill("textarea[name=team-0-members]", "Ivan @c3")
    host.fill("input[name=team-1-name]", TEAM_B)
    host.fill("input[name=team-1-score]", "3")
    host.fill("textarea[name=team-1-members]", "Boris @d4\n*Olga @f6")
    shot(host, "quiz-start", full_page=True)
    host.click("button[type=submit]:has-text('Create the game')")
    game_id, secret = created_game(host)
    code = host.locator("[data-role=code]").inner_text()
    _, stranger = new_page(browser)
    stranger.goto(f"{server.url}/join/{code}")
    expect(stranger.locator("[data-role=team-code-needed]")).to_be_visible()
    expect(stranger.locator("button[data-role=A]")).to_be_disabled()
    stranger.close()

    eagles = join_team(browser, server, host, "A", "Masha")
    owls = join_team(browser, server, host, "B", "Petya")
    _, projector = new_page(browser)
    projector.goto(f"{server.url}/play/{game_id}#role=projector")
    # Before the start the wall shows the shared lobby (names; team codes only on the host's wall).
    expect(projector.locator("[data-role=wall-codes-elsewhere]")).to_be_visible()  # not the host's
    expect(host.locator("[data-seat=A]")).to_contain_text("Masha")
    host.click("[data-action=start]")
    expect(projector.locator("[data-panel=board] .board")).to_be_visible()
    api.wait(game_id, secret, lambda v: v["phase"] == "move" and v["to_move"] == "A")

    # Eagles (ahead on points) capture c3:e5:g7 hop by hop.
    board = eagles.locator("[data-panel=board] .board.interactive")
    expect(board).to_have_attribute("data-legal", "c3:e5:g7")
    eagles.click(".board [data-square=c3]")
    eagles.click(".board [data-square=e5]")
    expect(eagles.locator(".board [data-square=d4].taken")).to_be_visible()
    eagles.click(".board [data-square=g7]")
    api.wait(game_id, secret, lambda v: v["duel"] is not None)

    # Jump 1: Boris defends and answers wrong → taken.
    host.click("[data-action=ask]")
    expect(owls.locator("[data-role=question]")).to_have_text("Capital of Italy?")
    answer(owls, "Paris")
    expect(host.locator("[data-role=given]")).to_have_text("Paris")
    expect(host.locator("[data-role=answer]")).to_contain_text("Rome")
    expect(projector.locator("[data-role=question]")).to_have_text("Capital of Italy?")
    assert "Rome" not in (projector.locator("main, .proj").first.text_content() or "")
    shot(host, "quiz-host-duel", full_page=True)
    shot(projector, "quiz-projector")
    host.click("[data-action=judge-wrong]")
    api.wait(game_id, secret, lambda v: v["duel"] and v["duel"]["jumps"][0]["result"] == "taken")
    expect(eagles.locator(".board [data-square=d4].taken")).to_be_visible()

    # Jump 2: Olga answers right → the capture is repelled; Ivan stops on e5.
    host.click("[data-action=ask]")
    expect(owls.locator("[data-role=question]")).to_contain_text("squares")
    shot(owls, "quiz-team")
    answer(owls, "64")
    expect(host.locator("[data-role=given]")).to_have_text("64")
    host.click("[data-action=judge-right]")
    view = api.wait(game_id, secret, lambda v: v["duel"] is None and v["to_move"] == "B")
    assert [e["type"] for e in view["events"]].count("capture_repelled") == 1
    assert view["teams"]["A"]["members"][0]["square"] == "e5"
    expect(projector.locator("[data-role=last-judgement]")).to_contain_text("64")

    # Owls must take back: f6:d4; Ivan answers wrong, is taken, and Owls win.
    # Olga is the captain, a flying king: she may land on any square behind Ivan.
    expect(owls.locator("[data-panel=board] .board.interactive")).to_have_attribute(
        "data-legal", re.compile(r"\bf6:d4\b")
    )
    owls.click(".board [data-square=f6]")
    owls.click(".board [data-square=d4]")
    api.wait(game_id, secret, lambda v: v["duel"] is not None)
    host.click("[data-action=ask]")
    answer(eagles, "I do not know")
    host.click("[data-action=judge-wrong]")
    api.wait(game_id, secret, lambda v: v["phase"] == "ended" and v["winner"] == "B")
    # The host undoes the deciding judgement and gives it again.
    host.click("[data-action=undo]")
    api.wait(game_id, secret, lambda v: v["phase"] != "ended" and v["duel"] is not None)
    host.click("[data-action=judge-wrong]")
    view = api.wait(game_id, secret, lambda v: v["phase"] == "ended" and v["winner"] == "B")
    assert view["teams"]["B"]["score"] == 3 + 1 + 1 + 3
    expect(owls.locator("[data-role=ended]")).to_contain_text(TEAM_B)
    expect(projector.locator("[data-role=scores]")).to_contain_text("8")
    shot(projector, "quiz-projector-end")

    owls.click("[data-role=ended] a")
    owls.wait_for_url(re.compile(r"/results/"))
    expect(owls.locator("[data-role=winner]")).to_contain_text(TEAM_B)
    expect(owls.locator("[data-panel=replay]")).to_be_visible()
    shot(owls, "quiz-results", full_page=True)
    for page in (host, eagles, owls, projector):
        no_markup_ran(page)
        assert errors_of(page) == [], errors_of(page)
