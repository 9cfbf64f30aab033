"""Fixtures (imported by the test modules: one conftest.py name per repo keeps mypy happy):
a server per test module on SQLite and on PostgreSQL, and the PostgreSQL URL if any."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_support import Api, Server, running

PG_ENV = "BOARDROOM_TEST_PG_URL"


def pg_url() -> str:
    """The test PostgreSQL, or a skip — except in CI, where it must be there."""
    url = os.environ.get(PG_ENV)
    if url:
        return url
    if os.environ.get("CI") == "true":
        pytest.fail(f"{PG_ENV} is not set in CI: `make test` starts PostgreSQL and sets it")
    pytest.skip(f"{PG_ENV} not set (run `make test`, or scripts/postgres.sh)")


def db_url(backend: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A fresh SQLite file, or the test PostgreSQL (games never share ids, so one database)."""
    if backend == "postgres":
        url = pg_url()
        assert url is not None
        return url
    path: Path = tmp_path_factory.mktemp("db") / "test.sqlite3"
    return f"sqlite:///{path}"


@pytest.fixture(scope="module", params=["sqlite", "postgres"], name="server")
def server_fixture(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    with running(db_url(request.param, tmp_path_factory)) as srv:
        yield srv


@pytest.fixture(scope="module", name="api")
def api_fixture(server: Server) -> Api:
    return Api(server.url)
