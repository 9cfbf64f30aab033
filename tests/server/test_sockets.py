"""The socket's own tasks: a writer that fails is not lost."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from boardroom.server import sockets
from boardroom.server.live import Client, Seat


class Silent:
    """A WebSocket whose person never says anything more; it remembers how it was closed."""

    def __init__(self) -> None:
        self.closed: int | None = None

    async def receive(self) -> Any:
        await asyncio.Event().wait()

    async def close(self, code: int) -> None:
        self.closed = code


def test_a_failing_writer_is_logged_and_its_socket_closed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def broken(text: str) -> None:
        raise RuntimeError("the transport broke")

    async def serve() -> Silent:
        websocket = Silent()
        client = Client(Seat("g1", "s1", "p1", "Anna"), broken)
        writer = asyncio.create_task(client.run())
        client.push({"type": "pong"})
        hub: Any = None  # never reached: nothing is received
        await asyncio.wait_for(sockets._serve(hub, websocket, client, writer, "ru"), 5)  # type: ignore[arg-type]
        return websocket

    with caplog.at_level(logging.ERROR, logger="boardroom.ws"):
        websocket = asyncio.run(serve())
    assert websocket.closed == sockets.INTERNAL
    failed = [r for r in caplog.records if r.getMessage() == "a socket's writer failed"]
    assert failed and "the transport broke" in str(failed[0].exc_info)
