"""Issue 45, a class's term over real sockets: one saved class of 12 pupils, a class event
(Swiss, two rounds, every board between pupils: rated, reviewed by the coach) and an
exchange game of four of them (one typed her name differently), made lessons of the class.

The class page's rows equal a hand count (lessons, places, the event's points, the coach's
mistakes game by game); the ratings equal the ``glicko2`` library's on the same results;
a pupil's seat reads only their own row, and every other seat's answer (and a pupil's whose
results did not change) is the same bytes whatever the other pupils' results; a merge of a
pupil into themselves is refused in both languages, nothing changed; the merge of two
spellings moves the lesson. Then in Chromium: the class page at 1280×800 and a pupil's own
line on a 390×844 phone (screenshots ``docs/screenshots/term-*.png``).
"""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import glicko2
import httpx
import pytest
from live_games import Table, exchange_setup, play_exchange
from live_support import Api, Json, Server, WsSeat, running
from openpyxl import load_workbook
from playwright.sync_api import Browser, expect
from test_tournament_live import DRAW, LOSS, WIN, Class

from boardroom.bots.board import BoardRobot
from boardroom.draughts import Board
from boardroom.web.coach import mistakes_by_side

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from web_support import new_page, new_phone, shot

NAMES = (
    "Аня",
    "Боря",
    "Вика",
    "Гоша",
    "Даша",
    "Егор",
    "Женя",
    "Зоя",
    "Илья",
    "Катя",
    "Лёня",
    "Маша",
)
EXCHANGE = {"p1": "Вика", "p2": "Гоша", "p3": "даша", "p4": "Маша К."}
"""The exchange's players as they joined: «даша» is Даша (case aside), «Маша К.» is not
Маша until the teacher merges the two spellings."""


@dataclass
class Term:
    api: Api
    key: str
    class_id: str
    event: Class
    played: list[tuple[str, str, int, str]] = field(default_factory=list)
    """The event's games as played: white's name, black's name, white's half-points, its id."""
    russian: tuple[str, str, int, str, str] = ("", "", 0, "", "")
    """The Russian draughts lesson: the same, and white's secret."""
    places: dict[str, int] = field(default_factory=dict)
    exchange: Json = field(default_factory=dict)
    exchange_secrets: dict[str, str] = field(default_factory=dict)
    wall_before: bytes = b""
    anya_before: bytes = b""
    before_merge: Json = field(default_factory=dict)

    def get(self, path: str, lang: str = "en") -> httpx.Response:
        return self.api.http.get(path, headers=by(self.key, lang))

    def term(self) -> Json:
        reply = self.get(f"/api/web/classes/{self.class_id}/term")
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()
        return body

    def progress(self, game_id: str, secret: str) -> bytes:
        reply = self.api.http.get(
            f"/api/web/games/{game_id}/progress", headers={"Authorization": f"Bearer {secret}"}
        )
        assert reply.status_code == 200, reply.text
        return reply.content


def by(key: str, lang: str = "en") -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Accept-Language": lang}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("term") / "term.sqlite3"
    with running(f"sqlite:///{path}", path.with_suffix(".log"), robot_poll_s="0.3") as srv:
        yield srv


@pytest.fixture(scope="module")
def term(server: Server) -> Term:
    api = Api(server.url)
    key = api.http.post("/api/web/host-key").json()["key"]
    saved = api.http.post(
        "/api/web/classes", json={"name": "5 Б", "names": list(NAMES)}, headers=by(key)
    )
    made = Term(
        api,
        key,
        saved.json()["id"],
        Class(server, {"title": "5 Б", "format": "swiss", "rounds": 2}, 12, NAMES),
    )
    event = made.event.event
    link(made, event)
    wall = api.join(event["code"], "стена", "projector")["secret"]
    with made.event.host() as host:
        names = {p["id"]: p["name"] for p in host.wait_until(lambda v: "pupils" in v)["pupils"]}
        host.ok({"type": "start"})
    for number in (1, 2):
        if number == 2:
            made.wall_before = made.progress(event["game_id"], wall)
        shown = made.event.wait_round(number)["rounds"][number - 1]["boards"]
        boards = [
            (b["white"], b["black"], (WIN, DRAW, LOSS)[(number + i) % 3])
            for i, b in enumerate(shown)
        ]
        made.event.play(number, boards)
        made.played += [
            (names[w], names[b], r, s["game_id"])
            for (w, b, r), s in zip(boards, shown, strict=True)
        ]
    made.places = {s["name"]: s["place"] for s in made.event.wait_round(2)["standings"]}
    made.russian = russian_lesson(made, server)
    wait_reviews(made)
    made.anya_before = made.progress(event["game_id"], made.event.secrets["p1"])
    setup = exchange_setup(players=4)
    setup["players"] = [{"id": r, "name": n} for r, n in EXCHANGE.items()]
    table = Table(api, server.ws_url, "exchange", setup, list(EXCHANGE), names=EXCHANGE)
    made.exchange = table.game
    made.exchange_secrets = {r: j["secret"] for r, j in table.joined.items()}
    link(made, table.game)
    play_exchange(table)
    table.close()
    made.before_merge = made.term()
    return made


