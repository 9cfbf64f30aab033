"""A class event under faults, over real sockets: every board exists once, every result is in
the event once, whatever is killed and when.

- One process, a Swiss of 11 pupils over 3 rounds, SIGKILLed at chosen points: between a board's
  end and its result (round 1: board 4's, with boards 5 and 6 ended meanwhile) and inside the
  opening of a round's boards (round 2: board 3's game stored, not yet seated or started); round
  3 is played through. The server's ``event_hold`` folder holds it at the point named by a file,
  so the kill lands there whatever the machine's speed. After each restart the event goes on; at
  the end the store holds one game per board (the id made from the event, round and board), each
  seated once and started once, one result per board, and the standings equal the hand
  computation below.
- Two processes on one PostgreSQL, pupils' sockets on both: the event's leader is SIGKILLed
  mid-round; every result is carried back once within seconds by the other; the teacher's
  «end the round» gives a board that ended (its result held back) its real result and draws
  only the board still in play.
- After SIGKILL and after SIGTERM of a server, no process it started is alive (read from
  /proc by the mark in their environment: the coach's workers end with their server).
- `start` of a Swiss with too many rounds is refused with its numbers, in real plural forms.

The pupils play by HTTP commands (one socket each, quickly) in the one-process test, on
WebSockets in the two-process one: a win is the loser's resignation, a draw an offer
accepted; the pupil facing the robot resigns.
"""

from __future__ import annotations

import signal
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from live_fixtures import fresh_pg_url
from live_support import Api, Json, Server, WsSeat
from multi_support import Db, wait_for

from boardroom.server.coach import NICE
from boardroom.server.tournaments import board_game_id
from boardroom.store import Store

NAMES = ("Аня", "Боря", "Вика", "Гоша", "Даша", "Егор", "Женя", "Зоя", "Илья", "Катя", "Лёва")
WIN, DRAW, LOSS = 2, 1, 0
ROBOT = "robot"

# The hand computation. Results by board: 1 white wins, 2 a draw, 3 black wins, 4 white
# wins, 5 a draw; board 6 is the robot's, and the pupil (white) resigns to it.
# Round 1 (seeds 1–11, top down; the robot to the lowest, Лёва): 1-2, 3-4, 5-6, 7-8, 9-10.
# After it: Аня, Егор, Женя 1; Вика, Гоша, Илья, Катя ½; Боря, Даша, Зоя, Лёва 0.
# Round 2: the robot to the lowest who has not met it (Зоя); Егор white (Аня had white),
# Женя–Вика both had white: the lower seed takes white in an even round; Гоша–Илья: Гоша had
# black; Катя–Боря, Лёва–Даша: the lower seed.
# Round 3: the robot to Боря; Илья–Катя met in round 1, so Илья plays Аня; Катя–Вика.
SWISS = [
    [
        ("p1", "p2", WIN),
        ("p3", "p4", DRAW),
        ("p5", "p6", LOSS),
        ("p7", "p8", WIN),
        ("p9", "p10", DRAW),
        ("p11", ROBOT, LOSS),
    ],
    [
        ("p6", "p1", WIN),
        ("p7", "p3", DRAW),
        ("p4", "p9", LOSS),
        ("p10", "p2", WIN),
        ("p11", "p5", DRAW),
        ("p8", ROBOT, LOSS),
    ],
    [
        ("p6", "p7", WIN),
        ("p1", "p9", DRAW),
        ("p3", "p10", LOSS),
        ("p5", "p4", WIN),
        ("p8", "p11", DRAW),
        ("p2", ROBOT, LOSS),
    ],
]
# Points: Егор 1+1+1; Катя ½+1+1; Илья ½+1+½; Аня 1+0+½, Даша 0+½+1, Женя 1+½+0; Вика ½+½+0,
# Лёва 0+½+½; Гоша ½+0+0, Зоя 0+0+½; Боря 0.
# Buchholz (the robot adds nothing), e.g. Егор: Даша 1½ + Аня 1½ + Женя 1½ = 4½; Лёва:
# Даша 1½ + Зоя ½ = 2. Sonneborn–Berger, e.g. Илья: ½·Катя 2½ + Гоша ½ + ½·Аня 1½ = 2½.
# Аня, Даша, Женя tie on points; Аня's Buchholz is 5 (Боря 0 + Егор 3 + Илья 2); Даша and
# Женя tie on 4½ and on SB 1 (Даша: ½·Лёва 1 + Гоша ½; Женя: Зоя ½ + ½·Вика 1): the seed.
TABLE = [
    (1, "Егор", 3.0, 4.5, 4.5),
    (2, "Катя", 2.5, 3.0, 2.0),
    (3, "Илья", 2.0, 4.5, 2.5),
    (4, "Аня", 1.5, 5.0, 1.0),
    (5, "Даша", 1.5, 4.5, 1.0),
    (6, "Женя", 1.5, 4.5, 1.0),
    (7, "Вика", 1.0, 4.5, 1.0),
    (8, "Лёва", 1.0, 2.0, 1.0),
    (9, "Гоша", 0.5, 4.5, 0.5),
    (10, "Зоя", 0.5, 2.5, 0.5),
    (11, "Боря", 0.0, 4.0, 0.0),
]


