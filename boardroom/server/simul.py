"""A simul's boards (the class event's ``format: "simul"``): who sits on each side of a board
the server opens — a pupil by name, the event's robot (the odd pupil's opponent, or a robot
sitting in for an absent pupil in a simul), or the teacher; and the robot playing on for a
pupil who has gone (``sit_in``).

The teacher's side of every board is seated by **the event's host secret** (the seat record
keeps the event's host secret hash, as a pupil's keeps their event seat's): the console's one
secret opens the teacher's side on every board, so the teacher moves on any board through the
board game's own command path. The board game's own host secret stays the server's.
"""

from __future__ import annotations

import logging
from typing import Final

from boardroom.games.russian import tournament as t
from boardroom.kernel import Json
from boardroom.server.errors import ApiError
from boardroom.server.live import LiveGame
from boardroom.server.robot_roster import RobotRoster
from boardroom.server.tokens import new_seat_id
from boardroom.store import SeatRecord

log = logging.getLogger("boardroom.tournaments")
SIDES: Final = ("white", "black")


def robot_pupils(view: Json) -> set[str]:
    """The pupils a robot plays (a simul's robots sitting in for absent pupils)."""
    return {p["id"] for p in view.get("pupils", []) if p.get("robot")}


def is_robot(who: str, view: Json) -> bool:
    """The event's robot plays this side: the odd pupil's robot, or a robot pupil."""
    return who == t.ROBOT or who in robot_pupils(view)


def side_spec(board: Json, side: str, view: Json, lang: str | None) -> Json:
    """A side of a board's setup line: the robot at the event's level, or a name (the
    teacher's in the event's language)."""
    who = board[side]
    if is_robot(who, view):
        return {"robot": view["settings"]["robot"]}
    if who == t.TEACHER:
        return {"name": teacher_name(lang)}
    return {"name": board[f"{side}_name"]}


def teacher_name(lang: str | None) -> str:
    """«Учитель» / "Teacher".

    >>> teacher_name("en"), teacher_name(None)
    ('Teacher', 'Учитель')
    """
    return t.other_heading(t.TEACHER, lang or "ru")


def teacher_seat(live: LiveGame, side: str, host_hash: str, lang: str | None) -> SeatRecord:
    """The teacher's side of a board, opened by the event's host secret (claimed by its side:
    a second opening stores nothing)."""
    return SeatRecord(
        game_id=live.game_id,
        seat_id=new_seat_id(),
        role=side,
        name=teacher_name(lang),
        secret_hash=host_hash,
        claim=side,
    )


async def sit_in(robots: RobotRoster, live: LiveGame, board: Json) -> None:
    """The robot plays on for the pupil of a simul's board (the teacher asked: the pupil has
    gone) as a stand-in: it hands the seat back when the pupil comes back. A pupil still
    connected keeps the seat (``seat_taken``, logged; asked again at the next settling)."""
    side = "black" if board["white"] == t.TEACHER else "white"
    if side in live.robots:
        return
    try:
        await robots.add(live, [side])
    except ApiError as exc:
        log.info("no robot sat in", extra={"game": live.game_id, "code": exc.code})
