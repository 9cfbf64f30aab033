"""A live class tournament as a replayable record: pupils join, the host starts, each round's
boards are opened by the server and their results recorded, the next round follows.

The pairings, results and standings are :mod:`boardroom.games.russian.tournament`'s; this
core keeps who joined (their seats ``p1`` … ``p30``), which round is in play and which board
game (a Russian draughts game the server made) plays each board. Seats: ``host`` (start,
a stuck board's result, end the round), ``server`` (boards opened, a board's result read
from its game), ``p1`` … (``enter``: a pupil's name). Time is given, never read.

>>> state = setup({"game": "tournament", "title": "7Б", "rounds": 3})
>>> for command in ({"type": "enter", "by": "p1", "name": "Аня"},
...                 {"type": "enter", "by": "p2", "name": "Боря"},
...                 {"type": "enter", "by": "p3", "name": "Вика"},
...                 {"type": "start", "by": "host"}):
...     for event in decide(state, command, 1.0):
...         state = evolve(state, event)
>>> state.phase, state.current, [(g.white, g.black) for g in state.games_of(1)]
('playing', 1, [('p1', 'robot'), ('p2', 'p3')])
>>> decide(state, {"type": "result", "by": "server", "round": 1, "board": 2, "result": 5}, 2.0)
Traceback (most recent call last):
...
boardroom.kernel.Refused: a result is 2 (white won), 1 (a draw) or 0 (black won), not 5
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from boardroom.games.russian import tournament as t
from boardroom.games.russian.state import LEVELS
from boardroom.games.tournament import simul
from boardroom.kernel import Json, Refused

HOST: Final = "host"
SERVER: Final = "server"
PROJECTOR: Final = "projector"
MAX_PUPILS: Final = 30
MAX_NAME: Final = 40
ROUND_ROBIN_MOST: Final = 12
"""Up to this many pupils an ``auto`` event is a round robin, above it a Swiss one."""
SETUP_KEYS: Final = frozenset(
    {"game", "title", "format", "rounds", "minutes", "robot", "takebacks", "teacher"}
)
FORMATS: Final = ("auto", "round_robin", "swiss", simul.FORMAT)


@dataclass
class EventState:
    """The event: its settings, who joined, the tournament once started, the board games."""

    title: str
    format: str
    rounds: int
    minutes: float | None
    robot: str
    takebacks: bool = False
    """The boards it opens let a pupil ask to take a move back (off unless chosen)."""
    teacher: str = "white"
    """A simul: the colour the teacher plays on every board."""
    phase: str = "gathering"  # gathering → playing → over
    names: dict[str, str] = field(default_factory=dict)  # seat → name, in join order
    event: t.Event | None = None
    current: int = 0
    boards: dict[tuple[int, int], str] = field(default_factory=dict)  # (round, board) → game id
    log: list[Json] = field(default_factory=list)
    by_teacher: set[tuple[int, int]] = field(default_factory=set)
    """(round, board) whose result the teacher set (it may be undone while the round is open)."""
    withdrawn: set[str] = field(default_factory=set)
    robots: set[str] = field(default_factory=set)
    """A simul's robots sitting in for absent pupils (``r1``…): pupils the robot plays."""
    sat_in: set[tuple[int, int]] = field(default_factory=set)
    """A simul's boards (round, board) where the robot plays on for a pupil who has gone."""

    def games_of(self, number: int) -> tuple[t.Game, ...]:
        """The games of round ``number`` (none before it is paired)."""
        if self.event is None or not 1 <= number <= len(self.event.rounds):
            return ()
        return self.event.rounds[number - 1]

    def board_of(self, pupil: str) -> t.Game | None:
        """The pupil's game of the round in play."""
        return next((g for g in self.games_of(self.current) if g.has(pupil)), None)


def seats() -> list[str]:
    """The pupils' seats, in join order."""
    return [f"p{n}" for n in range(1, MAX_PUPILS + 1)]


