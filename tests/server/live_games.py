"""Short games the server tests play through the WebSocket API."""

from __future__ import annotations

import time
from typing import Any

from live_support import Api, Json, Server, WsSeat

PLAYERS = 4


def exchange_setup(moves: int = 2, players: int = PLAYERS, scale: float = 0.01) -> Json:
    """One year of ``moves`` board moves, no opening session, every clock × ``scale``."""
    ids = [f"p{n}" for n in range(1, players + 1)]
    return {
        "game": "exchange",
        "seed": 3,
        "ruleset": {
            "years": 1,
            "moves_per_year": moves,
            "time_scale": scale,
            "opening_session": False,
        },
        "players": [{"id": pid, "name": f"Player {pid}"} for pid in ids],
        "directors": {str(f): ids[(f - 1) % players] for f in range(1, 9)},
    }


def quiz_setup(answer_s: float | None = None) -> Json:
    """One man a side: A's c3 takes B's d4 — one duel decides the round."""
    return {
        "game": "quiz",
        "seed": 5,
        "ruleset": {"duel": "defender", "answer_s": answer_s},
        "teams": [
            {"id": "A", "name": "Eagles", "score": 5, "members": [_member("a1", "c3")]},
            {"id": "B", "name": "Owls", "score": 3, "members": [_member("b1", "d4")]},
        ],
        "questions": [
            {"id": "q1", "text": "Capital of Italy?", "answer": "Rome"},
            {"id": "q2", "text": "2+2?", "answer": "4"},
        ],
    }


def _member(mid: str, square: str) -> Json:
    return {"id": mid, "name": mid.upper(), "square": square}


class Table:
    """A game and its seats: the host, the projector and one WebSocket per player role."""

    def __init__(
        self,
        api: Api,
        ws_url: str,
        game: str,
        setup: Json,
        roles: list[str],
        elsewhere: dict[str, str] | None = None,
        names: dict[str, str] | None = None,
    ) -> None:
        self.api = api
        self.ws_url = ws_url
        self.elsewhere = elsewhere or {}
        self.game = api.create(game, setup)
        self.game_id: str = self.game["game_id"]
        named = names or {}
        self.joined = {
            role: api.join(self.game, named.get(role, f"name-{role}"), role) for role in roles
        }
        self.host = self.connect(self.game["host_secret"], role="host")
        self.projector_secret: str = api.join(self.game, "wall", "projector")["secret"]
        self.projector = self.connect(self.projector_secret, role="projector")
        self.seats = {r: self.connect(j["secret"], role=r) for r, j in self.joined.items()}

    def connect(self, secret: str, version: int | None = None, role: str = "") -> WsSeat:
        """A WebSocket for a seat (on another server process if ``elsewhere`` says so)."""
        url = self.elsewhere.get(role, self.ws_url)
        seat = WsSeat(url, self.game_id, secret, version)
        seat.wait_version(0)
        return seat

    def everyone(self) -> list[WsSeat]:
        return [self.host, self.projector, *self.seats.values()]

    def sync(self, timeout: float = 10.0) -> Json:
        """The host's WebSocket brought up to the server's current version."""
        current = self.api.view(self.game_id, self.game["host_secret"])["version"]
        return self.host.wait_version(current, timeout)

    def settle(self, timeout: float = 10.0) -> int:
        """Wait until every seat has the host's version (the host waits for quiet first)."""
        version = self.host.version
        for seat in self.everyone():
            seat.wait_version(version, timeout)
        return version

    def close(self) -> None:
        for seat in self.everyone():
            seat.close()


def opening_table(server: Server, api: Api) -> Table:
    """An exchange game in its opening session: every player may buy from the State."""
    setup = exchange_setup()
    setup["ruleset"]["opening_session"] = True
    table = Table(api, server.ws_url, "exchange", setup, ["p1", "p2", "p3", "p4"])
    table.host.ok({"type": "start"})
    table.host.wait_until(lambda v: v["phase"] == "exchange")
    return table


def retry(seat: WsSeat, command: Json, codes: tuple[str, ...] = ("too_early",)) -> Json:
    """Send until accepted, waiting out refusals in ``codes``."""
    deadline = time.monotonic() + 20
    while True:
        reply = seat.command(command)
        if reply["type"] == "ack" or reply.get("code") not in codes:
            return reply
        assert time.monotonic() < deadline, reply
        time.sleep(0.05)


def play_board_move(table: Table) -> Json:
    """The firm on call moves its first legal move, sent by its director's own seat."""
    view = table.host.wait_until(lambda v: v.get("on_call") or v.get("phase") != "board")
    if view["phase"] != "board":
        return {"type": "skipped"}
    firm = view["on_call"]["firm"]
    director = view["firms"][str(firm)]["director"]
    seat = table.seats[director]
    seat.wait_version(table.host.version)
    move = seat.view["legal_moves"][0]
    reply = retry(seat, {"type": "move", "firm": firm, "move": move})
    assert reply["type"] == "ack", reply
    table.host.wait_version(reply["version"])
    return reply


def play_exchange(table: Table, moves: int = 2) -> Json:
    """Start, the board moves, a trade in the session, the host ends it; timers do the rest."""
    table.host.ok({"type": "start"})
    for _ in range(moves):
        play_board_move(table)
    table.host.wait_until(lambda v: v["phase"] == "exchange")
    p1, p2 = table.seats["p1"], table.seats["p2"]
    bought = p1.ok(
        {"type": "order", "account": "p1", "stock": 5, "side": "buy", "qty": 2, "price": 12}
    )
    assert bought["events"] >= 1
    p2.ok({"type": "order", "account": "p2", "stock": 6, "side": "buy", "qty": 1, "price": 10})
    table.host.ok({"type": "end_phase"})
    return table.host.wait_until(lambda v: v["phase"] == "ended", timeout=20)


def play_quiz(table: Table, answer: str = "Paris") -> Json:
    """A captures, the host asks, B answers (wrongly), the host judges: A wins."""
    table.host.ok({"type": "start"})
    table.seats["A"].wait_version(table.host.version)
    table.seats["A"].ok({"type": "move", "move": "c3:e5"})
    table.host.ok({"type": "ask"})
    table.seats["B"].wait_until(lambda v: (v["duel"] or {}).get("step") == "answer")
    table.seats["B"].ok({"type": "answer", "text": answer})
    table.host.ok({"type": "judge", "correct": False})
    return table.host.wait_until(lambda v: v["phase"] == "ended")


def same_everywhere(table: Table) -> dict[str, Any]:
    """Every seat at the final version; the phase agreed."""
    version = table.settle()
    phases = {seat.view["phase"] for seat in table.everyone()}
    assert len(phases) == 1, phases
    return {"version": version, "phase": phases.pop()}
