"""Browser-test support: a real ``boardroom serve`` in a subprocess, Debian's chromium driven
by Playwright, the HTTP API for setting games up and checking what the pages did."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.sync_api import Browser, BrowserContext, FrameLocator, Locator, Page
from support import Api, Server

from boardroom.kernel import Json

__all__ = ["Api", "Json", "Server", "new_page", "shot"]
ROOT = Path(__file__).resolve().parents[2]
# Each run's screenshots; `BOARDROOM_SCREENSHOTS=docs/screenshots` refreshes the committed ones.
SHOTS = Path(os.environ.get("BOARDROOM_SCREENSHOTS", ROOT / "var" / "screenshots"))
XSS = "<img src=x onerror=window.__xss=1>"
BOLD = "<b>Robo</b>"


def new_page(browser: Browser, **options: Any) -> tuple[BrowserContext, Page]:
    """A fresh browser context (its own storage: one person) and a page that fails on errors."""
    settings: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}, "locale": "en-GB"}
    settings.update(options)
    context = browser.new_context(**settings)
    page = context.new_page()
    watch(page)
    return context, page


def created_game(page: Page) -> tuple[str, str]:
    """After "create the game": wait for the host's play page; its game id and host secret."""
    page.wait_for_url(re.compile(r"/play/g[0-9a-f]+#secret="))
    return page.url.split("/play/")[1].split("#")[0], page.url.split("#secret=")[1]


def new_phone(browser: Browser) -> Page:
    """A Russian student's phone: 390×844, touch, a mobile browser."""
    options = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    return new_page(browser, locale="ru-RU", **options)[1]


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


def click_move(page: Page | FrameLocator, move: str) -> None:
    """Enter a move on the page's (or a frame's) board by clicking its squares, hop by hop."""
    for square in move.replace("x", ":").replace("-", ":").split(":"):
        page.locator(f".board [data-square={square}]").first.click()
