"""``decide`` and ``evolve``: the commands of a game of Russian draughts and their events.

A command names its seat in ``by``: ``white`` or ``black`` (the players), ``host`` (start,
end the game), ``server`` (``tick``: the clock). Time ``now`` is given, never read.
Before the start a side's seat (or the host, naming the ``side``) may ``rename`` it.

>>> from boardroom.games.russian.state import setup
>>> state = setup({"game": "russian", "ruleset": {"minutes": 1}})
>>> for command in ({"type": "start", "by": "host"}, {"type": "move", "by": "white",
...                 "move": "c3-d4"}, {"type": "resign", "by": "black"}):
...     for event in decide(state, command, 10.0):
...         state = evolve(state, event)
>>> state.winner, state.end_reason, [e["type"] for e in state.log]
('white', 'resigned', ['game_started', 'moved', 'resigned', 'game_ended'])
>>> decide(state, {"type": "move", "by": "black", "move": "f6-g5"}, 11.0)
Traceback (most recent call last):
...
boardroom.kernel.Refused: The game is over.
>>> fresh = setup({"game": "russian", "white": {"name": "Ученик"}})
>>> decide(fresh, {"type": "rename", "by": "white", "name": "  Александра   Соколова "}, 1.0)
[{'type': 'renamed', 'side': 'white', 'name': 'Александра Соколова', 'at': 1.0}]
>>> decide(fresh, {"type": "rename", "by": "black", "side": "white", "name": "X"}, 1.0)
Traceback (most recent call last):
...
boardroom.kernel.Refused: Only the host may do this.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from boardroom.draughts import Color, DraughtsError
from boardroom.games.russian import takebacks
from boardroom.games.russian.state import MAX_NAME, SIDES, RussianState, other
from boardroom.kernel import Json, Refused

HOST: Final = "host"
SERVER: Final = "server"
RESULTS: Final = {"white": "2-0", "black": "0-2", None: "1-1"}
"""The result as PDN GameType 25 writes it, by winner (None: a draw)."""

Decider = Callable[[RussianState, Json, float], list[Json]]


def decide(state: RussianState, command: Json, now: float) -> list[Json]:
    """The events ``command`` causes at time ``now`` (or :class:`Refused`)."""
    if not isinstance(command, dict) or command.get("type") not in DECIDERS:
        raise Refused("unknown_command", f"Unknown command {_type(command)!r}.")
    if not isinstance(command.get("by"), str):
        raise Refused("bad_command", "A command names its seat in 'by'.", reason="by")
    at = round(float(now), 3)
    if state.phase == "play" and command["type"] != "start":
        due = state.deadline()
        if due is not None and at >= due:
            return [_ended(other(state.to_move), "timeout", at)]
    return DECIDERS[command["type"]](state, command, at)


def _type(command: object) -> object:
    return command.get("type") if isinstance(command, dict) else command


def _ended(winner: Color | None, reason: str, at: float) -> Json:
    return {"type": "game_ended", "winner": winner, "reason": reason, "at": at}


def _playing(state: RussianState) -> None:
    if state.phase == "setup":
        raise Refused("not_started", "The game has not started yet.")
    if state.phase == "ended":
        raise Refused("game_over", "The game is over.")


def _side(command: Json) -> Color:
    by = command["by"]
    for side in SIDES:
        if by == side:
            return side
    raise Refused("not_a_player", "Only the white or the black player may do this.")


def _start(state: RussianState, command: Json, at: float) -> list[Json]:
    if command["by"] != HOST:
        raise Refused("host_only", "Only the host may start the game.", reason="start")
    if state.phase != "setup":
        raise Refused("already_started", "The game has already started.")
    return [{"type": "game_started", "at": at}]


def _move(state: RussianState, command: Json, at: float) -> list[Json]:
    _playing(state)
    side = _side(command)
    if side != state.to_move:
        whose = state.names[state.to_move] or state.to_move
        raise Refused("not_your_turn", f"It is {whose}'s move.", to_move=state.to_move)
    text = command.get("move")
    if not isinstance(text, str) or len(text) > 80:
        raise Refused("bad_command", "A move is text such as 'c3-d4' or 'c3:e5'.", reason="move")
    try:
        move = state.board.parse_move(text)
    except DraughtsError as exc:
        raise Refused("illegal_move", str(exc), move=text) from None
    used = round(at - state.turn_started, 3)
    left = state.left[side]
    after = None if left is None else round(left - used + state.ruleset.increment_s, 3)
    moved = {"type": "moved", "by": side, "move": str(move), "used": used, "left": after, "at": at}
    board = state.board.copy()
    board.push(move)
    outcome = board.outcome()
    if outcome is None:
        return [moved]
    return [moved, _ended(outcome.winner, outcome.reason, at)]


def _resign(state: RussianState, command: Json, at: float) -> list[Json]:
    _playing(state)
    side = _side(command)
    return [{"type": "resigned", "by": side, "at": at}, _ended(other(side), "resigned", at)]


def _offer_draw(state: RussianState, command: Json, at: float) -> list[Json]:
    _playing(state)
    side = _side(command)
    if state.draw_offer == side:
        raise Refused("draw_offered", "You have already offered a draw.", reason="yours")
    if state.draw_offer is not None:
        raise Refused(
            "draw_offered", "A draw is offered to you: accept it or decline it.", reason="to_you"
        )
    return [{"type": "draw_offered", "by": side, "at": at}]


def _answer_draw(accept: bool) -> Decider:
    def answer(state: RussianState, command: Json, at: float) -> list[Json]:
        _playing(state)
        side = _side(command)
        if state.draw_offer != other(side):
            raise Refused("no_draw_offer", "No draw is offered to you.")
        if not accept:
            return [{"type": "draw_declined", "by": side, "at": at}]
        return [{"type": "draw_accepted", "by": side, "at": at}, _ended(None, "draw_agreed", at)]

    return answer


def _rename(state: RussianState, command: Json, at: float) -> list[Json]:
    """The person who takes a side before the start (or the host) names it: the name they
    typed on the join page is the one the board, the clocks, the wall and the results say
    (the host's setup may hold a placeholder such as «Ученик»). Afterwards names stay."""
    by = command["by"]
    side = command.get("side", by)
    if side not in SIDES:
        raise Refused("not_a_player", "Only the white or the black player may do this.")
    if by not in (HOST, side):
        raise Refused("host_only", "Only the host may do this.")
    if state.phase != "setup":
        raise Refused("already_started", "The game has already started.")
    raw = command.get("name")
    name = " ".join(raw.split())[:MAX_NAME] if isinstance(raw, str) else ""
    if not name:
        raise Refused("bad_name", "A name needs at least one letter.")
    if name == state.names[side]:
        return []
    return [{"type": "renamed", "side": side, "name": name, "at": at}]


def _end_game(state: RussianState, command: Json, at: float) -> list[Json]:
    if command["by"] != HOST:
        raise Refused("host_only", "Only the host may end the game.", reason="end")
    _playing(state)
    return [_ended(None, "host", at)]


def _request_takeback(state: RussianState, command: Json, at: float) -> list[Json]:
    _playing(state)
    return [takebacks.request(state, _side(command), at)]


def _answer_takeback(accept: bool) -> Decider:
    """The opponent or the host answers the takeback asked (``takebacks.py``)."""

    def answer(state: RussianState, command: Json, at: float) -> list[Json]:
        _playing(state)
        by = HOST if command["by"] == HOST else _side(command)
        return [takebacks.answer(state, by, accept, at)]

    return answer


def _tick(state: RussianState, command: Json, at: float) -> list[Json]:
    return []  # a due timeout is found before any command (see ``decide``)


DECIDERS: Final[dict[str, Decider]] = {
    "start": _start,
    "move": _move,
    "resign": _resign,
    "offer_draw": _offer_draw,
    "accept_draw": _answer_draw(True),
    "decline_draw": _answer_draw(False),
    "end_game": _end_game,
    "rename": _rename,
    "tick": _tick,
    "request_takeback": _request_takeback,
    "accept_takeback": _answer_takeback(True),
    "decline_takeback": _answer_takeback(False),
}


def evolve(state: RussianState, event: Json) -> RussianState:
    """Fold one event into the state (in place) and log it."""
    kind = event["type"]
    if kind == "game_started":
        state.phase, state.turn_started = "play", float(event["at"])
    elif kind == "moved":
        side: Color = event["by"]
        state.board.push_notation(event["move"])
        state.left[side] = event["left"]
        state.turn_started = float(event["at"])
        if state.draw_offer == other(side):
            state.draw_offer = None  # moving on declines the offer
        state.takeback = None  # and a takeback asked
    elif kind == "renamed":
        state.names[event["side"]] = event["name"]
    elif kind == "draw_offered":
        state.draw_offer = event["by"]
    elif kind == "draw_declined":
        state.draw_offer = None
    elif kind == "takeback_requested":
        state.takeback = {"by": event["by"], "plies": event["plies"]}
    elif kind == "takeback_declined":
        state.takeback = None
    elif kind == "takeback_accepted":
        takebacks.undo(state, event)
    elif kind == "game_ended":
        if state.phase == "play":
            _charge(state, float(event["at"]))
        state.phase, state.winner, state.end_reason = "ended", event["winner"], event["reason"]
        state.draw_offer = state.takeback = None
    state.log.append(event)
    return state


def _charge(state: RussianState, at: float) -> None:
    """Stop the running clock: the side to move has used its time up to ``at``."""
    left = state.left[state.to_move]
    if left is not None:
        state.left[state.to_move] = round(max(left - (at - state.turn_started), 0.0), 3)
