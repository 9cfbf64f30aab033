"""The ASGI app: thin HTTP routes (``APIRouter``s over the dependencies of :mod:`.deps`)
and the WebSocket endpoint over the :class:`Hub`.

Every error is ``{"error": {"code", "message", ...}}`` with a 4xx status. The pages are
a layer on top: :func:`boardroom.web.app.create_app` adds their routers to this app.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

from fastapi import APIRouter, FastAPI, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect

from boardroom.games import kind_for
from boardroom.i18n import choose_language
from boardroom.kernel import Json, Refused
from boardroom.server import models as m
from boardroom.server.addresses import is_loopback
from boardroom.server.deps import (
    COOKIE,
    HostDep,
    HubDep,
    SeatDep,
    address_of,
    body,
    doc,
    first_problem,
    secret_of,
)
from boardroom.server.errors import ApiError, unknown_kind
from boardroom.server.hub import Hub
from boardroom.server.limits import BodyLimit
from boardroom.server.live import LiveGame, Seat
from boardroom.server.sockets import serve_socket

log = logging.getLogger("boardroom.app")
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": m.ErrorOut} for code in (400, 401, 403, 404, 409, 413, 429, 503)
}
Extend = Callable[[FastAPI], None]
CLIENT_GONE = 499
"""The status of a request whose client left before its body came (nginx's "client
closed request"); never delivered, the socket is gone."""


def create_app(
    hub: Hub,
    on_ready: Callable[[Hub], Awaitable[None]] | None = None,
    extensions: Sequence[Extend] = (),
) -> FastAPI:
    """The app around a hub (started and closed by the app's lifespan); each of
    ``extensions`` adds its routes (the pages do)."""

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        if on_ready is not None:
            await on_ready(hub)
        yield
        await hub.close()

    app = FastAPI(title="Boardroom", version="0.1.0", lifespan=lifespan, responses=ERRORS)
    app.state.hub = hub
    _errors(app)
    for router in (operations, games, seats):
        app.include_router(router)
    for extend in extensions:
        extend(app)

    @app.websocket("/ws/{game_id}")
    async def socket(websocket: WebSocket, game_id: str) -> None:
        await serve_socket(hub, websocket, game_id, websocket.cookies.get(COOKIE + game_id))

    app.add_middleware(BodyLimit, limit=hub.settings.body_limit)
    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.as_json(request_language(request))}, exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        error = ApiError("bad_request", first_problem(exc.errors()))
        return JSONResponse({"error": error.as_json(request_language(request))}, 400)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        error = ApiError(code, str(exc.detail), exc.status_code)
        return JSONResponse({"error": error.as_json(request_language(request))}, exc.status_code)

    @app.exception_handler(ClientDisconnect)
    async def client_gone(request: Request, exc: ClientDisconnect) -> Response:
        """The client went away before its body was read (a phone's Wi-Fi dropped): not
        a server error, nothing was done, and nobody is left to read an answer."""
        log.debug("client gone before its body was read", extra={"path": request.url.path})
        return Response(status_code=CLIENT_GONE)

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error")
        error = ApiError("internal", "Something went wrong on our side.", 500)
        return JSONResponse({"error": error.as_json(request_language(request))}, 500)


def request_language(request: Request) -> str:
    """The language a request asks for: ``?lang=``, else ``Accept-Language``, else Russian."""
    return choose_language(request.query_params.get("lang"), request.headers.get("accept-language"))


operations = APIRouter()


@operations.get("/health", response_model=m.Health)
async def health() -> Json:
    return {"status": "ok"}


@operations.get("/ready", response_model=m.Health, responses={503: {"model": m.ErrorOut}})
async def ready(hub: HubDep) -> Json:
    if not hub.ready or hub.runtime.draining:
        raise ApiError("not_ready", "The server is starting or stopping.", 503, reason="starting")
    if not hub.bus.healthy:
        raise ApiError(
            "not_ready",
            "This server has lost its connection to the other servers; it is reconnecting.",
            503,
            reason="bus",
        )
    try:
        await hub.ping()
    except Exception:
        raise ApiError(
            "not_ready", "The database does not answer.", 503, reason="database"
        ) from None
    return {"status": "ready"}


@operations.get("/metrics", response_class=Response)
async def metrics(request: Request, hub: HubDep) -> Response:
    if not hub.settings.metrics_public and not is_loopback(address_of(request)):
        raise ApiError("forbidden", "The metrics are served to this machine only.", 403)
    return Response(hub.metrics.render(), media_type="text/plain; version=0.0.4")


@operations.get("/api/schema/{game}")
async def schema(game: str) -> Json:
    try:
        kind = kind_for(game)
    except Refused:
        raise ApiError(
            "unknown_game", f"Unknown game {game!r}.", 404, reason="kind", **unknown_kind(game)
        ) from None
    return kind.command_schema()


games = APIRouter()


