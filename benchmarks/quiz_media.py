"""Quiz media figures: importing a zip bank and storing its files, then reading them back,
on a SQLite file (the server's default store). Prints one line a step.

    .venv/bin/python benchmarks/quiz_media.py [--files 40] [--kb 250] [--db sqlite:///...]
"""

from __future__ import annotations

import argparse
import io
import os
import tempfile
import time
import zipfile

from boardroom.games.quiz.bank import bank_reply
from boardroom.server.media import keeper
from boardroom.store import Store


def archive(files: int, kb: int) -> bytes:
    """A CSV naming ``files`` pictures of ``kb`` KiB each (random bytes: no compression)."""
    rows = ["question,answer,media"] + [f"Picture {n}?,{n},Images/p{n}.png" for n in range(files)]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        out.writestr("bank.csv", "\n".join(rows) + "\n")
        for n in range(files):
            out.writestr(f"Images/p{n}.png", b"\x89PNG\r\n\x1a\n" + os.urandom(kb * 1024))
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--files", type=int, default=40)
    parser.add_argument("--kb", type=int, default=250)
    parser.add_argument("--db", default="")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = Store(args.db or f"sqlite:///{folder}/media.sqlite3")
        store.migrate()
        data = archive(args.files, args.kb)
        started = time.perf_counter()
        reply = bank_reply(data, "zip", "bank.zip", keeper(store.uploads, time.time))
        took = time.perf_counter() - started
        mib = len(data) / 2**20
        held = reply["preview"]["media_held"]
        print(f"import+store: {held} files, {mib:.1f} MiB in {took:.2f} s ({mib / took:.1f} MiB/s)")
        blobs = [m["blob"] for q in reply["questions"] for m in q.get("media", [])]
        started = time.perf_counter()
        total = sum(len(found[1]) for b in blobs if (found := store.uploads.media(b)) is not None)
        took = time.perf_counter() - started
        per_file = 1000 * took / len(blobs)
        print(f"read back: {len(blobs)} files, {total / 2**20:.1f} MiB, {per_file:.2f} ms a file")
        store.close()


if __name__ == "__main__":
    main()
