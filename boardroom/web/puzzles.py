"""A puzzle lesson's outer parts: its robot, its per-pupil report, and the routes that make
a lesson's puzzles — from pasted FEN/PDN (each position solved by the engine) and «из наших
партий» (the coach's missed captures and wins in the games the teacher names).

Importing this module registers the robot and the report (``boardroom.web.app`` does);
:func:`mount` adds the routes:

- ``POST /api/web/puzzles/prepare`` ``{"text": "..."}``: the puzzles of pasted FEN (one a line)
  or PDN (each game's last position… its setup position, ``FEN`` tag), each with the engine's
  solutions; refused ``bad_text`` when none can be read, ``bad_fen``/``no_legal_move`` for a
  line that is no position (nothing is made either way).
- ``POST /api/web/puzzles/from-games`` ``{"games": [{"game_id", "secret"}]}``: every missed
  capture or win the coach found in those finished games (a class event: in its boards' games),
  each opened by a secret of that game; ``no_games`` when there is none.

The robot (a seat the host gives a robot) reads its own view only: it enters under a name,
then answers each open puzzle with the search's move from the position it is shown.

>>> robot({"phase": "gathering", "pupils": [], "you": "p3"}, "p3")
{'type': 'enter', 'name': 'Робот 3'}
>>> v = {"phase": "asking", "pupils": [{"id": "p3", "name": "Робот 3"}], "you": "p3",
...      "my_answer": None, "puzzle": {"fen": "W:Wc3,h2:Bd4,f6,g3"}, "legal_moves": ["c3:e5:g7"]}
>>> robot(v, "p3")
{'type': 'answer', 'move': 'c3:e5:g7'}
"""

from __future__ import annotations

import asyncio
from typing import Final

from fastapi import APIRouter, FastAPI, Request

from boardroom.bots.coach import analyse_moves
from boardroom.bots.puzzles import from_review, robot_answer, solve
from boardroom.draughts import DraughtsError, pdn
from boardroom.games.puzzles.actions import actions
from boardroom.games.puzzles.report import pupil_results
from boardroom.games.puzzles.state import MAX_PUZZLES, no_games, nothing_read, position, too_many
from boardroom.kernel import Json, Refused
from boardroom.server.deps import HubDep, raw_body
from boardroom.server.errors import ApiError
from boardroom.server.hub import Hub
from boardroom.server.robots import register_policy
from boardroom.server.runtime import HOST
from boardroom.web.exports import Tables, register_downloads
from boardroom.web.russian import GAME as BOARD_GAME
from boardroom.web.sheet_words import columns, word
from boardroom.web.sheets import Cell, Sheet
from boardroom.web.tournament import GAME as EVENT

GAME: Final = "puzzles"
router = APIRouter(prefix="/api/web/puzzles")


def robot(view: Json, role: str) -> Json | None:
    """The robot seat's command: enter, then one answer a puzzle."""
    can = actions(view, role)
    if "enter" in can:
        return {"type": "enter", "name": f"Робот {role.lstrip('p')}"}
    if "answer" in can and view.get("puzzle"):
        return {"type": "answer", "move": robot_answer(str(view["puzzle"]["fen"]))}
    return None


def pupils_sheet(view: Json, lang: str) -> Sheet:
    """The per-pupil report: place, name, puzzles solved, answers, points.

    >>> pupils_sheet({"standings": [{"place": 1, "name": "Аня", "solved": 2, "tried": 3,
    ...     "points": 310}]}, "en").rows
    [[1, 'Аня', 2, 3, 310]]
    """
    rows: list[list[Cell]] = [
        [r["place"], r["name"], r["solved"], r["tried"], r["points"]] for r in pupil_results(view)
    ]
    keys = ("place", "name", "solved", "tried", "points")
    return Sheet(word("sheet.pupils", lang), columns(lang, *keys), rows)


def _others(view: Json, lang: str) -> list[Sheet]:
    return []


register_policy(GAME, robot, history=False)
register_downloads(GAME, {}, Tables(pupils_sheet, _others))


# -- making a lesson's puzzles ----------------------------------------------------------------


def _refused(exc: Refused) -> ApiError:
    return ApiError.refused(exc, 400, game=GAME)


