"""Every link and QR code a teacher's pages show leads a phone to the laptop (issue 42).

A laptop is made on this machine (tests/support/netns.py): a network namespace with the room's
network (``eth0``, 198.51.100.2, its default route) and a second one (``wlan0``). Inside it
``boardroom serve --host 0.0.0.0`` runs, and the teacher's Chromium opens the console and the
wall of each kind — the exchange, the quiz with teams, Russian draughts, the class event — at
``http://localhost:PORT``, as a teacher does. Every QR code, decoded from a screenshot, and
every join link points at ``http://198.51.100.2:PORT/…`` and answers 200 from outside the
laptop; a phone outside opens one and takes a seat. The console offers both networks, the
default first; picking the other rewrites the console's links and the wall's beside it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import httpx
import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Browser, Page, expect, sync_playwright
from support.browser import launch
from support.netns import LAPTOP_IP, SECOND_IP, Laptop, LaptopServer, laptop, skip_reason
from test_web_quiz_wall_join import setup as quiz_teams
from web_support import Api, Json, errors_of, new_page, new_phone, shot, watch

pytestmark = pytest.mark.slow
SIZE = {"width": 1280, "height": 720}
QRS = {"exchange": (1, 1), "quiz": (1, 2), "russian": (1, 1), "tournament": (1, 1)}
"""The QR codes each kind's console and wall show: nine in all."""


@pytest.fixture(scope="module", name="where")
def where_fixture() -> Iterator[Laptop]:
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    with laptop() as made:
        yield made


@pytest.fixture(scope="module", name="server")
def server_fixture(
    where: Laptop, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LaptopServer]:
    path = tmp_path_factory.mktemp("room") / "room.sqlite3"
    server = LaptopServer(where, f"sqlite:///{path}", path.with_suffix(".log"), robot_poll_s="0.3")
    with server:
        yield server


@pytest.fixture(scope="module", name="browsers")
def browsers_fixture(
    where: Laptop, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Browser, Browser]]:
    """The teacher's chromium on the laptop, and a phone's outside it."""
    with sync_playwright() as playwright:
        teacher = launch(playwright, where.chromium(tmp_path_factory.mktemp("chromium")))
        phone = launch(playwright)
        try:
            yield teacher, phone
        finally:
            teacher.close()
            phone.close()


def games(api: Api) -> dict[str, Json]:
    return {
        "exchange": api.create("exchange"),
        "quiz": api.create("quiz", quiz_teams()),
        "russian": api.create("russian"),
        "tournament": api.create("tournament", {"title": "5 Б", "rounds": 2}),
    }


def decoded(page: Page, name: str, count: int) -> list[str]:
    """The QR codes on the page once every one has loaded, read from its screenshot."""
    images = page.locator("img[data-room-path]")
    expect(images).to_have_count(count)
    page.wait_for_function(
        "() => [...document.querySelectorAll('img[data-room-path]')]"
        ".every((img) => img.complete && img.naturalWidth > 0)"
    )
    with Image.open(shot(page, name, full_page=True)) as image:
        found = zxingcpp.read_barcodes(image.convert("L"))
    return sorted(code.text for code in found)


def links(page: Page) -> list[str]:
    """Every join link the page shows (an address, or a team's code linking to it)."""
    found: list[str] = page.eval_on_selector_all(
        "a[href*='/join/'], a[data-room-path]", "(all) => all.map((a) => a.href)"
    )
    return found


def the_room(page: Page) -> str:
    """The addresses the page writes out for people to type."""
    return " ".join(page.locator("[data-room-as=bare]").all_inner_texts())


