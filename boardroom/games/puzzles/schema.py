"""The published JSON Schema of a puzzle lesson's commands (``GET /api/schema/puzzles``).

>>> " ".join(sorted(command_schema()["$defs"]))
'answer end_game enter hide_names next reveal start tick'
"""

from __future__ import annotations

from typing import Any, Final

from boardroom.kernel import Json

_ENVELOPE: Final[dict[str, Any]] = {
    "by": {"type": "string", "description": "The seat acting: p1…p40, host or server."},
    "id": {
        "type": "string",
        "description": "Client command id; the same id twice is applied once.",
    },
}
COMMANDS: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "enter": ("A pupil enters with their name.", {"name": {"type": "string", "maxLength": 40}}),
    "start": ("The teacher opens the first puzzle.", {}),
    "answer": (
        "A pupil's one move on the open puzzle (c3-d4, c3:e5:g7).",
        {"move": {"type": "string", "maxLength": 80}},
    ),
    "reveal": ("The teacher closes the puzzle (if open) and shows the answers.", {}),
    "next": ("The teacher opens the next puzzle (after the last: the lesson ends).", {}),
    "hide_names": ("The teacher hides (or shows) who found it.", {"hidden": {"type": "boolean"}}),
    "end_game": ("The teacher ends the lesson.", {}),
    "tick": ("The server's clock: closes a puzzle whose time is up.", {}),
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
        "title": "Puzzle lesson commands",
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in defs],
        "$defs": defs,
    }
