"""What a host keeps between games: class lists and named presets, each owned by the hash
of a host key (every read and write names the owner, so another key finds nothing), and
the class a game was made for.

>>> from boardroom.store import Store
>>> store = Store("sqlite://")
>>> store.migrate()
>>> shelf = store.shelf
>>> kept = shelf.save_class("h1", ClassList("c1", "7B", ["Аня", "Борис"], 0.0))
>>> kept.list_id, [c.names for c in shelf.class_lists("h1")], shelf.class_lists("h2")
('c1', [['Аня', 'Борис']], [])
>>> shelf.class_list("h2", "c1") is None, shelf.delete_class("h2", "c1")
(True, False)
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import delete, insert, select, update

from boardroom.store import schema as t
from boardroom.store.db import Database
from boardroom.store.records import ClassList, NamedPreset

_CLASSES = t.class_lists.c
_PRESETS = t.named_presets.c


class Shelf:
    """A host's class lists and named presets, and the class each game was made for."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.engine = db.engine

    # --- class lists --------------------------------------------------------------

    def save_class(self, owner: str, kept: ClassList) -> ClassList:
        """Keep a class for ``owner``; a class of the same name gets the new names (and
        keeps its id). Returns what is stored."""
        where = (_CLASSES.owner_hash == owner) & (_CLASSES.name == kept.name)
        with self.db.writing() as conn:
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
        with self.db.writing() as conn:
            return bool(conn.execute(delete(t.class_lists).where(where)).rowcount)

    # --- named presets ------------------------------------------------------------

    def save_preset(self, owner: str, kept: NamedPreset) -> NamedPreset:
        """Keep a preset for ``owner``; one of the same game and name gets the new settings."""
        where = (
            (_PRESETS.owner_hash == owner)
            & (_PRESETS.game == kept.game)
            & (_PRESETS.name == kept.name)
        )
        with self.db.writing() as conn:
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
        with self.db.writing() as conn:
            return bool(conn.execute(delete(t.named_presets).where(where)).rowcount)

    # --- the class a game was made for ----------------------------------------------

    def set_game_class(self, game_id: str, names: list[str]) -> None:
        """The names a game's join page offers (set again: replaced)."""
        with self.db.writing() as conn:
            conn.execute(delete(t.game_classes).where(t.game_classes.c.game_id == game_id))
            conn.execute(insert(t.game_classes).values(game_id=game_id, names=_dump(names)))

    def game_class(self, game_id: str) -> list[str]:
        """The names of the class ``game_id`` was made for (none: ``[]``)."""
        query = select(t.game_classes.c.names).where(t.game_classes.c.game_id == game_id)
        with self.engine.connect() as conn:
            names = conn.execute(query).scalar()
        return list(json.loads(names)) if names is not None else []


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _class(row: Any) -> ClassList:
    return ClassList(row.list_id, row.name, list(json.loads(row.names)), row.created_at)


def _preset(row: Any) -> NamedPreset:
    return NamedPreset(row.preset_id, row.name, row.game, json.loads(row.settings), row.created_at)
