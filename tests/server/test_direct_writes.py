"""Frames written at once (the flusher) or, when a socket does not take them now, by the
socket's writer task: either way every ack arrives, in order, and views coalesce."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from support.servers import serving
from websockets.sync.client import connect

from boardroom.server import wsprotocol
from boardroom.server.frames import Frame
from boardroom.server.live import Client, Flusher, Seat


class Socket:
    """A socket that takes writes at once while ``open_now``; else they wait for ``drained``
    (as a peer that reads slowly): what arrived, and by which path."""

    def __init__(self) -> None:
        self.open_now = True
        self.drained = asyncio.Event()
        self.arrived: list[tuple[str, str]] = []

    def write(self, *messages: bytes) -> bool:
        if self.open_now:
            self.arrived += [("at once", json.loads(data)["n"]) for data in messages]
        return self.open_now

    async def send(self, text: str) -> None:
        await self.drained.wait()
        self.arrived.append(("waited", json.loads(text)["n"]))


def view(n: str, version: int) -> Frame:
    return Frame(json.dumps({"type": "view", "n": n}).encode(), version, None, {})


def test_frames_keep_their_order_when_the_socket_stops_taking_them() -> None:
    async def play() -> tuple[list[tuple[str, str]], Client]:
        socket = Socket()
        client = Client(Seat("g1", "s1", "p1", "Anna"), socket.send, 8, socket.write, Flusher())
        writer = asyncio.create_task(client.run())
        client.push({"n": "ack1"})
        client.push_view(view("v1", 1))
        await asyncio.sleep(0)
        socket.open_now = False  # the peer reads slowly: the transport's buffer is full
        client.push({"n": "ack2"})
        client.push_view(view("v2", 2))
        await asyncio.sleep(0)
        client.push_view(view("v3", 3))  # v2 not sent yet: replaced
        client.push({"n": "ack3"})
        await asyncio.sleep(0)
        socket.open_now = True  # it would take a write now, but the writer task has them
        client.push({"n": "ack4"})
        await asyncio.sleep(0)
        socket.drained.set()
        for _ in range(5):
            await asyncio.sleep(0)
        client.push_view(view("v4", 4))
        client.push({"n": "ack5"})
        await asyncio.sleep(0)
        client.closed = True
        client.wake.set()
        await asyncio.wait_for(writer, 5)
        return socket.arrived, client

    arrived, client = asyncio.run(play())
    assert arrived == [
        ("at once", "ack1"),
        ("at once", "v1"),
        ("waited", "ack2"),
        ("waited", "ack3"),
        ("waited", "ack4"),
        ("waited", "v3"),
        ("at once", "ack5"),
        ("at once", "v4"),
    ]
    assert client.have == 4 and client.sent == 8 and not client.stalled


def test_an_ack_is_written_before_the_view_of_the_same_command() -> None:
    """The flusher runs once the command's ack is queued too (as the writer task did)."""

    async def play() -> list[tuple[str, str]]:
        socket = Socket()
        client = Client(Seat("g1", "s1", "p1", "Anna"), socket.send, 8, socket.write, Flusher())
        client.push_view(view("v1", 1))  # the fan-out, inside the command
        client.push({"n": "ack1"})  # then the command's ack, in the same step
        await asyncio.sleep(0)
        return socket.arrived

    assert asyncio.run(play()) == [("at once", "ack1"), ("at once", "v1")]


def test_the_protocol_writes_at_once_until_the_socket_is_full_then_refuses() -> None:
    """On a real socket: ``write_text`` frames each message as ASGI's send would, says False
    once the peer reads too slowly (its transport paused) and after the close; what it
    took and what ASGI sent then all arrive, in order."""
    told: dict[str, Any] = {}
    big = "x" * 1_000_000

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        write = wsprotocol.write_now(scope)
        assert write is not None
        taken = 0
        while taken < 200 and write(json.dumps({"n": taken, "pad": big}).encode()):
            taken += 1
        assert write(*(json.dumps({"n": n}).encode() for n in range(3))) is False  # all or none
        told["taken"] = taken
        await send({"type": "websocket.send", "text": json.dumps({"n": taken, "pad": ""})})
        await send({"type": "websocket.close", "code": 1000})
        told["after_close"] = write(b'{"n": -1}')

    with serving(app) as url, connect(url, max_size=2**24, open_timeout=10) as conn:
        time.sleep(0.3)  # not reading: the server's buffers fill
        numbers = []
        with contextlib.suppress(Exception):
            while True:
                numbers.append(json.loads(conn.recv(timeout=10))["n"])
    assert 0 < told["taken"] < 200, told
    assert numbers == list(range(told["taken"] + 1))
    assert told["after_close"] is False


def test_messages_written_together_arrive_each_as_it_was_plain_or_compressed() -> None:
    """Several messages in one write, short ones framed plain and long ones compressed
    (permessage-deflate negotiated): a conforming client reads each as it was sent."""
    texts = [json.dumps({"n": n, "pad": "é" * size}) for n, size in enumerate((3, 5000, 0, 70_000))]

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        write = wsprotocol.write_now(scope)
        assert write is not None and write(*(text.encode() for text in texts))
        await send({"type": "websocket.close", "code": 1000})

    with serving(app, deflate=True) as url, connect(url, max_size=2**24, open_timeout=10) as conn:
        assert conn.protocol.extensions, "permessage-deflate was negotiated"
        got = [conn.recv(timeout=10) for _ in texts]
    assert got == texts
