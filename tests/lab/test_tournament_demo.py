"""``boardroom tournament-demo``: robot pupils play a Swiss event out; the standings, the
coach's words, one PDN of every game and the crosstable's CSV come out."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardroom.cli import main
from boardroom.draughts import pdn as pdn_format

ARGS = ["tournament-demo", "--pupils", "5", "--rounds", "2", "--nodes", "60", "--max-plies", "40"]


def test_a_demo_event_prints_rounds_and_standings_and_writes_pdn_and_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdn, csv = tmp_path / "event.pdn", tmp_path / "table.csv"
    assert main([*ARGS, "--pdn", str(pdn), "--csv", str(csv)]) == 0
    out = capsys.readouterr().out
    rounds, table = out.strip().split("\n\n")
    boards = rounds.splitlines()
    assert [line.split()[0] for line in boards] == ["1.1", "1.2", "1.3", "2.1", "2.2", "2.3"]
    assert sum("Робот" in line for line in boards) == 2
    assert table.splitlines()[0].split()[:3] == ["Место", "Имя", "Очки"]
    assert [line.split()[0] for line in table.splitlines()[1:]] == ["1", "2", "3", "4", "5"]
    games = pdn_format.read(pdn.read_text(encoding="utf-8"))
    assert len(games) == 6 and all(g.result in ("2-0", "1-1", "0-2") for g in games)
    assert all(len(g.board().move_stack) == len(g.moves) for g in games)
    lines = csv.read_text(encoding="utf-8-sig").splitlines()  # Excel's: a BOM and ";"
    assert lines[0].startswith("Место;Имя;1;2;3;4;5;Робот;Очки") and len(lines) == 6
    assert main(ARGS) == 0
    assert capsys.readouterr().out == out  # deterministic


def test_the_demo_in_english_with_the_coach(capsys: pytest.CaptureFixture[str]) -> None:
    three = ["tournament-demo", "--pupils", "3", "--rounds", "1", "--nodes", "60"]
    assert (
        main([*three, "--max-plies", "200", "--lang", "en", "--coach", "--coach-depth", "2"]) == 0
    )
    rounds, table, coach = capsys.readouterr().out.strip().split("\n\n")
    assert rounds.splitlines() == ["1.1  Ann – Bob  0:2", "1.2  Cat – Robot  2:0"]
    assert table.splitlines()[1].split() == ["1", "Bob", "2", "0", "0"]  # the 2/1/0 scale
    assert coach.splitlines() == [
        "1.1 Ann, 21. h2-g3 (mistake): Better was h4-g5.",
        "1.2 Robot, 6. f6-e5 (mistake): Better was d4-e3.",
    ]


def test_too_many_rounds_is_refused_with_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament-demo", "--pupils", "4", "--rounds", "3"]) == 2
    assert "with 4 pupils, a Swiss event has at most 2 round(s)" in capsys.readouterr().err
