"""``boardroom serve`` in a subprocess on a free loopback port, ready when ``/ready`` is."""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from boardroom.server import wsprotocol

ROOT = Path(__file__).resolve().parents[2]
OPEN_LIMITS = {
    f"BOARDROOM_{name}": "100000"
    for name in ("JOIN_BURST", "CREATE_BURST", "BANK_BURST", "DRAFT_BURST", "JOIN_RATE_PER_S")
}
"""The suites create many games and seats from 127.0.0.1: per-address limits opened wide
(tests/server/test_trust.py checks the limits themselves, set small)."""


MARK = "BOARDROOM_TEST_MARK"
"""Every test server's environment holds its own mark, and so does every process it starts
(the coach's workers, their resource tracker): they are found by it even once the server is
gone (a process whose parent died is handed to another, so its parent's pid no longer says
whose it was)."""


def marked(mark: str) -> list[int]:
    """The pids of the live processes whose environment holds ``MARK=mark`` (from /proc)."""
    wanted = f"{MARK}={mark}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue  # ended meanwhile, or not ours to read
        if wanted in environ.split(b"\0") and state != "Z":  # a zombie is dead, not reaped
            found.append(int(entry.name))
    return found


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


SERVE = (sys.executable, "-m", "boardroom", "serve", "--no-demo")
"""The tests' server: no demo games (on the ``address`` it is reached at, said outright)."""


class Server:
    """``boardroom serve --no-demo --host 127.0.0.1`` over ``db_url``; ``env`` are settings
    (``robot_poll_s="0.3"`` is ``BOARDROOM_ROBOT_POLL_S=0.3``). Its output goes to ``log``.
    Another ``serve`` command may be set before the start (``--port`` and, unless ``db_url``
    is "", ``--db`` are added), run in ``cwd``. A subclass may run it elsewhere (``command``) and
    reach it at another ``address`` (tests/support/netns.py)."""

    address = "127.0.0.1"

    def __init__(self, db_url: str, log: Path | None = None, **env: str) -> None:
        self.db_url = db_url
        self.serve: Sequence[str] = (*SERVE, "--host", self.address)
        self.cwd = ROOT
        self.port = free_port()
        self.env = {**os.environ, "BOARDROOM_RATE_PER_S": "1000", "BOARDROOM_RATE_BURST": "1000"}
        self.env.update(OPEN_LIMITS)
        self.mark = secrets.token_hex(8)
        self.env[MARK] = self.mark
        self.env.update({f"BOARDROOM_{k.upper()}": v for k, v in env.items()})
        self.proc: subprocess.Popen[bytes] | None = None
        tmp = Path(os.environ.get("TMPDIR", "/tmp"))
        self.log = log or tmp / f"boardroom-test-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{self.address}:{self.port}"

    def command(self) -> list[str]:
        """The ``serve`` command on this server's port and database."""
        command = [*self.serve, "--port", str(self.port)]
        return command + (["--db", self.db_url] if self.db_url else [])

    def start(self, timeout: float = 120.0) -> Server:
        """Start the process and wait for ``/ready`` (generous: the shared test machine
        may be very loaded; a healthy start takes a second or two)."""
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                self.command(), cwd=self.cwd, env=self.env, stdout=log, stderr=log
            )
        deadline = time.monotonic() + timeout
        # One client for the whole wait: a bare ``httpx.get`` builds a TLS context each
        # time (~45 ms of CPU), which, 20 times a second, starves the starting server.
        with httpx.Client(timeout=1.0) as http:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
                with contextlib.suppress(httpx.HTTPError):
                    if http.get(self.url + "/ready").status_code == 200:
                        return self
                time.sleep(0.05)
        raise RuntimeError(f"server not ready: {self.log.read_text()[-3000:]}")

    def processes(self) -> list[int]:
        """The live processes of this server: itself and every process it started (by its
        mark), whatever the server's own state."""
        return marked(self.mark)

    def kill(self, sig: int = signal.SIGKILL, reap: bool = True) -> None:
        """Send ``sig`` (a crash by default) and wait for the process to end; with ``reap``,
        anything it started that outlived it is killed too (the suite leaves nothing)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=30)
        self.proc = None
        if reap:
            self.reap()

    def stop(self) -> None:
        """A graceful stop (SIGTERM), killed if it takes too long; nothing it started is
        left."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None
        self.reap()

    def reap(self, within: float = 5.0) -> None:
        """Wait up to ``within`` seconds for every process the server started to end (its
        workers end with it), then kill those left, by pid."""
        deadline = time.monotonic() + within
        while self.processes() and time.monotonic() < deadline:
            time.sleep(0.05)
        for pid in self.processes():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()


def printed(log: Path, marker: str, timeout: float = 60.0) -> str:
    """The server's printed lines (its JSON log lines left out) once ``marker`` is among
    them (``boardroom serve`` tells where to open it once it listens)."""
    deadline = time.monotonic() + timeout
    while True:
        text = log.read_text(encoding="utf-8", errors="replace")
        lines = "".join(line for line in text.splitlines(True) if not line.startswith("{"))
        if marker in lines:
            return lines
        if time.monotonic() > deadline:
            raise AssertionError(f"{marker!r} never printed: {text[-3000:]}")
        time.sleep(0.05)


@contextlib.contextmanager
def running(db_url: str, log: Path | None = None, **env: str) -> Iterator[Server]:
    """A started server, stopped at the end."""
    server = Server(db_url, log, **env).start()
    try:
        yield server
    finally:
        server.stop()


def on_sqlite(path: Path) -> contextlib.AbstractContextManager[Server]:
    """A server over a fresh SQLite file at ``path``, its log beside it, robots quick."""
    return running(f"sqlite:///{path}", path.with_suffix(".log"), robot_poll_s="0.3")


@contextlib.contextmanager
def serving(app: Any, deflate: bool = False, **config: Any) -> Iterator[str]:
    """``app`` (ASGI) on uvicorn with the server's WebSocket protocol, in a thread; its
    ``ws://`` address. ``config``: more of ``uvicorn.Config`` (``ws_ping_interval=0.3``)."""
    port = free_port()
    settings = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="off",
        ws=wsprotocol.protocol(deflate, 2048),
        ws_per_message_deflate=deflate,
        **config,
    )
    with in_thread(settings):
        yield f"ws://127.0.0.1:{port}/"


@contextlib.contextmanager
def in_thread(settings: uvicorn.Config, start_s: float = 30) -> Iterator[None]:
    """uvicorn with ``settings`` in a daemon thread, started within ``start_s`` seconds,
    stopped at the end."""
    server = uvicorn.Server(settings)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + start_s
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield
    finally:
        server.should_exit = True
        thread.join(30)
