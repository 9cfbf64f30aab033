"""When a robot seat acts: moments drawn as a person's would be, from its view and a seeded RNG.

The lab (``boardroom.lab.sim``) and the live server draw robots' moments the same way:

* in the board phase the director of the firm on call moves ``THINK_S`` (scaled)
  seconds after the earliest moment a move is allowed (``move_not_before``);
* in a session, the meeting-call window and the meetings every seat wakes first at a
  random fraction of the phase's length (``WAKES``: first from/to), then again and
  again after further random fractions (then from/to).

Everything is scaled by the ruleset's ``time_scale``; a paused game has no moments.

>>> import random
>>> seen = {"phase": "exchange", "paused": False,
...         "ruleset": {"session_s": 600, "meeting_call_window_s": 60, "meeting_s": 300,
...                     "time_scale": 0.1}}
>>> 0.06 <= wake_after(seen, random.Random(1), later=False) <= 4.8
True
>>> wake_after({**seen, "paused": True}, random.Random(1), later=False) is None
True
>>> 0.1 <= think_after(seen, random.Random(1)) <= 0.5
True
"""

from __future__ import annotations

import random
from typing import Final

from boardroom.kernel import Json

# When a seat wakes, as fractions of the phase's length: (first from, first to, then from, to).
WAKES: Final[dict[str, tuple[float, float, float, float]]] = {
    "exchange": (0.001, 0.08, 0.1, 0.3),
    "meeting_calls": (0.05, 0.9, 1.0, 1.0),
    "meetings": (0.02, 0.45, 0.25, 0.5),
}
THINK_S: Final = (1.0, 5.0)
"""A director moves this many (scaled) seconds after the earliest allowed moment."""
LENGTHS: Final = {
    "exchange": "session_s",
    "meeting_calls": "meeting_call_window_s",
    "meetings": "meeting_s",
}


def phase_length(seen: Json) -> float | None:
    """The length of the view's phase in game seconds (scaled), or None outside sessions.

    >>> phase_length({"phase": "meetings", "ruleset": {"meeting_s": 300, "time_scale": 0.5}})
    150.0
    >>> phase_length({"phase": "board", "ruleset": {}}) is None
    True
    """
    key = LENGTHS.get(seen.get("phase", ""))
    if key is None:
        return None
    rules = seen["ruleset"]
    return float(rules[key]) * float(rules.get("time_scale", 1.0))


def wake_after(seen: Json, rng: random.Random, *, later: bool) -> float | None:
    """Seconds until a seat wakes in the view's session phase (None: not in one, or paused).

    ``later`` is False for the first wake of the phase, True for the ones after it.
    """
    length = phase_length(seen)
    if length is None or seen.get("paused"):
        return None
    first_from, first_to, then_from, then_to = WAKES[seen["phase"]]
    low, high = (then_from, then_to) if later else (first_from, first_to)
    return rng.uniform(low, high) * length


def think_after(seen: Json, rng: random.Random) -> float:
    """Seconds a director thinks over a move, scaled by the ruleset's ``time_scale``."""
    return rng.uniform(*THINK_S) * float(seen["ruleset"].get("time_scale", 1.0))
