"""The puzzle lesson as a game kind: forty pupils' seats, a demo, presets (see :mod:`..kind`).

>>> KIND.roles({})[:2], KIND.shared_roles
(['p1', 'p2'], False)
>>> KIND.seat_labels({"pupils": [{"id": "p1", "name": "Аня"}]}, ["p1", "p2"])
{'p1': {'name': 'Аня'}, 'p2': {'name': ''}}
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from boardroom.games.kind import GameKind, Words
from boardroom.games.puzzles import messages, rules, views
from boardroom.games.puzzles.actions import actions
from boardroom.games.puzzles.builtin import BUILTIN
from boardroom.games.puzzles.schema import command_schema
from boardroom.games.puzzles.state import DEFAULT_SECONDS, LessonState, seats, setup
from boardroom.kernel import Json


class PuzzleRules:
    """The puzzle lesson for the kernel: setup, decide, evolve, the countdown, view."""

    name = "puzzles"

    def setup(self, spec: Json) -> LessonState:
        return setup(spec)

    def decide(self, game: LessonState, command: Json, now: float) -> list[Json]:
        return rules.decide(game, command, now)

    def evolve(self, game: LessonState, event: Json) -> LessonState:
        return rules.evolve(game, event)

    def next_deadline(self, game: LessonState) -> float | None:
        return views.next_deadline(game)

    def view(self, game: LessonState, viewer: str, *, events_since: int = 0) -> Json:
        return views.view(game, viewer, events_since=events_since)

    def command_schema(self) -> Json:
        return command_schema()


RULES: Final = PuzzleRules()


def roles(host_view: Json) -> list[str]:
    """The pupils' seats."""
    return seats()


def seat_labels(public: Json, roles: list[str]) -> dict[str, Json]:
    """Each seat's pupil name (public)."""
    names = {p["id"]: p["name"] for p in public.get("pupils", [])}
    return {role: {"name": names.get(role, "")} for role in roles}


def demo() -> Json:
    """The built-in set, thirty seconds a puzzle."""
    return {"game": "puzzles", "title": "Задачи", "seconds": DEFAULT_SECONDS, "puzzles": BUILTIN}


def presets() -> Json:
    """The seconds a puzzle and the built-in set (with its solutions)."""
    return {"seconds": DEFAULT_SECONDS, "builtin": BUILTIN}


def carried(host_view: Json) -> list[Json]:
    """Playing again: each pupil enters the new lesson under the name they had."""
    return [
        {"type": "enter", "by": p["id"], "name": p["name"]} for p in host_view.get("pupils", [])
    ]


KIND = GameKind(
    name="puzzles",
    rules=RULES,
    source=Path(__file__).resolve().parent,
    roles=roles,
    shared_roles=False,
    seat_labels=seat_labels,
    demo=demo,
    presets=presets,
    command_schema=command_schema,
    frame_events=frozenset({"puzzle_started", "revealed", "lesson_ended"}),
    actions=actions,
    carried=carried,
    words=Words(messages.MESSAGES, names=messages.names),
)
