"""Takebacks, when the host allowed them in the game's settings (``ruleset.takebacks``).

A player asks to take back **their last move**: that one ply when it was the last move of
the game, else it and the opponent's reply (two plies). The opponent — or the host —
accepts (the position goes back; the requester is to move again; the clocks keep the time
they show) or declines. A move made while a takeback is asked cancels it. One request at a
time. The rules' deciders check the phase and the seat first (``rules.py``).

>>> from boardroom.games.russian.state import setup
>>> state = setup({"game": "russian", "ruleset": {"takebacks": True}})
>>> state.phase = "play"
>>> _ = state.board.push_notation("c3-d4")
>>> request(state, "white", 5.0)
{'type': 'takeback_requested', 'by': 'white', 'plies': 1, 'at': 5.0}
>>> request(state, "black", 5.0)
Traceback (most recent call last):
...
boardroom.kernel.Refused: You have made no move to take back.
"""

from __future__ import annotations

from boardroom.draughts import Color
from boardroom.games.russian.state import RussianState, other
from boardroom.kernel import Json, Refused

HOST = "host"


def plies_to_undo(state: RussianState, side: Color) -> int:
    """How many plies ``side``'s takeback undoes now: 1 (its move was the last), 2 (its
    move and the reply), 0 (it has made no move yet)."""
    made = len(state.board.move_stack)
    if made == 0:
        return 0
    last_mover = other(state.board.turn)
    if last_mover == side:
        return 1
    return 2 if made >= 2 else 0


def request(state: RussianState, side: Color, at: float) -> Json:
    """The event of ``side`` asking for a takeback (or :class:`Refused`)."""
    if not state.ruleset.takebacks:
        raise Refused("takebacks_off", "The host has not allowed takebacks in this game.")
    if state.takeback is not None:
        mine = state.takeback["by"] == side
        raise Refused(
            "takeback_asked",
            "You have already asked to take back a move."
            if mine
            else "A takeback is asked of you: accept it or decline it.",
            reason="yours" if mine else "to_you",
        )
    plies = plies_to_undo(state, side)
    if plies == 0:
        raise Refused("nothing_to_take_back", "You have made no move to take back.")
    return {"type": "takeback_requested", "by": side, "plies": plies, "at": at}


def answer(state: RussianState, by: str, accept: bool, at: float) -> Json:
    """The opponent's or the host's answer to the takeback asked (or :class:`Refused`)."""
    asked = state.takeback
    if asked is None or by == asked["by"]:
        raise Refused("no_takeback", "Nobody has asked you to take back a move.")
    if not accept:
        return {"type": "takeback_declined", "by": by, "at": at}
    return {"type": "takeback_accepted", "by": by, "plies": asked["plies"], "at": at}


def undo(state: RussianState, event: Json) -> None:
    """Fold an accepted takeback in: the plies go back, the requester's turn starts now."""
    for _ in range(int(event["plies"])):
        state.board.pop()
    state.turn_started = float(event["at"])
    state.takeback = None
