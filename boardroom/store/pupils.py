"""A host's pupils across lessons: each name of a saved class is a pupil with a stable id,
and the games made for the class are its lessons. Everything is owned, like the class
lists (``store/shelf.py``), by the hash of a host key: every read and write names it.

A seat belongs to a pupil when its name is one of the pupil's spellings (:func:`spelling`:
case and spaces aside): the name tapped on the join page, or given by the teacher, is the
class's own; a name typed differently is a pupil of its own until the teacher merges it
into the right one (:meth:`Pupils.merge`), after which it is one more spelling.

>>> from boardroom.store import Store
>>> store = Store("sqlite://")
>>> store.migrate()
>>> made = store.pupils.sync("h1", "c1", ["Аня", "Борис"], 0.0, iter(["u1", "u2"]).__next__)
>>> [(p.pupil_id, p.name) for p in made]
[('u1', 'Аня'), ('u2', 'Борис')]
>>> store.pupils.sync("h1", "c1", ["аня ", "Вера"], 1.0, iter(["u3"]).__next__)[-1].name
'Вера'
>>> store.pupils.merge("h1", "c1", "u3", "u1"), store.pupils.merge("h1", "c1", "u1", "u1")
('merged', 'same')
>>> store.pupils.spellings("h1", "c1")["вера"], store.pupils.of("h2", "c1")
('u1', [])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.engine import Connection

from boardroom.store import schema as t

_P = t.pupils.c
_G = t.class_games.c
Merged = Literal["merged", "same", "unknown"]


def spelling(name: str) -> str:
    """A name as two people would be told apart: case and spaces aside.

    >>> spelling("  Анна  Петрова "), spelling("АННА петрова")
    ('анна петрова', 'анна петрова')
    """
    return " ".join(name.split()).casefold()


@dataclass(frozen=True)
class Pupil:
    """A pupil: a stable id, the name first known, and the pupil it was merged into."""

    pupil_id: str
    name: str
    merged_into: str | None
    created_at: float


class Pupils:
    """The pupils and lessons of hosts' classes, over the store's engine and its one
    writing transaction (``Database.writing``)."""

    def __init__(
        self, engine: Engine, writing: Callable[[], AbstractContextManager[Connection]]
    ) -> None:
        self.engine = engine
        self._writing = writing

    def of(self, owner: str, list_id: str) -> list[Pupil]:
        """Every pupil of the class, merged ones too, in the order they were made."""
        where = (_P.owner_hash == owner) & (_P.list_id == list_id)
        query = select(t.pupils).where(where).order_by(_P.created_at, _P.pupil_id)
        with self.engine.connect() as conn:
            return [_pupil(row) for row in conn.execute(query)]

    def sync(
        self, owner: str, list_id: str, names: Iterable[str], at: float, new_id: Callable[[], str]
    ) -> list[Pupil]:
        """Make a pupil of every name that is no pupil's spelling yet; every pupil."""
        with self._writing() as conn:
            where = (_P.owner_hash == owner) & (_P.list_id == list_id)
            known = {spelling(r.name) for r in conn.execute(select(_P.name).where(where))}
            for name in names:
                if spelling(name) in known:
                    continue
                known.add(spelling(name))
                values = {"pupil_id": new_id(), "owner_hash": owner, "list_id": list_id}
                conn.execute(insert(t.pupils).values(**values, name=name[:80], created_at=at))
                at += 1e-6
        return self.of(owner, list_id)

    def spellings(self, owner: str, list_id: str) -> dict[str, str]:
        """Each spelling the class knows → the pupil it belongs to (merges followed)."""
        pupils = self.of(owner, list_id)
        into = {p.pupil_id: p.merged_into for p in pupils}

        def final(pupil_id: str) -> str:
            seen = set()
            while into.get(pupil_id) and pupil_id not in seen:
                seen.add(pupil_id)
                pupil_id = str(into[pupil_id])
            return pupil_id

        return {spelling(p.name): final(p.pupil_id) for p in pupils}

    def merge(self, owner: str, list_id: str, source: str, target: str) -> Merged:
        """Make ``source``'s name one more spelling of ``target`` (and of its games);
        ``same`` (a pupil into themselves, also through an earlier merge) or ``unknown``
        (either is not a pupil of the class, or ``source`` is merged already): nothing
        changed."""
        with self._writing() as conn:
            where = (_P.owner_hash == owner) & (_P.list_id == list_id)
            rows = {r.pupil_id: r for r in conn.execute(select(t.pupils).where(where))}
            if source == target:
                return "same"
            if source not in rows or target not in rows or rows[source].merged_into:
                return "unknown"
            final = target
            while rows[final].merged_into:
                final = rows[final].merged_into
            if final == source:
                return "same"
            conn.execute(update(t.pupils).where(_P.pupil_id == source).values(merged_into=final))
            conn.execute(update(t.pupils).where(_P.merged_into == source).values(merged_into=final))
        return "merged"

    # --- lessons: the games made for a class -----------------------------------------

    def link(self, owner: str, list_id: str, game_id: str, at: float) -> bool:
        """Make ``game_id`` a lesson of the class (False: it is another class's already)."""
        with self._writing() as conn:
            row = conn.execute(select(t.class_games).where(_G.game_id == game_id)).first()
            if row is not None:
                return bool(row.owner_hash == owner and row.list_id == list_id)
            values = {"game_id": game_id, "owner_hash": owner, "list_id": list_id}
            conn.execute(insert(t.class_games).values(**values, linked_at=at))
        return True

    def lessons(self, owner: str, list_id: str) -> list[str]:
        """The class's games, in the order they were made its lessons."""
        where = (_G.owner_hash == owner) & (_G.list_id == list_id)
        query = select(_G.game_id).where(where).order_by(_G.linked_at, _G.game_id)
        with self.engine.connect() as conn:
            return [str(game_id) for game_id in conn.execute(query).scalars()]

    def class_of(self, game_id: str) -> tuple[str, str] | None:
        """The owner and class a game is a lesson of (None: none)."""
        query = select(_G.owner_hash, _G.list_id).where(_G.game_id == game_id)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return (str(row.owner_hash), str(row.list_id)) if row is not None else None


def _pupil(row: Any) -> Pupil:
    return Pupil(row.pupil_id, row.name, row.merged_into, row.created_at)
