"""Import every SIGame package of a corpus and print the figures (issue 33).

    .venv/bin/python scripts/siq_corpus.py DIR_OR_GIT_DIR [--prices] [--each]

The corpus is a folder of ``.siq`` files, or a git directory: then every version of every
``.siq`` file in its history, each distinct file once (SIGame's own repository,
VladimirKhil/SI, holds 142 such versions of its 61 packages). Prints how many packages
imported and how many were refused (by code), the questions taken, and the questions
skipped by reason; ``--prices``: with SIGame prices as points; ``--each``: one line a
package. Nothing is stored; the packages are read, never copied.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from boardroom.games.quiz.bank import BankError, import_siq


def packages(where: Path) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of each package: the folder's ``*.siq``, or a git history's ``.siq`` blobs."""
    if where.is_dir() and not (where / "HEAD").is_file():
        for file in sorted(where.rglob("*.siq")):
            yield file.name, file.read_bytes()
        return
    git = ["git", f"--git-dir={where}"]
    listed = subprocess.run([*git, "rev-list", "--all", "--objects"], capture_output=True)
    blobs: dict[str, str] = {}
    for line in listed.stdout.decode(errors="replace").splitlines():
        sha, _, path = line.partition(" ")
        if path.lower().endswith(".siq"):
            blobs.setdefault(sha, path)
    for sha, path in sorted(blobs.items(), key=lambda item: (item[1], item[0])):
        shown = subprocess.run([*git, "cat-file", "blob", sha], capture_output=True)
        if shown.returncode == 0:
            yield f"{path}@{sha[:8]}", shown.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path, help="a folder of .siq files, or a git directory")
    parser.add_argument("--prices", action="store_true", help="SIGame prices as points")
    parser.add_argument("--each", action="store_true", help="a line for each package")
    args = parser.parse_args()
    imported, questions, media, held = 0, 0, 0, 0
    refused: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    for name, data in packages(args.corpus):
        try:
            package = import_siq(data, source=name, prices=args.prices)
        except BankError as exc:
            code = getattr(exc, "code", "") or (exc.errors[0].code if exc.errors else "")
            refused[code or "?"] += 1
            if args.each:
                print(f"REFUSED {str(exc).splitlines()[0]}")
            continue
        imported += 1
        questions += len(package.bank)
        media += sum(len(q.media) for q in package.bank)
        held += sum(m.data is not None for q in package.bank for m in q.media)
        skipped.update(s.code for s in package.skipped)
        if args.each:
            reasons = Counter(s.code for s in package.skipped)
            print(f"{name}: {len(package.bank)} questions, skipped {dict(reasons) or 0}")
    total = imported + sum(refused.values())
    print(f"packages: {total}; imported {imported}; refused {sum(refused.values())}", end="")
    print(f" {dict(sorted(refused.items()))}" if refused else "")
    print(f"questions imported: {questions}; media {media}, {held} with their bytes")
    print(f"prices as points: {args.prices}")
    print(f"questions skipped: {sum(skipped.values())} {dict(skipped.most_common())}")
    sys.exit(1 if refused else 0)


if __name__ == "__main__":
    main()
