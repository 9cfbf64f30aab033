"""The whole app: the server's routes and socket, then the pages' routes and assets."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import FastAPI

from boardroom.server import app as server
from boardroom.server.hub import Hub
from boardroom.web import pages, puzzles, tournament
from boardroom.web import quiz as _quiz  # noqa: F401  (registers its PDN)
from boardroom.web import russian as _russian  # noqa: F401  (registers its robot and PDN)


def create_app(hub: Hub, on_ready: Callable[[Hub], Awaitable[None]] | None = None) -> FastAPI:
    """The server's app around ``hub`` with the pages mounted."""
    return server.create_app(
        hub, on_ready, extensions=[pages.mount, tournament.mount, puzzles.mount]
    )
