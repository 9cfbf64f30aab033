"""The setup line: two teams of named members on their squares, the ruleset, the questions.

>>> ivan = {"id": "a1", "name": "Ivan", "captain": True}
>>> state = setup({"game": "quiz", "teams": [
...     {"id": "A", "members": [ivan, {"id": "a2", "name": "Olga"}]},
...     {"id": "B", "members": [{"id": "b1", "name": "Boris", "square": "c7"}]}]})
>>> state.game.fen, state.game.squares
('W:WKd2,b2:Bc7', {'a1': 'd2', 'a2': 'b2', 'b1': 'c7'})
>>> setup({"game": "quiz", "teams": [
...     {"id": "A", "members": [{"id": "a1", "name": "I", "square": "c4"}]},
...     {"id": "B", "members": [{"id": "b1", "name": "B"}]}]})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boardroom.games.quiz.errors.SetupError: teams[0].members[0].square: 'c4' is not a dark square...
"""

from __future__ import annotations

import random
from typing import Any

from boardroom.games.quiz.bank import Bank, BankError
from boardroom.games.quiz.errors import SetupError
from boardroom.games.quiz.ruleset import Ruleset
from boardroom.games.quiz.schema import setup_errors
from boardroom.games.quiz.state import Game, Member, QuizState, Team

#: The seed's placement, in the order members are seated when the host gives no square.
DEFAULT_SQUARES = {
    "white": ("b2", "d2", "f2", "h2", "a3", "c3", "e3", "g3"),
    "black": ("g7", "e7", "c7", "a7", "h6", "f6", "d6", "b6"),
}
#: Where a captain sits by default (the engine's quiz start).
CAPTAIN_SQUARE = {"white": "d2", "black": "e7"}
FAR_ROW = {"white": "8", "black": "1"}
RESERVED_IDS = ("host", "projector", "server", "public")


def setup(spec: Any) -> QuizState:
    """Validate a setup line and build the state before ``start`` (raises :class:`SetupError`)."""
    problems = setup_errors(spec)
    if problems:
        raise SetupError("", problems[0])
    ruleset = Ruleset.from_json(spec.get("ruleset"))
    seed = spec.get("seed", 0)
    teams, squares = _teams(spec["teams"])
    bank = _bank(spec.get("questions", []))
    order = [q.id for q in bank.questions]
    if ruleset.question_order == "shuffled":
        random.Random(f"quiz-questions:{seed}").shuffle(order)
    game = Game(
        phase="setup",
        fen=_fen(teams, squares, ruleset),
        squares=squares,
        points={team.id: 0 for team in teams},
    )
    return QuizState(
        seed=seed,
        ruleset=ruleset,
        teams=teams,
        bank=bank,
        order=tuple(order),
        game=game,
        start=game.fen,
    )


def _teams(raw: list[dict[str, Any]]) -> tuple[tuple[Team, ...], dict[str, str | None]]:
    ids = [team["id"] for team in raw]
    if ids[0] == ids[1]:
        raise SetupError("teams[1].id", f"both teams are called {ids[0]!r}")
    for index, team_id in enumerate(ids):
        if team_id in RESERVED_IDS:
            raise SetupError(
                f"teams[{index}].id", f"{team_id!r} is reserved for a screen; choose another id"
            )
    colors = _colors(raw)
    teams: list[Team] = []
    squares: dict[str, str | None] = {}
    taken: dict[str, str] = {}
    for index, (team, color) in enumerate(zip(raw, colors, strict=True)):
        members = _members(team, index, squares)
        teams.append(
            Team(team["id"], team.get("name", team["id"]), color, team.get("score", 0), members)
        )
        _seat(team["members"], members, color, index, squares, taken)
    return tuple(teams), squares


def _colors(raw: list[dict[str, Any]]) -> tuple[str, str]:
    given = [team.get("color") for team in raw]
    if given[0] and given[0] == given[1]:
        raise SetupError("teams[1].color", f"both teams play {given[0]}")
    first = given[0] or ("black" if given[1] == "white" else "white")
    return first, "black" if first == "white" else "white"


def _members(team: dict[str, Any], index: int, seen: dict[str, str | None]) -> tuple[Member, ...]:
    members: list[Member] = []
    for number, raw in enumerate(team["members"]):
        if raw["id"] in seen or raw["id"] in (m.id for m in members):
            raise SetupError(
                f"teams[{index}].members[{number}].id", f"member id {raw['id']!r} is used twice"
            )
        members.append(
            Member(
                raw["id"],
                raw["name"],
                team["id"],
                raw.get("captain", False),
                raw.get("guest", False),
            )
        )
    for flag in ("captain", "guest"):
        if sum(getattr(m, flag) for m in members) > 1:
            raise SetupError(f"teams[{index}].members", f"a team has at most one {flag}")
    for member in members:
        seen[member.id] = None
    return tuple(members)


def _seat(
    raw: list[dict[str, Any]],
    members: tuple[Member, ...],
    color: str,
    index: int,
    squares: dict[str, str | None],
    taken: dict[str, str],
) -> None:
    """Put each member on its square, or on the seed's next free square."""
    for number, (spec, member) in enumerate(zip(raw, members, strict=True)):
        square = spec.get("square")
        if square is None:
            continue
        where = f"teams[{index}].members[{number}].square"
        square = square.strip().lower()
        if not is_dark(square):
            raise SetupError(where, f"{spec['square']!r} is not a dark square of the board")
        if square in taken:
            raise SetupError(where, f"{square} is already given to {taken[square]!r}")
        taken[square] = member.id
        squares[member.id] = square
    free = [sq for sq in DEFAULT_SQUARES[color] if sq not in taken]
    for number, member in enumerate(members):
        if squares[member.id] is not None:
            continue
        if not free:
            where = f"teams[{index}].members[{number}].square"
            raise SetupError(where, "no default square is left; give this member a square")
        wanted = (
            CAPTAIN_SQUARE[color] if member.captain and CAPTAIN_SQUARE[color] in free else free[0]
        )
        free.remove(wanted)
        taken[wanted] = member.id
        squares[member.id] = wanted


def is_dark(square: str) -> bool:
    """A playable (dark) square name such as ``a1`` or ``c3``.

    >>> is_dark("a1"), is_dark("b1"), is_dark("i9")
    (True, False, False)
    """
    if len(square) != 2 or square[0] not in "abcdefgh" or square[1] not in "12345678":
        return False
    return (ord(square[0]) - ord("a") + int(square[1]) - 1) % 2 == 0


def _fen(teams: tuple[Team, ...], squares: dict[str, str | None], ruleset: Ruleset) -> str:
    parts = {}
    for team in teams:
        pieces = []
        for member in team.members:
            square = squares[member.id]
            assert square is not None
            king = member.captain and ruleset.captain_is_king
            if not king and square[1] == FAR_ROW[team.color]:
                raise SetupError(
                    f"team {team.id!r}",
                    f"{member.name} is a man and cannot start on the far row ({square})",
                )
            pieces.append(("K" if king else "") + square)
        parts[team.color] = ",".join(pieces)
    return f"W:W{parts['white']}:B{parts['black']}"


def _bank(rows: list[dict[str, Any]]) -> Bank:
    if not rows:
        return Bank(())
    try:
        return Bank.from_rows(rows, source="questions")
    except BankError as exc:
        first = exc.errors[0]
        where = f"questions[{first.line - 1}]" if first.line else "questions"
        raise SetupError(where, first.message) from None
