"""What a route depends on, once for every router (the server's and the pages'):
the hub, the seat a secret opens, a strictly parsed body.

Secrets come in ``Authorization: Bearer …``, the ``X-Seat-Secret`` header, or the
seat's cookie (``br_<game id>``) — never in a URL the server logs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Request
from pydantic import BaseModel, ValidationError

from boardroom.kernel import Json
from boardroom.server.errors import ApiError
from boardroom.server.hub import Hub
from boardroom.server.live import LiveGame, Seat
from boardroom.server.seats import host_only
from boardroom.server.wire import decode

COOKIE = "br_"
Model = TypeVar("Model", bound=BaseModel)


def hub_of(request: Request) -> Hub:
    """The live hub of the app serving ``request``."""
    hub: Hub = request.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(hub_of)]


def bearer(request: Request) -> str | None:
    """The ``Authorization: Bearer …`` token a request carries, if any."""
    auth = request.headers.get("authorization", "")
    return auth[7:].strip() if auth.lower().startswith("bearer ") else None


def secret_of(request: Request, game_id: str) -> str | None:
    """The seat secret a request carries for ``game_id``, if any."""
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.headers.get("x-seat-secret") or request.cookies.get(COOKIE + game_id)


def address_of(request: Request) -> str | None:
    """The client's address (a trusted proxy's ``X-Forwarded-For`` already applied)."""
    return request.client.host if request.client is not None else None


@dataclass(frozen=True)
class SeatAt:
    """An authenticated seat and its game."""

    seat: Seat
    live: LiveGame


async def seat_of(game_id: str, request: Request, hub: HubDep) -> SeatAt:
    """The seat the request's secret opens in game ``game_id`` (404 for no game, then 401)."""
    live = await hub.get(game_id)
    return SeatAt(await hub.seats.authenticate(game_id, secret_of(request, game_id)), live)


SeatDep = Annotated[SeatAt, Depends(seat_of)]


async def host_of(at: SeatDep, hub: HubDep) -> SeatAt:
    """The seat, which must be the host's (403 otherwise)."""
    host_only(at.seat)
    return at


HostDep = Annotated[SeatAt, Depends(host_of)]


def first_problem(errors: Any) -> str:
    """The first validation problem as a sentence naming where it is."""
    for error in errors:
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
        return f"{where or 'body'}: {error.get('msg', 'invalid')}."
    return "The request is not valid."


async def body(request: Request, model: type[Model]) -> Model:
    """Parse a JSON body strictly (no NaN, bounded depth) into ``model``."""
    settings = request.app.state.hub.settings
    data = decode(await request.body(), settings.body_limit(request.url.path))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ApiError("bad_request", first_problem(exc.errors())) from None


async def raw_body(request: Request, hub: Hub) -> Json:
    """A JSON object body, strictly parsed, for routes without a model."""
    data: Json = decode(await request.body(), hub.settings.max_http_body)
    return data


def doc(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI request body of a route that parses ``model`` itself."""
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    schema.pop("$defs", None)
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}
