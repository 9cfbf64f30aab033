"""The one in-page confirmation (static/js/confirm.js) before what cannot be undone: the quiz
host's «Закончить раунд…» asks, with the winner to choose, in the page (no browser dialog);
«Отмена» changes nothing, «Да» ends the round. (Resigning: test_web_russian; ending a game:
test_web_classroom; playing again: test_web_classes.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from web_support import Api, Json, Server, errors_of, new_page, shot

pytestmark = pytest.mark.slow


def quiz_setup() -> Json:
    def members(prefix: str, names: list[str], squares: list[str]) -> list[Json]:
        return [
            {"id": f"{prefix}{i}", "name": name, "square": square}
            for i, (name, square) in enumerate(zip(names, squares, strict=True), start=1)
        ]

    return {
        "game": "quiz",
        "seed": 3,
        "teams": [
            {"id": "A", "name": "Орлы", "members": members("a", ["Олег Ким"], ["c3"])},
            {"id": "B", "name": "Совы", "members": members("b", ["Вера Орлова"], ["f6"])},
        ],
        "questions": [{"text": "Сколько клеток на доске?", "answer": "64"}],
    }


def test_ending_a_round_asks_first(browser: Browser, server: Server, api: Api) -> None:
    game = api.create("quiz", quiz_setup())
    gid, host = game["game_id"], game["host_secret"]
    api.ok(gid, host, {"type": "start"})
    _, page = new_page(browser, viewport={"width": 1280, "height": 800}, locale="ru-RU")
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: dialogs.append(dialog.message))
    page.goto(f"{server.url}/play/{gid}#secret={host}")
    box = page.locator("[data-role=end-confirm]")
    page.click("[data-action=end-round]")
    expect(box).to_be_visible()
    expect(box).to_contain_text("Закончить раунд сейчас?")
    expect(box.locator("select[name=winner]")).to_be_visible()
    shot(page, "quiz-end-round-confirm-1280")
    version = api.view(gid, host)["version"]
    page.click("[data-action=end-cancel]")
    expect(box).to_be_hidden()
    assert api.view(gid, host)["version"] == version
    page.click("[data-action=end-round]")
    box.locator("select[name=winner]").select_option("B")
    page.click("[data-action=end-confirm]")
    expect(box).to_be_hidden()
    view = api.view(gid, host)["view"]
    assert view["phase"] == "ended" and view["winner"] == "B"
    assert dialogs == [] and errors_of(page) == []
