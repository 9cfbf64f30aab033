"""The lab's robots in live games over real sockets: one person and eleven robot seats play
two years of Exchange Draughts; robot quiz teams play whole rounds (SQLite)."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator

import pytest
from live_fixtures import db_url
from live_games import Table
from live_support import Api, Json, Server, WsSeat, running

from boardroom.bots.context import Memory
from boardroom.bots.valuation import fair_value

ROBOTS = [f"p{n}" for n in range(2, 13)]


@pytest.fixture(scope="module", name="server")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(db_url("sqlite", tmp_path_factory), robot_poll_s="0.2") as srv:
        yield srv


@pytest.fixture(scope="module", name="api")
def api_fixture(server: Server) -> Api:
    return Api(server.url)


def twelve_seats(years: int = 2) -> Json:
    ids = [f"p{n}" for n in range(1, 13)]
    return {
        "game": "exchange",
        "seed": 11,
        "ruleset": {"preset": "demo", "years": years, "time_scale": 0.01},
        "players": [{"id": p, "name": f"Player {p[1:]}"} for p in ids],
        "directors": {str(firm): ids[firm - 1] for firm in range(1, 9)},
    }


def robot_counts(api: Api) -> dict[str, float]:
    """``boardroom_robot_commands_total`` by result, summed over games."""
    text = api.http.get("/metrics").text
    counts: dict[str, float] = {}
    for result, value in re.findall(
        r'^boardroom_robot_commands_total\{game="\w+",result="(\w+)"\} (\S+)$', text, re.M
    ):
        counts[result] = counts.get(result, 0.0) + float(value)
    return counts


def test_one_person_and_eleven_robots_play_two_years(server: Server, api: Api) -> None:
    before = robot_counts(api)
    table = Table(api, server.ws_url, "exchange", twelve_seats(), ["p1"])
    secret = table.game["host_secret"]
    choices = {
        "p9": {"kind": "raider"},
        "p10": {"kind": "raider", "level": "strong"},
        "p11": {"kind": "noise"},
        "p12": {"kind": "noise"},
    }
    reply = api.http.post(
        f"/api/games/{table.game_id}/robots",
        json={"roles": ROBOTS, "level": "casual", "seats": choices},
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert reply.status_code == 200 and reply.json()["seated"] == ROBOTS, reply.text
    lobby = api.http.get(
        f"/api/games/{table.game_id}/lobby", headers={"Authorization": f"Bearer {secret}"}
    ).json()
    chosen = {s["role"]: s["robot_choice"] for s in lobby["seats"] if s["robot"]}
    assert chosen["p10"] == {"kind": "raider", "level": "strong", "accuracy": 0.6}
    assert chosen["p3"]["kind"] == "mixed" and chosen["p3"]["level"] == "casual"
    table.host.ok({"type": "start"})
    person = table.seats["p1"]
    ordered = False
    offered: set[tuple[int, bool]] = set()
    deadline = time.monotonic() + 75
    while table.host.view["phase"] != "ended":
        assert time.monotonic() < deadline, table.host.view["phase"]
        with_frame(table.host)
        view = table.host.view
        if view["phase"] == "exchange" and not ordered:
            person.wait_version(table.host.version)
            order = {"type": "order", "account": "p1", "stock": 2, "side": "buy"}
            ordered = person.command(order | {"qty": 1, "price": 9})["type"] == "ack"
        session = (view["year"], view["opening"])
        if view["phase"] == "exchange" and not view["paused"] and session not in offered:
            offered.add(session)
            person.wait_version(table.host.version)
            offer_at_fair_value(person)
        call = view.get("on_call") or {}
        if view["phase"] == "board" and view["year"] <= 1 and call.get("firm") == 1:
            person.wait_version(table.host.version)
            if person.view.get("legal_moves") and call["takeover"] == 0:
                move = {"type": "move", "firm": 1, "move": person.view["legal_moves"][0]}
                person.command(move)
    events = table.host.view["events"]
    robots = set(ROBOTS)
    placed = [e for e in events if e["type"] == "order_placed" and e["by"] in robots]
    trades = [e for e in events if e["type"] == "trade"]
    between_robots = [t for t in trades if {t["buyer"], t["seller"]} <= robots]
    called = [e for e in events if e["type"] == "meeting_called" and e["by"] in robots]
    held = {e["firm"] for e in events if e["type"] == "meeting_closed"}
    moved = [e for e in events if e["type"] == "moved"]
    late = [e for e in events if e["type"] == "timed_out" and e["firm"] == 1]
    pairs = [(t["buyer"], t["seller"]) for t in trades]
    summary = (len(placed), len(between_robots), len(called), len(moved), len(late), pairs)
    assert len(placed) >= 20 and between_robots, summary
    assert any(t["seller"] == "p1" and t["buyer"] in robots for t in trades), summary
    assert called and {e["firm"] for e in called} <= held, summary
    assert late, summary  # in the second year the person is late: a robot takes over
    after = robot_counts(api)
    assert after.get("refused", 0) == before.get("refused", 0), after
    assert after.get("ok", 0) - before.get("ok", 0) >= len(placed), after
    assert table.host.view["results"]
    table.close()


def offer_at_fair_value(person: WsSeat) -> None:
    """The person offers two shares of the firm they direct at its fair value (as the
    robots reckon it from the same view), resting in the book until someone buys."""
    seen = person.view
    free = seen["accounts"]["p1"]["holdings"].get("1", 0) - seen["accounts"]["p1"][
        "reserved_shares"
    ].get("1", 0)
    if free >= 2:
        price = max(1, round(fair_value(seen, 1, Memory())))
        order = {"type": "order", "account": "p1", "stock": 1, "side": "sell", "qty": 2}
        assert person.command(order | {"price": price})["type"] == "ack"


def with_frame(seat: WsSeat, timeout: float = 2.0) -> None:
    """Take the next frame, if one comes within ``timeout``."""
    with contextlib.suppress(TimeoutError):
        seat.recv(timeout)


QUESTIONS = [(f"Question {n}?", f"Answer {n}") for n in range(1, 41)]


def quiz_teams(duel: str) -> Json:
    """Four men a side (no kings: every game ends), a bank of forty, fast clocks."""
    squares = {"A": ("a3", "c3", "e3", "g3"), "B": ("b6", "d6", "f6", "h6")}
    return {
        "game": "quiz",
        "seed": 4,
        "ruleset": {"duel": duel, "answer_s": 20, "time_scale": 0.02, "captain_is_king": False},
        "teams": [
            {
                "id": t,
                "name": name,
                "members": [
                    {"id": f"{t.lower()}{i}", "name": f"{name} {i}", "square": sq}
                    for i, sq in enumerate(squares[t], start=1)
                ],
            }
            for t, name in (("A", "Eagles"), ("B", "Owls"))
        ],
        "questions": [
            {"id": f"q{n}", "text": q, "answer": a} for n, (q, a) in enumerate(QUESTIONS, start=1)
        ],
    }


def play_round(table: Table, people: set[str], timeout: float = 40) -> list[Json]:
    """The host asks and judges (a given answer right when it is the bank's); the human
    teams in ``people`` move their first legal move and answer every other question right.
    Returns the answers given."""
    host = table.host
    answers = {q: a for _, (q, a) in enumerate(QUESTIONS)}
    deadline = time.monotonic() + timeout
    while host.view["phase"] != "ended":
        assert time.monotonic() < deadline, host.view
        with_frame(host, 0.5)
        view = host.view
        duel = view["duel"]
        if duel is None and view["phase"] == "move" and view["to_move"] in people:
            seat = table.seats[view["to_move"]]
            seat.wait_version(host.version)
            if seat.view["legal_moves"] and seat.view["duel"] is None:
                seat.command({"type": "move", "move": seat.view["legal_moves"][0]["move"]})
        elif duel is not None and duel["step"] == "ask":
            host.command({"type": "ask"})
        elif duel is not None and duel["step"] == "answer" and not duel["given"]:
            team = duel["answering"]["team"]
            if team in people:
                text = answers[duel["question"]["text"]] if duel["jump"] % 2 else "no idea"
                table.seats[team].command({"type": "answer", "text": text})
        elif duel is not None and duel["given"] and duel["step"] == "judge":
            right = duel["given"]["text"] == duel["question"]["answer"]
            host.command({"type": "judge", "correct": right})
    return [e for e in host.view["events"] if e["type"] == "answer_given"]


@pytest.mark.parametrize("duel", ["attacker", "defender"])
def test_a_robot_team_plays_a_round_against_people(server: Server, api: Api, duel: str) -> None:
    table = Table(api, server.ws_url, "quiz", quiz_teams(duel), ["A"])
    secret = table.game["host_secret"]
    reply = api.http.post(
        f"/api/games/{table.game_id}/robots",
        json={"roles": ["B"], "level": "beginner", "accuracy": 0.5},
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert reply.json()["seated"] == ["B"], reply.text
    table.host.ok({"type": "start"})
    given = play_round(table, {"A"})
    by_robot = [e for e in given if e["team"] == "B"]
    events = table.host.view["events"]
    put_to_robot = [e for e in events if e["type"] == "question_asked" and e["team"] == "B"]
    assert table.host.view["end_reason"], events[-3:]
    assert len(by_robot) == len(put_to_robot)  # every question put to the robot, answered
    if duel == "attacker":  # the robot captures, so it answers
        assert by_robot, [(e["type"], e.get("team")) for e in events]
    right = [e for e in by_robot if e["text"].startswith("Answer ")]
    assert all(e["text"] in {a for _, a in QUESTIONS} for e in right)
    moves = [e for e in events if e["type"] in ("moved", "capture_started")]
    assert any(e["team"] == "B" for e in moves)
    table.close()


def test_two_robot_teams_play_a_round_to_its_end(server: Server, api: Api) -> None:
    table = Table(api, server.ws_url, "quiz", quiz_teams("defender"), [])
    secret = table.game["host_secret"]
    reply = api.http.post(
        f"/api/games/{table.game_id}/robots",
        json={"seats": {"A": {"level": "strong", "accuracy": 1.0}, "B": {"accuracy": 0.0}}},
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert reply.json()["seated"] == ["A", "B"], reply.text
    table.host.ok({"type": "start"})
    given = play_round(table, set())
    assert table.host.view["phase"] == "ended"
    answers = {a for _, a in QUESTIONS}
    # The host judged each answer against the question it saw (ids are the server's own).
    events = table.host.view["events"]
    verdict = {e["question"]: e["correct"] for e in events if e["type"] == "judged"}
    by_team = {
        t: [e["text"] in answers and verdict[e["question"]] for e in given if e["team"] == t]
        for t in ("A", "B")
    }
    assert all(by_team["A"]) and not any(by_team["B"]), by_team
    assert by_team["A"] or by_team["B"]
    table.close()
