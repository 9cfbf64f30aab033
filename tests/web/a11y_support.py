"""The accessibility audit's harness: axe-core (the npm copy in ``node_modules``, given to the
test browser's pages as an init script, never fetched from anywhere) run over page states in
Russian and English at a phone's and a projector's size; what it finds at the serious and
critical levels is collected with the state's name so one assertion lists them all."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page
from web_support import errors_of, watch

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LANGS = {"ru": "ru-RU", "en": "en-GB"}
SIZES = ((390, 844), (1280, 720))
SEVERE = ("serious", "critical")
RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations", "incomplete"] });
  // text in its own ground's colour axe leaves "incomplete" (it may be meant to hide): shown
  // text that reads at 1:1 (the wall's near-white on cream) is a failure all the same
  const same = result.incomplete.filter((v) => v.id === "color-contrast")
    .map((v) => ({ ...v, id: "color-contrast-equal", nodes: v.nodes.filter((n) =>
      n.any.some((a) => a.data && a.data.messageKey === "equalRatio")) }))
    .filter((v) => v.nodes.length)
    .map((v) => ({ ...v, nodes: v.nodes.map((n) => ({ ...n, failureSummary:
      `text and ground both ${n.any[0].data.fgColor}: contrast 1:1` })) }));
  return [...result.violations, ...same]
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 4).map((n) => [n.target.join(" "), n.failureSummary]) }));
}"""


@dataclass
class Audit:
    """One browser context per language (its locale picks the page's language), axe in every
    page they open."""

    browser: Browser
    contexts: dict[str, BrowserContext] = field(default_factory=dict)
    findings: dict[str, list[str]] = field(default_factory=dict)
    """A finding (rule and elements) → the states, languages and sizes it was seen in."""
    runs: int = 0

    def __post_init__(self) -> None:
        assert AXE.exists(), f"{AXE} is missing: `make lint` (npm ci) installs axe-core"
        for lang, locale in LANGS.items():
            context = self.browser.new_context(
                locale=locale, viewport={"width": 1280, "height": 720}
            )
            context.add_init_script(path=str(AXE))
            self.contexts[lang] = context

    def open(self, url: str) -> dict[str, Page]:
        """The page at ``url`` in each language."""
        pages = {}
        for lang, context in self.contexts.items():
            page = context.new_page()
            watch(page)
            page.goto(url)
            pages[lang] = page
        return pages

    def check(self, state: str, pages: dict[str, Page]) -> None:
        """axe over the pages as they are now, at both sizes."""
        for lang, page in pages.items():
            page.wait_for_selector("#app > header")
            for width, height in SIZES:
                page.set_viewport_size({"width": width, "height": height})
                found: list[dict[str, Any]] = page.evaluate(RUN)
                self.runs += 1
                for v in found:
                    where = "; ".join(
                        f"{target} — {summary.splitlines()[-1].strip()}"
                        for target, summary in v["nodes"]
                    )
                    line = f"{v['impact']} {v['id']}: {where}"
                    self.findings.setdefault(line, []).append(f"{state} [{lang} {width}×{height}]")
            assert errors_of(page) == [], (state, lang, errors_of(page))

    def once(self, state: str, url: str, ready: str = "#app > header") -> None:
        """Open ``url`` in each language, audit it when ``ready`` shows, close it (an open page
        keeps its clocks ticking)."""
        pages = self.open(url)
        for page in pages.values():
            page.wait_for_selector(ready)
        self.check(state, pages)
        for page in pages.values():
            page.close()

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()

    def verdict(self) -> str:
        lines = [
            f"{finding}\n    in {', '.join(where[:6])}{' …' if len(where) > 6 else ''}"
            for finding, where in self.findings.items()
        ]
        return (
            f"{len(self.findings)} serious/critical findings in {self.runs} axe runs:\n"
            + "\n".join(lines)
        )


def settled(page: Page, version: int) -> None:
    """Wait until the page has rendered the game at least at ``version``."""
    page.wait_for_function(
        "(v) => Number(document.getElementById('app').dataset.version || -1) >= v", arg=version
    )
