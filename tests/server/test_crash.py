"""kill -9 at random points of a scripted game, ≥ 20 times: nothing lost, nothing doubled.

A sender thread places orders over HTTP, each with its own command id, resending
the same id until it gets a definite answer; the main thread SIGKILLs the server
at random moments and restarts it. Afterwards every acknowledged command is in
the store exactly once, the server's state is the fold of the stored events, and
a deadline pending at the last kill fires after the restart. Seeded: the seed is
in the failure message (BOARDROOM_CRASH_SEED replays one).
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections import Counter

import httpx
import pytest
from live_fixtures import db_url
from live_support import Api, Json, Server

from boardroom.games import rules_for
from boardroom.kernel import fold
from boardroom.store import Store

KILLS = int(os.environ.get("BOARDROOM_CRASH_KILLS", "20"))


def crash_setup() -> Json:
    ids = ["p1", "p2", "p3", "p4"]
    return {
        "game": "exchange",
        "seed": 11,
        "ruleset": {
            "years": 1,
            "moves_per_year": 2,
            "move_min_s": 0,
            "session_s": 3600,
            "meeting_call_window_s": 2,
            "opening_session": False,
        },
        "players": [{"id": pid, "name": pid} for pid in ids],
        "directors": {str(f): ids[(f - 1) % 4] for f in range(1, 9)},
    }


class Sender(threading.Thread):
    """Orders, one at a time, each id resent until accepted or refused."""

    def __init__(self, base: str, game_id: str, secrets: dict[str, str], seed: int) -> None:
        super().__init__(daemon=True)
        self.base, self.game_id, self.secrets = base, game_id, secrets
        self.rng = random.Random(seed)
        self.acked: dict[str, Json] = {}
        self.stop = threading.Event()
        self.sent = 0

    def run(self) -> None:
        with httpx.Client(base_url=self.base, timeout=5.0) as http:
            while not self.stop.is_set():
                self.sent += 1
                player = self.rng.choice(sorted(self.secrets))
                command = {"type": "order", "account": player, "stock": self.rng.randint(1, 8)}
                command |= {"side": "buy", "qty": 1, "price": self.rng.randint(1, 5)}
                command["id"] = f"order-{self.sent}"
                self._until_answered(http, player, command)

    def _until_answered(self, http: httpx.Client, player: str, command: Json) -> None:
        while not self.stop.is_set():
            try:
                reply = http.post(
                    f"/api/games/{self.game_id}/commands",
                    json={"command": command},
                    headers={"Authorization": f"Bearer {self.secrets[player]}"},
                )
            except httpx.HTTPError:
                time.sleep(0.02)
                continue
            if reply.status_code == 200:
                self.acked[command["id"]] = reply.json()
                return
            assert reply.status_code < 500 or reply.status_code == 503, reply.text
            if reply.status_code == 409:
                return
            time.sleep(0.02)


def board_moves(api: Api, game_id: str, secrets: dict[str, str], host: str) -> None:
    for _ in range(2):
        view = api.view(game_id, host)["view"]
        firm = view["on_call"]["firm"]
        director = view["firms"][str(firm)]["director"]
        move = api.view(game_id, secrets[director])["view"]["legal_moves"][0]
        reply = api.command(
            game_id, secrets[director], {"type": "move", "firm": firm, "move": move}
        )
        assert reply.status_code == 200, reply.text


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_kill_nine_loses_and_doubles_nothing(
    backend: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    seed = int(os.environ.get("BOARDROOM_CRASH_SEED", random.randrange(10**6)))
    rng = random.Random(seed)
    url = db_url(backend, tmp_path_factory)
    server = Server(url, snapshot_every="25").start()
    try:
        _crash_run(server, url, rng, seed)
    except BaseException as exc:
        raise AssertionError(f"crash test failed with BOARDROOM_CRASH_SEED={seed}: {exc}") from exc
    finally:
        server.kill()


def _crash_run(server: Server, url: str, rng: random.Random, seed: int) -> None:
    api = Api(server.url)
    game = api.create("exchange", crash_setup())
    game_id, host = game["game_id"], game["host_secret"]
    secrets = {p: api.join(game, p, p)["secret"] for p in ("p1", "p2", "p3", "p4")}
    assert api.command(game_id, host, {"type": "start"}).status_code == 200
    board_moves(api, game_id, secrets, host)
    assert api.view(game_id, host)["view"]["phase"] == "exchange"

    sender = Sender(server.url, game_id, secrets, seed)
    sender.start()
    for _ in range(KILLS):
        time.sleep(rng.uniform(0.05, 0.4))
        server.kill()
        server.start()
    time.sleep(0.3)
    sender.stop.set()
    sender.join(timeout=30)
    assert len(sender.acked) >= KILLS, "too few commands got through"

    # A deadline pending at a kill fires after the restart.
    assert api.command(game_id, host, {"type": "end_phase"}).status_code == 200
    assert api.view(game_id, host)["view"]["phase"] == "meeting_calls"
    server.kill()
    server.start()
    deadline = time.monotonic() + 20
    while api.view(game_id, host)["view"]["phase"] != "ended":
        assert time.monotonic() < deadline, "the timer did not resume after the restart"
        time.sleep(0.1)

    _check_store(api, url, game_id, host, sender.acked)


def _unscoped(command_id: str | None) -> str | None:
    """A client's id as it sent it (the store keeps it as ``seat:<seat id>:<id>``)."""
    if command_id is not None and command_id.startswith("seat:"):
        return command_id.split(":", 2)[2]
    return command_id


def _check_store(api: Api, url: str, game_id: str, host: str, acked: dict[str, Json]) -> None:
    store = Store(url)
    try:
        stored = store.events.events_since(game_id, 0)
        applied = {_unscoped(cid): v for cid, v in store.events.applied_ids(game_id).items()}
        record = store.games.game(game_id)
    finally:
        store.close()
    assert record is not None
    assert [e.version for e in stored] == list(range(1, len(stored) + 1))
    placed = Counter(_unscoped(e.command_id) for e in stored if e.body["type"] == "order_placed")
    for command_id, ack in acked.items():
        assert command_id in applied, f"acknowledged {command_id} was lost"
        if not ack["duplicate"]:
            assert applied[command_id] <= ack["version"]
        assert placed[command_id] == 1, f"{command_id} placed {placed[command_id]} times"
    assert all(n == 1 for cid, n in placed.items() if cid and cid.startswith("order-"))
    live = api.view(game_id, host)
    assert live["version"] == len(stored)
    rules = rules_for("exchange")
    rebuilt = rules.view(fold(rules, record.spec, [e.body for e in stored]), "host")
    assert rebuilt == live["view"]
