"""The class page: a host's class across its lessons (``docs/term.md``).

Owned like the class lists (``Authorization: Bearer <host key>``; another key finds nothing,
told as nothing — ``no_class``):

- ``POST /api/web/classes/{id}/games`` ``{"game": id, "secret": host secret}``: the game is a
  lesson of the class (its seats' names, and a class event's boards, count for its pupils);
- ``GET /api/web/classes/{id}/term``: the class's pupils (with their other spellings) and one
  row a pupil (:mod:`boardroom.web.term`);
- ``GET /api/web/classes/{id}/pupils/{pupil}``: a pupil's own page, their games;
- ``POST /api/web/classes/{id}/merge`` ``{"from": pupil, "into": pupil}``: two spellings of
  one pupil become one (``same_pupil``: into themselves; ``no_pupil``: not the class's);
- ``GET /api/web/classes/{id}/term.xlsx``: the term, one sheet a view.

And for a pupil's phone: ``GET /api/web/games/{id}/progress`` with the seat's secret (in a
lesson, or on a board of a class event that is one): that seat's pupil's own row of the
class page (``{"row": null}`` for every seat that is not one of the class's pupils: the
same bytes whatever anyone's results).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from fastapi import APIRouter, Request, Response

from boardroom.kernel import Json
from boardroom.server.app import request_language
from boardroom.server.deps import HubDep, SeatDep, bearer, raw_body
from boardroom.server.errors import ApiError
from boardroom.server.hub import Hub
from boardroom.server.live import LiveGame
from boardroom.server.runtime import HOST, PROJECTOR
from boardroom.server.seats import host_only
from boardroom.server.tokens import new_opaque_id
from boardroom.server.tournaments import board_place
from boardroom.store import ClassList
from boardroom.store.pupils import Pupil, spelling
from boardroom.web import kept, term_sheets
from boardroom.web.coach import mistakes_by_side
from boardroom.web.exports import TABLES, attachment
from boardroom.web.sheet_words import word
from boardroom.web.sheets import XLSX_TYPE, xlsx_bytes
from boardroom.web.term import Board, Lesson, pupil_games, term_rows
from boardroom.web.tournament import event_of

router = APIRouter(prefix="/api/web")
EVENT, BOARD_GAME, PUZZLES = "tournament", "russian", "puzzles"
SOLVED = ("puzzles_solved", "solved")
"""The column keys (``sheet_words``) of the puzzles' report counted as puzzles solved."""


@router.post("/classes/{list_id}/games")
async def link_game(list_id: str, request: Request, hub: HubDep) -> Json:
    owner, kept_class = await _class(request, hub, list_id)
    body = await raw_body(request, hub)
    game_id, secret = body.get("game"), body.get("secret")
    if not isinstance(game_id, str) or not isinstance(secret, str):
        raise kept.no_source()
    host_only(await hub.seats.authenticate(game_id, secret))
    at = hub.settings.clock()
    if not await asyncio.to_thread(hub.store.pupils.link, owner, list_id, game_id, at):
        raise ApiError("other_class", "This game is a lesson of another class.", 409)
    return {"class": kept_class.list_id, "game": game_id}


async def link_again(hub: Hub, game_id: str, again: str) -> None:
    """The game a lesson goes on in ("play again") is a lesson of the same class."""
    lesson = await asyncio.to_thread(hub.store.pupils.class_of, game_id)
    if lesson is not None:
        owner, list_id = lesson
        at = hub.settings.clock()
        await asyncio.to_thread(hub.store.pupils.link, owner, list_id, again, at)


@router.get("/classes/{list_id}/term")
async def class_term(list_id: str, request: Request, hub: HubDep) -> Json:
    owner, kept_class = await _class(request, hub, list_id)
    pupils, lessons = await _term(hub, owner, kept_class)
    return {
        "class": {"id": kept_class.list_id, "name": kept_class.name},
        "pupils": _pupils_json(pupils),
        "lessons": len(lessons),
        "rows": term_rows(_current(pupils), lessons),
    }


@router.get("/classes/{list_id}/pupils/{pupil_id}")
async def pupil_page(list_id: str, pupil_id: str, request: Request, hub: HubDep) -> Json:
    owner, kept_class = await _class(request, hub, list_id)
    pupils, lessons = await _term(hub, owner, kept_class)
    named = dict(_current(pupils))
    if pupil_id not in named:
        raise _no_pupil()
    row = term_rows([(pupil_id, named[pupil_id])], lessons)[0]
    return {
        "class": {"id": kept_class.list_id, "name": kept_class.name},
        "row": row,
        "games": pupil_games(pupil_id, lessons),
    }


