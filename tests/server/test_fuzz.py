"""Bad input over HTTP and WebSocket: a typed 4xx error, other seats untouched, state unchanged."""

from __future__ import annotations

import json
import random
from typing import Any

from live_fixtures import api_fixture, server_fixture  # noqa: F401 (fixtures)
from live_games import Table, exchange_setup
from live_support import Api, Json, Server

SEED = 20261129
BAD_VALUES: list[Any] = [
    -1,
    0,
    2.5,
    10.0,
    1e308,
    -(10**30),
    10**30,
    True,
    None,
    "3",
    "",
    [],
    {},
    [1],
    "x" * 5000,
    "١",
    "¹",
    "nul\x00",
]
FIELDS = ("account", "stock", "side", "qty", "price", "type")
RAW_BODIES = [
    "{",
    "[]",
    '"text"',
    "null",
    "{}",
    '{"command": 5}',
    '{"command": {"type": 5}}',
    '{"command": {}}',
    '{"command": {"type": "order", "qty": NaN}}',
    '{"command": {"type": "order", "qty": Infinity}}',
    '{"command": {"type": "tick"}, "version": "x"}',
    '{"command": {"type": "tick"}, "version": -1}',
    '{"command": {"type": "tick"}, "version": 100000000000000000000}',
    '{"command": {"type": "tick", "id": 7}}',
    '{"command": {"type": "warp"}}',
    '{"command": {"type": "move", "firm": 1, "move": "a3-b4"}}',
    '{"command": {"type": "start"}, "extra": 1}',
    "[" * 5000 + "]" * 5000,
    '{"command": ' + "[" * 5000 + "]" * 5000 + "}",
    "\udcff".encode("utf-8", "surrogatepass").decode("latin-1"),
    "x" * 70_000,
    '{"command": {"type": "order", "account": "p1\\ud800"}}',
    '{"command": {"type": "pass", "id": "\\ud800"}}',
    '{"command": {"type": "pass", "id": "%s"}}' % ("i" * 5000),
    '{"command": {"type": "pass", "\\udbff": 1}}',
    '{"command": {"type": "order", "account": "firm:\\u0661", "stock": 3, "side": "buy"}}',
    '{"command": {"type": "order", "account": "firm:\\u00b9", "stock": 3, "side": "buy"}}',
    '{"command": {"type": "answer", "text": "\\u0000"}}',
]


def order() -> Json:
    return {"type": "order", "account": "p1", "stock": 2, "side": "buy", "qty": 1, "price": 3}


def mutations(rng: random.Random, count: int) -> list[Json]:
    """Orders with one field made wrong (never a valid order)."""
    out = []
    for _ in range(count):
        command = order()
        field = rng.choice(FIELDS)
        bad = rng.choice(BAD_VALUES)
        if field == "stock" and bad == 10.0:
            bad = 9
        command[field] = bad
        if field == "account":
            accounts = ["p2", "firm:3", "market", "state", "firm:١", "firm:¹", "firm:01", bad]
            command[field] = rng.choice(accounts)
        out.append(command)
    return out


def session(server: Server, api: Api) -> Table:
    setup = exchange_setup(scale=1.0)  # a real session's length: no deadline passes mid-fuzz
    setup["ruleset"]["opening_session"] = True
    table = Table(api, server.ws_url, "exchange", setup, ["p1", "p2"])
    table.host.ok({"type": "start"})
    table.host.wait_until(lambda v: v["phase"] == "exchange")
    table.settle()
    return table


def assert_typed(status: int, body: Any) -> None:
    assert 400 <= status < 500, (status, body)
    assert isinstance(body["error"]["code"], str) and body["error"]["message"]


def test_fuzzed_http_is_refused_with_typed_errors(server: Server, api: Api) -> None:
    rng = random.Random(SEED)
    table = session(server, api)
    secret = table.joined["p1"]["secret"]
    before = api.view(table.game_id, table.game["host_secret"])
    url = f"/api/games/{table.game_id}/commands"
    headers = {"Authorization": f"Bearer {secret}", "content-type": "application/json"}
    for raw in RAW_BODIES:
        reply = api.http.post(url, content=raw.encode("utf-8", "surrogatepass"), headers=headers)
        assert_typed(reply.status_code, reply.json())
    for command in mutations(rng, 150):
        reply = api.http.post(url, json={"command": command}, headers=headers)
        assert_typed(reply.status_code, reply.json())
    for body in ({"game": "chess"}, {"game": "quiz", "setup": {"teams": 5}}, {"name": ""}):
        reply = api.http.post("/api/games", json=body)
        assert_typed(reply.status_code, reply.json())
        reply = api.http.post("/api/join", json=body)
        assert_typed(reply.status_code, reply.json())
    after = api.view(table.game_id, table.game["host_secret"])
    assert after == before, "fuzzed commands changed the state"
    table.close()