class Hold:
    """The server's ``event_hold`` folder: a step held, reached, let go."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(exist_ok=True)

    def at(self, step: str) -> None:
        (self.folder / f"{step}.hold").touch()

    def reached(self, step: str, timeout: float = 30.0) -> None:
        wait_for(lambda: (self.folder / f"{step}.reached").exists(), f"held at {step}", timeout)

    def go(self, step: str) -> None:
        (self.folder / f"{step}.hold").unlink()


class Pupils:
    """An event's teacher and pupils over HTTP: joined by the code with their names."""

    def __init__(self, api: Api, setup: Json, names: tuple[str, ...]) -> None:
        self.api = api
        self.event = api.create("tournament", setup)
        self.id, self.host = self.event["game_id"], self.event["host_secret"]
        self.secrets: dict[str, str] = {}
        for name in names:
            joined = api.join(self.event["code"], name)
            api.ok(self.id, joined["secret"], {"type": "enter", "name": name})
            self.secrets[joined["role"]] = joined["secret"]

    def view(self) -> Json:
        view: Json = self.api.view(self.id, self.host)["view"]
        return view

    def opened(self, number: int, timeout: float = 60.0) -> list[Json]:
        """Round ``number``'s boards once open, their pairing checked against the table."""
        view = self.api.wait(
            self.id,
            self.host,
            lambda v: (
                v["current"] == number and all(b["game_id"] for b in v["rounds"][-1]["boards"])
            ),
            timeout,
        )
        boards: list[Json] = view["rounds"][number - 1]["boards"]
        want = [(w, b) for w, b, _ in SWISS[number - 1]]
        assert [(b["white"], b["black"]) for b in boards] == want
        return boards

    def play(self, number: int, board: Json) -> None:
        """Board ``board`` of round ``number`` played to the result the table gives it."""
        result = SWISS[number - 1][board["board"] - 1][2]
        gid, white, black = board["game_id"], board["white"], board["black"]
        if black == ROBOT:
            self.api.ok(gid, self.secrets[white], {"type": "resign"})
        elif result == DRAW:
            self.api.ok(gid, self.secrets[white], {"type": "offer_draw"})
            self.api.ok(gid, self.secrets[black], {"type": "accept_draw"})
        else:
            loser = black if result == WIN else white
            self.api.ok(gid, self.secrets[loser], {"type": "resign"})

    def table(self) -> list[tuple[int, str, float, float, float]]:
        view = self.api.wait(self.id, self.host, lambda v: v["phase"] == "over", 60)
        return [
            (s["place"], s["name"], s["points"] / 2, s["buchholz"] / 2, s["sb"] / 4)
            for s in view["standings"]
        ]


@pytest.fixture(name="server")
def server_fixture(tmp_path: Path) -> Iterator[Server]:
    srv = Server(
        f"sqlite:///{tmp_path / 'event.sqlite3'}",
        tmp_path / "server.log",
        robot_poll_s="0.3",
        event_hold=str(tmp_path / "hold"),
        coach_hold=str(tmp_path / "never"),  # the coach's worker waits: no CPU taken
    )
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def stored(url: str, event_id: str) -> tuple[list[Json], dict[str, list[str]]]:
    """The event's stored events, and each board game stored with the sides seated on it."""
    store = Store(url)
    try:
        events = [e.body for e in store.events.events_since(event_id, 0)]
        boards = [r.game_id for r in store.games.games() if r.game == "russian"]
        return events, {b: sorted(s.role for s in store.games.seats(b)) for b in boards}
    finally:
        store.close()


def workers(server: Server, timeout: float = 60.0) -> list[int]:
    """The server's processes once a coach's worker has started (its start lowers its
    priority last, after asking to die with its server): the server's and its workers'."""

    def niced() -> list[int]:
        return [pid for pid in server.processes() if _nice(pid) == NICE]

    wait_for(niced, "a coach worker started", timeout)
    return server.processes()


