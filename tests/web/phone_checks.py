"""What a phone page must hold to, checked in the browser: nothing wider than the screen
(also inside scroll boxes), no internal id in the visible text, the task in the first screen."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page

PHONES = {"390": (390, 844), "360": (360, 740)}
"""The phone sizes every pupil's page is checked at (width × height, CSS px)."""
INTERNAL_ID = re.compile(r"\b[pto]\d+\b|#\d|\bfirm:\d|\bg[0-9a-f]{8,}\b")
"""Ids people must never read: seats ``p2``, teams ``t1``, orders ``o27``, ``#1``, games."""

WIDER = """() => {
  const width = document.documentElement.clientWidth;
  const named = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
    + (typeof el.className === "string" && el.className.trim()
      ? "." + el.className.trim().split(/\\s+/).join(".") : "")
    + (el.dataset && el.dataset.role ? `[data-role=${el.dataset.role}]` : "");
  const found = [];
  if (document.documentElement.scrollWidth > width + 1)
    found.push(`the page: ${document.documentElement.scrollWidth} px`);
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (!box.width || getComputedStyle(el).visibility === "hidden") continue;
    const scrolls = ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
    if (box.width > width + 1) found.push(`${named(el)}: ${Math.round(box.width)} px`);
    else if (scrolls && el.scrollWidth > width + 1)
      found.push(`${named(el)} scrolls ${el.scrollWidth} px`);
  }
  return found.slice(0, 12);
}"""


def wider_than_screen(page: Page) -> list[str]:
    """Every element wider than the screen (a scroll box by its content too), named."""
    found: list[str] = page.evaluate(WIDER)
    return found


def ids_shown(page: Page) -> list[str]:
    """Internal ids in the page's visible text."""
    text: str = page.evaluate("() => document.body.innerText")
    return sorted({m.group(0) for m in INTERNAL_ID.finditer(text)})


def in_first_screen(page: Page, element: Locator) -> bool:
    """Whether ``element`` starts and ends inside the first screen, without scrolling."""
    box = element.bounding_box()
    height = page.evaluate("() => window.innerHeight")
    scrolled = page.evaluate("() => window.scrollY")
    inside = box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height
    return inside and scrolled == 0
