"""Quiz Draughts' outer parts: the PDN of the round's moves, registered under the kind's name.

A quiz round is draughts on the quiz variant's board where a capture may stop part-way (a
jump repelled by a right answer): the PDN gives the start position (``FEN``), each move as
it was made on the board, and a null move (``--``) where a capture was repelled at its
first jump and the turn passed. Importing this module registers the download
(``boardroom.web.app`` does).

>>> view = {"start": "W:Wc3:Bd4,h8", "phase": "ended", "winner": "B", "teams": {
...     "A": {"name": "Орлы", "color": "white"}, "B": {"name": "Совы", "color": "black"}},
...     "events": [{"type": "capture_started", "move": "c3:e5"},
...                {"type": "move_ended", "move": None}, {"type": "moved", "move": "d4-c3"}]}
>>> print(round_pdn(view, "g1", "ru"))
[Event "Boardroom: шашки-викторина"]
[Round "g1"]
[White "Орлы"]
[Black "Совы"]
[GameType "25"]
[FEN "W:Wc3:Bd4,h8"]
[Result "0-2"]
<BLANKLINE>
1. -- d4-c3 0-2
<BLANKLINE>
"""

from __future__ import annotations

from typing import Final

from boardroom.draughts import pdn
from boardroom.kernel import Json
from boardroom.web.exports import Download, register_downloads

GAME: Final = "quiz"
NULL_MOVE: Final = "--"
WORDS: Final = {
    "ru": {"Event": "Boardroom: шашки-викторина"},
    "en": {"Event": "Boardroom: Quiz Draughts"},
}


def round_moves(events: list[Json]) -> list[str]:
    """The moves made on the board, in order (PDN writes captures with ``x``)."""
    moves: list[str] = []
    for event in events:
        if event.get("type") in ("moved", "move_ended"):
            made = event.get("move")
            moves.append(str(made).replace(":", "x") if made else NULL_MOVE)
    return moves


def round_pdn(view: Json, game_id: str, lang: str = "ru") -> str:
    """The round's moves as PDN (GameType 25), the teams named as their host typed them."""
    teams = view.get("teams") or {}
    by_color = {str(t.get("color")): str(t.get("name", tid)) for tid, t in teams.items()}
    winner = teams.get(view.get("winner") or "", {}).get("color")
    result = "*"
    if view.get("phase") == "ended":
        result = {"white": "2-0", "black": "0-2"}.get(str(winner), "1-1")
    tags = {
        "Event": WORDS.get(lang, WORDS["en"])["Event"],
        "Round": game_id,
        "White": by_color.get("white", "White"),
        "Black": by_color.get("black", "Black"),
        "GameType": "25",
        "FEN": str(view.get("start") or ""),
        "Result": result,
    }
    moves = round_moves(view.get("events") or [])
    white_first = not str(view.get("start") or "W").startswith("B")
    return pdn.text({k: v for k, v in tags.items() if v}, moves, result, white_first)


def _pdn(view: Json, game_id: str, lang: str) -> str:
    return round_pdn(view, game_id, lang)


register_downloads(GAME, {"pdn": Download("quiz-{game_id}.pdn", "application/x-pdn", _pdn)})
