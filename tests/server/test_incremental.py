"""Incremental view frames: a client that merges them holds exactly what a whole view
shows (over real sockets, and through a whole random game in memory), a resync gets the
whole view, and no frame carries another seat's secrets."""

from __future__ import annotations

import dataclasses
import json
import random

from live_fixtures import api_fixture, server_fixture  # noqa: F401 (fixtures)
from live_games import Table, exchange_setup, play_quiz, quiz_setup
from live_support import Api, Json, Server, WsSeat, merge_view

from boardroom.bots.random_exchange import Runner, demo_spec
from boardroom.games.exchange import RULES
from boardroom.games.kind import GameKind as Kind
from boardroom.games.registry import KINDS
from boardroom.server.frames import Frames
from boardroom.server.framing import encode
from boardroom.server.live import Client, LiveGame, Seat
from boardroom.store import GameRecord

ORDERS: list[tuple[str, Json]] = [
    ("p1", {"account": "p1", "stock": 3, "side": "buy", "qty": 3, "price": 12}),
    ("p1", {"account": "p1", "stock": 3, "side": "sell", "qty": 1, "price": 13}),
    ("p3", {"account": "p3", "stock": 7, "side": "buy", "qty": 1, "price": 11}),
    ("p2", {"account": "p2", "stock": 3, "side": "buy", "qty": 1, "price": 13}),
    ("p2", {"account": "firm:2", "stock": 4, "side": "buy", "qty": 1, "price": 12}),
    ("p4", {"account": "p4", "stock": 1, "side": "buy", "qty": 1, "price": 2}),
    ("p3", {"account": "firm:3", "stock": 8, "side": "buy", "qty": 2, "price": 10}),
    ("p4", {"account": "p4", "stock": 6, "side": "buy", "qty": 2, "price": 3}),
]


def traded_table(server: Server, api: Api) -> Table:
    """An opening session in which players buy from the State and from each other."""
    setup = exchange_setup()
    setup["ruleset"]["opening_session"] = True
    table = Table(api, server.ws_url, "exchange", setup, ["p1", "p2", "p3", "p4"])
    table.host.ok({"type": "start"})
    for role, order in ORDERS:
        table.seats[role].ok({"type": "order", **order})
    table.sync()
    table.settle()
    return table


def secrets_of(table: Table) -> dict[str, str]:
    return {
        "host": table.game["host_secret"],
        "projector": table.projector_secret,
        **{role: joined["secret"] for role, joined in table.joined.items()},
    }


def seats_of(table: Table) -> dict[str, WsSeat]:
    return {"host": table.host, "projector": table.projector, **table.seats}


def starts(seat: WsSeat) -> list[int]:
    """Where the events of each view frame the seat got begin (0: a whole view)."""
    return [f.get("events_from", 0) for f in seat.frames if f["type"] == "view"]


def test_merged_frames_hold_the_events_of_a_whole_view(server: Server, api: Api) -> None:
    table = traded_table(server, api)
    secrets, seats = secrets_of(table), seats_of(table)
    for role, seat in seats.items():
        whole = api.view(table.game_id, secrets[role])
        assert whole["version"] == seat.version
        assert seat.view == whole["view"], role
        fresh = table.connect(secrets[role], role=role)
        assert fresh.version == seat.version and fresh.view == seat.view, role
        assert starts(fresh) == [0]
        fresh.close()
        assert starts(seat)[0] == 0 and max(starts(seat)) > 0, (role, starts(seat))
    # p2 became a shareholder of firms 3 and 4 on the way: its past events may read
    # differently (tallies of their meetings), so it got the whole view again.
    p2 = starts(table.seats["p2"])
    assert 0 in p2[next(i for i, start in enumerate(p2) if start > 0) :], p2
    table.close()


def test_a_judgement_sends_the_revealed_answers_again(server: Server, api: Api) -> None:
    table = Table(api, server.ws_url, "quiz", quiz_setup(), ["A", "B"])
    play_quiz(table, answer="Paris")
    table.sync()
    table.settle()
    secrets = secrets_of(table)
    for role, seat in seats_of(table).items():
        assert seat.view == api.view(table.game_id, secrets[role])["view"], role
    given = [e for e in table.projector.view["events"] if e["type"] == "answer_given"]
    assert given and given[0]["text"] == "Paris"
    hidden = [
        f
        for f in table.projector.frames
        if f["type"] == "view" and '"hidden": true' in json.dumps(f)
    ]
    assert hidden, "before the judgement the projector's answer was hidden"
    table.close()


def test_resync_answers_the_whole_view(server: Server, api: Api) -> None:
    table = traded_table(server, api)
    p1 = table.seats["p1"]
    assert p1.send_raw(json.dumps({"type": "ping"}))["type"] == "pong"
    p1.conn.send(json.dumps({"type": "resync"}))
    frame = p1.recv()
    assert frame["type"] == "view" and frame["events_from"] == 0
    assert frame["version"] == table.host.version
    assert frame["view"] == api.view(table.game_id, table.joined["p1"]["secret"])["view"]
    table.close()


