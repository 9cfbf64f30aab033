"""Games and their seats: the setup line, join code and host secret's hash of each game, the
game it goes on in ("play again"), and the seats people (and robots) hold in it.

>>> from boardroom.store import Store
>>> store = Store("sqlite://")
>>> store.migrate()
>>> games = store.games
>>> games.create_game(GameRecord("g1", "ABC123", "quiz", {"game": "quiz"}, 0.0, "h"))
True
>>> games.add_seat(SeatRecord("g1", "s1", "p1", "Аня", "h1", "p1"))
True
>>> games.add_seat(SeatRecord("g1", "s2", "p1", "Боря", "h2", "p1"))
False
>>> games.game_by_code("abc123").game_id, [s.name for s in games.seats("g1")]
('g1', ['Аня'])
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from boardroom.store import schema as t
from boardroom.store.db import Database
from boardroom.store.records import GameRecord, SeatRecord


class Games:
    """The games (one row each, with their head version) and their seats."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.engine = db.engine

    def create_game(self, game: GameRecord) -> bool:
        """Store a new game at version 0; False if a game of that id is stored already
        (one the server named itself, made by another process or before a crash).

        >>> from boardroom.store import Store
        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> made, again = (GameRecord("g1", code, "russian", {}, 0.0, "h") for code in "AX")
        >>> store.games.create_game(made), store.games.create_game(again)
        (True, False)
        """
        try:
            self._insert_game(game)
        except IntegrityError:
            if self.game(game.game_id) is None:
                raise  # not the id: the code (or anything else) was taken
            return False
        return True

    def _insert_game(self, game: GameRecord) -> None:
        with self.db.writing() as conn:
            conn.execute(
                insert(t.games).values(
                    game_id=game.game_id,
                    code=game.code,
                    game=game.game,
                    spec=json.dumps(game.spec),
                    created_at=game.created_at,
                    host_secret_hash=game.host_secret_hash,
                    demo=game.demo,
                    lang=game.lang,
                    version=0,
                )
            )

    def set_host_secret(self, game_id: str, secret_hash: str) -> None:
        """Replace a game's host secret (the demo games get a new one at each start)."""
        with self.db.writing() as conn:
            conn.execute(
                update(t.games)
                .where(t.games.c.game_id == game_id)
                .values(host_secret_hash=secret_hash)
            )

    def game(self, game_id: str) -> GameRecord | None:
        return self._one_game(t.games.c.game_id == game_id)

    def game_by_code(self, code: str) -> GameRecord | None:
        return self._one_game(t.games.c.code == code.upper())

    def games(self, demo_only: bool = False) -> list[GameRecord]:
        query = select(t.games)
        if demo_only:
            query = query.where(t.games.c.demo.is_(True))
        with self.engine.connect() as conn:
            return [_game(row._mapping) for row in conn.execute(query.order_by(t.games.c.code))]

    def _one_game(self, where: Any) -> GameRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(t.games).where(where)).first()
        return _game(row._mapping) if row is not None else None

    def add_seat(self, seat: SeatRecord) -> bool:
        """Store a seat; False when its claim (an exclusive role) is taken already."""
        try:
            with self.db.writing() as conn:
                conn.execute(insert(t.seats).values(**vars(seat)))
        except IntegrityError:
            return False
        return True

    def seats(self, game_id: str) -> list[SeatRecord]:
        query = select(t.seats).where(t.seats.c.game_id == game_id).order_by(t.seats.c.seat_id)
        with self.engine.connect() as conn:
            return [SeatRecord(**row._mapping) for row in conn.execute(query)]

    def seat_by_secret(self, game_id: str, secret_hash: str) -> SeatRecord | None:
        query = select(t.seats).where(
            t.seats.c.game_id == game_id, t.seats.c.secret_hash == secret_hash
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return SeatRecord(**row._mapping) if row is not None else None

    # --- the game a game goes on in ("play again") ------------------------------------

    def set_next_game(self, game_id: str, next_game: str) -> str:
        """Point ``game_id`` at the game it goes on in, unless it points at one already;
        the pointer kept (the first one set wins: a game goes on in one game only)."""
        games = t.games.c
        with self.db.writing() as conn:
            conn.execute(
                update(t.games)
                .where(games.game_id == game_id, games.next_game.is_(None))
                .values(next_game=next_game)
            )
            kept = conn.execute(select(games.next_game).where(games.game_id == game_id)).scalar()
        return str(kept)

    def take_carried_seat(self, game_id: str, held: str, secret_hash: str) -> SeatRecord | None:
        """The seat kept in ``game_id`` under the placeholder ``held``, now opened by
        ``secret_hash`` (None if no such seat is waiting: taken already, or never kept)."""
        seats = t.seats.c
        where = (seats.game_id == game_id) & (seats.secret_hash == held)
        with self.db.writing() as conn:
            row = conn.execute(select(t.seats).where(where)).first()
            if row is None:
                return None
            conn.execute(update(t.seats).where(where).values(secret_hash=secret_hash))
        return SeatRecord(**{**row._mapping, "secret_hash": secret_hash})


def _game(row: Any) -> GameRecord:
    return GameRecord(
        game_id=row["game_id"],
        code=row["code"],
        game=row["game"],
        spec=json.loads(row["spec"]),
        created_at=float(row["created_at"]),
        host_secret_hash=row["host_secret_hash"],
        demo=bool(row["demo"]),
        lang=row["lang"],
        next_game=row["next_game"],
    )
