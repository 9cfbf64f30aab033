"""The command schema: published as JSON Schema, and the same table checks commands.

>>> validate_command({"type": "order", "by": "p1", "account": "p1", "stock": 3,
...                   "side": "buy", "qty": 2.5, "price": 10})
Traceback (most recent call last):
...
boardroom.kernel.Refused: 'qty' must be a whole number, not 2.5.
>>> command_schema()["oneOf"][0]["properties"]["type"]
{'const': 'start'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from boardroom.games.exchange.state import PHASES
from boardroom.kernel import Json, Refused

MAX_INT: Final = 10**9


@dataclass(frozen=True)
class Field:
    """One command field: its JSON type, its range or choices, and whether it is needed."""

    kind: str
    required: bool = True
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    description: str = ""

    def schema(self) -> Json:
        node: Json = {"type": self.kind}
        if self.minimum is not None:
            node["minimum"] = self.minimum
        if self.maximum is not None:
            node["maximum"] = self.maximum
        if self.choices:
            node["enum"] = list(self.choices)
        if self.description:
            node["description"] = self.description
        return node


FIRM: Final = Field("integer", minimum=1, maximum=8, description="a firm number")
ACCOUNT: Final = Field("string", description="'p7', 'firm:3' or 'state'")
COMMANDS: Final[dict[str, dict[str, Field]]] = {
    "start": {},
    "move": {"firm": FIRM, "move": Field("string", description="'c3-d4' or 'c3:e5:g3'")},
    "pass": {"firm": FIRM},
    "order": {
        "account": ACCOUNT,
        "stock": FIRM,
        "side": Field("string", choices=("buy", "sell")),
        "qty": Field("integer", minimum=1, maximum=MAX_INT),
        "price": Field("integer", minimum=1, maximum=MAX_INT),
    },
    "cancel": {"order": Field("string", description="the order id, 'o1', 'o2', …")},
    "call_meeting": {"firm": FIRM, "holder": Field("string", required=False)},
    "nominate": {"firm": FIRM, "candidate": Field("string", description="a player id")},
    "vote": {
        "firm": FIRM,
        "holder": ACCOUNT,
        "director": Field("string", description="a candidate's player id"),
        "payout": Field("integer", minimum=0, maximum=100, description="per cent"),
    },
    "tick": {},
    "end_phase": {},
    "pause": {},
    "resume": {},
    "extend": {
        "seconds": Field("integer", minimum=1, maximum=86_400),
        "phase": Field(
            "string",
            required=False,
            choices=PHASES,
            description="the phase the extension is meant for (refused once it is over)",
        ),
        "year": Field("integer", required=False, minimum=0, maximum=100),
    },
    "continue": {},
    "end_game": {},
    "rename": {
        "name": Field("string", description="the name a person typed (up to 40 characters)"),
        "player": Field("string", required=False, description="a player id (host); own seat"),
    },
}
ENVELOPE: Final[dict[str, Json]] = {
    "by": {"type": "string", "description": "the seat acting: 'host' or a player id"},
    "id": {"type": "string", "description": "client command id; applied once"},
    "at": {"type": "number", "minimum": 0, "description": "seconds since creation (replays)"},
}


def command_schema() -> Json:
    """The JSON Schema (draft 2020-12) of every Exchange Draughts command."""
    variants = []
    for name, fields in COMMANDS.items():
        properties: Json = {"type": {"const": name}, **ENVELOPE}
        properties.update({key: f.schema() for key, f in fields.items()})
        required = ["type", "by", *(key for key, f in fields.items() if f.required)]
        variants.append({"type": "object", "properties": properties, "required": required})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Exchange Draughts command",
        "oneOf": variants,
    }


def whole(value: object, name: str, low: int, high: int) -> int:
    """A whole number within [low, high], or a refusal naming the field.

    >>> whole(3, "qty", 1, 20)
    3
    >>> whole(True, "qty", 1, 20)
    Traceback (most recent call last):
    ...
    boardroom.kernel.Refused: 'qty' must be a whole number, not True.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(
            "not_an_integer",
            f"{name!r} must be a whole number, not {value!r}.",
            field=name,
            value=repr(value),
        )
    if not low <= value <= high:
        raise Refused(
            "out_of_range",
            f"{name!r} must be between {low} and {high}, not {value}.",
            field=name,
            low=low,
            high=high,
            value=repr(value),
        )
    return value


def validate_command(command: object) -> Json:
    """Check a command's envelope and fields against :data:`COMMANDS`."""
    if not isinstance(command, dict):
        raise Refused("bad_command", "A command must be a JSON object.", reason="object")
    kind = command.get("type")
    if kind not in COMMANDS:
        known = ", ".join(COMMANDS)
        raise Refused(
            "unknown_command",
            f"Unknown command type {kind!r}; known: {known}.",
            command=repr(kind),
            known=list(COMMANDS),
        )
    if not isinstance(command.get("by"), str):
        raise Refused("bad_command", "A command must say who acts in 'by'.", reason="by")
    for key, spec in COMMANDS[kind].items():
        if key not in command:
            if spec.required:
                raise Refused(
                    "missing_field", f"A {kind!r} command needs {key!r}.", command=kind, field=key
                )
            continue
        _check_field(key, spec, command[key])
    return command


def _check_field(key: str, spec: Field, value: object) -> None:
    if spec.kind == "integer":
        low = spec.minimum if spec.minimum is not None else -MAX_INT
        high = spec.maximum if spec.maximum is not None else MAX_INT
        whole(value, key, low, high)
        return
    if not isinstance(value, str):
        raise Refused(
            "bad_command",
            f"{key!r} must be text, not {value!r}.",
            reason="text",
            field=key,
            value=repr(value),
        )
    if spec.choices and value not in spec.choices:
        raise Refused(
            "bad_command",
            f"{key!r} must be one of {', '.join(spec.choices)}.",
            reason="choice",
            field=key,
            choices=list(spec.choices),
        )