def russian_lesson(term: Term, server: Server) -> tuple[str, str, int, str, str]:
    """A Russian draughts lesson, Аня (a club robot's moves) against Боря (a beginner's), 24
    plies, then Боря resigns: rated, and the coach finds Боря's mistakes."""
    game = term.api.create(
        "russian",
        {
            "game": "russian",
            "white": {"name": "Аня"},
            "black": {"name": "Боря"},
            "ruleset": {"minutes": None},
        },
    )
    link(term, game)
    secrets = {
        side: term.api.join(game, name, side)["secret"]
        for side, name in (("white", "Аня"), ("black", "Боря"))
    }
    term.api.ok(game["game_id"], game["host_secret"], {"type": "start"})
    seats = {side: WsSeat(server.ws_url, game["game_id"], s) for side, s in secrets.items()}
    board = Board()
    robots = {"white": BoardRobot("club", seed=2), "black": BoardRobot("beginner", seed=3)}
    while len(board.move_stack) < 24 and board.outcome() is None:
        move = robots[board.turn].choose(board, budget_nodes=1_500)
        seats[board.turn].ok({"type": "move", "move": str(move)})
        board.push(move)
    seats["black"].ok({"type": "resign"})
    for seat in seats.values():
        seat.close()
    return "Аня", "Боря", WIN, str(game["game_id"]), secrets["white"]


def link(term: Term, game: Json) -> None:
    reply = term.api.http.post(
        f"/api/web/classes/{term.class_id}/games",
        json={"game": game["game_id"], "secret": game["host_secret"]},
        headers=by(term.key),
    )
    assert reply.status_code == 200, reply.text


def wait_reviews(term: Term) -> None:
    """Until the class page counts the coach's review of every rated game."""
    deadline = time.monotonic() + 60
    while sum(len(r["mistakes"]) for r in term.term()["rows"]) < 2 * len(rated(term)):
        assert time.monotonic() < deadline
        time.sleep(0.2)


def rated(term: Term) -> list[tuple[str, str, int, str, str]]:
    """Every rated game in the order played (the event's, then the Russian draughts lesson),
    with a secret of a seat that may read its review."""
    event = [(w, b, r, g, secret_of(term, w)) for w, b, r, g in term.played]
    return [*event, term.russian]


def row_of(body: Json, name: str) -> Json:
    return next(r for r in body["rows"] if r["name"] == name)


def merged(term: Term) -> Json:
    """The term once «Маша К.» is merged into Маша (merged by the first test that asks)."""
    body = term.term()
    ids = {p["name"]: p["id"] for p in body["pupils"]}
    if "Маша К." in ids:
        reply = term.api.http.post(
            f"/api/web/classes/{term.class_id}/merge",
            json={"from": ids["Маша К."], "into": ids["Маша"]},
            headers=by(term.key),
        )
        assert reply.status_code == 200, reply.text
        body = term.term()
    return body


