"""Session-wide test settings that the doctests of ``boardroom/`` need too.

The header names the build that runs (compiled by mypyc or pure Python). Under the
compiled build the compiled modules' doctests are not collected: pytest imports a
doctest module by its ``.py`` path, and that module is an extension then. The
pure-Python run of ``make test`` (``BOARDROOM_PURE=1``) runs those doctests.
"""

from __future__ import annotations

from boardroom import native


def pytest_report_header() -> str:
    return f"boardroom build: {native.describe(native.BUILD)}"


collect_ignore = (
    [str(native.source(m).relative_to(native.PACKAGE.parent)) for m in native.COMPILED]
    if native.BUILD.kind == "compiled"
    else []
)
