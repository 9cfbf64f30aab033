"""One device per quiz team answers, over real sockets: the first device that answers (or
claims) holds the team's answering; another device of the team sees the question and is
refused with a stable code, in the person's language; the host hands answering over."""

from __future__ import annotations

from live_fixtures import api_fixture, server_fixture  # noqa: F401 (fixtures)
from live_games import Table, quiz_setup
from live_support import Api, Json, Server, WsSeat


def actions(seat: WsSeat) -> Json:
    """What the seat's newest frame says it may send."""
    frame = next(f for f in reversed(seat.frames) if f.get("type") == "view")
    out: Json = frame.get("actions") or {}
    return out


def test_one_device_answers_for_its_team_and_the_host_hands_it_over(
    server: Server, api: Api
) -> None:
    setup = quiz_setup()
    setup["questions"] = [{"text": "Столица Италии?", "answer": "Рим"}] * 1 + [
        {"text": "2+2?", "answer": "4"}
    ]
    table = Table(api, server.ws_url, "quiz", setup, ["A", "B"])
    second_join = api.join(table.game, "Вторая Сова", "B")
    second = table.connect(second_join["secret"], role="B")
    first = table.seats["B"]
    host = table.host
    host.ok({"type": "start"})
    table.seats["A"].wait_version(host.version)
    table.seats["A"].ok({"type": "move", "move": "c3:e5"})
    host.ok({"type": "ask"})
    table.settle()
    second.wait_version(host.version)
    assert second.view["duel"]["question"]["text"] == "Столица Италии?"  # both devices see it
    assert actions(second)["claim_answering"] == {}

    claimed = first.ok({"type": "claim_answering"})
    second.wait_version(claimed["version"])
    devices = {"first": table.joined["B"]["seat"], "second": second_join["seat"]}
    assert second.view["answerers"] == {"B": devices["first"]}
    assert "claim_answering" not in actions(second)
    refused = second.command({"type": "answer", "text": "Рим"})
    assert refused["code"] == "not_answering_device", refused
    russian = api.http.post(
        f"/api/games/{table.game_id}/commands",
        json={"command": {"type": "answer", "text": "Рим"}},
        headers={"Authorization": f"Bearer {second_join['secret']}", "Accept-Language": "ru"},
    )
    assert russian.status_code == 409 or russian.status_code == 400, russian.text
    assert russian.json()["error"]["message"].startswith("Ваша команда отвечает с другого")
    # A device cannot pass itself off as the other one: the server stamps the sender.
    forged = second.command({"type": "answer", "text": "Рим", "device": devices["first"]})
    assert forged["code"] == "not_answering_device"

    handed = host.ok({"type": "hand_answering", "team": "B", "to": devices["second"]})
    second.wait_version(handed["version"])
    assert first.command({"type": "answer", "text": "Рим"})["code"] == "not_answering_device"
    assert second.ok({"type": "answer", "text": "Рим"})["type"] == "ack"
    host.wait_until(lambda v: v["duel"] is None or v["duel"]["step"] == "judge")
    table.close()
    second.close()
