"""Regenerate the expected outputs of the recorded quiz rounds (review the diff before keeping it).

Run: ``.venv/bin/python tests/quiz/make_quiz_fixtures.py``
"""

from __future__ import annotations

import json
from pathlib import Path

from boardroom.replay import replay

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "quiz"
ROUNDS = {"final_defender": False, "final_attacker": True}  # name: --keep-going


def main() -> None:
    for name, keep_going in ROUNDS.items():
        lines = (FIXTURES / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        report = replay(lines, keep_going=keep_going).report(keep_going)
        text = json.dumps(report, ensure_ascii=False, indent=1) + "\n"
        (FIXTURES / f"{name}.expected.json").write_text(text, encoding="utf-8")
        print(f"{name}: winner {report.get('winner')!r}, {len(report.get('events', []))} events")


if __name__ == "__main__":
    main()