def setup(spec: Json) -> EventState:
    """The event a setup line makes (or :class:`Refused` ``bad_setup``)."""
    if not isinstance(spec, dict):
        raise _bad("The setup must be an object.")
    unknown = sorted(set(spec) - SETUP_KEYS)
    if unknown:
        raise _bad(f"Unknown setup field {unknown[0]!r}.")
    title = spec.get("title", "Турнир")
    if not isinstance(title, str) or not title.strip() or len(title) > 80:
        raise _bad("The title: 1 to 80 characters.")
    fmt = spec.get("format", "auto")
    if fmt not in FORMATS:
        raise _bad(f"The format: one of {', '.join(FORMATS)}.")
    rounds = spec.get("rounds", 5)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 15:
        raise _bad("The rounds: a whole number from 1 to 15.")
    minutes = spec.get("minutes", 10)
    ok = minutes is None or (not isinstance(minutes, bool) and isinstance(minutes, int | float))
    if not ok or (minutes is not None and not 0 < minutes <= 180):
        raise _bad("The minutes per side: a number from 1 to 180, or null (no clock).")
    robot = spec.get("robot", "casual")
    if robot not in LEVELS:
        raise _bad(f"The robot's level: one of {', '.join(LEVELS)}.")
    takebacks = spec.get("takebacks", False)
    if not isinstance(takebacks, bool):
        raise _bad("Takebacks: true or false.")
    teacher = spec.get("teacher", "white")
    if teacher not in simul.COLOURS:
        raise _bad("The teacher's colour in a simul: white or black.")
    minutes = None if minutes is None else float(minutes)
    return EventState(title.strip(), str(fmt), rounds, minutes, str(robot), takebacks, str(teacher))


def _bad(message: str) -> Refused:
    return Refused("bad_setup", message)


# -- decide ---------------------------------------------------------------------------------


def decide(state: EventState, command: Json, now: float) -> list[Json]:
    """The events ``command`` causes (or :class:`Refused`)."""
    kind = command.get("type") if isinstance(command, dict) else None
    if kind not in DECIDERS:
        raise Refused("unknown_command", f"Unknown command {kind!r}.")
    if not isinstance(command.get("by"), str):
        raise Refused("bad_command", "A command names its seat in 'by'.", reason="by")
    at = round(float(now), 3)
    try:
        return DECIDERS[kind](state, command, at)
    except t.TournamentError as exc:  # its numbers kept as numbers: a plural needs them
        raise Refused(exc.code, str(exc), **exc.params) from None


def _enter(state: EventState, command: Json, at: float) -> list[Json]:
    by = command["by"]
    if by not in seats():
        raise Refused("not_a_pupil", "Only a pupil may enter the event.")
    if by in state.withdrawn:
        raise Refused("withdrawn", "The teacher has withdrawn you from the event.")
    late = state.phase != "gathering"
    if late:
        _late_entry(state, by)
    entered = {"type": "entered", "pupil": by, "name": _name(command), "at": at}
    return [entered | {"late": True}] if late else [entered]


def _name(command: Json) -> str:
    name = command.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise Refused("bad_name", "A name: 1 to 40 characters.")
    return " ".join(name.split())


def can_enter_late(state: EventState) -> bool:
    """A pupil who comes after the start joins a Swiss event's next round with no points (as
    lichess's Swiss does); a round robin's schedule is made in full at the start."""
    return (
        state.phase == "playing"
        and state.event is not None
        and state.event.format == "swiss"
        and state.current < state.event.planned_rounds
        and len(state.names) < MAX_PUPILS
    )


def _late_entry(state: EventState, by: str) -> None:
    if by in state.names:
        raise Refused("event_started", "You have entered already.")
    if state.phase == "over" or state.event is None or state.event.format != "swiss":
        raise Refused("event_started", "The event has started; ask the teacher.")
    if not can_enter_late(state):
        raise Refused("too_late", "The last round is being played; ask the teacher.")


