"""The class event as a game kind: thirty pupils' seats, their names, a demo, presets.

>>> KIND.roles({})[:3], KIND.shared_roles
(['p1', 'p2', 'p3'], False)
>>> KIND.seat_labels({"pupils": [{"id": "p1", "name": "Аня"}]}, ["p1", "p2"])
{'p1': {'name': 'Аня'}, 'p2': {'name': ''}}
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from boardroom.games.kind import GameKind, Words
from boardroom.games.russian.state import LEVELS
from boardroom.games.tournament import event, messages, views
from boardroom.games.tournament.schema import command_schema
from boardroom.games.tournament.simul import COLOURS
from boardroom.games.tournament.simul import FORMAT as SIMUL
from boardroom.kernel import Json


class EventRules:
    """The class event for the kernel: ``setup``, ``decide``, ``evolve``, ``view``."""

    name = "tournament"

    def setup(self, spec: Json) -> event.EventState:
        return event.setup(spec)

    def decide(self, game: event.EventState, command: Json, now: float) -> list[Json]:
        return event.decide(game, command, now)

    def evolve(self, game: event.EventState, happened: Json) -> event.EventState:
        return event.evolve(game, happened)

    def next_deadline(self, game: event.EventState) -> float | None:
        return views.next_deadline(game)

    def view(self, game: event.EventState, viewer: str, *, events_since: int = 0) -> Json:
        return views.view(game, viewer, events_since=events_since)

    def command_schema(self) -> Json:
        return command_schema()


RULES: Final = EventRules()


def roles(host_view: Json) -> list[str]:
    """The pupils' seats, in join order."""
    return event.seats()


def seat_labels(public: Json, roles: list[str]) -> dict[str, Json]:
    """Each seat's pupil name (public)."""
    names = {p["id"]: p["name"] for p in public.get("pupils", [])}
    return {role: {"name": names.get(role, "")} for role in roles}


def actions(view: Json, role: str) -> Json:
    """What the seat may send now: a pupil enters while the class gathers; the teacher
    starts, sets a board's result, ends the round."""
    if view["phase"] == "gathering":
        if role == event.HOST:
            active = [p for p in view["pupils"] if not p.get("withdrawn")]
            simul = view["settings"]["format"] == SIMUL
            least = 1 if simul else 2
            robot = simul and len(view["pupils"]) < event.MAX_PUPILS
            return (
                ({"start": {}} if len(active) >= least else {})
                | ({"add_robot": {}} if robot else {})
                | _pupil_actions(view)
            )
        return {"enter": {}} if role in event.seats() else {}
    if view["phase"] == "playing" and role == event.HOST:
        boards = view["rounds"][-1]["boards"] if view["rounds"] else []
        open_boards = [b["board"] for b in boards if b["result"] is None]
        undo = [b["board"] for b in boards if b["result"] is not None and b.get("by_teacher")]
        return (
            {
                "result": {"round": view["current"], "boards": open_boards},
                "end_round": {"round": view["current"]},
            }
            | ({"undo_result": {"round": view["current"], "boards": undo}} if undo else {})
            | _sit_in(view, boards)
            | (_pupil_actions(view))
        )
    if view["phase"] == "playing" and role in event.seats() and _late_entry(view, role):
        return {"enter": {"late": True}}
    return {}


def _sit_in(view: Json, boards: list[Json]) -> Json:
    """A simul: the robot may play on for a pupil on a board still played (not a robot's)."""
    if view["format"] != SIMUL:
        return {}
    robots = {p["id"] for p in view["pupils"] if p.get("robot")}
    open_boards = [
        b["board"]
        for b in boards
        if b["result"] is None and not b.get("sat_in") and not {b["white"], b["black"]} & robots
    ]
    return {"sit_in": {"round": view["current"], "boards": open_boards}} if open_boards else {}


def _pupil_actions(view: Json) -> Json:
    """The teacher may rename any pupil and withdraw one still playing."""
    active = [p["id"] for p in view["pupils"] if not p.get("withdrawn")]
    return {"rename": {"pupils": [p["id"] for p in view["pupils"]]}, "withdraw": {"pupils": active}}


def _late_entry(view: Json, role: str) -> bool:
    """A seat not in the event may still enter a Swiss event's next round."""
    known = {p["id"] for p in view["pupils"]}
    rounds = view.get("planned_rounds") or 0
    return (
        role not in known
        and view.get("format") == "swiss"
        and view["current"] < rounds
        and len(known) < event.MAX_PUPILS
    )


def carried(host_view: Json) -> list[Json]:
    """Playing again: each pupil enters the new event under the name they had.

    >>> carried({"pupils": [{"id": "p2", "name": "Аня"}]})
    [{'type': 'enter', 'by': 'p2', 'name': 'Аня'}]
    """
    return [
        {"type": "enter", "by": p["id"], "name": p["name"]} for p in host_view.get("pupils", [])
    ]


def demo() -> Json:
    """A class event: a round robin up to twelve pupils, Swiss above, ten minutes each."""
    return {"game": "tournament", "title": "Турнир класса", "rounds": 5, "minutes": 10}


def presets() -> Json:
    """The formats, rounds, clock, robot levels and a simul's colours the start page offers."""
    return {"formats": list(event.FORMATS), "rounds": 5, "minutes": 10} | {
        "robot": "casual",
        "levels": list(LEVELS),
        "teacher": "white",
        "colours": list(COLOURS),
    }


KIND = GameKind(
    name="tournament",
    rules=RULES,
    source=Path(__file__).resolve().parent,
    roles=roles,
    shared_roles=False,
    seat_labels=seat_labels,
    demo=demo,
    presets=presets,
    command_schema=command_schema,
    frame_events=frozenset(
        {"event_started", "round_started", "result_recorded", "result_undone", "event_ended"}
    ),
    actions=actions,
    carried=carried,
    words=Words(messages.MESSAGES, names=messages.names),
)
