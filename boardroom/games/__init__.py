"""The game cores; :mod:`.registry` names every kind, :mod:`.kind` says what a kind is."""

from __future__ import annotations

from typing import Any

from boardroom.games.kind import GameKind
from boardroom.kernel import Refused, Rules


def kind_for(game: object) -> GameKind:
    """The :class:`~boardroom.games.kind.GameKind` a setup line names.

    >>> kind_for("quiz").name
    'quiz'
    >>> kind_for("chess")
    Traceback (most recent call last):
    ...
    boardroom.kernel.Refused: Unknown game 'chess'; expected one of: exchange, quiz, ...
    """
    from boardroom.games.registry import KINDS

    if not isinstance(game, str) or game not in KINDS:
        known = ", ".join(KINDS)
        raise Refused("unknown_game", f"Unknown game {game!r}; expected one of: {known}.")
    return KINDS[game]


def rules_for(game: object) -> Rules[Any]:
    """The rules object of a game named in a setup line.

    >>> rules_for("chess")
    Traceback (most recent call last):
    ...
    boardroom.kernel.Refused: Unknown game 'chess'; expected one of: exchange, quiz, ...
    """
    rules: Rules[Any] = kind_for(game).rules
    return rules
