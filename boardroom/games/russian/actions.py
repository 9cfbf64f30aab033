"""What a seat may send now, with its options — read from the seat's own view.

>>> v = {"phase": "play", "to_move": "white", "legal_moves": ["c3-d4"], "draw_offer": None}
>>> actions(v, "white")
{'move': {'moves': ['c3-d4']}, 'resign': {}, 'offer_draw': {}}
>>> actions(v | {"draw_offer": "white"}, "black")
{'resign': {}, 'accept_draw': {}, 'decline_draw': {}}
>>> actions(v, "host"), actions(v | {"phase": "setup"}, "host"), actions(v, "projector")
({'end_game': {}}, {'start': {}}, {})
"""

from __future__ import annotations

from boardroom.kernel import Json

HOST = "host"
SIDES = ("white", "black")


def actions(view: Json, role: str) -> Json:
    """The commands ``role`` may send now, each with what it may choose."""
    phase = view.get("phase")
    takeback = view.get("takeback")
    if role == HOST:
        if phase != "play":
            return {"start": {}} if phase == "setup" else {}
        answers: Json = {"accept_takeback": {}, "decline_takeback": {}} if takeback else {}
        return {"end_game": {}} | answers
    if role not in SIDES or phase != "play":
        return {}
    out: Json = {}
    moves = list(view.get("legal_moves") or [])
    if view.get("to_move") == role and moves:
        out["move"] = {"moves": moves}
    out["resign"] = {}
    offer = view.get("draw_offer")
    if offer is None:
        out["offer_draw"] = {}
    elif offer != role:
        out |= {"accept_draw": {}, "decline_draw": {}}
    return out | _takeback_actions(view, role)


def _takeback_actions(view: Json, role: str) -> Json:
    """Ask for a takeback (the host allowed them, the side has a move to take back), or
    answer the opponent's.

    >>> v = {"ruleset": {"takebacks": True}, "moves": ["c3-d4"], "to_move": "black",
    ...      "takeback": None}
    >>> _takeback_actions(v, "white"), _takeback_actions(v, "black")
    ({'request_takeback': {}}, {})
    >>> _takeback_actions(v | {"takeback": {"by": "white", "plies": 1}}, "black")
    {'accept_takeback': {}, 'decline_takeback': {}}
    """
    if not (view.get("ruleset") or {}).get("takebacks"):
        return {}
    asked = view.get("takeback")
    if asked is not None:
        return {} if asked["by"] == role else {"accept_takeback": {}, "decline_takeback": {}}
    moves = view.get("moves") or []
    last_mover = "white" if view.get("to_move") == "black" else "black"
    if moves and (last_mover == role or len(moves) >= 2):
        return {"request_takeback": {}}
    return {}
