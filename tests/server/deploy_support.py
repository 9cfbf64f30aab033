"""The deployment shape the failover tests run: the shipped ``deploy/nginx.conf`` in front
of the processes, a private PostgreSQL that may be stopped and started, and people whose
sockets reconnect (through the proxy) when their process dies."""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
from live_support import Json, Server, WsSeat, free_port
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "nginx.conf"


def render(ports: list[int], listen: int) -> str:
    """``deploy/nginx.conf`` with the processes on ``ports`` and the proxy on ``listen``
    (everything else as shipped)."""
    text = CONFIG.read_text()
    servers = "".join(
        f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;\n" for port in ports
    )
    text, upstreams = re.subn(r"(?m)^        server 127\.0\.0\.1:\d+ [^\n]*\n", "", text)
    assert upstreams >= 2, "the shipped config names its processes"
    text = text.replace("        keepalive 32;", servers + "        keepalive 32;", 1)
    text, listens = re.subn(r"listen \d+;", f"listen 127.0.0.1:{listen};", text)
    assert listens == 1
    return text


@contextlib.contextmanager
def proxy(servers: list[Server], prefix: Path) -> Iterator[str]:
    """nginx (installed by scripts/nginx.sh) in front of ``servers``; its base URL."""
    binary = subprocess.run(
        ["bash", str(ROOT / "scripts" / "nginx.sh")], check=True, capture_output=True, text=True
    ).stdout.strip()
    for sub in ("logs", "temp"):
        (prefix / sub).mkdir(parents=True, exist_ok=True)
    port = free_port()
    conf = prefix / "nginx.conf"
    conf.write_text(render([s.port for s in servers], port))
    command = [binary, "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "logs/error.log")]
    proc = subprocess.Popen([*command, "-g", "daemon off; user root;"])
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(base + "/ready", timeout=2).status_code == 200:
                    break
            assert proc.poll() is None, (prefix / "logs/error.log").read_text()
            assert time.monotonic() < deadline, "nginx not answering"
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@contextlib.contextmanager
def private_postgres(where: Path) -> Iterator[str]:
    """A PostgreSQL cluster of the test's own (it may be stopped: :func:`postgres`)."""
    script = str(ROOT / "scripts" / "postgres.sh")
    url = subprocess.run(
        ["bash", script, "start", str(where)], check=True, capture_output=True, text=True
    ).stdout.strip()
    try:
        yield url
    finally:
        subprocess.run(["bash", script, "stop", str(where)], check=False, capture_output=True)


def postgres(action: str, where: Path) -> None:
    """``down`` (stop, keeping the data) or ``up`` (start again on the same port)."""
    script = str(ROOT / "scripts" / "postgres.sh")
    subprocess.run(["bash", script, action, str(where)], check=True, capture_output=True)


class Person:
    """One seat's browser: a socket through the proxy, made again (with the version it
    holds) whenever it breaks; a command whose answer was lost is sent again, same id."""

    def __init__(self, ws_url: str, game_id: str, secret: str) -> None:
        self.ws_url, self.game_id, self.secret = ws_url, game_id, secret
        self.seat = WsSeat(ws_url, game_id, secret)
        self.reconnects = 0
        self.versions: list[int] = []

    def reconnect(self, timeout: float = 30.0) -> None:
        known = self.seat.version
        self.versions += self.seat.versions
        with contextlib.suppress(Exception):
            self.seat.close()
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.seat = WsSeat(self.ws_url, self.game_id, self.secret, known)
                break
            except (OSError, ConnectionClosed, TimeoutError):
                assert time.monotonic() < deadline, "cannot reconnect through the proxy"
                time.sleep(0.2)
        self.reconnects += 1
        assert self.seat.welcome["type"] == "welcome", self.seat.welcome
        self.seat.wait_version(known)  # never behind what it held

    def command(self, command: Json) -> Json:
        """Send until an answer comes (ack or error), reconnecting as needed."""
        text = json.dumps({"type": "command", "command": command})
        deadline = time.monotonic() + 60
        while True:
            try:
                answer = self.seat.send_raw(text)
                if answer.get("code") in ("unavailable", "shutting_down", "busy"):
                    time.sleep(0.2)
                    continue
                return answer
            except (OSError, ConnectionClosed, TimeoutError):
                assert time.monotonic() < deadline, "no answer through the proxy"
                self.reconnect()

    def alive(self) -> None:
        """A ping answered (a socket whose process died is made again first)."""
        try:
            self.seat.send_raw(json.dumps({"type": "ping"}))
        except (OSError, ConnectionClosed, TimeoutError):
            self.reconnect()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.seat.close()
