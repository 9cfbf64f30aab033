"""Rulesets: every parameter with its default, presets, validation, TOML and JSON."""

from __future__ import annotations

from typing import Any

import pytest

from boardroom.games.exchange.ruleset import (
    CLASSIC_PLACEMENT,
    PRESETS,
    load_ruleset,
    ruleset_from_json,
    ruleset_from_toml,
    ruleset_to_json,
    ruleset_to_toml,
)
from boardroom.games.exchange.schema import command_schema, validate_command
from boardroom.games.exchange.setup import initial_state
from boardroom.kernel import Refused

SPEC_DEFAULTS = {
    "years": 6,
    "moves_per_year": 8,
    "move_min_s": 30,
    "move_max_s": 300,
    "session_s": 600,
    "meeting_call_min_shares": 5,
    "meeting_call_window_s": 60,
    "meeting_s": 300,
    "opening_session": True,
    "time_scale": 1.0,
    "player_cash": 200,
    "firm_cash": 100,
    "shares_per_firm": 20,
    "initial_holdings": {"state": 15, "director": 5},
    "nominal_price": 10,
    "income_man": 10,
    "income_king": 30,
    "capture_man": 20,
    "capture_king": 60,
    "capture_paid_by": "market",
    "value_man": 20,
    "value_king": 60,
    "tax_rate": 20,
    "payout": 50,
    "privatization_lot": 5,
    "official_salary": 20,
    "board_win_bonus": 50,
    "order": {"white": [1, 2, 3, 4], "black": [5, 6, 7, 8]},
}


def test_classic_has_every_parameter_of_the_spec_with_its_default() -> None:
    data = load_ruleset({"preset": "classic"}).as_json()
    for name, default in SPEC_DEFAULTS.items():
        assert data[name] == default, name
    assert data["placement"]["3"] == ["e1", "f2", "e3"]
    assert data["placement"]["8"] == ["b8", "a7", "b6"]


def test_classroom_places_the_seeds_squares_three_a_firm_black_mirroring_white() -> None:
    classic = load_ruleset({"preset": "classic"}).placement
    classroom = load_ruleset({"preset": "classroom"}).placement
    assert classic == CLASSIC_PLACEMENT and classroom != classic
    assert all(len(squares) == 3 for squares in classroom.values())
    for colour in (range(1, 5), range(5, 9)):
        assert {s for f in colour for s in classroom[f]} == {s for f in colour for s in classic[f]}

    def turned(square: str) -> str:
        return chr(ord("a") + ord("h") - ord(square[0])) + str(9 - int(square[1]))

    assert all(classroom[f + 4] == tuple(map(turned, classroom[f])) for f in range(1, 5))
    # Firm 1, first to move, keeps a3 and a1 and takes g1 from firm 4, which takes b2.
    assert classroom[1] == ("a1", "g1", "a3") and classroom[4] == ("b2", "h2", "g3")
    state = initial_state({"ruleset": {"preset": "classroom"}, "players": []})
    piece = state.board.piece_at("g1")
    assert piece is not None and state.firm_of_piece(piece.id) == 1


def test_presets_include_classic_and_a_fast_demo() -> None:
    assert {"classic", "demo"} <= set(PRESETS)
    demo = load_ruleset({"preset": "demo"})
    assert demo.time_scale < 1 and demo.scaled(demo.session_s) < 600


@pytest.mark.parametrize(
    ("overrides", "fragment"),
    [
        ({"years": 0}, "'years' must be between 1 and 100"),
        ({"years": 2.5}, "'years' must be a whole number"),
        ({"tax_rate": "20%"}, "'tax_rate' must be a whole number"),
        ({"time_scale": 0}, "'time_scale' must be a number above 0"),
        ({"opening_session": "yes"}, "must be true or false"),
        ({"capture_paid_by": "bank"}, "'market' or 'victim'"),
        ({"order": {"white": [1, 2, 3], "black": [5, 6, 7, 8]}}, "white order must list firms"),
        ({"order": {"white": [5, 2, 3, 4], "black": [1, 6, 7, 8]}}, "white order must list firms"),
        ({"placement": {"9": ["a1"]}}, "firms are numbered 1 to 8"),
        ({"placement": {"1": ["a2"]}}, "not a dark square"),
        ({"placement": {"1": ["a1"], "2": ["a1"]}}, "two pieces on a1"),
        ({"placement": {"1": ["b8"]}}, "already be crowned"),
        ({"initial_holdings": {"state": 10, "director": 5}}, "must add up to shares_per_firm"),
        ({"move_min_s": 400}, "must not exceed"),
        ({"colour": "red"}, "Unknown ruleset parameter 'colour'"),
        ({"preset": "chess"}, "Unknown ruleset preset"),
    ],
)
def test_bad_rulesets_are_refused_with_a_plain_sentence(
    overrides: dict[str, Any], fragment: str
) -> None:
    with pytest.raises(Refused) as exc:
        load_ruleset(overrides)
    assert exc.value.code == "bad_ruleset"
    assert fragment in exc.value.message


