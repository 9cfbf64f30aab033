"""Issue 11 over real sockets: no seat learns or breaks what it must not.

One test per hole found against a running ``boardroom serve`` (each fails on the server
before the fix): opaque question and media ids, refusals that check the actor's right
first, seat-scoped command ids, strict wire text, applied ids across snapshots and
restarts, nothing kept for unknown game ids, bounded bank reading, ASCII account names,
team join codes, per-address limits and a private ``/metrics``.
"""

from __future__ import annotations

import hashlib
import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from live_games import Table, exchange_setup, opening_table, play_board_move, quiz_setup, retry
from live_support import Api, Json, Server, WsSeat, running

OTHER = {"X-Forwarded-For": "203.0.113.7"}
"""A client that is not this machine (uvicorn trusts the header from loopback only)."""


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path: Path = tmp_path_factory.mktemp("trust") / "trust.sqlite3"
    with running(f"sqlite:///{path}", tick_retry_s="0.2") as srv:
        yield srv


@pytest.fixture(scope="module", name="api")
def api_fixture(server: Server) -> Api:
    return Api(server.url)


def sha1_id(text: str, answer: str) -> str:
    return "q-" + hashlib.sha1(f"{text}\n{answer}".encode()).hexdigest()[:8]


# --- 1. question and media ids say nothing -------------------------------------------


def test_question_and_media_ids_are_opaque_until_the_judgement(server: Server, api: Api) -> None:
    setup = quiz_setup()
    cedar = {"kind": "image", "ref": "Кедр.png", "path": "Images/Кедр.png"}
    setup["questions"] = [
        {"text": "Which tree is on Lebanon's flag?", "answer": "Cedar", "media": [cedar]},
        {"id": "lebanon-cedar", "text": "The tree again?", "answer": "Cedar", "media": [cedar]},
    ]
    table = Table(api, server.ws_url, "quiz", setup, ["A", "B"])
    table.host.ok({"type": "start"})
    table.seats["A"].wait_version(table.host.version)
    table.seats["A"].ok({"type": "move", "move": "c3:e5"})
    table.host.ok({"type": "ask"})
    table.settle()
    asked = table.seats["B"].view["duel"]["question"]
    assert asked["id"] not in ("lebanon-cedar", sha1_id(setup["questions"][0]["text"], "Cedar"))
    assert asked["id"] != sha1_id(setup["questions"][1]["text"], "Cedar")
    assert asked["media"] == []  # a file the server does not hold is the host's to show
    for seat in (table.seats["A"], table.seats["B"], table.projector):
        seen = "".join(seat.raw)
        assert "Кедр" not in seen and "\\u041a\\u0435" not in seen and "lebanon" not in seen
        assert "q-" + hashlib.sha1(b"x").hexdigest()[:8] not in seen
    host_media = table.host.view["duel"]["question"]["media"]
    assert host_media[0]["ref"] == "Кедр.png"  # the host sees it, to show it
    table.seats["B"].ok({"type": "answer", "text": "Oak"})
    table.host.ok({"type": "judge", "correct": False})
    table.settle()
    shown = table.projector.view["last_judgement"]["question"]
    assert shown["answer"] == "Cedar" and "Кедр" not in json.dumps(shown, ensure_ascii=False)
    table.close()


# --- 2. refusals check the actor's right first ------------------------------------------


def test_vote_and_cancel_refusals_do_not_map_a_rivals_holdings(server: Server, api: Api) -> None:
    setup = exchange_setup()
    setup["ruleset"] |= {"opening_session": True, "meeting_call_min_shares": 1}
    setup["ruleset"] |= {"meeting_call_window_s": 3000, "meeting_s": 3000}  # x 0.01
    table = Table(api, server.ws_url, "exchange", setup, ["p1", "p2", "p3", "p4"])
    host, p1, p2 = table.host, table.seats["p1"], table.seats["p2"]
    host.ok({"type": "start"})
    host.wait_until(lambda v: v["phase"] == "exchange")
    p1.ok({"type": "order", "account": "p1", "stock": 3, "side": "buy", "qty": 2, "price": 10})
    bid = p1.ok({"type": "order", "account": "p1", "stock": 4, "side": "buy", "qty": 1, "price": 1})
    mine = p1.view["accounts"]["p1"]["orders"]
    assert mine and bid["type"] == "ack"
    # Cancelling p1's open order and an order that does not exist: one answer.
    real = p2.command({"type": "cancel", "order": mine[-1]["order"]})
    none = p2.command({"type": "cancel", "order": "o999"})
    assert (real["code"], real["message"].replace(mine[-1]["order"], "X")) == (
        none["code"],
        none["message"].replace("o999", "X"),
    )
    host.ok({"type": "end_phase"})
    host.wait_until(lambda v: v["phase"] == "board")
    while host.view["phase"] == "board":
        play_board_move(table)
    host.wait_until(lambda v: v["phase"] == "exchange")
    host.ok({"type": "end_phase"})
    host.wait_until(lambda v: v["phase"] == "meeting_calls")
    called = retry(p1, {"type": "call_meeting", "firm": 3}, ())
    assert called["type"] == "ack", (called, p1.view["accounts"])
    host.wait_until(lambda v: v["phase"] == "meetings")  # a call opens the meetings
    p2.wait_version(host.version)
    answers = []
    for holder in ("p1", "p3", "p4", "firm:1", "firm:3", "state", "nobody"):
        reply = p2.command(
            {"type": "vote", "firm": 3, "holder": holder, "director": "p1", "payout": 5}
        )
        assert reply["type"] == "error"
        answers.append((reply["code"], reply["message"].replace(repr(holder), "H")))
    assert len(set(answers)) == 1 and answers[0][0] == "not_your_vote", answers
    table.close()