def _start(state: EventState, command: Json, at: float) -> list[Json]:
    _host(command)
    if state.phase != "gathering":
        raise Refused("event_started", "The event has started already.")
    pupils = _pupils(state)
    fmt = _format(state, len(pupils))
    event = _made(state, fmt, pupils)  # refuses too few pupils, too many rounds
    rounds = event.planned_rounds
    return [
        {"type": "event_started", "format": fmt, "rounds": rounds, "at": at},
        {"type": "round_started", "round": 1, "at": at},
    ]


def _pupils(state: EventState) -> list[t.Pupil]:
    """The pupils the event starts with (in join order; not those withdrawn meanwhile)."""
    names = state.names.items()
    return [t.Pupil(seat, name) for seat, name in names if seat not in state.withdrawn]


def _add_robot(state: EventState, command: Json, at: float) -> list[Json]:
    """The teacher seats a robot in a simul for an absent pupil: it gets a board of its own."""
    _host(command)
    if state.format != simul.FORMAT:
        raise Refused("not_simul", "Robots sit in for pupils in a simul only.")
    if state.phase != "gathering":
        raise Refused("event_started", "The simul has started already.")
    if len(state.names) >= MAX_PUPILS:
        raise Refused("event_full", "Every board of the simul is taken.")
    pupil = simul.robot_id(list(state.names))
    return [{"type": "robot_entered", "pupil": pupil, "name": _name(command), "at": at}]


def _sit_in(state: EventState, command: Json, at: float) -> list[Json]:
    """A simul's pupil has gone: the robot plays on for them on their board (the teacher asks)."""
    _host(command)
    if state.format != simul.FORMAT:
        raise Refused("not_simul", "Robots sit in for pupils in a simul only.")
    number, board = command.get("round"), command.get("board")
    if state.phase != "playing" or number != state.current:
        raise Refused("not_current_round", "This can be done for the round in play only.")
    game = next((g for g in state.games_of(state.current) if g.board == board), None)
    if game is None:
        raise Refused("bad_command", "Name the board by its number.", reason="board")
    if game.finished:
        raise Refused("board_over", "This board's game is over.")
    if (number, board) in state.sat_in:
        return []
    return [{"type": "robot_sat_in", "round": number, "board": board, "at": at}]


def _format(state: EventState, pupils: int) -> str:
    if state.format != "auto":
        return state.format
    return "round_robin" if pupils <= ROUND_ROBIN_MOST else "swiss"


def _made(state: EventState, fmt: str, pupils: list[t.Pupil]) -> t.Event:
    if fmt == simul.FORMAT:
        return simul.make(state.title, pupils, state.teacher)
    if fmt == "round_robin":
        return t.round_robin(state.title, pupils)
    return t.pair_next_round(t.swiss(state.title, pupils, state.rounds))


def _boards(state: EventState, command: Json, at: float) -> list[Json]:
    _server(command)
    number, games = command.get("round"), command.get("games")
    if state.phase != "playing" or number != state.current:
        raise Refused("not_current_round", "Boards are opened for the round in play only.")
    if any(key[0] == number for key in state.boards):
        raise Refused("boards_open", "This round's boards are open already.")
    wanted = {str(g.board) for g in state.games_of(state.current)}
    if not isinstance(games, dict) or set(games) != wanted:
        raise Refused("bad_command", "Name a game for every board.", reason="games")
    if not all(isinstance(v, str) and v for v in games.values()):
        raise Refused("bad_command", "Name a game for every board.", reason="games")
    return [{"type": "boards_opened", "round": number, "games": dict(games), "at": at}]


