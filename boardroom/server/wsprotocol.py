"""uvicorn's WebSocket protocol as the server runs it: short messages plain under
permessage-deflate (:mod:`boardroom.server.deflate`), and a text message written at once.

Sending through ASGI costs every frame to every socket an awaited ``send`` through
starlette, uvicorn and websockets (and a writer task woken to make it): more CPU than the
frame's own bytes. So the protocol offers the application, as an ASGI scope extension
(:data:`WRITE_NOW`), a plain function that frames one text message and hands it to the
socket's transport at once, when the socket takes it now; when it does not (not open,
closing, closed, or its transport's buffer full: the peer reads slowly) the function
says so and the caller sends through ASGI as before, which waits. The bytes on the wire
are the same either way: websockets frames the message and its extensions encode it.

:func:`protocol` is the class for ``uvicorn.Config(ws=...)``: uvicorn's own (``websockets``
sans-I/O) with, when compression is on, the deflate that leaves short messages plain.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.extensions.base import ServerExtensionFactory
from websockets.server import ServerProtocol

from boardroom.server.deflate import ShortPlainFactory

WRITE_NOW = "boardroom.write_now"
"""The scope extension (``scope["extensions"][WRITE_NOW]``): ``{"write_text": fn}``, where
``fn(data)`` writes the UTF-8 ``data`` as one text message now and says True, or says False
and writes nothing (send it through ASGI then)."""

WriteText = Callable[[bytes], bool]


def write_now(scope: Any) -> WriteText | None:
    """The scope's function that writes a text message at once (None: the server has none,
    e.g. a test client; send through ASGI).

    >>> write_now({"type": "websocket", "extensions": {}}) is None
    True
    >>> write_now({"extensions": {WRITE_NOW: {"write_text": bool}}}) is bool
    True
    """
    found = (scope.get("extensions") or {}).get(WRITE_NOW)
    write: WriteText | None = None if found is None else found.get("write_text")
    return write


class DirectProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol that offers :data:`WRITE_NOW` to the app."""

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"][WRITE_NOW] = {"write_text": self.write_text}

    def write_text(self, data: bytes) -> bool:
        """Frame ``data`` as a text message and hand it to the transport, if the socket is
        open and its transport takes more now (what uvicorn's ``send`` does, minus the wait)."""
        if (
            self.disconnected
            or self.close_sent
            or not self.handshake_complete
            or self.initial_response is not None
            or not self.writable.is_set()
        ):
            return False
        try:
            self.conn.send_text(data)
        except InvalidState:
            return False
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True


def protocol(deflate: bool, minimum: int) -> type[WebSocketsSansIOProtocol]:
    """The protocol class: :class:`DirectProtocol`, its permessage-deflate (``deflate``:
    negotiated at all) leaving messages under ``minimum`` bytes plain."""

    class Protocol(DirectProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if deflate and self.config.ws_per_message_deflate:
                factories: list[ServerExtensionFactory] = [ShortPlainFactory(minimum)]
                self.conn = ServerProtocol(
                    extensions=factories,
                    max_size=self.config.ws_max_size,
                    logger=logging.getLogger("uvicorn.error"),
                )

    return Protocol
