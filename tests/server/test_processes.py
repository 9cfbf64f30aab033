"""Two server processes on one PostgreSQL serve one game: every seat sees every update."""

from __future__ import annotations

import time

from live_fixtures import fresh_pg_url
from live_games import Table, exchange_setup, play_exchange
from live_support import Api, running


def test_two_processes_one_game_everyone_in_order() -> None:
    url = fresh_pg_url()
    with running(url) as first, running(url) as second:
        api = Api(first.url)
        elsewhere = {role: second.ws_url for role in ("p2", "p4", "projector")}
        roles = ["p1", "p2", "p3", "p4"]
        table = Table(api, first.ws_url, "exchange", exchange_setup(), roles, elsewhere)
        final = play_exchange(table)
        assert final["phase"] == "ended"
        version = table.settle(timeout=20)
        other = Api(second.url)
        for role, seat in table.seats.items():
            assert seat.versions == sorted(set(seat.versions)), f"{role} saw versions out of order"
            assert seat.version == version
            secret = table.joined[role]["secret"]
            assert other.view(table.game_id, secret)["view"] == seat.view
            assert api.view(table.game_id, secret)["view"] == seat.view
        host_elsewhere = other.view(table.game_id, table.game["host_secret"])
        assert host_elsewhere["version"] == version
        ended = [e for e in table.host.view["events"] if e["type"] == "game_ended"]
        assert len(ended) == 1
        table.close()


def test_commands_from_both_processes_are_ordered_by_the_database() -> None:
    url = fresh_pg_url()
    with running(url) as first, running(url) as second:
        api_a, api_b = Api(first.url), Api(second.url)
        setup = exchange_setup()
        setup["ruleset"]["opening_session"] = True
        game = api_a.create("exchange", setup)
        gid, host = game["game_id"], game["host_secret"]
        p1 = api_a.join(game, "one", "p1")["secret"]
        p2 = api_b.join(game, "two", "p2")["secret"]
        assert api_a.command(gid, host, {"type": "start"}).status_code == 200
        versions = []
        for n in range(10):
            api, who, secret = (api_a, "p1", p1) if n % 2 else (api_b, "p2", p2)
            order = {"type": "order", "account": who, "stock": 1 + n % 8, "side": "buy"}
            reply = api.command(gid, secret, order | {"qty": 1, "price": 1, "id": f"o{n}"})
            assert reply.status_code == 200, reply.text
            versions.append(reply.json()["version"])
        assert versions == sorted(versions) and len(set(versions)) == 10
        a, b = api_a.view(gid, host), api_b.view(gid, host)
        deadline = time.monotonic() + 5
        while b["version"] != versions[-1] and time.monotonic() < deadline:
            time.sleep(0.02)
            a, b = api_a.view(gid, host), api_b.view(gid, host)
        assert a["version"] == b["version"] == versions[-1]
        assert a["view"] == b["view"]