def test_the_class_page_rows_equal_a_hand_count(term: Term) -> None:
    before = term.before_merge
    # before the merge «Маша К.» is a pupil of her own, the 13th, with the one lesson she sat
    assert [p["name"] for p in before["pupils"]] == [*NAMES, "Маша К."]
    assert (row_of(before, "Маша")["lessons"], row_of(before, "Маша К.")["lessons"]) == (1, 1)
    body = merged(term)
    assert [r["name"] for r in body["rows"]] == list(NAMES) and body["lessons"] == 3
    assert body["pupils"][-1]["spellings"] == ["Маша К."]
    report = term.api.http.get(
        f"/api/web/games/{term.exchange['game_id']}/report",
        headers={"Authorization": f"Bearer {term.exchange['host_secret']}"},
    ).json()
    exchange_place = {cells[1]: int(cells[0]) for cells in report["rows"]}
    points = dict.fromkeys(NAMES, 0)
    mistakes: dict[str, list[int]] = {n: [] for n in NAMES}
    for white, black, result, _ in term.played:
        points[white] += result
        points[black] += 2 - result
    for white, black, _, game_id, secret in rated(term):
        review = term.api.http.get(
            f"/api/games/{game_id}/coach", headers={"Authorization": f"Bearer {secret}"}
        ).json()
        assert review["status"] == "ready"
        counted = mistakes_by_side(review)
        mistakes[white].append(counted["white"])
        mistakes[black].append(counted["black"])
    in_exchange = {
        "Вика": exchange_place["Вика"],
        "Гоша": exchange_place["Гоша"],
        "Даша": exchange_place["даша"],
        "Маша": exchange_place["Маша К."],
    }
    in_russian = {"Аня": (1, 2), "Боря": (2, 2)}  # Боря resigned
    for name in NAMES:
        row = row_of(body, name)
        games = {"tournament": [(term.places[name], 12)]}
        if name in in_russian:
            games["russian"] = [in_russian[name]]
        if name in in_exchange:
            games["exchange"] = [(in_exchange[name], 4)]
        assert row["lessons"] == 1 + (name in in_exchange) + (name in in_russian), name
        assert {k: [(g["place"], g["of"]) for g in v] for k, v in row["games"].items()} == games
        assert row["event_points"] == points[name], name
        assert [m["mistakes"] for m in row["mistakes"]] == mistakes[name], name
        assert row["rating"]["games"] == 2 + (name in in_russian), name
        assert row["puzzles_solved"] == 0
    assert row_of(body, "Боря")["mistakes"][-1]["mistakes"] > 0  # the beginner's


def secret_of(term: Term, name: str) -> str:
    role = f"p{NAMES.index(name) + 1}"
    return term.event.secrets[role]


def test_the_ratings_equal_the_librarys_on_the_same_results(term: Term) -> None:
    players = {name: glicko2.Player() for name in NAMES}
    for white, black, result, _, _ in rated(term):  # round by round, board by board
        w, b = players[white], players[black]
        wr, wd, br, bd = w.rating, w.rd, b.rating, b.rd
        w.update_player([br], [bd], [result / 2])
        b.update_player([wr], [wd], [1 - result / 2])
    body = term.term()
    for name in NAMES:
        rating = row_of(body, name)["rating"]
        assert rating["rating"] == round(players[name].rating, 1), name
        assert rating["rd"] == round(players[name].rd, 1), name
    beaten_twice = [
        n
        for n in NAMES
        if sum((w == n and r == LOSS) or (b == n and r == WIN) for w, b, r, _ in term.played) == 2
    ]
    assert all(row_of(body, n)["rating"]["rating"] < 1500 for n in beaten_twice)


def test_a_pupils_secret_reads_only_their_own_row(term: Term) -> None:
    body = merged(term)
    event = term.event.event["game_id"]
    for role, secret in term.event.secrets.items():
        own = term.progress(event, secret)
        name = NAMES[int(role[1:]) - 1]
        assert httpx.Response(200, content=own).json()["row"] == row_of(body, name)
        assert [n for n in NAMES if n.encode() in own] == [name]  # nobody else's name
    # on a board of the event, the same pupil's secret reads the same row
    white, _, _, board = term.played[0]
    on_board = term.progress(board, secret_of(term, white))
    assert httpx.Response(200, content=on_board).json()["row"] == row_of(body, white)
    # the exchange's seat of «Маша К.» is Маша's now
    masha = term.progress(term.exchange["game_id"], term.exchange_secrets["p4"])
    assert httpx.Response(200, content=masha).json()["row"] == row_of(body, "Маша")
    # Аня played no exchange: her answer is the bytes it was before the exchange was played
    assert term.progress(event, term.event.secrets["p1"]) == term.anya_before
    # every other seat: the same bytes before round 2 and after the whole term
    wall = term.api.join(term.event.event["code"], "стена 2", "projector")["secret"]
    assert term.progress(event, wall) == term.wall_before == b'{"row":null}'
    assert term.progress(event, term.event.event["host_secret"]) == term.wall_before
    assert term.progress(term.exchange["game_id"], term.exchange["host_secret"]) == (
        term.wall_before
    )


