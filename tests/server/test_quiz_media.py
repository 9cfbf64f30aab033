"""Quiz media over real sockets, on SQLite and PostgreSQL: a bank's pictures and sounds are
stored by the server, survive a restart, and are served by the game's own random ids only
to the seats that may see them at that moment.

- a question's media: to the host at any time, to the teams and the projector once the
  question is asked;
- an answer's media: to them only after the judgement; before it, fetching its id gets
  the very answer a made-up id gets (nothing tells the two apart);
- no file name and no answer media id ever reaches a team's or the projector's frames.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from live_fixtures import api_fixture, server_fixture  # noqa: F401 (fixtures)
from live_games import Table, quiz_setup
from live_support import Api, Json, Server
from support.files import files_body, zipped

PICTURE = b"\x89PNG\r\n\x1a\n" + b"lebanon-flag-picture" * 10
ANTHEM = b"ID3" + b"anthem-sound" * 20
CSV = (
    "вопрос;ответ;медиа\n"
    "Столица страны с этим флагом?;Бейрут;Флаги/Ливан.png|ответ:Гимны/Ливан.mp3\n"
    "Столица Италии?;Рим;\n"
)


def archive() -> bytes:
    """A zip as a quiz master makes one: the bank and the files it names, in folders."""
    return zipped({"финал.csv": CSV, "Флаги/Ливан.png": PICTURE, "Гимны/Ливан.mp3": ANTHEM})


def upload(api: Api, files: list[tuple[str, bytes]]) -> Json:
    reply = api.bank(files_body(files), "files")
    assert reply.status_code == 200, reply.text
    body: Json = reply.json()
    return body


def fetch(api: Api, table: Table, secret: str, media_id: str) -> httpx.Response:
    return api.http.get(
        f"/api/web/games/{table.game_id}/media/{media_id}", headers={"X-Seat-Secret": secret}
    )


def refusal(reply: httpx.Response) -> tuple[int, Any]:
    return reply.status_code, reply.json()


def test_media_from_a_zip_are_stored_served_by_opaque_ids_and_only_when_due(
    server: Server, api: Api
) -> None:
    bank = upload(api, [("Финал.zip", archive())])
    assert bank["preview"]["media_held"] == 2 and bank["preview"]["media_missing"] == 0
    flag = bank["questions"][0]
    assert [m["kind"] for m in flag["media"]] == ["image", "audio"]
    assert all(m["blob"].startswith("b") for m in flag["media"])
    setup = quiz_setup()
    setup["questions"] = [flag]
    table = Table(api, server.ws_url, "quiz", setup, ["A", "B"])
    host, team_a, team_b = table.host, table.seats["A"], table.seats["B"]
    secrets = {"A": table.joined["A"]["secret"], "B": table.joined["B"]["secret"]}
    secrets["projector"] = table.projector_secret
    host_secret = table.game["host_secret"]

    host.ok({"type": "start"})
    team_a.wait_version(host.version)
    team_a.ok({"type": "move", "move": "c3:e5"})
    host.ok({"type": "ask"})
    table.settle()
    on_host = host.view["duel"]["question"]["media"]
    picture, anthem = on_host
    assert (picture["kind"], picture["part"], anthem["part"]) == ("image", "question", "answer")
    for item in on_host:
        # a media id is random: neither the file's name, nor its bytes, nor the stored name
        assert item["id"].startswith("m-") and len(item["id"]) == 18
        assert item["id"] not in json.dumps(flag, ensure_ascii=False)
    made_up = "m-" + "0" * 16

    # The question is out: its picture for everyone; the answer's sound for the host only.
    for role, secret in secrets.items():
        shown = table.seats[role].view if role in table.seats else table.projector.view
        assert shown["duel"]["question"]["media"] == [
            {"id": picture["id"], "kind": "image", "part": "question"}
        ]
        got = fetch(api, table, secret, picture["id"])
        assert got.status_code == 200 and got.content == PICTURE
        assert got.headers["content-type"] == "image/png"
        assert refusal(fetch(api, table, secret, anthem["id"])) == refusal(
            fetch(api, table, secret, made_up)
        )
        assert fetch(api, table, secret, made_up).json()["error"]["code"] == "no_media"
    assert fetch(api, table, host_secret, anthem["id"]).content == ANTHEM
    for seat in (team_a, team_b, table.projector):
        seen = "".join(seat.raw)
        assert anthem["id"] not in seen
        assert "Ливан" not in seen and "\\u041b\\u0438\\u0432" not in seen and ".png" not in seen
        assert all(m["blob"] not in seen for m in flag["media"])

    team_b.ok({"type": "answer", "text": "Никосия"})
    host.ok({"type": "judge", "correct": False})
    table.settle()
    for secret in secrets.values():
        got = fetch(api, table, secret, anthem["id"])
        assert got.status_code == 200 and got.content == ANTHEM
        assert got.headers["content-type"] == "audio/mpeg"
    revealed = table.projector.view["last_judgement"]["question"]["media"]
    assert [m["id"] for m in revealed] == [picture["id"], anthem["id"]]
    assert "Ливан" not in "".join(table.projector.raw)  # file names: never, also judged
    table.close()

    server.stop()
    server.start()
    fresh = Api(server.url)
    got = fetch(fresh, table, secrets["A"], anthem["id"])
    assert got.status_code == 200 and got.content == ANTHEM  # kept in the database


def test_a_team_cannot_fetch_another_games_media_nor_without_a_seat(
    server: Server, api: Api
) -> None:
    bank = upload(api, [("Финал.zip", archive())])
    setup = quiz_setup()
    setup["questions"] = [bank["questions"][0]]
    first = Table(api, server.ws_url, "quiz", setup, ["A", "B"])
    second = Table(api, server.ws_url, "quiz", setup, ["A", "B"])
    for table in (first, second):
        table.host.ok({"type": "start"})
        table.seats["A"].wait_version(table.host.version)
        table.seats["A"].ok({"type": "move", "move": "c3:e5"})
        table.host.ok({"type": "ask"})
        table.settle()
    one = first.host.view["duel"]["question"]["media"][0]["id"]
    two = second.host.view["duel"]["question"]["media"][0]["id"]
    assert one != two  # the same file, a new id in each game
    assert fetch(api, second, second.joined["A"]["secret"], one).status_code == 404
    stranger = httpx.Client(base_url=server.url)  # no seat's cookie, no secret
    anonymous = stranger.get(f"/api/web/games/{first.game_id}/media/{one}")
    assert anonymous.status_code == 401
    first.close()
    second.close()


def test_a_bank_naming_files_it_did_not_send_says_so(server: Server, api: Api) -> None:
    bank = upload(api, [("финал.csv", CSV.encode())])
    preview = bank["preview"]
    assert (preview["media_held"], preview["media_missing"]) == (0, 2)
    assert preview["lines"]["ru"][-1] == "2 файла не найдены: добавьте архив .zip с ними."
    assert all("blob" not in m for m in bank["questions"][0]["media"])
