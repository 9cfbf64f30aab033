"""What a phone page must hold to, checked in the browser: nothing wider than the screen
(no box scrolling sideways), no internal id in the visible text, the task in the first screen,
no word broken across lines, controls a finger can hit; and the walls' checks (issue 43)."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page

PHONES = {"390": (390, 844), "360": (360, 740)}
"""The phone sizes every pupil's page is checked at (width × height, CSS px)."""
INTERNAL_ID = re.compile(r"\b[pto]\d+\b|#\d|firm:\d|\bg[0-9a-f]{6,}\b")
"""Ids people must never read: seats ``p2``, teams ``t1``, orders ``o27``, ``#1``, firms, games."""

WIDER = """() => {
  const width = Math.min(innerWidth, document.documentElement.clientWidth);
  const named = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
    + (typeof el.className === "string" && el.className.trim()
      ? "." + el.className.trim().split(/\\s+/).join(".") : "")
    + (el.dataset && el.dataset.role ? `[data-role=${el.dataset.role}]` : "")
    + `[${(el.textContent || "").trim().slice(0, 30)}]`;
  const found = [];
  if (document.documentElement.scrollWidth > width)
    found.push(`the page: ${document.documentElement.scrollWidth} px`);
  for (const el of document.querySelectorAll("body *")) {
    if (!el.checkVisibility() || el.closest(".sr-only")) continue;
    const box = el.getBoundingClientRect();
    if (!box.width) continue;
    if (box.right > width + 0.5 || box.left < -0.5)
      found.push(`${named(el)}: ${Math.round(box.left)}..${Math.round(box.right)} px`);
    const scrolls = getComputedStyle(el).overflowX !== "visible";
    if (scrolls && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      found.push(`${named(el)} scrolls ${el.scrollWidth} px in ${el.clientWidth}`);
  }
  return found.slice(0, 12);
}"""

FIRST_SCREEN = """(el) => {
  if (!el.checkVisibility()) return "not shown";
  const r = el.getBoundingClientRect();
  // a bar fixed to the foot of the screen (the exchange's tabs) hides what is under it
  let floor = innerHeight;
  for (const bar of document.querySelectorAll("body *")) {
    const style = getComputedStyle(bar);
    if (!["fixed", "sticky"].includes(style.position) || !bar.checkVisibility()) continue;
    if (bar.contains(el) || el.contains(bar)) continue;
    const b = bar.getBoundingClientRect();
    if (b.width && b.height && b.bottom >= innerHeight - 1 && b.top > innerHeight / 2)
      floor = Math.min(floor, b.top);
  }
  if (r.top >= 0 && r.bottom <= floor && scrollY === 0) return "";
  return `${Math.round(r.top)}..${Math.round(r.bottom)} of ${Math.round(floor)}`
    + ` (scrolled ${scrollY})`;
}"""

SMALL = """(where) => [...document.querySelectorAll(
  `${where} button, ${where} select, ${where} input:not([type=checkbox])`
)].filter((el) => el.checkVisibility() && !el.closest(".board"))
  .filter((el) => el.getBoundingClientRect().height < 43.5)
  .map((el) => `${el.tagName.toLowerCase()} «${(el.textContent || el.name || "").trim()}»`)"""
"""Every control a finger hits (44 px high at the least) inside ``where``, the squares aside."""


def wider_than_screen(page: Page) -> list[str]:
    """Every visible element reaching past either side of the screen, and every box that
    scrolls or clips its content sideways, named; the page itself wider than the screen."""
    found: list[str] = page.evaluate(WIDER)
    return found


def ids_shown(page: Page) -> list[str]:
    """Internal ids in the page's visible text."""
    text: str = page.evaluate("() => document.body.innerText")
    return sorted({m.group(0) for m in INTERNAL_ID.finditer(text)})


def first_screen_problem(element: Locator) -> str:
    """Why ``element`` is not wholly inside the first screen, without scrolling and above a
    bar fixed to the screen's foot (``""`` when it is)."""
    if element.count() == 0:
        return "not shown"
    why: str = element.evaluate(FIRST_SCREEN)
    return why


def in_first_screen(page: Page, element: Locator) -> bool:
    """Whether ``element`` starts and ends inside the first screen, without scrolling."""
    del page  # the element knows its page
    return first_screen_problem(element) == ""


