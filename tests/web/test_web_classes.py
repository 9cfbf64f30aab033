"""Issue 36, part B, in a real browser: the host saves a class and a preset on the start page,
starts a game from them (a pupil taps her name on the join page), ends it, the server
restarts on the same database, and "Play again" on the results page makes the same game for
the same class: the host lands in its lobby with the same names, and the start page still
lists the class and the preset."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from support.servers import Server
from web_support import Api, created_game, errors_of, new_page, new_phone, shot

pytestmark = pytest.mark.slow

NAMES = ["Anna Smirnova", "Boris Kim", "Vera Petrova"]
LAPTOP: ViewportSize = {"width": 1280, "height": 720}
PHONE: ViewportSize = {"width": 390, "height": 844}


def save_class_and_preset(host: Page) -> None:
    kept = host.locator("[data-panel=kept]")
    expect(kept.locator("select[name=class-list]")).to_have_value("")
    kept.locator("[data-role=new-class] summary").click()
    host.fill("input[name=class-name]", "7B")
    host.fill("textarea[name=class-names]", "\n".join(NAMES) + "\n\n" + NAMES[0] + "\n")
    host.click("button[data-action=save-class]")
    status = kept.locator("[data-role=kept-status]")
    expect(status).to_have_text("Class “7B” saved: 3 names.")
    expect(host.locator("textarea[name=players]")).to_have_value("\n".join(NAMES))
    # Every kind's form takes the class: the quiz deals it to the teams in turn, Russian
    # draughts names its sides; the exchange's presets are not offered for another game.
    host.check("input[name=game][value=quiz]")
    expect(host.locator("textarea[name=team-0-members]")).to_have_value(f"{NAMES[0]}\n{NAMES[2]}")
    expect(host.locator("textarea[name=team-1-members]")).to_have_value(NAMES[1])
    host.check("input[name=game][value=russian]")
    expect(host.locator("input[name=white-name]")).to_have_value(NAMES[0])
    expect(host.locator("input[name=black-name]")).to_have_value(NAMES[1])
    host.check("input[name=game][value=exchange]")
    host.fill("input[name=years]", "1")
    host.fill("input[name=preset-name]", "One short year")
    host.click("button[data-action=save-preset]")
    expect(status).to_have_text("Settings “One short year” saved.")
    # The preset fills the settings back after they were changed.
    host.fill("input[name=years]", "3")
    host.select_option("select[name=named-preset]", "")
    host.select_option("select[name=named-preset]", label="One short year")
    expect(host.locator("input[name=years]")).to_have_value("1")
    host.check("input[name=game][value=quiz]")
    expect(host.locator("select[name=named-preset] option")).to_have_text(["— none —"])
    host.check("input[name=game][value=exchange]")
    expect(host.locator("select[name=named-preset] option")).to_have_count(2)
    host.select_option("select[name=named-preset]", label="One short year")


def pickers_shot(host: Page, name: str, size: ViewportSize) -> None:
    host.set_viewport_size(size)
    host.evaluate("document.querySelector('[data-panel=kept]').scrollIntoView()")
    shot(host, name)


def pupil_taps_her_name(
    browser: Browser, server: Server, code: str, offered: list[str] = NAMES, seat: int = 3
) -> Page:
    """A pupil's phone on the join page: the names ``offered`` (those without a seat), and
    the one of seat ``p<seat>`` tapped."""
    pupil = new_phone(browser)
    pupil.goto(f"{server.url}/join/{code}")
    names = pupil.locator("[data-role=class-names] button")
    expect(names).to_have_text(offered)
    names.filter(has_text=NAMES[seat - 1]).click()
    expect(pupil.locator("input[name=name]")).to_have_value(NAMES[seat - 1])
    expect(pupil.locator(f"button[data-role=p{seat}]")).to_have_class(re.compile("picked"))
    return pupil


def test_a_class_kept_across_a_restart_plays_again(browser: Browser, tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'classes.sqlite3'}", tmp_path / "classes.log")
    server.start()
    try:
        api = Api(server.url)
        host_context, host = new_page(browser, viewport=LAPTOP)
        host.goto(server.url + "/")
        save_class_and_preset(host)
        pickers_shot(host, "start-classes-laptop", LAPTOP)
        pickers_shot(host, "start-classes-phone", PHONE)
        host.set_viewport_size(LAPTOP)
        host.click("button.primary[type=submit]")
        gid, secret = created_game(host)
        code = host.locator("[data-role=code]").inner_text()
        pupil = pupil_taps_her_name(browser, server, code)
        shot(pupil, "join-class-names-phone")
        pupil.click("button[type=submit]")
        pupil.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
        assert api.view(gid, secret)["view"]["players"]["p3"] == NAMES[2]
        host.click("button[data-action=start]")
        host.click("button[data-action=end-game]")
        host.click("button[data-action=end-game-confirm]")
        api.wait(gid, secret, lambda v: v["phase"] == "ended")

        server.stop()  # the same database file, a new process
        server.start()
        host.goto(f"{server.url}/results/{gid}")
        # The people who played, kept as a class of their own (only Vera joined).
        keep = host.locator("[data-panel=keep-class]")
        keep.locator("input[name=class-name]").fill("7B, those who came")
        keep.locator("button[data-action=save-class]").click()
        expect(keep.locator("[data-role=class-saved]")).to_have_text(
            "Class “7B, those who came” saved: 1 name."
        )
        again = host.locator("main")
        again.locator("button[data-action=play-again]").click()
        confirm = again.locator("[data-role=play-again-confirm]")
        expect(confirm).to_contain_text("same settings and the same class?")
        host.evaluate("window.scrollTo(0, 0)")
        shot(host, "results-play-again-laptop")
        confirm.locator("button[data-action=play-again-no]").click()
        expect(confirm).to_be_hidden()
        again.locator("button[data-action=play-again]").click()
        confirm.locator("button[data-action=play-again-yes]").click()
        new_gid, new_secret = created_game(host)
        assert new_gid != gid
        lobby = host.locator("[data-panel=lobby]")
        for n, name in enumerate(NAMES, start=1):
            expect(lobby.locator(f"li[data-seat=p{n}]")).to_contain_text(name)
        assert api.view(new_gid, new_secret)["view"]["ruleset"]["years"] == 1
        new_code = host.locator("[data-role=code]").inner_text()
        assert new_code != code
        # Vera went on with the game into her own seat; only the others' names are offered.
        pupil.wait_for_url(re.compile(rf"/play/{new_gid}#secret="))
        late = pupil_taps_her_name(browser, server, new_code, NAMES[:2], seat=1)

        host.goto(server.url + "/")
        expect(host.locator("select[name=class-list] option")).to_have_text(
            ["— no class —", "7B (3 pupils)", "7B, those who came (1 pupil)"]
        )
        expect(host.locator("select[name=named-preset] option")).to_have_text(
            ["— none —", "One short year"]
        )
        for page in (host, pupil, late):
            assert errors_of(page) == []
        host_context.close()
    finally:
        server.stop()