def test_incremental_frames_carry_no_other_seats_orders(server: Server, api: Api) -> None:
    """Canaries: every order's id and account belong to its seat; they appear in no frame
    (whole or incremental) of a seat that does not act for that account."""
    table = traded_table(server, api)
    table.seats["p4"].ok({"type": "cancel", "order": own_orders(table, "p4")[0]})
    table.sync()
    table.settle()
    placed = [e for e in table.host.view["events"] if e["type"] == "order_placed"]
    players = set(table.seats)
    checked = 0
    for role, seat in [("projector", table.projector), *table.seats.items()]:
        mine = set(seat.view.get("accounts", {}))
        canaries = [f'"{e["order"]}"' for e in placed if e["account"] not in mine]
        canaries += [f'"account":"{p}"' for p in players - mine]
        frames = [text for text in seat.raw if text.startswith('{"type":"view"')]
        for text in frames:
            assert not [c for c in canaries if c in text], (role, text[:300])
        checked += sum('"events_from":0' not in text for text in frames)
    assert checked >= 5 * len(ORDERS), checked
    table.close()


def own_orders(table: Table, role: str) -> list[str]:
    seat = table.seats[role]
    seat.wait_version(table.host.version)
    return [o["order"] for o in seat.view["accounts"][role]["orders"]]


# --- in memory: the server's Frames through a whole game -----------------------------


class Screen:
    """A client of the in-memory game: it merges the frames its socket would send."""

    def __init__(self, live: LiveGame, role: str) -> None:
        self.client = Client(Seat(live.game_id, role, role, role), self._send)
        self.view: Json | None = None
        self.have: int | None = None
        self.frames = 0
        self.kept = 0

    async def _send(self, text: str) -> None:  # never awaited: frames are taken directly
        raise AssertionError(text)

    def deliver(self) -> Json:
        """Take the pending view frame as the writer would; merge it; the merged view."""
        frame: Json = json.loads(self.client._take_view())
        self.view, self.have = merge_view(self.view, self.have, frame), frame["version"]
        self.frames += frame["events_from"] > 0
        self.kept += len(frame.get("kept", []))
        return self.view


def mismatches(kind: Kind, seed: int = 13) -> tuple[int, int, int]:
    """Play a random three-year game; after each command broadcast as the hub does and
    deliver to a random half of the seats (the others' frames coalesce). Returns how
    many merged views differed from the whole view, how many incremental frames, and
    how many keys they left as the client held them."""
    runner = Runner(
        demo_spec(directors=6, traders=6, years=3), seed=seed, rules=RULES, late_rate=0.1
    )
    record = GameRecord("g1", "CODE", "exchange", runner.game.spec, 0.0, "")
    live = LiveGame(record, kind, runner.game.journal)
    screens = [Screen(live, r) for r in ["host", "projector", *runner.state.players]]
    rng, wrong, original = random.Random(seed), 0, runner.send

    def send_and_deliver(command: Json, at: float) -> bool:
        nonlocal wrong
        accepted = original(command, at)
        frames = Frames(live)
        frames.prepare([screen.client for screen in screens])  # as Hub.broadcast does
        for screen in screens:
            screen.client.push_view(frames.for_client(screen.client))
            if rng.random() < 0.5:
                role = screen.client.seat.role
                wrong += screen.deliver() != live.view(role)
        return accepted

    runner.send = send_and_deliver  # type: ignore[method-assign]
    assert runner.play().journal.state.phase == "ended"
    return wrong, sum(s.frames for s in screens), sum(s.kept for s in screens)


def test_merged_frames_are_the_whole_view_through_a_whole_game() -> None:
    wrong, incremental, kept = mismatches(KINDS["exchange"])
    assert wrong == 0 and incremental > 1000
    assert kept > 10 * incremental  # most of a view stays as the client has it
    # Without the history key (the seat's accounts and holdings), the events a seat
    # holds go stale when it comes to direct a firm or hold its shares.
    careless = dataclasses.replace(KINDS["exchange"], history_key=lambda view: None)
    assert mismatches(careless)[0] > 0


def test_the_batch_of_views_is_each_seats_own_view() -> None:
    """``Rules.views`` (the server's fan-out) gives each role, byte for byte, its ``view``
    — whole and incremental — through a whole random game."""
    runner = Runner(demo_spec(directors=6, traders=6, years=2), seed=5, rules=RULES, late_rate=0.1)
    roles = ["host", "projector", *runner.state.players]
    original, checked = runner.send, 0

    def send_and_compare(command: Json, at: float) -> bool:
        nonlocal checked
        before = runner.game.journal.version
        accepted = original(command, at)
        state = runner.game.journal.state
        for since in (0, before):
            batch = RULES.views(state, roles, events_since=since)
            single = [RULES.view(state, role, events_since=since) for role in roles]
            assert [encode(v) for v in batch] == [encode(v) for v in single]
            checked += 1
        return accepted

    runner.send = send_and_compare  # type: ignore[method-assign]
    assert runner.play().journal.state.phase == "ended"
    assert checked > 200
