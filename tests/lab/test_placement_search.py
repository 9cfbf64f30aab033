"""The placement search's candidates (``scripts/placement_search.py``): every swap it tries is
a legal ``classroom`` position with the seed's structure, black mirroring white."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from boardroom.games.exchange.ruleset import CLASSIC_PLACEMENT, load_ruleset
from boardroom.games.exchange.setup import initial_state

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "placement_search.py"


@pytest.fixture(scope="module")
def search() -> ModuleType:
    spec = importlib.util.spec_from_file_location("placement_search", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def squares_of(placement: dict[int, tuple[str, ...]], firms: range) -> set[str]:
    return {s for firm in firms for s in placement[firm]}


def test_every_mirrored_swap_keeps_the_seeds_squares_and_three_men_a_firm(
    search: ModuleType,
) -> None:
    start = search.Candidate(search.seed_owners())
    seen = set()
    for first, second in search.swaps(start):
        placement = search.swapped(start, first, second).placement()
        assert sorted(placement) == list(range(1, 9))
        assert all(len(squares) == 3 for squares in placement.values())
        assert squares_of(placement, range(1, 5)) == squares_of(CLASSIC_PLACEMENT, range(1, 5))
        assert squares_of(placement, range(5, 9)) == squares_of(CLASSIC_PLACEMENT, range(5, 9))
        for firm in range(1, 5):
            assert placement[firm + 4] == tuple(search.mirror(s) for s in placement[firm])
        changed = [f for f in placement if set(placement[f]) != set(CLASSIC_PLACEMENT[f])]
        assert len(changed) == 4, "two white firms and their two black mirrors"
        seen.add(frozenset(placement[1] + placement[2] + placement[3]))
        load_ruleset(search.swapped(start, first, second).ruleset())
    assert len(list(search.swaps(start))) == 54 == len(set(search.swaps(start)))


def test_a_swapped_candidate_starts_a_game_with_each_firm_on_its_new_squares(
    search: ModuleType,
) -> None:
    candidate = search.swapped(search.Candidate(search.seed_owners(), (10, 30)), "a3", "c3")
    ruleset = load_ruleset(candidate.ruleset())
    assert ruleset.placement[1] == ("a1", "b2", "c3") and ruleset.placement[5] == (
        "h8",
        "g7",
        "f6",
    )
    assert (ruleset.capture_man, ruleset.capture_king, ruleset.years) == (10, 30, 4)
    players = [{"id": f"p{n}", "name": f"P{n}"} for n in range(1, 9)]
    state = initial_state({"ruleset": candidate.ruleset(), "players": players})
    for firm, squares in ruleset.placement.items():
        pieces = [state.board.piece_at(square) for square in squares]
        assert [state.firm_of_piece(p.id) for p in pieces if p is not None] == [firm] * 3
        assert len(state.piece_ids(firm)) == 3


def test_swapping_two_squares_of_one_firm_or_an_empty_square_is_refused(
    search: ModuleType,
) -> None:
    start = search.Candidate(search.seed_owners())
    with pytest.raises(ValueError, match="same firm"):
        search.swapped(start, "a1", "b2")
    with pytest.raises(ValueError, match="no white firm has a man on d4"):
        search.swapped(start, "a1", "d4")
    assert search.swapped(search.swapped(start, "a1", "c1"), "a1", "c1") == start
