"""A class event's outer parts: the wall's boards in play, the crosstable (CSV with a BOM and
``;`` in Russian, and an xlsx) and one PDN file with every game of the event.

Importing this module registers the crosstable downloads (``boardroom.web.app`` does) and
:func:`mount` adds the two routes.

>>> view = {"title": "5 Б", "format": "round_robin", "planned_rounds": 1, "current": 1,
...         "pupils": [{"id": "p1", "name": "Аня"}, {"id": "p2", "name": "Боря"}],
...         "rounds": [{"round": 1, "boards": [{"board": 1, "white": "p1", "black": "p2",
...                                             "result": 1, "game_id": "g1"}]}]}
>>> print(crosstable_csv(view, "g", "ru"), end="")
\ufeffМесто;Имя;1;2;Очки;Бухгольц;Зоннеборн — Бергер
1;Аня;×;1;1;1;1
2;Боря;1;×;1;1;1
"""

from __future__ import annotations

from typing import Final

from fastapi import APIRouter, FastAPI, Request, Response

from boardroom.games.russian import tournament as t
from boardroom.games.russian.messages import MESSAGES
from boardroom.games.tournament import simul
from boardroom.kernel import Json
from boardroom.server.app import request_language
from boardroom.server.deps import HubDep, SeatDep
from boardroom.server.errors import ApiError
from boardroom.web.exports import Download, attachment, register_downloads
from boardroom.web.russian import board_of
from boardroom.web.sheets import XLSX_TYPE, Cell, Sheet, csv_text, xlsx_bytes

GAME: Final = "tournament"
router = APIRouter(prefix="/api/web/events")


def event_of(view: Json) -> t.Event:
    """The tournament as the event's view shows it (pupils, rounds paired, results)."""
    pupils = tuple(t.Pupil(p["id"], p["name"]) for p in view.get("pupils", []))
    rounds = tuple(
        tuple(
            t.Game(r["round"], b["board"], b["white"], b["black"], b["result"]) for b in r["boards"]
        )
        for r in view.get("rounds", [])
    )
    known: tuple[t.Format, ...] = ("swiss", "simul")
    fmt: t.Format = next((f for f in known if f == view.get("format")), "round_robin")
    return t.Event(str(view.get("title", "")), fmt, pupils, view.get("planned_rounds") or 0, rounds)


def crosstable_sheet(view: Json, lang: str) -> Sheet:
    """Place, name, a column per place (and the robot), points, Buchholz, SB: whole numbers
    on the Russian draughts scale (2 a win, 1 a draw), as every page of the event shows them."""
    words = MESSAGES.get(lang, MESSAGES["ru"])
    event = event_of(view)
    table = t.standings(event)
    cells = t.crosstable(event)
    columns = [words["@tournament.place"], words["@tournament.name"]]
    columns += [str(n) for n in range(1, len(table) + 1)]
    columns += [t.other_heading(seat, lang) for seat in t.others(event)]
    columns += [words[f"@tournament.{key}"] for key in ("points", "buchholz", "sb")]
    rows: list[list[Cell]] = [
        [s.place, s.pupil.name, *row, s.points, s.buchholz, s.sonneborn_berger]
        for s, row in zip(table, cells, strict=True)
    ]
    return Sheet(str(view.get("title") or "Турнир"), columns, rows)


def crosstable_csv(view: Json, game_id: str, lang: str) -> str:
    return csv_text(crosstable_sheet(view, lang), lang)


def crosstable_xlsx(view: Json, game_id: str, lang: str) -> bytes:
    return xlsx_bytes([crosstable_sheet(view, lang)], lang)


register_downloads(
    GAME,
    {
        "crosstable": Download("{stem}-crosstable.csv", "text/csv", crosstable_csv),
        "xlsx": Download("{stem}-crosstable.xlsx", XLSX_TYPE, crosstable_xlsx),
    },
)


def _event_view(at: SeatDep) -> Json:
    if at.live.record.game != GAME:
        raise ApiError("not_an_event", "This game is not a class tournament.", 404)
    return at.live.view(at.seat.role)


