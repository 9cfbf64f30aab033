"""The teacher's key on another device: a short code, used once within minutes, that opens
this browser's saved classes and the chosen games' consoles in another browser.

- ``POST /api/web/handover`` (``Authorization: Bearer <host key>``, ``{"games": [{"id",
  "secret"}]}``): a teacher's code carrying the key and the games whose secret is their
  host's (the others are left out); answers the code, a link with it and that link's QR
  code (made here: the code is in no address the server is asked for).
- ``POST /api/web/handover/take`` (``{"code"}``): the key and the games, once; a wrong,
  expired or used code is refused (``no_handover``), and typing codes is limited per
  address. The first browser keeps its key and its games: nothing is taken from it.

Only the person who made the code receives it; no seat's frame or page hears of it.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import segno
from fastapi import APIRouter, Request

from boardroom.kernel import Json
from boardroom.server.addresses import is_loopback
from boardroom.server.deps import HubDep, address_of, bearer, raw_body
from boardroom.server.errors import ApiError
from boardroom.server.hub import Hub
from boardroom.server.tokens import same_secret
from boardroom.web import kept
from boardroom.web.teacher_code import derive, new_code, seal, shown, typed, unseal

router = APIRouter(prefix="/api/web/handover")
MAX_GAMES = 50
"""The games one code may carry (a browser's whole list, as a rule, fits)."""


def no_handover(reason: str) -> ApiError:
    """A code that opens nothing: ``unknown`` (mistyped, or never made), ``expired``,
    ``used``."""
    text = {
        "unknown": "There is no such teacher's code; check the letters, or make a new code.",
        "expired": "This teacher's code has expired; make a new one on the first device.",
        "used": "This teacher's code was used already; make a new one on the first device.",
    }[reason]
    return ApiError("no_handover", text, 403, reason=reason)


@router.post("")
async def make_code(request: Request, hub: HubDep) -> Json:
    hub.limit("handover_code", address_of(request))
    key = bearer(request)
    kept.owner_of(key)
    body = await raw_body(request, hub)
    games = await asyncio.to_thread(_host_games, hub, body.get("games", []))
    now, ttl = hub.settings.clock(), hub.settings.handover_ttl_s
    await asyncio.to_thread(hub.store.handovers.sweep_handovers, now)
    payload = json.dumps({"key": key, "games": games}).encode()
    while True:  # two live codes alike: one in 2^40 / the live codes; then another code
        code = new_code()
        keys = await asyncio.to_thread(derive, code)
        box = seal(payload, keys)
        if await asyncio.to_thread(
            hub.store.handovers.add_handover, keys.lookup, box, now, now + ttl
        ):
            break
    link = f"{_origin(request, hub)}/#teacher={shown(code)}"
    return {
        "code": shown(code),
        "expires_in": ttl,
        "games": [game["id"] for game in games],
        "link": link,
        "qr": segno.make(link, error="m").svg_data_uri(scale=8, border=2, dark="#111"),
    }


@router.post("/take")
async def take_code(request: Request, hub: HubDep) -> Json:
    hub.limit("handover", address_of(request))
    body = await raw_body(request, hub)
    given = body.get("code")
    code = typed(given) if isinstance(given, str) else None
    if code is None:
        raise no_handover("unknown")
    keys = await asyncio.to_thread(derive, code)
    state, box = await asyncio.to_thread(
        hub.store.handovers.take_handover, keys.lookup, hub.settings.clock()
    )
    opened = unseal(box, keys) if box is not None else None
    if opened is None:
        raise no_handover(state if state != "taken" else "unknown")
    carried = json.loads(opened)
    games = await asyncio.to_thread(_described, hub, carried["games"])
    return {"key": carried["key"], "games": games}


def _host_games(hub: Hub, given: Any) -> list[dict[str, str]]:
    """The games of ``given`` (``[{"id", "secret"}]``) whose secret is their host's."""
    if not isinstance(given, list) or len(given) > MAX_GAMES or not all(_is_game(g) for g in given):
        raise ApiError(
            "bad_request",
            f"Give at most {MAX_GAMES} games, each its 'id' and host 'secret'.",
            reason="games",
            most=MAX_GAMES,
        )
    found: dict[str, str] = {}
    for game in given:
        record = hub.store.games.game(game["id"])
        if record is not None and same_secret(game["secret"], record.host_secret_hash):
            found.setdefault(game["id"], game["secret"])
    return [{"id": game_id, "secret": secret} for game_id, secret in found.items()]


def _is_game(game: Any) -> bool:
    return (
        isinstance(game, dict)
        and isinstance(game.get("id"), str)
        and isinstance(game.get("secret"), str)
        and 0 < len(game["id"]) <= 40
        and 0 < len(game["secret"]) <= 200
    )


def _described(hub: Hub, games: list[dict[str, str]]) -> list[dict[str, str]]:
    """The carried games still kept, each with its join code and kind (for their links)."""
    out = []
    for game in games:
        record = hub.store.games.game(game["id"])
        if record is not None:
            out.append(game | {"code": record.code, "game": record.game})
    return out


def _origin(request: Request, hub: Hub) -> str:
    """Where the other browser opens the link: the page's own address, or the server's
    room address when the page was opened on this machine (``public_url`` wins)."""
    if hub.settings.public_url or is_loopback(request.url.hostname):
        return hub.settings.base_url
    return str(request.base_url).rstrip("/")