def test_a_ruleset_saves_and_loads_as_toml_and_json() -> None:
    custom = load_ruleset(
        {"preset": "demo", "placement": {"1": ["Kc3"], "5": ["d6"]}, "tax_rate": 35}
    )
    assert load_ruleset(ruleset_from_toml(ruleset_to_toml(custom))) == custom
    assert load_ruleset(ruleset_from_json(ruleset_to_json(custom))) == custom
    assert load_ruleset(ruleset_from_toml('preset = "demo"\nyears = 4\n')).years == 4
    with pytest.raises(Refused):
        ruleset_from_toml("years = ")
    with pytest.raises(Refused):
        ruleset_from_json("[1, 2]")


def test_a_crowned_piece_in_the_placement_starts_as_a_king() -> None:
    state = initial_state({"ruleset": {"placement": {"1": ["Kc3"], "5": ["d6"]}}})
    piece = state.board.piece_at("c3")
    assert piece is not None and piece.king and piece.id == "1.1"


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ({"game": "quiz"}, "exchange game"),
        ({"seed": "x"}, "'seed' must be a whole number"),
        ({"players": [{"id": "p1"}, {"id": "p1"}]}, "appears twice"),
        ({"players": [{"name": "Anna"}]}, "needs a text 'id'"),
        ({"players": [{"id": "firm:1"}]}, "reserved"),
        ({"players": [{"id": "p1"}], "directors": {"1": "p2"}}, "not a player"),
        ({"players": [{"id": "p1"}], "directors": {"0": "p1"}}, "numbered 1 to 8"),
        ({"players": [{"id": "p1"}], "officials": ["p9"]}, "'officials' must list player ids"),
    ],
)
def test_bad_setup_lines_are_refused(spec: dict[str, Any], fragment: str) -> None:
    with pytest.raises(Refused) as exc:
        initial_state(spec)
    assert exc.value.code == "bad_setup" and fragment in exc.value.message


PROTOCOL_COMMANDS = {
    "start": [],
    "move": ["firm", "move"],
    "pass": ["firm"],
    "order": ["account", "stock", "side", "qty", "price"],
    "cancel": ["order"],
    "call_meeting": ["firm"],
    "nominate": ["firm", "candidate"],
    "vote": ["firm", "holder", "director", "payout"],
    "tick": [],
    "end_phase": [],
    "pause": [],
    "resume": [],
    "extend": ["seconds"],
    "end_game": [],
    "continue": [],  # docs/exchange.md: the host's step past a wait (wait_for_host)
    "rename": ["name"],  # docs/exchange.md: the name a person typed, before the start
}


def test_the_published_schema_names_every_protocol_command_and_field() -> None:
    schema = command_schema()
    variants = {v["properties"]["type"]["const"]: v for v in schema["oneOf"]}
    assert set(variants) == set(PROTOCOL_COMMANDS)
    for name, fields in PROTOCOL_COMMANDS.items():
        assert set(fields) <= set(variants[name]["required"])
        assert "by" in variants[name]["required"]
    assert variants["order"]["properties"]["qty"] == {
        "type": "integer",
        "minimum": 1,
        "maximum": 10**9,
    }
    assert variants["vote"]["properties"]["payout"]["maximum"] == 100


@pytest.mark.parametrize(
    ("command", "code"),
    [
        ([], "bad_command"),
        ({"type": "move", "firm": 1, "move": "a3-b4"}, "bad_command"),
        ({"type": "move", "by": "p1", "firm": 1}, "missing_field"),
        ({"type": "move", "by": "p1", "firm": 1.0, "move": "a3-b4"}, "not_an_integer"),
        ({"type": "move", "by": "p1", "firm": 9, "move": "a3-b4"}, "out_of_range"),
        ({"type": "move", "by": "p1", "firm": 1, "move": 5}, "bad_command"),
        ({"type": "extend", "by": "host", "seconds": 0}, "out_of_range"),
        ({"type": "dance", "by": "host"}, "unknown_command"),
    ],
)
def test_commands_are_checked_against_the_schema_table(command: Any, code: str) -> None:
    with pytest.raises(Refused) as exc:
        validate_command(command)
    assert exc.value.code == code
