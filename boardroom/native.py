"""Which build of the hot paths runs: compiled by mypyc, or the pure-Python source.

``make`` compiles the modules of :data:`COMPILED` with mypyc when a C compiler and
the Python headers are there (``scripts/compile.py``), and records the digest of
each source it compiled in ``boardroom/_native.json``. At import the compiled
modules run only when that record matches every source on disk and
``BOARDROOM_PURE`` is not set; otherwise all of them are loaded from their source
(all or none: compiled modules call one another natively, so a mix cannot run).
A source edited after the build therefore runs as written, never stale.

>>> describe(Build("pure", "BOARDROOM_PURE=1"))
'pure Python (BOARDROOM_PURE=1)'
>>> describe(Build("compiled", "mypyc 1.19.1"))
'compiled (mypyc 1.19.1)'
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Final, Literal, NamedTuple

COMPILED: Final = (
    "boardroom.draughts.squares",
    "boardroom.draughts.variants",
    "boardroom.draughts.errors",
    "boardroom.draughts.moves",
    "boardroom.draughts.generate",
    "boardroom.draughts.fen",
    "boardroom.draughts.notation",
    "boardroom.draughts.board",
    "boardroom.draughts.perft",
    "boardroom.bots.evaluation",
    "boardroom.bots.search",
    "boardroom.games.exchange.book",
    "boardroom.games.exchange.ledger",
    "boardroom.games.exchange.state",
    "boardroom.games.exchange.events",
    "boardroom.games.exchange.draft",
    "boardroom.games.exchange.refusals",
    "boardroom.games.exchange.schema",
    "boardroom.games.exchange.trading",
    "boardroom.games.exchange.turns",
    "boardroom.games.exchange.meetings",
    "boardroom.games.exchange.year",
    "boardroom.games.exchange.settlement",
    "boardroom.games.exchange.settlement_run",
    "boardroom.games.exchange.rules",
    "boardroom.games.exchange.views",
    "boardroom.bots.context",
    "boardroom.bots.valuation",
    "boardroom.bots.market",
    "boardroom.bots.seats",
    "boardroom.lab.summary",
    "boardroom.lab.loop",
    "boardroom.bots.board",
    "boardroom.bots.director",
    "boardroom.bots.votes",
    "boardroom.server.framing",
    "boardroom.server.wire",
    "boardroom.server.frames",
    "boardroom.games.exchange.actions",
)
"""The hot paths: the draughts engine, the board robot's evaluation and search, and what
the lab spends its time in (the exchange core's ledger, state, events, decisions,
settlement and views, the robots' seats and market robots, the lab's summary of a game)."""

PACKAGE: Final = Path(__file__).resolve().parent
RECORD: Final = PACKAGE / "_native.json"
"""What the last build compiled: the mypyc version, the shared library, each source's sha256."""


class Build(NamedTuple):
    """The build that runs, and why."""

    kind: Literal["compiled", "pure"]
    reason: str


def source(module: str) -> Path:
    """The ``.py`` file of one of the project's modules.

    >>> source("boardroom.draughts.board").name
    'board.py'
    """
    return PACKAGE.joinpath(*module.split(".")[1:]).with_suffix(".py")


def extension(module: str) -> Path:
    """Where the compiled module of ``module`` lies once built."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return source(module).with_name(source(module).stem + suffix)


def digest(module: str) -> str:
    return hashlib.sha256(source(module).read_bytes()).hexdigest()


def read_record() -> dict[str, object] | None:
    try:
        record = json.loads(RECORD.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def inspect_build() -> Build:
    """Decide which build runs (without importing any compiled module)."""
    if os.environ.get("BOARDROOM_PURE", "") not in ("", "0"):
        return Build("pure", "BOARDROOM_PURE=1")
    record = read_record()
    if record is None or not all(extension(m).is_file() for m in COMPILED):
        return Build("pure", "not compiled")
    shared = record.get("shared")
    if not isinstance(shared, str) or importlib.util.find_spec(shared) is None:
        return Build("pure", "the compiled library is missing; run make")
    sources = record.get("sources")
    if not isinstance(sources, dict) or any(sources.get(m) != digest(m) for m in COMPILED):
        return Build("pure", "sources changed since the build; run make")
    return Build("compiled", f"mypyc {record.get('mypyc', '?')}")


def describe(build: Build) -> str:
    """How ``boardroom --version`` and the test header name a build."""
    words = "compiled" if build.kind == "compiled" else "pure Python"
    return f"{words} ({build.reason})"


class SourceFirst(importlib.abc.MetaPathFinder):
    """Loads the compiled modules from their ``.py`` source even where a build lies beside it."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in self.modules:
            return None
        return importlib.util.spec_from_file_location(fullname, source(fullname))


def choose() -> Build:
    """Put the pure-Python loader in front when the compiled build must not run."""
    build = inspect_build()
    if build.kind == "pure" and not any(isinstance(f, SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst(COMPILED))
    return build


BUILD: Final = choose()
"""The build this process runs, decided once when ``boardroom`` is first imported."""
