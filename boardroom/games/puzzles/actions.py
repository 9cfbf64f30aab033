"""What a seat may send now, read from its own view.

>>> v = {"phase": "asking", "pupils": [{"id": "p1", "name": "Аня"}], "my_answer": None,
...      "you": "p1", "hidden": False, "legal_moves": ["c3-d4"]}
>>> actions(v, "p1")
{'answer': {'moves': ['c3-d4']}}
>>> actions(v | {"you": "p2"}, "p2"), actions(v, "host")
({'enter': {}}, {'reveal': {}, 'hide_names': {'hidden': True}, 'end_game': {}})
>>> actions(v | {"phase": "gathering", "pupils": []}, "host")
{'hide_names': {'hidden': True}, 'end_game': {}}
"""

from __future__ import annotations

from boardroom.games.puzzles.state import seats
from boardroom.kernel import Json

HOST = "host"


def actions(view: Json, role: str) -> Json:
    """The commands ``role`` may send now, each with what it may choose."""
    phase = view.get("phase")
    if phase == "over":
        return {}
    if role == HOST:
        return _host(view, str(phase))
    if role not in seats():
        return {}
    if not any(p["id"] == role for p in view.get("pupils") or []):
        return {"enter": {}}
    if phase == "asking" and view.get("my_answer") is None:
        return {"answer": {"moves": list(view.get("legal_moves") or [])}}
    return {}


def _host(view: Json, phase: str) -> Json:
    out: Json = {}
    if phase == "gathering" and view.get("pupils"):
        out["start"] = {}
    if phase in ("asking", "closed"):
        out["reveal"] = {}
    if phase == "revealed":
        out["next"] = {"last": view.get("index", 0) + 1 >= view.get("count", 0)}
    out["hide_names"] = {"hidden": not view.get("hidden")}
    return out | {"end_game": {}}
