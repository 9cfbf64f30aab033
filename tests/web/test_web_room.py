"""``GET /api/web/room``, the origins the pages build phones' links from, over a real socket:
``public_url`` alone when set; the room's addresses, default first, when the server listens on
the room network (named by hand with ``BOARDROOM_ROOM_ADDRESSES``); on loopback only, no
origin and the exact command that listens on the room network, which the console shows in
one sentence. No secret is asked for."""

from __future__ import annotations

import re

import httpx
import uvicorn
from playwright.sync_api import Browser, expect
from support import free_port
from support.servers import in_thread
from web_support import Api, Server, errors_of, new_page

from boardroom.server.config import Settings
from boardroom.web.serve import build_app

CASES = {
    "several addresses": (
        {"host": "0.0.0.0", "port": 8123, "room_addresses": "192.0.2.9, 198.51.100.4"},
        {
            "public_url": None,
            "origins": [
                {"url": "http://192.0.2.9:8123", "interface": "", "default": True},
                {"url": "http://198.51.100.4:8123", "interface": "", "default": False},
            ],
            "loopback_only": False,
        },
    ),
    "public_url wins": (
        {"host": "0.0.0.0", "room_addresses": "192.0.2.9", "public_url": "https://x.example/"},
        {
            "public_url": "https://x.example",
            "origins": [{"url": "https://x.example", "interface": "", "default": True}],
            "loopback_only": False,
        },
    ),
    "loopback only": (
        {"host": "127.0.0.1", "port": 8123, "room_addresses": "192.0.2.9"},
        {
            "public_url": None,
            "origins": [],
            "loopback_only": True,
            "command": "boardroom serve --port 8123",
        },
    ),
    "one address listened on": (
        {"host": "192.0.2.9", "port": 8000, "room_addresses": "198.51.100.4,192.0.2.9"},
        {
            "public_url": None,
            "origins": [{"url": "http://192.0.2.9:8000", "interface": "", "default": True}],
            "loopback_only": False,
        },
    ),
}


def test_the_room_origins() -> None:
    """One app on a loopback socket, asked under each case's settings (the app answers from
    its settings whatever ``host`` they name)."""
    port = free_port()
    settings = Settings(db_url="sqlite:///:memory:", demo=False)
    config = uvicorn.Config(build_app(settings), host="127.0.0.1", port=port, log_level="warning")
    with in_thread(config, start_s=60), httpx.Client(timeout=10) as http:
        for case, (given, expected) in CASES.items():
            fresh = Settings(db_url=settings.db_url, demo=False, **given)  # type: ignore[arg-type]
            for name in ("host", "port", "public_url", "room_addresses"):
                setattr(settings, name, getattr(fresh, name))
            reply = http.get(f"http://127.0.0.1:{port}/api/web/room")  # no secret
            assert reply.status_code == 200, (case, reply.text)
            assert reply.json() == expected, case


def test_a_console_on_a_loopback_only_server_gives_the_command(
    browser: Browser, server: Server, api: Api
) -> None:
    """The server of the suites listens on 127.0.0.1: no phone reaches it. The console says
    so in one sentence with the exact command, and its links stay this computer's."""
    game = api.create("exchange")
    _, console = new_page(browser, viewport={"width": 1280, "height": 720})
    console.goto(f"{server.url}/play/{game['game_id']}#secret={game['host_secret']}")
    command = f"boardroom serve --port {server.port}"
    banner = console.locator("[data-role=room-loopback]")
    expect(banner).to_have_text(re.compile(rf"^Phones cannot reach this server .*{command}$"))
    expect(banner.locator("code")).to_have_text(command)
    expect(console.locator("[data-role=join-link]")).to_have_text(
        f"{server.url}/join/{game['code']}"
    )
    assert console.locator("[data-role=room-pick]").count() == 0
    assert errors_of(console) == []
