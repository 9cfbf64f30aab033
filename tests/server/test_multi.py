"""Several ``boardroom serve`` processes on one PostgreSQL, tried as an operator would:
races through both, deadlines fired by the process that does not lead, a cut lock
connection, a killed leader, seats on both processes in one lobby."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator

import pytest
from live_fixtures import fresh_pg_url
from live_games import exchange_setup
from live_support import Api, Json, WsSeat, running
from multi_support import Db, metric, on_version, quick, reply, ticks_go_on, wait_for


@pytest.fixture(name="url")
def url_fixture() -> str:
    """A database of the test's own (the processes sweep every game in theirs)."""
    return fresh_pg_url()


@pytest.fixture(name="db")
def db_fixture(url: str) -> Iterator[Db]:
    db = Db(url)
    yield db
    db.close()


def ticking_setup(moves: int = 60) -> Json:
    """A board year whose calls time out every 1.5 s by themselves (no one moves):
    the game goes on by its timers alone."""
    return exchange_setup(moves=moves, scale=0.005)


def session_setup() -> Json:
    """An opening trading session of ten minutes: orders from everyone, no deadline soon."""
    setup = exchange_setup(scale=1.0)
    setup["ruleset"]["opening_session"] = True
    return setup


def order(who: str, n: int) -> Json:
    return {"type": "order", "account": who, "stock": 1 + n % 8, "side": "buy"} | {
        "qty": 1,
        "price": 1 + n % 5,
        "id": f"{who}-{n}",
    }


def send(seat: WsSeat, command: Json, version: int | None = None) -> None:
    seat.conn.send(json.dumps({"type": "command", "command": command, "version": version}))


def test_a_same_version_race_leaves_every_socket_on_the_winners_version(url: str) -> None:
    with running(url) as first, running(url) as second:
        api = Api(first.url)
        game = api.create("exchange", session_setup())
        gid, host = game["game_id"], game["host_secret"]
        secrets = {r: api.join(game, f"name-{r}", r)["secret"] for r in ("p1", "p2", "p3", "p4")}
        api.ok(gid, host, {"type": "start"})
        here = {"p1": first, "p3": first, "p2": second, "p4": second}
        seats = {r: WsSeat(here[r].ws_url, gid, s) for r, s in secrets.items()}
        seats["host-a"] = WsSeat(first.ws_url, gid, host)
        seats["host-b"] = WsSeat(second.ws_url, gid, host)
        everyone = list(seats.values())
        version = api.view(gid, host)["version"]
        assert not on_version(everyone, version, within=10)
        for n in range(8):
            # The same version through both processes, sent together: one wins.
            send(seats["p1"], order("p1", n), version)
            send(seats["p2"], order("p2", n), version)
            answers = [reply(seats["p1"]), reply(seats["p2"])]
            won = [a for a in answers if a["type"] == "ack"]
            lost = [a for a in answers if a["type"] == "error"]
            assert len(won) == 1 and [a["code"] for a in lost] == ["stale_version"], answers
            version = won[0]["version"]
            late = on_version(everyone, version, within=1.0)
            assert not late, f"round {n}: not on the winner's version {version} in 1 s: {late}"
        for seat in everyone:
            seat.close()


def test_a_deadline_fired_first_by_the_other_process_keeps_the_leaders_timers(
    url: str, db: Db
) -> None:
    with quick(url) as leader, quick(url) as other:
        game = Api(leader.url).create("exchange", ticking_setup())
        gid, host = game["game_id"], game["host_secret"]
        Api(leader.url).ok(gid, host, {"type": "start"})
        watcher = WsSeat(other.ws_url, gid, host)  # the other process loads the game
        assert leader.proc is not None
        fired_here = 0
        for attempt in range(3):
            # Just after a tick of the leader, stop it until its next deadline has passed;
            # then a command through the other process fires that deadline first.
            start = watcher.version
            watcher.wait_version(start + 1, timeout=30)
            leader.proc.send_signal(signal.SIGSTOP)
            try:
                time.sleep(2.5)
                extend = {"type": "extend", "seconds": 1, "id": f"extend-{attempt}"}
                answer = Api(other.url).ok(gid, host, extend)
            finally:
                leader.proc.send_signal(signal.SIGCONT)
            # The timeout, then the extension (unless a very late leader fired it first).
            fired_here += answer["events"] >= 2
            ticks_go_on(db, gid)
            if fired_here >= 2:
                break
        assert fired_here >= 1, "the other process never fired a deadline first"
        assert metric(leader, "boardroom_games_led") == 1
        assert metric(other, "boardroom_games_led") == 0
        watcher.close()


