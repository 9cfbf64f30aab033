"""The published JSON Schema of the quiz's commands and setup line, and the validator
``decide`` and ``setup`` check them with — one set of definitions for both.

>>> command_errors({"type": "judge", "by": "host"})
["judge: missing required field 'correct'"]
>>> command_errors({"type": "judge", "by": "host", "correct": True})
[]
>>> command_errors({"type": "answer", "by": "A", "text": "x", "choice": 1})
["answer: matches more than one of: ['choice'] or ['text']"]
>>> sorted(COMMANDS)[:4]
['answer', 'ask', 'claim_answering', 'end_game']
"""

from __future__ import annotations

import copy
from typing import Any, Final

Schema = dict[str, Any]

MAX_ANSWER_CHARS: Final = 500  # a typed answer, stripped; longer: refused (``answer_too_long``)
DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
_STRING: Final[Schema] = {"type": "string", "minLength": 1}
_ENVELOPE: Final[dict[str, Schema]] = {
    "by": {
        "type": "string",
        "minLength": 1,
        "description": "The seat acting: 'host', a team id, or 'server'.",
    },
    "id": {
        "type": "string",
        "description": "Client command id; the same id twice is applied once.",
    },
    "at": {
        "type": "number",
        "minimum": 0,
        "description": "Replay files: seconds since the game was created.",
    },
    "device": {
        "type": "string",
        "minLength": 1,
        "description": "The sending device's seat (set by the server on answers and claims).",
    },
}

COMMANDS: Final[dict[str, tuple[str, dict[str, Schema], list[str]]]] = {
    "start": (
        "host: start the round; the team ahead on earlier scores moves first (a tie by lot)",
        {},
        [],
    ),
    "move": (
        "the team to move (or the host for it): a move, e.g. 'c3-d4' or 'c3:e5:c7'",
        {
            "move": {
                **_STRING,
                "description": "The move; a capture lists its landing squares in jump order.",
            }
        },
        ["move"],
    ),
    "ask": (
        "host: ask the next question of the current duel",
        {
            "question": {
                **_STRING,
                "description": "The id of the question to ask (default: the next unused one).",
            },
            "category": {
                **_STRING,
                "description": "Ask the next unused question of this category.",
            },
        },
        [],
    ),
    "answer": (
        "the answering team (or the host for it): a free-text answer or a choice",
        {
            "text": {
                "type": "string",
                "description": f"A typed answer: at most {MAX_ANSWER_CHARS} characters once "
                "stripped (longer: refused as answer_too_long).",
            },
            "choice": {
                "type": ["integer", "string"],
                "minimum": 0,
                "description": "The index of the choice (0-based) or its text.",
            },
        },
        [],
    ),
    "judge": ("host: the answer is right or wrong", {"correct": {"type": "boolean"}}, ["correct"]),
    "undo_judgement": (
        "host: undo the last judgement and everything that followed from it",
        {},
        [],
    ),
    "skip_question": ("host: drop the current question (it stays used) and ask another", {}, []),
    "pause": ("host: stop the clock", {}, []),
    "resume": ("host: restart the clock; deadlines shift by the pause", {}, []),
    "end_game": (
        "host: end the round now",
        {
            "winner": {
                "type": ["string", "null"],
                "description": "The winning team id or null (none); left out: the points leader.",
            }
        },
        [],
    ),
    "tick": ("anyone: let time pass so that a due deadline fires", {}, []),
    "claim_answering": (
        "a team's device: send this team's answers from this device (one device per team)",
        {},
        [],
    ),
    "hand_answering": (
        "host: let another device answer for a team (null: the next device that claims it)",
        {
            "team": {**_STRING, "description": "The team id."},
            "to": {"type": ["string", "null"], "description": "The device's seat id, or null."},
        },
        ["team", "to"],
    ),
    "play_media": (
        "host: play or pause a sound or a video of the question on screen, on every screen",
        {
            "media": {**_STRING, "description": "The media id (from the question's media)."},
            "playing": {"type": "boolean", "description": "true: play; false: pause."},
            "position": {
                "type": "number",
                "minimum": 0,
                "description": "Seconds from the start of the file to play or pause at.",
            },
        },
        ["media", "playing"],
    ),
}


