"""The Rules object the kernel drives: setup, decide, evolve, next_deadline, view.

>>> from boardroom.kernel import Journal
>>> spec = {"game": "exchange", "seed": 1, "ruleset": {"opening_session": False},
...         "players": [{"id": "p1", "name": "Anna"}], "directors": {"1": "p1"}}
>>> game = Journal.open(ExchangeRules(), spec)
>>> [e["type"] for e in game.handle({"type": "start", "by": "host"}, 0).events]
['game_started', 'phase_changed', 'called']
>>> game.state.call.firm, game.rules.next_deadline(game.state)
(1, 300.0)
>>> game.handle({"type": "move", "by": "p1", "firm": 1, "move": "a3-c5"}, 1)
Traceback (most recent call last):
...
boardroom.kernel.Refused: a3-c5 is not legal; legal moves: a3-b4.
>>> game.handle({"type": "move", "by": "p1", "firm": 1, "move": "c3-d4"}, 1).version
Traceback (most recent call last):
...
boardroom.kernel.Refused: c3-d4 moves a piece firm 1 may not move now; its legal moves: a3-b4.
"""

from __future__ import annotations

from collections.abc import Callable
from math import isfinite

from boardroom.games.exchange import meetings, roster, trading, turns, views, year
from boardroom.games.exchange.draft import Autoplay, Draft, strongest_move
from boardroom.games.exchange.events import apply
from boardroom.games.exchange.schema import validate_command
from boardroom.games.exchange.setup import initial_state
from boardroom.games.exchange.state import ExchangeState
from boardroom.kernel import Json, Refused

Handler = Callable[[Draft, Json], None]
MAX_CATCH_UP = 10_000


def _tick(draft: Draft, command: Json) -> None:
    """Time passes: the deadlines due were fired before the handler ran."""


HANDLERS: dict[str, Handler] = {
    "start": year.start,
    "move": turns.move,
    "pass": turns.pass_call,
    "order": trading.place,
    "cancel": trading.cancel,
    "call_meeting": meetings.call_meeting,
    "nominate": meetings.nominate,
    "vote": meetings.vote,
    "tick": _tick,
    "end_phase": year.end_phase,
    "pause": year.pause,
    "resume": year.resume,
    "extend": year.extend,
    "continue": year.continue_game,
    "end_game": year.end_game_command,
    "rename": roster.rename,
}
BEFORE_START = frozenset({"start", "tick", "rename"})


def next_deadline(state: ExchangeState) -> float | None:
    """When a ``tick`` will next change something (None while paused or not running)."""
    if not state.started or state.phase == "ended" or state.paused_at is not None:
        return None
    return state.deadline


class ExchangeRules:
    """Exchange Draughts for the kernel. ``autoplay`` moves for a late firm in a takeover."""

    name = "exchange"

    def __init__(self, autoplay: Autoplay = strongest_move) -> None:
        self.autoplay = autoplay

    def setup(self, spec: Json) -> ExchangeState:
        return initial_state(spec)

    def decide(self, state: ExchangeState, command: Json, now: float) -> list[Json]:
        validate_command(command)
        if not isinstance(now, (int, float)) or not isfinite(now) or now < 0:
            raise Refused(
                "bad_time", f"The time must be seconds ≥ 0, not {now!r}.", value=repr(now)
            )
        kind = command["type"]
        if state.phase == "ended" and kind != "tick":
            raise Refused("game_over", "The game is over; see the results.")
        if not state.started and kind not in BEFORE_START:
            raise Refused("wrong_phase", "The game has not started yet.", reason="not_started")
        draft = Draft(state, float(now), self.autoplay)
        catch_up(draft)
        HANDLERS[kind](draft, command)
        year.advance(draft)
        return draft.decided()

    def evolve(self, state: ExchangeState, event: Json) -> ExchangeState:
        return apply(state, event)

    def next_deadline(self, state: ExchangeState) -> float | None:
        return next_deadline(state)

    def view(self, state: ExchangeState, viewer: str, *, events_since: int = 0) -> Json:
        return views.view(state, viewer, events_since=events_since)

    def views(
        self, state: ExchangeState, viewers: list[str], *, events_since: int = 0
    ) -> list[Json]:
        """Several viewers' views at once (see :func:`views.views`), as the server fans out."""
        return views.views(state, viewers, events_since=events_since)


def catch_up(draft: Draft) -> None:
    """Fire every deadline due by the draft's time, each at its own time."""
    now = draft.now
    for _ in range(MAX_CATCH_UP):
        due = next_deadline(draft.state)
        if due is None or due > now:
            break
        draft.now = due
        year.fire_deadline(draft)
        year.advance(draft)
    else:
        raise AssertionError("deadlines keep firing without time passing")
    draft.now = now
