"""Exchange Draughts as a game kind: its seats, labels, demo, presets (see :mod:`..kind`).

>>> KIND.roles({"players": {"p1": "Anna", "p2": "Boris"}})
['p1', 'p2']
>>> KIND.history_key({"accounts": {"p1": {}, "firm:3": {}},
...                   "meetings": {"shareholder_of": [3, 5]}})
(('firm:3', 'p1'), (3, 5))
>>> KIND.seat_labels({"players": {"p1": "Anna"}, "firms": {"3": {"director": "p1"}}}, ["p1"])
{'p1': {'name': 'Anna', 'firms': [3]}}
"""

from __future__ import annotations

from pathlib import Path

from boardroom.games.exchange import messages
from boardroom.games.exchange.actions import actions, history_key
from boardroom.games.exchange.rules import ExchangeRules
from boardroom.games.exchange.ruleset import PRESETS, load_ruleset
from boardroom.games.exchange.schema import command_schema
from boardroom.games.exchange.setup import default_directors
from boardroom.games.kind import GameKind, Words
from boardroom.kernel import Json

RULES = ExchangeRules()


def roles(host_view: Json) -> list[str]:
    """The players, in the setup's order."""
    return list(host_view.get("players", {}))


def seat_labels(public: Json, roles: list[str]) -> dict[str, Json]:
    """Each player's name and the firms they direct (public on the projector)."""
    players: dict[str, str] = public.get("players", {})
    firms: dict[str, Json] = public.get("firms", {})
    out: dict[str, Json] = {}
    for role in roles:
        directs = [int(n) for n, f in firms.items() if f.get("director") == role]
        out[role] = {"name": players.get(role, role), "firms": sorted(directs)}
    return out


def demo(players: int = 8, preset: str = "demo") -> Json:
    """An exchange game with ``players`` seats; the default directors (nobody both colours)."""
    ids = [f"p{n}" for n in range(1, players + 1)]
    return {
        "game": "exchange",
        "seed": 1,
        "ruleset": {"preset": preset},
        "players": [{"id": pid, "name": f"Player {pid[1:]}"} for pid in ids],
        "directors": {str(firm): pid for firm, pid in default_directors(ids).items()},
    }


def presets() -> Json:
    """Every named ruleset, in full (the start page fills its form from them)."""
    return {name: load_ruleset({"preset": name}).as_json() for name in PRESETS}


KIND = GameKind(
    name="exchange",
    rules=RULES,
    source=Path(__file__).resolve().parent,
    roles=roles,
    shared_roles=False,
    seat_labels=seat_labels,
    demo=demo,
    presets=presets,
    command_schema=command_schema,
    frame_events=frozenset(
        {
            "game_started",
            "phase_changed",
            "moved",
            "trade",
            "session_closed",
            "meeting_closed",
            "board_decided",
            "game_ended",
        }
    ),
    history_key=history_key,
    actions=actions,
    words=Words(messages.MESSAGES, messages.REFERENCES, messages.names),
)
