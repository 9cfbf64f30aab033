"""Reading a question bank for the start page: in a child process, within limits.

Each reading runs in its own child process (forked from a small server that has the bank
reader loaded, so a start costs milliseconds, not an interpreter), at most
``bank_workers`` at a time. The child may take ``bank_memory_mb`` of address space and a
little more CPU than ``bank_parse_s``; past ``bank_parse_s`` of wall time it is killed.
Either way the client gets a refusal that names the limit (``bank_too_slow``,
``bank_too_much_memory``), the slot is free again at once and no process is left. YAML
aliases are refused by the reader itself, a bank may hold ``max_bank_questions``, and each
client address may read only so many banks a minute (see ``addresses``).
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import signal
import threading
from dataclasses import dataclass
from multiprocessing.context import ForkServerContext
from typing import Any

from boardroom.server import bank_child
from boardroom.server.config import Settings
from boardroom.server.errors import ApiError

_CONTEXT: list[ForkServerContext] = []
_CONTEXT_LOCK = threading.Lock()


@dataclass(frozen=True)
class BankRead:
    """A bank read: the answer for the start page, and the media files it found."""

    reply: dict[str, Any]
    found: list[bank_child.Found]


def context() -> ForkServerContext:
    """The fork server the readers start from (started on first use, bank reader loaded)."""
    with _CONTEXT_LOCK:
        if not _CONTEXT:
            made = multiprocessing.get_context("forkserver")
            made.set_forkserver_preload(["boardroom.server.bank_child"])
            _CONTEXT.append(made)
        return _CONTEXT[0]


async def read_bank(
    settings: Settings,
    slot: threading.BoundedSemaphore,
    data: bytes,
    fmt: str | None,
    name: str | None,
    prices: bool = False,
) -> BankRead:
    """The import's answer and media, or a typed :class:`ApiError` (``prices``: SIGame
    prices become the questions' points)."""
    if not slot.acquire(blocking=False):
        raise ApiError("busy", "Other question banks are being read; try again shortly.", 503)
    try:
        outcome = await asyncio.to_thread(run_child, settings, data, fmt, name, prices)
    finally:
        slot.release()  # the child is gone by now, whatever happened
    return answer(settings, outcome)


def run_child(
    settings: Settings, data: bytes, fmt: str | None, name: str | None, prices: bool = False
) -> tuple[Any, ...]:
    """Read in a fresh child process; ``("time",)`` or ``("memory",)`` when over a limit.
    The child is killed and reaped before this returns."""
    ctx = context()
    receive, send = ctx.Pipe(duplex=False)
    memory = settings.bank_memory_mb * 1024 * 1024
    cpu_s = math.ceil(settings.bank_parse_s) + 1
    child = ctx.Process(
        target=bank_child.main, args=(send, data, fmt, name, memory, cpu_s, prices), daemon=True
    )
    child.start()
    send.close()
    try:
        if not receive.poll(settings.bank_parse_s):
            return ("time",)
        try:
            outcome: tuple[Any, ...] = receive.recv()
        except (EOFError, OSError):
            child.join(1.0)
            return ("time",) if child.exitcode == -signal.SIGXCPU else ("memory",)
        return outcome
    finally:
        child.kill()
        child.join()
        receive.close()


def answer(settings: Settings, outcome: tuple[Any, ...]) -> BankRead:
    """The child's outcome as a bank read, or the refusal naming the limit it hit."""
    kind = outcome[0]
    if kind == "time":
        raise ApiError(
            "bank_too_slow",
            f"This question bank takes more than {settings.bank_parse_s:g} s to read.",
            413,
            limit="time",
            seconds=settings.bank_parse_s,
        )
    if kind == "memory":
        raise ApiError(
            "bank_too_much_memory",
            f"Reading this question bank takes more than {settings.bank_memory_mb} MB.",
            413,
            limit="memory",
            megabytes=settings.bank_memory_mb,
        )
    if kind == "bad_bank":
        raise ApiError("bad_bank", outcome[1], 400, **outcome[2])
    reply, found = outcome[1], outcome[2]
    held = len(reply["questions"])
    if held > settings.max_bank_questions:
        raise ApiError(
            "bank_too_big",
            f"A question bank may hold {settings.max_bank_questions} questions; "
            f"this one holds {held}.",
            413,
            limit=settings.max_bank_questions,
            held=held,
        )
    return BankRead(reply, found)
