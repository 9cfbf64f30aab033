"""Fixtures for the browser tests: one server and one chromium per test module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright
from web_support import Api, Server, launch, running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("web") / "web.sqlite3") as srv:
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
