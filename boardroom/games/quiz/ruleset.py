"""Every parameter of the quiz round, with its default from ``quiz-round.md``.

>>> Ruleset.from_json({"duel": "attacker", "answer_s": 30}).duel
'attacker'
>>> Ruleset.from_json({"duel": "both"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boardroom.games.quiz.errors.RulesetError: ruleset.duel: must be one of defender, ... (got 'both').
>>> Ruleset().answer_limit(None), Ruleset(time_scale=0.5).answer_limit(20)
(60.0, 10.0)
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from boardroom.draughts import QUIZ, Variant
from boardroom.games.quiz.errors import RulesetError

DUEL_MODES = ("defender", "attacker", "none")
PROMOTIONS = ("win", "king")
QUESTION_ORDERS = ("bank", "shuffled")


@dataclass(frozen=True)
class Ruleset:
    """The quiz round's switches and numbers.

    - ``duel``: who answers for a jump: ``defender`` (the member about to be taken;
      right = the capture is repelled), ``attacker`` (the capturing member; right =
      the jump happens), ``none`` (plain draughts, no questions).
    - ``answer_s``: seconds to answer (None: no clock, the host judges when ready);
      a question's own ``time_s`` replaces it. ``time_scale`` multiplies every limit.
    - ``points_capture`` per piece taken (capturing team), ``points_repel`` per
      capture repelled (defending team), ``points_win`` to the winner. A question's
      own ``points`` replaces the capture/repel points for its jump.
    - ``captain_is_king``: captains start crowned. ``men_capture_backward``: men may
      jump backward. ``promotion``: ``win`` (a man reaching the far row wins) or ``king``.
    - ``auto_judge_choices``: multiple-choice answers are judged by the system.
    - ``question_order``: ``bank`` (as imported) or ``shuffled`` (by the game's seed).
    - ``one_device_answers``: one device per team sends its answers (the first that
      claims the team, or the one the host hands it to); the others only watch.
    """

    duel: str = "defender"
    answer_s: float | None = 60.0
    time_scale: float = 1.0
    points_capture: float = 1
    points_repel: float = 1
    points_win: float = 3
    captain_is_king: bool = True
    men_capture_backward: bool = False
    promotion: str = "win"
    auto_judge_choices: bool = True
    question_order: str = "bank"
    one_device_answers: bool = True

    def __deepcopy__(self, memo: dict[int, Any]) -> Ruleset:
        return self  # immutable

    @classmethod
    def from_json(cls, raw: Any) -> Ruleset:
        """Validate a ``ruleset`` object of a setup line (unknown keys are refused)."""
        if raw is None:
            return cls()
        if not isinstance(raw, dict):
            raise RulesetError("ruleset", "must be an object of parameters")
        known = {f.name for f in fields(cls)}
        for key in raw:
            if key not in known:
                raise RulesetError(
                    f"ruleset.{key}",
                    f"unknown parameter; the parameters are: {', '.join(sorted(known))}",
                )
        values: dict[str, Any] = {}
        for key, value in raw.items():
            values[key] = _check(key, value)
        return replace(cls(), **values)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def variant(self) -> Variant:
        """The draughts variant these switches make (``QUIZ`` by default)."""
        promotion: Literal["king", "win"] = "king" if self.promotion == "king" else "win"
        return replace(QUIZ, men_capture_backward=self.men_capture_backward, promotion=promotion)

    def answer_limit(self, question_time_s: float | None) -> float | None:
        """Seconds to answer a question (its own limit or ``answer_s``, scaled), or None."""
        base = question_time_s if question_time_s is not None else self.answer_s
        return None if base is None else float(base) * self.time_scale


def _check(key: str, value: Any) -> Any:
    where = f"ruleset.{key}"
    choices = {"duel": DUEL_MODES, "promotion": PROMOTIONS, "question_order": QUESTION_ORDERS}
    if key in choices:
        if value not in choices[key]:
            raise RulesetError(where, f"must be one of {', '.join(choices[key])} (got {value!r})")
        return value
    if key in (
        "captain_is_king",
        "men_capture_backward",
        "auto_judge_choices",
        "one_device_answers",
    ):
        if not isinstance(value, bool):
            raise RulesetError(where, f"must be true or false (got {value!r})")
        return value
    if key == "answer_s" and value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise RulesetError(where, f"must be a number (got {value!r})")
    if key in ("answer_s", "time_scale") and value <= 0:
        raise RulesetError(where, f"must be more than zero (got {value!r})")
    if value < 0:
        raise RulesetError(where, f"must be zero or more (got {value!r})")
    return float(value) if key in ("answer_s", "time_scale") else value
