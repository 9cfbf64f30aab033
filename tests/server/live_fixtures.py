"""Fixtures (imported by the test modules: one conftest.py name per repo keeps mypy happy):
a server per test module on SQLite and on PostgreSQL, and the PostgreSQL URL if any."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
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


def fresh_pg_url() -> str:
    """A new empty database on the test PostgreSQL: only its own games in it, so the
    servers of one test (which take over every game whose leading process is gone)
    never run another test's games."""
    base = pg_url()
    name = "t_" + secrets.token_hex(6)
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return base.rsplit("/", 1)[0] + "/" + name


def db_url(backend: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A fresh SQLite file, or a fresh database on the test PostgreSQL."""
    if backend == "postgres":
        return fresh_pg_url()
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
