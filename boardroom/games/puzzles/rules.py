"""``decide`` and ``evolve``: a puzzle lesson's commands and their events.

Seats: ``host`` (start, reveal, next, hide names, end), ``server`` (``tick``: the
countdown), ``p1`` … ``p40`` (``enter`` with a name, ``answer`` with one move). Time
``now`` is given, never read. Points: a right move scores ``100 + round(100 × (1 − t/T))``
(``t`` the seconds it took, ``T`` the puzzle's seconds), a wrong one 0.

>>> from boardroom.games.puzzles.state import setup
>>> state = setup({"game": "puzzles", "seconds": 20, "puzzles": [
...     {"fen": "W:Wc3,h2:Bd4,f6,g3", "best": ["c3:e5:g7"]}]})
>>> for command, at in (({"type": "enter", "by": "p1", "name": "Аня"}, 0.0),
...                     ({"type": "start", "by": "host"}, 1.0),
...                     ({"type": "answer", "by": "p1", "move": "c3:g7"}, 6.0)):
...     for event in decide(state, command, at):
...         state = evolve(state, event)
>>> state.answers[0]["p1"], state.phase, state.closed_by
(Answer(move='c3:e5:g7', used=5.0, correct=True, points=175), 'closed', 'all_answered')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from boardroom.draughts import RUSSIAN, Board
from boardroom.games.puzzles import views
from boardroom.games.puzzles.state import MAX_NAME, Answer, LessonState, legal, seats
from boardroom.kernel import Json, Refused

HOST: Final = "host"
SERVER: Final = "server"
BASE: Final = 100
SPEED: Final = 100


def points(correct: bool, used: float, seconds: float) -> int:
    """A right move's points: 100, and up to 100 more the faster it came.

    >>> points(True, 0.0, 30.0), points(True, 15.0, 30.0), points(True, 30.0, 30.0)
    (200, 150, 100)
    >>> points(False, 1.0, 30.0)
    0
    """
    if not correct:
        return 0
    return BASE + round(SPEED * max(0.0, 1.0 - used / seconds))


def decide(state: LessonState, command: Json, now: float) -> list[Json]:
    """The events ``command`` causes at time ``now`` (or :class:`Refused`)."""
    kind = command.get("type") if isinstance(command, dict) else None
    if kind not in DECIDERS:
        raise Refused("unknown_command", f"Unknown command {kind!r}.")
    if not isinstance(command.get("by"), str):
        raise Refused("bad_command", "A command names its seat in 'by'.", reason="by")
    return DECIDERS[kind](state, command, round(float(now), 3))


def _host(command: Json) -> None:
    if command["by"] != HOST:
        raise Refused("host_only", "Only the teacher may do this.")


def _not_over(state: LessonState) -> None:
    if state.phase == "over":
        raise Refused("lesson_over", "The lesson is over.")


def _enter(state: LessonState, command: Json, at: float) -> list[Json]:
    by = command["by"]
    if by not in seats():
        raise Refused("not_a_pupil", "Only a pupil may enter the lesson.")
    _not_over(state)
    name = command.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise Refused("bad_name", "A name: 1 to 40 characters.")
    name = " ".join(name.split())
    if state.names.get(by) == name:
        return []
    return [{"type": "entered", "pupil": by, "name": name, "at": at}]


def _opened(state: LessonState, index: int, at: float) -> Json:
    return {"type": "puzzle_started", "index": index, "at": at, "deadline": at + state.seconds}


def _start(state: LessonState, command: Json, at: float) -> list[Json]:
    _host(command)
    if state.phase != "gathering":
        raise Refused("already_started", "The lesson has started already.")
    return [_opened(state, 0, at)]


def _answer(state: LessonState, command: Json, at: float) -> list[Json]:
    by = command["by"]
    if by not in state.names:
        raise Refused("not_entered", "Enter the lesson with your name first.")
    puzzle = state.puzzle
    if state.phase != "asking" or puzzle is None:
        raise Refused("not_asking", "No puzzle is open for answers now.")
    if state.deadline is not None and at >= state.deadline:
        raise Refused("time_up", "Time is up for this puzzle.")
    if by in state.answers[state.current]:
        raise Refused("answered_already", "You have answered this puzzle already.")
    board = Board(puzzle.fen, variant=RUSSIAN)
    move = legal(board, command.get("move"), state.current + 1)
    used = round(at - state.started_at, 3)
    correct = move in puzzle.best
    answered = {"type": "answered", "pupil": by, "move": move, "used": used}
    answered |= {"correct": correct, "points": points(correct, used, state.seconds), "at": at}
    everyone = set(state.names) <= set(state.answers[state.current]) | {by}
    return [answered, _closed("all_answered", at)] if everyone else [answered]


def _closed(reason: str, at: float) -> Json:
    return {"type": "puzzle_closed", "reason": reason, "at": at}


def _reveal(state: LessonState, command: Json, at: float) -> list[Json]:
    _host(command)
    if state.phase not in ("asking", "closed"):
        raise Refused("not_asking", "No puzzle is waiting to be revealed.")
    out = [_closed("host", at)] if state.phase == "asking" else []
    return [*out, {"type": "revealed", "index": state.current, "at": at}]


def _next(state: LessonState, command: Json, at: float) -> list[Json]:
    _host(command)
    if state.phase != "revealed":
        raise Refused("not_revealed", "Reveal this puzzle before the next one.")
    if state.current + 1 >= len(state.puzzles):
        return [{"type": "lesson_ended", "at": at}]
    return [_opened(state, state.current + 1, at)]


def _hide_names(state: LessonState, command: Json, at: float) -> list[Json]:
    _host(command)
    hidden = command.get("hidden")
    if not isinstance(hidden, bool):
        raise Refused("bad_command", "Say true or false.", reason="hidden")
    if hidden == state.hidden:
        return []
    return [{"type": "names_hidden", "hidden": hidden, "at": at}]


def _end(state: LessonState, command: Json, at: float) -> list[Json]:
    _host(command)
    _not_over(state)
    return [{"type": "lesson_ended", "at": at}]


def _tick(state: LessonState, command: Json, at: float) -> list[Json]:
    due = state.deadline
    if state.phase == "asking" and due is not None and at >= due:
        return [_closed("time_up", at)]
    return []


DECIDERS: Final[dict[str, Callable[[LessonState, Json, float], list[Json]]]] = {
    "enter": _enter,
    "start": _start,
    "answer": _answer,
    "reveal": _reveal,
    "next": _next,
    "hide_names": _hide_names,
    "end_game": _end,
    "tick": _tick,
}


def evolve(state: LessonState, event: Json) -> LessonState:
    """Fold one event into the state (in place) and log it."""
    kind = event["type"]
    if kind == "entered":
        state.names = {**state.names, event["pupil"]: event["name"]}
    elif kind == "puzzle_started":
        state.phase, state.current = "asking", int(event["index"])
        state.started_at, state.deadline = float(event["at"]), float(event["deadline"])
        state.closed_by = None
        state.answers = [*state.answers, {}]
    elif kind == "answered":
        answer = Answer(event["move"], event["used"], event["correct"], event["points"])
        state.answers[state.current] = {**state.answers[state.current], event["pupil"]: answer}
    elif kind == "puzzle_closed":
        state.phase, state.closed_by, state.deadline = "closed", event["reason"], None
    elif kind == "revealed":
        state.phase, state.revealed = "revealed", state.current + 1
    elif kind == "names_hidden":
        state.hidden = bool(event["hidden"])
    elif kind == "lesson_ended":
        state.phase, state.deadline = "over", None
        state.revealed = len(state.answers)  # every answer is public once the lesson ends
    if kind in ("entered", "revealed", "lesson_ended"):
        state.table = views.table(state)
    state.log.append(event)
    return state
