"""Browser-test support: a real ``boardroom serve`` in a subprocess, Debian's chromium driven
by Playwright, the HTTP API for setting games up and checking what the pages did."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Playwright

Json = dict[str, Any]
ROOT = Path(__file__).resolve().parents[2]
# Each run's screenshots; `BOARDROOM_SCREENSHOTS=docs/screenshots` refreshes the committed ones.
SHOTS = Path(os.environ.get("BOARDROOM_SCREENSHOTS", ROOT / "var" / "screenshots"))
CHROMIUM = os.environ.get("BOARDROOM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
XSS = "<img src=x onerror=window.__xss=1>"
BOLD = "<b>Robo</b>"


def chromium_path() -> str:
    """Debian's chromium, installed by scripts/chromium.sh if missing (no `playwright install`)."""
    if not Path(CHROMIUM).exists() and shutil.which("apt-get"):
        subprocess.run(["bash", str(ROOT / "scripts" / "chromium.sh")], check=False)
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"no chromium at {CHROMIUM}: run scripts/chromium.sh")
    return CHROMIUM


def launch(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``boardroom serve --no-demo`` on a free loopback port over a fresh SQLite file."""

    def __init__(self, db_path: Path) -> None:
        self.port = free_port()
        self.db = f"sqlite:///{db_path}"
        self.log = db_path.with_suffix(".log")
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> Server:
        env = {**os.environ, "BOARDROOM_RATE_PER_S": "1000", "BOARDROOM_RATE_BURST": "1000"}
        env["BOARDROOM_ROBOT_POLL_S"] = "0.3"
        command = [sys.executable, "-m", "boardroom", "serve", "--no-demo"]
        command += ["--port", str(self.port), "--db", self.db]
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/ready", timeout=1.0).status_code == 200:
                    return self
            time.sleep(0.05)
        raise RuntimeError(f"server not ready: {self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None


@contextlib.contextmanager
def running(db_path: Path) -> Iterator[Server]:
    server = Server(db_path).start()
    try:
        yield server
    finally:
        server.stop()


class Api:
    """The HTTP API, to set games up and to check what the pages did."""

    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=30.0)

    def create(self, game: str, setup: Json) -> Json:
        reply = self.http.post("/api/games", json={"game": game, "setup": setup})
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()
        return body

    def join(self, code: str, name: str, role: str | None = None) -> Json:
        reply = self.http.post("/api/join", json={"code": code, "name": name, "role": role})
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()
        return body

    def robots(self, game_id: str, secret: str, roles: list[str]) -> None:
        reply = self.http.post(
            f"/api/games/{game_id}/robots",
            json={"roles": roles},
            headers={"Authorization": f"Bearer {secret}"},
        )
        assert reply.status_code == 200, reply.text

    def command(self, game_id: str, secret: str, command: Json) -> Json:
        reply = self.http.post(
            f"/api/games/{game_id}/commands",
            json={"command": command},
            headers={"Authorization": f"Bearer {secret}"},
        )
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()
        return body

    def view(self, game_id: str, secret: str) -> Json:
        reply = self.http.get(f"/api/games/{game_id}", headers={"X-Seat-Secret": secret})
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()["view"]
        return body

    def wait(
        self, game_id: str, secret: str, test: Callable[[Json], bool], timeout: float = 30.0
    ) -> Json:
        """Poll the seat's view until ``test`` holds."""
        deadline = time.monotonic() + timeout
        view = self.view(game_id, secret)
        while not test(view):
            if time.monotonic() > deadline:
                brief = {k: view.get(k) for k in ("phase", "year", "on_call", "to_move", "duel")}
                raise AssertionError(f"timed out waiting; the view is {brief}")
            time.sleep(0.1)
            view = self.view(game_id, secret)
        return view


def new_page(browser: Browser, **options: Any) -> tuple[BrowserContext, Page]:
    """A fresh browser context (its own storage: one person) and a page that fails on errors."""
    settings: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}, "locale": "en-GB"}
    settings.update(options)
    context = browser.new_context(**settings)
    page = context.new_page()
    watch(page)
    return context, page


def watch(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors  # type: ignore[attr-defined]


def errors_of(page: Page) -> list[str]:
    found: list[str] = page.errors  # type: ignore[attr-defined]
    return found


def shot(page: Page, name: str, full_page: bool = False) -> Path:
    """Save a screenshot to SHOTS/NAME.png (var/screenshots unless told otherwise)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    with Image.open(path) as image:  # a 256-colour palette: a third of the bytes, same look
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)
    return path


def no_markup_ran(page: Page) -> None:
    """Player-supplied markup stayed text: no element made from it, no script ran."""
    assert page.evaluate("window.__xss") is None
    assert page.locator("img[src=x]").count() == 0
    assert page.locator("main b:text-is('Robo')").count() == 0


def set_range(slider: Locator, value: int) -> None:
    """Move a slider as a person would (an input event after the value changes)."""
    script = "(el, v) => { el.value = String(v); el.dispatchEvent(new Event('input')); }"
    slider.evaluate(script, value)


def click_move(page: Page, move: str) -> None:
    """Enter a move on the page's board by clicking its squares, hop by hop."""
    for square in move.replace("x", ":").replace("-", ":").split(":"):
        page.locator(f".board [data-square={square}]").first.click()
