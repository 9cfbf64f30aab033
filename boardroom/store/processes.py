"""What several server processes share of the games they run: each game's next deadline
(whichever process takes a game over arms its timer) and the connections each process holds
to each seat (who is here, over every process; a process that dies expires).

>>> from boardroom.store import Store
>>> store = Store("sqlite://")
>>> store.migrate()
>>> store.processes.set_presence("i1", "g1", "s1", 2, 100.0)
>>> store.processes.set_presence("i2", "g1", "s1", 1, 50.0)
>>> store.processes.presence("g1", 10.0), store.processes.presence("g1", 60.0)
({'s1': 3}, {'s1': 2})
>>> store.processes.drop_presence("i1"), store.processes.presence("g1", 10.0)
(['g1'], {'s1': 1})
"""

from __future__ import annotations

from sqlalchemy import delete, func, insert, or_, select, update

from boardroom.store import schema as t
from boardroom.store.db import Database


class Processes:
    """Deadlines and presence: the notes that let several processes serve the same games."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.engine = db.engine

    def set_deadline(self, game_id: str, version: int, deadline: float | None) -> None:
        """Note the game's next deadline (epoch seconds, None: none) as of ``version``;
        an older version's note never overwrites a newer one's."""
        with self.db.writing() as conn:
            conn.execute(
                update(t.games)
                .where(t.games.c.game_id == game_id, t.games.c.deadline_version <= version)
                .values(deadline=deadline, deadline_version=version)
            )

    def games_with_deadlines(self) -> list[str]:
        """The games that may need a timer: a deadline noted, or changed since the last note
        (the process that changed it may have died before noting the new deadline)."""
        query = select(t.games.c.game_id).where(
            or_(t.games.c.deadline.is_not(None), t.games.c.deadline_version < t.games.c.version)
        )
        with self.engine.connect() as conn:
            return [row.game_id for row in conn.execute(query.order_by(t.games.c.game_id))]

    def set_presence(
        self, instance: str, game_id: str, seat_id: str, connections: int, expires_at: float
    ) -> None:
        """How many connections ``instance`` (one server process) holds to a seat (0: none)."""
        p = t.presence.c
        with self.db.writing() as conn:
            conn.execute(
                delete(t.presence).where(
                    p.game_id == game_id, p.seat_id == seat_id, p.instance == instance
                )
            )
            if connections > 0:
                conn.execute(
                    insert(t.presence).values(
                        game_id=game_id,
                        seat_id=seat_id,
                        instance=instance,
                        connections=connections,
                        expires_at=expires_at,
                    )
                )
            self.db.notify_presence(conn, [game_id], instance)

    def refresh_presence(
        self, instance: str, seats: dict[tuple[str, str], int], expires_at: float, now: float
    ) -> list[str]:
        """``instance``'s connections are exactly ``seats`` ((game, seat) → connections),
        alive until ``expires_at``; every process's that expired (a process that died) are
        forgotten. The games whose presence changed so (the expired ones)."""
        p = t.presence.c
        with self.db.writing() as conn:
            conn.execute(delete(t.presence).where(p.instance == instance))
            rows = [
                {"game_id": game_id, "seat_id": seat_id, "instance": instance}
                | {"connections": count, "expires_at": expires_at}
                for (game_id, seat_id), count in seats.items()
                if count > 0
            ]
            if rows:
                conn.execute(insert(t.presence), rows)
            expired = [
                row.game_id
                for row in conn.execute(
                    select(p.game_id).where(p.expires_at < now).group_by(p.game_id)
                )
            ]
            if expired:
                conn.execute(delete(t.presence).where(p.expires_at < now))
                self.db.notify_presence(conn, expired, "")
        return expired

    def drop_presence(self, instance: str) -> list[str]:
        """Forget every connection of ``instance`` (it stops); the games concerned."""
        p = t.presence.c
        with self.db.writing() as conn:
            games = [
                row.game_id
                for row in conn.execute(
                    select(p.game_id).where(p.instance == instance).group_by(p.game_id)
                )
            ]
            conn.execute(delete(t.presence).where(p.instance == instance))
            self.db.notify_presence(conn, games, instance)
        return games

    def presence(self, game_id: str, now: float) -> dict[str, int]:
        """Connections per seat of a game, over every process (expired ones left out)."""
        p = t.presence.c
        query = (
            select(p.seat_id, func.sum(p.connections).label("n"))
            .where(p.game_id == game_id, p.expires_at >= now)
            .group_by(p.seat_id)
        )
        with self.engine.connect() as conn:
            return {row.seat_id: int(row.n) for row in conn.execute(query)}
