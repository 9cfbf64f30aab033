"""The accessibility audit: axe-core over every page state of every game kind, in Russian and
English, at 390×844 and 1280×720 — no serious and no critical finding. The games are driven
through the API (the host ends each phase, so every state stays put while it is audited); the
pages follow over their sockets and are audited where they stand."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from a11y_support import Audit, settled
from playwright.sync_api import Browser, Page
from web_support import Api, Json, Server

pytestmark = pytest.mark.slow


@pytest.fixture
def audit(browser: Browser) -> Iterator[Audit]:
    made = Audit(browser)
    yield made
    made.close()


def version(api: Api, game: Json, secret: str | None = None) -> int:
    number: int = api.view(game["game_id"], secret or game["host_secret"])["version"]
    return number


def audit_now(
    audit: Audit, api: Api, game: Json, state: str, seats: dict[str, dict[str, Page]]
) -> None:
    """Every seat's pages, once they show the game as it is now."""
    now = version(api, game)
    for name, pages in seats.items():
        for page in pages.values():
            settled(page, now)
        audit.check(f"{state} · {name}", pages)


def play_url(server: Server, game: Json, secret: str) -> str:
    return f"{server.url}/play/{game['game_id']}#secret={secret}"


# --- the pages every kind shares -----------------------------------------------------------------


def test_start_and_join_pages(audit: Audit, server: Server, api: Api) -> None:
    start = audit.open(server.url + "/")
    for kind in ("exchange", "quiz", "russian", "tournament"):
        for page in start.values():
            page.check(f"input[name=game][value={kind}]")
        audit.check(f"start · {kind}", start)
    for page in start.values():
        page.close()
    audit.once("join · no code", server.url + "/join")
    audit.once("join · unknown code", server.url + "/join/ZZZZZZ")
    for kind in ("exchange", "russian"):
        game = api.create(kind)
        audit.once(f"join · {kind}", f"{server.url}/join/{game['code']}", "button[data-role]")
    event = api.create("tournament")
    audit.once("join · tournament", f"{server.url}/join/{event['code']}", "input[name=name]")
    quiz = api.create("quiz")
    audit.once("join · quiz game code", f"{server.url}/join/{quiz['code']}", "button[data-role]")
    audit.once(
        "join · quiz team code",
        f"{server.url}/join/{api.team_code(quiz, 'A')}",
        "button[data-role]",
    )
    assert not audit.findings, audit.verdict()


# --- Exchange Draughts -------------------------------------------------------------------------

PLACEMENT = {
    "1": ["c3", "a1"],
    "2": ["e1"],
    "3": ["g1"],
    "4": ["h2"],
    "5": ["d4"],
    "6": ["f6"],
    "7": ["h8"],
    "8": ["b8"],
}


def exchange_game(api: Api) -> Json:
    ids = ["p1", "p2", "p3"]
    return api.create(
        "exchange",
        {
            "game": "exchange",
            "seed": 3,
            "ruleset": {
                "preset": "classic",
                "years": 1,
                "moves_per_year": 2,
                "opening_session": False,
                "wait_for_host": True,
                "placement": PLACEMENT,
            },
            "players": [
                {"id": pid, "name": name}
                for pid, name in zip(ids, ["Анна Соколова", "Boris", "Вера"], strict=True)
            ],
            "directors": {str(f): ids[(f - 1) % 3] for f in range(1, 9)},
        },
    )


def advance(api: Api, game: Json, phase: str) -> Json:
    """The host ends phases (and continues after each) until the game is in ``phase``."""
    gid, secret = game["game_id"], game["host_secret"]
    for _ in range(20):
        view: Json = api.view(gid, secret)["view"]
        if view["phase"] == phase and not view.get("waiting_for_host"):
            return view
        if view.get("waiting_for_host"):
            api.ok(gid, secret, {"type": "continue"})
        elif view["phase"] == "setup":
            api.ok(gid, secret, {"type": "start"})
        else:
            api.ok(gid, secret, {"type": "end_phase"})
    raise AssertionError(f"never reached {phase}")