def test_a_cut_lock_connection_is_made_again_and_leadership_stays_whole(url: str, db: Db) -> None:
    with quick(url) as first, quick(url) as second:
        mine = Api(first.url).create("exchange", ticking_setup())
        theirs = Api(second.url).create("exchange", ticking_setup())
        for made, server in ((mine, first), (theirs, second)):
            Api(server.url).ok(made["game_id"], made["host_secret"], {"type": "start"})
        [cut] = db.lock_holders(mine["game_id"])  # the first process's lock connection
        assert db.lock_backend(first) == cut
        db.terminate(cut)
        # At once, before the process has noticed: a new game is created (no 500).
        fresh = Api(first.url).create("exchange", ticking_setup())
        Api(first.url).ok(fresh["game_id"], fresh["host_secret"], {"type": "start"})
        games = [g["game_id"] for g in (mine, theirs, fresh)]

        def whole() -> bool:
            # Each game led by exactly one lock connection, each process counting only
            # the games it can prove it leads; the cut process is back and ready.
            again = db.lock_backend(first)
            holders = [db.lock_holders(g) for g in games]
            led = metric(first, "boardroom_games_led") + metric(second, "boardroom_games_led")
            ready = Api(first.url).http.get("/ready").status_code == 200
            return (
                again not in (None, cut)
                and all(len(h) == 1 for h in holders)
                and (led == len(games) and ready)
            )

        wait_for(whole, "leadership made whole again", timeout=30)
        for game_id in games:
            ticks_go_on(db, game_id, count=2)
        # Then the other process dies: the one whose lock connection was cut takes
        # every game over, the one it never loaded too.
        second.kill()
        wait_for(
            lambda: metric(first, "boardroom_games_led") == len(games),
            "the survivor leading every game",
            timeout=30,
        )
        for game_id in games:
            ticks_go_on(db, game_id, count=2)
    log = first.log.read_text()
    assert "Task exception was never retrieved" not in log
    assert '"internal"' not in log and "unhandled error" not in log


def test_a_game_the_survivor_never_loaded_gets_its_timers_after_its_creator_dies(
    url: str, db: Db
) -> None:
    with quick(url) as survivor, quick(url) as creator:
        game = Api(creator.url).create("exchange", ticking_setup())
        gid = game["game_id"]
        Api(creator.url).ok(gid, game["host_secret"], {"type": "start"})
        ticks_go_on(db, gid, count=1)
        loaded = metric(survivor, "boardroom_games_loaded")
        creator.kill()
        ticks_go_on(db, gid, count=3)
        assert metric(survivor, "boardroom_games_led") == loaded + 1
        # Nobody asked the survivor for this game: its sweep found it by its deadline.
        assert len(db.lock_holders(gid)) == 1


def test_the_lobby_shows_every_connected_seat_whichever_process_it_is_on(url: str) -> None:
    with running(url, presence_ttl_s="3") as first, running(url, presence_ttl_s="3") as second:
        api = Api(first.url)
        game = api.create("exchange", session_setup())
        gid, host = game["game_id"], game["host_secret"]
        joined = {r: api.join(game, f"Игрок {r}", r) for r in ("p1", "p2", "p3")}
        wall = api.join(game, "wall", "projector")
        host_a = WsSeat(first.ws_url, gid, host)
        sockets = {
            "p1": WsSeat(first.ws_url, gid, joined["p1"]["secret"]),
            "p2": WsSeat(second.ws_url, gid, joined["p2"]["secret"]),
            "wall": WsSeat(second.ws_url, gid, wall["secret"]),
        }
        seat_of = {r: j["seat"] for r, j in joined.items()} | {"wall": wall["seat"]}

        def connected(lobby: Json) -> set[str]:
            on = {s["seat"] for s in lobby["seats"] if s["connected"]}
            return {name for name, seat in seat_of.items() if seat in on}

        def lobby_frame(test: set[str]) -> bool:
            frames = [f for f in host_a.frames if f.get("type") == "lobby"]
            return bool(frames) and connected(frames[-1]) == test

        for api_of in (Api(first.url), Api(second.url)):

            def whole(a: Api = api_of) -> bool:
                return connected(a.lobby(game)) == {"p1", "p2", "wall"}

            wait_for(whole, "every seat connected in the lobby", timeout=15)

        def frame_shows(test: set[str]) -> None:
            deadline = time.monotonic() + 15
            while not lobby_frame(test):
                host_a.recv(max(0.01, deadline - time.monotonic()))

        frame_shows({"p1", "p2", "wall"})
        sockets["p2"].close()
        frame_shows({"p1", "wall"})  # left on the other process: the host here hears it
        p3 = WsSeat(second.ws_url, gid, joined["p3"]["secret"])
        frame_shows({"p1", "p3", "wall"})
        second.kill()  # its sockets die with it; its note of them expires
        frame_shows({"p1"})
        assert connected(api.lobby(game)) == {"p1"}
        for seat in (host_a, sockets["p1"], p3):
            seat.close()
