"""Creation tickets ("drafts"): what ties a question-bank upload to the making of a game.

The start page asks for a ticket (``POST /api/web/draft``, limited per address) before
its first bank upload; every upload carries it (``Authorization: Bearer d…``) and the
media it stores are owned by it; ``create game`` with it consumes the ticket and takes
over the media its setup names. The store keeps only the ticket's hash; a ticket lasts
``draft_ttl_s``, and the media no game took from it are deleted with it (the server sweeps
every ``sweep_every_s`` and whenever it issues a ticket; the same sweep empties the boxes of
expired teacher's codes, ``web/handover.py``).

>>> blob_ids({"questions": [{"media": [{"blob": "b1"}, {"ref": "x"}]}, {"blob": "b2"}]})
['b1', 'b2']
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from boardroom.server.config import Settings
from boardroom.server.errors import ApiError
from boardroom.server.tokens import hash_secret, new_secret
from boardroom.store.handovers import Handovers
from boardroom.store.uploads import Uploads

log = logging.getLogger("boardroom.drafts")
MAX_TICKET = 100


def no_draft(reason: str) -> ApiError:
    """The refusal of an upload or creation without an open ticket (``missing`` or
    ``closed``: unknown, expired or already used for a game)."""
    text = {
        "missing": "A question bank is uploaded for a game being made: open the start page "
        "again and upload it there.",
        "closed": "This game draft has expired or was used already: open the start page "
        "again and upload the question bank once more.",
    }[reason]
    return ApiError("no_draft", text, 403, reason=reason)


def blob_ids(spec: Any) -> list[str]:
    """Every stored media file a setup line names (its ``blob`` values), in order."""
    found: list[str] = []
    stack = [spec]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            blob = item.get("blob")
            if isinstance(blob, str):
                found.append(blob)
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))
    return found


@dataclass(frozen=True)
class Draft:
    """An open ticket: its hash (what owns its media) and when it expires."""

    key: str
    expires_at: float

    @property
    def owner(self) -> str:
        return f"draft:{self.key}"


class Drafts:
    """Tickets over the store, on the server's clock."""

    def __init__(self, uploads: Uploads, handovers: Handovers, settings: Settings) -> None:
        self.uploads = uploads
        self.handovers = handovers
        self.settings = settings

    async def issue(self) -> dict[str, Any]:
        """A new ticket (given once, kept as a hash) and its lifetime; expired ones swept."""
        await self.sweep()
        ticket = "d" + new_secret()
        now = self.settings.clock()
        ttl = self.settings.draft_ttl_s
        await asyncio.to_thread(self.uploads.add_draft, hash_secret(ticket), now, now + ttl)
        return {"draft": ticket, "expires_in": ttl}

    async def open(self, ticket: str | None) -> Draft:
        """The open draft ``ticket`` names, or the ``no_draft`` refusal."""
        if not ticket:
            raise no_draft("missing")
        if len(ticket) > MAX_TICKET or not ticket.startswith("d"):
            raise no_draft("closed")
        key = hash_secret(ticket)
        expires_at = await asyncio.to_thread(self.uploads.open_draft, key, self.settings.clock())
        if expires_at is None:
            raise no_draft("closed")
        return Draft(key, expires_at)

    async def take(self, ticket: str, game_id: str, spec: Any) -> None:
        """Consume ``ticket`` for a new game, which takes over the draft's media it names."""
        draft = await self.open(ticket)
        now = self.settings.clock()
        blobs = blob_ids(spec)
        if not await asyncio.to_thread(self.uploads.take_draft, draft.key, game_id, blobs, now):
            raise no_draft("closed")

    async def sweep(self) -> int:
        """Delete expired tickets and the media no game took (and what expired teacher's
        codes carried); how many files went."""
        gone = await asyncio.to_thread(self.uploads.sweep_uploads, self.settings.clock())
        await asyncio.to_thread(self.handovers.sweep_handovers, self.settings.clock())
        if gone:
            log.info("expired uploads deleted", extra={"files": gone})
        return gone

    async def sweep_loop(self) -> None:
        """Sweep every ``sweep_every_s`` for as long as the server runs."""
        while True:
            await asyncio.sleep(self.settings.sweep_every_s)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping expired uploads failed")
