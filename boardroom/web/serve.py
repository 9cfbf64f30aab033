"""``boardroom serve``: the whole app (the server and its pages) on uvicorn, demo games'
links printed as they open (what the person at the terminal is told: ``web/start.py``)."""

from __future__ import annotations

import socket
from collections.abc import Callable

import uvicorn
from fastapi import FastAPI

from boardroom.server import collector, logs, profiling, wsprotocol
from boardroom.server.app import created_json
from boardroom.server.bus import bus_for
from boardroom.server.config import Settings
from boardroom.server.hub import Hub
from boardroom.store import Store
from boardroom.web.app import create_app


def build_app(settings: Settings) -> FastAPI:
    """The app over a store and bus made from ``settings`` (demo games if asked)."""
    hub = Hub(Store(settings.db_url), settings, bus_for(settings.db_url))
    return create_app(hub, open_demos if settings.demo else None)


async def open_demos(hub: Hub) -> None:
    """One ready demo game of each kind, its links printed."""
    for made in await hub.open_demos():
        record = made.record
        links = created_json(hub, record.game_id, record.code, record.game, made.host_secret)
        print(f"demo {record.game} game {record.game_id} (code {record.code})", flush=True)
        for name in ("host", "join", "projector"):
            print(f"  {name + ':':<10} {links['links'][name]}", flush=True)
        for role, code in hub.seats.team_codes(await hub.get(record.game_id)).items():
            print(f"  team {role}:    {hub.settings.base_url}/join/{code}", flush=True)


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
    settings: Settings, json_logs: bool = True, on_started: Callable[[], None] | None = None
) -> None:
    """Run the server until SIGINT/SIGTERM (graceful: stop, finish, snapshot, close); its
    logs JSON lines or (``json_logs`` off) readable ones."""
    logs.configure(json_lines=json_logs)
    collector.install(settings.gc_thaw_s)
    profiling.install(settings.profile)
    config = uvicorn.Config(
        build_app(settings),
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