def _result(state: EventState, command: Json, at: float) -> list[Json]:
    by = command["by"]
    if by not in (HOST, SERVER):
        raise Refused("host_only", "Only the teacher may set a board's result.")
    if state.phase != "playing" or command.get("round") != state.current:
        raise Refused("not_current_round", "Results are set for the round in play only.")
    number, board, result = state.current, command.get("board"), command.get("result")
    assert state.event is not None
    if not isinstance(board, int) or isinstance(board, bool):
        raise Refused("bad_command", "Name the board by its number.", reason="board")
    event = t.record(state.event, number, board, result)  # type: ignore[arg-type]
    recorded = {"type": "result_recorded", "round": number, "board": board} | {
        "result": result,
        "by": by,
        "at": at,
    }
    return [recorded, *_after(state, event, at)]


def _end_round(state: EventState, command: Json, at: float) -> list[Json]:
    """The teacher ends the round: every board still playing is a draw."""
    _host(command)
    if state.phase != "playing" or command.get("round") != state.current:
        raise Refused("not_current_round", "Only the round in play can be ended.")
    assert state.event is not None
    event, out = state.event, []
    for game in state.games_of(state.current):
        if not game.finished:
            event = t.record(event, state.current, game.board, t.DRAW)
            out.append(
                {"type": "result_recorded", "round": state.current, "board": game.board}
                | {"result": t.DRAW, "by": HOST, "at": at}
            )
    if not out:
        raise Refused("round_over", "Every board of this round has its result.")
    return [*out, *_after(state, event, at)]


def _after(state: EventState, event: t.Event, at: float) -> list[Json]:
    """What follows a result: the next round once every board is over, or the end."""
    if not all(game.finished for game in event.rounds[state.current - 1]):
        return []  # (a round robin is paired in full: the round in play, not the last)
    return _next_rounds(state, event, state.current, at)


def _next_rounds(state: EventState, event: t.Event, number: int, at: float) -> list[Json]:
    """The next round started (or the end); in a round robin the boards of a withdrawn pupil
    are theirs lost at once (the opponent wins), and a round all of such boards ends too."""
    out: list[Json] = []
    while number < event.planned_rounds:
        number += 1
        out.append({"type": "round_started", "round": number, "at": at})
        if event.format != "round_robin":
            return out
        for game in event.rounds[number - 1]:
            result = _forfeit(state, game)
            if result is not None:
                event = t.record(event, number, game.board, result)
                out.append(
                    {"type": "result_recorded", "round": number, "board": game.board}
                    | {"result": result, "by": "forfeit", "at": at}
                )
        if not all(game.finished for game in event.rounds[number - 1]):
            return out
    return [*out, {"type": "event_ended", "at": at}]


def _forfeit(state: EventState, game: t.Game) -> int | None:
    """White's points on a board of a withdrawn pupil (None: both play)."""
    white, black = game.white in state.withdrawn, game.black in state.withdrawn
    if white and black:
        return t.DRAW
    return t.LOSS if white else t.WIN if black else None


# -- the teacher's corrections while the event runs ------------------------------------------


def _undo_result(state: EventState, command: Json, at: float) -> list[Json]:
    """The teacher takes back a result they set, while its round is open."""
    _host(command)
    number, board = command.get("round"), command.get("board")
    if state.phase != "playing" or number != state.current:
        raise Refused("round_closed", "Only a result of the round in play can be undone.")
    if (number, board) not in state.by_teacher:
        raise Refused("not_teacher_result", "Only a result the teacher set can be undone.")
    return [{"type": "result_undone", "round": number, "board": board, "at": at}]


def _pupil(state: EventState, command: Json) -> str:
    pupil = command.get("pupil")
    if not isinstance(pupil, str) or pupil not in state.names:
        raise Refused("unknown_pupil", "There is no such pupil in this event.")
    return pupil


def _rename(state: EventState, command: Json, at: float) -> list[Json]:
    _host(command)
    pupil, name = _pupil(state, command), _name(command)
    if state.names[pupil] == name:
        return []
    return [{"type": "pupil_renamed", "pupil": pupil, "name": name, "at": at}]


