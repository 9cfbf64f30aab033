"""``GET /api/web/room``: the origins phones can use, for the pages' links and QR codes.

A teacher opens the console and the wall on the laptop itself (``http://localhost:PORT``):
links built from the page's own origin would lead a phone nowhere. The pages ask here
(``static/js/room.js``) and build every link a phone follows from the answer:

- ``public_url`` when the settings give one (a proxy's address): only that;
- else the room URLs the server listens on (``Room.urls``), the default route's first, each
  with its interface's name (the console lets the teacher pick between several);
- ``loopback_only``: the server listens on loopback only (no phone can reach it), with the
  exact ``command`` that listens on the room network.

No secret is needed: the answer says nothing about any game. The machine's interfaces are
read at each request (a few milliseconds at most, in a worker thread; only the host's console
and the wall ask), so a laptop that moved to another network gets its new address on a page
reload; ``BOARDROOM_ROOM_ADDRESSES=a,b`` names them by hand.
The links the server prints at start use the addresses found once at start
(``Settings.room``).

>>> room_json(Settings(host="0.0.0.0", port=8000, room_addresses="192.0.2.2,10.0.0.5"))["origins"]
[{'url': 'http://192.0.2.2:8000', 'interface': '', 'default': True}, \
{'url': 'http://10.0.0.5:8000', 'interface': '', 'default': False}]
>>> room_json(Settings(host="127.0.0.1", port=8001, room_addresses="192.0.2.2"))["command"]
'boardroom serve --port 8001'
>>> room_json(Settings(host="0.0.0.0", public_url="https://draughts.example/"))["origins"]
[{'url': 'https://draughts.example', 'interface': '', 'default': True}]
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter

from boardroom.kernel import Json
from boardroom.server.config import Settings
from boardroom.server.deps import HubDep
from boardroom.server.room import Room

router = APIRouter(prefix="/api/web")


@router.get("/room")
async def room(hub: HubDep) -> Json:
    return await asyncio.to_thread(room_json, hub.settings)  # the interfaces read off the loop


def room_json(settings: Settings) -> Json:
    """Where phones reach this server, for the pages (see the module's text)."""
    if settings.public_url:
        origin = {"url": settings.public_url.rstrip("/"), "interface": "", "default": True}
        return {"public_url": origin["url"], "origins": [origin], "loopback_only": False}
    room = _room_now(settings)
    loopback_only = not room.reachable_from_room(settings.host)
    reply: Json = {"public_url": None, "origins": _origins(room, settings)}
    reply["loopback_only"] = loopback_only
    if loopback_only:
        reply["command"] = room_command(settings.port)
    return reply


def _origins(room: Room, settings: Settings) -> list[Json]:
    """The room URLs the server listens on, each with its interface's name."""
    urls = room.urls(settings.host, settings.port)
    names = {address.url(settings.port): address.interface for address in room.addresses}
    return [
        {"url": url, "interface": names.get(url, ""), "default": i == 0}
        for i, url in enumerate(urls)
    ]


def room_command(port: int) -> str:
    """The command that serves on the room network (the same port, so the pages stay put):
    ``boardroom serve`` listens there unless ``--local`` (docs/lesson.md).

    >>> room_command(8000), room_command(8123)
    ('boardroom serve', 'boardroom serve --port 8123')
    """
    tail = "" if port == Settings().port else f" --port {port}"
    return f"boardroom serve{tail}"


def _room_now(settings: Settings) -> Room:
    """The addresses named in the settings, else the machine's now."""
    given = settings.room_addresses
    return Room.given(given) if given else Room.discover()
