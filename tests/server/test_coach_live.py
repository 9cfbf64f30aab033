"""The coach on a real server: a Russian draughts game played to its end over sockets is
reviewed in a worker process (pending, then the analysis in the reader's language); while
a 40-move game's review is still running, another game's commands are acknowledged; a
reader without a seat is refused as every per-game route refuses.

The server's ``coach_hold`` file holds the worker until the test creates it, so "still
running" is a fact of the test, not a matter of the machine's speed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_support import Api, Json, Server, WsSeat, running

from boardroom.bots.board import BoardRobot
from boardroom.draughts import Board

SETUP: Json = {
    "game": "russian",
    "white": {"name": "Аня"},
    "black": {"name": "Борис"},
    "ruleset": {"minutes": None},
}


@pytest.fixture(scope="module", name="hold")
def hold_fixture(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hold") / "go"


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory: pytest.TempPathFactory, hold: Path) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("db") / "coach.sqlite3"
    with running(f"sqlite:///{path}", coach_hold=str(hold)) as srv:
        yield srv


def forty_moves() -> list[str]:
    """A 40-move game of two club robots (as benchmarks/coach.py plays it)."""
    board = Board()
    white, black = BoardRobot("club", seed=0), BoardRobot("club", seed=100)
    while len(board.move_stack) < 80 and board.outcome() is None:
        robot = white if board.turn == "white" else black
        board.push(robot.choose(board, budget_nodes=1_500))
    return [str(move) for move in board.move_stack]


class Game:
    """A started game with both sides' sockets."""

    def __init__(self, server: Server, api: Api) -> None:
        self.game = api.create("russian", SETUP)
        self.gid = self.game["game_id"]
        self.secrets = {
            side: api.join(self.game, name, side)["secret"]
            for side, name in (("white", "Аня"), ("black", "Борис"))
        }
        api.ok(self.gid, self.game["host_secret"], {"type": "start"})
        self.seats = {
            side: WsSeat(server.ws_url, self.gid, secret) for side, secret in self.secrets.items()
        }
        self.plies = 0

    def move(self, move: str) -> Json:
        side = ("white", "black")[self.plies % 2]
        self.plies += 1
        return self.seats[side].ok({"type": "move", "move": move})

    def close(self) -> None:
        for seat in self.seats.values():
            seat.close()


def coach(api: Api, gid: str, secret: str | None, lang: str = "ru") -> tuple[int, Json]:
    headers = {"Accept-Language": lang} | ({"X-Seat-Secret": secret} if secret else {})
    reply = api.http.get(f"/api/games/{gid}/coach", headers=headers)
    body: Json = reply.json()
    return reply.status_code, body


def ready(api: Api, gid: str, secret: str, lang: str = "ru", timeout: float = 300.0) -> Json:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, body = coach(api, gid, secret, lang)
        assert status == 200, body
        if body["status"] == "ready":
            return body
        time.sleep(0.2)
    raise AssertionError("the coach never finished")


def test_a_forty_move_review_runs_while_another_game_is_answered(
    server: Server, hold: Path
) -> None:
    api = Api(server.url)
    moves = forty_moves()
    reviewed, other = Game(server, api), Game(server, api)
    try:
        status, body = coach(api, reviewed.gid, reviewed.secrets["white"])
        assert status == 409 and body["error"]["code"] == "coach_not_over"
        assert body["error"]["message"] == "Разбор будет, когда партия закончится."
        for move in moves:
            reviewed.move(move)
        reviewed.seats[("white", "black")[reviewed.plies % 2]].ok({"type": "resign"})
        assert coach(api, reviewed.gid, reviewed.secrets["black"]) == (200, {"status": "pending"})
        # The review is held running: the other game's moves are still answered.
        for move in ("c3-d4", "f6-g5", "g3-h4"):
            assert other.move(move)["type"] == "ack"
        assert coach(api, reviewed.gid, reviewed.secrets["white"]) == (200, {"status": "pending"})
        hold.touch()
        review = ready(api, reviewed.gid, reviewed.secrets["white"])
        english = ready(api, reviewed.gid, reviewed.game["host_secret"], "en")
    finally:
        hold.touch()
        reviewed.close()
        other.close()
    assert review["moves"] == moves and len(review["notes"]) == len(moves)
    assert len(review["graph"]) == len(moves) + 1
    assert [n["move"] for n in review["notes"]] == moves
    labelled = [n for n in review["notes"] if n["label"]]
    assert labelled, "two club robots make some mistakes in 40 moves"
    words = {"inaccuracy": "неточность", "mistake": "ошибка", "blunder": "грубая ошибка"}
    for note in labelled:
        assert note["label_text"] == words[note["label"]]
        assert note["sentence"] and note["sentence"].startswith(("Здесь", "Лучше было"))
    assert [n["label"] for n in english["notes"]] == [n["label"] for n in review["notes"]]
    assert all(
        n["sentence"].startswith(("Here", "Better was")) for n in english["notes"] if n["label"]
    )


def test_a_missed_capture_is_named_in_the_readers_words(server: Server, hold: Path) -> None:
    hold.touch()
    api = Api(server.url)
    setup = {**SETUP, "fen": "W:Wc3,h2,a1,e1:Bd4,f6,g3,b8,h8,d8"}
    game = api.create("russian", setup)
    gid = game["game_id"]
    white = api.join(game, "Аня", "white")["secret"]
    api.join(game, "Борис", "black")
    api.ok(gid, game["host_secret"], {"type": "start"})
    api.ok(gid, white, {"type": "move", "move": "h2:f4"})
    api.ok(gid, white, {"type": "resign"})
    review = ready(api, gid, white)
    note = review["notes"][0]
    assert (note["label"], note["better"]) == ("mistake", "c3:e5:g7")
    assert note["sentence"] == "Здесь можно было взять две шашки: c3:e5:g7."
    assert review["first_hint"] == 0
    headers = {"X-Seat-Secret": white, "Accept-Language": "ru"}
    report = api.http.get(f"/api/web/games/{gid}/report", headers=headers).json()
    assert report["columns"][-1] == "ошибки и грубые ошибки (разбор)"
    by_name = {row[1]: row[-1] for row in report["rows"]}
    assert by_name == {"Аня": "1", "Борис": "0"}


def test_a_reader_without_a_seat_is_refused(server: Server) -> None:
    api = Api(server.url)
    first, second = Game(server, api), Game(server, api)
    try:
        first.seats["white"].ok({"type": "resign"})
        stranger = Api(server.url)  # no seat cookie of its own
        status, body = coach(stranger, first.gid, None, "en")
        assert status == 401 and body["error"]["code"] == "unknown_seat"
        status, body = coach(stranger, first.gid, second.secrets["white"], "en")
        assert status == 401 and body["error"]["code"] == "unknown_seat"
        assert (
            body["error"]["message"]
            == "No seat has this secret in this game; open the invitation link again."
        )
        status, body = coach(stranger, "nosuchgame", first.secrets["white"], "en")
        assert status == 404
    finally:
        first.close()
        second.close()
