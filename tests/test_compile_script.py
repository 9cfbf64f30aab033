"""`scripts/compile.py`: a mypyc failure on our sources fails `make unit` (``--strict``).

The build itself is not touched: mypyc's run and the build's removal are stand-ins here.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "compile.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("compile_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def failing_mypyc(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    script = load_script()
    refused = subprocess.CompletedProcess(["mypyc"], 1, "error: refused", "")
    monkeypatch.setattr(script, "compile_modules", lambda: (refused, ""))
    monkeypatch.setattr(script, "remove_build", lambda: None)
    monkeypatch.setattr(script, "missing_toolchain", lambda: None)
    monkeypatch.delenv("BOARDROOM_PURE", raising=False)
    monkeypatch.delenv("CI", raising=False)
    return script


def run(script: ModuleType, monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    monkeypatch.setattr(sys, "argv", ["compile.py", "--force", *args])
    result = script.main()
    assert isinstance(result, int)
    return result


def test_strict_fails_when_mypyc_refuses_our_sources(
    failing_mypyc: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(failing_mypyc, monkeypatch, "--strict") == 1
    assert "mypyc failed" in capsys.readouterr().err


def test_make_run_falls_back_to_the_pure_build(
    failing_mypyc: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(failing_mypyc, monkeypatch) == 0
    assert "the pure-Python build runs" in capsys.readouterr().err


def test_the_makefile_runs_the_tests_on_a_strict_build() -> None:
    makefile = (SCRIPT.parent.parent / "Makefile").read_text()
    unit = makefile.split("\nunit:", 1)[1].split("\n\n", 1)[0]
    assert "scripts/compile.py --strict" in unit
