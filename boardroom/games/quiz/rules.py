"""The quiz core as the kernel's :class:`~boardroom.kernel.Rules`."""

from __future__ import annotations

from typing import Final

from boardroom.games.quiz.decide import decide
from boardroom.games.quiz.evolve import evolve
from boardroom.games.quiz.schema import command_schema
from boardroom.games.quiz.setup import setup
from boardroom.games.quiz.state import QuizState
from boardroom.games.quiz.views import next_deadline, view
from boardroom.kernel import Json


class QuizRules:
    """The quiz core as the kernel's :class:`~boardroom.kernel.Rules`."""

    name = "quiz"

    def setup(self, spec: Json) -> QuizState:
        return setup(spec)

    def decide(self, state: QuizState, command: Json, now: float) -> list[Json]:
        return decide(state, command, now)

    def evolve(self, state: QuizState, event: Json) -> QuizState:
        return evolve(state, event)

    def next_deadline(self, state: QuizState) -> float | None:
        return next_deadline(state)

    def view(self, state: QuizState, viewer: str, *, events_since: int = 0) -> Json:
        return view(state, viewer, events_since=events_since)

    def command_schema(self) -> Json:
        """The JSON Schema of the quiz commands (see :mod:`.schema`)."""
        return command_schema()


RULES: Final = QuizRules()
