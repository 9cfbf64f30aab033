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

WHOLE = {"reason": "whole"}


class SetupError(Refused):
    """A setup line the quiz refuses (code ``invalid_setup``), naming the bad field.

    >>> SetupError("ruleset.duel", "must be one of defender, attacker, none").message
    'ruleset.duel: must be one of defender, attacker, none.'
    """

    def __init__(self, where: str, problem: str) -> None:
        message = f"{where}: {problem}." if where else f"{problem}."
        super().__init__("invalid_setup", message, field=where, **({} if where else WHOLE))


class RulesetError(SetupError):
    """A ruleset parameter that is unknown or out of range."""


@dataclass(frozen=True)
class RowError:
    """One bad row of a question bank: the line it starts on (1-based) and what is wrong.

    ``column`` (1-based, 0 = not known) and ``path`` (an XML path such as
    ``/package/rounds/round[1]/themes/theme[2]/questions/question[3]``) place it
    further in files whose rows are not lines (a ``content.xml`` on one line).

    >>> str(RowError(1, "no right answer", column=412))
    'line 1, column 412: no right answer'
    """

    line: int
    message: str
    column: int = 0
    path: str = ""
    code: str = ""
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, line: int, exc: ValueError, column: int = 0, path: str = "") -> RowError:
        """The row's error from a validator's exception (its code kept when it is a Problem)."""
        code, params = (exc.code, exc.params) if isinstance(exc, Problem) else ("", ())
        return cls(line, str(exc), column, path, code, params)

    def __str__(self) -> str:
        if not self.line:
            return self.message
        where = f"line {self.line}, column {self.column}" if self.column else f"line {self.line}"
        return f"{where}: {self.message}"


class Problem(ValueError):
    """What is wrong with one question: an English sentence, a stable code and its parameters.

    >>> p = Problem("missing", "answer is missing or empty", field="answer")
    >>> str(p), p.code, p.params
    ('answer is missing or empty', 'missing', (('field', 'answer'),))
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = tuple((name, str(value)) for name, value in params.items())


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
        self,
        problem: str,
        *,
        source: str = "package",
        errors: list[RowError] | None = None,
        code: str = "",
        **params: object,
    ) -> None:
        self.errors = list(errors or [])
        self.source = source
        self.problem = problem
        self.code = code
        self.params = tuple((name, str(value)) for name, value in params.items())
        details = "".join(f"\n  {error}" for error in self.errors)
        ValueError.__init__(self, f"{source}: {problem}; nothing was imported.{details}")
