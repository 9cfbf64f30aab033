"""What a duel's judgement causes: the jump taken or repelled, points, the end of the move,
and the end of the game when the board says so. Pure functions from a state to events.
"""

from __future__ import annotations

from typing import Any

from boardroom.draughts import Board, Move
from boardroom.games.quiz.state import Duel, QuizState
from boardroom.games.quiz.vocabulary import EventType
from boardroom.kernel import Json

#: Why the board ended the game, as the quiz names it.
END_REASONS = {"reached_last_row": "reached_far_row", "no_moves": "no_moves"}


def event(kind: EventType, at: float, **fields: Any) -> Json:
    """An event: its ``type``, the time it happened and its fields.

    >>> event("paused", 12.5)
    {'type': 'paused', 'at': 12.5}
    """
    return {"type": kind, "at": at, **fields}


def locate(board: Board, notation: str) -> Move:
    """The legal move written exactly as ``notation`` (every landing square), else as the
    engine reads it (abbreviations, ``x`` for ``:``).

    Exact first: a capture's full path can be a part of a longer capture's path, which the
    engine's reading would find ambiguous.

    >>> from boardroom.draughts import QUIZ
    >>> str(locate(Board("W:Wc3:Bd4,f6", variant=QUIZ), "C3xG7"))
    'c3:e5:g7'
    """
    written = notation.strip().lower().replace("x", ":")
    exact = [m for m in board.legal_moves if str(m) == written]
    return exact[0] if exact else board.parse_move(notation)


def current(state: QuizState) -> Duel:
    """The capture being fought (the caller knows there is one)."""
    duel = state.game.duel
    assert duel is not None, "no duel in progress"
    return duel


def goes_ahead(state: QuizState, correct: bool) -> bool:
    """Whether the jump happens after a judgement: a wrong defender, or a right attacker.

    >>> from types import SimpleNamespace
    >>> from boardroom.games.quiz.ruleset import Ruleset
    >>> def mode(duel): return SimpleNamespace(ruleset=Ruleset(duel=duel))
    >>> goes_ahead(mode("defender"), correct=True), goes_ahead(mode("attacker"), correct=True)
    (False, True)
    """
    return correct if state.ruleset.duel == "attacker" else not correct


def resolve_jump(state: QuizState, at: float, ahead: bool) -> list[Json]:
    """The events of the current jump going ahead (piece taken) or not (capture repelled).

    Going ahead: the piece is taken and the capturing team scores; after the last
    jump the move ends. Not going ahead: the defending team scores and the move
    ends on the square reached (see :func:`end_move`).
    """
    duel = current(state)
    jump = duel.jumps[duel.index]
    defending = state.member(jump.member).team
    question = state.question(duel.question) if duel.question else None
    own_points = question.points if question is not None else None
    if ahead:
        points = own_points if own_points is not None else state.ruleset.points_capture
        events = [
            event(
                "piece_taken",
                at,
                jump=duel.index,
                square=jump.square,
                member=jump.member,
                team=duel.team,
            )
        ]
        events += award(duel.team, points, "capture", at)
        if duel.index + 1 == len(duel.jumps):
            events += end_move(state, len(duel.jumps), at)
        return events
    points = own_points if own_points is not None else state.ruleset.points_repel
    events = [
        event(
            "capture_repelled",
            at,
            jump=duel.index,
            square=jump.square,
            member=jump.member,
            team=defending,
        )
    ]
    return events + award(defending, points, "repel", at) + end_move(state, duel.index, at)


def award(team: str, points: float, reason: str, at: float) -> list[Json]:
    """A ``points_awarded`` event, or none for zero points.

    >>> award("A", 2, "capture", 5.0)
    [{'type': 'points_awarded', 'at': 5.0, 'team': 'A', 'points': 2, 'reason': 'capture'}]
    >>> award("A", 0, "repel", 5.0)
    []
    """
    return [event("points_awarded", at, team=team, points=points, reason=reason)] if points else []


def end_move(state: QuizState, jumps: int, at: float, *, judge_board: bool = True) -> list[Json]:
    """The capture ends after ``jumps`` jumps (0: repelled at once, the turn passes)."""
    duel = current(state)
    board = state.board()
    made = apply_jumps(board, locate(board, duel.move), jumps)
    taken = [j.member for j in duel.jumps[:jumps]]
    events = [
        event(
            "move_ended",
            at,
            team=duel.team,
            member=duel.member,
            move=made,
            jumps=jumps,
            taken=taken,
        )
    ]
    return events + (finish(state, board, at) if judge_board else [])


def apply_jumps(board: Board, move: Move, jumps: int) -> str | None:
    """Push the first ``jumps`` jumps of ``move`` (a null move for none); the notation made.

    >>> from boardroom.draughts import QUIZ
    >>> board = Board("W:Wc3:Bd4,f6", variant=QUIZ)
    >>> apply_jumps(board, board.legal_moves[0], 1), board.fen()
    ('c3:e5', 'B:We5:Bf6')
    """
    if jumps == 0:
        board.push_null()
        return None
    made = move if jumps == len(move.taken) else move.prefix(jumps)
    board.push(made)
    return str(made)


def finish(state: QuizState, board: Board, at: float) -> list[Json]:
    """The end of the game if the position after a move decides it (far row, no moves)."""
    outcome = board.outcome()
    if outcome is None or outcome.winner is None:
        return []
    winner = state.team_of_color(outcome.winner).id
    loser = state.team_of_color("white" if outcome.winner == "black" else "black")
    reason = END_REASONS.get(outcome.reason, outcome.reason)
    if reason == "no_moves":
        alive = [p for p in board.pieces() if p.color == loser.color]
        reason = "blocked" if alive else "no_pieces"
    return win(state, winner, reason, at)


def win(state: QuizState, winner: str | None, reason: str, at: float) -> list[Json]:
    """Points to the winner (if any) and the end of the game."""
    events = award(winner, state.ruleset.points_win, "win", at) if winner else []
    return [*events, event("game_ended", at, winner=winner, reason=reason)]
