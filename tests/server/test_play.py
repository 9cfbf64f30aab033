"""Full short games over real sockets, reconnects, and once-only commands (SQLite)."""

from __future__ import annotations

from live_fixtures import api_fixture, server_fixture  # noqa: F401 (fixtures)
from live_games import (
    Table,
    exchange_setup,
    play_exchange,
    play_quiz,
    quiz_setup,
    same_everywhere,
)
from live_support import Api, Server


def test_exchange_game_to_the_results(server: Server, api: Api) -> None:
    table = Table(api, server.ws_url, "exchange", exchange_setup(), ["p1", "p2", "p3", "p4"])
    final = play_exchange(table)
    assert final["results"] and final["results"]["players"]
    end = same_everywhere(table)
    assert end["phase"] == "ended"
    for role, seat in table.seats.items():
        assert seat.view["viewer"] == role
        assert seat.view["results"] == final["results"]
        assert set(seat.view["accounts"]) <= {role, *(f"firm:{n}" for n in range(1, 9))}
    assert "accounts" not in table.projector.view
    table.close()


def test_quiz_round_to_the_results(server: Server, api: Api) -> None:
    table = Table(api, server.ws_url, "quiz", quiz_setup(), ["A", "B"])
    final = play_quiz(table)
    assert final["winner"] == "A"
    assert same_everywhere(table)["phase"] == "ended"
    assert table.seats["B"].view["winner"] == "A"
    table.close()


def test_reconnect_with_a_version_gap_gets_the_whole_view(server: Server, api: Api) -> None:
    table = Table(api, server.ws_url, "quiz", quiz_setup(), ["A", "B"])
    table.host.ok({"type": "start"})
    gone = table.seats.pop("B")
    known = gone.version
    gone.close()
    table.seats["A"].wait_version(table.host.version)
    table.seats["A"].ok({"type": "move", "move": "c3:e5"})
    table.host.ok({"type": "ask"})
    back = table.connect(table.joined["B"]["secret"], version=known)
    assert back.welcome["missed"] == table.host.version - known > 0
    assert back.version == table.host.version
    assert back.view["duel"]["step"] == "answer"
    assert back.view == api.view(table.game_id, table.joined["B"]["secret"])["view"]
    table.close()
    back.close()


def test_the_same_command_id_ten_times_is_one_event(server: Server, api: Api) -> None:
    table = Table(api, server.ws_url, "quiz", quiz_setup(), ["A", "B"])
    start = {"type": "start", "id": "start-once"}
    first = table.host.ok(start)
    replies = [table.host.command(start) for _ in range(9)]
    assert first["duplicate"] is False and first["events"] > 0
    assert all(r["type"] == "ack" and r["duplicate"] for r in replies)
    over_http = api.command(table.game_id, table.game["host_secret"], start)
    assert over_http.status_code == 200 and over_http.json()["duplicate"] is True
    host = api.view(table.game_id, table.game["host_secret"])
    assert host["version"] == first["version"]
    started = [e for e in host["view"]["events"] if e["type"] == first_event_type(host)]
    assert len(started) == 1
    table.close()


def first_event_type(host: dict[str, object]) -> str:
    view = host["view"]
    assert isinstance(view, dict)
    kind: str = view["events"][0]["type"]
    return kind


def test_stale_version_is_refused_with_the_current_version(server: Server, api: Api) -> None:
    table = Table(api, server.ws_url, "quiz", quiz_setup(), ["A", "B"])
    table.host.ok({"type": "start"}, version=0)
    stale = table.host.command({"type": "pause"}, version=0)
    assert stale["type"] == "error" and stale["code"] == "stale_version"
    assert stale["version"] == table.host.version > 0
    table.close()