def read_text(text: str) -> list[Json]:
    """The puzzles of pasted text: PDN (each game's position where its moves end), else
    FEN one a line; each solved by the engine.

    >>> [p["best"] for p in read_text("W:Wc3,h2:Bd4,f6,g3\\n")]
    [['c3:e5:g7']]
    >>> read_text('[FEN "W:Wc3,h2:Bd4,f6,g3"]\\n*\\n')[0]["best"]  # PDN: where its moves end
    ['c3:e5:g7']
    >>> read_text("W:Wc3:Bz9")
    Traceback (most recent call last):
    ...
    boardroom.kernel.Refused: Puzzle 1: the position is not a FEN (...).
    """
    fens = _pdn_positions(text) if "[" in text or "1." in text else []
    if not fens:
        fens = [line.strip() for line in text.splitlines() if line.strip()]
    if not fens:
        raise nothing_read()
    if len(fens) > MAX_PUZZLES:
        raise too_many()
    out = []
    for n, fen in enumerate(fens, start=1):
        board = position(fen, n)
        out.append({"fen": board.fen(), "best": solve(board.fen())})
    return out


def _pdn_positions(text: str) -> list[str]:
    try:
        games = pdn.read(text)
    except DraughtsError:
        return []
    return [game.board().fen() for game in games]


@router.post("/prepare")
async def prepare(request: Request, hub: HubDep) -> Json:
    """Pasted FEN or PDN → puzzles with the engine's solutions (nothing is stored)."""
    body = await raw_body(request, hub)
    text = body.get("text") if isinstance(body, dict) else None
    if not isinstance(text, str) or len(text) > 50_000:
        raise _refused(nothing_read())
    try:
        return {"puzzles": await asyncio.to_thread(read_text, text)}
    except Refused as exc:
        raise _refused(exc) from None


async def _russian_games(hub: Hub, game_id: str, secret: str) -> list[tuple[str, Json]]:
    """The finished Russian draughts games a secret opens (a class event: its boards')."""
    live = await hub.get(game_id)
    seat = await hub.seats.authenticate(game_id, secret)
    view = live.view(seat.role, events_since=live.version)
    if live.record.game == EVENT:
        ids = [b["game_id"] for r in view.get("rounds") or [] for b in r["boards"] if b["game_id"]]
        out = []
        for board_id in ids:
            board = await hub.get(board_id)
            out.append((board_id, board.view(HOST, events_since=board.version)))
        return out
    return [(game_id, view)] if live.record.game == BOARD_GAME else []


def _title(view: Json, ply: int) -> str:
    players = view.get("players") or {}
    side = "white" if (ply % 2 == 0) == str(view.get("start", "W")).startswith("W") else "black"
    name = (players.get(side) or {}).get("name") or ""
    return f"{name} · {ply // 2 + 1}".strip(" ·")


def puzzles_of(game_id: str, view: Json, depth: int) -> list[Json]:
    """The coach's missed captures and wins in one finished game, as puzzles."""
    moves = [str(m) for m in view.get("moves") or []]
    review = analyse_moves(str(view["start"]), moves, depth)
    found = from_review(str(view["start"]), moves, review)
    for puzzle in found:
        puzzle["title"] = _title(view, puzzle["source"]["ply"])
        puzzle["source"] = puzzle["source"] | {"game_id": game_id}
    return found


@router.post("/from-games")
async def from_games(request: Request, hub: HubDep) -> Json:
    """«Из наших партий»: the coach's hints in the named finished games, as puzzles."""
    body = await raw_body(request, hub)
    named = body.get("games") if isinstance(body, dict) else None
    if not isinstance(named, list) or not named or len(named) > 60:
        raise _refused(no_games())
    games: list[tuple[str, Json]] = []
    for item in named:
        if not isinstance(item, dict):
            continue
        try:
            games += await _russian_games(hub, str(item.get("game_id")), str(item.get("secret")))
        except ApiError:
            continue  # a game gone, or a secret that opens no seat of it: not ours to read
    depth = hub.runtime.settings.coach_depth
    out: list[Json] = []
    for game_id, view in games:
        if view.get("phase") == "ended":
            out += await asyncio.to_thread(puzzles_of, game_id, view, depth)
    if not out:
        raise _refused(no_games())
    return {"puzzles": out[:MAX_PUZZLES]}


def mount(app: FastAPI) -> None:
    """Add the lesson's routes to the app."""
    app.include_router(router)


__all__ = ["mount", "pupil_results", "read_text", "robot"]
