"""Reading a question bank for the start page: off the event loop, within limits.

A bank is read in a worker thread (the loop keeps serving ``/health`` and every game),
at most ``bank_workers`` at a time, refused past ``bank_parse_s`` seconds or
``max_bank_questions`` questions; YAML aliases are refused by the reader itself, and
each client address may read only so many banks a minute (see ``addresses``).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from boardroom.games.quiz.bank import BankError, Media, bank_reply, refusal
from boardroom.server.config import Settings
from boardroom.server.errors import ApiError

Keep = Callable[[Media], str]


async def read_bank(
    settings: Settings,
    slot: threading.BoundedSemaphore,
    data: bytes,
    fmt: str | None,
    name: str | None,
    keep: Keep | None = None,
) -> dict[str, Any]:
    """The import's answer (questions as setup rows, the preview), or a typed :class:`ApiError`.

    ``keep`` stores the media files the bank brought (in the worker thread, before the
    answer): each row names its stored file by the id ``keep`` gave."""
    if not slot.acquire(blocking=False):
        raise ApiError("busy", "Other question banks are being read; try again shortly.", 503)

    def work() -> dict[str, Any]:
        try:
            return bank_reply(data, fmt, name, keep)
        finally:
            slot.release()  # when the reading really ends, also after a time-out

    try:
        reply = await asyncio.wait_for(asyncio.to_thread(work), settings.bank_parse_s)
    except TimeoutError:
        raise ApiError(
            "bank_too_slow",
            f"This question bank takes more than {settings.bank_parse_s:g} s to read.",
            413,
        ) from None
    except BankError as exc:
        raise ApiError("bad_bank", str(exc).splitlines()[0], 400, **refusal(exc)) from None
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
    return reply
