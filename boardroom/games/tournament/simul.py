"""A simul: the teacher plays one colour on every board of the class at once (lichess's classes
ask for it, lila #6547: "simultaneous games between the teacher and students, not competitive,
purely didactic").

A simul is a format of the class event (``format: "simul"``), not a kind of its own: one
round, board *n* is the *n*-th pupil (the join order) against the teacher, who plays the
setup's ``teacher`` colour on every board. Everything else is the event's: the code and the
join page, the pupils' seats and phones, the boards opened by the server (the teacher's side
of each is seated by the event's host secret), the results carried back once, «end the
round» (here: end the simul, every board still played a draw), the crosstable's CSV/xlsx
(each pupil's result against the teacher in the teacher's column). A robot may sit in for an
absent pupil: the teacher adds it while the class gathers (``add_robot``), it gets a board
like a pupil and the server seats the event's robot on that board's pupil side.

>>> event = make("5Б", [t.Pupil("p1", "Аня"), t.Pupil("r1", "Робот 1")], "black")
>>> [(g.board, g.white, g.black) for g in event.rounds[0]], event.planned_rounds
([(1, 'p1', 'teacher'), (2, 'r1', 'teacher')], 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from boardroom.games.russian import tournament as t
from boardroom.kernel import Json

FORMAT: Final = "simul"
COLOURS: Final = ("white", "black")
ROBOT_PREFIX: Final = "r"
"""A robot sitting in for a pupil is ``r1``, ``r2``… (never a person's seat ``p…``)."""


def make(title: str, pupils: Sequence[t.Pupil], teacher: str) -> t.Event:
    """The simul's one round: each pupil (seed order) against the teacher, who plays
    ``teacher`` (``white`` or ``black``) on every board; at least one pupil."""
    if len(pupils) < 1:
        raise t.TournamentError("too_few_pupils", "a simul needs at least one pupil")
    games = tuple(
        t.Game(1, board, *((t.TEACHER, p.id) if teacher == "white" else (p.id, t.TEACHER)))
        for board, p in enumerate(pupils, start=1)
    )
    return t.Event(title, FORMAT, tuple(pupils), 1, (games,))


def robot_id(taken: Sequence[str]) -> str:
    """The next robot pupil's id.

    >>> robot_id(["p1", "r1", "p2"])
    'r2'
    """
    return f"{ROBOT_PREFIX}{sum(1 for p in taken if p.startswith(ROBOT_PREFIX)) + 1}"


def answer_first(boards: Sequence[Json], teacher: str) -> int | None:
    """The board the teacher should answer first: of the boards still played where it is the
    teacher's turn, the one whose pupil moved longest ago (``since_move``, seconds; ties: the
    lower board); None when no board waits for the teacher.

    >>> boards = [{"board": 1, "phase": "play", "result": None, "to_move": "white",
    ...            "since_move": 5.0},
    ...           {"board": 2, "phase": "play", "result": None, "to_move": "black",
    ...            "since_move": 90.0},
    ...           {"board": 3, "phase": "play", "result": None, "to_move": "white",
    ...            "since_move": 40.0}]
    >>> answer_first(boards, "white"), answer_first(boards, "black"), answer_first([], "white")
    (3, 2, None)
    """
    waiting = [
        b
        for b in boards
        if b.get("phase") == "play" and b.get("result") is None and b.get("to_move") == teacher
    ]
    if not waiting:
        return None
    first = max(waiting, key=lambda b: (float(b.get("since_move") or 0.0), -int(b["board"])))
    return int(first["board"])
