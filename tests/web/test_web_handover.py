"""Issue 42, the teacher's key on another device, in real Chromium: at home (browser context
A) the teacher saves a class, makes a game and, on its console, a teacher's code; the
school's computer (context B) types it on the start page, sees the saved class and opens the
same console as its host; the teacher's phone (context C) scans the QR code of a second code
and lands on the same. The wall (a page of A) never shows a code, in its DOM or in any frame
it receives; the first browser keeps its console."""

from __future__ import annotations

import io
import re

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, Page, ViewportSize, expect
from test_web_quiz_media import Frames
from web_support import Api, Server, created_game, errors_of, new_page, shot, watch

pytestmark = pytest.mark.slow

CONSOLE: ViewportSize = {"width": 1280, "height": 800}
NAMES = ["Anna Smirnova", "Boris Kim", "Vera Petrova"]


def save_a_class(home: Page) -> None:
    kept = home.locator("[data-panel=kept]")
    kept.locator("[data-role=new-class] summary").click()
    home.fill("input[name=class-name]", "7B")
    home.fill("textarea[name=class-names]", "\n".join(NAMES))
    home.click("button[data-action=save-class]")
    expect(kept.locator("[data-role=kept-status]")).to_have_text("Class “7B” saved: 3 names.")


def make_code(console: Page) -> str:
    panel = console.locator("[data-panel=handover]")
    panel.locator("button[data-action=make-teacher-code]").click()
    code = panel.locator("[data-role=teacher-code]")
    expect(code).to_have_text(re.compile(r"^[A-Z2-9]{4}-[A-Z2-9]{4}$"))
    return code.inner_text()


def qr_link(console: Page) -> str:
    """The link the console's QR code holds, read from the screen as a phone's camera would."""
    picture = console.locator("[data-panel=handover] [data-role=teacher-qr]").screenshot()
    (found,) = zxingcpp.read_barcodes(Image.open(io.BytesIO(picture)))
    return str(found.text)


def test_the_teachers_key_opens_on_another_device(browser: Browser, server: Server) -> None:
    home_context, home = new_page(browser, viewport=CONSOLE)
    home.goto(server.url + "/")
    save_a_class(home)
    home.click("button.primary[type=submit]")
    gid, secret = created_game(home)
    quiz = Api(server.url).create("quiz")  # another game this browser hosts
    home.evaluate(
        "([id, s]) => localStorage.setItem('br:secret:' + id, s)",
        [quiz["game_id"], quiz["host_secret"]],
    )
    home.reload()

    wall = home_context.new_page()  # the projector's window, in the teacher's own browser
    watch(wall)
    frames = Frames(wall)
    wall.goto(f"{server.url}/play/{gid}#role=projector")
    expect(wall.locator("#app")).to_have_attribute("data-role", "projector")

    code = make_code(home)
    home.locator("[data-panel=handover]").scroll_into_view_if_needed()
    shot(home, "console-another-device")
    link = qr_link(home)
    assert link == f"{server.url}/#teacher={code}"

    # The school's computer: the code typed on the start page.
    school_context, school = new_page(browser, viewport=CONSOLE, locale="ru-RU")
    school.goto(server.url + "/")
    entry = school.locator("[data-panel=teacher-code]")
    expect(entry.locator("h2")).to_have_text("Я учитель: открыть с другого устройства")
    entry.locator("input[name=teacher-code]").fill(code.lower().replace("-", " "))
    entry.locator("button[data-action=take-teacher-code]").click()
    expect(entry.locator("[data-role=taken]")).to_contain_text("1 игра — её пульт ниже")
    expect(school.locator("select[name=class-list] option")).to_have_text(
        ["— без класса —", "7B (3 ученика)"]
    )
    again = entry.locator("input[name=teacher-code]")
    again.fill(code)
    entry.locator("button[data-action=take-teacher-code]").click()
    expect(entry.locator("[role=alert]")).to_have_text(
        "Этот код учителя уже использован; сделайте новый на первом устройстве."
    )
    entry.locator(f"[data-role=carried-game][data-game={gid}]").click()
    school.wait_for_url(f"{server.url}/play/{gid}")
    expect(school.locator("#app")).to_have_attribute("data-role", "host")
    expect(school.locator("[data-panel=lobby]")).to_be_visible()

    # The teacher's phone scans the QR code of a second code: the link opens it at once.
    home.locator("button[data-action=hide-teacher-code]").click()
    expect(home.locator("[data-role=teacher-code]")).to_have_count(0)
    home.check("input[name=carry-all]")  # this time every game this browser hosts
    second = make_code(home)
    expect(home.locator("[data-panel=handover]")).to_contain_text(
        "Opens your classes, settings and 2 games"
    )
    phone_context, phone = new_page(
        browser,
        viewport={"width": 390, "height": 844},
        locale="ru-RU",
        is_mobile=True,
        has_touch=True,
    )
    phone.goto(qr_link(home))
    taken = phone.locator("[data-panel=teacher-code] [data-role=taken]")
    expect(taken).to_contain_text("2 игры — их пульты ниже")
    expect(phone.locator(f"[data-role=carried-game][data-game={quiz['game_id']}]")).to_be_visible()
    assert "teacher" not in phone.url  # the code leaves the address bar
    expect(phone.locator("select[name=class-list] option")).to_have_count(2)
    phone.locator("[data-panel=teacher-code]").scroll_into_view_if_needed()
    shot(phone, "start-teacher-code-phone")

    # The first browser keeps its console; the wall saw no code, in its page or its frames.
    home.reload()
    expect(home.locator("#app")).to_have_attribute("data-role", "host")
    assert home.evaluate("(id) => localStorage.getItem('br:secret:' + id)", gid) == secret
    assert frames.texts, "the wall received no frame"
    seen = wall.content() + frames.seen()
    for made in (code, second):
        assert made not in seen and made.replace("-", "") not in seen
    expect(wall.locator("[data-panel=handover]")).to_have_count(0)
    for page in (home, wall, school, phone):
        assert errors_of(page) == []
    for context in (home_context, school_context, phone_context):
        context.close()