@router.post("/classes/{list_id}/merge")
async def merge(list_id: str, request: Request, hub: HubDep) -> Json:
    owner, _ = await _class(request, hub, list_id)
    body = await raw_body(request, hub)
    source, target = body.get("from"), body.get("into")
    if not isinstance(source, str) or not isinstance(target, str):
        raise _no_pupil()
    done = await asyncio.to_thread(hub.store.pupils.merge, owner, list_id, source, target)
    if done == "same":
        raise ApiError("same_pupil", "A pupil cannot be merged into themselves.", 409)
    if done == "unknown":
        raise _no_pupil()
    return {"merged": source, "into": target}


@router.get("/classes/{list_id}/term.xlsx")
async def term_xlsx(list_id: str, request: Request, hub: HubDep) -> Response:
    owner, kept_class = await _class(request, hub, list_id)
    pupils, lessons = await _term(hub, owner, kept_class)
    lang = request_language(request)
    sheets = term_sheets.sheets(_current(pupils), lessons, lang)
    data = await asyncio.to_thread(xlsx_bytes, sheets, lang)
    name = f"{kept_class.name}-{word('sheet.term', lang)}.xlsx"
    headers = {"Content-Disposition": attachment(name)}
    return Response(data, media_type=XLSX_TYPE, headers=headers)


@router.get("/games/{game_id}/progress")
async def progress(at: SeatDep, hub: HubDep) -> Json:
    """The asking seat's pupil's own row; ``{"row": null}`` for any other seat."""
    nobody: Json = {"row": None}
    if at.seat.robot or at.seat.role in (HOST, PROJECTOR):
        return nobody
    board = board_place(at.live.game_id)
    lesson = board[0] if board is not None else at.live.game_id  # a board: its event
    lesson_of = await asyncio.to_thread(hub.store.pupils.class_of, lesson)
    if lesson_of is None:
        return nobody
    owner, list_id = lesson_of
    kept_class = await asyncio.to_thread(hub.store.shelf.class_list, owner, list_id)
    if kept_class is None:
        return nobody
    pupils, lessons = await _term(hub, owner, kept_class)
    spellings = _spellings(pupils)
    pupil = spellings.get(spelling(at.seat.name))
    named = dict(_current(pupils))
    if pupil is None or pupil not in named:
        return nobody
    return {"row": term_rows([(pupil, named[pupil])], lessons)[0]}


# --- reading the lessons ---------------------------------------------------------------


async def _class(request: Request, hub: Hub, list_id: str) -> tuple[str, ClassList]:
    owner = kept.owner_of(bearer(request))
    found = await asyncio.to_thread(hub.store.shelf.class_list, owner, list_id[:40])
    if found is None:
        raise kept.no_class()
    return owner, found


async def _term(hub: Hub, owner: str, kept_class: ClassList) -> tuple[list[Pupil], list[Lesson]]:
    """The class's pupils (a name a seat was given that no pupil has made a pupil) and its
    lessons, read now."""
    store = hub.store.pupils
    game_ids = await asyncio.to_thread(store.lessons, owner, kept_class.list_id)
    games = [await hub.get(game_id) for game_id in game_ids]
    names = list(kept_class.names)
    for live in games:
        names += await _people(hub, live)
    at = hub.settings.clock()
    pupils = await asyncio.to_thread(
        store.sync, owner, kept_class.list_id, names, at, lambda: new_opaque_id("u-")
    )
    spellings = _spellings(pupils)
    lessons = [await _lesson(hub, live, spellings) for live in games]
    return pupils, lessons


async def _people(hub: Hub, live: LiveGame) -> list[str]:
    """The names of a game's people (not its robots, host or projector)."""
    seats = await asyncio.to_thread(hub.store.games.seats, live.game_id)
    return [s.name for s in seats if not s.robot and s.role not in (HOST, PROJECTOR)]


def _spellings(pupils: Sequence[Pupil]) -> dict[str, str]:
    into = {p.pupil_id: p.merged_into for p in pupils}
    out = {}
    for pupil in pupils:
        final = pupil.pupil_id
        for _ in range(len(pupils)):
            if not into.get(final):
                break
            final = str(into[final])
        out[spelling(pupil.name)] = final
    return out


def _current(pupils: Sequence[Pupil]) -> list[tuple[str, str]]:
    return [(p.pupil_id, p.name) for p in pupils if p.merged_into is None]


def _pupils_json(pupils: Sequence[Pupil]) -> list[Json]:
    spellings: dict[str, list[str]] = {}
    for pupil in pupils:
        if pupil.merged_into is not None:
            spellings.setdefault(pupil.merged_into, []).append(pupil.name)
    return [
        {"id": p.pupil_id, "name": p.name, "spellings": spellings.get(p.pupil_id, [])}
        for p in pupils
        if p.merged_into is None
    ]


