"""Quiz Draughts: the final round of a team quiz on a draughts board (``quiz-round.md``).

Team members are the pieces; every jump of a capture is fought with a question.
``RULES`` is the game core the kernel runs: ``setup``, ``decide``, ``evolve``,
``next_deadline`` and ``view``.

>>> from boardroom.kernel import Journal
>>> spec = {"game": "quiz", "seed": 7, "teams": [
...     {"id": "A", "score": 5, "members": [{"id": "a1", "name": "Ivan", "square": "c3"}]},
...     {"id": "B", "score": 3, "members": [{"id": "b1", "name": "Boris", "square": "d4"}]}],
...     "questions": [{"id": "q1", "text": "Capital of Italy?", "answer": "Rome"}]}
>>> game = Journal.open(RULES, spec)
>>> commands = [{"type": "start"}, {"type": "ask"}, {"type": "judge", "correct": False}]
>>> commands.insert(1, {"type": "move", "move": "c3:e5", "by": "A"})
>>> for command in commands:
...     _ = game.handle({"by": "host", **command}, now=1.0)
>>> view = RULES.view(game.state, "host")
>>> view["winner"], view["end_reason"], view["teams"]["A"]["score"]
('A', 'no_pieces', 9)
"""

from __future__ import annotations

from boardroom.games.quiz.bank import Bank, BankError, Question, SiqError, parse_bank, read_bank
from boardroom.games.quiz.errors import RulesetError, SetupError
from boardroom.games.quiz.kind import KIND
from boardroom.games.quiz.rules import RULES, QuizRules
from boardroom.games.quiz.ruleset import Ruleset
from boardroom.games.quiz.schema import command_schema, setup_schema
from boardroom.games.quiz.state import QuizState

__all__ = [
    "KIND",
    "RULES",
    "Bank",
    "BankError",
    "Question",
    "QuizRules",
    "QuizState",
    "Ruleset",
    "RulesetError",
    "SetupError",
    "SiqError",
    "command_schema",
    "parse_bank",
    "read_bank",
    "setup_schema",
]
