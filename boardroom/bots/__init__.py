"""Robots that take empty seats.

The board robot for draughts is exported here:

>>> from boardroom.draughts import Board
>>> str(BoardRobot().choose(Board("W:Wc3:Bd4,f6"), budget_nodes=1_000))
'c3:e5:g7'
"""

from boardroom.bots.board import LEVELS, BoardRobot, Level, NoLegalMoveError, RobotError
from boardroom.bots.evaluation import evaluate, firm_interest

__all__ = [
    "LEVELS",
    "BoardRobot",
    "Level",
    "NoLegalMoveError",
    "RobotError",
    "evaluate",
    "firm_interest",
]