def broken_words(page: Page, where: str = "main") -> list[str]:
    """The words (two letters or more) laid on two lines inside ``where``."""
    found: list[str] = page.evaluate(BROKEN_WORDS, where)
    return found


def small_targets(page: Page, where: str) -> list[str]:
    """The controls inside ``where`` (the board's squares aside) lower than a finger."""
    found: list[str] = page.evaluate(SMALL, where)
    return found


# --- one set of checks for every screen the class reads: walls and phones (issue 43) ----------

WALLS = {"1280": (1280, 720), "1920": (1920, 1080)}
"""The wall sizes every projector page is checked at: a laptop projector and a full-HD wall."""
WALL_TEXT_PX = 18
"""The least a wall's text may measure at 1280×720 (outside the top bar): the back row reads it."""
PLACEHOLDER = re.compile(r"\b(null|undefined|NaN)\b")
"""What a page shows when a figure or a name is missing: never visible."""

SCREEN = """([key, least]) => {
  const named = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
    + (typeof el.className === "string" && el.className.trim()
      ? "." + el.className.trim().split(/\\s+/).join(".") : "")
    + (el.dataset && (el.dataset.role || el.dataset.panel)
      ? `[${el.dataset.role || el.dataset.panel}]` : "");
  const shown = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const own = (el) => [...el.childNodes].filter((n) => n.nodeType === 3)
    .map((n) => n.textContent).join("").replace(/\\s+/g, " ").trim();
  const found = [];
  const doc = document.scrollingElement || document.documentElement;
  if (doc.scrollHeight > innerHeight + 1) found.push(`the page scrolls ${doc.scrollHeight} px`);
  if (doc.scrollWidth > innerWidth + 1) found.push(`the page is ${doc.scrollWidth} px wide`);
  for (const selector of key) {
    const els = [...document.querySelectorAll(selector)].filter(shown);
    if (!els.length) found.push(`key ${selector}: not shown`);
    for (const el of els) {
      const r = el.getBoundingClientRect();
      const out = r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5;
      if (r.top < -0.5 || r.left < -0.5 || out)
        found.push(`key ${selector}: ${named(el)} at ${Math.round(r.left)},${Math.round(r.top)}`
          + `–${Math.round(r.right)},${Math.round(r.bottom)}`);
    }
  }
  for (const el of document.querySelectorAll("body *")) {
    if (!shown(el)) continue;
    const style = getComputedStyle(el);
    const scrolls = /(auto|scroll)/.test(style.overflowX + style.overflowY);
    if (scrolls && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1))
      found.push(`scroll box ${named(el)}: ${el.scrollWidth}×${el.scrollHeight} in `
        + `${el.clientWidth}×${el.clientHeight}`);
    const text = own(el);
    if (!text || el.closest(".sr-only, .skip")) continue;
    const cut = style.textOverflow === "ellipsis" || style.overflowX !== "visible"
      || style.overflowY !== "visible";
    if (cut && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        && !(el instanceof SVGElement))
      found.push(`cut «${text.slice(0, 40)}» ${named(el)}: ${el.scrollWidth}×${el.scrollHeight}`
        + ` in ${el.clientWidth}×${el.clientHeight}`);
    const r = el.getBoundingClientRect();
    // text that runs out of its box (over its neighbour) though nothing clips it
    let block = el;
    while (block.parentElement && getComputedStyle(block).display.startsWith("inline"))
      block = block.parentElement;
    const range = document.createRange();
    range.selectNodeContents(el);
    const ink = range.getBoundingClientRect(), room = block.getBoundingClientRect();
    if (ink.width && (ink.right > room.right + 1 || ink.left < room.left - 1))
      found.push(`runs out «${text.slice(0, 40)}» ${named(el)}: ${Math.round(ink.width)} px`
        + ` in ${Math.round(room.width)}`);
    if (r.width && r.height && (r.bottom > innerHeight + 1 || r.right > innerWidth + 1) && least)
      found.push(`off screen «${text.slice(0, 40)}» ${named(el)}: to ${Math.round(r.right)},`
        + `${Math.round(r.bottom)}`);
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const clip = getComputedStyle(up);
      if (clip.overflowX === "visible" && clip.overflowY === "visible") continue;
      const box = up.getBoundingClientRect();
      if (r.width && r.height && (r.bottom > box.bottom + 1 || r.right > box.right + 1
          || r.top < box.top - 1 || r.left < box.left - 1)) {
        found.push(`clipped «${text.slice(0, 40)}» ${named(el)} by ${named(up)}`);
        break;
      }
    }
    // the top bar is the browser's, a piece's label is chosen by the piece's width
    if (r.bottom <= 0 || r.top >= innerHeight || !least || el.closest(".topbar, .piece")) continue;
    if (el instanceof SVGElement && !(el instanceof SVGGraphicsElement)) continue;
    const scale = el instanceof SVGGraphicsElement && el.ownerSVGElement
      ? Math.abs(el.getScreenCTM()?.a || 1) : 1;
    const px = parseFloat(style.fontSize) * scale;
    if (px < least - 0.25) found.push(`${px.toFixed(1)} px «${text.slice(0, 30)}» ${named(el)}`);
  }
  return found;
}"""

