"""The ruleset: every number of the game, with its default, validated, as TOML or JSON.

A ruleset is built from a preset and overrides. Every parameter of
``exchange-game.md`` is here; a bad value is refused with a plain sentence.

>>> rules = load_ruleset({"preset": "demo", "years": 2})
>>> rules.years, rules.session_s, rules.scaled(rules.session_s)
(2, 600, 60.0)
>>> load_ruleset({"tax_rate": 120})
Traceback (most recent call last):
...
boardroom.kernel.Refused: Ruleset parameter 'tax_rate' must be between 0 and 100, not 120.
>>> load_ruleset(ruleset_from_toml(ruleset_to_toml(rules))) == rules
True
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import tomli_w

from boardroom.kernel import Json, Refused

WHITE_FIRMS: Final = (1, 2, 3, 4)
BLACK_FIRMS: Final = (5, 6, 7, 8)
FIRMS: Final = WHITE_FIRMS + BLACK_FIRMS
COLORS: Final = ("white", "black")

CLASSIC_PLACEMENT: Final[dict[int, tuple[str, ...]]] = {
    1: ("a1", "b2", "a3"),
    2: ("c1", "d2", "c3"),
    3: ("e1", "f2", "e3"),
    4: ("g1", "h2", "g3"),
    5: ("h8", "g7", "h6"),
    6: ("f8", "e7", "f6"),
    7: ("d8", "c7", "d6"),
    8: ("b8", "a7", "b6"),
}
CLASSIC_ORDER: Final[dict[str, tuple[int, ...]]] = {"white": WHITE_FIRMS, "black": BLACK_FIRMS}
_SQUARE = re.compile(r"^(K?)([a-h])([1-8])$")


def color_of(firm: int) -> str:
    """The colour of a firm's pieces.

    >>> color_of(3), color_of(6)
    ('white', 'black')
    """
    return "white" if firm in WHITE_FIRMS else "black"


@dataclass(frozen=True)
class Ruleset:
    """Every parameter of the game (``exchange-game.md`` §2–§6), defaults as in the spec."""

    placement: Mapping[int, tuple[str, ...]] = field(
        default_factory=lambda: dict(CLASSIC_PLACEMENT)
    )
    order: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: dict(CLASSIC_ORDER))
    years: int = 6
    moves_per_year: int = 8
    move_min_s: int = 30
    move_max_s: int = 300
    session_s: int = 600
    meeting_call_min_shares: int = 5
    meeting_call_window_s: int = 60
    meeting_s: int = 300
    opening_session: bool = True
    wait_for_host: bool = False
    time_scale: float = 1.0
    player_cash: int = 200
    firm_cash: int = 100
    state_cash: int = 0
    shares_per_firm: int = 20
    initial_holdings: Mapping[str, int] = field(
        default_factory=lambda: {"state": 15, "director": 5}
    )
    nominal_price: int = 10
    income_man: int = 10
    income_king: int = 30
    capture_man: int = 20
    capture_king: int = 60
    capture_paid_by: str = "market"
    value_man: int = 20
    value_king: int = 60
    tax_rate: int = 20
    payout: int = 50
    privatization_lot: int = 5
    privatization_price: str = "nominal"
    official_salary: int = 20
    board_win_bonus: int = 50

    def scaled(self, seconds: float) -> float:
        """A duration of the ruleset in game seconds (multiplied by ``time_scale``)."""
        return float(seconds) * self.time_scale

    def as_json(self) -> Json:
        """The ruleset as plain JSON-able data (string keys), e.g. for saving: a fresh copy.

        >>> rules = Ruleset()
        >>> rules.as_json() == rules.shared_json and rules.as_json() is not rules.as_json()
        True
        """
        copied: Json = _plain_copy(self.shared_json)
        return copied

    @functools.cached_property
    def shared_json(self) -> Json:
        """:meth:`as_json` worked out once and shared by every view that shows it: read only."""
        data: Json = {}
        for item in dataclasses.fields(self):
            value = getattr(self, item.name)
            if item.name == "placement":
                value = {str(firm): list(squares) for firm, squares in value.items()}
            elif item.name == "order":
                value = {color: list(firms) for color, firms in value.items()}
            elif isinstance(value, Mapping):
                value = dict(value)
            data[item.name] = value
        return data


def _plain_copy(value: Any) -> Any:
    """A copy of JSON-like data: new dicts and lists all the way down."""
    if isinstance(value, dict):
        return {k: _plain_copy(v) if isinstance(v, dict | list) else v for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_copy(v) if isinstance(v, dict | list) else v for v in value]
    return value


_DEFAULTS: Final = Ruleset()
PRESETS: Final[dict[str, Json]] = {
    "classic": {},
    # A 45-90-minute lesson (docs/balance.md, balance report 2): the seed's structure and
    # turn order, shorter sessions and fewer years, the host paces every phase. The seed's
    # squares with firm 1's b2 and firm 4's g1 exchanged (black's g7 and b8 likewise), so
    # that the first firm to move is not the weakest (scripts/placement_search.py).
    "classroom": {
        "placement": {
            "1": ["a1", "g1", "a3"],
            "2": ["c1", "d2", "c3"],
            "3": ["e1", "f2", "e3"],
            "4": ["b2", "h2", "g3"],
            "5": ["h8", "b8", "h6"],
            "6": ["f8", "e7", "f6"],
            "7": ["d8", "c7", "d6"],
            "8": ["g7", "a7", "b6"],
        },
        "years": 4,
        "move_max_s": 120,
        "session_s": 240,
        "meeting_call_window_s": 30,
        "meeting_s": 120,
        "wait_for_host": True,
        "initial_holdings": {"state": 20, "director": 0},
        "payout": 100,
        "privatization_lot": 10,
        "privatization_price": "book",
    },
    "demo": {"years": 3, "time_scale": 0.1},
    "blitz": {"years": 2, "moves_per_year": 4, "time_scale": 0.01, "opening_session": True},
}
_INT_RANGES: Final[dict[str, tuple[int, int]]] = {
    "years": (1, 100),
    "moves_per_year": (1, 1000),
    "move_min_s": (0, 86_400),
    "move_max_s": (1, 86_400),
    "session_s": (1, 86_400),
    "meeting_call_min_shares": (1, 1_000_000),
    "meeting_call_window_s": (0, 86_400),
    "meeting_s": (1, 86_400),
    "player_cash": (0, 10**9),
    "firm_cash": (0, 10**9),
    "state_cash": (0, 10**9),
    "shares_per_firm": (2, 1_000_000),
    "nominal_price": (1, 10**9),
    "income_man": (0, 10**9),
    "income_king": (0, 10**9),
    "capture_man": (0, 10**9),
    "capture_king": (0, 10**9),
    "value_man": (0, 10**9),
    "value_king": (0, 10**9),
    "tax_rate": (0, 100),
    "payout": (0, 100),
    "privatization_lot": (0, 1_000_000),
    "official_salary": (0, 10**9),
    "board_win_bonus": (0, 10**9),
}


def _bad(message: str, **params: Any) -> Refused:
    """A ruleset refusal; ``reason`` and the parameters let it be told in any language."""
    return Refused("bad_ruleset", message, **params)


def _integer(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(
            f"Ruleset parameter {name!r} must be a whole number, not {value!r}.",
            reason="not_whole",
            parameter=name,
            value=repr(value),
        )
    low, high = _INT_RANGES[name]
    if not low <= value <= high:
        raise _bad(
            f"Ruleset parameter {name!r} must be between {low} and {high}, not {value}.",
            reason="out_of_range",
            parameter=name,
            low=low,
            high=high,
            value=repr(value),
        )
    return value


def _placement(value: object) -> dict[int, tuple[str, ...]]:
    if not isinstance(value, Mapping):
        raise _bad("Ruleset parameter 'placement' must map firms 1-8 to lists of squares.")
    result: dict[int, tuple[str, ...]] = {}
    seen: set[str] = set()
    for key, squares in value.items():
        firm = _firm_key(key)
        if not isinstance(squares, list | tuple) or not all(isinstance(s, str) for s in squares):
            raise _bad(f"Placement of firm {firm} must be a list of squares like 'c3' or 'Kd4'.")
        for square in squares:
            _check_square(firm, square, seen)
        result[firm] = tuple(squares)
    return dict(sorted(result.items()))


def _firm_key(key: object) -> int:
    text = str(key)
    if not (text.isascii() and text.isdigit()) or int(text) not in FIRMS:
        raise _bad(f"Placement names firm {key!r}; firms are numbered 1 to 8.")
    return int(text)


def _check_square(firm: int, square: str, seen: set[str]) -> None:
    match = _SQUARE.match(square)
    if match is None or (ord(match[2]) - ord("a") + int(match[3]) - 1) % 2:
        raise _bad(f"Placement of firm {firm}: {square!r} is not a dark square like 'c3' or 'Kd4'.")
    name = match[2] + match[3]
    if name in seen:
        raise _bad(f"Placement puts two pieces on {name}.")
    seen.add(name)
    last_rank = "8" if color_of(firm) == "white" else "1"
    if not match[1] and match[3] == last_rank:
        raise _bad(
            f"Placement of firm {firm}: a man on {name} would already be crowned; write K{name}."
        )


def _order(value: object) -> dict[str, tuple[int, ...]]:
    if not isinstance(value, Mapping) or set(value) != set(COLORS):
        raise _bad("Ruleset parameter 'order' must give 'white' and 'black' firm orders.")
    result: dict[str, tuple[int, ...]] = {}
    for color, firms in (("white", WHITE_FIRMS), ("black", BLACK_FIRMS)):
        listed = value[color]
        if not isinstance(listed, list | tuple) or sorted(listed) != list(firms):
            raise _bad(
                f"The {color} order must list firms {list(firms)} once each, not {listed!r}."
            )
        result[color] = tuple(listed)
    return result


def _holdings(value: object, shares: int) -> dict[str, int]:
    if not isinstance(value, Mapping) or set(value) != {"state", "director"}:
        raise _bad("Ruleset parameter 'initial_holdings' must give 'state' and 'director' shares.")
    result = {key: _whole(f"initial_holdings.{key}", value[key]) for key in ("state", "director")}
    if sum(result.values()) != shares:
        raise _bad(
            f"Initial holdings {result['state']} + {result['director']} must add up to "
            f"shares_per_firm = {shares}."
        )
    return result


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _bad(
            f"Ruleset parameter {name!r} must be a whole number ≥ 0, not {value!r}.",
            reason="not_count",
            parameter=name,
            value=repr(value),
        )
    return value


def _time_scale(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 1000:
        raise _bad(f"Ruleset parameter 'time_scale' must be a number above 0, not {value!r}.")
    return float(value)


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise _bad(
            f"Ruleset parameter {name!r} must be true or false, not {value!r}.",
            reason="not_flag",
            parameter=name,
            value=repr(value),
        )
    return value


def _price_rule(value: object) -> str:
    if value not in ("nominal", "book"):
        raise _bad(
            f"Ruleset parameter 'privatization_price' must be 'nominal' or 'book', not {value!r}."
        )
    return str(value)


def _paid_by(value: object) -> str:
    if value not in ("market", "victim"):
        raise _bad(
            f"Ruleset parameter 'capture_paid_by' must be 'market' or 'victim', not {value!r}."
        )
    return str(value)


def load_ruleset(data: object = None) -> Ruleset:
    """Build a ruleset from ``{"preset": name, **overrides}`` (all optional).

    >>> load_ruleset().move_max_s
    300
    >>> load_ruleset({"preset": "fast"})
    Traceback (most recent call last):
    ...
    boardroom.kernel.Refused: Unknown ruleset preset 'fast'; known: blitz, classic, classroom, demo.
    >>> load_ruleset({"colour": "red"})
    Traceback (most recent call last):
    ...
    boardroom.kernel.Refused: Unknown ruleset parameter 'colour'.
    """
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise _bad("A ruleset must be an object of parameters.")
    preset = data.get("preset", "classic")
    if preset not in PRESETS:
        raise _bad(
            f"Unknown ruleset preset {preset!r}; known: {', '.join(sorted(PRESETS))}.",
            reason="unknown_preset",
            preset=repr(preset),
            known=sorted(PRESETS),
        )
    merged: dict[str, Any] = {**_DEFAULTS.as_json(), **PRESETS[preset]}
    known = set(merged)
    for key, value in data.items():
        if key == "preset":
            continue
        if key not in known:
            raise _bad(
                f"Unknown ruleset parameter {key!r}.", reason="unknown_parameter", parameter=key
            )
        merged[key] = value
    return _validated(merged)


def _validated(merged: Mapping[str, Any]) -> Ruleset:
    values: dict[str, Any] = {name: _integer(name, merged[name]) for name in _INT_RANGES}
    values["placement"] = _placement(merged["placement"])
    values["order"] = _order(merged["order"])
    values["initial_holdings"] = _holdings(merged["initial_holdings"], values["shares_per_firm"])
    values["opening_session"] = _flag("opening_session", merged["opening_session"])
    values["wait_for_host"] = _flag("wait_for_host", merged["wait_for_host"])
    values["time_scale"] = _time_scale(merged["time_scale"])
    values["capture_paid_by"] = _paid_by(merged["capture_paid_by"])
    values["privatization_price"] = _price_rule(merged["privatization_price"])
    if values["move_min_s"] > values["move_max_s"]:
        raise _bad(
            "Ruleset parameter 'move_min_s' must not exceed 'move_max_s'.", reason="move_times"
        )
    return Ruleset(**values)


def ruleset_to_toml(rules: Ruleset) -> str:
    """The full ruleset as TOML text (every parameter written out)."""
    return tomli_w.dumps(rules.as_json())


def ruleset_from_toml(text: str) -> Json:
    """Read TOML ruleset text into the mapping :func:`load_ruleset` takes."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _bad(f"The ruleset is not valid TOML: {exc}.") from None


def ruleset_to_json(rules: Ruleset) -> str:
    """The full ruleset as JSON text.

    >>> load_ruleset(ruleset_from_json(ruleset_to_json(load_ruleset()))) == load_ruleset()
    True
    """
    return json.dumps(rules.as_json(), indent=2, sort_keys=True)


def ruleset_from_json(text: str) -> Json:
    """Read JSON ruleset text into the mapping :func:`load_ruleset` takes."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _bad(f"The ruleset is not valid JSON: {exc}.") from None
    if not isinstance(data, dict):
        raise _bad("A ruleset must be an object of parameters.")
    return data