def test_every_link_and_qr_code_leads_a_phone_to_the_laptop(
    server: LaptopServer, browsers: tuple[Browser, Browser]
) -> None:
    started = time.monotonic()
    teacher, phone_browser = browsers
    api = Api(server.url)  # from outside the laptop, through the room's network
    made = games(api)
    laptop_url = f"http://localhost:{server.port}"
    room = f"http://{LAPTOP_IP}:{server.port}/"
    pages: dict[str, tuple[Page, Page]] = {}
    seen: dict[str, list[str]] = {}
    for kind, game in made.items():
        context, console = new_page(teacher, viewport=SIZE, locale="ru-RU")
        console.goto(f"{laptop_url}/play/{game['game_id']}#secret={game['host_secret']}")
        wall = context.new_page()
        watch(wall)
        wall.goto(f"{laptop_url}/play/{game['game_id']}#role=projector")
        on_console, on_wall = QRS[kind]
        seen[f"{kind} console"] = decoded(console, f"room-{kind}-console", on_console) + links(
            console
        )
        seen[f"{kind} wall"] = decoded(wall, f"room-{kind}-wall", on_wall)
        assert the_room(wall).startswith(room.removeprefix("http://")), the_room(wall)
        assert errors_of(console) == [] and errors_of(wall) == []
        pages[kind] = (console, wall)

    # a personal invitation from the Russian draughts console: its link and its QR code
    console = pages["russian"][0]
    console.fill("input[name=invite-black]", "Боря")
    console.locator("li[data-seat=black] button", has_text="Пригласить").click()
    expect(console.locator("[data-role=personal-link] a")).to_contain_text("#secret=")
    seen["russian invitation"] = decoded(console, "room-russian-invitation", 2)

    qr_codes = sum(QRS[kind][0] + QRS[kind][1] for kind in QRS)
    urls = [url for found in seen.values() for url in found]
    assert len(urls) >= qr_codes + 4, seen  # the nine QR codes and a join link on each console
    assert all(url.startswith(room) for url in urls), seen
    assert f"{room}join/{made['quiz']['code']}" in seen["quiz console"]
    assert set(seen["quiz wall"]) < set(seen["quiz console"])  # the teams' codes, linked
    assert any("#secret=" in url for url in seen["russian invitation"]), seen
    with httpx.Client(timeout=10) as http:
        assert {url: http.get(url).status_code for url in set(urls)} == dict.fromkeys(
            set(urls), 200
        )

    # the console offers both networks of the laptop, the default route's first
    console, wall = pages["exchange"]
    choices = console.locator("[data-role=room-pick] label")
    options = [" ".join(text.split()) for text in choices.all_text_contents()]
    assert options[0] == f"{LAPTOP_IP}:{server.port} (eth0, основная сеть)", options
    assert options[1] == f"{SECOND_IP}:{server.port} (wlan0)", options
    expect(choices.first.locator("input")).to_be_checked()
    shot(console, "room-console-picker")
    shot(wall, "room-wall-qr")

    # a phone outside the laptop scans the exchange's wall and takes a seat
    phone = new_phone(phone_browser)
    (join_url,) = seen["exchange wall"]
    phone.goto(join_url)
    phone.click("button[data-role=p1]")
    phone.fill("input[name=name]", "Аня")
    phone.click("button[type=submit]")
    phone.wait_for_url(re.compile(rf"^{re.escape(room)}play/g[0-9a-f]+#secret="))
    seats = api.lobby(made["exchange"])["seats"]
    assert {"role": "p1", "name": "Аня"}.items() <= next(
        s for s in seats if s["role"] == "p1"
    ).items()

    # the teacher picks the other network: the console's links and the wall beside it follow
    choices.nth(1).click()
    other = f"http://{SECOND_IP}:{server.port}/join/{made['exchange']['code']}"
    expect(console.locator("[data-role=join-link]")).to_have_text(other)
    expect(wall.locator("[data-room-as=bare]")).to_have_text(other.removeprefix("http://"))
    console.reload()
    expect(console.locator("[data-role=join-link]")).to_have_text(other)  # remembered
    expect(choices.nth(1).locator("input")).to_be_checked()
    print(f"room links: {time.monotonic() - started:.1f} s")
