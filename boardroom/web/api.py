"""The few endpoints the pages need beyond the server's API, under ``/api/web/``.

- ``GET /api/web/join/{code}``: the game a code opens and its seats (public labels only).
- ``GET /api/web/games/{id}/me``: the seat a secret opens, and the game clock.
- ``GET /api/web/clock/{id}``: the game clock (seconds since the game was created).
- ``POST /api/web/games/{id}/invite`` (host): seat a named person, get their personal link.
- ``GET /api/web/presets``, ``POST /api/web/bank?format=csv``: the start page's ruleset
  presets, and a question bank read (or every bad row reported) before the game exists.
- ``GET /api/web/qr.svg?data=…``: a QR code, made here (the room may have no internet).
- ``GET /api/web/games/{id}/pdn``, ``trades.csv``, ``ledger.csv``, ``replay``: what the
  results page downloads and replays — each from the asking seat's own view.
"""

from __future__ import annotations

import asyncio
import copy
import io
from typing import Any

import segno
from fastapi import FastAPI, Query, Request, Response

from boardroom.games import rules_for
from boardroom.games.exchange.ruleset import PRESETS, load_ruleset
from boardroom.games.quiz.bank import BankError, parse_bank
from boardroom.games.quiz.ruleset import Ruleset as QuizRuleset
from boardroom.server.app import COOKIE
from boardroom.server.errors import ApiError
from boardroom.server.hub import Hub
from boardroom.server.live import LiveGame, Seat
from boardroom.server.wire import decode
from boardroom.web import exports

Json = dict[str, Any]
MAX_QR = 400
MAX_NAME = 40


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _secret(request: Request, game_id: str) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.headers.get("x-seat-secret") or request.cookies.get(COOKIE + game_id)


async def _seat(request: Request, game_id: str) -> tuple[Seat, LiveGame]:
    hub = _hub(request)
    live = await hub.get(game_id)
    return await hub.authenticate(game_id, _secret(request, game_id)), live


def _labels(live: LiveGame, roles: list[str]) -> dict[str, Json]:
    """What a joining person may see of each role: public names only."""
    public = live.view("projector")
    out: dict[str, Json] = {}
    if live.record.game == "exchange":
        players: dict[str, str] = public.get("players", {})
        firms: dict[str, Json] = public.get("firms", {})
        for role in roles:
            directs = [int(n) for n, f in firms.items() if f.get("director") == role]
            out[role] = {"name": players.get(role, role), "firms": sorted(directs)}
    else:
        teams: dict[str, Json] = public.get("teams", {})
        for role in roles:
            team = teams.get(role, {})
            out[role] = {
                "name": team.get("name", role),
                "color": team.get("color"),
                "members": [m.get("name", "") for m in team.get("members", [])],
            }
    return out


