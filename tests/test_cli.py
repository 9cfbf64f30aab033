"""The command-line contracts outside checks rely on (product.md, protocol.md)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from boardroom import __version__, native
from boardroom.cli import main

LINE = re.compile(r"^depth=(\d+) nodes=(\d+) time=\d+\.\d+ nps=\d+$")


def test_perft_prints_one_contract_line_per_depth(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    parsed = [LINE.match(line) for line in lines]
    assert all(parsed), lines
    assert [(int(m[1]), int(m[2])) for m in parsed if m] == [
        (1, 7),
        (2, 49),
        (3, 302),
        (4, 1469),
        (5, 7482),
    ]


def test_perft_takes_a_fen_and_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "2", "--fen", "W:Wd4:Bc3", "--variant", "quiz"]) == 0
    assert "depth=1 nodes=2 " in capsys.readouterr().out


def test_perft_refuses_a_bad_fen_with_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "2", "--fen", "W:Wa2:B"]) == 2
    assert "'a2' is not a dark square" in capsys.readouterr().err


def test_the_version_and_perft_say_which_build_runs(capsys: pytest.CaptureFixture[str]) -> None:
    build = native.describe(native.BUILD)
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out == f"boardroom {__version__}, {build}\n"
    assert main(["perft", "1"]) == 0
    assert capsys.readouterr().err == f"build: {build}\n"  # stdout keeps the contract lines


def test_the_installed_command_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardroom", "perft", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.startswith("depth=1 nodes=7 ")


@pytest.mark.parametrize(
    ("lines", "code"),
    [
        (["not json"], "bad_json"),
        (['{"game": "chess"}'], "unknown_game"),
        (["[1, 2]"], "bad_command"),
    ],
)
def test_replay_refuses_a_bad_setup_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str], code: str
) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["refused"]["line"] == 1 and out["refused"]["code"] == code
    assert out["refused"]["message"]


def test_replay_of_a_missing_file_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/nonexistent/game.jsonl"]) == 2
    assert "cannot read" in capsys.readouterr().err
