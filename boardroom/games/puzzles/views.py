"""The one projection of a puzzle lesson.

Secret until a puzzle is revealed: its solution and every pupil's move (a pupil sees their
own move, the others only how many have answered; the teacher also who). After the reveal
everyone sees each move tried with its count, the solution, the move played in the game it
came from, and who found it — names left out for everyone but the teacher while they are
hidden. The points count revealed puzzles only (a score would tell a move right or wrong).
The events a view carries say who answered, never what.

>>> from boardroom.games.puzzles.rules import decide, evolve
>>> from boardroom.games.puzzles.state import setup
>>> state = setup({"game": "puzzles", "puzzles": [
...     {"fen": "W:Wc3,h2:Bd4,f6,g3", "best": ["c3:e5:g7"]}]})
>>> for command in ({"type": "enter", "by": "p1", "name": "Аня"},
...                 {"type": "enter", "by": "p2", "name": "Боря"},
...                 {"type": "start", "by": "host"},
...                 {"type": "answer", "by": "p1", "move": "h2:f4"}):
...     for event in decide(state, command, 1.0):
...         state = evolve(state, event)
>>> v = view(state, "p2")
>>> v["answered"], v["my_answer"], "reveal" in v, v["events"][-1]
(1, None, False, {'type': 'answered', 'pupil': 'p1', 'at': 1.0})
>>> view(state, "p1")["my_answer"]
{'move': 'h2:f4'}
"""

from __future__ import annotations

from collections import Counter

from boardroom.games.puzzles.state import Answer, LessonState, Puzzle, seats
from boardroom.kernel import Json

HOST = "host"
SECRET_FIELDS = frozenset({"move", "used", "correct", "points"})


def view(state: LessonState, viewer: str, *, events_since: int = 0) -> Json:
    """What ``viewer`` sees now."""
    puzzle = state.puzzle
    open_answers = state.answers[state.current] if puzzle is not None else {}
    out: Json = {
        "game": "puzzles",
        "title": state.title,
        "phase": state.phase,
        "started": state.phase != "gathering",
        "seconds": state.seconds,
        "count": len(state.puzzles),
        "index": state.current,
        "hidden": state.hidden,
        "pupils": [{"id": seat, "name": name} for seat, name in state.names.items()],
        "answered": len(open_answers),
        "started_at": state.started_at if puzzle is not None else None,
        "deadline": state.deadline,
        "closed_by": state.closed_by,
        "puzzle": _puzzle(puzzle),
        "legal_moves": list(puzzle.legal) if puzzle and state.phase == "asking" else [],
        "standings": standings(state, viewer),
        "events": [_event(e) for e in state.log[max(events_since, 0) :]],
    }
    if viewer == HOST:
        out["who_answered"] = [state.names[p] for p in open_answers if p in state.names]
    if puzzle is not None and state.current < state.revealed:
        out["reveal"] = reveal(state, puzzle, open_answers, viewer)
    if viewer in seats():
        out["you"] = viewer
        mine = open_answers.get(viewer)
        out["my_answer"] = None if mine is None else _mine(mine, state.current < state.revealed)
        line = next((row for pupil, row in state.table if pupil == viewer), None)
        out["my_results"] = _empty() if line is None else {k: line[k] for k in _empty()}
    return out


def _puzzle(puzzle: Puzzle | None) -> Json | None:
    if puzzle is None:
        return None
    return {"fen": puzzle.fen, "to_move": puzzle.to_move, "title": puzzle.title}


def _event(event: Json) -> Json:
    if event["type"] != "answered":
        return event
    return {k: v for k, v in event.items() if k not in SECRET_FIELDS}


def _mine(answer: Answer, revealed: bool) -> Json:
    if not revealed:
        return {"move": answer.move}
    return {"move": answer.move, "correct": answer.correct, "points": answer.points}


def reveal(state: LessonState, puzzle: Puzzle, answers: dict[str, Answer], viewer: str) -> Json:
    """Every move tried with its count (most first), the solution, the move played in the
    game, who found it (fastest first; names hidden from all but the teacher when asked)."""
    counts = Counter(a.move for a in answers.values())
    tried = [
        {"move": move, "count": n, "correct": move in puzzle.best}
        for move, n in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    ]
    found = sorted(
        ((pupil, a) for pupil, a in answers.items() if a.correct), key=lambda item: item[1].used
    )
    names = not state.hidden or viewer == HOST
    return {
        "best": list(puzzle.best),
        "played": puzzle.played,
        "tried": tried,
        "found_count": len(found),
        "found": [
            {"name": state.names.get(pupil, ""), "used": a.used, "points": a.points}
            for pupil, a in found
        ]
        if names
        else [],
    }


def _empty() -> Json:
    return {"solved": 0, "tried": 0, "points": 0}


def results(state: LessonState) -> dict[str, Json]:
    """Each pupil's results over the revealed puzzles: solved, tried, points."""
    out: dict[str, Json] = {pupil: _empty() for pupil in state.names}
    for answers in state.answers[: state.revealed]:
        for pupil, answer in answers.items():
            row = out.setdefault(pupil, _empty())
            row["tried"] += 1
            row["solved"] += int(answer.correct)
            row["points"] += answer.points
    return out


def table(state: LessonState) -> list[tuple[str, Json]]:
    """Every pupil's line by points (equal points share a place), kept with the state: it
    changes only with a pupil entering, a reveal or the end (``rules.evolve`` sets it)."""
    rows = results(state)
    order = sorted(state.names, key=lambda p: (-rows[p]["points"], state.names[p]))
    out: list[tuple[str, Json]] = []
    for n, pupil in enumerate(order):
        tied = n > 0 and rows[order[n - 1]]["points"] == rows[pupil]["points"]
        place = out[-1][1]["place"] if tied else n + 1
        out.append((pupil, {"place": place, "name": state.names[pupil]} | rows[pupil]))
    return out


def standings(state: LessonState, viewer: str) -> list[Json]:
    """The pupils by points (revealed puzzles only); no names while they are hidden (but
    for the teacher and the pupil's own line)."""
    if not state.hidden or viewer == HOST:
        return [row for _, row in state.table]
    return [row for pupil, row in state.table if pupil == viewer]


def next_deadline(state: LessonState) -> float | None:
    """The open puzzle's countdown (a ``tick`` then closes it)."""
    return state.deadline if state.phase == "asking" else None
