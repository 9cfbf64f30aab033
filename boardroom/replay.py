"""``boardroom replay``: play a JSON-lines game file through the game core.

The first line sets the game up; each following line is one command with its
time ``at`` (seconds since the game was created, non-decreasing). Deadlines
that pass between two commands fire first, as the server's timers would.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from boardroom.games import rules_for
from boardroom.kernel import Journal, Json, Refused


@dataclass
class ReplayResult:
    """The host's view at the end, the refusals met, and the journal itself."""

    state: Json | None
    refusals: list[Json] = field(default_factory=list)
    journal: Journal[Any] | None = None

    def report(self, keep_going: bool) -> Json:
        if keep_going:
            return {**(self.state or {}), "refusals": self.refusals}
        if self.refusals:
            return {"refused": self.refusals[0], "state": self.state}
        return self.state or {}


def _decode(line: str) -> Json:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as exc:
        raise Refused("bad_json", f"This line is not JSON: {exc.msg}.") from None
    if not isinstance(value, dict):
        raise Refused("bad_command", "Each line must be a JSON object.")
    return value


def _time_of(command: Json, previous: float) -> float:
    at = command.pop("at", previous)
    if isinstance(at, bool) or not isinstance(at, int | float) or at != at:
        raise Refused("bad_time", "'at' must be a number of seconds.")
    if at < previous:
        raise Refused("bad_time", f"'at' went back in time: {at} after {previous}.")
    return float(at)


def fire_deadlines(journal: Journal[Any], now: float) -> None:
    """Handle a ``tick`` at every deadline that has passed by ``now``."""
    deadline = journal.rules.next_deadline(journal.state)
    while deadline is not None and deadline <= now:
        outcome = journal.handle({"type": "tick", "by": "server"}, deadline)
        following = journal.rules.next_deadline(journal.state)
        if not outcome.events and following == deadline:
            return
        deadline = following


def replay(lines: Iterable[str], keep_going: bool = False) -> ReplayResult:
    """Play ``lines`` (setup first); stop at the first refusal unless ``keep_going``."""
    numbered = ((n, line) for n, line in enumerate(lines, start=1) if line.strip())
    try:
        n, first = next(numbered)
        setup = _decode(first)
        journal = Journal.open(rules_for(setup.get("game")), setup)
    except StopIteration:
        return ReplayResult(None, [{"line": 1, "code": "empty", "message": "The file is empty."}])
    except Refused as exc:
        return ReplayResult(None, [{"line": n, **exc.as_json()}])
    result = ReplayResult(None, journal=journal)
    now = 0.0
    for n, line in numbered:
        try:
            command = _decode(line)
            now = _time_of(command, now)
            fire_deadlines(journal, now)
            journal.handle(command, now)
        except Refused as exc:
            result.refusals.append({"line": n, **exc.as_json()})
            if not keep_going:
                break
    result.state = journal.rules.view(journal.state, "host")
    return result
