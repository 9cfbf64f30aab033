"""Uploads: media files (a quiz's pictures and sounds) and the creation tickets ("drafts")
bank uploads carry. A draft's media are owned by ``draft:<hash>`` and expire with it; the
game made with the ticket takes the ones it names (``game:<id>``, kept as long as it).
"""

from __future__ import annotations

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from boardroom.store import schema as t
from boardroom.store.db import Database


class Uploads:
    """Media files and the drafts that own them until a game takes them."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.engine = db.engine

    def put_media(
        self,
        blob_id: str,
        content_type: str,
        data: bytes,
        at: float,
        owner: str | None = None,
        expires_at: float | None = None,
    ) -> None:
        """Keep a media file's bytes under ``blob_id`` (the same id twice: kept once),
        owned by ``owner`` (``draft:<hash>`` or ``game:<id>``) until ``expires_at``.

        >>> from boardroom.store import Store
        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> store.uploads.put_media("b1", "image/png", b"png", 0.0)
        >>> store.uploads.media("b1"), store.uploads.media("b2")
        (('image/png', b'png'), None)
        """
        row = {"blob_id": blob_id, "content_type": content_type, "size": len(data)}
        row |= {"owner": owner, "expires_at": expires_at}
        try:
            with self.db.writing() as conn:
                conn.execute(insert(t.media).values(**row, created_at=at, data=data))
        except IntegrityError:
            return

    # --- drafts: the creation tickets bank uploads carry -------------------------

    def add_draft(self, draft_hash: str, at: float, expires_at: float) -> None:
        """Keep a new creation ticket (by its hash) until ``expires_at``."""
        values = {"draft_hash": draft_hash, "created_at": at, "expires_at": expires_at}
        with self.db.writing() as conn:
            conn.execute(insert(t.drafts).values(**values))

    def open_draft(self, draft_hash: str, now: float) -> float | None:
        """When an open ticket (not expired, no game made with it) expires; None if not open.

        >>> from boardroom.store import Store
        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> uploads = store.uploads
        >>> uploads.add_draft("h", 0.0, 10.0)
        >>> [uploads.open_draft(h, at) for h, at in (("h", 5.0), ("h", 10.0), ("x", 0.0))]
        [10.0, None, None]
        """
        query = select(t.drafts.c.expires_at).where(
            t.drafts.c.draft_hash == draft_hash,
            t.drafts.c.expires_at > now,
            t.drafts.c.game_id.is_(None),
        )
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
        return float(found) if found is not None else None

    def take_draft(self, draft_hash: str, game_id: str, blob_ids: list[str], now: float) -> bool:
        """Consume an open ticket for ``game_id``: the draft's media the game names
        become the game's (kept as long as it); False (nothing changed) if not open.

        >>> from boardroom.store import Store
        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> uploads = store.uploads
        >>> uploads.add_draft("h", 0.0, 10.0)
        >>> uploads.put_media("b1", "image/png", b"1", 0.0, "draft:h", 10.0)
        >>> uploads.put_media("b2", "image/png", b"2", 0.0, "draft:h", 10.0)
        >>> uploads.take_draft("h", "g1", ["b1"], 1.0), uploads.take_draft("h", "g2", [], 1.0)
        (True, False)
        >>> uploads.sweep_uploads(11.0), uploads.media("b1"), uploads.media("b2")
        (1, ('image/png', b'1'), None)
        """
        drafts, media = t.drafts, t.media
        with self.db.writing() as conn:
            taken = conn.execute(
                update(drafts)
                .where(
                    drafts.c.draft_hash == draft_hash,
                    drafts.c.expires_at > now,
                    drafts.c.game_id.is_(None),
                )
                .values(game_id=game_id)
            ).rowcount
            if taken != 1:
                return False
            for start in range(0, len(blob_ids), 500):
                conn.execute(
                    update(media)
                    .where(
                        media.c.owner == f"draft:{draft_hash}",
                        media.c.blob_id.in_(blob_ids[start : start + 500]),
                    )
                    .values(owner=f"game:{game_id}", expires_at=None)
                )
        return True

    def sweep_uploads(self, now: float) -> int:
        """Forget expired tickets and the media no game took from them; how many files went."""
        with self.db.writing() as conn:
            gone = conn.execute(delete(t.media).where(t.media.c.expires_at <= now)).rowcount
            conn.execute(delete(t.drafts).where(t.drafts.c.expires_at <= now))
        return int(gone or 0)

    def media(self, blob_id: str) -> tuple[str, bytes] | None:
        """A media file's content type and bytes (None when none is kept under the id)."""
        query = select(t.media.c.content_type, t.media.c.data).where(t.media.c.blob_id == blob_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return (row.content_type, bytes(row.data)) if row is not None else None
