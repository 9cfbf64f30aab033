"""``boardroom serve``: the whole app (the server and its pages) on uvicorn, demo games'
links printed as they open (what the person at the terminal is told: ``web/start.py``)."""

from __future__ import annotations

import functools
import socket
from collections.abc import Callable

import uvicorn
from fastapi import FastAPI

from boardroom.i18n.console import demo_lines
from boardroom.server import collector, logs, profiling, wsprotocol
from boardroom.server.app import created_json
from boardroom.server.bus import bus_for
from boardroom.server.config import Settings
from boardroom.server.hub import Hub
from boardroom.store import Store
from boardroom.web.app import create_app


def build_app(settings: Settings, lang: str = "en") -> FastAPI:
    """The app over a store and bus made from ``settings`` (demo games if asked, their
    links printed in ``lang``)."""
    hub = Hub(Store(settings.db_url), settings, bus_for(settings.db_url))
    return create_app(hub, functools.partial(open_demos, lang=lang) if settings.demo else None)


async def open_demos(hub: Hub, lang: str = "en") -> None:
    """One ready demo game of each kind, its links printed."""
    for made in await hub.open_demos():
        record = made.record
        made_links = created_json(hub, record.game_id, record.code, record.game, made.host_secret)
        links = {name: made_links["links"][name] for name in ("host", "join", "projector")}
        for role, code in hub.seats.team_codes(await hub.get(record.game_id)).items():
            links[f"team {role}"] = f"{hub.settings.base_url}/join/{code}"
        lines = demo_lines(lang, record.game, record.code, links)
        print("\n".join(lines), flush=True)


class _Server(uvicorn.Server):
    """uvicorn's server, calling ``on_started`` once it listens (the app ready)."""

    def __init__(self, config: uvicorn.Config, on_started: Callable[[], None] | None) -> None:
        super().__init__(config)
        self.on_started = on_started

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started and self.on_started is not None:
            self.on_started()


def serve(
    settings: Settings,
    json_logs: bool = True,
    on_started: Callable[[], None] | None = None,
    lang: str = "en",
) -> None:
    """Run the server until SIGINT/SIGTERM (graceful: stop, finish, snapshot, close); its
    logs JSON lines or (``json_logs`` off, a person at a terminal) readable ones, warnings
    and errors only; the demo games' links in ``lang``."""
    logs.configure("INFO" if json_logs else "WARNING", json_lines=json_logs)
    collector.install(settings.gc_thaw_s)
    profiling.install(settings.profile)
    config = uvicorn.Config(
        build_app(settings, lang),
        host=settings.host,
        port=settings.port,
        log_config=None,
        ws_max_size=settings.ws_hard_limit,
        ws_per_message_deflate=settings.ws_deflate,
        ws=wsprotocol.protocol(settings.ws_deflate, settings.ws_deflate_min),
        timeout_graceful_shutdown=10,
        access_log=False,
    )
    _Server(config, on_started).run()
