"""The teacher's codes: a host key handed to another browser, sealed in a box kept under the
code's hash until it is used once or expires (then the box is forgotten; the code itself a
day later, until then told as expired or used rather than unknown).
"""

from __future__ import annotations

from typing import Literal

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from boardroom.store import schema as t
from boardroom.store.db import Database

_HANDOVERS = t.handovers.c
Taken = Literal["taken", "unknown", "expired", "used"]


class Handovers:
    """Sealed hand-overs of a host key, each taken once."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.engine = db.engine

    def add_handover(self, code_hash: str, box: bytes, at: float, expires_at: float) -> bool:
        """Keep a sealed hand-over under its code's hash until ``expires_at``; False (nothing
        kept) if a code of that hash is kept already.

        >>> from boardroom.store import Store
        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> codes = store.handovers
        >>> codes.add_handover("h", b"box", 0.0, 600.0), codes.add_handover("h", b"x", 1.0, 9.0)
        (True, False)
        >>> codes.take_handover("h", 10.0), codes.take_handover("h", 11.0)
        (('taken', b'box'), ('used', None))
        >>> codes.take_handover("x", 0.0), codes.take_handover("h", 601.0)
        (('unknown', None), ('used', None))
        """
        values = {"code_hash": code_hash, "box": box, "created_at": at, "expires_at": expires_at}
        try:
            with self.db.writing() as conn:
                conn.execute(insert(t.handovers).values(**values))
        except IntegrityError:
            return False
        return True

    def take_handover(self, code_hash: str, now: float) -> tuple[Taken, bytes | None]:
        """Use the hand-over kept under ``code_hash`` once: its box, which is forgotten;
        ``unknown``, ``expired`` or ``used`` (nothing changed) if it cannot be taken."""
        where = _HANDOVERS.code_hash == code_hash
        with self.db.writing() as conn:
            row = conn.execute(select(t.handovers).where(where)).first()
            if row is None:
                return "unknown", None
            if row.used_at is not None:
                return "used", None
            if row.expires_at <= now or row.box is None:
                return "expired", None
            taken = conn.execute(
                update(t.handovers)
                .where(where, _HANDOVERS.used_at.is_(None))
                .values(used_at=now, box=None)
            ).rowcount
        return ("taken", bytes(row.box)) if taken == 1 else ("used", None)

    def sweep_handovers(self, now: float, forget_after: float = 24 * 3600.0) -> None:
        """Forget the boxes of expired hand-overs, and the hand-overs themselves
        ``forget_after`` seconds after they expired (until then a code is told as expired
        or used, not unknown).

        >>> from boardroom.store import Store
        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> codes = store.handovers
        >>> codes.add_handover("h", b"box", 0.0, 600.0)
        True
        >>> codes.sweep_handovers(600.0, 60.0), codes.take_handover("h", 599.0)
        (None, ('expired', None))
        >>> codes.sweep_handovers(661.0, 60.0), codes.take_handover("h", 0.0)
        (None, ('unknown', None))
        """
        expired = _HANDOVERS.expires_at <= now
        with self.db.writing() as conn:
            conn.execute(delete(t.handovers).where(_HANDOVERS.expires_at <= now - forget_after))
            conn.execute(
                update(t.handovers).where(expired, _HANDOVERS.box.is_not(None)).values(box=None)
            )
