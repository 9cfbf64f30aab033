"""Size limits on every HTTP body (an ASGI middleware), answered with a typed 413."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyTooLarge(Exception):
    pass


class BodyLimit:
    """Refuse request bodies over ``limit(path)`` bytes, declared or streamed."""

    def __init__(self, app: ASGIApp, limit: Callable[[str], int]) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit(scope.get("path", ""))
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await _too_large(send, limit)
            return
        seen = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise BodyTooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await _too_large(send, limit)


def _content_length(scope: Scope) -> int | None:
    for key, value in scope.get("headers", []):
        if key == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps(error_json("too_large", f"Bodies are limited to {limit} bytes.")).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def error_json(code: str, message: str, **details: Any) -> dict[str, Any]:
    """The one error shape.

    >>> error_json("too_large", "Too big.")
    {'error': {'code': 'too_large', 'message': 'Too big.'}}
    """
    return {"error": {"code": code, "message": message, **details}}
