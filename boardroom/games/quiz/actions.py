"""What a seat may send now, with its options — read from the seat's own view.

The pages render these and infer nothing. Made from the view alone (never from the
state), so an action list shows a seat nothing its own view does not. Each key is a
command ``type``; a command not listed would be refused now.

>>> view = {"phase": "move", "paused": False, "to_move": "A", "duel": None,
...         "legal_moves": [{"move": "c3-d4"}], "teams": {"A": {}, "B": {}},
...         "bank": {"categories": {}}, "end_reason": None}
>>> actions(view, "A")
{'move': {'moves': ['c3-d4']}}
>>> actions(view | {"legal_moves": []}, "B")
{}
>>> sorted(actions(view | {"undo_available": 0}, "host"))
['end_game', 'move', 'pause']
>>> actions(view | {"ruleset": {"one_device_answers": True}, "answerers": {"A": "s1"}}, "B")
{'claim_answering': {}}
"""

from __future__ import annotations

from boardroom.games.quiz.schema import MAX_ANSWER_CHARS
from boardroom.kernel import Json

HOST = "host"
PROJECTOR = "projector"


def actions(view: Json, role: str) -> Json:
    """The commands ``role`` may send now, each with what it may choose."""
    if role == PROJECTOR:
        return {}
    out: Json = _host(view) if role == HOST else {}
    if view.get("phase") == "ended":
        return out
    out |= _claim(view, role)
    if view.get("paused"):
        return out
    out |= _move(view, role)
    out |= _answer(view, role)
    return out


def _host(view: Json) -> Json:
    phase = view.get("phase")
    out: Json = {}
    if view.get("undo_available") and view.get("end_reason") != "host":
        out["undo_judgement"] = {}
    if phase == "ended":
        return out
    if (view.get("ruleset") or {}).get("one_device_answers"):
        out["hand_answering"] = {"answerers": dict(view.get("answerers") or {})}
    if phase == "setup":
        return out | {"start": {}} | ({"resume": {}} if view.get("paused") else {})
    out["pause" if not view.get("paused") else "resume"] = {}
    out["end_game"] = {"winners": [*(view.get("teams") or {}), None]}
    duel = view.get("duel")
    if phase != "duel" or not isinstance(duel, dict):
        return out
    if duel.get("step") == "ask":
        if not view.get("paused"):
            categories = (view.get("bank") or {}).get("categories") or {}
            out["ask"] = {"categories": sorted(c for c, left in categories.items() if left)}
    else:
        out["judge"] = {"question": (duel.get("question") or {}).get("id")}
        out["skip_question"] = {}
    return out


def _move(view: Json, role: str) -> Json:
    moves = [m["move"] for m in view.get("legal_moves") or []]
    may = role == HOST or role == view.get("to_move")
    return {"move": {"moves": moves}} if view.get("phase") == "move" and moves and may else {}


def _answer(view: Json, role: str) -> Json:
    duel = view.get("duel")
    if not isinstance(duel, dict) or duel.get("step") != "answer" or duel.get("given"):
        return {}
    answering = (duel.get("answering") or {}).get("team")
    if role not in (HOST, answering):
        return {}
    question = duel.get("question") or {}
    choices = list(question.get("choices") or [])
    device = (view.get("answerers") or {}).get(answering) if role != HOST else None
    limit = MAX_ANSWER_CHARS  # what the page's answer field takes (its maxlength)
    return {"answer": {"team": answering, "choices": choices, "device": device, "max_chars": limit}}


def _claim(view: Json, role: str) -> Json:
    """A team's devices may claim answering while none does."""
    if role in (HOST, PROJECTOR) or role not in (view.get("teams") or {}):
        return {}
    if not (view.get("ruleset") or {}).get("one_device_answers"):
        return {}
    taken = (view.get("answerers") or {}).get(role) is not None
    return {} if taken else {"claim_answering": {}}
