"""The quiz state: plain data, folded from events (see :mod:`.rules`).

``QuizState.game`` is the part an undone judgement restores; the rest (the event
log, the questions already asked, the pause, the undo stack) only grows or is
host-controlled and is never rolled back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from boardroom.draughts import Board
from boardroom.games.quiz.bank import Bank, Question
from boardroom.games.quiz.ruleset import Ruleset
from boardroom.kernel import Json


@dataclass(frozen=True)
class Member:
    """A team member: a piece on the board carrying a name."""

    id: str
    name: str
    team: str
    captain: bool = False
    guest: bool = False


@dataclass(frozen=True)
class Team:
    """A finalist team: its colour on the board and its score from the earlier rounds."""

    id: str
    name: str
    color: str
    earlier: float
    members: tuple[Member, ...]

    def __deepcopy__(self, memo: dict[int, Any]) -> Team:
        return self  # immutable


@dataclass
class Jump:
    """One jump of a capture: the square of the piece it takes, its member, the result."""

    square: str
    member: str
    result: str | None = None  # "taken" | "repelled"


@dataclass
class Duel:
    """The capture being fought, jump by jump.

    ``step``: ``ask`` (waiting for the host to ask a question), ``answer`` (a
    question is out, the clock may run), ``judge`` (an answer came; the host judges).
    The clock: ``deadline`` while it runs, ``remaining`` while it is paused.
    """

    team: str
    member: str
    move: str
    path: list[str]
    jumps: list[Jump]
    index: int = 0
    step: str = "ask"
    question: str | None = None
    answering_team: str | None = None
    answering_member: str | None = None
    deadline: float | None = None
    remaining: float | None = None
    given: Json | None = None


@dataclass
class Game:
    """What the board and the duels have made of the round (what an undo restores)."""

    phase: str  # "setup" | "move" | "duel" | "ended"
    fen: str
    squares: dict[str, str | None]
    points: dict[str, float]
    to_move: str | None = None
    duel: Duel | None = None
    winner: str | None = None
    end_reason: str | None = None
    last: Json | None = None
    moves: int = 0


@dataclass
class Snapshot:
    """The game just before a judgement, and when the judgement came."""

    game: Game
    at: float


@dataclass
class QuizState:
    """One quiz round: the fixed setup, the game, and what only ever grows."""

    seed: int
    ruleset: Ruleset
    teams: tuple[Team, ...]
    bank: Bank
    order: tuple[str, ...]
    game: Game
    used: list[str] = field(default_factory=list)
    paused_at: float | None = None
    undo: list[Snapshot] = field(default_factory=list)
    log: list[Json] = field(default_factory=list)
    start: str = ""
    """The position the round starts from (its FEN before the first move)."""
    answerers: dict[str, str] = field(default_factory=dict)
    """The device (seat id) that answers for each team, when one device answers."""
    playing: Json | None = None
    """The sound or video the host plays on every screen: media id, playing, position, at."""

    def team(self, team_id: str) -> Team:
        return next(t for t in self.teams if t.id == team_id)

    def team_of_color(self, color: str) -> Team:
        return next(t for t in self.teams if t.color == color)

    def member(self, member_id: str) -> Member:
        return next(m for t in self.teams for m in t.members if m.id == member_id)

    def question(self, question_id: str) -> Question:
        return self.bank.by_id[question_id]

    def board(self) -> Board:
        """The position as an engine board, each piece carrying its member's id."""
        ids = {square: member for member, square in self.game.squares.items() if square}
        return Board(self.game.fen, variant=self.ruleset.variant(), ids=ids)

    def seat(self, seat: str) -> str:
        """The team a seat acts for: a team id, or a member id standing for its team.

        Anything else (``host``, ``projector``, unknown ids) is returned unchanged.
        """
        for team in self.teams:
            if seat == team.id or any(m.id == seat for m in team.members):
                return team.id
        return seat