@games.post("/api/games", response_model=m.CreatedGame, openapi_extra=doc(m.CreateGame))
async def create(request: Request, hub: HubDep) -> Json:
    hub.limit("create", address_of(request))
    created = await body(request, m.CreateGame)
    try:
        kind = kind_for(created.game)
    except Refused as exc:
        raise ApiError(
            "unknown_game", exc.message, reason="kind", **unknown_kind(created.game)
        ) from None
    spec = created.setup if created.setup is not None else kind.demo()
    if spec.get("game", kind.name) != kind.name:
        raise ApiError("bad_setup", "The setup line is for another game.", reason="other_game")
    made = await hub.create_game(
        {**spec, "game": kind.name}, draft=created.draft, lang=created.lang
    )
    return created_json(hub, made.record.game_id, made.record.code, kind.name, made.host_secret)


@games.get("/api/games/{game_id}", response_model=m.SeatView)
async def state(at: SeatDep) -> Json:
    view = at.live.view(at.seat.role)
    return seat_json(at.seat, at.live) | {
        "version": at.live.version,
        "view": view,
        "actions": at.live.actions(at.seat.role, view),
    }


@games.post(
    "/api/games/{game_id}/commands", response_model=m.AckOut, openapi_extra=doc(m.CommandBody)
)
async def command(at: SeatDep, request: Request, hub: HubDep) -> Json:
    sent = await body(request, m.CommandBody)
    return (await hub.submit(at.seat, sent.command, sent.version)).as_json()


seats = APIRouter()


@seats.post("/api/join", response_model=m.Joined, openapi_extra=doc(m.Join))
async def join(request: Request, response: Response, hub: HubDep) -> Json:
    hub.limit("join", address_of(request))
    wanted = await body(request, m.Join)
    team = None
    if wanted.game_id:
        live = await hub.get(wanted.game_id)
    elif wanted.code:
        live, team = await hub.seats.join_target(wanted.code)
    else:
        raise ApiError("bad_request", "Give the game's 'code' (or its 'game_id').", reason="code")
    role = hub.seats.seat_role(live, team, wanted.role)
    seat, secret = await hub.seats.join(live, wanted.name.strip() or "Player", role)
    response.set_cookie(
        COOKIE + live.game_id, secret, httponly=True, samesite="lax", max_age=14 * 86400
    )
    link = f"{hub.settings.base_url}/play/{live.game_id}#secret={secret}"
    return {"game_id": live.game_id, "seat": seat.seat_id, "role": seat.role} | {
        "name": seat.name,
        "secret": secret,
        "link": link,
    }


@seats.post("/api/games/{game_id}/follow")
async def follow(at: SeatDep, request: Request, response: Response, hub: HubDep) -> Json:
    """The seat kept for this device in the game this one went on in ("play again"): its
    own secret, answered only to the holder of its seat's secret here (docs/server.md)."""
    hub.limit("join", address_of(request))
    secret = secret_of(request, at.live.game_id) or ""
    seat, own = await hub.goes_on.follow(at.live, at.seat, secret)
    response.set_cookie(
        COOKIE + seat.game_id, own, httponly=True, samesite="lax", max_age=14 * 86400
    )
    return {"game_id": seat.game_id, "seat": seat.seat_id, "role": seat.role} | {
        "name": seat.name,
        "secret": own,
    }


@seats.post("/api/games/{game_id}/robots", response_model=m.RobotsOut, openapi_extra=doc(m.Robots))
async def robots(at: HostDep, request: Request, hub: HubDep) -> Json:
    """Robots in seats; a new robot's name is in the game's language (everyone reads it)."""
    wanted = await body(request, m.Robots)
    roles = wanted.roles if wanted.roles is not None or not wanted.seats else list(wanted.seats)
    seated = await hub.robots.add(
        at.live,
        roles,
        wanted.default_choice(),
        wanted.role_choices(),
        at.live.record.lang or request_language(request),
    )
    return {"seated": seated}


@seats.get("/api/games/{game_id}/lobby")
async def lobby(at: HostDep, hub: HubDep) -> Json:
    return await hub.lobby.read(at.live)


def seat_json(seat: Seat, live: LiveGame) -> Json:
    """Who a seat is in which game (the part every seat-answer shares)."""
    return {
        "game_id": live.game_id,
        "game": live.record.game,
        "code": live.record.code,
        "lang": live.record.lang,
        "seat": seat.seat_id,
        "role": seat.role,
        "next": live.record.next_game,
        "file_stem": live.record.file_stem(),
    }


def created_json(hub: Hub, game_id: str, code: str, game: str, host_secret: str) -> Json:
    """A new game's ids, host secret and links (host, join by code, projector)."""
    base = hub.settings.base_url
    return {
        "game_id": game_id,
        "code": code,
        "game": game,
        "host_secret": host_secret,
        "links": {
            "host": f"{base}/play/{game_id}#secret={host_secret}",
            "join": f"{base}/join/{code}",
            "projector": f"{base}/play/{game_id}#role=projector",
        },
    }
