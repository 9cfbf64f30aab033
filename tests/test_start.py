"""``boardroom serve`` as a teacher starts it (docs/lesson.md): bad input refused in one
sentence with nothing written, the phones' links at the room's address, a QR code that reads.

HTTP goes to 127.0.0.1 only (this workplace's network rule), whatever the server prints.
"""

from __future__ import annotations

import contextlib
import os
import pty
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import zxingcpp
from PIL import Image
from support import Server, free_port
from support.servers import ROOT, printed

from boardroom.cli import main
from boardroom.server.room import Room
from boardroom.web.start import qr_text

NOT_OURS = "203.0.113.7"
"""TEST-NET-3: an address no machine of ours has."""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user data directory (``XDG_DATA_HOME``), to see that nothing is written."""
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.chdir(tmp_path)
    return data


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A loopback port someone listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


@pytest.mark.parametrize(
    ("env", "said"),
    [("ru_RU.UTF-8", "не адрес этого компьютера"), ("C.UTF-8", "is not an address")],
)
def test_a_host_not_of_this_machine_is_refused_in_the_persons_language(
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    env: str,
    said: str,
) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", env)
    assert main(["serve", "--host", NOT_OURS, "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(NOT_OURS) and said in err
    assert list(home.iterdir()) == [] and list(home.parent.glob("*.sqlite3")) == []


@pytest.mark.parametrize("where", [["--local"], []])
def test_a_port_in_use_is_refused_with_a_free_one_to_use(
    home: Path, busy_port: int, capsys: pytest.CaptureFixture[str], where: list[str]
) -> None:
    db = home.parent / "lesson.sqlite3"
    argv = ["serve", *where, "--port", str(busy_port), "--db", str(db), "--lang", "en"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"Port {busy_port} is in use" in err
    other = re.search(r"boardroom serve (.*)$", err.strip())
    assert other, err
    words = other[1].split()
    assert words[-2] == "--port" and int(words[-1]) != busy_port, err
    assert "--db" in words  # the same lesson's database, another port
    assert not db.exists() and list(home.iterdir()) == []


def test_the_exit_code_of_bad_input_is_2(home: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardroom", "serve", "--host", NOT_OURS, "--lang", "ru"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == "", done
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert list(home.iterdir()) == []


def test_the_lesson_server_gives_phones_the_room_address(tmp_path: Path) -> None:
    room = Room.discover()
    if not room.addresses:
        pytest.skip("this machine has no network address but loopback")
    ip = room.addresses[0].ip
    command = [sys.executable, "-m", "boardroom", "serve", "--host", "0.0.0.0"]
    command += ["--no-browser", "--lang", "en"]
    log = tmp_path / "serve.log"
    server = Server(f"sqlite:///{tmp_path / 'x.sqlite3'}", log)
    server.serve = command
    with server:
        out = printed(log, "Stop the server")
        assert f"Open it on this laptop: http://localhost:{server.port}/\n" in out
        assert f"Phones join at: http://{ip}:{server.port}/\n" in out
        assert f"Games are kept in {tmp_path / 'x.sqlite3'}\n" in out
        demos = out.split("Games are kept in")[0]
        joins = re.findall(r"join:\s+(\S+)", demos)
        assert len(joins) >= 4 and "0.0.0.0" not in out and "localhost" not in demos
        with httpx.Client(base_url=server.url, timeout=10) as http:
            for link in [f"http://{ip}:{server.port}/", *joins]:
                assert link.startswith(f"http://{ip}:{server.port}/"), link
                path = link.removeprefix(f"http://{ip}:{server.port}")
                assert http.get(path).status_code == 200, link  # through 127.0.0.1 only


def test_the_terminals_qr_code_reads_as_the_phones_link() -> None:
    url = "http://192.0.2.2:8000/"
    assert decoded(qr_text(url)) == [url]


def decoded(text: str, scale: int = 6) -> list[str]:
    """The QR codes read from a terminal's half blocks (a block is a light module)."""
    rows: list[list[bool]] = []
    for line in text.splitlines():
        rows.append([ch in "█▀" for ch in line])
        rows.append([ch in "█▄" for ch in line])
    image = Image.new("L", (max(map(len, rows)) * scale, len(rows) * scale), 255)
    for y, row in enumerate(rows):
        for x, light in enumerate(row):
            if not light:
                image.paste(0, (x * scale, y * scale, (x + 1) * scale, (y + 1) * scale))
    return [found.text for found in zxingcpp.read_barcodes(image)]


def test_on_a_terminal_the_start_draws_the_qr_code_logs_lines_and_opens_the_browser(
    tmp_path: Path,
) -> None:
    """The server on a terminal (a pty) with a desktop (``DISPLAY``) whose browser is a
    script: the QR code reads as the phones' link, the logs are lines a person reads, and the
    start page opens once the server listens."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    opened = tmp_path / "opened.txt"
    browser = bin_ / "firefox"  # a name webbrowser knows for a desktop browser
    browser.write_text(f'#!/bin/sh\necho "$@" >> {opened}\n')
    browser.chmod(0o755)
    port = free_port()
    env = {**os.environ, "PATH": f"{bin_}:{os.environ['PATH']}", "BROWSER": "firefox"}
    env |= {"DISPLAY": ":99", "BOARDROOM_ROOM_ADDRESSES": "192.0.2.2", "LANG": "ru_RU.UTF-8"}
    env.pop("LC_ALL", None)
    command = [sys.executable, "-m", "boardroom", "serve", "--port", str(port), "--no-demo"]
    with on_a_terminal([*command, "--db", str(tmp_path / "x.sqlite3")], env) as screen:
        text = screen.until("Ctrl+C")
        assert httpx.get(f"http://127.0.0.1:{port}/ready", timeout=10).status_code == 200
        deadline = time.monotonic() + 30
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert opened.read_text().split()[-1] == f"http://localhost:{port}/"
        made = httpx.post(f"http://127.0.0.1:{port}/api/games", json={"game": "russian"})
        assert made.status_code == 200, made.text
        assert httpx.get(f"http://127.0.0.1:{port}/ready", timeout=10).status_code == 200
        logged = screen.text  # a game made and played: only warnings would show, as lines
    assert f"Откройте на этом ноутбуке: http://localhost:{port}/\n" in text
    phones = f"http://192.0.2.2:{port}/"
    assert f"Телефоны подключаются по адресу: {phones}\n" in text
    qr = text.split(phones + "\n", 1)[1].split("\nОстановить", 1)[0]
    assert decoded(qr) == [phones]
    logs = logged.split("Ctrl+C\n", 1)[1].strip().splitlines()
    assert all(re.match(r"\d\d:\d\d:\d\d \w", line) for line in logs), logs


class Screen:
    """What a process wrote to its terminal."""

    def __init__(self, master: int) -> None:
        self.master = master
        self.text = ""
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.text += chunk.decode(errors="replace").replace("\r\n", "\n")

    def until(self, marker: str, timeout: float = 60.0) -> str:
        deadline = time.monotonic() + timeout
        while marker not in self.text:
            assert time.monotonic() < deadline, f"{marker!r} never shown: {self.text[-3000:]}"
            time.sleep(0.05)
        return self.text


@contextlib.contextmanager
def on_a_terminal(command: list[str], env: dict[str, str]) -> Iterator[Screen]:
    """``command`` with a pseudo-terminal for its input and output, stopped (SIGTERM) at the end."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, close_fds=True
    )
    os.close(slave)
    try:
        yield Screen(master)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        os.close(master)