def register(app: FastAPI) -> None:
    """Add the pages' endpoints to ``app`` (its ``state.hub`` is the live hub)."""

    @app.get("/api/web/join/{code}")
    async def join_info(code: str, request: Request) -> Json:
        hub = _hub(request)
        live = await hub.by_code(code)
        seats = await hub._db(hub.store.seats, live.game_id)
        roles = hub.roles(live)
        labels = _labels(live, roles)
        taken: dict[str, int] = {}
        robots: set[str] = set()
        for seat in seats:
            taken[seat.role] = taken.get(seat.role, 0) + 1
            if seat.robot:
                robots.add(seat.role)
        shared = live.kind.shared_roles
        public = live.view("projector")
        return {
            "game_id": live.game_id,
            "game": live.record.game,
            "code": live.record.code,
            "started": public.get("phase") not in ("setup", None),
            "shared": shared,
            "roles": [
                {
                    "role": role,
                    **labels[role],
                    "people": taken.get(role, 0),
                    "robot": role in robots,
                    "free": role not in robots and (shared or not taken.get(role)),
                }
                for role in roles
            ],
        }

    @app.get("/api/web/presets")
    async def presets() -> Json:
        exchange = {name: load_ruleset({"preset": name}).as_json() for name in PRESETS}
        return {"exchange": exchange, "quiz": QuizRuleset().to_json()}

    @app.post("/api/web/bank")
    async def bank(request: Request, format: str = Query(..., max_length=8)) -> Json:
        data = await request.body()
        try:
            parsed = parse_bank(data, format, source=f"bank.{format}")
        except BankError as exc:
            problems = [str(e) for e in exc.errors] or [str(exc)]
            raise ApiError("bad_bank", str(exc).splitlines()[0], 400, problems=problems) from None
        return {"questions": parsed.to_json()}

    @app.get("/api/web/games/{game_id}/me")
    async def me(game_id: str, request: Request) -> Json:
        seat, live = await _seat(request, game_id)
        hub = _hub(request)
        return {
            "game_id": game_id,
            "game": live.record.game,
            "code": live.record.code,
            "seat": seat.seat_id,
            "role": seat.role,
            "name": seat.name,
            "game_time": hub.game_time(live),
            "version": live.version,
        }

    @app.get("/api/web/clock/{game_id}")
    async def clock(game_id: str, request: Request) -> Json:
        hub = _hub(request)
        live = await hub.get(game_id)
        return {"game_time": hub.game_time(live)}

    @app.post("/api/web/games/{game_id}/invite")
    async def invite(game_id: str, request: Request) -> Json:
        seat, live = await _seat(request, game_id)
        hub = _hub(request)
        hub.host_only(seat)
        body = decode(await request.body(), hub.settings.max_http_body)
        name, role = body.get("name"), body.get("role")
        if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
            raise ApiError("bad_request", f"'name' must be 1 to {MAX_NAME} characters.")
        if not isinstance(role, str):
            raise ApiError("bad_request", "'role' must name a seat of this game.")
        placed, secret = await hub.join(live, name.strip(), role)
        await hub.notify_lobby(live)
        return {
            "seat": placed.seat_id,
            "role": placed.role,
            "name": placed.name,
            "secret": secret,
            "path": f"/play/{game_id}#secret={secret}",
        }

    @app.get("/api/web/qr.svg")
    async def qr(data: str = Query(..., max_length=MAX_QR)) -> Response:
        code = segno.make(data, error="m")
        out = io.BytesIO()
        code.save(out, kind="svg", scale=8, border=2, dark="#111", light="#fff", xmldecl=False)
        headers = {"Cache-Control": "max-age=3600"}
        return Response(out.getvalue(), media_type="image/svg+xml", headers=headers)

    @app.get("/api/web/games/{game_id}/pdn")
    async def pdn(game_id: str, request: Request) -> Response:
        seat, live = await _seat(request, game_id)
        if live.record.game != "exchange":
            raise ApiError("no_pdn", "Only the exchange game keeps a PDN of its board.", 404)
        text = exports.exchange_pdn(live.view(seat.role), {"Round": game_id})
        return _download(text, f"boardroom-{game_id}.pdn", "application/x-pdn")

    @app.get("/api/web/games/{game_id}/trades.csv")
    async def trades(game_id: str, request: Request) -> Response:
        seat, live = await _seat(request, game_id)
        view = live.view(seat.role)
        text = exports.trades_csv(view.get("events", []), view.get("players", {}))
        return _download(text, f"trades-{game_id}.csv", "text/csv")

    @app.get("/api/web/games/{game_id}/ledger.csv")
    async def ledger(game_id: str, request: Request) -> Response:
        seat, live = await _seat(request, game_id)
        view = live.view(seat.role)
        text = exports.ledger_csv(view.get("events", []), view.get("players", {}))
        return _download(text, f"ledger-{game_id}.csv", "text/csv")

    @app.get("/api/web/games/{game_id}/replay")
    async def replay(game_id: str, request: Request) -> Response:
        seat, live = await _seat(request, game_id)
        hub = _hub(request)
        stored = await hub._db(hub.store.events_since, game_id, 0)
        bodies = [(e.version, e.at, e.body) for e in stored if e.version <= live.version]
        frames = await asyncio.to_thread(_frames, live, seat.role, bodies)
        return Response(exports.encode({"frames": frames}), media_type="application/json")


def _frames(live: LiveGame, role: str, bodies: list[tuple[int, float, Json]]) -> list[Json]:
    """Fold the stored events from the setup; a frame of ``role``'s view at each step."""
    rules = rules_for(live.record.game)
    state = rules.setup(copy.deepcopy(live.record.spec))
    frames = [exports.frame_of(rules.view(state, role), 0, 0.0, {"type": "setup"})]
    for version, at, event in bodies:
        state = rules.evolve(state, event)
        if event.get("type") in exports.FRAME_EVENTS:
            frames.append(exports.frame_of(rules.view(state, role), version, at, event))
    return frames


def _download(text: str, filename: str, media_type: str) -> Response:
    headers = {"Content-Disposition": f'attachment; filename="{filename}"'}
    return Response(text, media_type=f"{media_type}; charset=utf-8", headers=headers)
