"""The published JSON Schema of a class event's commands (``GET /api/schema/tournament``).

>>> " ".join(sorted(command_schema()["$defs"]))
'add_robot boards end_round enter rename result sit_in start tick undo_result withdraw'
"""

from __future__ import annotations

from typing import Any, Final

from boardroom.kernel import Json

_ENVELOPE: Final[dict[str, Any]] = {
    "by": {"type": "string", "description": "The seat acting: p1…p30, host or server."},
    "id": {
        "type": "string",
        "description": "Client command id; the same id twice is applied once.",
    },
}
_ROUND: Final = {"type": "integer", "minimum": 1}
COMMANDS: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "enter": ("A pupil enters with their name.", {"name": {"type": "string", "maxLength": 40}}),
    "start": ("The teacher starts the event: round 1 is paired.", {}),
    "boards": (
        "The server names the game of each board of the round.",
        {"round": _ROUND, "games": {"type": "object"}},
    ),
    "result": (
        "A board's result (white's half-points): the server's from its game, or the teacher's.",
        {"round": _ROUND, "board": {"type": "integer"}, "result": {"enum": [0, 1, 2]}},
    ),
    "end_round": ("The teacher ends the round: boards still playing are draws.", {"round": _ROUND}),
    "undo_result": (
        "The teacher takes back a result they set, while its round is open.",
        {"round": _ROUND, "board": {"type": "integer"}},
    ),
    "rename": (
        "The teacher renames a pupil.",
        {"pupil": {"type": "string"}, "name": {"type": "string", "maxLength": 40}},
    ),
    "withdraw": (
        "The teacher withdraws a pupil: not paired again, their results stay.",
        {"pupil": {"type": "string"}},
    ),
    "add_robot": (
        "A simul: the teacher seats a robot for an absent pupil (it gets a board of its own).",
        {"name": {"type": "string", "maxLength": 40}},
    ),
    "sit_in": (
        "A simul: the robot plays on for a pupil who has gone (until they come back).",
        {"round": _ROUND, "board": {"type": "integer"}},
    ),
    "tick": ("The server's clock (the event has none of its own).", {}),
}


def command_schema() -> Json:
    """One object schema per command, and their union."""
    defs = {
        name: {
            "type": "object",
            "description": text,
            "properties": {"type": {"const": name}, **_ENVELOPE, **fields},
            "required": ["type"],
        }
        for name, (text, fields) in COMMANDS.items()
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Class tournament commands",
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in defs],
        "$defs": defs,
    }
