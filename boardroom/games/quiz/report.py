"""The per-pupil report of a Quiz Draughts round, from one seat's view (pure).

One row a member of a team (each member is a piece on the board): the team's name, the
questions put to the member and judged, the right answers among them, and the captures the
member's piece made.

* A question **answered**: put to the member (``record``), and judged by a verdict that
  stands (a skipped question, or one whose only verdict was undone, does not count).
* A **right answer**: one whose last standing verdict is right.
* A **capture**: a piece taken by a move of the member's piece (each jump of a capture
  counts; a jump repelled by a right answer takes nothing).

Everything here is public once judged; an answer's text is not used.

>>> view = {"teams": {
...     "A": {"name": "Орлы", "members": [{"id": "a1", "name": "Иван"}]},
...     "B": {"name": "Совы", "members": [{"id": "b1", "name": "Оля"}]}},
...     "record": [{"member": "b1", "skipped": False,
...                 "verdicts": [{"correct": False, "undone": False}]}],
...     "events": [{"type": "capture_started", "member": "a1"},
...                {"type": "piece_taken", "member": "b1"},
...                {"type": "moved", "member": "b1", "taken": []}]}
>>> for row in pupil_report(view): print(row)
PupilRow(member='a1', name='Иван', team='Орлы', answered=0, right=0, captures=1)
PupilRow(member='b1', name='Оля', team='Совы', answered=1, right=0, captures=0)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from boardroom.kernel import Json


@dataclass(frozen=True)
class PupilRow:
    """One member's line of the report."""

    member: str
    name: str
    team: str
    answered: int
    right: int
    captures: int


def _captures(events: list[Json]) -> Counter[str]:
    """Pieces taken, by the member whose piece took them."""
    taken: Counter[str] = Counter()
    capturing: str | None = None
    for event in events:
        kind = event.get("type")
        if kind == "capture_started":
            capturing = str(event["member"])
        elif kind == "piece_taken" and capturing is not None:
            taken[capturing] += 1
        elif kind == "moved":
            taken[str(event["member"])] += len(event.get("taken") or [])
        if kind in ("move_ended", "moved", "game_ended"):
            capturing = None
    return taken


def _answers(record: list[Json]) -> tuple[Counter[str], Counter[str]]:
    """Questions answered and right answers, by member."""
    answered: Counter[str] = Counter()
    right: Counter[str] = Counter()
    for entry in record:
        standing = [v for v in entry.get("verdicts") or [] if not v.get("undone")]
        if entry.get("skipped") or not standing:
            continue
        answered[str(entry["member"])] += 1
        right[str(entry["member"])] += bool(standing[-1]["correct"])
    return answered, right


def pupil_report(view: Json) -> list[PupilRow]:
    """Every member's row, team by team in the round's order, members in their order."""
    captures = _captures(view.get("events") or [])
    answered, right = _answers(view.get("record") or [])
    return [
        PupilRow(
            member=str(m["id"]),
            name=str(m["name"]),
            team=str(team.get("name") or team_id),
            answered=answered[m["id"]],
            right=right[m["id"]],
            captures=captures[m["id"]],
        )
        for team_id, team in (view.get("teams") or {}).items()
        for m in team.get("members") or []
    ]