def test_fuzzed_websocket_frames_get_errors_and_spare_other_seats(server: Server, api: Api) -> None:
    rng = random.Random(SEED + 1)
    table = session(server, api)
    p1, p2 = table.seats["p1"], table.seats["p2"]
    before = api.view(table.game_id, table.game["host_secret"])
    frames = [*RAW_BODIES, '{"type": "hello"}', '{"type": 5}', '{"type": "command"}']
    frames += [json.dumps({"type": "command", "command": c}) for c in mutations(rng, 150)]
    frames += [json.dumps({"type": "command", "command": {"type": "move", "firm": 5}})]
    for text in frames:
        reply = p1.send_raw(text.encode("utf-8", "surrogatepass").decode("utf-8", "replace"))
        assert reply["type"] == "error", (text[:80], reply)
        assert isinstance(reply["code"], str) and reply["message"]
    p1.conn.send(b"\x00\x01binary")
    assert p1.recv()["code"] == "text_only"
    assert p2.send_raw('{"type": "ping"}')["type"] == "pong"
    assert p1.send_raw('{"type": "ping"}')["type"] == "pong"
    after = api.view(table.game_id, table.game["host_secret"])
    assert after == before, "fuzzed frames changed the state"
    table.close()


def test_big_question_banks_are_read_but_big_commands_are_refused(server: Server, api: Api) -> None:
    rows = "".join(f"Question {n} {'x' * 150}?,Answer {n}\n" for n in range(600))
    bank = ("text,answer\n" + rows).encode()
    assert len(bank) > 64 * 1024
    reply = api.bank(bank, "csv")
    assert reply.status_code == 200, reply.text
    assert len(reply.json()["questions"]) == 600
    table = session(server, api)
    headers = {"Authorization": f"Bearer {table.joined['p1']['secret']}"}
    padding = {"command": {"type": "pass", "firm": 1, "note": "x" * (70 * 1024)}}
    reply = api.http.post(f"/api/games/{table.game_id}/commands", json=padding, headers=headers)
    assert reply.status_code == 413 and reply.json()["error"]["code"] == "too_large"
    table.close()


def test_hostile_ids_banks_and_names_get_typed_refusals(server: Server, api: Api) -> None:
    """Very long or non-ASCII game ids, codes and YAML bombs: never a 5xx."""
    laughs = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    laughs += [
        f"{c}: &{c} [{', '.join([f'*{p}'] * 9)}]" for p, c in zip("abcdef", "bcdefg", strict=True)
    ]
    bombs = [
        "\n".join(laughs) + "\nquestions: [*g]\n",
        "- &x [*x]\n",
        "a: !!python/object:os.system x\n",
    ]
    for bomb in bombs:
        reply = api.bank(bomb.encode(), "yaml")
        assert_typed(reply.status_code, reply.json())
    for ticket in ("d" + "x" * 5000, "%ED%A0%80", "d" + "0" * 32, "d\\ud800"):
        reply = api.bank(b"[]", "json", ticket)
        assert_typed(reply.status_code, reply.json())
        made = api.http.post("/api/games", content=f'{{"game": "quiz", "draft": "{ticket}"}}')
        assert_typed(made.status_code, made.json())
    for game_id in ("g" + "ab" * 3000, "g١٢٣", "g" + "0" * 41, "%ED%A0%80", "g%00"):
        for path in ("/api/web/clock/{}", "/api/games/{}", "/api/web/games/{}/me"):
            reply = api.http.get(path.format(game_id))
            assert_typed(reply.status_code, reply.json())
    for code in ("١٢٣٤٥٦", "A" * 16, "ABC123-" + "Z" * 9, "\u00b9\u00b2"):
        reply = api.http.get(f"/api/web/join/{code}")
        assert_typed(reply.status_code, reply.json())
        reply = api.http.post("/api/join", json={"code": code, "name": "x"})
        assert_typed(reply.status_code, reply.json())
