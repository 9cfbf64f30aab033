"""The answer length limit over real sockets: a typed answer of more than 500 characters is
refused with a stable code and a sentence in the team's own language (the hello's ``lang``),
and nothing is stored (no new version, no answer in anyone's view); 500 characters are
taken; the page is told the limit (``actions.answer.max_chars``)."""

from __future__ import annotations

import json

from live_fixtures import api_fixture, server_fixture  # noqa: F401 (fixtures)
from live_games import Table, quiz_setup
from live_support import Api, Json, Server, WsSeat
from websockets.sync.client import connect


class SpeakingSeat(WsSeat):
    """A seat whose hello names its language (as the web client's does)."""

    def __init__(self, ws_url: str, game_id: str, secret: str, lang: str) -> None:
        self.conn = connect(f"{ws_url}/ws/{game_id}", max_size=2**24, open_timeout=10, legacy=True)
        self.frames: list[Json] = []
        self.raw: list[str] = []
        self.view: Json = {}
        self.events: list[Json] | None = None
        self.version, self.versions, self.counter = -1, [], 0
        hello = {"type": "hello", "secret": secret, "version": None, "lang": lang}
        self.conn.send(json.dumps(hello))
        self.welcome = self.recv()
        self.wait_version(0)


def answer_actions(seat: WsSeat) -> Json:
    frame = next(f for f in reversed(seat.frames) if f.get("type") == "view")
    out: Json = (frame.get("actions") or {}).get("answer") or {}
    return out


def test_an_answer_over_500_characters_is_refused_in_the_teams_language(
    server: Server, api: Api
) -> None:
    table = Table(api, server.ws_url, "quiz", quiz_setup(), ["A", "B"])
    russian = SpeakingSeat(server.ws_url, table.game_id, table.joined["B"]["secret"], "ru")
    english_join = api.join(table.game, "Second Owl", "B")
    english = SpeakingSeat(server.ws_url, table.game_id, english_join["secret"], "en")
    host = table.host
    host.ok({"type": "start"})
    table.seats["A"].ok({"type": "move", "move": "c3:e5"})
    host.ok({"type": "ask"})
    version = table.settle()
    russian.wait_version(version)
    english.wait_version(version)
    assert host.view["duel"]["answering"]["team"] == "B"
    assert answer_actions(russian)["max_chars"] == 500

    too_long = "д" * 501
    refused = russian.command({"type": "answer", "text": too_long})
    assert refused["type"] == "error" and refused["code"] == "answer_too_long", refused
    assert refused["message"] == (
        "Ответ слишком длинный: 501 знак, а можно не больше 500 знаков. Сократите его."
    )
    refused = english.command({"type": "answer", "text": "x" * 501})
    assert refused["code"] == "answer_too_long", refused
    assert refused["message"] == (
        "The answer is too long: 501 characters, and at most 500 are taken. Shorten it."
    )
    padded = english.command({"type": "answer", "text": "  " + "x" * 499 + "y" * 3 + "  "})
    assert padded["code"] == "answer_too_long", padded

    # Nothing stored: the game's version did not move, no answer anywhere.
    assert api.view(table.game_id, table.game["host_secret"])["version"] == version
    assert host.view["duel"]["given"] is None and host.view["duel"]["step"] == "answer"
    assert not [e for e in host.view["events"] if e["type"] == "answer_given"]

    exact = "Рим " + "р" * 496
    accepted = russian.ok({"type": "answer", "text": exact})
    duel: Json = host.wait_version(accepted["version"])["duel"]
    assert duel["given"]["text"] == exact
    given = [e for e in host.view["events"] if e["type"] == "answer_given"]
    assert [len(e["text"]) for e in given] == [500]
    table.close()
    russian.close()
    english.close()
