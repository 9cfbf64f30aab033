"""``GET /api/web/room``, the origins the pages build phones' links from, over a real socket:
``public_url`` alone when set; the room's addresses, default first, when the server listens on
the room network (named by hand with ``BOARDROOM_ROOM_ADDRESSES``); on loopback only, no
origin and the exact command that listens on the room network. No secret is asked for."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import httpx
import pytest
import uvicorn
from support import free_port
from support.servers import in_thread

from boardroom.server.config import Settings
from boardroom.web.serve import build_app


@contextlib.contextmanager
def room_of(**given: object) -> Iterator[httpx.Response]:
    """``GET /api/web/room`` of the app made with settings ``given`` (the app itself on a
    loopback socket whatever ``host`` the settings name)."""
    port = free_port()
    settings = Settings.from_env({}, db_url="sqlite:///:memory:", demo=False, **given)
    config = uvicorn.Config(build_app(settings), host="127.0.0.1", port=port, log_level="warning")
    with in_thread(config, start_s=60):
        yield httpx.get(f"http://127.0.0.1:{port}/api/web/room", timeout=10)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (
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
        (
            {"host": "0.0.0.0", "room_addresses": "192.0.2.9", "public_url": "https://x.example/"},
            {
                "public_url": "https://x.example",
                "origins": [{"url": "https://x.example", "interface": "", "default": True}],
                "loopback_only": False,
            },
        ),
        (
            {"host": "127.0.0.1", "port": 8123, "room_addresses": "192.0.2.9"},
            {
                "public_url": None,
                "origins": [],
                "loopback_only": True,
                "command": "boardroom serve --host 0.0.0.0 --port 8123",
            },
        ),
        (
            {"host": "192.0.2.9", "port": 8000, "room_addresses": "198.51.100.4,192.0.2.9"},
            {
                "public_url": None,
                "origins": [{"url": "http://192.0.2.9:8000", "interface": "", "default": True}],
                "loopback_only": False,
            },
        ),
    ],
    ids=["several-addresses", "public-url-wins", "loopback-only", "one-address-listened-on"],
)
def test_the_room_origins(given: dict[str, object], expected: dict[str, object]) -> None:
    with room_of(**given) as reply:
        assert reply.status_code == 200, reply.text
        assert reply.json() == expected