# --- 3. command ids are scoped; the server's cannot be taken --------------------------


def test_a_player_cannot_take_the_servers_tick_or_a_robots_id(server: Server, api: Api) -> None:
    table = Table(api, server.ws_url, "quiz", quiz_setup(answer_s=1.5), ["A", "B"])
    table.host.ok({"type": "start"})
    table.seats["A"].wait_version(table.host.version)
    table.seats["A"].ok({"type": "move", "move": "c3:e5"})
    table.host.ok({"type": "ask"})
    b = table.seats["B"]
    view = b.wait_version(table.host.version)
    version, deadline = b.version, view["duel"]["deadline"]
    for taken in (
        f"tick:{version}:{deadline}",
        f"server:tick:{version}:{deadline}",
        f"robot:B:{version}",
    ):
        b.send_raw(json.dumps({"type": "command", "command": {"type": "tick", "id": taken}}))
    # The deadline passes: the server's own tick still fires and the duel moves on.
    table.host.wait_until(
        lambda v: v["phase"] != "duel" or (v["duel"] or {}).get("step") != "answer", 15
    )
    assert table.host.version > version
    table.close()


def test_two_seats_may_use_the_same_command_id(server: Server, api: Api) -> None:
    table = opening_table(server, api)
    order = {"type": "order", "stock": 2, "side": "buy", "qty": 1, "price": 10, "id": "same"}
    one = api.command(table.game_id, table.joined["p1"]["secret"], order | {"account": "p1"})
    two = api.command(table.game_id, table.joined["p2"]["secret"], order | {"account": "p2"})
    assert one.status_code == two.status_code == 200, (one.text, two.text)
    assert one.json()["duplicate"] is False and two.json()["duplicate"] is False
    table.close()


# --- 4. text that cannot be stored is refused before anything is stored --------------


