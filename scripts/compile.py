"""Compile the hot paths with mypyc, or leave the pure-Python build (``make`` runs this).

    .venv/bin/python scripts/compile.py [--force] [--strict]

Does nothing when the last build still matches the sources. Without a C compiler
or the Python headers, or with ``BOARDROOM_PURE=1``, it removes any old build and
the pure-Python modules run. A compiler that fails on our sources is a bug: the
script says so and exits 1 with ``--strict`` (``make unit``: the tests never pass quietly
on the fallback) or under CI; elsewhere (``make run``) it warns and the pure build runs.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from boardroom import native

ROOT = Path(__file__).resolve().parent.parent


def missing_toolchain() -> str | None:
    """What stops a C build here, if anything."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h)"
    return None


SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
SITE = Path(sysconfig.get_paths()["purelib"])
"""The compiled modules share one library (``<hash>__mypyc``), imported by its bare name:
it goes to this environment's site-packages, which is on every process's path."""


def remove_build() -> None:
    for module in native.COMPILED:
        native.extension(module).unlink(missing_ok=True)
    record = native.read_record()
    shared = record.get("shared") if record else None
    if isinstance(shared, str) and shared.endswith("__mypyc"):
        (SITE / (shared + SUFFIX)).unlink(missing_ok=True)
    native.RECORD.unlink(missing_ok=True)


def compile_modules() -> tuple[subprocess.CompletedProcess[str], str]:
    """Run mypyc in a scratch copy of the package, then put the built modules in place.

    Returns mypyc's run and the name of the shared library it built.
    """
    shared = ""
    with tempfile.TemporaryDirectory(prefix="boardroom-mypyc-") as scratch:
        work = Path(scratch)
        shutil.copytree(native.PACKAGE, work / "boardroom", ignore=shutil.ignore_patterns("*.so"))
        files = [str(native.source(m).relative_to(ROOT)) for m in native.COMPILED]
        env = os.environ | {"MYPYC_OPT_LEVEL": "3"}
        command = [sys.executable, "-m", "mypyc", "--strict", *files]
        done = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True)
        if done.returncode == 0:
            for built in (work / "boardroom").rglob("*" + SUFFIX):
                shutil.copy2(built, ROOT / built.relative_to(work))
            for built in work.glob("*__mypyc" + SUFFIX):
                shutil.copy2(built, SITE / built.name)
                shared = built.name.removesuffix(SUFFIX)
        return done, shared


def write_record(version: str, shared: str) -> None:
    sources = {m: native.digest(m) for m in native.COMPILED}
    record = {"mypyc": version, "shared": shared, "sources": sources}
    native.RECORD.write_text(json.dumps(record, indent=1) + "\n")


def mypyc_version() -> str:
    from mypy.version import __version__

    return __version__


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    parser.add_argument("--strict", action="store_true", help="a mypyc failure fails (exit 1)")
    args = parser.parse_args()
    if os.environ.get("BOARDROOM_PURE", "") not in ("", "0"):
        remove_build()
        print("compile: BOARDROOM_PURE=1, the pure-Python build runs")
        return 0
    if native.BUILD.kind == "compiled" and not args.force:
        print(f"compile: up to date ({native.describe(native.BUILD)})")
        return 0
    blocker = missing_toolchain()
    if blocker:
        remove_build()
        print(f"compile: {blocker}; the pure-Python build runs")
        return 0
    remove_build()
    print(f"compile: mypyc on {len(native.COMPILED)} modules …", flush=True)
    done, shared = compile_modules()
    if done.returncode != 0 or not shared:
        remove_build()
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
        print("compile: mypyc failed; the pure-Python build runs", file=sys.stderr)
        return 1 if args.strict or os.environ.get("CI") == "true" else 0
    write_record(mypyc_version(), shared)
    print("compile: done, the compiled build runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
