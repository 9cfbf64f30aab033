"""``GET /api/games/{id}/coach``: the coach's review of a finished Russian draughts game.

Any seat of the game may read it once the game is over (it has no secrets left): the
seat's secret first (401/404 as every per-game route), then its own projection must say
the game ended (``coach_not_over``, 409), then the analysis (``server/coach.py``):
``{"status": "pending"}`` while the worker thinks, else ``"ready"`` with each move's note
told in the reader's language (the label's word, the sentence: the missed capture or
win, else the better move) and the game's start and moves for the page's board.

>>> note = {"label": "mistake", "better": "c3-d4", "hint": None}
>>> told(note, "ru")["sentence"], told(note, "en")["label_text"]
('Лучше было c3-d4.', 'mistake')
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from boardroom.i18n import catalogue_for, format_message
from boardroom.kernel import Json
from boardroom.server.app import request_language
from boardroom.server.deps import HubDep, SeatDep

GAME = "russian"
router = APIRouter(prefix="/api")


@router.get("/games/{game_id}/coach")
async def coach(at: SeatDep, hub: HubDep, request: Request) -> Json:
    """The review for the asking seat, in its language (pending while it is made)."""
    view = at.live.view(at.seat.role, events_since=at.live.version)
    analysis = hub.coach.read(at.live, view)
    if analysis is None:
        return {"status": "pending"}
    lang = request_language(request)
    notes = [told(note, lang) for note in analysis["notes"]]
    first = analysis["first_hint"]
    return {
        "status": "ready",
        "depth": analysis["depth"],
        "graph": analysis["graph"],
        "first_hint": first,
        "notes": notes,
        "start": view["start"],
        "moves": view["moves"],
        "positions": analysis["positions"],
        "players": view["players"],
        "result": view["result"],
    }


def told(note: Json, lang: str) -> Json:
    """A note with its words: ``label_text`` and ``sentence`` (None where there are none)."""
    catalogue = catalogue_for(GAME)

    def say(key: str, params: Json) -> str | None:
        template = catalogue.get(lang, key)
        return None if template is None else format_message(template, params, lang, catalogue)

    label, hint = note.get("label"), note.get("hint")
    sentence = None
    if hint is not None:
        sentence = say(str(hint["key"]), dict(hint["params"]))
    elif label is not None and note.get("better"):
        sentence = say("coach.better", {"move": note["better"]})
    label_text = None if label is None else say(f"@coach.{label}", {})
    return {**note, "label_text": label_text, "sentence": sentence}


def mistakes_by_side(analysis: Json) -> dict[str, int]:
    """Each side's mistakes and blunders in a review (the per-pupil report's column).

    >>> mistakes_by_side({"notes": [{"side": "white", "label": "mistake"},
    ...     {"side": "black", "label": "inaccuracy"}, {"side": "white", "label": "blunder"}]})
    {'white': 2, 'black': 0}
    """
    counted = {"white": 0, "black": 0}
    for note in analysis["notes"]:
        if note.get("label") in ("mistake", "blunder"):
            counted[str(note["side"])] += 1
    return counted