def test_a_lone_surrogate_is_refused_and_the_game_stays_readable(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    path = tmp_path_factory.mktemp("surrogate") / "s.sqlite3"
    with running(f"sqlite:///{path}") as server:
        api = Api(server.url)
        table = Table(api, server.ws_url, "quiz", quiz_setup(), ["A", "B"])
        table.host.ok({"type": "start"})
        table.seats["A"].wait_version(table.host.version)
        table.seats["A"].ok({"type": "move", "move": "c3:e5"})
        table.host.ok({"type": "ask"})
        secret = table.joined["B"]["secret"]
        url = f"/api/games/{table.game_id}/commands"
        headers = {"Authorization": f"Bearer {secret}", "content-type": "application/json"}
        for raw in (
            '{"command": {"type": "answer", "text": "x\\ud800y"}}',
            '{"command": {"type": "answer", "text": "ok", "id": "\\udfff"}}',
            '{"command": {"type": "answer", "text": "nul\\u0000"}}',
            '{"command": {"type": "answer", "\\ud800": 1}}',
        ):
            reply = api.http.post(url, content=raw, headers=headers)
            assert reply.status_code == 400, (raw, reply.text)
            assert reply.json()["error"]["code"] == "bad_text", reply.text
        frame = table.seats["B"].send_raw(
            '{"type": "command", "command": {"type": "answer", "text": "\\ud83d"}}'
        )
        assert frame["type"] == "error" and frame["code"] == "bad_text"
        joined = api.http.post("/api/join", json={"code": table.game["code"], "name": "x"})
        assert joined.status_code in (400, 403)
        raw_name = json.dumps({"code": table.game["code"], "role": "projector", "name": "?"})
        raw_name = raw_name.replace('"?"', '"\\ud800"')
        named = api.http.post("/api/join", content=raw_name)
        assert named.json()["error"]["code"] == "bad_text"
        assert table.seats["B"].ok({"type": "answer", "text": "Rome"})["events"] >= 1
        table.close()
        host = table.game["host_secret"]
        assert api.view(table.game_id, host)["view"]["duel"]["given"]["text"] == "Rome"
        server.kill(signal.SIGKILL)
        server.start()
        assert api.view(table.game_id, host)["version"] > 0
        seat = WsSeat(server.ws_url, table.game_id, host)
        assert seat.recv()["type"] == "view"
        seat.close()


# --- 5. applied ids survive snapshots and restarts --------------------------------------


def test_acknowledged_ids_stay_duplicates_across_snapshots_and_restarts(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    path = tmp_path_factory.mktemp("restarts") / "r.sqlite3"
    server = Server(f"sqlite:///{path}", snapshot_every="3").start()
    started = time.monotonic()
    try:
        api = Api(server.url)
        setup = exchange_setup(scale=1.0)  # no deadline passes during the test
        setup["ruleset"]["opening_session"] = True
        game = api.create("exchange", setup)
        game_id, host = game["game_id"], game["host_secret"]
        secrets = {p: api.join(game, p, p)["secret"] for p in ("p1", "p2")}
        assert api.command(game_id, host, {"type": "start", "id": "go"}).status_code == 200
        acked: dict[str, tuple[str, Json]] = {}
        restarts = 20
        for round_ in range(restarts):
            for player, stock in (("p1", 1 + round_ % 8), ("p2", 1 + (round_ + 3) % 8)):
                command_id = f"{player}-{round_}"
                command: Json = {"type": "order", "account": player, "stock": stock}
                command |= {"side": "buy", "qty": 1, "price": 1, "id": command_id}
                reply = api.command(game_id, secrets[player], command)
                assert reply.status_code == 200 and not reply.json()["duplicate"], reply.text
                acked[command_id] = (secrets[player], command)
            version = api.view(game_id, host)["version"]
            api.http.close()  # no open keep-alive connection for a graceful stop to wait on
            server.kill(signal.SIGTERM if round_ % 2 else signal.SIGKILL)
            server.start()
            api = Api(server.url)
            for command_id, (secret, command) in acked.items():
                again = api.command(game_id, secret, command)
                assert again.status_code == 200, (round_, command_id, again.text)
                assert again.json()["duplicate"] is True, (round_, command_id, again.json())
            start_again = api.command(game_id, host, {"type": "start", "id": "go"})
            assert start_again.json()["duplicate"] is True, start_again.text
            assert api.view(game_id, host)["version"] == version, "a re-sent id changed the game"
    finally:
        server.kill()
    print(f"{restarts} restarts in {time.monotonic() - started:.1f} s")


# --- 6. nothing is kept for unknown game ids -------------------------------------------


def rss_kb(server: Server) -> int:
    assert server.proc is not None
    status = Path(f"/proc/{server.proc.pid}/status").read_text()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")))


def test_unknown_game_ids_leave_nothing_behind(server: Server, api: Api) -> None:
    with httpx.Client(base_url=server.url, timeout=30.0) as http:
        for n in range(300):  # warm up the allocator and the routes
            http.get(f"/api/web/clock/g{n:040x}"[:60])
        before = rss_kb(server)
        for n in range(1500):
            reply = http.get(f"/api/web/clock/g{n:06x}{'ab' * 3000}")
            assert reply.status_code == 404
        for n in range(300):
            assert http.get(f"/api/web/clock/g{n:039x}").status_code == 404
        grown = rss_kb(server) - before
    print(f"RSS grew by {grown} kB over 1,800 unknown game ids")
    assert grown < 3000, f"RSS grew by {grown} kB over 1,800 unknown game ids"  # main: ~9 MB


# --- 7. question banks: aliases refused, bounded, off the event loop ----------------------


def test_a_hostile_bank_is_refused_without_stalling_the_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    path = tmp_path_factory.mktemp("bank") / "b.sqlite3"
    limits = {"bank_burst": "4", "bank_rate_per_s": "0.001", "max_bank_questions": "3"}
    with running(f"sqlite:///{path}", None, **limits) as server:
        api = Api(server.url)
        levels = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        levels += [
            f"{c}: &{c} [{', '.join([f'*{p}'] * 10)}]"
            for p, c in zip("abcdefg", "bcdefgh", strict=True)
        ]
        bomb = "\n".join(levels) + "\nquestions: [*h]\n"
        started = time.monotonic()
        reply = api.bank(bomb.encode(), "yaml")
        assert time.monotonic() - started < 5
        assert reply.status_code == 400 and "aliases" in json.dumps(reply.json()), reply.text
        assert api.http.get("/health").status_code == 200
        rows = [{"text": f"Q{n}?", "answer": str(n)} for n in range(4)]
        big = api.bank(json.dumps(rows), "json")
        assert big.status_code == 413 and big.json()["error"]["code"] == "bank_too_big"
        fine = api.bank(json.dumps(rows[:2]), "json")
        assert fine.status_code == 200, fine.text
        assert [q["text"] for q in fine.json()["questions"]] == ["Q0?", "Q1?"]
        many = api.bank(b"[]", "json")
        assert many.status_code == 400  # the fourth of a burst of four
        over = api.bank(b"[]", "json")
        assert over.status_code == 429 and over.json()["error"]["code"] == "too_many_from_address"
        elsewhere = api.bank(json.dumps(rows[:1]), "json", **OTHER)
        assert elsewhere.status_code == 200, elsewhere.text


# --- 8. account names are ASCII ---------------------------------------------------------


def test_account_names_with_other_digits_are_unknown(server: Server, api: Api) -> None:
    table = opening_table(server, api)
    p1 = table.seats["p1"]  # directs firm 1
    for account in ("firm:١", "firm:¹", "firm:01", "firm:１"):
        order = {"type": "order", "account": account, "stock": 3, "side": "buy", "qty": 1}
        reply = p1.command(order | {"price": 1})
        assert reply["type"] == "error" and reply["code"] == "unknown_account", (account, reply)
    assert "firm:١" not in json.dumps(api.view(table.game_id, table.game["host_secret"]))
    table.close()


# --- 9. a quiz team is joined by its own code ---------------------------------------------


def test_a_team_needs_its_own_code(server: Server, api: Api) -> None:
    game = api.create("quiz", quiz_setup())
    join = "/api/join"
    for role in ("A", "B", None):
        body = {"code": game["code"], "name": "Rival", "role": role}
        reply = api.http.post(join, json=body)
        assert reply.status_code == 403, reply.text
        assert reply.json()["error"]["code"] == "team_code_needed"
    codes = api.lobby(game)["team_codes"]
    assert set(codes) == {"A", "B"} and codes["A"] != codes["B"]
    assert all(code.startswith(game["code"] + "-") for code in codes.values())
    wrong = api.http.post(join, json={"code": codes["A"], "name": "Rival", "role": "B"})
    assert wrong.status_code == 403
    guess = api.http.post(join, json={"code": game["code"] + "-AAAAAA", "name": "R"})
    assert guess.status_code == 404
    own = api.http.post(join, json={"code": codes["A"].lower(), "name": "Masha"})
    assert own.status_code == 200 and own.json()["role"] == "A", own.text
    screen = api.http.post(join, json={"code": game["code"], "name": "W", "role": "projector"})
    assert screen.status_code == 200
    info = api.http.get(f"/api/web/join/{game['code']}").json()
    assert info["team_code_needed"] is True and not any(r["free"] for r in info["roles"])
    info = api.http.get(f"/api/web/join/{codes['B']}").json()
    assert [r["role"] for r in info["roles"] if r["free"]] == ["B"]


# --- 10. per-address limits, one bucket per role, a private /metrics ---------------------


def test_limits_per_address_and_per_role_and_metrics_for_this_machine_only(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    path = tmp_path_factory.mktemp("limits") / "l.sqlite3"
    limits = {"join_burst": "6", "join_rate_per_s": "0.001", "create_burst": "2"}
    limits |= {"create_rate_per_s": "0.001", "rate_burst": "3", "rate_per_s": "0.001"}
    with running(f"sqlite:///{path}", None, **limits) as server:
        http = httpx.Client(base_url=server.url, timeout=30.0)
        spec = {"game": "quiz", "setup": quiz_setup()}
        made = [http.post("/api/games", json=spec, headers=OTHER) for _ in range(3)]
        assert [r.status_code for r in made] == [200, 200, 429]
        assert made[2].json()["error"]["code"] == "too_many_from_address"
        game = made[0].json()
        assert http.post("/api/games", json=spec).status_code == 200  # another address
        body = {"code": game["code"], "name": "wall", "role": "projector"}
        joins = [http.post("/api/join", json=body, headers=OTHER).status_code for _ in range(8)]
        assert joins == [200] * 6 + [429] * 2
        # Two devices of team A share one bucket of three commands.
        api = Api(server.url)
        phones = [api.join(game, f"phone {n}", "A")["secret"] for n in range(2)]
        codes = []
        for n in range(6):
            reply = api.command(game["game_id"], phones[n % 2], {"type": "resume"})
            codes.append(reply.json().get("error", {}).get("code"))
        assert codes.count("rate_limited") == 3, codes
        assert http.get("/metrics").status_code == 200
        hidden = http.get("/metrics", headers=OTHER)
        assert hidden.status_code == 403 and "boardroom_" not in hidden.text