def test_a_merge_into_themselves_is_refused_and_nothing_changes(term: Term) -> None:
    body = merged(term)
    path = f"/api/web/classes/{term.class_id}"
    anya = body["pupils"][0]["id"]
    for lang, sentence in (
        ("ru", "Ученика нельзя объединить с ним самим."),
        ("en", "A pupil cannot be merged into themselves."),
    ):
        reply = term.api.http.post(
            f"{path}/merge", json={"from": anya, "into": anya}, headers=by(term.key, lang)
        )
        assert reply.status_code == 409
        assert (reply.json()["error"]["code"], reply.json()["error"]["message"]) == (
            "same_pupil",
            sentence,
        )
    masha, masha_k = body["pupils"][-1]["id"], "u-nobody"
    back = term.api.http.post(
        f"{path}/merge", json={"from": masha, "into": masha_k}, headers=by(term.key)
    )
    assert back.status_code == 404 and back.json()["error"]["code"] == "no_pupil"
    assert term.term() == body
    other = term.api.http.post("/api/web/host-key").json()["key"]
    assert (
        term.api.http.get(f"{path}/term", headers=by(other)).json()["error"]["code"] == "no_class"
    )


def test_the_term_downloads_as_xlsx_a_sheet_a_view(term: Term) -> None:
    body = merged(term)
    reply = term.get(f"/api/web/classes/{term.class_id}/term.xlsx", "ru")
    assert reply.status_code == 200, reply.text
    book = load_workbook(io.BytesIO(reply.content))
    assert book.sheetnames == ["Класс", "Игры учеников", "Рейтинг", "Ошибки по партиям"]
    rows = list(book["Класс"].iter_rows(values_only=True))
    assert rows[0][:4] == ("имя", "уроков", "очки турниров", "рейтинг")
    assert [(r[0], r[1], r[2], r[3]) for r in rows[1:]] == [
        (r["name"], r["lessons"], r["event_points"], r["rating"]["rating"]) for r in body["rows"]
    ]
    assert len(list(book["Рейтинг"].iter_rows())) == 1 + 2 * len(rated(term))


def test_the_class_page_and_a_pupils_own_line_in_chromium(
    term: Term, server: Server, browser: Browser
) -> None:
    body = merged(term)
    context, page = new_page(browser, locale="ru-RU", viewport={"width": 1280, "height": 800})
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('br:host-key', {term.key!r})")
    page.goto(f"{server.url}/class/{term.class_id}")
    table = page.locator("table.term-table")
    expect(table.locator("tbody tr")).to_have_count(12)
    page.click("button[data-sort=rating]")  # highest first
    top = max(r["rating"]["rating"] for r in body["rows"])
    best = sorted(r["name"] for r in body["rows"] if r["rating"]["rating"] == top)[0]
    expect(table.locator("tbody tr").first.locator("th")).to_have_text(best)
    shot(page, "term-class-1280x800")
    page.locator("tbody tr th a", has_text="Маша").first.click()
    expect(page.locator("[data-panel=progress]")).to_contain_text("Маша")
    assert page.locator("a[href^='/coach/']").count() == 2
    shot(page, "term-pupil-page-1280x800")
    assert not page.errors  # type: ignore[attr-defined]
    context.close()
    phone = new_phone(browser)
    secret = term.exchange_secrets["p1"]
    phone.goto(f"{server.url}/results/{term.exchange['game_id']}#secret={secret}")
    card = phone.locator("[data-panel=progress]")
    expect(card).to_contain_text("Вика: мои успехи")
    for other in set(NAMES) - {"Вика", "Гоша", "Даша", "Маша"}:
        assert other not in card.inner_text()
    card.scroll_into_view_if_needed()
    shot(phone, "term-pupil-390x844")
    assert not phone.errors  # type: ignore[attr-defined]


def test_the_game_a_lesson_goes_on_in_is_a_lesson_too(term: Term) -> None:
    before = merged(term)
    again = term.api.http.post(
        f"/api/web/games/{term.exchange['game_id']}/again",
        headers={"Authorization": f"Bearer {term.exchange['host_secret']}"},
    )
    assert again.status_code == 200, again.text
    after = term.term()
    assert after["lessons"] == before["lessons"] + 1 == 4
    sat = {"Вика", "Гоша", "Даша", "Маша"}  # kept in their seats in the new game
    assert [r["lessons"] for r in after["rows"]] == [
        r["lessons"] + (r["name"] in sat) for r in before["rows"]
    ]
