"""Fixtures every test module may use (the code behind them is in ``tests/support``).

``server`` / ``api``: one ``boardroom serve`` over a fresh SQLite file per test module,
robots quick to answer; the server tests override both with the ones of
``tests/server/live_fixtures.py`` (SQLite and PostgreSQL). ``browser``: one headless
chromium per test module.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright
from support import Api, Server
from support.browser import launch
from support.servers import on_sqlite


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with on_sqlite(tmp_path_factory.mktemp("web") / "web.sqlite3") as srv:
        yield srv


@pytest.fixture(scope="module")
def api(server: Server) -> Api:
    return Api(server.url)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()
