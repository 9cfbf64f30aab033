"""``evolve``: fold one event into the state (in place; returns the state).

Every event is appended to the log. A ``judged`` event first saves the game as it
was (the undo stack); ``judgement_undone`` puts the saved game back, its answer
clock shifted by the time between the judgement and the undo.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from boardroom.draughts import Board
from boardroom.games.quiz.duel import apply_jumps, current, locate
from boardroom.games.quiz.state import Duel, Jump, QuizState, Snapshot
from boardroom.games.quiz.vocabulary import EventType
from boardroom.kernel import Json

Evolver = Callable[[QuizState, Json], None]


def evolve(state: QuizState, event: Json) -> QuizState:
    """Apply ``event`` to ``state``.

    >>> from boardroom.games.quiz.setup import setup
    >>> state = setup({"game": "quiz", "teams": [
    ...     {"id": "A", "members": [{"id": "a1", "name": "Ivan"}]},
    ...     {"id": "B", "members": [{"id": "b1", "name": "Boris"}]}]})
    >>> state = evolve(state, {"type": "game_started", "at": 0, "first": "B", "reason": "lot"})
    >>> state.game.phase, state.game.to_move, state.game.fen
    ('move', 'B', 'B:Wb2:Bg7')
    """
    state.log.append(event)
    EVOLVERS[event["type"]](state, event)
    return state


def _started(state: QuizState, event: Json) -> None:
    game = state.game
    game.phase = "move"
    game.to_move = event["first"]
    color = state.team(event["first"]).color
    game.fen = ("W" if color == "white" else "B") + game.fen[1:]
    state.start = game.fen


def _moved(state: QuizState, event: Json) -> None:
    board = state.board()
    board.push(locate(board, event["move"]))
    _after_move(state, board)


def _after_move(state: QuizState, board: Board) -> None:
    game = state.game
    ids = board.ids()
    game.fen = board.fen()
    game.squares = {member: None for member in game.squares} | {m: sq for sq, m in ids.items()}
    game.to_move = state.team_of_color(board.turn).id
    game.phase = "move"
    game.duel = None
    game.moves += 1


def _capture_started(state: QuizState, event: Json) -> None:
    jumps = [
        Jump(square, member)
        for square, member in zip(event["taken"], event["defenders"], strict=True)
    ]
    state.game.phase = "duel"
    state.game.duel = Duel(
        event["team"], event["member"], event["move"], list(event["path"]), jumps
    )


def _question_asked(state: QuizState, event: Json) -> None:
    duel = current(state)
    duel.step = "answer"
    duel.question = event["question"]
    duel.answering_team = event["team"]
    duel.answering_member = event["member"]
    duel.deadline = event["deadline"]
    duel.remaining = None
    duel.given = None
    state.used.append(event["question"])
    state.playing = None
    if state.paused_at is not None and duel.deadline is not None:
        duel.remaining, duel.deadline = duel.deadline - event["at"], None


def _answer_given(state: QuizState, event: Json) -> None:
    duel = current(state)
    duel.step = "judge"
    duel.given = {key: event[key] for key in ("text", "choice") if key in event}
    duel.deadline = duel.remaining = None


def _judged(state: QuizState, event: Json) -> None:
    state.undo.append(Snapshot(copy.deepcopy(state.game), event["at"]))
    duel = current(state)
    state.game.last = {
        "question": duel.question,
        "correct": event["correct"],
        "by": event["by"],
        "jump": duel.index,
        "given": duel.given,
    }
    _clear_question(duel)


def _clear_question(duel: Duel) -> None:
    duel.step = "ask"
    duel.question = duel.answering_team = duel.answering_member = None
    duel.deadline = duel.remaining = None
    duel.given = None


def _jump_unquestioned(state: QuizState, event: Json) -> None:
    state.game.last = None


def _piece_taken(state: QuizState, event: Json) -> None:
    duel = current(state)
    duel.jumps[event["jump"]].result = "taken"
    duel.index = event["jump"] + 1
    state.game.squares[event["member"]] = None


def _capture_repelled(state: QuizState, event: Json) -> None:
    current(state).jumps[event["jump"]].result = "repelled"


def _points(state: QuizState, event: Json) -> None:
    state.game.points[event["team"]] += event["points"]


def _move_ended(state: QuizState, event: Json) -> None:
    duel = current(state)
    board = state.board()
    apply_jumps(board, locate(board, duel.move), event["jumps"])
    _after_move(state, board)


def _game_ended(state: QuizState, event: Json) -> None:
    game = state.game
    game.phase = "ended"
    game.winner = event["winner"]
    game.end_reason = event["reason"]
    game.duel = None
    game.to_move = None


def _skipped(state: QuizState, event: Json) -> None:
    _clear_question(current(state))


def _paused(state: QuizState, event: Json) -> None:
    state.paused_at = event["at"]
    duel = state.game.duel
    if duel is not None and duel.deadline is not None:
        duel.remaining, duel.deadline = duel.deadline - event["at"], None


def _resumed(state: QuizState, event: Json) -> None:
    state.paused_at = None
    duel = state.game.duel
    if duel is not None and duel.remaining is not None:
        duel.deadline, duel.remaining = event["at"] + duel.remaining, None


def _undone(state: QuizState, event: Json) -> None:
    snapshot = state.undo.pop()
    game = snapshot.game
    duel = game.duel
    if duel is not None and duel.step == "answer":
        _restart_clock(duel, snapshot.at, event["at"], paused=state.paused_at is not None)
    state.game = game


def _restart_clock(duel: Duel, judged_at: float, now: float, *, paused: bool) -> None:
    """The clock of a restored question: stopped from the judgement to the undo.

    A question judged by the clock (no time left) comes back without a clock:
    the host judges it.
    """
    if duel.deadline is not None:
        left = duel.deadline - judged_at
        shifted = duel.deadline + (now - judged_at)
    elif duel.remaining is not None:
        left = duel.remaining
        shifted = now + duel.remaining
    else:
        return
    duel.deadline = duel.remaining = None
    if left <= 0:
        return
    if paused:
        duel.remaining = left
    else:
        duel.deadline = shifted


def _media_played(state: QuizState, event: Json) -> None:
    state.playing = {
        "media": event["media"],
        "playing": event["playing"],
        "position": event["position"],
        "at": event["at"],
    }


def _answering_set(state: QuizState, event: Json) -> None:
    if event["device"] is None:
        state.answerers.pop(event["team"], None)
    else:
        state.answerers[event["team"]] = event["device"]


EVOLVERS: dict[EventType, Evolver] = {
    "game_started": _started,
    "moved": _moved,
    "capture_started": _capture_started,
    "question_asked": _question_asked,
    "answer_given": _answer_given,
    "judged": _judged,
    "jump_unquestioned": _jump_unquestioned,
    "piece_taken": _piece_taken,
    "capture_repelled": _capture_repelled,
    "points_awarded": _points,
    "move_ended": _move_ended,
    "game_ended": _game_ended,
    "question_skipped": _skipped,
    "paused": _paused,
    "resumed": _resumed,
    "judgement_undone": _undone,
    "media_played": _media_played,
    "answering_set": _answering_set,
}