TEXT_OVERLAPS = """(where) => {
  const found = [];
  for (const table of document.querySelectorAll(where)) {
    if (!table.checkVisibility()) continue;
    const boxes = [];
    const walk = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.textContent.trim() || !n.parentElement.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (!r.width || !r.height) continue;
        // only text the eye sees: not under an overlay (the question, the verdict)
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!top || !(top.contains(n.parentElement) || n.parentElement.contains(top))) continue;
        boxes.push({ r, text: n.textContent.trim(), node: n });
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r, b = boxes[j].r;
        if (boxes[i].node === boxes[j].node) continue;
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        const [a2, b2] = [boxes[i].text.slice(0, 30), boxes[j].text.slice(0, 30)];
        if (x > 1 && y > 1) found.push(`«${a2}» over «${b2}»`);
      }
    }
  }
  return found.slice(0, 12);
}"""

BROKEN_WORDS = """(where) => {
  // a word laid on two lines (broken inside the word, not between words)
  const found = [];
  for (const table of document.querySelectorAll(where)) {
    if (!table.checkVisibility()) continue;
    const walk = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const text = n.textContent;
      const words = text.matchAll(/[^\\s\\-–—]+/g);
      for (const m of words) {
        if (m[0].length < 2) continue;
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push(m[0]);
      }
    }
  }
  return found.slice(0, 12);
}"""


def placeholders_shown(page: Page) -> list[str]:
    """``null``, ``undefined`` or ``NaN`` in the page's visible text."""
    text: str = page.evaluate("() => document.body.innerText")
    return sorted({m.group(0) for m in PLACEHOLDER.finditer(text)})


def names_missing(page: Page, names: list[str]) -> list[str]:
    """The names not shown whole anywhere on the page (a name wraps only between words)."""
    text: str = page.evaluate("() => document.body.innerText.replace(/\\s+/g, ' ')")
    return [name for name in names if name not in text]


def screen_problems(
    page: Page, key: list[str], least_px: float = 0, names: list[str] | None = None
) -> list[str]:
    """What the class cannot read at this moment: a key element outside the screen, a scroll
    box that scrolls, text cut short (an ellipsis or a clipped box), text under ``least_px``
    (outside the top bar), a name not whole, a placeholder."""
    found: list[str] = page.evaluate(SCREEN, [key, least_px])
    found += [f"broken word: {w}" for w in broken_words(page)]
    found += [f"overlap: {o}" for o in page.evaluate(TEXT_OVERLAPS, "main")]
    found += [f"name not whole: {name}" for name in names_missing(page, names or [])]
    found += [f"placeholder shown: {word}" for word in placeholders_shown(page)]
    return found


def wall_problems(page: Page, key: list[str], names: list[str] | None = None) -> list[str]:
    """A wall at its current size: the key content on screen, nothing scrolled or cut, no
    text under 18 px (at 1280×720; at 1920×1080 the type grows, so 18 px holds there too)."""
    return screen_problems(page, key, WALL_TEXT_PX, names)


def phone_table_problems(page: Page, names: list[str] | None = None) -> list[str]:
    """A phone's results and standings: nothing wider than the screen, no two text boxes of
    a table overlapping, no word broken across lines, every name whole, no placeholder."""
    found = [f"wider: {w}" for w in wider_than_screen(page)]
    found += [f"overlap: {o}" for o in page.evaluate(TEXT_OVERLAPS, "table")]
    found += [f"broken word: {w}" for w in broken_words(page, "table")]
    found += [f"name not whole: {name}" for name in names_missing(page, names or [])]
    found += [f"placeholder shown: {word}" for word in placeholders_shown(page)]
    return found
