"""Seats act only as themselves, for their own firms, in their own game; secrets stay secret."""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

import httpx
from live_fixtures import api_fixture, server_fixture  # noqa: F401 (fixtures)
from live_games import Table, opening_table, quiz_setup
from live_support import Api, Json, Server, WsSeat, merge


def test_a_seat_acts_only_as_itself(server: Server, api: Api) -> None:
    table = opening_table(server, api)
    p1 = table.seats["p1"]
    before = table.host.version
    as_p2 = {"type": "order", "by": "p2", "account": "p2", "stock": 3, "side": "buy"}
    reply = p1.command(as_p2 | {"qty": 1, "price": 1})
    assert reply["type"] == "error" and reply["code"] == "not_your_account"
    host_only = p1.command({"type": "end_phase", "by": "host"})
    assert host_only["type"] == "error" and host_only["code"] in ("host_only", "not_host")
    over_http = api.command(table.game_id, table.joined["p1"]["secret"], as_p2 | {"qty": 1})
    assert over_http.status_code in (400, 409)
    assert table.host.command({"type": "pause"})["type"] == "ack"
    assert table.host.version == before + 1 or table.host.wait_version(before + 1)
    table.close()


def test_a_seat_cannot_use_a_firm_it_does_not_direct(server: Server, api: Api) -> None:
    table = opening_table(server, api)
    before = api.view(table.game_id, table.game["host_secret"])["version"]
    p1 = table.seats["p1"]  # directs firms 1 and 5
    order = {"type": "order", "account": "firm:2", "stock": 3, "side": "buy", "qty": 1, "price": 1}
    reply = p1.command(order)
    assert reply["type"] == "error" and reply["code"] == "not_your_account"
    mine = p1.command({**order, "account": "firm:1"})
    assert mine["type"] == "ack", mine
    assert "firm:2" not in json.dumps(p1.view["accounts"])
    assert api.view(table.game_id, table.game["host_secret"])["version"] > before
    table.close()


def test_a_secret_opens_only_its_own_game(server: Server, api: Api) -> None:
    one = Table(api, server.ws_url, "quiz", quiz_setup(), ["A"])
    two = api.create("quiz", quiz_setup())
    secret = one.joined["A"]["secret"]
    for target in (two["game_id"], "gnope", "../etc"):
        reply = api.command(target, secret, {"type": "start"})
        assert reply.status_code in (401, 404), reply.text
        assert reply.json()["error"]["code"] in ("unknown_seat", "unknown_game", "not_found")
    host_elsewhere = api.command(two["game_id"], one.game["host_secret"], {"type": "start"})
    assert host_elsewhere.status_code == 401
    seat = WsSeat(server.ws_url, two["game_id"], secret)
    assert seat.welcome["type"] == "error" and seat.welcome["code"] == "unknown_seat"
    seat.close()
    for path in ("/lobby", "/robots"):
        reply = httpx.request(
            "GET" if path == "/lobby" else "POST",
            f"{server.url}/api/games/{one.game_id}{path}",
            headers={"Authorization": f"Bearer {secret}"},
            json={},
        )
        assert reply.status_code == 403, reply.text
    projector = one.projector.command({"type": "start"})
    assert projector["type"] == "error" and projector["code"] == "forbidden"
    one.close()


def test_secrets_are_long_and_random(server: Server, api: Api) -> None:
    game = api.create("quiz", quiz_setup())
    seats = [api.join(game, f"n{i}", "A") for i in range(3)]
    for secret in [game["host_secret"], *(s["secret"] for s in seats)]:
        assert len(secret) * 6 >= 128
    assert len({s["secret"] for s in seats}) == 3


# --- canaries -----------------------------------------------------------------------


def canary(kind: str) -> str:
    return f"CANARY-{kind}-{secrets.token_hex(6)}"


def canary_quiz() -> tuple[Json, dict[str, list[str]]]:
    """A quiz whose every secret field carries a unique canary, by question text (the
    server gives every question its own random id at creation: see :func:`by_server_id`)."""
    squares_a, squares_b = ("a3", "c3", "e3", "g3"), ("b6", "d6", "f6", "h6")
    members = [
        [{"id": f"{t.lower()}{i}", "name": f"{t}{i}", "square": sq} for i, sq in enumerate(sqs)]
        for t, sqs in (("A", squares_a), ("B", squares_b))
    ]
    hidden: dict[str, list[str]] = {}
    questions = []
    for n in range(1, 13):
        qid, text = f"q{n}", f"Question {n}?"
        answer, accept, comment = canary("ANSWER"), canary("ACCEPT"), canary("COMMENT")
        hidden[text] = [answer, accept, comment]
        questions.append(
            {"id": qid, "text": text, "answer": answer} | {"accept": [accept], "comment": comment}
        )
    setup = {
        "game": "quiz",
        "seed": 9,
        "ruleset": {"duel": "defender", "answer_s": None, "time_scale": 0.02},
        "teams": [
            {"id": "A", "name": "Eagles", "score": 0, "members": members[0]},
            {"id": "B", "name": "Owls", "score": 0, "members": members[1]},
        ],
        "questions": questions,
    }
    return setup, hidden