def _nice(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])
    except (OSError, IndexError, ValueError):
        return None


def ended(server: Server, sig: int) -> float:
    """``sig`` to the server: the seconds until no process it started is alive (read from
    /proc by the mark in their environment: they outlive its pid as parent)."""
    assert len(workers(server)) >= 2
    started = time.monotonic()
    server.kill(sig, reap=False)
    wait_for(lambda: not server.processes(), "every process of the server ended", 10)
    return time.monotonic() - started


def test_eleven_pupils_killed_inside_an_opening_and_before_results_keep_every_board_once(
    server: Server, tmp_path: Path
) -> None:
    hold, api = Hold(tmp_path / "hold"), Api(server.url)
    _refused_with_its_numbers(api, server)
    event = Pupils(api, {"title": "6 В", "format": "swiss", "rounds": 3}, NAMES)
    api.ok(event.id, event.host, {"type": "start"})

    # Round 1: killed between board 4's end and its result; boards 5 and 6 end meanwhile.
    hold.at("carry-1-4")
    hold.at("open-2-3")
    boards = event.opened(1)
    for board in boards[:4]:
        event.play(1, board)
    hold.reached("carry-1-4")
    for board in boards[4:]:
        event.play(1, board)
    print(f"SIGKILL: nothing of the server left after {ended(server, signal.SIGKILL):.2f} s")
    events, _ = stored(server.db_url, event.id)  # the kill hit: board 4 ended, no result
    assert [e["board"] for e in events if e["type"] == "result_recorded"] == [1, 2, 3]
    hold.go("carry-1-4")
    server.start()
    # Round 2: killed while its boards are opened (board 3's game stored, nobody seated).
    hold.reached("open-2-3")
    server.kill()
    events, seated = stored(server.db_url, event.id)
    assert [e["round"] for e in events if e["type"] == "boards_opened"] == [1]
    assert [seated[board_game_id(event.id, 2, n)] for n in (1, 2, 3)] == [
        ["black", "white"],
        ["black", "white"],
        [],
    ]
    hold.go("open-2-3")
    server.start()
    for board in event.opened(2):
        event.play(2, board)
    for board in event.opened(3):
        event.play(3, board)

    assert event.table() == TABLE
    _one_of_each(server.db_url, event.id)
    print(f"SIGTERM: nothing of the server left after {ended(server, signal.SIGTERM):.2f} s")


def _refused_with_its_numbers(api: Api, server: Server) -> None:
    """``start`` of a Swiss of 11 with 7 rounds: refused in words, its numbers kept."""
    event = Pupils(api, {"title": "6 В", "format": "swiss", "rounds": 7}, NAMES)
    for lang, said in (
        ("ru", "С 11 учениками швейцарская система — не больше 6 туров."),
        ("en", "With 11 pupils, a Swiss event has at most 6 rounds."),
    ):
        reply = api.http.post(
            f"/api/games/{event.id}/commands",
            json={"command": {"type": "start"}},
            headers={"Authorization": f"Bearer {event.host}", "Accept-Language": lang},
        )
        error = reply.json()["error"]
        assert reply.status_code == 409 and error["code"] == "too_many_rounds"
        assert error["message"] == said
    assert event.view()["phase"] == "gathering"
    assert "a plural needs a number" not in server.log.read_text()


def _one_of_each(url: str, event_id: str) -> None:
    """The store: a game per board, named by its place, seated and started once; one
    ``boards`` per round and one result per board in the event."""
    store = Store(url)
    try:
        boards = {r.game_id for r in store.games.games() if r.game == "russian"}
        want = {
            board_game_id(event_id, number, board)
            for number, games in enumerate(SWISS, start=1)
            for board in range(1, len(games) + 1)
        }
        assert boards == want
        for game_id in boards:
            assert sorted(s.role for s in store.games.seats(game_id)) == ["black", "white"]
            kinds = Counter(e.body["type"] for e in store.events.events_since(game_id, 0))
            assert kinds["game_started"] == 1 and kinds["game_ended"] == 1, (game_id, kinds)
        events = [e.body for e in store.events.events_since(event_id, 0)]
    finally:
        store.close()
    opened = Counter(e["round"] for e in events if e["type"] == "boards_opened")
    results = Counter((e["round"], e["board"]) for e in events if e["type"] == "result_recorded")
    assert opened == {1: 1, 2: 1, 3: 1}
    assert results == {(r, b): 1 for r in (1, 2, 3) for b in range(1, 7)}
    assert all(e["by"] == "server" for e in events if e["type"] == "result_recorded")


