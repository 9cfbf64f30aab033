"""The game cores, by the name a setup line gives (``"game": "exchange"``)."""

from __future__ import annotations

import importlib
from typing import Any

from boardroom.kernel import Refused, Rules

GAME_MODULES = {
    "exchange": "boardroom.games.exchange",
    "quiz": "boardroom.games.quiz",
}


def rules_for(game: object) -> Rules[Any]:
    """The rules object of a game named in a setup line.

    >>> rules_for("chess")
    Traceback (most recent call last):
    ...
    boardroom.kernel.Refused: Unknown game 'chess'; expected one of: exchange, quiz.
    """
    if not isinstance(game, str) or game not in GAME_MODULES:
        known = ", ".join(GAME_MODULES)
        raise Refused("unknown_game", f"Unknown game {game!r}; expected one of: {known}.")
    module = importlib.import_module(GAME_MODULES[game])
    rules: Rules[Any] = module.RULES
    return rules
