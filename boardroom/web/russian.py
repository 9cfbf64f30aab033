"""Russian draughts' outer parts: its robot (the board robot at the level the host chose
for the side) and its PDN download, registered under the kind's name.

Importing this module registers both (``boardroom.web.app`` does).

>>> view = {"phase": "play", "to_move": "black", "draw_offer": None, "start":
...         "B:WKa1:Bb6,d6", "moves": [], "legal_moves": ["b6-a5", "b6-c5", "d6-c5", "d6-e5"],
...         "players": {"black": {"name": "Robot", "robot": "strong"}}}
>>> board_robot(view, "black")["type"], board_robot(view, "white")
('move', None)
>>> board_robot(view | {"draw_offer": "white"}, "black")
{'type': 'decline_draw'}

A takeback asked of the robot: the gentle levels (``beginner``, ``casual``) accept it, the
others (``club``, ``strong``) decline it — a fixed rule, the same every time.

>>> asked = view | {"takeback": {"by": "white", "plies": 2}}
>>> board_robot(asked, "black")
{'type': 'decline_takeback'}
>>> board_robot(asked | {"players": {"black": {"robot": "casual"}}}, "black")
{'type': 'accept_takeback'}
"""

from __future__ import annotations

from typing import Final

from boardroom.bots.board import LEVELS, BoardRobot
from boardroom.draughts import RUSSIAN, Board, pdn
from boardroom.games.russian.report import points, pupil_report
from boardroom.kernel import Json
from boardroom.server.robots import register_policy
from boardroom.web.exports import Download, Tables, register_downloads
from boardroom.web.sheet_words import columns, marked, word
from boardroom.web.sheets import Cell, Sheet

GAME: Final = "russian"
DEFAULT_LEVEL: Final = "casual"
FORGIVING: Final = frozenset({"beginner", "casual"})
"""The robot levels that accept a takeback asked of them (the others decline it)."""
MAX_NODES: Final = 8_000
"""A robot's search runs on the server's event loop (about 0.5 s at 8,000 nodes here):
no level searches more a move until robots get a worker thread."""


def board_of(view: Json) -> Board:
    """The game's board, from its start position through every move (repetitions counted).

    >>> str(board_of({"start": Board().fen(), "moves": ["c3-d4"]}).piece_at("d4").color)
    'white'
    """
    board = Board(str(view["start"]), variant=RUSSIAN)
    for move in view.get("moves") or []:
        board.push_notation(str(move))
    return board


def board_robot(view: Json, role: str) -> Json | None:
    """The side's move when it is to move; a draw offered to it is declined."""
    if view.get("phase") != "play":
        return None
    offer = view.get("draw_offer")
    if offer is not None and offer != role:
        return {"type": "decline_draw"}
    asked = view.get("takeback")
    if asked is not None and asked.get("by") != role:
        robot = ((view.get("players") or {}).get(role) or {}).get("robot") or DEFAULT_LEVEL
        return {"type": "accept_takeback" if robot in FORGIVING else "decline_takeback"}
    if view.get("to_move") != role or not view.get("legal_moves"):
        return None
    player = (view.get("players") or {}).get(role) or {}
    level = LEVELS.get(str(player.get("robot") or DEFAULT_LEVEL), LEVELS[DEFAULT_LEVEL])
    board = board_of(view)
    robot = BoardRobot(level, seed=len(view.get("moves") or []))
    move = robot.choose(board, budget_nodes=min(level.nodes, MAX_NODES))
    return {"type": "move", "move": str(move)}


PDN_WORDS: Final = {
    "ru": {"Event": "Boardroom: русские шашки", "white": "Белые", "black": "Чёрные"},
    "en": {"Event": "Boardroom: Russian draughts", "white": "White", "black": "Black"},
}
"""The PDN's own words in the asked language (an unnamed side is called by its colour)."""


