"""The layers hold (import-linter's contracts in pyproject.toml), and the check would catch
a game core that imports an outer layer."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(root), "PATH": str(LINT.parent)}
    command = [str(LINT), "--no-cache", "--config", str(root / "pyproject.toml")]
    return subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=300)


def copy_of_project(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    ignore = shutil.ignore_patterns("__pycache__", "static")
    shutil.copytree(ROOT / "boardroom", tmp_path / "boardroom", ignore=ignore)
    return tmp_path


def test_the_layers_hold() -> None:
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_a_core_importing_the_server_breaks_the_layers(tmp_path: Path) -> None:
    root = copy_of_project(tmp_path)
    bad = root / "boardroom" / "games" / "quiz" / "leak.py"
    bad.write_text("from boardroom.server.hub import Hub\n", encoding="utf-8")
    done = lint(root)
    assert done.returncode != 0
    assert "boardroom.games.quiz.leak -> boardroom.server.hub" in done.stdout


def test_a_core_reading_the_clock_breaks_purity(tmp_path: Path) -> None:
    root = copy_of_project(tmp_path)
    bad = root / "boardroom" / "kernel.py"
    bad.write_text(bad.read_text(encoding="utf-8") + "\nimport time\n", encoding="utf-8")
    done = lint(root)
    assert done.returncode != 0
    assert "boardroom.kernel -> time" in done.stdout
