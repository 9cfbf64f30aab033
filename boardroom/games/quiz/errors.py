"""Typed errors of the quiz core: every one is a ``ValueError`` with a plain message.

>>> err = BankError([RowError(3, "answer is empty")], source="bank.csv")
>>> str(err)
'bank.csv: 1 bad row; nothing was imported.\\n  line 3: answer is empty'
>>> isinstance(err, ValueError), err.errors[0].line
(True, 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.kernel import Refused


class SetupError(Refused):
    """A setup line the quiz refuses (code ``invalid_setup``), naming the bad field.

    >>> SetupError("ruleset.duel", "must be one of defender, attacker, none").message
    'ruleset.duel: must be one of defender, attacker, none.'
    """

    def __init__(self, where: str, problem: str) -> None:
        message = f"{where}: {problem}." if where else f"{problem}."
        super().__init__("invalid_setup", message, field=where)


class RulesetError(SetupError):
    """A ruleset parameter that is unknown or out of range."""


@dataclass(frozen=True)
class RowError:
    """One bad row of a question bank: the line it starts on (1-based) and what is wrong."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


class BankError(ValueError):
    """A question bank that cannot be imported; ``errors`` lists every bad row.

    Importing is all or nothing: when this is raised, no question was taken.
    """

    def __init__(self, errors: list[RowError], *, source: str = "question bank") -> None:
        self.errors = list(errors)
        self.source = source
        count = len(self.errors)
        rows = "row" if count == 1 else "rows"
        lines = "\n".join(f"  {error}" for error in self.errors)
        super().__init__(f"{source}: {count} bad {rows}; nothing was imported.\n{lines}")


class SiqError(BankError):
    """A SIGame ``.siq`` package that is malformed or holds no usable question.

    >>> str(SiqError("the file is not a ZIP archive", source="pack.siq"))
    'pack.siq: the file is not a ZIP archive; nothing was imported.'
    """

    def __init__(
        self, problem: str, *, source: str = "package", errors: list[RowError] | None = None
    ) -> None:
        self.errors = list(errors or [])
        self.source = source
        self.problem = problem
        details = "".join(f"\n  {error}" for error in self.errors)
        ValueError.__init__(self, f"{source}: {problem}; nothing was imported.{details}")
