"""Robot seats: a policy reads the robot's own view (the one door) and may answer a command.

Robots proper come later (``boardroom/bots``); the hook is :data:`POLICIES`, one
policy per game kind, replaceable with :func:`register_policy`. The built-in
policies play the first legal move and answer every question with a pass; they
read no events, so their views are made without the event history.

>>> first_legal_exchange({"on_call": {"firm": 3}, "legal_moves": ["e3-f4", "e3-d4"]}, "p3")
{'type': 'move', 'firm': 3, 'move': 'e3-f4'}
>>> first_legal_exchange({"on_call": None, "legal_moves": []}, "p3") is None
True
>>> first_legal_quiz({"phase": "move", "to_move": "A", "legal_moves": [{"move": "c3-d4"}],
...                   "duel": None}, "A")
{'type': 'move', 'move': 'c3-d4'}
"""

from __future__ import annotations

from collections.abc import Callable

from boardroom.kernel import Json

RobotPolicy = Callable[[Json, str], Json | None]
"""``policy(view, role)``: the command the robot sends now, or None to wait."""


def first_legal_exchange(view: Json, role: str) -> Json | None:
    """Move the first legal move when a firm this seat directs is on call."""
    call = view.get("on_call")
    moves = view.get("legal_moves") or []
    if not isinstance(call, dict) or not moves:
        return None
    return {"type": "move", "firm": call["firm"], "move": moves[0]}


def first_legal_quiz(view: Json, role: str) -> Json | None:
    """Move first when it is this team's turn; answer a question put to it with a pass."""
    duel = view.get("duel")
    if isinstance(duel, dict):
        answering = duel.get("answering") or {}
        if duel.get("step") == "answer" and answering.get("team") == role and not duel.get("given"):
            return {"type": "answer", "text": "(robot passes)"}
        return None
    moves = view.get("legal_moves") or []
    if view.get("to_move") == role and moves:
        return {"type": "move", "move": moves[0]["move"]}
    return None


POLICIES: dict[str, RobotPolicy] = {"exchange": first_legal_exchange, "quiz": first_legal_quiz}
HISTORY: dict[str, bool] = {"exchange": False, "quiz": False}
"""Whether a kind's policy reads the view's ``events`` (else it gets a view without them)."""


def register_policy(game: str, policy: RobotPolicy, *, history: bool = True) -> None:
    """Plug in the robot that plays every robot seat of games of kind ``game``.

    ``history=False`` if the policy never reads ``view["events"]``: its views are then
    made without the event history (cheaper as the game grows).
    """
    POLICIES[game] = policy
    HISTORY[game] = history


def policy_for(game: str) -> RobotPolicy | None:
    return POLICIES.get(game)


def needs_history(game: str) -> bool:
    """Does the robot of ``game`` read the events of its view?

    >>> needs_history("exchange")
    False
    """
    return HISTORY.get(game, True)
