"""Keep-alive pings on a real socket: the server pings only a peer it has not heard from
for the ping interval, and a dead peer is still closed once it has been quiet for the
interval and the pong timeout (as after its last pong before)."""

from __future__ import annotations

import socket
import time
from typing import Any

from support.servers import serving
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

INTERVAL, TIMEOUT = 0.4, 0.8
"""The server's ``ws_ping_interval`` and ``ws_ping_timeout`` here (20 s and 20 s served)."""


async def hold(scope: Any, receive: Any, send: Any) -> None:
    """An app that accepts the socket and reads until it closes."""
    await receive()
    await send({"type": "websocket.accept"})
    while (await receive())["type"] != "websocket.disconnect":
        pass


class Peer:
    """A WebSocket client on a plain socket (websockets' sans-I/O protocol): what the server
    sent, frame by frame; it answers pings only while ``answering``."""

    def __init__(self, url: str) -> None:
        uri = parse_uri(url)
        self.sock = socket.create_connection((uri.host, uri.port), timeout=10)
        self.protocol = ClientProtocol(uri)
        self.protocol.send_request(self.protocol.connect())
        self.answering = True
        self.frames: list[tuple[float, Frame]] = []
        self.closed_at: float | None = None
        self._flush(force=True)
        while not any(isinstance(e, Response) for e in self._read(10.0)):
            pass

    def say(self, text: str) -> None:
        self.protocol.send_text(text.encode())
        self._flush(force=True)

    def listen(self, seconds: float) -> None:
        """Read what comes for ``seconds`` (or until the server closes)."""
        until = time.monotonic() + seconds
        while self.closed_at is None and time.monotonic() < until:
            self._read(until - time.monotonic())

    def pings(self) -> list[float]:
        return [at for at, frame in self.frames if frame.opcode is Opcode.PING]

    def _read(self, seconds: float) -> list[Any]:
        self.sock.settimeout(max(0.01, seconds))
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return []
        if data:
            self.protocol.receive_data(data)
        else:
            self.protocol.receive_eof()
        events = self.protocol.events_received()
        now = time.monotonic()
        self.frames += [(now, e) for e in events if isinstance(e, Frame)]
        if not data or any(isinstance(e, Frame) and e.opcode is Opcode.CLOSE for e in events):
            self.closed_at = self.closed_at or now
        self._flush()
        return events

    def _flush(self, force: bool = False) -> None:
        """Send what the protocol has to send (its pongs too) — unless not answering."""
        out = b"".join(self.protocol.data_to_send())
        if out and (force or self.answering):
            self.sock.sendall(out)


def test_a_peer_that_talks_is_not_pinged_and_one_gone_quiet_is() -> None:
    with serving(hold, ws_ping_interval=INTERVAL, ws_ping_timeout=TIMEOUT) as url:
        peer = Peer(url)
        for n in range(16):  # 2.4 s, six intervals: a message every 0.15 s
            peer.say(f"n{n}")
            quiet_from = time.monotonic()
            peer.listen(0.15)
        assert peer.pings() == []
        peer.listen(6 * INTERVAL)  # quiet now, but answering pings
        assert peer.closed_at is None
        pings = peer.pings()
        assert pings and pings[0] - quiet_from >= INTERVAL
        assert len(pings) >= 2, "pinged again after its pong"


def test_a_dead_peer_is_closed_once_quiet_for_the_interval_and_the_timeout() -> None:
    with serving(hold, ws_ping_interval=INTERVAL, ws_ping_timeout=TIMEOUT) as url:
        peer = Peer(url)
        for n in range(8):
            peer.say(f"n{n}")
            last = time.monotonic()
            peer.listen(0.15)
        peer.answering = False  # gone: nothing sent from now on, no pong
        peer.listen(INTERVAL + TIMEOUT + 5.0)
        assert peer.pings(), "the server asked"
        assert peer.closed_at is not None, "and closed the socket"
        assert INTERVAL + TIMEOUT - 0.1 <= peer.closed_at - last <= INTERVAL + TIMEOUT + 2.0
        closes = [f for _, f in peer.frames if f.opcode is Opcode.CLOSE]
        assert closes and closes[0].data[:2] == (1011).to_bytes(2, "big")