def test_exchange_pages(audit: Audit, server: Server, api: Api) -> None:
    game = exchange_game(api)
    anna = api.join(game["code"], "Анна Соколова", "p1")
    api.join(game["code"], "Boris", "p2")
    seats = {
        "host": audit.open(play_url(server, game, game["host_secret"])),
        "player": audit.open(play_url(server, game, anna["secret"])),
        "projector": audit.open(f"{server.url}/play/{game['game_id']}#role=projector"),
    }
    audit_now(audit, api, game, "exchange lobby", seats)
    view = advance(api, game, "board")
    assert view["on_call"]["firm"] == 1
    audit_now(audit, api, game, "exchange board, Anna on call", seats)
    api.ok(game["game_id"], anna["secret"], {"type": "move", "firm": 1, "move": "c3:e5:g7"})
    api.ok(game["game_id"], game["host_secret"], {"type": "end_phase"})
    audit_now(audit, api, game, "exchange waiting for the host", seats)
    advance(api, game, "exchange")
    api.ok(
        game["game_id"],
        anna["secret"],
        {"type": "order", "account": "p1", "stock": 2, "side": "buy", "qty": 1, "price": 90},
    )
    api.ok(game["game_id"], anna["secret"], {"type": "call_meeting", "firm": 1})
    audit_now(audit, api, game, "exchange session, an order placed, a meeting called", seats)
    advance(api, game, "meetings")
    audit_now(audit, api, game, "exchange meetings", seats)
    advance(api, game, "ended")
    audit_now(audit, api, game, "exchange ended", seats)
    for pages in seats.values():
        for page in pages.values():
            page.close()
    for name, secret in (("host", game["host_secret"]), ("player", anna["secret"])):
        url = f"{server.url}/results/{game['game_id']}#secret={secret}"
        audit.once(f"exchange results, reveal and replay · {name}", url, "[data-panel=replay]")
    assert not audit.findings, audit.verdict()


# --- Quiz Draughts --------------------------------------------------------------------------------


def quiz_game(api: Api) -> Json:
    return api.create(
        "quiz",
        {
            "game": "quiz",
            "ruleset": {"answer_s": 120},
            "teams": [
                {
                    "id": "A",
                    "name": "Орлы",
                    "score": 5,
                    "members": [{"id": "a1", "name": "Иван", "square": "c3"}],
                },
                {
                    "id": "B",
                    "name": "Совы",
                    "score": 3,
                    "members": [
                        {"id": "b1", "name": "Борис", "square": "d4"},
                        {
                            "id": "b2",
                            "name": "Александра Соколова",
                            "square": "f6",
                            "captain": True,
                        },
                    ],
                },
            ],
            "questions": [
                {"id": "q1", "text": "Столица Италии?", "answer": "Рим"},
                {
                    "id": "q2",
                    "text": "Сколько полей на доске?",
                    "answer": "64",
                    "choices": ["32", "64"],
                },
            ],
        },
    )


def test_quiz_pages(audit: Audit, server: Server, api: Api) -> None:
    game = quiz_game(api)
    gid, host = game["game_id"], game["host_secret"]
    eagles = api.join(api.team_code(game, "A"), "Маша", "A")
    owls = api.join(api.team_code(game, "B"), "Петя", "B")
    seats = {
        "host": audit.open(play_url(server, game, host)),
        "team A": audit.open(play_url(server, game, eagles["secret"])),
        "team B": audit.open(play_url(server, game, owls["secret"])),
        "projector": audit.open(f"{server.url}/play/{gid}#role=projector"),
    }
    audit_now(audit, api, game, "quiz lobby", seats)
    api.ok(gid, host, {"type": "start"})
    audit_now(audit, api, game, "quiz, team A to move", seats)
    api.ok(gid, eagles["secret"], {"type": "move", "move": "c3:e5:g7"})
    audit_now(audit, api, game, "quiz duel before the question", seats)
    api.ok(gid, host, {"type": "ask"})
    audit_now(audit, api, game, "quiz duel, the defenders answer", seats)
    api.ok(gid, owls["secret"], {"type": "answer", "text": "Париж"})
    audit_now(
        audit,
        api,
        game,
        "quiz duel, the host judges",
        {"host": seats["host"], "projector": seats["projector"]},
    )
    api.ok(gid, host, {"type": "judge", "correct": False})
    audit_now(audit, api, game, "quiz after a judgement", seats)
    api.ok(gid, host, {"type": "end_game", "winner": "A"})
    audit_now(audit, api, game, "quiz ended", seats)
    for pages in seats.values():
        for page in pages.values():
            page.close()
    audit.once(
        "quiz results", f"{server.url}/results/{gid}#secret={owls['secret']}", "[data-panel=replay]"
    )
    assert not audit.findings, audit.verdict()