def by_server_id(hidden: dict[str, list[str]], host_frames: list[str]) -> dict[str, list[str]]:
    """The canaries keyed by the id the server gave each question, as the host's frames
    show it once the question is asked (a question never asked keeps its text: no
    judgement names it, so any sight of its canaries is a leak)."""
    ids: dict[str, str] = {}
    for text in host_frames:
        frame: Any = json.loads(text)
        duel = (frame.get("view") or {}).get("duel") if frame.get("type") == "view" else None
        if duel and duel.get("question"):
            ids[duel["question"]["text"]] = duel["question"]["id"]
    assert ids, "no question was asked"
    return {ids.get(text, text): values for text, values in hidden.items()}


def judged_in(view: Json) -> set[str]:
    return {e.get("question", "") for e in view.get("events", []) if e["type"] == "judged"}


def leaks(frames: list[str], hidden: dict[str, list[str]], own: set[str]) -> list[str]:
    """Canaries in frames whose view (its events merged as a client merges them) does not
    yet show their question judged."""
    found = []
    current: set[str] = set()
    events: list[Json] | None = None
    have: int | None = None
    for text in frames:
        frame: Any = json.loads(text)
        if frame.get("type") == "view":
            events, have = merge(events, have, frame), frame["version"]
            current = judged_in({"events": events})
        for qid, values in hidden.items():
            if qid in current:
                continue
            found += [v for v in values if v in text and v not in own]
    return found


def test_canaries_never_reach_a_seat_that_may_not_see_them(server: Server, api: Api) -> None:
    setup, hidden = canary_quiz()
    table = Table(api, server.ws_url, "quiz", setup, ["A", "B"])
    robots = api.http.post(
        f"/api/games/{table.game_id}/robots",
        json={"roles": ["B"]},
        headers={"Authorization": f"Bearer {table.game['host_secret']}"},
    )
    assert robots.status_code == 200 and robots.json()["seated"] == ["B"]
    a_answers: dict[str, list[str]] = {}
    table.host.ok({"type": "start"})
    b_seat = first_b = table.seats["B"]
    for step in range(80):
        view = table.sync()
        if view["phase"] == "ended":
            break
        if step == 20:  # B closes its tab and comes back with an old version
            b_seat.close()
            b_seat = table.seats["B"] = table.connect(table.joined["B"]["secret"], 1)
        _quiz_step(table, a_answers, step)
        b_seat.command({"type": "answer", "text": "not ours"})  # errors are checked too
        table.sync()
    table.settle()
    secret_b = table.joined["B"]["secret"]
    http_b = api.http.get(f"/api/games/{table.game_id}", headers={"X-Seat-Secret": secret_b})
    hidden = by_server_id(hidden, table.host.raw)
    for qid, values in a_answers.items():
        hidden.setdefault(qid, []).extend(values)
    assert not leaks(table.projector.raw, hidden, set())
    b_raw = [*first_b.raw, *b_seat.raw]  # before and after B came back
    assert not leaks(b_raw, hidden, set())
    for raw in (table.projector.raw, b_raw):  # incremental frames were checked too
        assert sum(t.startswith('{"type":"view"') and '"events_from":0' not in t for t in raw) > 5
    assert not leaks([json.dumps({"type": "view", **http_b.json()})], hidden, set())
    seen = [e["type"] for e in table.host.view["events"]]
    assert judged_in(table.host.view) and a_answers, seen
    assert any(v in "".join(table.host.raw) for vs in hidden.values() for v in vs), seen
    table.close()


def _quiz_step(table: Table, a_answers: dict[str, list[str]], step: int) -> None:
    time.sleep(0.05)  # let the robot answer
    view = table.sync()
    duel = view["duel"]
    if view["phase"] == "ended":
        return
    if duel is None and view["to_move"] == "A":
        a = table.seats["A"]
        a.wait_version(table.host.version)
        if a.view["legal_moves"] and not a.view["duel"]:
            a.command({"type": "move", "move": a.view["legal_moves"][0]["move"]})
    elif duel is not None and duel["step"] == "ask":
        table.host.command({"type": "ask"})
    elif duel is not None and duel["step"] in ("answer", "judge"):  # B's person may be first
        if duel["answering"]["team"] == "A" and not duel["given"]:
            text = canary("TEAM-A")
            a_answers.setdefault(duel["question"]["id"], []).append(text)
            table.seats["A"].ok({"type": "answer", "text": text})
        view = table.sync()
        if view["duel"] and view["duel"]["given"]:
            table.host.command({"type": "judge", "correct": step % 3 == 0})
