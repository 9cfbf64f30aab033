"""The setup line and the ruleset: defaults from the seed and clear refusals."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from quiz_helpers import full_spec, questions

from boardroom.games.quiz import RULES, Ruleset, RulesetError, SetupError
from boardroom.games.quiz.schema import command_schema, setup_errors, setup_schema
from boardroom.kernel import Refused


def test_the_seed_round_defaults() -> None:
    setup = full_spec()
    for team in setup["teams"]:
        for member in team["members"]:
            member.pop("square", None)
    state = RULES.setup(setup)
    assert state.game.fen == "W:Wb2,Kd2,f2,h2,a3,c3,e3,g3:Bg7,Ke7,c7,a7,h6,f6,d6,b6"
    view = RULES.view(state, "host")
    assert view["phase"] == "setup" and view["to_move"] is None
    captain = view["teams"]["A"]["members"][1]
    assert (captain["name"], captain["square"], captain["king"], captain["captain"]) == (
        "Olga",
        "d2",
        True,
        True,
    )
    guest = view["teams"]["A"]["members"][7]
    assert (guest["name"], guest["guest"]) == ("Peter I", True)
    assert view["ruleset"] == Ruleset().to_json()
    assert view["ruleset"]["duel"] == "defender" and view["ruleset"]["answer_s"] == 60


def test_the_host_assigns_squares() -> None:
    setup = full_spec()
    setup["teams"][0]["members"][0]["square"] = "c1"
    setup["teams"][0]["members"][1]["square"] = "G1"
    state = RULES.setup(setup)
    assert state.game.squares["a1"] == "c1" and state.game.squares["a2"] == "g1"
    assert state.game.squares["a3"] == "b2"  # the rest fill the seed's squares in order


def test_ruleset_parameters_all_validate() -> None:
    ruleset = Ruleset.from_json(
        {
            "duel": "none",
            "answer_s": 30,
            "time_scale": 0.5,
            "points_capture": 2,
            "points_repel": 0,
            "points_win": 10,
            "captain_is_king": False,
            "men_capture_backward": True,
            "promotion": "king",
            "auto_judge_choices": False,
            "question_order": "shuffled",
        }
    )
    assert ruleset.answer_limit(None) == 15
    variant = ruleset.variant()
    assert (variant.men_capture_backward, variant.promotion, variant.ordered_captures) == (
        True,
        "king",
        True,
    )


@pytest.mark.parametrize(
    ("ruleset", "message"),
    [
        ({"duel": "both"}, "ruleset.duel: must be one of defender, attacker, none (got 'both')."),
        ({"answer_s": 0}, "ruleset.answer_s: must be more than zero (got 0)."),
        ({"answer_s": "60"}, "ruleset.answer_s: must be a number (got '60')."),
        ({"points_win": -1}, "ruleset.points_win: must be zero or more (got -1)."),
        ({"captain_is_king": 1}, "ruleset.captain_is_king: must be true or false (got 1)."),
        ({"time_scale": True}, "ruleset.time_scale: must be a number (got True)."),
        ({"promotion": "queen"}, "ruleset.promotion: must be one of win, king (got 'queen')."),
    ],
)
def test_bad_ruleset_values_are_refused_with_the_field_named(
    ruleset: dict[str, Any], message: str
) -> None:
    setup = full_spec(**ruleset)
    with pytest.raises(RulesetError) as caught:
        RULES.setup(setup)
    assert caught.value.code == "invalid_setup"
    assert caught.value.message == message
    assert isinstance(caught.value, Refused) and isinstance(caught.value, ValueError)


def test_unknown_ruleset_parameter() -> None:
    with pytest.raises(
        RulesetError, match=r"ruleset.anser_s: unknown parameter; the parameters are: answer_s"
    ):
        RULES.setup(full_spec(anser_s=10))


def broken(change: Any) -> str:
    setup = full_spec()
    change(setup)
    with pytest.raises(SetupError) as caught:
        RULES.setup(setup)
    return caught.value.message


def test_bad_setups_are_refused_with_clear_messages() -> None:
    def member(team: int, index: int, **fields: Any) -> Any:
        return lambda s: s["teams"][team]["members"][index].update(fields)

    assert (
        broken(lambda s: s.pop("teams"))
        == "Quiz Draughts setup line: missing required field 'teams'."
    )
    assert broken(lambda s: s["teams"].pop()) == "teams: needs at least 2 items."
    assert (
        broken(member(0, 0, square="c4"))
        == "teams[0].members[0].square: 'c4' is not a dark square of the board."
    )
    assert (
        broken(member(1, 0, square="b2"))
        == "teams[1].members[0].square: b2 is already given to 'a1'."
    )
    assert broken(member(1, 0, id="a1")) == "teams[1].members[0].id: member id 'a1' is used twice."
    assert broken(member(0, 0, captain=True)) == "teams[0].members: a team has at most one captain."
    assert broken(member(0, 0, guest=True)) == "teams[0].members: a team has at most one guest."
    assert broken(member(0, 0, name="")) == "teams[0].members[0].name: must not be empty."
    assert broken(member(0, 0, nick="x")).startswith("teams[0].members[0]: unknown field 'nick'")
    assert (
        broken(member(0, 0, square="d8"))
        == "team 'A': Ivan is a man and cannot start on the far row (d8)."
    )
    assert (
        broken(lambda s: s["teams"][1].update(id="A")) == "teams[1].id: both teams are called 'A'."
    )
    assert broken(lambda s: s["teams"][0].update(id="host")).startswith(
        "teams[0].id: 'host' is reserved"
    )
    both_black = lambda s: [team.update(color="black") for team in s["teams"]]  # noqa: E731
    assert broken(both_black) == "teams[1].color: both teams play black."
    assert broken(lambda s: s["teams"][0].update(color="red")) == (
        "teams[0].color: must be one of white, black."
    )
    assert broken(lambda s: s["questions"].append({"text": "No answer"})) == (
        "questions[40]: answer is missing or empty."
    )
    assert broken(lambda s: s.update(seed="one")) == "seed: must be integer, not string."


def test_more_members_than_default_squares_need_squares() -> None:
    setup = full_spec()
    setup["teams"][0]["members"].append({"id": "a9", "name": "Extra"})
    with pytest.raises(
        SetupError, match=r"teams\[0\].members\[8\].square: no default square is left"
    ):
        RULES.setup(setup)
    setup["teams"][0]["members"][8]["square"] = "c1"
    assert RULES.setup(setup).game.squares["a9"] == "c1"


def test_colours_can_be_chosen() -> None:
    setup = full_spec()
    setup["teams"][1]["color"] = "white"
    for team in setup["teams"]:
        for member in team["members"]:
            member.pop("square", None)
    state = RULES.setup(setup)
    assert (state.team("A").color, state.team("B").color) == ("black", "white")
    assert state.game.squares["b1"] == "b2" and state.game.squares["a1"] == "g7"


def test_setup_does_not_keep_the_callers_objects() -> None:
    setup = full_spec()
    snapshot = copy.deepcopy(setup)
    RULES.setup(setup)
    assert setup == snapshot


def test_shuffled_question_order_follows_the_seed() -> None:
    one = RULES.setup(full_spec(question_order="shuffled"))
    two = RULES.setup(full_spec(question_order="shuffled"))
    assert one.order == two.order and list(one.order) != [q["id"] for q in questions()]


def test_published_schemas() -> None:
    schema = command_schema()
    assert schema["$schema"].endswith("2020-12/schema")
    assert set(schema["$defs"]) == {
        "play_media",
        "claim_answering",
        "hand_answering",
        "start",
        "move",
        "ask",
        "answer",
        "judge",
        "undo_judgement",
        "skip_question",
        "pause",
        "resume",
        "end_game",
        "tick",
    }
    assert schema["$defs"]["judge"]["required"] == ["type", "by", "correct"]
    assert RULES.command_schema() == schema
    assert setup_schema()["properties"]["teams"]["maxItems"] == 2
    assert setup_errors(full_spec()) == []