def _withdraw(state: EventState, command: Json, at: float) -> list[Json]:
    """The teacher withdraws a pupil: not paired again; their results stay."""
    _host(command)
    pupil = _pupil(state, command)
    if pupil in state.withdrawn:
        raise Refused("withdrawn_already", "This pupil is withdrawn already.")
    active = [p for p in state.names if p not in state.withdrawn and p != pupil]
    least = 1 if state.format == simul.FORMAT else 2
    if state.phase == "playing" and len(active) < least:
        raise Refused("too_few_pupils", "An event needs at least two pupils.")
    if state.phase == "over":
        raise Refused("round_closed", "The event is over.")
    return [{"type": "pupil_withdrawn", "pupil": pupil, "at": at}]


def _host(command: Json) -> None:
    if command["by"] != HOST:
        raise Refused("host_only", "Only the teacher may do this.")


def _server(command: Json) -> None:
    if command["by"] != SERVER:
        raise Refused("host_only", "Only the server opens the boards.", reason="server")


def _tick(state: EventState, command: Json, at: float) -> list[Json]:
    return []


DECIDERS: Final[dict[str, Callable[[EventState, Json, float], list[Json]]]] = {
    "enter": _enter,
    "start": _start,
    "boards": _boards,
    "result": _result,
    "end_round": _end_round,
    "undo_result": _undo_result,
    "rename": _rename,
    "withdraw": _withdraw,
    "add_robot": _add_robot,
    "sit_in": _sit_in,
    "tick": _tick,
}


# -- evolve ---------------------------------------------------------------------------------


def evolve(state: EventState, event: Json) -> EventState:
    """Apply one event (the pairings are computed here, deterministically)."""
    kind = event["type"]
    if kind == "robot_sat_in":
        state.sat_in = state.sat_in | {(event["round"], event["board"])}
    elif kind == "robot_entered":
        state.names = {**state.names, event["pupil"]: event["name"]}
        state.robots = state.robots | {event["pupil"]}
    elif kind == "entered":
        state.names = {**state.names, event["pupil"]: event["name"]}
        if state.event is not None:  # a late pupil: paired from the next round
            state.event = t.add_pupil(state.event, t.Pupil(event["pupil"], event["name"]))
    elif kind == "event_started":
        pupils = _pupils(state)
        state.phase = "playing"
        state.event = _made(state, event["format"], pupils)
    elif kind == "round_started":
        assert state.event is not None
        state.current = event["round"]
        if state.event.format == "swiss" and len(state.event.rounds) < state.current:
            state.event = t.pair_next_round(state.event)
    elif kind == "boards_opened":
        for board, game_id in event["games"].items():
            state.boards = {**state.boards, (event["round"], int(board)): game_id}
    elif kind == "result_recorded":
        assert state.event is not None
        state.event = t.record(state.event, event["round"], event["board"], event["result"])
        if event["by"] == HOST:
            state.by_teacher = state.by_teacher | {(event["round"], event["board"])}
    elif kind in CORRECTIONS:
        CORRECTIONS[kind](state, event)
    elif kind == "event_ended":
        state.phase = "over"
    state.log.append(event)
    return state


def _undone(state: EventState, event: Json) -> None:
    assert state.event is not None
    state.event = t.clear(state.event, event["round"], event["board"])
    state.by_teacher = state.by_teacher - {(event["round"], event["board"])}


def _renamed(state: EventState, event: Json) -> None:
    state.names = {**state.names, event["pupil"]: event["name"]}
    if state.event is not None:
        state.event = t.rename(state.event, event["pupil"], event["name"])


def _withdrawn(state: EventState, event: Json) -> None:
    state.withdrawn = state.withdrawn | {event["pupil"]}
    if state.event is not None and any(p.id == event["pupil"] for p in state.event.pupils):
        state.event = t.withdraw(state.event, event["pupil"])


CORRECTIONS: Final[dict[str, Callable[[EventState, Json], None]]] = {
    "result_undone": _undone,
    "pupil_renamed": _renamed,
    "pupil_withdrawn": _withdrawn,
}