async def _lesson(hub: Hub, live: LiveGame, spellings: dict[str, str]) -> Lesson:
    def pupil_of(name: object) -> str | None:
        return spellings.get(spelling(str(name))) if isinstance(name, str) else None

    seated = tuple(dict.fromkeys(p for n in await _people(hub, live) if (p := pupil_of(n))))
    kind, at, view = live.record.game, live.record.created_at, live.view(HOST)
    if kind == EVENT:
        return await _event(hub, live, view, seated, pupil_of)
    places, solved = _report(kind, view, pupil_of)
    boards: tuple[Board, ...] = ()
    if kind == BOARD_GAME:
        board = _russian_board(hub, live, view, pupil_of)
        boards = (board,) if board is not None else ()
    return Lesson(live.game_id, kind, at, seated, places, boards=boards, solved=solved)


def _report(
    kind: str, view: Json, pupil_of: object
) -> tuple[dict[str, tuple[int, int]], dict[str, int]]:
    """Each pupil's place (and puzzles solved) from the kind's per-pupil report."""
    tables = TABLES.get(kind)
    if tables is None or view.get("phase") not in ("ended", "over", "finished"):
        return {}, {}
    sheet = tables.report(view, "ru")
    name_at = sheet.columns.index(word("col.name", "ru"))
    solved_at = next(
        (
            sheet.columns.index(h)
            for k in SOLVED
            if (h := _header(k)) is not None and h in sheet.columns
        ),
        None,
    )
    places: dict[str, tuple[int, int]] = {}
    solved: dict[str, int] = {}
    assert callable(pupil_of)
    for row in sheet.rows:
        pupil = pupil_of(row[name_at])
        if pupil is None:
            continue
        if isinstance(row[0], int):
            places[pupil] = (row[0], len(sheet.rows))
        count = row[solved_at] if kind == PUZZLES and solved_at is not None else None
        if isinstance(count, int):
            solved[pupil] = solved.get(pupil, 0) + count
    return places, solved


def _header(key: str) -> str | None:
    try:
        return word(f"col.{key}", "ru")
    except KeyError:
        return None


def _russian_board(hub: Hub, live: LiveGame, view: Json, pupil_of: object) -> Board | None:
    assert callable(pupil_of)
    players = view.get("players") or {}
    white = pupil_of((players.get("white") or {}).get("name"))
    black = pupil_of((players.get("black") or {}).get("name"))
    robots = any((players.get(s) or {}).get("robot") for s in ("white", "black"))
    result = str(view.get("result") or "")
    if view.get("phase") != "ended" or white is None or black is None or robots:
        return None
    if white == black or result not in ("2-0", "1-1", "0-2"):
        return None
    score = {"2-0": 1.0, "1-1": 0.5, "0-2": 0.0}[result]
    return Board(
        live.game_id,
        live.record.created_at,
        white,
        black,
        score,
        _mistakes(hub, live, view, white, black),
    )


def _mistakes(
    hub: Hub, live: LiveGame, view: Json, white: str, black: str
) -> dict[str, int] | None:
    try:
        review = hub.coach.read(live, view)
    except ApiError:
        return None
    if review is None:
        return None
    by_side = mistakes_by_side(review)
    return {white: by_side["white"], black: by_side["black"]}


async def _event(
    hub: Hub, live: LiveGame, view: Json, seated: tuple[str, ...], pupil_of: object
) -> Lesson:
    """A class event: its standings (places and points) and its boards between pupils."""
    from boardroom.games.russian import tournament as t

    assert callable(pupil_of)
    event = event_of(view)
    ids = {p.id: pupil_of(p.name) for p in event.pupils}
    table = t.standings(event)
    places = {ids[s.pupil.id]: (s.place, len(table)) for s in table if ids[s.pupil.id]}
    points = {ids[s.pupil.id]: s.points for s in table if ids[s.pupil.id]}
    boards: list[Board] = []
    for played in event.games:
        white, black = ids.get(played.white), ids.get(played.black)
        if played.result is None or white is None or black is None or white == black:
            continue
        board_id = _board_game(view, played.round, played.board)
        mistakes = None
        at = live.record.created_at + played.round
        if board_id:
            board = await hub.get(board_id)
            at = board.record.created_at
            mistakes = _mistakes(hub, board, board.view(HOST), white, black)
        boards.append(Board(board_id or "", at, white, black, played.result / 2, mistakes))
    return Lesson(
        live.game_id,
        EVENT,
        live.record.created_at,
        seated,
        {k: v for k, v in places.items() if k},
        {k: v for k, v in points.items() if k},
        tuple(boards),
    )


def _board_game(view: Json, number: int, board: int) -> str | None:
    for played in view.get("rounds") or []:
        if played.get("round") == number:
            for b in played.get("boards") or []:
                if b.get("board") == board:
                    return str(b["game_id"]) if b.get("game_id") else None
    return None


def _no_pupil() -> ApiError:
    return ApiError("no_pupil", "There is no such pupil in this class.", 404)