def game_pdn(view: Json, game_id: str, lang: str = "en") -> str:
    """The game as PDN (GameType 25): the players' names, the result and why it ended (no
    ``Round`` tag: a game of its own is no round of an event).

    >>> text = game_pdn({"start": Board().fen(), "moves": ["c3-d4"], "phase": "ended",
    ...     "result": "0-2", "end_reason": "resigned", "players": {"white": {"name": "Anna"},
    ...     "black": {"name": "Robot"}}}, "g1")
    >>> print(text.splitlines()[1], text.splitlines()[-1])
    [White "Anna"] 1. c3-d4 0-2
    """
    players = view.get("players") or {}
    words = PDN_WORDS.get(lang, PDN_WORDS["en"])
    tags = {
        "Event": words["Event"],
        "White": str((players.get("white") or {}).get("name") or words["white"]),
        "Black": str((players.get("black") or {}).get("name") or words["black"]),
    }
    if view.get("end_reason"):
        tags["Termination"] = str(view["end_reason"])
    result = str(view.get("result") or "*") if view.get("phase") == "ended" else "*"
    return pdn.write(board_of(view), tags, result)


def _name(view: Json, side: str, lang: str) -> str:
    player = (view.get("players") or {}).get(side) or {}
    return str(player.get("name") or word(f"side.{side}", lang))


def pupils_sheet(view: Json, lang: str) -> Sheet:
    """The per-pupil report (:mod:`boardroom.games.russian.report`); an unnamed side by
    its colour. With the coach's review ready (``view["coach"]``: mistakes and blunders
    by side, added by the route without waiting for it), a column of them.

    >>> view = {"phase": "ended", "winner": "white", "players": {}}
    >>> pupils_sheet(view | {"coach": {"white": 1, "black": 3}}, "en").rows[1]
    [2, 'Black', 'black', 'White', 'loss', 1, 0, 3]
    >>> pupils_sheet(view | {"players": {"black": {"name": "Робот", "robot": "casual"}}},
    ...              "ru").rows
    [[1, 'Белые', 'белые', 'Робот (робот)', 'победа', 1, 2]]
    >>> len(pupils_sheet(view, "en").columns)
    7
    """
    review = view.get("coach")
    rows: list[list[Cell]] = []
    for row in pupil_report(view):
        other = "black" if row.side == "white" else "white"
        opponent = row.opponent or word(f"side.{other}", lang)
        opponent = marked(opponent, row.opponent_robot, lang)
        cells: list[Cell] = [row.place, row.name or word(f"side.{row.side}", lang)]
        cells += [word(f"colour.{row.side}", lang), opponent]
        cells += [word(f"result.{row.result or 'playing'}", lang), row.games, row.points]
        if review:
            cells.append(int(review.get(row.side, 0)))
        rows.append(cells)
    keys: tuple[str, ...] = ("place", "name", "colour", "opponent", "result", "games", "points")
    keys += ("mistakes",) if review else ()
    return Sheet(word("sheet.pupils", lang), columns(lang, *keys), rows)


def games_sheet(view: Json, lang: str) -> Sheet:
    """The game: both sides, their points (once it ended) and the moves made."""
    ended = view.get("phase") == "ended"
    scored: dict[str, Cell] = {
        side: points(view, side) if ended else None for side in ("white", "black")
    }
    row: list[Cell] = [
        _name(view, "white", lang),
        _name(view, "black", lang),
        scored["white"],
        scored["black"],
        len(view.get("moves") or []),
    ]
    keys = ("white", "black", "white_points", "black_points", "moves")
    return Sheet(word("sheet.games", lang), columns(lang, *keys), [row])


def _tables(view: Json, lang: str) -> list[Sheet]:
    return [games_sheet(view, lang)]


register_policy(GAME, board_robot, history=False)
register_downloads(
    GAME,
    {"pdn": Download("{stem}.pdn", "application/x-pdn", game_pdn)},
    Tables(pupils_sheet, _tables),
)
