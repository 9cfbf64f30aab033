"""The few endpoints the pages need beyond the server's API, under ``/api/web/``.

- ``GET /api/web/kinds``: the game kinds (seats shared or not, presets, downloads).
- ``GET /api/web/join/{code}``: the game a code opens and its seats (public labels only).
- ``GET /api/web/games/{id}/me``: the seat a secret opens, and the game clock.
- ``GET /api/web/clock/{id}``: the game clock (seconds since the game was created).
- ``POST /api/web/games/{id}/invite`` (host): seat a named person, get their personal link.
- ``POST /api/web/games/{id}/hand-over`` (host): a robot's seat to a named person (the robot
  leaves, the seat keeps what it holds), their personal link.
- ``GET /api/web/presets``, ``POST /api/web/bank?format=csv&name=…``: the start page's ruleset
  presets, and a question bank read (or every bad row reported) before the game exists, with
  a preview; ``format=files`` takes several files at once (``bank.read_upload``).
- ``GET /api/web/qr.svg?data=…``: a QR code, made here (the room may have no internet).
- ``GET /api/web/games/{id}/replay`` and the kind's downloads (``…/pdn``, ``…/trades.csv``,
  ``…/ledger.csv`` for the exchange; every kind's ``…/pupils.csv`` and ``…/xlsx``), and
  ``…/report`` (the per-pupil report for the results page): each from the seat's own view.
"""

from __future__ import annotations

import asyncio
import copy
import io

import orjson
import segno
from fastapi import APIRouter, Query, Request, Response

from boardroom.games.registry import KINDS
from boardroom.kernel import Json
from boardroom.server import banks, framing, media
from boardroom.server.app import request_language, seat_json
from boardroom.server.deps import HostDep, HubDep, SeatDep, address_of, bearer, raw_body
from boardroom.server.errors import ApiError
from boardroom.server.hub import Hub
from boardroom.server.live import LiveGame, Seat
from boardroom.web import exports
from boardroom.web.coach import mistakes_by_side

MAX_QR = 400
MAX_NAME = 40
router = APIRouter(prefix="/api/web")


@router.get("/kinds")
async def kinds() -> Json:
    """Every game kind the start page offers, in the registry's order."""
    return {
        "kinds": [
            {"name": kind.name, "shared_roles": kind.shared_roles}
            | {"downloads": _downloads(kind.name)}
            for kind in KINDS.values()
        ]
    }


def _downloads(game: str) -> list[Json]:
    offered = exports.DOWNLOADS.get(game, {})
    return [{"name": name, "filename": made.filename} for name, made in offered.items()]


@router.get("/join/{code}")
async def join_info(code: str, hub: HubDep) -> Json:
    """What a joining person may read: the roles' public names and which are free. With
    team codes, only the team a code names is free (the game's code seats no team)."""
    live, team = await hub.seats.join_target(code)
    public = live.view("projector")
    board = await hub.seats.board(live)
    labels = live.kind.seat_labels(public, [seat["role"] for seat in board])
    closed = live.kind.team_codes
    return {
        "game_id": live.game_id,
        "game": live.record.game,
        "lang": live.record.lang,
        "code": code.strip().upper() if team else live.record.code,
        "team_code_needed": closed and team is None,
        "team": team,
        "started": public.get("phase") not in ("setup", "gathering", None),
        "gathering": public.get("phase") == "gathering",
        "shared": live.kind.shared_roles,
        "roles": [
            {"role": seat["role"], **labels[seat["role"]]}
            | {k: seat[k] for k in ("people", "robot")}
            | {"free": seat["free"] and (not closed or seat["role"] == team)}
            for seat in board
        ],
    }


@router.get("/presets")
async def presets() -> Json:
    return {kind.name: kind.presets() for kind in KINDS.values()}


@router.post("/draft")
async def draft(request: Request, hub: HubDep) -> Json:
    """A creation ticket for the start page: its bank uploads carry it, and the game made
    with it keeps their media (``server.drafts``)."""
    hub.limit("draft", address_of(request))
    return await hub.drafts.issue()


@router.post("/bank")
async def bank(
    request: Request,
    hub: HubDep,
    format: str | None = Query(None, max_length=8),
    name: str | None = Query(None, max_length=200),
    prices: bool = Query(False),
) -> Json:
    """A question bank read for a game being made: the upload carries the start page's
    creation ticket (``Authorization: Bearer d…``); without an open one nothing is read
    or stored. The media found are the draft's until a game made with it takes them.
    ``prices=1``: a SIGame package's prices become its questions' points."""
    hub.limit("bank", address_of(request))
    opened = await hub.drafts.open(bearer(request))
    data = await request.body()
    read = await banks.read_bank(hub.settings, hub.bank_slots, data, format, name, prices)
    now = hub.settings.clock()
    await asyncio.to_thread(
        media.keep_found, hub.store.uploads, read.found, opened.owner, opened.expires_at, now
    )
    return read.reply


@router.get("/games/{game_id}/media/{media_id}")
async def media_file(media_id: str, at: SeatDep, hub: HubDep) -> Response:
    """A media file by the game's own id for it, to a seat that may see it now; an id no
    question has and one the seat may not see yet get the same 404."""
    blob = at.live.kind.media(at.live.journal.state, at.seat.role, media_id[:80])
    kept = await asyncio.to_thread(hub.store.uploads.media, blob) if blob else None
    if kept is None:
        raise ApiError("no_media", "There is no such file, or it cannot be shown yet.", 404)
    content_type, data = kept
    headers = {
        "Cache-Control": "private, max-age=86400",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        "Content-Disposition": "inline",
    }
    return Response(data, media_type=content_type, headers=headers)


