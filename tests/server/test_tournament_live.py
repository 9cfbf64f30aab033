"""A class tournament over real sockets: pupils join one event by its code with their names,
the teacher starts it, the server opens every board of each round as a Russian draughts
game with the pupils seated (the robot plays the odd pupil), each result goes back into
the event, the next round follows, and the final standings equal a hand computation.

The pupils play on their boards with the one secret they got when joining the event; the
loser resigns, a draw is offered and accepted; a board against the robot (the robot does
move) is settled by the teacher, which also ends its game. The server is restarted in the
middle of the Swiss event: the event and its boards go on from the store.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from live_support import Api, Json, Server, WsSeat

from boardroom.draughts import pdn

NAMES = ("Аня", "Боря", "Вика", "Гоша", "Даша", "Егор", "Женя", "Зоя", "Илья")
WIN, DRAW, LOSS = 2, 1, 0
ROBOT = "robot"

# The hand computation (as in tests/russian/test_tournament.py, where it is written out
# step by step): Monrad pairing by points then seed, the robot to the lowest pupil who has
# not met it, colours by the rules; each board's result is white's half-points.
SWISS = [
    [
        ("p1", "p2", WIN),
        ("p3", "p4", DRAW),
        ("p5", "p6", LOSS),
        ("p7", "p8", WIN),
        ("p9", ROBOT, WIN),
    ],
    [
        ("p6", "p1", WIN),
        ("p9", "p7", DRAW),
        ("p2", "p3", LOSS),
        ("p4", "p5", WIN),
        ("p8", ROBOT, WIN),
    ],
    [
        ("p3", "p6", WIN),
        ("p7", "p4", DRAW),
        ("p1", "p9", LOSS),
        ("p2", "p8", WIN),
        ("p5", ROBOT, WIN),
    ],
]
# Points: Вика ½+1+1, Илья 1+½+1; Гоша ½+1+½, Женя 1+½+½, Егор 1+1+0; the rest 1.
# Buchholz (opponents' points, the robot none), e.g. Вика: Гоша 2 + Боря 1 + Егор 2 = 5;
# Sonneborn–Berger (beaten opponents' points + half the drawn ones'), e.g. Гоша:
# ½·Вика 2½ + Даша 1 + ½·Женя 2 = 3¼; Гоша and Женя tie on all three: the seed decides.
SWISS_TABLE = [
    # place, name, points, Buchholz, Sonneborn–Berger (in points)
    (1, "Вика", 2.5, 5.0, 4.0),
    (2, "Илья", 2.5, 3.0, 2.0),
    (3, "Гоша", 2.0, 5.5, 3.25),
    (4, "Женя", 2.0, 5.5, 3.25),
    (5, "Егор", 2.0, 4.5, 2.0),
    (6, "Аня", 1.0, 5.5, 1.0),
    (7, "Боря", 1.0, 4.5, 1.0),
    (8, "Даша", 1.0, 4.0, 0.0),
    (9, "Зоя", 1.0, 3.0, 0.0),
]

# A round robin of four: FIDE's Berger table (1–4, 2–3; 4–3, 1–2; 2–4, 3–1), white wins.
# Points: 1: beat 4 and 2, lost to 3 = 2; 2: beat 3 and 4 = 2; 3: beat 1 = 1; 4: beat 3 = 1.
# Buchholz: 1: 1+2+1 = 4; 2: 1+2+1 = 4; 3: 2+1+2 = 5; 4: 2+1+2 = 5.
# SB: 1: 1+2 = 3; 2: 1+1 = 2; 3: 2; 4: 1.
BERGER = [
    [("p1", "p4", WIN), ("p2", "p3", WIN)],
    [("p4", "p3", WIN), ("p1", "p2", WIN)],
    [("p2", "p4", WIN), ("p3", "p1", WIN)],
]
BERGER_TABLE = [
    (1, "Аня", 2.0, 4.0, 3.0),
    (2, "Боря", 2.0, 4.0, 2.0),
    (3, "Вика", 1.0, 5.0, 2.0),
    (4, "Гоша", 1.0, 5.0, 1.0),
]


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'event.sqlite3'}", tmp_path / "server.log")
    srv.env["BOARDROOM_ROBOT_POLL_S"] = "0.3"
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


class Class:
    """The teacher and the pupils of one event, each on their own socket."""

    def __init__(
        self, server: Server, setup: Json, pupils: int, names: tuple[str, ...] = NAMES
    ) -> None:
        self.server, self.api = server, Api(server.url)
        self.event = self.api.create("tournament", setup)
        self.secrets: dict[str, str] = {}
        for name in names[:pupils]:
            joined = self.api.join(self.event["code"], name)
            assert joined["game_id"] == self.event["game_id"]
            with self.seat(joined["secret"]) as phone:
                phone.ok({"type": "enter", "name": name})
            self.secrets[joined["role"]] = joined["secret"]

    def seat(self, secret: str, game_id: str | None = None) -> _Closing:
        return _Closing(self.server.ws_url, game_id or self.event["game_id"], secret)

    def host(self) -> _Closing:
        return self.seat(self.event["host_secret"])

    def wait_round(self, number: int) -> Json:
        """The event's view once round ``number``'s boards are open."""
        with self.host() as host:
            return host.wait_until(
                lambda v: (
                    v.get("current") == number
                    and all(b["game_id"] for b in v["rounds"][-1]["boards"])
                ),
                timeout=60,
            )

    def play(self, number: int, boards: list[tuple[str, str, int]]) -> None:
        """Play every board of the round as the table says; check the pairing first."""
        view = self.wait_round(number)
        shown = view["rounds"][number - 1]["boards"]
        assert [(b["white"], b["black"]) for b in shown] == [(w, b) for w, b, _ in boards]
        for board, (white, black, result) in zip(shown, boards, strict=True):
            if ROBOT in (white, black):
                self._against_robot(number, board, result)
            else:
                self._between_pupils(board, result)
        with self.host() as host:
            host.wait_until(
                lambda v: v.get("current", 0) > number or v.get("phase") == "over", timeout=60
            )

    def _between_pupils(self, board: Json, result: int) -> None:
        game = board["game_id"]
        with (
            self.seat(self.secrets[board["white"]], game) as white,
            self.seat(self.secrets[board["black"]], game) as black,
        ):
            white.wait_until(lambda v: "players" in v)
            assert white.view["players"]["white"]["name"] == board["white_name"]
            white.ok({"type": "move", "move": "c3-d4"})
            if result == DRAW:
                black.ok({"type": "offer_draw"})
                white.ok({"type": "accept_draw"})
            else:
                (black if result == WIN else white).ok({"type": "resign"})
            assert (
                white.wait_until(lambda v: v["phase"] == "ended")["result"]
                in {
                    WIN: "2-0",
                    DRAW: "1-1",
                    LOSS: "0-2",
                }[result]
            )

    def _against_robot(self, number: int, board: Json, result: int) -> None:
        pupil = board["white"] if board["white"] != ROBOT else board["black"]
        side = "white" if board["white"] == pupil else "black"
        with self.seat(self.secrets[pupil], board["game_id"]) as phone:
            phone.wait_until(lambda v: "players" in v)
            assert phone.view["players"][side]["robot"] is None
            assert phone.view["players"][_other(side)]["robot"] == "casual"
            if side == "white":
                phone.ok({"type": "move", "move": "c3-d4"})
            phone.wait_until(lambda v: len(v["moves"]) >= (2 if side == "white" else 1), 60)
            with self.host() as host:  # the teacher settles the robot's board
                reply = host.command(
                    {"type": "result", "round": number, "board": board["board"]}
                    | {"result": result}
                )
                assert reply["type"] == "ack", reply
            ended = phone.wait_until(lambda v: v["phase"] == "ended", 30)
            assert ended["end_reason"] == "host"

    def table(self) -> list[tuple[int, str, float, float, float]]:
        with self.host() as host:
            view = host.wait_until(lambda v: v.get("phase") == "over", 60)
        return [
            (s["place"], s["name"], s["points"] / 2, s["buchholz"] / 2, s["sb"] / 4)
            for s in view["standings"]
        ]


def _other(side: str) -> str:
    return "black" if side == "white" else "white"


class _Closing(WsSeat):
    def __enter__(self) -> _Closing:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def test_nine_pupils_three_swiss_rounds_equal_the_hand_computation(server: Server) -> None:
    event = Class(server, {"title": "5 Б", "format": "swiss", "rounds": 3}, 9)
    with event.host() as host:
        joined = [p["name"] for p in host.wait_until(lambda v: "pupils" in v)["pupils"]]
        assert joined == list(NAMES)
        host.ok({"type": "start"})
    event.play(1, SWISS[0])
    event.play(2, SWISS[1])
    server.stop()  # the event and its boards come back from the store
    server.start()
    event.play(3, SWISS[2])
    assert event.table() == SWISS_TABLE
    with event.host() as host:
        rounds = host.wait_until(lambda v: "rounds" in v)["rounds"]
        games = [b["game_id"] for r in rounds for b in r["boards"]]
    assert len(games) == len(set(games)) == 15
    met = [frozenset((w, b)) for games_ in SWISS for w, b, _ in games_]
    assert len(met) == len(set(met))  # no repeat pairing
    auth = {"Authorization": f"Bearer {event.event['host_secret']}", "Accept-Language": "ru"}
    eid = event.event["game_id"]
    played = pdn.read(event.api.http.get(f"/api/web/events/{eid}/games.pdn", headers=auth).text)
    want = {WIN: "2-0", DRAW: "1-1", LOSS: "0-2"}
    assert [(g.headers["Round"], g.headers["Result"]) for g in played] == [
        (f"{r}.{b}", want[result])
        for r, games_ in enumerate(SWISS, start=1)
        for b, (_, _, result) in enumerate(games_, start=1)
    ]
    assert played[0].headers["White"] == "Аня" and played[4].headers["Black"] == "Робот"
    table = event.api.http.get(f"/api/web/games/{eid}/crosstable", headers=auth).text
    assert table.startswith("\ufeffМесто;Имя;1;2;")
    # the 2/1/0 scale, whole numbers: Вика 2½ wins → 5 points, Buchholz 10, SB 16
    assert table.splitlines()[1].startswith("1;Вика;×;") and table.splitlines()[1].endswith(
        ";5;10;16"
    )


def test_a_round_robin_of_four_is_the_berger_table(server: Server) -> None:
    event = Class(server, {"title": "Разминка"}, 4)
    with event.host() as host:
        host.wait_until(lambda v: "pupils" in v)
        host.ok({"type": "start"})
        assert host.view["format"] == "round_robin"
    for number, boards in enumerate(BERGER, start=1):
        event.play(number, boards)
    assert event.table() == BERGER_TABLE


def test_a_pupil_is_refused_in_words_and_the_teacher_alone_starts(server: Server) -> None:
    event = Class(server, {"title": "7 А"}, 1)
    with event.seat(event.secrets["p1"]) as phone:
        refused = phone.command({"type": "start"})
    assert refused["type"] == "error" and refused["code"] == "host_only"
    assert refused["message"] == "Это может сделать только учитель."
    with event.host() as host:
        lonely = host.command({"type": "start"})
        assert lonely["type"] == "error" and lonely["code"] == "too_few_pupils"
        assert host.view["phase"] == "gathering"
