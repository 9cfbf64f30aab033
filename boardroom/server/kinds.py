"""What the server needs to know of each game kind beyond the core: its seats, a demo,
and when a seat's earlier events read differently (so it must get them all again).

>>> KINDS["exchange"].roles({"players": {"p1": "Anna", "p2": "Boris"}})
['p1', 'p2']
>>> KINDS["quiz"].roles({"teams": {"A": {}, "B": {}}}), KINDS["quiz"].shared_roles
(['A', 'B'], True)
>>> KINDS["exchange"].history_key({"accounts": {"p1": {}, "firm:3": {}},
...                                "meetings": {"shareholder_of": [3, 5]}})
(('firm:3', 'p1'), (3, 5))
>>> KINDS["quiz"].rereads([{"type": "answer_given"}]), KINDS["quiz"].rereads([{"type": "judged"}])
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

Json = dict[str, Any]
SCREENS = ("host", "projector")


@dataclass(frozen=True)
class Kind:
    """A game kind: the seats players can take (from the host's view) and a demo setup.

    ``shared_roles``: several people may sit in one role (a quiz team on three
    phones); otherwise one person a role (an exchange player).
    """

    name: str
    roles: Callable[[Json], list[str]]
    shared_roles: bool
    demo: Callable[[], Json]
    history_key: Callable[[Json], Hashable] = lambda view: None
    """What, read from a seat's view, the reading of its past events depends on: while
    it stays the same, the events a client holds are still the ones a whole view shows."""
    rereads: Callable[[list[Json]], bool] = lambda events: False
    """Whether these new events (as a seat sees them) change how the earlier ones read."""


def _exchange_roles(host_view: Json) -> list[str]:
    return list(host_view.get("players", {}))


def _quiz_roles(host_view: Json) -> list[str]:
    return list(host_view.get("teams", {}))


def _exchange_history(view: Json) -> Hashable:
    """A seat's past events read by the accounts it acts for and the firms it holds (the
    projection's ``Seat``): its view's ``accounts`` and ``meetings.shareholder_of``."""
    meetings = view.get("meetings") or {}
    return tuple(sorted(view.get("accounts") or ())), tuple(meetings.get("shareholder_of") or ())


def _quiz_rereads(events: list[Json]) -> bool:
    """A judgement reveals the answers given to its question (hidden from others before)."""
    return any(event.get("type") == "judged" for event in events)


def exchange_demo(players: int = 8, preset: str = "demo") -> Json:
    """An exchange game with ``players`` seats, each directing one firm at the start."""
    ids = [f"p{n}" for n in range(1, players + 1)]
    return {
        "game": "exchange",
        "seed": 1,
        "ruleset": {"preset": preset},
        "players": [{"id": pid, "name": f"Player {pid[1:]}"} for pid in ids],
        "directors": {str(firm): ids[(firm - 1) % len(ids)] for firm in range(1, 9)},
    }


QUIZ_SQUARES = {
    "A": ("b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3"),
    "B": ("g7", "e7", "c7", "a7", "h6", "f6", "d6", "b6"),
}
QUIZ_QUESTIONS = [
    ("Capital of Italy?", "Rome"),
    ("How many squares does a draughts board have?", "64"),
    ("Who wrote 'War and Peace'?", "Tolstoy"),
    ("The largest planet?", "Jupiter"),
    ("H2O is?", "Water"),
    ("The deepest lake?", "Baikal"),
    ("2 + 2 × 2?", "6"),
    ("The first man in space?", "Gagarin"),
]


def quiz_demo(answer_s: float = 60.0) -> Json:
    """A quiz final: two teams of eight, a few questions."""
    teams = []
    for tid, name in (("A", "Eagles"), ("B", "Owls")):
        members = [
            {"id": f"{tid.lower()}{i}", "name": f"{name[:-1]} {i}", "square": sq}
            | ({"captain": True} if i == 2 else {})
            for i, sq in enumerate(QUIZ_SQUARES[tid], start=1)
        ]
        teams.append({"id": tid, "name": name, "score": 10, "members": members})
    questions = [
        {"id": f"q{n}", "text": text, "answer": answer}
        for n, (text, answer) in enumerate(QUIZ_QUESTIONS, start=1)
    ]
    return {
        "game": "quiz",
        "seed": 1,
        "ruleset": {"duel": "defender", "answer_s": answer_s},
        "teams": teams,
        "questions": questions,
    }


KINDS: dict[str, Kind] = {
    "exchange": Kind("exchange", _exchange_roles, False, exchange_demo, _exchange_history),
    "quiz": Kind("quiz", _quiz_roles, True, quiz_demo, rereads=_quiz_rereads),
}
