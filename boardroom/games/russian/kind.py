"""Russian draughts as a game kind: two seats, labels, a demo, presets (see :mod:`..kind`).

>>> KIND.roles({}), KIND.shared_roles
(['white', 'black'], False)
>>> KIND.seat_labels({"players": {"white": {"name": "Anna", "robot": None},
...                               "black": {"name": "Robot", "robot": "club"}}}, ["black"])
{'black': {'name': 'Robot', 'color': 'black', 'robot': 'club'}}
"""

from __future__ import annotations

from pathlib import Path

from boardroom.games.kind import GameKind, Words
from boardroom.games.russian import messages
from boardroom.games.russian.actions import actions
from boardroom.games.russian.rules_object import RULES
from boardroom.games.russian.schema import command_schema
from boardroom.games.russian.state import LEVELS, SIDES, Ruleset
from boardroom.kernel import Json


def roles(host_view: Json) -> list[str]:
    """White, then black."""
    return list(SIDES)


def seat_labels(public: Json, roles: list[str]) -> dict[str, Json]:
    """Each side's player name, colour and robot level (all public)."""
    players: dict[str, Json] = public.get("players", {})
    return {
        role: {
            "name": players.get(role, {}).get("name") or "",
            "color": role,
            "robot": players.get(role, {}).get("robot"),
        }
        for role in roles
    }


def demo() -> Json:
    """A warm-up: white (whoever takes it) against the casual robot, ten minutes each.

    Nobody is named, so the pages call the sides by their colour in the reader's language.
    """
    return {"game": "russian", "ruleset": {"minutes": 10}, "black": {"robot": "casual"}}


def presets() -> Json:
    """The default clock and the robot levels (the start page fills its form from them)."""
    return Ruleset().to_json() | {"levels": list(LEVELS)}


KIND = GameKind(
    name="russian",
    rules=RULES,
    source=Path(__file__).resolve().parent,
    roles=roles,
    shared_roles=False,
    seat_labels=seat_labels,
    demo=demo,
    presets=presets,
    command_schema=command_schema,
    frame_events=frozenset({"game_started", "moved", "game_ended"}),
    actions=actions,
    words=Words(messages.MESSAGES, names=messages.names),
)
