"""What a host keeps between games: class lists and named presets, each owned by the hash
of a host key (every read and write names the owner, so another key finds nothing), and
the class a game was made for; the teacher's codes that hand a host key to another browser.

>>> from boardroom.store import Store
>>> store = Store("sqlite://")
>>> store.migrate()
>>> kept = store.save_class("h1", ClassList("c1", "7B", ["Аня", "Борис"], 0.0))
>>> kept.list_id, [c.names for c in store.class_lists("h1")], store.class_lists("h2")
('c1', [['Аня', 'Борис']], [])
>>> store.class_list("h2", "c1") is None, store.delete_class("h2", "c1")
(True, False)
"""

from __future__ import annotations

import json
from contextlib import AbstractContextManager
from typing import Any, Literal

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from boardroom.store import schema as t
from boardroom.store.records import ClassList, NamedPreset

_CLASSES = t.class_lists.c
_PRESETS = t.named_presets.c
_HANDOVERS = t.handovers.c
Taken = Literal["taken", "unknown", "expired", "used"]


class Shelf:
    """The store's methods for a host's class lists and presets (mixed into ``Store``)."""

    engine: Engine

    def _writing(self) -> AbstractContextManager[Connection]:
        raise NotImplementedError

    # --- class lists --------------------------------------------------------------

    def save_class(self, owner: str, kept: ClassList) -> ClassList:
        """Keep a class for ``owner``; a class of the same name gets the new names (and
        keeps its id). Returns what is stored."""
        where = (_CLASSES.owner_hash == owner) & (_CLASSES.name == kept.name)
        with self._writing() as conn:
            row = conn.execute(select(t.class_lists).where(where)).first()
            if row is not None:
                conn.execute(update(t.class_lists).where(where).values(names=_dump(kept.names)))
                return ClassList(row.list_id, kept.name, kept.names, row.created_at)
            conn.execute(
                insert(t.class_lists).values(
                    list_id=kept.list_id,
                    owner_hash=owner,
                    name=kept.name,
                    names=_dump(kept.names),
                    created_at=kept.created_at,
                )
            )
        return kept

    def class_lists(self, owner: str) -> list[ClassList]:
        query = select(t.class_lists).where(_CLASSES.owner_hash == owner)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(_CLASSES.name, _CLASSES.list_id)).all()
        return [_class(row) for row in rows]

    def class_list(self, owner: str, list_id: str) -> ClassList | None:
        where = (_CLASSES.owner_hash == owner) & (_CLASSES.list_id == list_id)
        with self.engine.connect() as conn:
            row = conn.execute(select(t.class_lists).where(where)).first()
        return _class(row) if row is not None else None

    def delete_class(self, owner: str, list_id: str) -> bool:
        where = (_CLASSES.owner_hash == owner) & (_CLASSES.list_id == list_id)
        with self._writing() as conn:
            return bool(conn.execute(delete(t.class_lists).where(where)).rowcount)

    # --- named presets ------------------------------------------------------------

    def save_preset(self, owner: str, kept: NamedPreset) -> NamedPreset:
        """Keep a preset for ``owner``; one of the same game and name gets the new settings."""
        where = (
            (_PRESETS.owner_hash == owner)
            & (_PRESETS.game == kept.game)
            & (_PRESETS.name == kept.name)
        )
        with self._writing() as conn:
            row = conn.execute(select(t.named_presets).where(where)).first()
            if row is not None:
                settings = _dump(kept.settings)
                conn.execute(update(t.named_presets).where(where).values(settings=settings))
                return NamedPreset(
                    row.preset_id, kept.name, kept.game, kept.settings, row.created_at
                )
            conn.execute(
                insert(t.named_presets).values(
                    preset_id=kept.preset_id,
                    owner_hash=owner,
                    name=kept.name,
                    game=kept.game,
                    settings=_dump(kept.settings),
                    created_at=kept.created_at,
                )
            )
        return kept

    def presets_of(self, owner: str) -> list[NamedPreset]:
        query = select(t.named_presets).where(_PRESETS.owner_hash == owner)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(_PRESETS.game, _PRESETS.name)).all()
        return [_preset(row) for row in rows]

    def delete_preset(self, owner: str, preset_id: str) -> bool:
        where = (_PRESETS.owner_hash == owner) & (_PRESETS.preset_id == preset_id)
        with self._writing() as conn:
            return bool(conn.execute(delete(t.named_presets).where(where)).rowcount)

    # --- the class a game was made for ----------------------------------------------

    def set_game_class(self, game_id: str, names: list[str]) -> None:
        """The names a game's join page offers (set again: replaced)."""
        with self._writing() as conn:
            conn.execute(delete(t.game_classes).where(t.game_classes.c.game_id == game_id))
            conn.execute(insert(t.game_classes).values(game_id=game_id, names=_dump(names)))

    def game_class(self, game_id: str) -> list[str]:
        """The names of the class ``game_id`` was made for (none: ``[]``)."""
        query = select(t.game_classes.c.names).where(t.game_classes.c.game_id == game_id)
        with self.engine.connect() as conn:
            names = conn.execute(query).scalar()
        return list(json.loads(names)) if names is not None else []

    # --- teacher's codes: a host key handed to another browser ----------------------

    def add_handover(self, code_hash: str, box: bytes, at: float, expires_at: float) -> bool:
        """Keep a sealed hand-over under its code's hash until ``expires_at``; False (nothing
        kept) if a code of that hash is kept already.

        >>> from boardroom.store import Store
        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> store.add_handover("h", b"box", 0.0, 600.0), store.add_handover("h", b"x", 1.0, 9.0)
        (True, False)
        >>> store.take_handover("h", 10.0), store.take_handover("h", 11.0)
        (('taken', b'box'), ('used', None))
        >>> store.take_handover("x", 0.0), store.take_handover("h", 601.0)
        (('unknown', None), ('used', None))
        """
        values = {"code_hash": code_hash, "box": box, "created_at": at, "expires_at": expires_at}
        try:
            with self._writing() as conn:
                conn.execute(insert(t.handovers).values(**values))
        except IntegrityError:
            return False
        return True

    def take_handover(self, code_hash: str, now: float) -> tuple[Taken, bytes | None]:
        """Use the hand-over kept under ``code_hash`` once: its box, which is forgotten;
        ``unknown``, ``expired`` or ``used`` (nothing changed) if it cannot be taken."""
        where = _HANDOVERS.code_hash == code_hash
        with self._writing() as conn:
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
        >>> store.add_handover("h", b"box", 0.0, 600.0)
        True
        >>> store.sweep_handovers(600.0, 60.0), store.take_handover("h", 599.0)
        (None, ('expired', None))
        >>> store.sweep_handovers(661.0, 60.0), store.take_handover("h", 0.0)
        (None, ('unknown', None))
        """
        expired = _HANDOVERS.expires_at <= now
        with self._writing() as conn:
            conn.execute(delete(t.handovers).where(_HANDOVERS.expires_at <= now - forget_after))
            conn.execute(
                update(t.handovers).where(expired, _HANDOVERS.box.is_not(None)).values(box=None)
            )


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _class(row: Any) -> ClassList:
    return ClassList(row.list_id, row.name, list(json.loads(row.names)), row.created_at)


def _preset(row: Any) -> NamedPreset:
    return NamedPreset(row.preset_id, row.name, row.game, json.loads(row.settings), row.created_at)