# --- Russian draughts --------------------------------------------------------------------------


def test_russian_pages(audit: Audit, server: Server, api: Api) -> None:
    game = api.create(
        "russian",
        {
            "game": "russian",
            "white": {"name": "Аня"},
            "black": {"name": "Борис"},
            "ruleset": {"minutes": 5},
        },
    )
    gid, host = game["game_id"], game["host_secret"]
    white = api.join(game, "Аня", "white")
    black = api.join(game, "Борис", "black")
    seats = {
        "host": audit.open(play_url(server, game, host)),
        "white": audit.open(play_url(server, game, white["secret"])),
        "projector": audit.open(f"{server.url}/play/{gid}#role=projector"),
    }
    audit_now(audit, api, game, "russian lobby", seats)
    api.ok(gid, host, {"type": "start"})
    audit_now(audit, api, game, "russian, white to move", seats)
    for page in seats["white"].values():
        page.locator(".board-text summary").click()  # the position in words, open
    api.ok(gid, white["secret"], {"type": "move", "move": "c3-d4"})
    api.ok(gid, black["secret"], {"type": "offer_draw"})
    audit_now(audit, api, game, "russian, a draw offered", seats)
    api.ok(gid, white["secret"], {"type": "resign"})
    audit_now(audit, api, game, "russian ended", seats)
    for pages in seats.values():
        for page in pages.values():
            page.close()
    audit.once(
        "russian results",
        f"{server.url}/results/{gid}#secret={white['secret']}",
        "[data-panel=replay]",
    )
    audit.once(
        "russian coach",
        f"{server.url}/coach/{gid}#secret={white['secret']}",
        "[data-panel=coach-graph]",
    )
    assert not audit.findings, audit.verdict()


# --- the class tournament ----------------------------------------------------------------------


def test_tournament_pages(audit: Audit, server: Server, api: Api) -> None:
    event = api.create("tournament", {"title": "5 Б", "rounds": 2})
    eid, host = event["game_id"], event["host_secret"]
    pupils = []
    for name in ("Аня", "Борис", "Вика"):
        joined = api.join(event, name)
        api.ok(eid, joined["secret"], {"type": "enter", "name": name})
        pupils.append(joined)
    seats = {
        "host": audit.open(play_url(server, event, host)),
        "pupil": audit.open(play_url(server, event, pupils[0]["secret"])),
        "wall": audit.open(f"{server.url}/play/{eid}#role=projector"),
    }
    audit_now(audit, api, event, "tournament gathering", seats)
    api.ok(eid, host, {"type": "start"})
    api.wait(eid, host, lambda v: all(b["game_id"] for b in v["rounds"][0]["boards"]))
    for page in seats["wall"].values():
        page.wait_for_selector(".tn-tile svg")
    audit_now(audit, api, event, "tournament round 1", seats)
    for pages in seats.values():
        for page in pages.values():
            page.close()
    assert not audit.findings, audit.verdict()


def test_simul_pages(audit: Audit, server: Server, api: Api) -> None:
    """A simul's console (the mosaic, a board open in its frame) and a pupil's phone."""
    event = api.create("tournament", {"title": "Сеанс", "format": "simul"})
    eid, host = event["game_id"], event["host_secret"]
    joined = api.join(event, "Аня")
    api.ok(eid, joined["secret"], {"type": "enter", "name": "Аня"})
    api.ok(eid, host, {"type": "add_robot", "name": "Робот 1"})
    seats = {
        "host": audit.open(play_url(server, event, host)),
        "pupil": audit.open(play_url(server, event, joined["secret"])),
    }
    audit_now(audit, api, event, "simul gathering", seats)
    api.ok(eid, host, {"type": "start"})
    api.wait(eid, host, lambda v: all(b["game_id"] for b in v["rounds"][0]["boards"]))
    for page in seats["host"].values():
        page.wait_for_selector(".sm-tile[data-first] svg")
        page.wait_for_selector("iframe.sm-frame")
    audit_now(audit, api, event, "simul playing", seats)
    for pages in seats.values():
        for page in pages.values():
            page.close()
    assert not audit.findings, audit.verdict()
