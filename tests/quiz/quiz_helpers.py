"""Shared builders for the quiz tests: setup lines, a driven game, and a replay."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from boardroom.games.quiz import RULES, QuizState
from boardroom.kernel import Journal, Json, Refused

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "quiz"

WHITE_NAMES = ["Ivan", "Olga", "Pavel", "Nina", "Oleg", "Vera", "Igor", "Peter I"]
BLACK_NAMES = ["Boris", "Anna", "Denis", "Irina", "Gleb", "Lidia", "Roman", "Catherine II"]


def questions(count: int = 40, *, choices: bool = False) -> list[Json]:
    """``count`` distinct questions q1..qN, answers a1..aN (unusual strings)."""
    rows: list[Json] = []
    for n in range(1, count + 1):
        row: Json = {"id": f"q{n}", "text": f"Question number {n}?", "answer": f"Answer-{n}-xyzzy"}
        if choices:
            row["choices"] = [f"Answer-{n}-xyzzy", f"Wrong-{n}-a", f"Wrong-{n}-b"]
        rows.append(row)
    return rows


def full_spec(**ruleset: Any) -> Json:
    """The seed's round: 8 members a side on the seed's squares, captains crowned."""
    teams = []
    for side, names, score in (("A", WHITE_NAMES, 12), ("B", BLACK_NAMES, 10)):
        members = [
            {"id": f"{side.lower()}{i + 1}", "name": name, "captain": i == 1, "guest": i == 7}
            for i, name in enumerate(names)
        ]
        teams.append({"id": side, "name": f"Team {side}", "score": score, "members": members})
    return {"game": "quiz", "seed": 1, "ruleset": ruleset, "teams": teams, "questions": questions()}


def spec(
    white: dict[str, str],
    black: dict[str, str],
    *,
    scores: tuple[float, float] = (1, 0),
    qs: list[Json] | None = None,
    seed: int = 1,
    **ruleset: Any,
) -> Json:
    """A small setup: ``white``/``black`` map member ids to squares (``K`` prefix: captain)."""
    teams = []
    for side, placed, score in (("A", white, scores[0]), ("B", black, scores[1])):
        members = []
        for member, square in placed.items():
            entry: Json = {"id": member, "name": member.upper(), "square": square.lstrip("K")}
            if square.startswith("K"):
                entry["captain"] = True
            members.append(entry)
        teams.append({"id": side, "name": f"Team {side}", "score": score, "members": members})
    return {
        "game": "quiz",
        "seed": seed,
        "ruleset": ruleset,
        "teams": teams,
        "questions": questions() if qs is None else qs,
    }


class Game:
    """A journal driven by commands at times, firing due deadlines like ``boardroom replay``."""

    def __init__(self, setup: Json) -> None:
        self.journal: Journal[QuizState] = Journal.open(RULES, setup)
        self.now = 0.0

    @property
    def state(self) -> QuizState:
        return self.journal.state

    def advance(self, at: float) -> None:
        """Fire every deadline due by ``at``."""
        while True:
            due = RULES.next_deadline(self.state)
            if due is None or due > at:
                break
            self.journal.handle({"type": "tick", "by": "server"}, due)
        self.now = max(self.now, at)

    def do(self, kind: str, by: str = "host", at: float | None = None, **fields: Any) -> list[Json]:
        """Handle a command at ``at`` (default: the current time)."""
        when = self.now if at is None else at
        self.advance(when)
        return self.journal.handle({"type": kind, "by": by, **fields}, when).events

    def tick(self, at: float) -> list[Json]:
        """A ``tick`` at ``at`` exactly (no deadline fired before it)."""
        self.now = max(self.now, at)
        return self.journal.handle({"type": "tick", "by": "server"}, at).events

    def refused(self, kind: str, by: str = "host", **fields: Any) -> Refused:
        """Check a command is refused and leaves the state exactly as it was."""
        before = copy.deepcopy(self.state)
        count = len(self.journal.events)
        with pytest.raises(Refused) as caught:
            self.journal.handle({"type": kind, "by": by, **fields}, self.now)
        assert self.state == before
        assert len(self.journal.events) == count
        return caught.value

    def view(self, viewer: str = "host") -> Json:
        return RULES.view(self.state, viewer)

    def start(self) -> None:
        self.do("start")

    def duel_jump(self, correct: bool) -> None:
        """Ask the next question of the duel and judge it."""
        self.do("ask")
        self.do("judge", correct=correct)

    def square(self, member: str) -> str | None:
        return self.state.game.squares[member]

    def types(self) -> list[str]:
        return [e["type"] for e in self.journal.events]


def read_lines(path: Path) -> list[Json]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
