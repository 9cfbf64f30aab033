"""The published JSON Schema of the commands of Russian draughts (``GET /api/schema/russian``).

>>> print(" ".join(sorted(command_schema()["$defs"])))  # doctest: +NORMALIZE_WHITESPACE
accept_draw accept_takeback decline_draw decline_takeback end_game move offer_draw rename
request_takeback resign start tick
"""

from __future__ import annotations

from typing import Any, Final

from boardroom.kernel import Json

_ENVELOPE: Final[dict[str, Any]] = {
    "by": {"type": "string", "description": "The seat acting: white, black, host or server."},
    "id": {
        "type": "string",
        "description": "Client command id; the same id twice is applied once.",
    },
}
COMMANDS: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "start": ("The host starts the game (white's clock starts).", {}),
    "move": (
        "The side to move makes a move.",
        {"move": {"type": "string", "maxLength": 80, "examples": ["c3-d4", "c3:e5:g7"]}},
    ),
    "resign": ("A player resigns: the other wins.", {}),
    "offer_draw": ("A player offers a draw (moving on declines one offered to you).", {}),
    "accept_draw": ("A player accepts the draw offered: the game is drawn.", {}),
    "decline_draw": ("A player declines the draw offered.", {}),
    "rename": (
        "Before the start, a side's seat names it (the host names the side given).",
        {
            "name": {"type": "string", "maxLength": 200, "examples": ["Александра"]},
            "side": {"enum": ["white", "black"]},
        },
    ),
    "end_game": ("The host ends the game as a draw.", {}),
    "tick": ("The server's clock: ends the game when the side to move runs out of time.", {}),
    "request_takeback": (
        "A player asks to take back their last move (when the host allowed takebacks).",
        {},
    ),
    "accept_takeback": ("The opponent or the host accepts: the position goes back.", {}),
    "decline_takeback": ("The opponent or the host declines the takeback asked.", {}),
}

OPTIONAL: Final = frozenset({"side"})
"""Fields a command may leave out (``rename``'s side: the seat's own by default)."""


def command_schema() -> Json:
    """One schema per command type, under ``$defs``, any of them at the top."""
    defs = {
        name: {
            "type": "object",
            "description": text,
            "properties": {"type": {"const": name}, **_ENVELOPE, **fields},
            "required": ["type", "by", *(f for f in fields if f not in OPTIONAL)],
            "additionalProperties": False,
        }
        for name, (text, fields) in COMMANDS.items()
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Russian draughts commands",
        "anyOf": [{"$ref": f"#/$defs/{name}"} for name in defs],
        "$defs": defs,
    }
