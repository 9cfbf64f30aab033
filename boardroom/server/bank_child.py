"""The child process that reads one question bank, within a memory and a CPU limit.

Run by :mod:`boardroom.server.banks` (a fresh process per reading, forked from a small
server that has this module loaded): the limits are set before the bank is touched, so a
hostile bank ends as a ``MemoryError`` here, or the process is killed by the kernel (CPU)
or by the server (time). Nothing here touches the store: the media found are sent back
with the answer, under random blob ids, and the server keeps them.
"""

from __future__ import annotations

import resource
import secrets
from multiprocessing.connection import Connection
from typing import Any

from boardroom.games.quiz.bank import BankError, Media, bank_reply, refusal

Found = tuple[str, str, str, bytes]
"""A media file found in the bank: its blob id, kind, file name and bytes."""


def new_blob_id() -> str:
    """A stored file's name: 128 random bits, nothing of the file in it.

    >>> blob = new_blob_id()
    >>> blob[0], len(blob)
    ('b', 33)
    """
    return "b" + secrets.token_hex(16)


def limit(memory_bytes: int, cpu_s: int) -> None:
    """Cap this process's address space and CPU time (the kernel enforces both)."""
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 1))


def read(data: bytes, fmt: str | None, name: str | None, prices: bool = False) -> tuple[Any, ...]:
    """The reading's outcome as a plain tuple (picklable whatever happened):
    ``("ok", reply, found)``, ``("bad_bank", first line, details)`` or ``("memory",)``.

    >>> read(b'[{"text": "2+2?", "answer": "4"}]', "json", None)[0]
    'ok'
    >>> read(b"text\\n", "csv", "a.csv")[0]
    'bad_bank'
    """
    found: list[Found] = []

    def keep(media: Media) -> str:
        assert media.data is not None
        blob_id = new_blob_id()
        found.append((blob_id, media.kind, media.ref, media.data))
        return blob_id

    try:
        return ("ok", bank_reply(data, fmt, name, keep, prices=prices), found)
    except BankError as exc:
        return ("bad_bank", str(exc).splitlines()[0], refusal(exc))
    except MemoryError:
        found.clear()
        return ("memory",)


def main(
    conn: Connection,
    data: bytes,
    fmt: str | None,
    name: str | None,
    memory: int,
    cpu_s: int,
    prices: bool = False,
) -> None:
    """The child's entry: limits, the reading, the outcome sent back."""
    limit(memory, cpu_s)
    outcome = read(data, fmt, name, prices)
    del data
    try:
        conn.send(outcome)
    except MemoryError:
        conn.send(("memory",))
    finally:
        conn.close()
