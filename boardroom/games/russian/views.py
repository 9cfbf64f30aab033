"""The one projection of a game of Russian draughts, and its clock's deadline.

Nothing in this game is secret: every seat sees the whole board, both clocks and the
log (a robot or the host sees the same as a player).

>>> from boardroom.games.russian.state import setup
>>> state = setup({"game": "russian", "white": {"name": "Anna"}, "ruleset": {"minutes": 1}})
>>> v = view(state, "white")
>>> v["phase"], v["to_move"], v["players"]["white"], v["legal_moves"]
('setup', 'white', {'name': 'Anna', 'robot': None}, [])
>>> next_deadline(state) is None
True
"""

from __future__ import annotations

from boardroom.games.russian.rules import RESULTS
from boardroom.games.russian.state import SIDES, RussianState
from boardroom.kernel import Json


def view(state: RussianState, viewer: str, *, events_since: int = 0) -> Json:
    """What ``viewer`` sees: the position, the moves legal now, both clocks, the result."""
    playing = state.phase == "play"
    board = state.board
    return {
        "game": "russian",
        "phase": state.phase,
        "ruleset": state.ruleset.to_json(),
        "players": {
            side: {"name": state.names[side], "robot": state.robots[side]} for side in SIDES
        },
        "start": state.start,
        "position": board.fen(),
        "to_move": state.to_move if state.phase != "ended" else None,
        "legal_moves": [str(m) for m in board.legal_moves] if playing else [],
        "moves": [str(m) for m in board.move_stack if m is not None],
        "clock": {
            "left": dict(state.left),
            "running": state.to_move if playing else None,
            "since": state.turn_started,
            "deadline": state.deadline(),
        },
        "draw_offer": state.draw_offer,
        "takeback": None if state.takeback is None else dict(state.takeback),
        "winner": state.winner,
        "end_reason": state.end_reason,
        "result": RESULTS[state.winner] if state.phase == "ended" else "*",
        "events": state.log[max(events_since, 0) :],
    }


def next_deadline(state: RussianState) -> float | None:
    """When the side to move runs out of time (a ``tick`` then ends the game)."""
    return state.deadline()
