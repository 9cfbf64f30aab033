"""A draft: a private copy of the state that events are emitted into while deciding.

``decide`` never touches the real state: it clones it into a draft, emits events
(each applied at once to the copy, so later rules see earlier effects) and
returns the events. A refusal simply drops the draft.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardroom.draughts import Board, Move
from boardroom.games.exchange.events import apply
from boardroom.games.exchange.state import EventKind, ExchangeState
from boardroom.kernel import Decided, Json

Autoplay = Callable[[Board, Sequence[Move], int], Move]
"""Chooses a move for a late firm: (a copy of the board, the legal moves, the firm)."""


def strongest_move(board: Board, moves: Sequence[Move], firm: int) -> Move:
    """The built-in robot: most pieces taken, then crowning, then first by notation.

    >>> board = Board()
    >>> str(strongest_move(board, board.legal_moves, 1))
    'a3-b4'
    """
    return min(moves, key=lambda m: (-len(m.jumped), not m.crowns, str(m)))


class Draft:
    """A working copy of the state plus the events emitted into it so far."""

    def __init__(self, state: ExchangeState, now: float, autoplay: Autoplay) -> None:
        self.base = state
        self.base_length = len(state.log)
        self.state = state.clone()
        self.now = now
        self.autoplay = autoplay
        self.events: list[Json] = []
        self.settled = False

    def decided(self) -> Decided:
        """The events, as ``decide`` returns them (:class:`~boardroom.kernel.Decided`)."""
        decided = Decided(self.events)
        decided.settle = self.settle
        return decided

    def settle(self, state: object, events: list[Json]) -> bool:
        """Make ``state`` into the draft's, if it is the state decided on, still as it
        was, and ``events`` are the draft's own (once: the draft is spent afterwards)."""
        mine = self.events
        if self.settled or state is not self.base or len(events) != len(mine):
            return False
        if len(self.base.log) != self.base_length:
            return False
        if any(mine[i] is not events[i] for i in range(len(mine))):
            return False
        self.settled = True
        self.base.take(self.state)
        return True

    def emit(self, kind: EventKind, **fields: Any) -> Json:
        """Record an event at the draft's time and apply it to the copy."""
        event: Json = {"type": kind, **fields, "at": self.now}
        self.events.append(event)
        apply(self.state, event)
        return event
