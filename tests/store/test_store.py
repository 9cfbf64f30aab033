"""The event store on SQLite (and PostgreSQL when the test server is there)."""

from __future__ import annotations

import os
import pickle
import secrets
import threading
from pathlib import Path

import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory

from boardroom.store import Conflict, GameRecord, SeatRecord, Snapshot, Store
from boardroom.store.sql import HEAD, MIGRATIONS

PG_ENV = "BOARDROOM_TEST_PG_URL"


def backends(tmp_path: Path) -> list[str]:
    urls = [f"sqlite:///{tmp_path / 'store.sqlite3'}"]
    if os.environ.get(PG_ENV):
        urls.append(os.environ[PG_ENV])
    elif os.environ.get("CI") == "true":
        pytest.fail(f"{PG_ENV} must be set in CI")
    return urls


def new_game(store: Store) -> str:
    game_id = "g" + secrets.token_hex(8)
    store.games.create_game(
        GameRecord(game_id, secrets.token_hex(3).upper(), "quiz", {"a": 1}, 5.0, "h")
    )
    return game_id


def test_head_is_alembics_head() -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(config).get_current_head() == HEAD


def test_sqlite_is_wal_and_synchronous_full(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    store.migrate()
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2
    assert store.revision() == HEAD
    store.close()


def test_append_orders_dedupes_and_survives_reopening(tmp_path: Path) -> None:
    for url in backends(tmp_path):
        store = Store(url)
        store.migrate()
        gid = new_game(store)
        assert store.events.append(gid, 0, "c1", 1.0, [{"type": "a"}, {"type": "b"}]) == 2
        assert store.events.append(gid, 2, None, 2.0, []) == 2
        assert store.events.append(gid, 2, "quiet", 2.0, []) == 2
        with pytest.raises(Conflict):
            store.events.append(gid, 1, "c2", 3.0, [{"type": "late"}])
        with pytest.raises(Conflict):
            store.events.append(gid, 2, "c1", 3.0, [{"type": "again"}])
        store.close()
        again = Store(url)
        again.migrate()
        assert [e.body["type"] for e in again.events.events_since(gid, 0)] == ["a", "b"]
        assert again.events.applied_ids(gid) == {"c1": 2, "quiet": 2}
        assert again.events.head(gid) == 2 and again.events.last_at(gid) == 1.0
        again.close()


def test_only_one_of_racing_appends_wins(tmp_path: Path) -> None:
    for url in backends(tmp_path):
        store = Store(url)
        store.migrate()
        gid = new_game(store)
        results: list[str] = []
        threads = [threading.Thread(target=_race, args=(store, gid, n, results)) for n in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(results) == ["lost"] * 5 + ["won"]
        assert store.events.head(gid) == 1
        store.close()


def _race(store: Store, gid: str, n: int, results: list[str], after: int = 0) -> None:
    try:
        store.events.append(gid, after, f"r{n}", 1.0, [{"type": "won", "n": n}])
        results.append("won")
    except Conflict:
        results.append("lost")


def test_grouped_appends_on_the_writers_own_connection(tmp_path: Path) -> None:
    """SQLite's grouped appends (the writer thread's own connection) see what the engine
    wrote, order and dedupe as one by one, and a group that fails leaves the next ones
    whole; what they wrote is what the engine and a reopened store read."""
    url = f"sqlite:///{tmp_path / 'grouped.sqlite3'}"
    store = Store(url)
    store.migrate()
    games = [new_game(store) for _ in range(4)]
    futures = [store.events.append_soon(gid, 0, "c1", 1.0, [{"type": "a"}]) for gid in games]
    assert [f.result(timeout=10) for f in futures if f is not None] == [1, 1, 1, 1]
    late = store.events.append_soon(games[0], 0, "c2", 2.0, [{"type": "late"}])
    again = store.events.append_soon(games[1], 1, "c1", 2.0, [{"type": "again"}])
    assert late is not None and isinstance(late.exception(timeout=10), Conflict)
    assert again is not None and isinstance(again.exception(timeout=10), Conflict)
    with pytest.raises(Exception):  # noqa: B017 (no such game: the group fails, tried alone)
        store.events.append("nogame", 0, "x", 1.0, [{"type": "x"}])
    assert store.games.add_seat(SeatRecord(games[2], "s1", "p1", "Anna", "h1", claim="p1"))
    results: list[str] = []
    threads = [
        threading.Thread(target=_race, args=(store, games[3], n, results, 1)) for n in range(6)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["lost"] * 5 + ["won"]
    assert store.events.append(games[2], 1, "c3", 3.0, [{"type": "b"}, {"type": "c"}]) == 3
    store.close()
    reopened = Store(url)
    assert [e.body["type"] for e in reopened.events.events_since(games[2], 0)] == ["a", "b", "c"]
    assert reopened.events.applied_ids(games[2]) == {"c1": 1, "c3": 3}
    assert [reopened.events.head(gid) for gid in games] == [1, 1, 3, 2]
    reopened.close()


def test_seats_claims_and_snapshots(tmp_path: Path) -> None:
    for url in backends(tmp_path):
        store = Store(url)
        store.migrate()
        gid = new_game(store)
        seat = SeatRecord(gid, "s1", "p1", "Anna", "hash1", claim="p1")
        assert store.games.add_seat(seat)
        assert not store.games.add_seat(SeatRecord(gid, "s2", "p1", "Boris", "hash2", claim="p1"))
        assert store.games.seat_by_secret(gid, "hash1") == seat
        assert store.games.seat_by_secret(gid, "hash2") is None
        state = {"deep": [1, 2, 3]}
        store.events.save_snapshot(gid, Snapshot(7, "fp", pickle.dumps(state)))
        store.events.save_snapshot(gid, Snapshot(7, "fp", pickle.dumps(state)))
        latest = store.events.latest_snapshot(gid, "fp")
        assert latest is not None and pickle.loads(latest.state) == state
        assert store.events.latest_snapshot(gid, "other code") is None
        store.close()


def test_a_draft_s_media_expire_unless_a_game_takes_them(tmp_path: Path) -> None:
    for url in backends(tmp_path):
        store = Store(url)
        store.migrate()
        kept, lost = "d" + secrets.token_hex(8), "d" + secrets.token_hex(8)
        blobs = {name: "b" + secrets.token_hex(8) for name in ("named", "unnamed", "other")}
        store.uploads.add_draft(kept, 100.0, 200.0)
        store.uploads.add_draft(lost, 100.0, 200.0)
        store.uploads.put_media(blobs["named"], "image/png", b"1", 100.0, f"draft:{kept}", 200.0)
        store.uploads.put_media(blobs["unnamed"], "image/png", b"2", 100.0, f"draft:{kept}", 200.0)
        store.uploads.put_media(blobs["other"], "image/png", b"3", 100.0, f"draft:{lost}", 200.0)
        assert store.uploads.open_draft(kept, 150.0) == 200.0
        game_id = new_game(store)
        assert store.uploads.take_draft(kept, game_id, [blobs["named"], blobs["other"]], 150.0)
        assert store.uploads.open_draft(kept, 150.0) is None  # used
        assert not store.uploads.take_draft(kept, "g-again", [], 150.0)
        assert not store.uploads.take_draft(lost, "g-late", [], 200.0)  # expired
        assert store.uploads.sweep_uploads(199.0) == 0
        assert store.uploads.sweep_uploads(200.0) == 2
        assert store.uploads.media(blobs["named"]) == ("image/png", b"1")  # the game's, for good
        assert (
            store.uploads.media(blobs["unnamed"]) is None
            and store.uploads.media(blobs["other"]) is None
        )
        assert store.uploads.open_draft(lost, 100.0) is None  # forgotten
        store.close()