@router.get("/games/{game_id}/me")
async def me(at: SeatDep, hub: HubDep) -> Json:
    return seat_json(at.seat, at.live) | {
        "name": at.seat.name,
        "game_time": hub.game_time(at.live),
        "version": at.live.version,
    }


@router.get("/clock/{game_id}")
async def clock(game_id: str, hub: HubDep) -> Json:
    live = await hub.get(game_id)
    return {"game_time": hub.game_time(live)}


@router.post("/games/{game_id}/invite")
async def invite(game_id: str, at: HostDep, request: Request, hub: HubDep) -> Json:
    body = await raw_body(request, hub)
    name, role = _seat_request(body)
    placed, secret = await hub.seats.join(at.live, name, role)
    await hub.lobby.notify(at.live)
    return _personal_link(game_id, placed, secret)


def _seat_request(body: Json) -> tuple[str, str]:
    """The name (trimmed) and the role a host's invitation or hand-over names."""
    name, role = body.get("name"), body.get("role")
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
        raise ApiError(
            "bad_request",
            f"'name' must be 1 to {MAX_NAME} characters.",
            reason="name",
            most=MAX_NAME,
        )
    if not isinstance(role, str):
        raise ApiError("bad_request", "'role' must name a seat of this game.", reason="role")
    return name.strip(), role


def _personal_link(game_id: str, placed: Seat, secret: str) -> Json:
    return {
        "seat": placed.seat_id,
        "role": placed.role,
        "name": placed.name,
        "secret": secret,
        "path": f"/play/{game_id}#secret={secret}",
    }


@router.post("/games/{game_id}/hand-over")
async def hand_over(game_id: str, at: HostDep, request: Request, hub: HubDep) -> Json:
    """Host: a robot's seat to a late person, in one step — their personal link."""
    body = await raw_body(request, hub)
    name, role = _seat_request(body)
    placed, secret = await hub.robots.hand_over(at.live, role, name)
    return _personal_link(game_id, placed, secret)


@router.get("/qr.svg")
async def qr(data: str = Query(..., max_length=MAX_QR)) -> Response:
    code = segno.make(data, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=8, border=2, dark="#111", light="#fff", xmldecl=False)
    headers = {"Cache-Control": "max-age=3600"}
    return Response(out.getvalue(), media_type="image/svg+xml", headers=headers)


@router.get("/games/{game_id}/replay")
async def replay(at: SeatDep, hub: HubDep) -> Response:
    bodies = await hub.stored_events(at.live)
    frames = await asyncio.to_thread(_frames, at.live, at.seat.role, bodies)
    return Response(exports.encode({"frames": frames}), media_type="application/json")


@router.get("/games/{game_id}/report")
async def report(at: SeatDep, request: Request, hub: HubDep) -> Json:
    """The per-pupil report of the game, from the asking seat's own view."""
    view = await _seen(at.live, at.seat.role, hub)
    game, lang = at.live.record.game, request_language(request)
    return await asyncio.to_thread(exports.report_json, view, game, lang)


@router.get("/games/{game_id}/{download}")
async def download(
    game_id: str, download: str, at: SeatDep, request: Request, hub: HubDep
) -> Response:
    """One of the kind's downloads, made from the asking seat's own view."""
    offered = exports.DOWNLOADS.get(at.live.record.game, {})
    if download not in offered:
        raise ApiError(
            "no_download", f"This game has no download {download!r}.", 404, download=download
        )
    made = offered[download]
    view = await _seen(at.live, at.seat.role, hub)
    text = await asyncio.to_thread(made.make, view, game_id, request_language(request))
    name = made.filename.format(game_id=game_id, stem=at.live.record.file_stem())
    return _download(text, name, made.media_type)


def _snapshot(live: LiveGame, role: str) -> Json:
    """The seat's view as its page receives it (JSON), a copy of its own: a file is made
    from it in a worker thread (a workbook takes a few hundred ms) while the game goes on."""
    copied: Json = orjson.loads(framing.dumps(live.view(role)))
    return copied


def _reviewed(view: Json, live: LiveGame, hub: Hub) -> Json:
    """The view with the coach's count of mistakes by side when the review is ready (never
    waited for: a report asked earlier has no such column)."""
    review = hub.coach.done.get(live.game_id) if view.get("phase") == "ended" else None
    return view if review is None else view | {"coach": mistakes_by_side(review)}


async def _seen(live: LiveGame, role: str, hub: Hub) -> Json:
    """What a report or a download is made from: the seat's view (:func:`_reviewed`) with
    the roles robots play (``robots``), for the report to mark them."""
    view = _reviewed(_snapshot(live, role), live, hub)
    robots = [seat["role"] for seat in await hub.seats.board(live) if seat["robot"]]
    return view | {"robots": robots} if robots else view


def _frames(live: LiveGame, role: str, bodies: list[tuple[int, float, Json]]) -> list[Json]:
    """Fold the stored events from the setup; a frame of ``role``'s view at each step."""
    rules = live.kind.rules
    state = rules.setup(copy.deepcopy(live.record.spec))
    frames = [exports.frame_of(rules.view(state, role), 0, 0.0, {"type": "setup"})]
    for version, at, event in bodies:
        state = rules.evolve(state, event)
        if event.get("type") in live.kind.frame_events:
            frames.append(exports.frame_of(rules.view(state, role), version, at, event))
    return frames


def _download(text: str | bytes, filename: str, media_type: str) -> Response:
    headers = {"Content-Disposition": exports.attachment(filename)}
    if isinstance(text, bytes):
        return Response(text, media_type=media_type, headers=headers)
    return Response(text, media_type=f"{media_type}; charset=utf-8", headers=headers)
