"""The reveal's control verdicts against hand-computed cross holdings (20 shares a firm)."""

from __future__ import annotations

from boardroom.games.exchange.control import control, reveal_with_control

DIRECTORS = {"1": "p1", "2": "p2", "3": "p1", "4": "p4", "5": "p5", "6": "p6", "7": "p7", "8": None}


def record(holdings: dict[str, dict[str, int]]) -> dict[str, object]:
    return {"year": 3, "directors": DIRECTORS, "holdings": holdings}


def test_the_state_holding_the_majority_controls_not_the_largest_player() -> None:
    # The case: «Игрок 6» with 3 of 20 votes while the State held 17.
    c = control(record({"state": {"3": 17}, "p6": {"3": 3}}), 20)[3]
    assert (c["kind"], c["controller"], c["top_votes"]) == ("majority", "state", 17)
    assert c["votes"] == {"state": 17, "p6": 3}
    assert c["director"] == "p1"


def test_a_firm_is_controlled_through_another_firm_and_down_a_chain() -> None:
    # p9 holds 11 of firm 2 (director p2), so p9 casts firm 2's 11 votes in firm 5 (p5 has 5,
    # the State 4): p9 controls firm 5 and then firm 5's 12 shares of firm 7 (p7 has 8).
    holdings = {
        "p9": {"2": 11},
        "p2": {"2": 9},
        "firm:2": {"5": 11},
        "p5": {"5": 5},
        "state": {"5": 4},
        "firm:5": {"7": 12},
        "p7": {"7": 8},
    }
    c = control(record(holdings), 20)
    assert (c[2]["kind"], c[2]["controller"]) == ("majority", "p9")
    assert (c[5]["kind"], c[5]["controller"], c[5]["top_votes"]) == ("majority", "p9", 11)
    assert c[5]["through"] == {"p9": [2]}
    assert c[5]["votes"] == {"p9": 11, "p5": 5, "state": 4}
    assert (c[7]["controller"], c[7]["through"]) == ("p9", {"p9": [5]})


def test_a_firms_own_votes_join_its_controllers_own_shares() -> None:
    # p4 has 6 of firm 6 and directs firm 4, which has 5 more: 11 of 20 together.
    c = control(record({"p4": {"6": 6}, "firm:4": {"6": 5}, "p6": {"6": 9}}), 20)[6]
    assert (c["kind"], c["controller"], c["votes"]) == ("majority", "p4", {"p4": 11, "p6": 9})


def test_a_tie_and_nobody_in_control_are_said_as_such() -> None:
    c = control(
        record(
            {"p3": {"4": 10}, "p4": {"4": 10}, "p1": {"1": 8}, "p2": {"1": 7}, "state": {"1": 5}}
        ),
        20,
    )
    assert (c[4]["kind"], c[4]["controller"], c[4]["leaders"], c[4]["top_votes"]) == (
        "tie",
        None,
        ["p3", "p4"],
        10,
    )
    assert (c[1]["kind"], c[1]["controller"], c[1]["leaders"]) == ("none", None, ["p1"])
    assert (c[2]["kind"], c[2]["leaders"], c[2]["votes"]) == ("none", [], {})


def test_a_firm_without_a_director_or_controller_abstains() -> None:
    c = control(record({"firm:8": {"3": 10}, "p1": {"3": 6}, "p2": {"3": 4}}), 20)[3]
    assert (c["kind"], c["votes"], c["leaders"]) == ("none", {"p1": 6, "p2": 4}, ["p1"])


def test_a_ring_of_firms_leaves_each_holding_with_the_director_who_casts_it() -> None:
    # Firm 1 holds 11 of firm 2, firm 2 holds 11 of firm 1: control never settles round the
    # ring, so each firm's holding is cast by its director as things stand.
    c = control(
        record({"firm:1": {"2": 11}, "firm:2": {"1": 11}, "p1": {"1": 9}, "p2": {"2": 9}}), 20
    )
    assert (c[2]["controller"], c[1]["controller"]) == ("p1", "p2")


def test_every_reveal_record_carries_its_verdicts() -> None:
    out = reveal_with_control([record({"state": {"3": 17}, "p6": {"3": 3}})], 20)
    assert out[0]["control"]["3"]["controller"] == "state"
    assert sorted(out[0]["control"]) == [str(f) for f in range(1, 9)]
