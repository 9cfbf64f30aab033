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
from boardroom.games.quiz.report import pupil_report
from boardroom.kernel import Json
from boardroom.web.exports import Download, Tables, register_downloads
from boardroom.web.sheet_words import columns, marked, word
from boardroom.web.sheets import Cell, Duration, Sheet

GAME: Final = "quiz"
NULL_MOVE: Final = "--"
WORDS: Final = {
    "ru": {"Event": "Boardroom: шашки-викторина"},
    "en": {"Event": "Boardroom: Quiz Draughts"},
}


def round_moves(events: list[Json]) -> list[str]:
    """The moves that stand on the board, in order (PDN writes captures with ``x``).

    A host's undo puts the game back as it was before the judgement it undoes: the moves
    made since (the capture that judgement ended, the next team's move) are struck, as the
    core's undo stack strikes them (``judged`` saves the game, ``judgement_undone`` restores
    the last one saved).

    >>> round_moves([{"type": "capture_started", "move": "e7:b4:e1:g3"},
    ...              {"type": "judged"}, {"type": "move_ended", "move": "e7:b4:e1:g3"},
    ...              {"type": "judgement_undone"},
    ...              {"type": "judged"}, {"type": "move_ended", "move": "e7:b4:e1"}])
    ['e7xb4xe1']
    """
    moves: list[str] = []
    saved: list[int] = []
    for event in events:
        kind = event.get("type")
        if kind == "judged":
            saved.append(len(moves))
        elif kind == "judgement_undone" and saved:
            del moves[saved.pop() :]
        elif kind in ("moved", "move_ended"):
            made = event.get("move")
            moves.append(str(made).replace(":", "x") if made else NULL_MOVE)
    return moves


def round_pdn(view: Json, game_id: str, lang: str = "ru") -> str:
    """The round's moves as PDN (GameType 25), the teams named as their host typed them (no
    ``Round`` tag: a quiz round is no round of an event, and the game's id means nothing)."""
    teams = view.get("teams") or {}
    by_color = {str(t.get("color")): str(t.get("name", tid)) for tid, t in teams.items()}
    winner = teams.get(view.get("winner") or "", {}).get("color")
    result = "*"
    if view.get("phase") == "ended":
        result = {"white": "2-0", "black": "0-2"}.get(str(winner), "1-1")
    tags = {
        "Event": WORDS.get(lang, WORDS["en"])["Event"],
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


def pupils_sheet(view: Json, lang: str) -> Sheet:
    """The per-pupil report (:mod:`boardroom.games.quiz.report`): one row a member, the
    members of a team a robot plays marked (``view["robots"]``, added by the route)."""
    robots = set(view.get("robots") or ())
    robot_members = {
        str(m["id"])
        for tid, team in (view.get("teams") or {}).items()
        if tid in robots
        for m in team.get("members") or []
    }
    rows: list[list[Cell]] = [
        [
            marked(row.name, row.member in robot_members, lang),
            row.team,
            row.answered,
            row.right,
            row.captures,
        ]
        for row in pupil_report(view)
    ]
    keys = ("name", "team", "answered", "right", "captures")
    return Sheet(word("sheet.pupils", lang), columns(lang, *keys), rows)


def _verdict(entry: Json, lang: str) -> str:
    standing = [v for v in entry.get("verdicts") or [] if not v.get("undone")]
    if entry.get("skipped"):
        return word("verdict.skipped", lang)
    if not standing:
        return ""
    return word("verdict.right" if standing[-1]["correct"] else "verdict.wrong", lang)


def _given(entry: Json) -> str:
    """The team's answer as it was given (a choice by its text); "" if none or not shown.

    >>> _given({"question": {"choices": ["3", "4"]}, "given": {"choice": 1}})
    '4'
    >>> _given({"question": {}, "given": {"text": "пять"}}), _given({"given": {"hidden": True}})
    ('пять', '')
    """
    given = entry.get("given") or {}
    choices = (entry.get("question") or {}).get("choices") or []
    choice = given.get("choice")
    if isinstance(choice, int) and 0 <= choice < len(choices):
        return str(choices[choice])
    return str(given.get("text") or "")


def questions_sheet(view: Json, lang: str) -> Sheet:
    """Every question asked, in order: when, to which team and member, the question, the
    team's answer, the right answer (once the seat may see them) and the verdict."""
    teams = view.get("teams") or {}
    names = {str(m["id"]): str(m["name"]) for t in teams.values() for m in t.get("members") or []}
    rows: list[list[Cell]] = [
        [
            Duration(float(entry.get("at") or 0)),
            str((teams.get(entry.get("team")) or {}).get("name") or entry.get("team")),
            names.get(str(entry.get("member")), ""),
            str((entry.get("question") or {}).get("text") or ""),
            _given(entry),
            str((entry.get("question") or {}).get("answer") or ""),
            _verdict(entry, lang),
        ]
        for entry in view.get("record") or []
    ]
    keys = ("at", "team", "answerer", "question", "answer_given", "right_answer", "verdict")
    return Sheet(word("sheet.questions", lang), columns(lang, *keys), rows)


def _tables(view: Json, lang: str) -> list[Sheet]:
    return [questions_sheet(view, lang)]


register_downloads(
    GAME,
    {"pdn": Download("{stem}.pdn", "application/x-pdn", _pdn)},
    Tables(pupils_sheet, _tables),
)
