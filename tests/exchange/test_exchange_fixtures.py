"""Recorded robot games, frozen as JSON lines: they must keep replaying to the same results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from exchange_helpers import check_fold, check_invariants
from make_fixtures import FIXTURES, digest

from boardroom.kernel import fold
from boardroom.replay import replay

EXPECTED = json.loads((FIXTURES / "expected.json").read_text())


def test_there_are_at_least_five_recorded_games() -> None:
    assert len(sorted(FIXTURES.glob("*.jsonl"))) >= 5
    assert {p.stem for p in FIXTURES.glob("*.jsonl")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_recorded_game_replays_to_its_exact_results(name: str) -> None:
    lines = Path(FIXTURES / f"{name}.jsonl").read_text().splitlines()
    result = replay(lines)
    assert result.refusals == []
    assert result.journal is not None and result.state is not None
    state = result.journal.state
    assert {**digest(state), "events": len(result.journal.events)} == EXPECTED[name]
    assert result.state["phase"] == "ended"
    assert result.state["results"] == state.results
    check_invariants(state)
    check_fold(result.journal)
    stored = json.loads(json.dumps(result.journal.events))
    assert (
        fold(result.journal.rules, result.journal.setup_spec, stored).snapshot() == state.snapshot()
    )
    total = sum(p["wealth"] for p in state.results["players"]) + state.results["state"]["wealth"]
    firms_left = sum(state.ledger.balance(f"firm:{n}", "cash") for n in range(1, 9))
    assert total + firms_left == -state.ledger.balance("market", "cash")
