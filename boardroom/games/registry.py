"""The game kinds, by the name a setup line gives (``"game": "exchange"``): one line a kind.

>>> list(KINDS)
['exchange', 'quiz', 'russian', 'tournament', 'puzzles']
"""

from __future__ import annotations

from typing import Final

from boardroom.games.exchange import KIND as EXCHANGE
from boardroom.games.kind import GameKind
from boardroom.games.puzzles import KIND as PUZZLES
from boardroom.games.quiz import KIND as QUIZ
from boardroom.games.russian import KIND as RUSSIAN
from boardroom.games.tournament import KIND as TOURNAMENT

KINDS: Final[dict[str, GameKind]] = {
    kind.name: kind for kind in (EXCHANGE, QUIZ, RUSSIAN, TOURNAMENT, PUZZLES)
}
