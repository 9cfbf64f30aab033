"""What the several-process tests look at besides the sockets: the database itself
(heads, advisory locks, the bus's connections), each process's metrics, polling."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any, TypeVar

import httpx
import psycopg
from live_support import Json, Server, WsSeat, running

T = TypeVar("T")


def quick(url: str, **env: str) -> contextlib.AbstractContextManager[Server]:
    """A process whose leadership rounds run twice a second (the default: every 2 s)."""
    return running(url, None, lead_retry_s="0.5", tick_retry_s="0.5", **env)


def wait_for(test: Callable[[], T], what: str, timeout: float = 30.0, every: float = 0.1) -> T:
    """Poll ``test`` until it gives something true; that (fails after ``timeout``)."""
    deadline = time.monotonic() + timeout
    while True:
        value = test()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(every)


def reply(seat: WsSeat, timeout: float = 20.0) -> Json:
    """The next ack or error frame on a seat's socket (views kept meanwhile)."""
    while True:
        frame = seat.recv(timeout)
        if frame.get("type") in ("ack", "error"):
            return frame


def on_version(seats: list[WsSeat], version: int, within: float) -> list[str]:
    """Every seat's socket brought to ``version`` within ``within`` seconds (from now);
    the names of those that were not, with the version they were at."""
    deadline = time.monotonic() + within
    late = []
    for n, seat in enumerate(seats):
        try:
            while seat.version < version:
                seat.recv(max(0.001, deadline - time.monotonic()))
        except TimeoutError:
            late.append(f"socket {n} at {seat.version}")
    return late


def metric(server: Server, name: str) -> float:
    """One unlabelled figure of a process's ``/metrics``."""
    text = httpx.get(server.url + "/metrics", timeout=10).text
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise AssertionError(f"no metric {name}")


class Db:
    """A plain connection to the test PostgreSQL, for what only the database knows."""

    def __init__(self, url: str) -> None:
        self.conn = psycopg.connect(url, autocommit=True)

    def value(self, sql: str, *args: Any) -> Any:
        row = self.conn.execute(sql, args).fetchone()
        return None if row is None else row[0]

    def head(self, game_id: str) -> int:
        """The game's version as stored."""
        return int(self.value("SELECT version FROM games WHERE game_id = %s", game_id))

    def lock_backend(self, server: Server) -> int | None:
        """The backend pid of a server process's lock connection (named by its pid)."""
        assert server.proc is not None
        pid = self.value(
            "SELECT pid FROM pg_stat_activity WHERE application_name LIKE %s",
            f"boardroom-{server.proc.pid}-%-locks",
        )
        return None if pid is None else int(pid)

    def terminate(self, backend: int) -> None:
        assert self.value("SELECT pg_terminate_backend(%s)", backend)

    def lock_holders(self, game_id: str) -> list[int]:
        """The backends holding a game's advisory lock (its leader's lock connection)."""
        rows = self.conn.execute(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1"
            " AND ((classid::bigint << 32) | objid::bigint) = hashtext(%s)::bigint",
            (game_id,),
        ).fetchall()
        return [int(r[0]) for r in rows]

    def close(self) -> None:
        self.conn.close()


def ticks_go_on(db: Db, game_id: str, count: int = 3, timeout: float = 30.0) -> None:
    """The game's stored version moves ``count`` times more by itself (its timer)."""
    for _ in range(count):
        start = db.head(game_id)

        def moved(start: int = start) -> bool:
            return db.head(game_id) > start

        wait_for(moved, f"a tick of {game_id}", timeout)
