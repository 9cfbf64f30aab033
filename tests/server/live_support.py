"""Test support for the live server: WebSocket clients for seats, an exchange setup robots
trade in, what the database holds (the server in a subprocess and the HTTP client are the
shared ones of ``tests/support``)."""

from __future__ import annotations

import json
import time
from typing import Any

from support import Api, Server, free_port, running
from websockets.sync.client import ClientConnection, connect

from boardroom.kernel import Json
from boardroom.store import Store

__all__ = [
    "Api",
    "Json",
    "Server",
    "WsSeat",
    "free_port",
    "merge",
    "merge_view",
    "robot_versions",
    "running",
    "stored_head",
    "trading_setup",
]


def merge(events: list[Json] | None, have: int | None, frame: Json) -> list[Json]:
    """The events a client holds after a view frame (as the web client merges them): a
    whole view's (``events_from`` 0), or those held (up to version ``have``) and the new."""
    fresh: list[Json] = frame["view"]["events"]
    start = frame.get("events_from", 0)
    if start == 0:
        return list(fresh)
    assert events is not None and start == have, (start, have)
    return events + fresh


def merge_view(held: Json | None, have: int | None, frame: Json) -> Json:
    """The whole view a client holds after a view frame (as the web client merges it): a
    whole view's (``events_from`` 0), or — following on from version ``have`` — the keys
    the frame brings, those it names ``kept`` as held, and the held events with the new."""
    fresh: Json = frame["view"]
    if frame.get("events_from", 0) == 0:
        return dict(fresh)
    assert held is not None, frame
    kept = {key: held[key] for key in frame.get("kept", [])}
    return {**kept, **fresh, "events": merge(held["events"], have, frame)}


class WsSeat:
    """One seat's WebSocket: every frame kept, the newest view (its events merged from the
    frames, as the web client does) and version tracked."""

    def __init__(self, ws_url: str, game_id: str, secret: str, version: int | None = None) -> None:
        self.conn: ClientConnection = connect(
            f"{ws_url}/ws/{game_id}", max_size=2**24, open_timeout=10, legacy=True
        )
        self.frames: list[Json] = []
        self.raw: list[str] = []
        self.view: Json = {}
        self.events: list[Json] | None = None
        self.version = -1
        self.versions: list[int] = []
        self.conn.send(json.dumps({"type": "hello", "secret": secret, "version": version}))
        self.welcome = self.recv()
        self.counter = 0

    def recv(self, timeout: float = 10.0) -> Json:
        text = self.conn.recv(timeout=timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        frame: Json = json.loads(text)
        self.frames.append(frame)
        if frame.get("type") == "view":
            assert frame["version"] >= self.version, (frame["version"], self.version)
            self.view = merge_view(self.view or None, self.version, frame)
            self.events = self.view["events"]
            self.version = frame["version"]
            self.versions.append(self.version)
        return frame

    def wait_version(self, version: int, timeout: float = 10.0) -> Json:
        deadline = time.monotonic() + timeout
        while self.version < version:
            self.recv(max(0.01, deadline - time.monotonic()))
        return self.view

    def wait_until(self, test: Any, timeout: float = 10.0) -> Json:
        deadline = time.monotonic() + timeout
        while not test(self.view):
            self.recv(max(0.01, deadline - time.monotonic()))
        return self.view

    def wait_until_frame(self, kind: str, timeout: float = 10.0) -> Json:
        """The next frame of type ``kind`` (the frames before it kept)."""
        deadline = time.monotonic() + timeout
        while True:
            frame = self.recv(max(0.01, deadline - time.monotonic()))
            if frame.get("type") == kind:
                return frame

    def send_raw(self, text: str) -> Json:
        """Send any text; the reply (an ack or an error frame), views kept meanwhile."""
        self.conn.send(text)
        while True:
            frame = self.recv()
            if frame.get("type") in ("ack", "error", "pong"):
                return frame

    def command(self, command: Json, version: int | None = None) -> Json:
        self.counter += 1
        command = {"id": f"c{self.counter}-{time.monotonic_ns()}", **command}
        return self.send_raw(
            json.dumps({"type": "command", "command": command, "version": version})
        )

    def ok(self, command: Json, version: int | None = None) -> Json:
        reply = self.command(command, version)
        assert reply["type"] == "ack", reply
        self.wait_version(reply["version"])
        return reply

    def close(self) -> None:
        self.conn.close()


TRADERS = ("p1", "p2", "p3", "p4")


def trading_setup(seed: int) -> Json:
    """An exchange game of four players in an opening session of 40 (scaled) seconds:
    robots wake every few seconds in it."""
    return {
        "game": "exchange",
        "seed": seed,
        "ruleset": {"years": 1, "opening_session": True, "session_s": 800, "time_scale": 0.05},
        "players": [{"id": p, "name": f"Player {p[1:]}"} for p in TRADERS],
        "directors": {str(f): TRADERS[(f - 1) % 4] for f in range(1, 9)},
    }


def robot_versions(url: str, game_id: str, role: str, after: int = 0) -> list[int]:
    """The versions made by ``role``'s robot after version ``after`` (as stored)."""
    store = Store(url)
    try:
        prefix = f"robot:{role}:"
        return [
            e.version
            for e in store.events.events_since(game_id, after)
            if (e.command_id or "").startswith(prefix)
        ]
    finally:
        store.close()


def stored_head(url: str, game_id: str) -> int:
    """The game's last stored version, read from the database itself."""
    store = Store(url)
    try:
        return store.events.head(game_id)
    finally:
        store.close()
