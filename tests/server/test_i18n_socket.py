"""A refused command's answer is told in the client's language, naming people, over real
sockets: the WebSocket hello's ``lang`` (else its ``Accept-Language``), and HTTP's
``Accept-Language``; the code and the parameters stay the same in every language."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_support import Api, Json, Server, running
from websockets.sync.client import ClientConnection, connect

SETUP: Json = {
    "game": "exchange",
    "seed": 1,
    "players": [{"id": "p1", "name": "Аня"}, {"id": "p2", "name": "Александра Соколова"}],
    "directors": {"1": "p1", "2": "p2"},
}
TOO_DEAR = {"type": "order", "account": "p2", "stock": 1, "side": "buy", "qty": 5}


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path: Path = tmp_path_factory.mktemp("db") / "i18n.sqlite3"
    with running(f"sqlite:///{path}") as srv:
        yield srv


@pytest.fixture(scope="module", name="game")
def game_fixture(server: Server) -> Json:
    api = Api(server.url)
    game = api.create("exchange", SETUP)
    seats = {role: api.join(game, name, role) for role, name in (("p1", "Аня"), ("p2", "Саша"))}
    reply = api.command(game["game_id"], game["host_secret"], {"type": "start"})
    assert reply.status_code == 200, reply.text
    return {**game, "seats": seats}


def _socket(server: Server, game: Json, role: str, hello: Json, headers: Json) -> ClientConnection:
    conn = connect(f"{server.ws_url}/ws/{game['game_id']}", additional_headers=headers, legacy=True)
    secret = game["seats"][role]["secret"]
    conn.send(json.dumps({"type": "hello", "secret": secret, **hello}))
    return conn


def _refusal(conn: ClientConnection, command: Json) -> Json:
    conn.send(json.dumps({"type": "command", "command": command}))
    while True:
        frame: Json = json.loads(conn.recv(timeout=10))
        if frame["type"] in ("ack", "error"):
            return frame


def _price(n: int) -> Json:
    return {**TOO_DEAR, "price": 100_000 + n}


def test_a_russian_client_hears_russian_with_names(server: Server, game: Json) -> None:
    with _socket(server, game, "p2", {"lang": "ru"}, {"Accept-Language": "en"}) as conn:
        cash = _refusal(conn, _price(0))
        other = _refusal(conn, {**_price(1), "account": "p1"})
    assert cash["code"] == "insufficient_cash"
    assert (cash["account"], cash["free"], cash["need"]) == ("p2", 200, 500_000)
    assert cash["message"] == "Александра Соколова: свободных денег 200, а заявке нужно 500\xa0000."
    assert other["message"] == "Александра Соколова не распоряжается счётом «Аня»."


def test_an_english_client_hears_english(server: Server, game: Json) -> None:
    with _socket(server, game, "p1", {"lang": "en"}, {"Accept-Language": "ru"}) as conn:
        refused = _refusal(conn, _price(2))
        unknown = _refusal(conn, {"type": "fly"})
    assert refused["code"] == "not_your_account"
    assert refused["message"] == "Аня does not act for the account “Александра Соколова”."
    assert unknown["code"] == "unknown_command" and unknown["message"].startswith("Unknown command")


def test_without_a_lang_the_socket_follows_accept_language_else_russian(
    server: Server, game: Json
) -> None:
    with _socket(server, game, "p2", {}, {"Accept-Language": "en-GB,en;q=0.8"}) as conn:
        english = _refusal(conn, _price(3))
    with _socket(server, game, "p2", {}, {}) as conn:
        russian = _refusal(conn, _price(4))
    assert english["message"] == "Александра Соколова has 200 free cash; this order needs 500,015."
    assert russian["message"].startswith("Александра Соколова: свободных денег 200")
    assert {k: v for k, v in english.items() if k not in ("message", "need")} == {
        k: v for k, v in russian.items() if k not in ("message", "need")
    }


def test_http_refusals_follow_accept_language(server: Server, game: Json) -> None:
    api = Api(server.url)
    secret = game["seats"]["p2"]["secret"]
    answers = {}
    for lang in ("ru", "en"):
        reply = api.http.post(
            f"/api/games/{game['game_id']}/commands",
            json={"command": _price(5)},
            headers={"Authorization": f"Bearer {secret}", "Accept-Language": lang},
        )
        assert reply.status_code == 409
        answers[lang] = reply.json()["error"]
    assert answers["ru"]["message"].startswith("Александра Соколова: свободных денег")
    assert answers["en"]["message"].startswith("Александра Соколова has 200 free cash")
    missing = api.http.get("/api/games/nope", headers={"Accept-Language": "ru"}).json()
    assert missing["error"]["code"] == "unknown_game"
    assert missing["error"]["message"] == "Такой игры нет."
