"""Recorded rounds (JSON lines: the setup, then one command per line with its time ``at``)
replayed as ``boardroom replay`` does, with exact results."""

from __future__ import annotations

import json

from quiz_helpers import FIXTURES, read_lines

from boardroom.games.quiz import RULES
from boardroom.kernel import Json, fold
from boardroom.replay import replay as replay_file


def replay(lines: list[Json], *, keep_going: bool = False) -> Json:
    """What ``boardroom replay [--keep-going]`` prints for these lines."""
    text = [json.dumps(line, ensure_ascii=False) for line in lines]
    report: Json = replay_file(text, keep_going=keep_going).report(keep_going)
    return report


def expected(name: str) -> Json:
    loaded: Json = json.loads((FIXTURES / f"{name}.expected.json").read_text(encoding="utf-8"))
    return loaded


def test_final_in_defender_mode_replays_exactly() -> None:
    out = replay(read_lines(FIXTURES / "final_defender.jsonl"))
    assert out == expected("final_defender")
    assert (out["phase"], out["winner"], out["end_reason"]) == (
        "ended",
        "eagles",
        "reached_far_row",
    )
    assert out["position"] == "B:WKa5,b2,e3,f2,g3,h2,h8:Ba7,c7,Ke7,h6"
    teams = out["teams"]
    assert (teams["eagles"]["score"], teams["owls"]["score"]) == (14 + 4 + 3, 11 + 3)
    judged = [
        (e["question"], e["correct"], e["by"]) for e in out["events"] if e["type"] == "judged"
    ]
    assert judged == [
        ("h1", False, "host"),  # undone at 110 ...
        ("h1", True, "host"),  # ... and judged again: the capture is repelled at the first jump
        ("g1", False, "clock"),  # asked at 155, paused 170-230: the deadline moved from 185 to 245
        ("g2", False, "system"),  # a multiple-choice answer judged by the system
        ("l1", False, "host"),  # h2 was skipped
        ("l2", True, "host"),  # repelled at the second jump: the captain stops on a5
        ("s1", False, "clock"),
        ("s2", False, "host"),  # the last jump lands on h8: the far row wins
    ]
    timeout = [e for e in out["events"] if e["type"] == "judged" and e["by"] == "clock"]
    assert [e["at"] for e in timeout] == [245, 395]


def test_final_in_attacker_mode_replays_exactly_with_its_refusal() -> None:
    lines = read_lines(FIXTURES / "final_attacker.jsonl")
    stopped = replay(lines)
    assert stopped["refused"] == {
        "line": 5,
        "code": "not_your_turn",
        "message": "Only team B (or the host for it) may answer this question now.",
        "team": "B",
    }
    assert stopped["state"]["duel"]["step"] == "answer"
    out = replay(lines, keep_going=True)
    assert out == expected("final_attacker")
    assert [e["first"] for e in out["events"] if e["type"] == "game_started"] == [
        "B"
    ]  # tie: by lot
    assert (out["winner"], out["end_reason"]) == ("A", "host")  # the leader on points
    assert (out["teams"]["A"]["score"], out["teams"]["B"]["score"]) == (9 + 3 + 5, 9 + 2)


def test_replays_fold_back_to_the_same_state() -> None:
    for name in ("final_defender", "final_attacker"):
        lines = read_lines(FIXTURES / f"{name}.jsonl")
        out = replay(lines, keep_going=True)
        state = fold(RULES, lines[0], out["events"])
        view = RULES.view(state, "host")
        assert view == {k: v for k, v in out.items() if k != "refusals"}