@router.get("/{game_id}/boards")
async def boards(at: SeatDep, hub: HubDep) -> Json:
    """The boards of the round in play as the wall draws them: names, position, result."""
    view = _event_view(at)
    out = []
    for board in view["rounds"][-1]["boards"] if view["rounds"] else []:
        game: Json = {}
        if board["game_id"]:
            live = await hub.get(board["game_id"])
            game = live.view("projector", events_since=live.version)
        moves = game.get("moves") or []
        out.append(
            {"board": board["board"], "white": board["white_name"], "black": board["black_name"]}
            | {"white_id": board["white"], "black_id": board["black"]}
            | {"position": game.get("position"), "last": moves[-1] if moves else None}
            | {"phase": game.get("phase"), "to_move": game.get("to_move")}
            | {"result": board["result"], "moves": len(moves)}
        )
    return {"round": view["current"], "boards": out}


IDLE_S: Final = 180.0
"""A board without a move for this long (3 minutes) is marked on the teacher's console."""


def board_summary(board: Json, game: Json, now: float) -> Json:
    """One board as the teacher's console shows it: the names, the moves played, both clocks as
    they stand ``now`` (game time), whose turn, the seconds since the last move (since the start
    before the first), and ``idle`` past :data:`IDLE_S`.

    >>> game = {"phase": "play", "moves": ["c3-d4"], "to_move": "black",
    ...         "clock": {"left": {"white": 590.0, "black": 600.0}, "running": "black",
    ...                   "since": 100.0}}
    >>> s = board_summary({"board": 1, "white": "p1", "black": "p2", "white_name": "Аня",
    ...                    "black_name": "Боря", "result": None, "game_id": "g1"}, game, 300.0)
    >>> s["clock"], s["since_move"], s["idle"]
    ({'white': 590.0, 'black': 400.0}, 200.0, True)
    """
    clock = game.get("clock") or {}
    moves = game.get("moves") or []
    left = dict(clock.get("left") or {})
    running, since = clock.get("running"), float(clock.get("since") or 0.0)
    playing = game.get("phase") == "play"
    waited = max(0.0, now - since) if playing else None
    if running and left.get(running) is not None:
        left[running] = max(0.0, left[running] - (waited or 0.0))
    return {
        "board": board["board"],
        "white": board["white_name"],
        "black": board["black_name"],
        "result": board["result"],
        "by_teacher": bool(board.get("by_teacher")),
        "sat_in": bool(board.get("sat_in")),
        "white_id": board["white"],
        "black_id": board["black"],
        "game_id": board["game_id"],
        "phase": game.get("phase"),
        "moves": len(moves),
        "position": game.get("position"),
        "last": moves[-1] if moves else None,
        "to_move": game.get("to_move") if playing else None,
        "clock": left,
        "since_move": None if waited is None else round(waited, 1),
        "idle": waited is not None and waited >= IDLE_S and board["result"] is None,
    }


@router.get("/{game_id}/summary")
async def summary(at: SeatDep, hub: HubDep) -> Json:
    """The round in play for the teacher's console: a small summary per board (names, moves,
    clocks, whose turn, time since the last move), read from each board's own game."""
    view = _event_view(at)
    out = []
    for board in view["rounds"][-1]["boards"] if view["rounds"] else []:
        game: Json = {}
        now = 0.0
        if board["game_id"]:
            live = await hub.get(board["game_id"])
            game, now = live.view("projector", events_since=live.version), hub.game_time(live)
        out.append(board_summary(board, game, now))
    reply: Json = {"round": view["current"], "idle_s": IDLE_S, "boards": out}
    if view["format"] == simul.FORMAT:  # the board the teacher should answer first
        reply["first"] = simul.answer_first(out, view["settings"]["teacher"])
    return reply


@router.get("/{game_id}/games.pdn")
async def games_pdn(at: SeatDep, hub: HubDep, request: Request) -> Response:
    """Every game of the event in one PDN file (GameType 25)."""
    view = _event_view(at)
    played = {}
    for r in view["rounds"]:
        for b in r["boards"]:
            if b["game_id"]:
                live = await hub.get(b["game_id"])
                played[(r["round"], b["board"])] = board_of(live.view("projector"))
    text = t.event_pdn(event_of(view), played, request_language(request))
    headers = {"Content-Disposition": attachment(f"{at.live.record.file_stem()}-games.pdn")}
    return Response(text, media_type="application/x-pdn; charset=utf-8", headers=headers)


def mount(app: FastAPI) -> None:
    """Add the event's routes to the app."""
    app.include_router(router)
