"""Debian's chromium driven by Playwright (no `playwright install`: the project's script
installs chromium)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from playwright.sync_api import Browser, Playwright

ROOT = Path(__file__).resolve().parents[2]
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


def chromium_path() -> str:
    """Debian's chromium, installed by scripts/chromium.sh if missing (no `playwright install`)."""
    if not Path(CHROMIUM).exists() and shutil.which("apt-get"):
        subprocess.run(["bash", str(ROOT / "scripts" / "chromium.sh")], check=False)
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"no chromium at {CHROMIUM}: run scripts/chromium.sh")
    return CHROMIUM


def launch(playwright: Playwright, executable: str | None = None) -> Browser:
    """Debian's chromium, or ``executable`` (a script that starts it elsewhere: netns.py)."""
    path = executable or chromium_path()
    return playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
