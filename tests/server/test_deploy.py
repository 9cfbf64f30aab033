"""The deployment shape of docs/deploy.md, tried for real: two processes behind the
shipped nginx config, one SIGKILLed mid-game; PostgreSQL itself stopped and started
again mid-game."""

from __future__ import annotations

import secrets
import tempfile
import time
from pathlib import Path

import httpx
from deploy_support import Person, postgres, private_postgres, proxy
from live_fixtures import fresh_pg_url
from live_games import exchange_setup
from live_support import Api, Json, Server, WsSeat
from multi_support import Db, metric, quick, ticks_go_on, wait_for

PLAYERS = ("p1", "p2", "p3", "p4")


def short_session() -> Json:
    """An opening session that ends by its clock some seconds after the start."""
    setup = exchange_setup(scale=1.0)
    setup["ruleset"] |= {"opening_session": True, "session_s": 10}
    return setup


def order(who: str, n: int) -> Json:
    return {"type": "order", "account": who, "stock": 1 + n % 8, "side": "buy"} | {
        "qty": 1,
        "price": 1 + n % 5,
        "id": f"{who}-order-{n}",
    }


def test_through_the_proxy_a_killed_process_loses_nothing(tmp_path: Path) -> None:
    url = fresh_pg_url()
    db = Db(url)
    with (
        quick(url) as first,
        quick(url) as second,
        proxy([first, second], tmp_path / "nginx") as base,
    ):
        api = Api(base)
        game = api.create("exchange", short_session())
        gid, host = game["game_id"], game["host_secret"]
        joined = {r: api.join(game, f"Игрок {r}", r) for r in PLAYERS}
        wall = api.join(game, "wall", "projector")
        ws = base.replace("http", "ws")
        people = {r: Person(ws, gid, j["secret"]) for r, j in joined.items()}
        people["host"] = Person(ws, gid, host)
        people["wall"] = Person(ws, gid, wall["secret"])
        counts = [metric(s, "boardroom_connections") for s in (first, second)]
        assert all(counts), f"the proxy spreads the sockets over both processes: {counts}"
        assert people["host"].command({"type": "start"})["type"] == "ack"
        acked: dict[str, str] = {}

        def trade(rounds: range) -> None:
            for n in rounds:
                for role in PLAYERS:
                    answer = people[role].command(order(role, n))
                    assert answer["type"] == "ack", answer
                    acked[f"seat:{joined[role]['seat']}:{order(role, n)['id']}"] = role

        trade(range(3))
        leader = first if metric(first, "boardroom_games_led") else second
        leader.kill()  # mid-game: the process running the game's clock
        trade(range(3, 6))
        survivor = second if leader is first else first
        for person in people.values():
            person.alive()
        # The session's deadline fires on the survivor: the game goes on by itself.
        people["host"].seat.wait_until(lambda v: v["phase"] != "exchange", timeout=30)
        assert metric(survivor, "boardroom_games_led") == 1
        assert sum(p.reconnects for p in people.values()) >= 1
        head = db.head(gid)
        for role, person in people.items():
            secret = host if role == "host" else wall["secret"] if role == "wall" else None
            seen = Api(base).view(gid, secret or joined[role]["secret"])
            assert seen["version"] == head
            person.seat.wait_version(head, timeout=10)
            assert person.seat.view == seen["view"], f"{role} missed something"
            versions = person.versions + person.seat.versions
            assert versions == sorted(versions), f"{role} went back in time"
        stored: dict[str, int] = dict(
            db.conn.execute(
                "SELECT command_id, version FROM commands WHERE game_id = %s", (gid,)
            ).fetchall()
        )
        assert set(acked) <= set(stored), "an acknowledged order was lost"
        numbers = [
            r[0]
            for r in db.conn.execute(
                "SELECT version FROM events WHERE game_id = %s ORDER BY version", (gid,)
            )
        ]
        assert numbers == list(range(1, head + 1))
        for person in people.values():
            person.close()
    db.close()


def ready(server: Server) -> int:
    try:
        return httpx.get(server.url + "/ready", timeout=5).status_code
    except httpx.HTTPError:
        return 0


def test_postgresql_restarted_mid_game_the_game_goes_on() -> None:
    # Not under pytest's own temporary directory: the cluster's user must reach it.
    where = Path(tempfile.gettempdir()) / f"boardroom-pg-{secrets.token_hex(4)}"
    with (
        private_postgres(where) as url,
        quick(url) as first,
        quick(url) as second,
    ):
        setup = exchange_setup(moves=60, scale=0.005)  # calls time out every 1.5 s
        game = Api(first.url).create("exchange", setup)
        gid, host = game["game_id"], game["host_secret"]
        Api(first.url).ok(gid, host, {"type": "start"})
        sockets = [WsSeat(first.ws_url, gid, host), WsSeat(second.ws_url, gid, host)]
        sockets[1].wait_version(sockets[1].version + 1, timeout=60)
        postgres("down", where)
        wait_for(lambda: ready(first) == ready(second) == 503, "/ready saying 503", 60)
        refused = Api(second.url).command(gid, host, {"type": "extend", "seconds": 1, "id": "x"})
        assert refused.status_code == 503, refused.text
        assert refused.json()["error"]["code"] == "unavailable"
        time.sleep(2)  # deadlines pass while the database is away
        postgres("up", where)
        wait_for(lambda: ready(first) == ready(second) == 200, "/ready again", 90)
        db = Db(url)
        # No command is sent: the timers alone move the game on, and both processes'
        # sockets follow.
        ticks_go_on(db, gid, timeout=60)
        head = db.head(gid)
        for seat in sockets:
            seat.wait_version(head, timeout=60)
        answer = Api(second.url).ok(gid, host, {"type": "extend", "seconds": 1, "id": "y"})
        sockets[0].wait_version(answer["version"], timeout=60)
        db.close()
        for seat in sockets:
            seat.close()
