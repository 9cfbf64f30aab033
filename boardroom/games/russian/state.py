"""The Russian draughts state and its setup line: two sides, a board, a clock.

>>> state = setup({"game": "russian", "white": {"name": "Anna"},
...                "black": {"name": "Boris", "robot": "casual"}, "ruleset": {"minutes": 5}})
>>> state.names["white"], state.robots["black"], state.left["black"], state.phase
('Anna', 'casual', 300.0, 'setup')
>>> setup({"game": "russian", "ruleset": {"minutes": -1}})
Traceback (most recent call last):
...
boardroom.games.russian.state.SetupError: Minutes per side: a positive number, or null (no clock).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal, TypeGuard

from boardroom.draughts import RUSSIAN, Board, Color, DraughtsError
from boardroom.kernel import Json, Refused

Phase = Literal["setup", "play", "ended"]
SIDES: Final[tuple[Color, Color]] = ("white", "black")
LEVELS: Final = ("beginner", "casual", "club", "strong")
"""The board robot's levels a side may be given (``boardroom.bots.board.LEVELS``)."""
MAX_NAME: Final = 40
SETUP_KEYS: Final = {"game", "seed", "ruleset", "white", "black", "fen"}
RULESET_KEYS: Final = {"minutes", "increment_s", "move_s", "takebacks"}


class SetupError(Refused):
    """A setup line this game cannot start from."""

    def __init__(self, message: str) -> None:
        super().__init__("bad_setup", message)


@dataclass(frozen=True)
class Ruleset:
    """The clock: minutes per side for the game (None: no clock), seconds added per
    move, and a limit per move (None: none). Running out of either loses. ``takebacks``:
    the host allows a player to ask to take a move back (off by default).

    >>> Ruleset().to_json()
    {'minutes': 10.0, 'increment_s': 0.0, 'move_s': None, 'takebacks': False}
    """

    minutes: float | None = 10.0
    increment_s: float = 0.0
    move_s: float | None = None
    takebacks: bool = False

    def to_json(self) -> Json:
        return {
            "minutes": self.minutes,
            "increment_s": self.increment_s,
            "move_s": self.move_s,
            "takebacks": self.takebacks,
        }


@dataclass
class RussianState:
    """Everything the game knows; ``log`` is every event, in order."""

    ruleset: Ruleset
    names: dict[Color, str | None]
    """The players' names (None: not named; the pages then say the colour)."""
    robots: dict[Color, str | None]
    board: Board
    start: str = ""
    """The position the game started from (FEN)."""
    phase: Phase = "setup"
    left: dict[Color, float | None] = field(default_factory=dict)
    """Each side's time on its clock when its turn began (None: no clock)."""
    turn_started: float = 0.0
    draw_offer: Color | None = None
    winner: Color | None = None
    end_reason: str | None = None
    takeback: Json | None = None
    """A takeback asked and not yet answered: ``{"by": side, "plies": n}`` (n: 1 or 2)."""
    log: list[Json] = field(default_factory=list)

    @property
    def to_move(self) -> Color:
        return self.board.turn

    def deadline(self) -> float | None:
        """When the side to move loses on time, or None (no clock, or not playing)."""
        if self.phase != "play":
            return None
        spans = [s for s in (self.left[self.to_move], self.ruleset.move_s) if s is not None]
        return self.turn_started + min(spans) if spans else None


def other(side: Color) -> Color:
    """The opponent of ``side``.

    >>> other("white")
    'black'
    """
    return "black" if side == "white" else "white"


def setup(spec: Json) -> RussianState:
    """The state a setup line starts from (or :class:`SetupError`)."""
    if not isinstance(spec, dict):
        raise SetupError("The setup must be an object.")
    unknown = sorted(set(spec) - SETUP_KEYS)
    if unknown:
        raise SetupError(f"Unknown setup field {unknown[0]!r}.")
    ruleset = _ruleset(spec.get("ruleset") or {})
    names: dict[Color, str | None] = {}
    robots: dict[Color, str | None] = {}
    for side in SIDES:
        names[side], robots[side] = _player(side, spec.get(side) or {})
    try:
        board = Board(spec.get("fen"), variant=RUSSIAN)
    except DraughtsError as exc:
        raise SetupError(f"The position is not a FEN: {exc}.") from None
    seconds = None if ruleset.minutes is None else ruleset.minutes * 60.0
    left: dict[Color, float | None] = {side: seconds for side in SIDES}
    return RussianState(ruleset, names, robots, board, start=board.fen(), left=left)


def _ruleset(raw: object) -> Ruleset:
    if not isinstance(raw, dict):
        raise SetupError("The ruleset must be an object.")
    unknown = sorted(set(raw) - RULESET_KEYS)
    if unknown:
        raise SetupError(f"Unknown ruleset field {unknown[0]!r}.")
    base = Ruleset()
    minutes = _seconds(raw.get("minutes", base.minutes), "Minutes per side")
    move_s = _seconds(raw.get("move_s", base.move_s), "Seconds per move")
    increment = raw.get("increment_s", base.increment_s)
    if not _number(increment) or float(increment) < 0:
        raise SetupError("Seconds added per move: a number, 0 or more.")
    takebacks = raw.get("takebacks", False)
    if not isinstance(takebacks, bool):
        raise SetupError("Takebacks: true or false.")
    return Ruleset(minutes, float(increment), move_s, takebacks)


def _number(value: object) -> TypeGuard[int | float]:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return 0 <= value <= 10_000


def _seconds(value: object, what: str) -> float | None:
    if value is None:
        return None
    if not _number(value) or float(value) == 0:
        raise SetupError(f"{what}: a positive number, or null (no clock).")
    return float(value)


def _player(side: Color, raw: object) -> tuple[str | None, str | None]:
    if not isinstance(raw, dict):
        raise SetupError(f"The {side} player must be an object.")
    name = raw.get("name")
    bad = not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME
    if name is not None and bad:
        raise SetupError(f"The {side} player's name must be 1 to {MAX_NAME} characters.")
    robot = raw.get("robot")
    if robot is not None and robot not in LEVELS:
        raise SetupError(f"The {side} robot's level must be one of: {', '.join(LEVELS)}.")
    return (name.strip() if isinstance(name, str) else None), robot
