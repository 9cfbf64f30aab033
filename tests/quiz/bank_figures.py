"""The figures of the bank import over the test corpus (the packages and files the tests
build): for each file, the questions taken, the ones skipped and why, the media found with
their bytes; then the whole corpus combined into one bank.

    .venv/bin/python tests/quiz/bank_figures.py
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from siq_packages import (
    EMPTY_SLOTS_THEMES,
    LONG_NAMES_FILES,
    LONG_NAMES_THEMES,
    PRICED_FINAL,
    PRICED_THEMES,
    SIGAME7,
    SIGAME7_FILES,
    V3,
    V3_FILES,
    V4,
    V4_FILES,
    package,
    v5_content,
)
from test_quiz_import import ENGLISH_CSV, RUSSIAN_CSV

from boardroom.games.quiz.bank import Imported, import_file, import_files


def corpus() -> list[tuple[str, bytes]]:
    return [
        ("sigame7-v5.siq", package(SIGAME7, SIGAME7_FILES)),
        ("final-v4.siq", package(V4, V4_FILES)),
        ("old-v3.siq", package(V3, V3_FILES)),
        ("long-names.siq", package(v5_content(LONG_NAMES_THEMES), LONG_NAMES_FILES)),
        ("empty-slots.siq", package(v5_content(EMPTY_SLOTS_THEMES))),
        ("priced.siq", package(v5_content(PRICED_THEMES, final=PRICED_FINAL))),
        ("russian-cp1251.csv", RUSSIAN_CSV.encode("cp1251")),
        ("english.csv", ENGLISH_CSV.encode()),
    ]


def line(name: str, imported: Imported) -> str:
    bank = imported.bank
    media = [m for q in bank for m in q.media]
    held = [m for m in media if m.data is not None]
    reasons = Counter(s.code for s in imported.skipped)
    skipped = ", ".join(f"{code} {n}" for code, n in sorted(reasons.items())) or "none"
    return (
        f"{name:20} questions {len(bank):3}  choices {sum(q.is_choice for q in bank):2}  "
        f"spoken {sum(bool(q.host_text) for q in bank):2}  media {len(media):2} "
        f"(bytes held {len(held)}, {sum(m.size for m in held)} B)  skipped: {skipped}"
    )


def main() -> None:
    files = corpus()
    for number, (name, data) in enumerate(files, start=1):
        print(line(name, import_file(name, data, number=number)))
    combined = import_files(files)
    print(line(f"all {len(files)} combined", combined))
    print(line("with SIGame prices", import_files(files, prices=True)))
    print(combined.preview()["lines"]["ru"][0])


if __name__ == "__main__":
    main()
