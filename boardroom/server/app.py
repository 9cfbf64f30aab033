"""The ASGI app: thin HTTP routes and the WebSocket endpoint over the :class:`Hub`.

Every error is ``{"error": {"code", "message", ...}}`` with a 4xx status; secrets
come in ``Authorization: Bearer …``, the ``X-Seat-Secret`` header, or the seat's
cookie — never in a URL the server logs.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

from fastapi import FastAPI, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException

from boardroom.server import models as m
from boardroom.server.errors import ApiError
from boardroom.server.hub import Hub
from boardroom.server.kinds import KINDS
from boardroom.server.limits import BodyLimit, error_json
from boardroom.server.live import LiveGame, Seat
from boardroom.server.sockets import serve_socket
from boardroom.server.wire import decode

Json = dict[str, Any]
Model = TypeVar("Model", bound=BaseModel)
log = logging.getLogger("boardroom.app")
COOKIE = "br_"
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": m.ErrorOut} for code in (400, 401, 403, 404, 409, 413, 429, 503)
}


def create_app(hub: Hub, on_ready: Callable[[Hub], Awaitable[None]] | None = None) -> FastAPI:
    """The app around a hub (started and closed by the app's lifespan)."""

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
    _operations(app, hub)
    _games(app, hub)
    _seats(app, hub)
    importlib.import_module("boardroom.web.pages").mount(app)

    @app.websocket("/ws/{game_id}")
    async def socket(websocket: WebSocket, game_id: str) -> None:
        await serve_socket(hub, websocket, game_id, websocket.cookies.get(COOKIE + game_id))

    app.add_middleware(BodyLimit, limit=hub.settings.body_limit)
    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.as_json()}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(error_json("bad_request", _first_problem(exc.errors())), 400)

    @app.exception_handler(HTTPException)
    async def http_error(_: Request, exc: HTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return JSONResponse(error_json(code, str(exc.detail)), exc.status_code)

    @app.exception_handler(Exception)
    async def crashed(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error")
        return JSONResponse(error_json("internal", "Something went wrong on our side."), 500)


def _first_problem(errors: Any) -> str:
    for error in errors:
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
        return f"{where or 'body'}: {error.get('msg', 'invalid')}."
    return "The request is not valid."


async def _body(request: Request, model: type[Model]) -> Model:
    """Parse a JSON body strictly (no NaN, bounded depth) into ``model``."""
    settings = request.app.state.hub.settings
    data = decode(await request.body(), settings.body_limit(request.url.path))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ApiError("bad_request", _first_problem(exc.errors())) from None


def _doc(model: type[BaseModel]) -> dict[str, Any]:
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    schema.pop("$defs", None)
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


def _secret(request: Request, game_id: str) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.headers.get("x-seat-secret") or request.cookies.get(COOKIE + game_id)


def _operations(app: FastAPI, hub: Hub) -> None:
    @app.get("/health", response_model=m.Health)
    async def health() -> Json:
        return {"status": "ok"}

    @app.get("/ready", response_model=m.Health, responses={503: {"model": m.ErrorOut}})
    async def ready() -> Json:
        if not hub.ready or hub.draining:
            raise ApiError("not_ready", "The server is starting or stopping.", 503)
        try:
            await hub._db(hub.store.ping)
        except Exception:
            raise ApiError("not_ready", "The database does not answer.", 503) from None
        return {"status": "ready"}

    @app.get("/metrics", response_class=Response)
    async def metrics() -> Response:
        return Response(hub.metrics.render(), media_type="text/plain; version=0.0.4")

    @app.get("/api/schema/{game}")
    async def schema(game: str) -> Json:
        if game not in KINDS:
            raise ApiError("unknown_game", f"Unknown game {game!r}.", 404)
        module = importlib.import_module(f"boardroom.games.{game}.schema")
        command_schema: Json = module.command_schema()
        return command_schema


def _games(app: FastAPI, hub: Hub) -> None:
    @app.post("/api/games", response_model=m.CreatedGame, openapi_extra=_doc(m.CreateGame))
    async def create(request: Request) -> Json:
        body = await _body(request, m.CreateGame)
        spec = body.setup if body.setup is not None else KINDS[body.game].demo()
        if spec.get("game", body.game) != body.game:
            raise ApiError("bad_setup", "The setup line is for another game.")
        made = await hub.create_game({**spec, "game": body.game})
        return created_json(hub, made.record.game_id, made.record.code, body.game, made.host_secret)

    @app.get("/api/games/{game_id}", response_model=m.SeatView)
    async def state(game_id: str, request: Request) -> Json:
        seat, live = await _seat(hub, request, game_id)
        return {
            "game_id": game_id,
            "game": live.record.game,
            "code": live.record.code,
            "seat": seat.seat_id,
            "role": seat.role,
            "version": live.version,
            "view": live.view(seat.role),
        }

    @app.post(
        "/api/games/{game_id}/commands",
        response_model=m.AckOut,
        openapi_extra=_doc(m.CommandBody),
    )
    async def command(game_id: str, request: Request) -> Json:
        seat, _ = await _seat(hub, request, game_id)
        body = await _body(request, m.CommandBody)
        return (await hub.submit(seat, body.command, body.version)).as_json()


def _seats(app: FastAPI, hub: Hub) -> None:
    @app.post("/api/join", response_model=m.Joined, openapi_extra=_doc(m.Join))
    async def join(request: Request, response: Response) -> Json:
        body = await _body(request, m.Join)
        if body.game_id:
            live = await hub.get(body.game_id)
        elif body.code:
            live = await hub.by_code(body.code)
        else:
            raise ApiError("bad_request", "Give the game's 'code' (or its 'game_id').")
        seat, secret = await hub.join(live, body.name.strip() or "Player", body.role)
        response.set_cookie(
            COOKIE + live.game_id, secret, httponly=True, samesite="lax", max_age=14 * 86400
        )
        link = f"{hub.settings.base_url}/play/{live.game_id}#secret={secret}"
        return {"game_id": live.game_id, "seat": seat.seat_id, "role": seat.role} | {
            "name": seat.name,
            "secret": secret,
            "link": link,
        }

    @app.post(
        "/api/games/{game_id}/robots", response_model=m.RobotsOut, openapi_extra=_doc(m.Robots)
    )
    async def robots(game_id: str, request: Request) -> Json:
        seat, live = await _seat(hub, request, game_id)
        hub.host_only(seat)
        body = await _body(request, m.Robots)
        return {"seated": await hub.add_robots(live, body.roles)}

    @app.get("/api/games/{game_id}/lobby")
    async def lobby(game_id: str, request: Request) -> Json:
        seat, live = await _seat(hub, request, game_id)
        hub.host_only(seat)
        return await hub.lobby(live)


async def _seat(hub: Hub, request: Request, game_id: str) -> tuple[Seat, LiveGame]:
    live = await hub.get(game_id)
    return await hub.authenticate(game_id, _secret(request, game_id)), live


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
