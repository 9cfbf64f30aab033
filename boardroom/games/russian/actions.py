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
    if role == HOST:
        return {"start": {}} if phase == "setup" else {"end_game": {}} if phase == "play" else {}
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
    return out
