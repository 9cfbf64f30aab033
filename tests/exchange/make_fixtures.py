"""Regenerate the recorded games in ``tests/fixtures/exchange`` (run by hand, then freeze).

    .venv/bin/python tests/exchange/make_fixtures.py

Writes each game as JSON lines and their expected results to ``expected.json``. A
fixture that stops replaying to the same results means the rules changed: say so
in the change, and regenerate only on purpose.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from boardroom.bots.random_exchange import demo_spec, play_random_game
from boardroom.kernel import Json

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "exchange"


def games() -> dict[str, tuple[Json, int, float]]:
    """Name → (setup line, robot seed, late rate)."""
    small_board = demo_spec(directors=4, traders=2, years=3, seed=5, opening_session=False)
    small_board["ruleset"].update(
        order={"white": [3, 4, 1, 2], "black": [6, 7, 8, 5]},
        placement={"1": ["c3", "e1"], "2": ["a1"], "3": ["g1"], "5": ["d6"], "6": ["a7", "h8"]},
    )
    return {
        "classic_full": (demo_spec(8, 16, years=6, seed=1), 1, 0.05),
        "demo_preset": (demo_spec(4, 4, years=3, seed=2, preset="demo"), 2, 0.05),
        "victim_pays": (demo_spec(8, 4, years=3, seed=3, capture_paid_by="victim"), 3, 0.1),
        "robots_only_boards": (demo_spec(0, 6, years=2, seed=4), 4, 0.3),
        "small_board": (small_board, 5, 0.05),
    }


def digest(state: Any) -> Json:
    """The results a replay must reproduce exactly."""
    results = state.results
    return {
        "reason": results["reason"],
        "board": results["board"],
        "wealth": {p["player"]: p["wealth"] for p in results["players"]},
        "values": {str(f["firm"]): f["value"] for f in results["firms"]},
        "state": results["state"]["wealth"],
    }


def main() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    expected: dict[str, Json] = {}
    for name, (spec, seed, late) in games().items():
        played = play_random_game(spec, seed, late_rate=late)
        lines = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in played.lines())
        (FIXTURES / f"{name}.jsonl").write_text(lines)
        expected[name] = {**digest(played.journal.state), "events": len(played.journal.events)}
    text = json.dumps(expected, indent=1, sort_keys=True) + "\n"
    (FIXTURES / "expected.json").write_text(text)


if __name__ == "__main__":
    main()
