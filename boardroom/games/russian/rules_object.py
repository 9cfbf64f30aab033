"""The Russian draughts core as the kernel's :class:`~boardroom.kernel.Rules`."""

from __future__ import annotations

from typing import Final

from boardroom.games.russian import rules, state, views
from boardroom.games.russian.schema import command_schema
from boardroom.games.russian.state import RussianState
from boardroom.kernel import Json


class RussianRules:
    """Russian draughts for the kernel: ``setup``, ``decide``, ``evolve``, the clock, ``view``."""

    name = "russian"

    def setup(self, spec: Json) -> RussianState:
        return state.setup(spec)

    def decide(self, game: RussianState, command: Json, now: float) -> list[Json]:
        return rules.decide(game, command, now)

    def evolve(self, game: RussianState, event: Json) -> RussianState:
        return rules.evolve(game, event)

    def next_deadline(self, game: RussianState) -> float | None:
        return views.next_deadline(game)

    def view(self, game: RussianState, viewer: str, *, events_since: int = 0) -> Json:
        return views.view(game, viewer, events_since=events_since)

    def command_schema(self) -> Json:
        return command_schema()


RULES: Final = RussianRules()
