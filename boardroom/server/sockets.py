"""One WebSocket per seat: hello → welcome + the whole view; commands → ack or error.

Client frames: ``{"type": "hello", "secret", "version"}`` first (the seat's cookie
may stand in for the secret), then ``{"type": "command", "command": {...},
"version": N}``, ``{"type": "ping"}`` and ``{"type": "resync"}`` (send me the whole
view). The hello may name the seat's language (``"lang": "ru" | "en"``; else the
socket's ``Accept-Language``, else Russian): every ``error`` frame's ``message`` is told in
it (its ``code`` and parameters stay as they are). Server frames: ``welcome``, ``view``
(the seat's projection at ``version``;
its ``events`` are those after version ``events_from``: 0 for a whole view, else
the version of the client's previous view frame, whose events it keeps, and then
``view`` holds only the keys whose value changed, ``kept`` naming those the client
keeps as it has them), ``ack``,
``error``, ``lobby`` (host), ``pong``, ``goes_on`` (the game went on in game ``next``: play
again; the ``welcome`` of a later visit says so in its ``next``). A bad frame gets a typed
``error`` and the connection stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from boardroom.i18n import choose_language, render_refusal
from boardroom.kernel import Json
from boardroom.server.errors import ApiError
from boardroom.server.hub import Hub
from boardroom.server.live import Client, LiveGame, Seat, SlowClient
from boardroom.server.wire import decode
from boardroom.server.wsprotocol import write_now

log = logging.getLogger("boardroom.ws")
UNAUTHORIZED = 4401
POLICY = 1008
TOO_SLOW = 4408
INTERNAL = 1011


async def serve_socket(hub: Hub, websocket: WebSocket, game_id: str, cookie: str | None) -> None:
    """Run one seat's connection from hello to close."""
    await websocket.accept()
    lang = choose_language(None, websocket.headers.get("accept-language"))
    try:
        seat, live, known, lang = await _hello(hub, websocket, game_id, cookie, lang)
    except ApiError as exc:
        with contextlib.suppress(Exception):
            await websocket.send_json({"type": "error", **exc.as_json(lang)})
            await websocket.close(UNAUTHORIZED if exc.status in (401, 404) else POLICY)
        return
    except (WebSocketDisconnect, TimeoutError):
        return
    write = write_now(websocket.scope)
    client = Client(seat, websocket.send_text, hub.settings.send_queue, write, hub.flusher)
    writer = asyncio.create_task(client.run())
    try:
        await hub.connect(live, client, known)
        await _serve(hub, websocket, client, writer, lang)
    finally:
        writer.cancel()
        await hub.disconnect(live, client)


async def _hello(
    hub: Hub, websocket: WebSocket, game_id: str, cookie: str | None, lang: str
) -> tuple[Seat, LiveGame, int | None, str]:
    text = await asyncio.wait_for(_text(websocket), hub.settings.hello_timeout_s)
    hello = decode(text, hub.settings.max_ws_frame)
    if "lang" in hello:
        lang = choose_language(hello.get("lang"), websocket.headers.get("accept-language"))
    if hello.get("type") != "hello":
        raise ApiError("hello_first", "Say hello first: {'type': 'hello', 'secret': ...}.", 401)
    secret = hello.get("secret") if isinstance(hello.get("secret"), str) else cookie
    live = await hub.get(game_id)
    seat = await hub.seats.authenticate(game_id, secret)
    known = hello.get("version")
    known = known if isinstance(known, int) and not isinstance(known, bool) else None
    return seat, live, known, lang


async def _text(websocket: WebSocket) -> str:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    if message.get("text") is not None:
        return str(message["text"])
    raise ApiError("text_only", "Send JSON as text frames.")


async def _serve(
    hub: Hub, websocket: WebSocket, client: Client, writer: asyncio.Task[None], lang: str
) -> None:
    receiving = asyncio.ensure_future(_receive_loop(hub, websocket, client, lang))
    done, _ = await asyncio.wait({receiving, writer}, return_when=asyncio.FIRST_COMPLETED)
    receiving.cancel()
    for task in done:
        failure = None if task.cancelled() else task.exception()
        if isinstance(failure, SlowClient):
            with contextlib.suppress(Exception):
                await websocket.close(TOO_SLOW)
        elif failure is not None and not isinstance(failure, WebSocketDisconnect):
            part = "writer" if task is writer else "reader"
            log.error(
                "a socket's %s failed", part, exc_info=failure, extra={"game": client.seat.game_id}
            )
            with contextlib.suppress(Exception):
                await websocket.close(INTERNAL)


async def _receive_loop(hub: Hub, websocket: WebSocket, client: Client, lang: str) -> None:
    while True:
        try:
            text = await _text(websocket)
        except WebSocketDisconnect:
            return
        except ApiError as exc:
            client.push({"type": "error", **exc.as_json(lang)})
            continue
        reply = await _reply(hub, client, text, lang)
        if reply is not None:
            client.push(reply)


async def _reply(hub: Hub, client: Client, text: str, lang: str) -> Json | None:
    seat = client.seat
    frame: Json = {}
    try:
        frame = decode(text, hub.settings.max_ws_frame)
        kind = frame.get("type")
        if kind == "ping":
            return {"type": "pong"}
        if kind == "resync":
            await hub.resync(client)
            return None
        if kind != "command":
            raise ApiError("unknown_frame", "Frames are 'command', 'ping' or 'resync'.")
        command = frame.get("command")
        if not isinstance(command, dict):
            raise ApiError("bad_command", "'command' must be a JSON object.", reason="object")
        version = frame.get("version")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            raise ApiError("bad_request", "'version' must be a whole number.", reason="version")
        ack = await hub.submit(seat, command, version)
        return {"type": "ack", "id": _command_id(frame), **ack.as_json()}
    except ApiError as exc:
        return {"type": "error", "id": _command_id(frame), **exc.as_json(lang)}
    except Exception:
        log.exception("a frame failed", extra={"game": seat.game_id})
        return {"type": "error", "id": _command_id(frame), "code": "internal"} | {
            "message": render_refusal("internal", {}, lang)
        }


def _command_id(frame: Json) -> Any:
    command = frame.get("command")
    if isinstance(command, dict):
        value = command.get("id")
        return value if isinstance(value, str) and len(value) <= 100 else None
    return None
