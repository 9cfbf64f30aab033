"""Robot seats: which robot (kind, level, pace) plays a role of a game, and whether it only
stands in for a person who left. Every change is told to the other processes on the presence
channel (their lobbies and robot tables follow).
"""

from __future__ import annotations

from sqlalchemy import delete, insert, select, update

from boardroom.store import schema as t
from boardroom.store.db import ROBOTS_NOTICE, Database
from boardroom.store.records import RobotRecord, SeatRecord


class Robots:
    """The robots of each game, by role."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.engine = db.engine

    def set_robot(self, robot: RobotRecord) -> None:
        """Keep (or replace) the robot that plays ``robot.role``; the other processes
        hear of it on the presence channel (their lobbies and robot tables follow).

        >>> from boardroom.store import Store
        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> robots = store.robots
        >>> robots.set_robot(RobotRecord("g1", "p2", "raider", "strong", 0.6))
        >>> robots.set_robot(RobotRecord("g1", "p2", "noise", "club", 0.6, stand_in=True))
        >>> [(r.role, r.kind, r.stand_in) for r in robots.robots("g1")]
        [('p2', 'noise', True)]
        >>> robots.end_stand_in("g1", "p2"), robots.end_stand_in("g1", "p2"), robots.robots("g1")
        (True, False, [])
        """
        r = t.robot_seats.c
        with self.db.writing() as conn:
            conn.execute(
                delete(t.robot_seats).where(r.game_id == robot.game_id, r.role == robot.role)
            )
            conn.execute(insert(t.robot_seats).values(**vars(robot)))
            self.db.notify_presence(conn, [robot.game_id], ROBOTS_NOTICE)

    def end_stand_in(self, game_id: str, role: str) -> bool:
        """The stand-in robot of ``role`` leaves it (its person is back); False if the role
        had none (a robot seat of its own is never ended so)."""
        r = t.robot_seats.c
        with self.db.writing() as conn:
            gone = conn.execute(
                delete(t.robot_seats).where(
                    r.game_id == game_id, r.role == role, r.stand_in.is_(True)
                )
            ).rowcount
            if gone:
                self.db.notify_presence(conn, [game_id], ROBOTS_NOTICE)
        return bool(gone)

    def hand_robot_seat(self, seat: SeatRecord) -> bool:
        """The robot seat of ``seat.role`` becomes a person's (``seat``: their seat id, name,
        secret and claim), and its robot leaves it, in one transaction; False if no robot
        seat of that role is left to hand (another hand got there first).

        >>> from boardroom.store import Store
        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> _ = store.games.add_seat(SeatRecord("g1", "s1", "p2", "Robot", "h0", "p2", robot=True))
        >>> store.robots.set_robot(RobotRecord("g1", "p2", "raider", "strong", 0.6))
        >>> store.robots.hand_robot_seat(SeatRecord("g1", "s2", "p2", "Аня", "h1", "p2"))
        True
        >>> [(s.seat_id, s.robot) for s in store.games.seats("g1")], store.robots.robots("g1")
        ([('s2', False)], [])
        >>> store.robots.hand_robot_seat(SeatRecord("g1", "s3", "p2", "Боря", "h2", "p2"))
        False
        """
        s, r = t.seats.c, t.robot_seats.c
        with self.db.writing() as conn:
            handed = conn.execute(
                update(t.seats)
                .where(s.game_id == seat.game_id, s.role == seat.role, s.robot.is_(True))
                .values(
                    seat_id=seat.seat_id,
                    name=seat.name,
                    secret_hash=seat.secret_hash,
                    claim=seat.claim,
                    robot=False,
                )
            ).rowcount
            if not handed:
                return False
            conn.execute(
                delete(t.robot_seats).where(r.game_id == seat.game_id, r.role == seat.role)
            )
            self.db.notify_presence(conn, [seat.game_id], ROBOTS_NOTICE)
        return True

    def robots(self, game_id: str) -> list[RobotRecord]:
        """The robots of a game, by role."""
        r = t.robot_seats.c
        query = select(t.robot_seats).where(r.game_id == game_id).order_by(r.role)
        with self.engine.connect() as conn:
            return [
                RobotRecord(**{**row._mapping, "stand_in": bool(row.stand_in)})
                for row in conn.execute(query)
            ]
