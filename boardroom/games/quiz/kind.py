"""Quiz Draughts as a game kind: its team seats, labels, demo, presets (see :mod:`..kind`).

>>> KIND.roles({"teams": {"A": {}, "B": {}}}), KIND.shared_roles
(['A', 'B'], True)
>>> KIND.rereads([{"type": "answer_given"}]), KIND.rereads([{"type": "judged"}])
(False, True)
>>> KIND.seat_labels({"teams": {"A": {"name": "Eagles", "color": "white",
...                                   "members": [{"name": "Ivan"}]}}}, ["A"])
{'A': {'name': 'Eagles', 'color': 'white', 'members': ['Ivan']}}
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final

from boardroom.games.kind import GameKind, Words
from boardroom.games.quiz import messages
from boardroom.games.quiz.actions import actions
from boardroom.games.quiz.rules import RULES
from boardroom.games.quiz.ruleset import Ruleset
from boardroom.games.quiz.schema import command_schema
from boardroom.games.quiz.views import media_blob
from boardroom.kernel import Json

SQUARES: Final = {
    "A": ("b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3"),
    "B": ("g7", "e7", "c7", "a7", "h6", "f6", "d6", "b6"),
}
QUESTIONS: Final = (
    ("Capital of Italy?", "Rome"),
    ("How many squares does a draughts board have?", "64"),
    ("Who wrote 'War and Peace'?", "Tolstoy"),
    ("The largest planet?", "Jupiter"),
    ("H2O is?", "Water"),
    ("The deepest lake?", "Baikal"),
    ("2 + 2 × 2?", "6"),
    ("The first man in space?", "Gagarin"),
)


def roles(host_view: Json) -> list[str]:
    """The teams, in the setup's order."""
    return list(host_view.get("teams", {}))


def seat_labels(public: Json, roles: list[str]) -> dict[str, Json]:
    """Each team's name, colour and members' names (public on the projector)."""
    teams: dict[str, Json] = public.get("teams", {})
    out: dict[str, Json] = {}
    for role in roles:
        team = teams.get(role, {})
        out[role] = {
            "name": team.get("name", role),
            "color": team.get("color"),
            "members": [m.get("name", "") for m in team.get("members", [])],
        }
    return out


def rereads(events: list[Json]) -> bool:
    """A judgement reveals the answers given to its question (hidden from others before)."""
    return any(event.get("type") == "judged" for event in events)


def opaque_ids(spec: Json, draw: Callable[[], str]) -> Json:
    """Every question and every media file gets a random id: an id derived from (or
    written with) the text, the answer or a file's name would tell a team what it may
    not know.

    >>> ids = iter(["q-aa", "q-bb", "q-cc"])
    >>> spec = {"questions": [{"id": "lebanon-cedar", "text": "?", "answer": "!",
    ...                        "media": [{"ref": "Кедр.png", "id": "cedar"}]}, {"text": "?2"}]}
    >>> rows = opaque_ids(spec, lambda: next(ids))["questions"]
    >>> [q["id"] for q in rows], rows[0]["media"]
    (['q-aa', 'q-cc'], [{'ref': 'Кедр.png', 'id': 'm-bb'}])
    """
    questions = spec.get("questions")
    if not isinstance(questions, list):
        return spec
    rows = [_with_ids(q, draw) if isinstance(q, dict) else q for q in questions]
    return {**spec, "questions": rows}


def _with_ids(row: Json, draw: Callable[[], str]) -> Json:
    row = {**row, "id": draw()}
    media = row.get("media")
    if isinstance(media, list):
        row["media"] = [
            {**m, "id": "m-" + draw().split("-", 1)[-1]} if isinstance(m, dict) else m
            for m in media
        ]
    return row


def demo(answer_s: float = 60.0) -> Json:
    """A quiz final: two teams of eight, a few questions."""
    teams = []
    for tid, name in (("A", "Eagles"), ("B", "Owls")):
        members = [
            {"id": f"{tid.lower()}{i}", "name": f"{name[:-1]} {i}", "square": sq}
            | ({"captain": True} if i == 2 else {})
            for i, sq in enumerate(SQUARES[tid], start=1)
        ]
        teams.append({"id": tid, "name": name, "score": 10, "members": members})
    questions = [
        {"id": f"q{n}", "text": text, "answer": answer}
        for n, (text, answer) in enumerate(QUESTIONS, start=1)
    ]
    return {
        "game": "quiz",
        "seed": 1,
        "ruleset": {"duel": "defender", "answer_s": answer_s},
        "teams": teams,
        "questions": questions,
    }


def presets() -> Json:
    """The default ruleset (the start page fills its form from it)."""
    return Ruleset().to_json()


KIND = GameKind(
    name="quiz",
    rules=RULES,
    source=Path(__file__).resolve().parent,
    roles=roles,
    shared_roles=True,
    seat_labels=seat_labels,
    demo=demo,
    presets=presets,
    command_schema=command_schema,
    frame_events=frozenset(
        {
            "game_started",
            "moved",
            "capture_started",
            "piece_taken",
            "capture_repelled",
            "move_ended",
            "question_asked",
            "judged",
            "judgement_undone",
            "game_ended",
        }
    ),
    rereads=rereads,
    actions=actions,
    team_codes=True,
    opaque_ids=opaque_ids,
    words=Words(messages.MESSAGES, names=messages.names),
    media=media_blob,
    devices=frozenset({"answer", "claim_answering"}),
)
