"""A puzzle lesson: the wall shows a position, each pupil answers one move on their phone,
then the reveal (every move tried with its count, the solution played out, who found it).
``docs/puzzles.md`` tells the whole of it.
"""

from __future__ import annotations

from boardroom.games.puzzles.kind import KIND, RULES, PuzzleRules
from boardroom.games.puzzles.state import LessonState

__all__ = ["KIND", "RULES", "LessonState", "PuzzleRules"]