def test_two_processes_the_leader_killed_mid_round_every_result_once(tmp_path: Path) -> None:
    url = fresh_pg_url()
    holds = {name: Hold(tmp_path / f"hold-{name}") for name in ("first", "second")}
    first, second = (
        Server(
            url,
            tmp_path / f"{name}.log",
            lead_retry_s="0.5",
            tick_retry_s="0.5",
            event_hold=str(holds[name].folder),
            coach_hold=str(tmp_path / "never"),
        )
        for name in ("first", "second")
    )
    with ThreadPoolExecutor(2) as starting:
        list(starting.map(Server.start, (first, second)))
    db, seats = Db(url), list[WsSeat]()
    try:
        _leader_killed(first, second, holds, db, seats)
    finally:
        for seat in seats:
            seat.close()
        db.close()
        first.stop()
        second.stop()


def _leader_killed(
    first: Server, second: Server, holds: dict[str, Hold], db: Db, seats: list[WsSeat]
) -> None:
    event = Pupils(Api(first.url), {"title": "8 Г", "format": "swiss", "rounds": 1}, NAMES[:8])
    teacher = WsSeat(second.ws_url, event.id, event.host)  # the console on the other process
    seats.append(teacher)
    event.api.ok(event.id, event.host, {"type": "start"})  # the first process opens the boards
    boards = teacher.wait_until(
        lambda v: v.get("current") == 1 and all(b["game_id"] for b in v["rounds"][0]["boards"]),
        60,
    )["rounds"][0]["boards"]
    where = {1: (first, first), 2: (second, second), 3: (second, second), 4: (first, second)}
    sockets = {}
    for board in boards:
        for side, srv in zip(("white", "black"), where[board["board"]], strict=True):
            secret = event.secrets[board[side]]
            sockets[board["board"], side] = WsSeat(srv.ws_url, board["game_id"], secret)
            seats.append(sockets[board["board"], side])

    def result(board: int, within: float = 10.0) -> float:
        """Seconds until the teacher's console shows the board's result."""
        started = time.monotonic()
        teacher.wait_until(
            lambda v: v["rounds"][0]["boards"][board - 1]["result"] is not None, within
        )
        return time.monotonic() - started

    # Board 1 ends on the leader, which is held before carrying its result: the other
    # process heard the board end and carries it.
    holds["first"].at("carry-1-1")
    sockets[1, "black"].ok({"type": "resign"})
    holds["first"].reached("carry-1-1")
    print(f"board 1 carried by the other process in {result(1):.2f} s")
    killed = time.monotonic()
    first.kill(reap=False)
    wait_for(lambda: not first.processes(), "every process of the killed leader ended", 10)
    # Board 2 ends on the survivor, the leader just dead.
    sockets[2, "white"].ok({"type": "offer_draw"})
    sockets[2, "black"].ok({"type": "accept_draw"})
    print(f"board 2 carried {result(2):.2f} s after its end")
    backend = db.lock_backend(second)
    wait_for(lambda: db.lock_holders(event.id) == [backend], "the survivor leads the event", 20)
    print(f"the survivor leads the event {time.monotonic() - killed:.2f} s after the kill")
    # Board 3 ends, its result held back; the teacher ends the round: board 3 gets its real
    # result, board 4 (still in play) is drawn and its game ended.
    holds["second"].at("carry-1-3")
    sockets[3, "black"].ok({"type": "resign"})
    holds["second"].reached("carry-1-3")
    assert teacher.view["rounds"][0]["boards"][2]["result"] is None
    teacher.ok({"type": "end_round", "round": 1})
    shown = teacher.wait_until(lambda v: v["phase"] == "over", 10)["rounds"][0]["boards"]
    assert [b["result"] for b in shown] == [WIN, DRAW, WIN, DRAW]
    holds["second"].go("carry-1-3")
    ended_by_host = sockets[4, "black"].wait_until(lambda v: v.get("phase") == "ended", 10)
    assert ended_by_host["end_reason"] == "host"
    store = Store(second.db_url)
    try:
        events = [e.body for e in store.events.events_since(event.id, 0)]
    finally:
        store.close()
    recorded = [
        (e["board"], e["result"], e["by"]) for e in events if e["type"] == "result_recorded"
    ]
    want = [(1, WIN, "server"), (2, DRAW, "server"), (3, WIN, "server"), (4, DRAW, "host")]
    assert sorted(recorded) == want  # each once: carried by both processes, kept once