def command_definition(kind: str) -> Schema:
    """The schema of one command type.

    >>> command_definition("judge")["required"]
    ['type', 'by', 'correct']
    """
    description, fields, required = COMMANDS[kind]
    schema: Schema = {
        "title": kind,
        "description": description,
        "type": "object",
        "properties": {"type": {"const": kind}, **_ENVELOPE, **fields},
        "required": ["type", "by", *required],
        "additionalProperties": False,
    }
    if kind == "answer":
        schema["oneOf"] = [{"required": ["text"]}, {"required": ["choice"]}]
    return schema


def command_schema() -> Schema:
    """The JSON Schema (2020-12) of every quiz command, one definition per ``type``.

    >>> schema = command_schema()
    >>> schema["$defs"]["move"]["properties"]["move"]["type"], len(schema["oneOf"])
    ('string', 14)
    """
    defs = {kind: command_definition(kind) for kind in COMMANDS}
    return {
        "$schema": DRAFT,
        "$id": "boardroom:quiz/command",
        "title": "Quiz Draughts command",
        "oneOf": [{"$ref": f"#/$defs/{kind}"} for kind in COMMANDS],
        "discriminator": {"propertyName": "type"},
        "$defs": defs,
    }


_MEMBER: Final[Schema] = {
    "type": "object",
    "required": ["id", "name"],
    "properties": {
        "id": _STRING,
        "name": _STRING,
        "square": {
            "type": ["string", "null"],
            "description": "Dark square, e.g. 'b2' (default: the seed's squares).",
        },
        "captain": {"type": "boolean"},
        "guest": {"type": "boolean", "description": "The invited historical personality."},
    },
    "additionalProperties": False,
}
_TEAM: Final[Schema] = {
    "type": "object",
    "required": ["id", "members"],
    "properties": {
        "id": _STRING,
        "name": _STRING,
        "score": {"type": "number", "description": "Points from the earlier rounds."},
        "color": {"enum": ["white", "black"]},
        "members": {
            "type": "array",
            "minItems": 1,
            "maxItems": 12,
            "items": {"$ref": "#/$defs/member"},
        },
    },
    "additionalProperties": False,
}


def setup_schema() -> Schema:
    """The JSON Schema of a quiz setup line (ruleset values and questions are checked further).

    >>> setup_schema()["properties"]["teams"]["minItems"]
    2
    """
    return {
        "$schema": DRAFT,
        "$id": "boardroom:quiz/setup",
        "title": "Quiz Draughts setup line",
        "type": "object",
        "required": ["game", "teams"],
        "properties": {
            "game": {"const": "quiz"},
            "seed": {"type": "integer"},
            "ruleset": {"type": "object"},
            "teams": {
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "items": {"$ref": "#/$defs/team"},
            },
            "questions": {"type": "array", "items": {"type": "object"}},
        },
        "additionalProperties": False,
        "$defs": {"team": copy.deepcopy(_TEAM), "member": copy.deepcopy(_MEMBER)},
    }


def command_errors(command: Any) -> list[str]:
    """How ``command`` breaks the published schema of its ``type`` (empty when it fits)."""
    if not isinstance(command, dict):
        return [f"a command must be a JSON object, not {_json_kind(command)}"]
    kind = command.get("type")
    if not isinstance(kind, str) or kind not in COMMANDS:
        return [f"unknown command type {kind!r}; the commands are: {', '.join(COMMANDS)}"]
    return _Validator(_COMMAND_SCHEMA).check(_COMMAND_SCHEMA["$defs"][kind], command, "")


def setup_errors(spec: Any) -> list[str]:
    """How a setup line breaks :func:`setup_schema` (empty when it fits).

    >>> setup_errors({"game": "quiz"})
    ["Quiz Draughts setup line: missing required field 'teams'"]
    """
    return _Validator(_SETUP_SCHEMA).check(_SETUP_SCHEMA, spec, "")


