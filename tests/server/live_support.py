"""Test support: a real server in a subprocess, HTTP and WebSocket clients for seats."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

Json = dict[str, Any]
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``boardroom serve`` in a subprocess on a free loopback port."""

    def __init__(self, db_url: str, **env: str) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.env = {**os.environ, "BOARDROOM_RATE_PER_S": "1000", "BOARDROOM_RATE_BURST": "1000"}
        self.env.update({f"BOARDROOM_{k.upper()}": v for k, v in env.items()})
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = Path(os.environ.get("TMPDIR", "/tmp")) / f"boardroom-test-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> Server:
        command = [sys.executable, "-m", "boardroom", "serve", "--no-demo"]
        command += ["--port", str(self.port), "--db", self.db_url]
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=log, stderr=log)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/ready", timeout=1.0).status_code == 200:
                    return self
            time.sleep(0.05)
        raise RuntimeError(f"server not ready: {self.log.read_text()[-3000:]}")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=30)
        self.proc = None

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.kill(signal.SIGTERM)


@contextlib.contextmanager
def running(db_url: str, **env: str) -> Iterator[Server]:
    server = Server(db_url, **env)
    server.start()
    try:
        yield server
    finally:
        server.kill(signal.SIGTERM)


class Api:
    """The HTTP API as a test uses it."""

    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=30.0)

    def create(self, game: str, setup: Json | None = None) -> Json:
        reply = self.http.post("/api/games", json={"game": game, "setup": setup})
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()
        return body

    def join(self, game: Json, name: str, role: str | None = None) -> Json:
        reply = self.http.post("/api/join", json={"code": game["code"], "name": name, "role": role})
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()
        return body

    def command(
        self, game_id: str, secret: str, command: Json, version: int | None = None
    ) -> httpx.Response:
        return self.http.post(
            f"/api/games/{game_id}/commands",
            json={"command": command, "version": version},
            headers={"Authorization": f"Bearer {secret}"},
        )

    def view(self, game_id: str, secret: str) -> Json:
        reply = self.http.get(f"/api/games/{game_id}", headers={"X-Seat-Secret": secret})
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()
        return body


def merge(events: list[Json] | None, have: int | None, frame: Json) -> list[Json]:
    """The events a client holds after a view frame (as the web client merges them): a
    whole view's (``events_from`` 0), or those held (up to version ``have``) and the new."""
    fresh: list[Json] = frame["view"]["events"]
    start = frame.get("events_from", 0)
    if start == 0:
        return list(fresh)
    assert events is not None and start == have, (start, have)
    return events + fresh


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
            self.events = merge(self.events, self.version, frame)
            self.version = frame["version"]
            self.versions.append(self.version)
            self.view = {**frame["view"], "events": self.events}
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
