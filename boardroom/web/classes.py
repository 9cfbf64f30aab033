"""The host's class lists and named presets, kept across games, and "play it again".

Class lists and presets are the host key's (``Authorization: Bearer <host key>``): another
key finds nothing, told the same as nothing.

- ``POST /api/web/host-key``: a new host key (the start page keeps it in the browser).
- ``GET|POST /api/web/classes``, ``DELETE /api/web/classes/{id}``: the key's class lists; a
  new one from ``names`` (a list), ``text`` (pasted, one name a line) or ``game`` (a game's
  id and its host secret: the names of the people who played it).
- ``GET|POST /api/web/named-presets``, ``DELETE /api/web/named-presets/{id}``: the key's
  presets, each a game kind and its settings under a name.
- ``POST /api/web/games/{id}/class`` (host): the names the game's join page offers;
  ``GET /api/web/join/{code}/class``: those names.
- ``POST /api/web/games/{id}/again`` (host): a new game with the same setup, robots and class,
  its people kept in their seats (``boardroom.server.goes_on``); the same game if asked again.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request

from boardroom.kernel import Json
from boardroom.server.app import created_json
from boardroom.server.deps import HostDep, HubDep, address_of, bearer, raw_body, secret_of
from boardroom.server.hub import Hub
from boardroom.server.runtime import HOST
from boardroom.server.seats import host_only
from boardroom.server.tokens import new_opaque_id, new_secret
from boardroom.store import ClassList, NamedPreset
from boardroom.web import class_page, kept

router = APIRouter(prefix="/api/web")


@router.post("/host-key")
async def host_key(request: Request, hub: HubDep) -> Json:
    hub.limit("draft", address_of(request))
    return {"key": new_secret()}


@router.get("/classes")
async def classes(request: Request, hub: HubDep) -> Json:
    owner = kept.owner_of(bearer(request))
    found = await asyncio.to_thread(hub.store.shelf.class_lists, owner)
    return {"classes": [kept.class_json(c.list_id, c.name, c.names) for c in found]}


@router.post("/classes")
async def save_class(request: Request, hub: HubDep) -> Json:
    owner = kept.owner_of(bearer(request))
    body = await raw_body(request, hub)
    name = kept.class_title(body)
    names = kept.checked_names(await _names(body, hub))
    have = await asyncio.to_thread(hub.store.shelf.class_lists, owner)
    if len(have) >= kept.MAX_KEPT and all(c.name != name for c in have):
        raise kept.too_many_classes()
    made = ClassList(new_opaque_id("c-"), name, names, hub.settings.clock())
    saved = await asyncio.to_thread(hub.store.shelf.save_class, owner, made)
    return kept.class_json(saved.list_id, saved.name, saved.names)


async def _names(body: Json, hub: Hub) -> list[str]:
    """The names a new class list is given, from exactly one of its three sources."""
    given = [k for k in ("names", "text", "game") if body.get(k) is not None]
    if len(given) != 1:
        raise kept.no_source()
    if given[0] != "game":
        return kept.clean_names(body[given[0]])
    game = body["game"]
    if not isinstance(game, dict) or not all(
        isinstance(game.get(k), str) for k in ("id", "secret")
    ):
        raise kept.no_source()
    seat = await hub.seats.authenticate(game["id"], game["secret"])
    host_only(seat)
    seats = await asyncio.to_thread(hub.store.games.seats, game["id"])
    order = {role: i for i, role in enumerate(hub.seats.roles(await hub.get(game["id"])))}
    people = [s for s in seats if not s.robot and s.role not in (HOST, "projector")]
    people.sort(key=lambda s: (order.get(s.role, len(order)), s.seat_id))
    players = [s.name for s in people]
    names = kept.clean_names(players)
    if not names:
        raise kept.no_players()
    return names


@router.delete("/classes/{list_id}")
async def delete_class(list_id: str, request: Request, hub: HubDep) -> Json:
    owner = kept.owner_of(bearer(request))
    if not await asyncio.to_thread(hub.store.shelf.delete_class, owner, list_id[:40]):
        raise kept.no_class()
    return {"deleted": list_id}


@router.get("/named-presets")
async def presets(request: Request, hub: HubDep) -> Json:
    owner = kept.owner_of(bearer(request))
    found = await asyncio.to_thread(hub.store.shelf.presets_of, owner)
    return {"presets": [_preset_json(p) for p in found]}


@router.post("/named-presets")
async def save_preset(request: Request, hub: HubDep) -> Json:
    owner = kept.owner_of(bearer(request))
    body = await raw_body(request, hub)
    name = kept.preset_title(body)
    game = kept.preset_game(body)
    settings = kept.preset_settings(body)
    have = await asyncio.to_thread(hub.store.shelf.presets_of, owner)
    if len(have) >= kept.MAX_KEPT and all((p.game, p.name) != (game, name) for p in have):
        raise kept.too_many_presets()
    made = NamedPreset(new_opaque_id("p-"), name, game, settings, hub.settings.clock())
    return _preset_json(await asyncio.to_thread(hub.store.shelf.save_preset, owner, made))


@router.delete("/named-presets/{preset_id}")
async def delete_preset(preset_id: str, request: Request, hub: HubDep) -> Json:
    owner = kept.owner_of(bearer(request))
    if not await asyncio.to_thread(hub.store.shelf.delete_preset, owner, preset_id[:40]):
        raise kept.no_preset()
    return {"deleted": preset_id}


def _preset_json(preset: NamedPreset) -> Json:
    return {"id": preset.preset_id, "name": preset.name, "game": preset.game} | {
        "settings": preset.settings
    }


@router.post("/games/{game_id}/class")
async def game_class(game_id: str, at: HostDep, request: Request, hub: HubDep) -> Json:
    body = await raw_body(request, hub)
    names = kept.checked_names(kept.clean_names(body.get("names")))
    await asyncio.to_thread(hub.store.shelf.set_game_class, game_id, names)
    return {"names": names}


@router.get("/join/{code}/class")
async def join_class(code: str, hub: HubDep) -> Json:
    """The class's names that have no seat yet, while a seat is free (the names of those
    seated, and every name of a full game, are not offered)."""
    live, team = await hub.seats.join_target(code)
    names = await asyncio.to_thread(hub.store.shelf.game_class, live.game_id)
    if not names:
        return {"names": []}
    taken = await hub.seats.taken(live)
    seated = {_same(s.name) for s in taken if not s.robot and s.role != "projector"}
    board = await hub.seats.board(live)
    closed = live.kind.team_codes
    free = any(b["free"] and (not closed or b["role"] == team) for b in board)
    return {"names": [n for n in names if _same(n) not in seated] if free else []}


def _same(name: str) -> str:
    """A name as two people would be told apart: case and spaces aside."""
    return " ".join(name.split()).casefold()


@router.post("/games/{game_id}/again")
async def again(game_id: str, at: HostDep, request: Request, hub: HubDep) -> Json:
    """The game this one goes on in, made as this one was (its setup, robots, class), its
    people kept in their seats; asked again, the same game (``boardroom.server.goes_on``)."""
    if at.live.record.next_game is None:
        hub.limit("create", address_of(request))
    made = await hub.goes_on.again(at.live, secret_of(request, game_id) or "")
    record = made.record
    await class_page.link_again(hub, game_id, record.game_id)
    return created_json(hub, record.game_id, record.code, record.game, made.host_secret)
