"""The one projection of a class event: nothing in it is secret, so every seat sees the
pupils, the pairings, the results and the standings; a pupil's view also says which seat
is theirs and their board of the round in play.

>>> from boardroom.games.tournament.event import decide, evolve, setup
>>> state = setup({"game": "tournament", "title": "7Б"})
>>> for command in ({"type": "enter", "by": "p1", "name": "Аня"},
...                 {"type": "enter", "by": "p2", "name": "Боря"},
...                 {"type": "start", "by": "host"}):
...     for event in decide(state, command, 1.0):
...         state = evolve(state, event)
>>> v = view(state, "p2")
>>> v["format"], v["you"], v["my_board"]["color"], v["my_board"]["opponent"]
('round_robin', 'p2', 'black', 'Аня')
>>> [(s["name"], s["points"]) for s in v["standings"]]
[('Аня', 0), ('Боря', 0)]
"""

from __future__ import annotations

from boardroom.games.russian import tournament as t
from boardroom.games.tournament.event import EventState, seats
from boardroom.kernel import Json


def view(state: EventState, viewer: str, *, events_since: int = 0) -> Json:
    """What ``viewer`` sees (the same for every seat, and a pupil's own board)."""
    out: Json = {
        "game": "tournament",
        "title": state.title,
        "phase": state.phase,
        "settings": {"format": state.format, "rounds": state.rounds}
        | {"minutes": state.minutes, "robot": state.robot, "takebacks": state.takebacks}
        | {"teacher": state.teacher},
        "format": state.event.format if state.event else None,
        "planned_rounds": state.event.planned_rounds if state.event else None,
        "pupils": [
            {"id": seat, "name": name, "withdrawn": seat in state.withdrawn}
            | ({"robot": True} if seat in state.robots else {})
            for seat, name in state.names.items()
        ],
        "current": state.current,
        "rounds": [_round(state, number) for number in range(1, _paired(state) + 1)],
        "standings": _standings(state),
        "crosstable": t.crosstable(state.event) if state.event else [],
        "events": state.log[max(events_since, 0) :],
    }
    if viewer in seats():
        out |= {"you": viewer, "my_board": _my_board(state, viewer)}
    return out


def _paired(state: EventState) -> int:
    """Rounds shown: those up to the round in play (a round robin pairs all at once)."""
    return min(state.current, len(state.event.rounds)) if state.event else 0


def _name(state: EventState, seat: str) -> str | None:
    return None if seat in t.NOT_PUPILS else state.names.get(seat, "")


def _round(state: EventState, number: int) -> Json:
    return {
        "round": number,
        "boards": [
            {
                "board": g.board,
                "white": g.white,
                "black": g.black,
                "white_name": _name(state, g.white),
                "black_name": _name(state, g.black),
                "result": g.result,
                "game_id": state.boards.get((number, g.board)),
                "by_teacher": (number, g.board) in state.by_teacher,
                "sat_in": (number, g.board) in state.sat_in,
            }
            for g in state.games_of(number)
        ],
    }


def _standings(state: EventState) -> list[Json]:
    if state.event is None:
        return []
    # Playing now: a board of the round in play without its result (a round robin pairs
    # every round at once: the later rounds' boards are not being played).
    playing = {
        pupil
        for g in (state.games_of(state.current) if state.phase == "playing" else ())
        if not g.finished
        for pupil in (g.white, g.black)
    }
    return [
        {
            "place": s.place,
            "id": s.pupil.id,
            "name": s.pupil.name,
            "points": s.points,
            "buchholz": s.buchholz,
            "sb": s.sonneborn_berger,
            "played": s.played,
            "in_progress": int(s.pupil.id in playing),
        }
        for s in t.standings(state.event)
    ]


def _my_board(state: EventState, pupil: str) -> Json | None:
    game = state.board_of(pupil)
    if game is None:
        return None
    color = "white" if game.white == pupil else "black"
    opponent = game.opponent(pupil)
    return {
        "round": state.current,
        "board": game.board,
        "color": color,
        "opponent": _name(state, opponent),
        "robot": opponent == t.ROBOT,
        "teacher": opponent == t.TEACHER,
        "result": game.points_of(pupil),
        "game_id": state.boards.get((state.current, game.board)),
    }


def next_deadline(state: EventState) -> float | None:
    """The event has no clock of its own (each board has its own)."""
    return None
