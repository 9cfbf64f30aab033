"""People first (issue 14): the names people type, default directors that never give one
person both colours or their own late move, every listed player seated; figures a person
can check by hand (gain over the starting worth, worth after the end counted once)."""

from __future__ import annotations

import pytest
from exchange_helpers import do, game, refused, run_to, started

from boardroom.games.exchange import RULES
from boardroom.games.exchange.kind import KIND, demo
from boardroom.games.exchange.ruleset import color_of
from boardroom.games.exchange.setup import default_directors, initial_state
from boardroom.kernel import Journal


def players(n: int) -> list[dict[str, str]]:
    return [{"id": f"p{i}", "name": f"Игрок {i}"} for i in range(1, n + 1)]


@pytest.mark.parametrize("n", range(1, 12))
def test_default_directors_never_give_one_person_both_colours(n: int) -> None:
    state = initial_state({"players": players(n)})
    colours: dict[str, set[str]] = {}
    for number, firm in state.firms.items():
        if firm.director is not None:
            colours.setdefault(firm.director, set()).add(color_of(number))
    assert all(len(c) == 1 for c in colours.values())
    # Up to eight players, everyone directs a firm; beyond, every firm has a director.
    assert len(colours) == min(n, 8) if n != 1 else len(colours) == 1
    if n >= 2:
        assert all(f.director is not None for f in state.firms.values())


def test_four_players_direct_two_firms_of_one_colour_each() -> None:
    assert default_directors(["a", "b", "c", "d"]) == {
        1: "a", 2: "b", 3: "a", 4: "b", 5: "c", 6: "d", 7: "c", 8: "d"
    }  # fmt: skip
    # The demo game follows the same rule.
    spec = demo(players=4)
    assert spec["directors"] == {
        str(k): v for k, v in default_directors(["p1", "p2", "p3", "p4"]).items()
    }


def test_a_late_move_is_taken_over_by_someone_else() -> None:
    """Two players, default directors: every timeout takeover hands the late colour's move
    to the other person, never back to the one who was late."""
    journal = Journal.open(RULES, {"players": players(2), "ruleset": {"opening_session": False}})
    journal.handle({"type": "start", "by": "host"}, 0.0)
    firms = journal.state.firms
    takeovers = 0
    now = 0.0
    for _ in range(6):
        call = journal.state.call
        if journal.state.phase != "board" or call is None:
            break
        now = journal.state.deadline or now
        events = journal.handle({"type": "tick", "by": "server"}, now).events
        for e in events:
            if e["type"] == "timed_out":
                takeovers += 1
                assert firms[e["takeover_firm"]].director != firms[e["firm"]].director
    assert takeovers >= 1


def test_every_player_of_the_list_gets_a_seat() -> None:
    state = initial_state({"players": players(6)})
    host_view = RULES.view(state, "host")
    assert KIND.roles(host_view) == [f"p{i}" for i in range(1, 7)]
    labels = KIND.seat_labels(host_view, KIND.roles(host_view))
    assert all(label["firms"] for label in labels.values())


def test_the_name_a_person_types_replaces_the_placeholder_before_the_start() -> None:
    journal = game(players=2)
    do(journal, 0, "rename", "p2", name="  Александра   Соколова ")
    assert journal.state.players["p2"] == "Александра Соколова"
    assert RULES.view(journal.state, "projector")["players"]["p2"] == "Александра Соколова"
    assert refused(journal, 0, "rename", "p1", player="p2", name="X").code == "host_only"
    assert refused(journal, 0, "rename", "p1", name="   ").code == "bad_name"
    do(journal, 0, "rename", "host", player="p1", name="Константин Константинопольский")
    do(journal, 0, "start")
    assert refused(journal, 1, "rename", "p1", name="Костя").code == "already_started"
    do(journal, 2, "end_game")
    names = {p["player"]: p["name"] for p in journal.state.results["players"]}
    assert names == {"p1": "Константин Константинопольский", "p2": "Александра Соколова"}


def test_gain_is_measured_against_the_starting_worth() -> None:
    """By hand: eight players, each directs one firm with 5 of its 20 shares. A player who
    does nothing starts with 200 + 5 × 10 = 250. Ended at once, a firm is worth its 100 cash
    + 3 men × 20 = 160, 8 a share: the five shares pay 40, so the player ends with 240 —
    a gain of −10 (not +40, as measured against the cash alone)."""
    journal = started()
    do(journal, 1, "end_game")
    row = next(p for p in journal.state.results["players"] if p["player"] == "p1")
    assert (row["start"], row["wealth"], row["gain"]) == (250, 240, -10)


def test_worth_after_the_end_counts_the_paid_out_shares_once() -> None:
    journal = started()
    before = RULES.view(journal.state, "host")["accounts"]["p1"]
    assert before["worth"] == 200 + 5 * 10  # cash + holdings at the last price
    do(journal, 1, "end_game")
    after = RULES.view(journal.state, "host")["accounts"]["p1"]
    assert after["holdings"] == {"1": 5}  # still on record for the reveal
    assert after["worth"] == after["cash"] == 240
    mine = RULES.view(journal.state, "p1")["accounts"]["p1"]
    assert mine["worth"] == 240


def test_run_to_reaches_the_end_with_default_directors() -> None:
    journal = Journal.open(RULES, {"players": players(3), "ruleset": {"preset": "blitz"}})
    journal.handle({"type": "start", "by": "host"}, 0.0)
    run_to(journal, "ended", limit=400)
    results = journal.state.results
    assert results is not None
    gains = {p["player"]: p["gain"] for p in results["players"]}
    starts = {p["player"]: p["start"] for p in results["players"]}
    assert starts == {"p1": 200 + 2 * 50, "p2": 200 + 2 * 50, "p3": 200 + 4 * 50}
    assert set(gains) == {"p1", "p2", "p3"}