def errors(schema: Schema, value: Any) -> list[str]:
    """Every way ``value`` breaks ``schema`` (the subset of JSON Schema used here).

    >>> errors(setup_schema(), {"game": "quiz", "teams": [{"id": "A", "members": []}]})
    ['teams: needs at least 2 items', 'teams[0].members: needs at least 1 item']
    """
    return _Validator(schema).check(schema, value, "")


_TYPES: Final[dict[str, Any]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "null": lambda v: v is None,
}


class _Validator:
    def __init__(self, root: Schema) -> None:
        self.root = root

    def check(self, schema: Schema, value: Any, path: str) -> list[str]:
        if "$ref" in schema:
            return self.check(self._resolve(schema["$ref"]), value, path)
        where = path or schema.get("title", "value")
        if "const" in schema and value != schema["const"]:
            return [f"{where}: must be {schema['const']!r}"]
        if "enum" in schema and value not in schema["enum"]:
            return [f"{where}: must be one of {', '.join(map(str, schema['enum']))}"]
        kinds = schema.get("type")
        if kinds is not None:
            kinds = [kinds] if isinstance(kinds, str) else kinds
            if not any(_TYPES[k](value) for k in kinds):
                return [f"{where}: must be {' or '.join(kinds)}, not {_json_kind(value)}"]
        found = self._scalar(schema, value, where)
        if isinstance(value, dict):
            found += self._object(schema, value, path, where)
        if isinstance(value, list):
            found += self._array(schema, value, path, where)
        if "oneOf" in schema and not found:
            found += self._one_of(schema["oneOf"], value, where)
        return found

    def _resolve(self, ref: str) -> Schema:
        node: Any = self.root
        for part in ref.removeprefix("#/").split("/"):
            node = node[part]
        resolved: Schema = node
        return resolved

    def _scalar(self, schema: Schema, value: Any, where: str) -> list[str]:
        if isinstance(value, str) and len(value) < schema.get("minLength", 0):
            return [f"{where}: must not be empty"]
        if _TYPES["number"](value) and "minimum" in schema and value < schema["minimum"]:
            return [f"{where}: must be at least {schema['minimum']}"]
        return []

    def _object(self, schema: Schema, value: dict[str, Any], path: str, where: str) -> list[str]:
        found = [
            f"{where}: missing required field {key!r}"
            for key in schema.get("required", [])
            if key not in value
        ]
        properties: dict[str, Schema] = schema.get("properties", {})
        for key, item in value.items():
            if key in properties:
                found += self.check(properties[key], item, f"{path}.{key}" if path else key)
            elif schema.get("additionalProperties", True) is False:
                known = ", ".join(k for k in properties if k != "type")
                found.append(f"{where}: unknown field {key!r} (fields: {known or 'none'})")
        return found

    def _array(self, schema: Schema, value: list[Any], path: str, where: str) -> list[str]:
        found: list[str] = []
        low, high = schema.get("minItems"), schema.get("maxItems")
        if low is not None and len(value) < low:
            found.append(f"{where}: needs at least {low} item{'s' if low != 1 else ''}")
        if high is not None and len(value) > high:
            found.append(f"{where}: takes at most {high} items")
        if "items" in schema:
            for index, item in enumerate(value):
                found += self.check(schema["items"], item, f"{path}[{index}]")
        return found

    def _one_of(self, options: list[Schema], value: Any, where: str) -> list[str]:
        passing = [option for option in options if not self.check(option, value, where)]
        if len(passing) == 1:
            return []
        needed = " or ".join(sorted({str(o.get("required", o.get("title", "?"))) for o in options}))
        if not passing:
            return [f"{where}: must match one of: {needed}"]
        return [f"{where}: matches more than one of: {needed}"]


def _json_kind(value: Any) -> str:
    for name in ("null", "boolean", "integer", "number", "string", "array", "object"):
        if _TYPES[name](value):
            return name
    return type(value).__name__


_COMMAND_SCHEMA: Final = command_schema()
_SETUP_SCHEMA: Final = setup_schema()
