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
import math
import struct
from collections.abc import Callable
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.base import ServerExtensionFactory
from websockets.protocol import State
from websockets.server import ServerProtocol

from boardroom.server.deflate import ShortPlain, ShortPlainFactory

WRITE_NOW = "boardroom.write_now"
"""The scope extension (``scope["extensions"][WRITE_NOW]``): ``{"write_text": fn}``, where
``fn(data)`` writes the UTF-8 ``data`` as one text message now and says True, or says False
and writes nothing (send it through ASGI then)."""

WriteText = Callable[..., bool]
"""``write_text(*messages)``: each UTF-8 text a message, all written now (True) or none (False)."""


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


def text_header(length: int) -> bytes:
    """The header of a server's unfragmented, uncompressed text frame of ``length`` bytes
    (RFC 6455 §5.2: FIN, opcode 1, no mask), byte for byte what websockets writes.

    >>> from websockets.frames import Frame, Opcode
    >>> for n in (0, 125, 126, 65535, 65536):
    ...     data = b"x" * n
    ...     assert text_header(n) + data == Frame(Opcode.TEXT, data).serialize(
    ...         mask=False, extensions=[])
    >>> text_header(5), text_header(300)
    (b'\\x81\\x05', b'\\x81~\\x01,')
    """
    if length < 126:
        return struct.pack("!BB", 0x81, length)
    if length < 65536:
        return struct.pack("!BBH", 0x81, 126, length)
    return struct.pack("!BBQ", 0x81, 127, length)


class DirectProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol that offers :data:`WRITE_NOW` to the app, and
    pings only a peer it has not heard from.

    Keep-alive: uvicorn pings every socket each ``ws_ping_interval`` and closes it (1011)
    when no pong comes within ``ws_ping_timeout``. A peer that sent anything meanwhile (a
    frame, a ping of its own, a pong) is alive, so here a ping goes only to a socket quiet
    for the interval (and a little :func:`slack`, so a peer that pings at the same interval
    is not pinged back just before its own ping), and its pong is due as before: a dead
    peer is closed at most interval + timeout after the last thing it sent, as it was after
    its last pong."""

    plain_below: float | None = None
    """Messages shorter than this go out as they are (no extension, or deflate leaving them
    plain): framed here; longer ones through websockets (compressed). None: not known yet."""
    heard_at: float = -math.inf
    """When the peer last sent something (the loop's clock)."""

    def data_received(self, data: bytes) -> None:
        self.heard_at = self.loop.time()
        super().data_received(data)

    def send_keepalive_ping(self) -> None:
        """Ping the peer if it was quiet for the interval (+ slack); else look again once
        it could have been. Its pong is due interval + timeout after it was last heard."""
        interval, timeout = self.ping_interval, self.ping_timeout
        if not interval:
            super().send_keepalive_ping()
            return
        extra = slack(timeout)
        quiet = self.loop.time() - self.heard_at
        if quiet < interval + extra:
            self.ping_timer = self.loop.call_later(
                interval + extra - quiet, self.send_keepalive_ping
            )
            return
        super().send_keepalive_ping()
        if self.pong_timer is not None and timeout is not None:
            due = self.heard_at + interval + timeout - self.loop.time()
            self.pong_timer.cancel()
            self.pong_timer = self.loop.call_later(max(0.0, due), self.keepalive_timeout)

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"][WRITE_NOW] = {"write_text": self.write_text}

    def write_text(self, *messages: bytes) -> bool:
        """Frame each of ``messages`` as a text message and hand them to the transport in
        one write, if the socket is open and its transport takes more now (what uvicorn's
        ``send`` does for each, minus the wait); else write none and say False."""
        conn = self.conn
        if (
            self.disconnected
            or self.close_sent
            or not self.handshake_complete
            or self.initial_response is not None
            or not self.writable.is_set()
            or conn.state is not State.OPEN
            or conn.expect_continuation_frame
        ):
            return False
        plain_below = self.plain_below
        if plain_below is None:
            plain_below = self.plain_below = _plain_below(conn.extensions)
        chunks: list[bytes] = []
        for data in messages:
            if len(data) < plain_below:
                chunks += (text_header(len(data)), data)
            else:
                conn.send_text(data)
                chunks += conn.data_to_send()
        self.transport.write(b"".join(chunks))
        return True


def slack(timeout: float | None) -> float:
    """How long after the ping interval a quiet peer is pinged: a quarter of the pong
    timeout, at most 2 s (taken from the time its pong has, not added to it).

    >>> slack(20.0), slack(0.4), slack(None)
    (2.0, 0.1, 0.0)
    """
    return 0.0 if timeout is None else min(2.0, timeout / 4)


def _plain_below(extensions: list[Any]) -> float:
    """Below which length a message goes out as it is, under these negotiated extensions.

    >>> _plain_below([]), _plain_below([ShortPlain(False, False, 12, 12, minimum=99)])
    (inf, 99.0)
    """
    if not extensions:
        return math.inf
    if all(isinstance(extension, ShortPlain) for extension in extensions):
        return float(min(extension.minimum for extension in extensions))
    return 0.0


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
