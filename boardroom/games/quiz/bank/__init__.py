"""Question banks: the model, the CSV/JSON/YAML readers and the SIGame ``.siq`` importer.

>>> bank = parse_bank(b'[{"text": "Largest ocean?", "answer": "Pacific"}]', "json")
>>> bank.questions[0].answer
'Pacific'
>>> parse_bank(b"", "xls")
Traceback (most recent call last):
...
boardroom.games.quiz.errors.BankError: question bank: 1 bad row; nothing was imported.
  unknown bank format 'xls'; expected one of: csv, json, yaml, yml, siq
"""

from __future__ import annotations

from pathlib import Path

from boardroom.games.quiz.bank.model import Bank, Media, Question, question_from_row
from boardroom.games.quiz.bank.siq import load_siq
from boardroom.games.quiz.bank.tables import load_csv, load_json, load_yaml
from boardroom.games.quiz.errors import BankError, RowError, SiqError

FORMATS = ("csv", "json", "yaml", "yml", "siq")

__all__ = [
    "FORMATS",
    "Bank",
    "BankError",
    "Media",
    "Question",
    "RowError",
    "SiqError",
    "load_csv",
    "load_json",
    "load_siq",
    "load_yaml",
    "parse_bank",
    "question_from_row",
    "read_bank",
]


def parse_bank(data: bytes, fmt: str, *, source: str = "question bank") -> Bank:
    """A bank from a file's bytes in the named format (``csv``, ``json``, ``yaml``, ``siq``)."""
    fmt = fmt.lower().lstrip(".")
    if fmt not in FORMATS:
        problem = f"unknown bank format {fmt!r}; expected one of: {', '.join(FORMATS)}"
        raise BankError([RowError(0, problem)], source=source)
    if fmt == "siq":
        return load_siq(data, source=source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise BankError([RowError(line, "the file is not UTF-8 text")], source=source) from None
    if fmt == "csv":
        return load_csv(text, source=source)
    if fmt == "json":
        return load_json(text, source=source)
    return load_yaml(text, source=source)


def read_bank(path: str | Path) -> Bank:
    """Read a bank file, its format from the extension (the one function here that does I/O)."""
    file = Path(path)
    return parse_bank(file.read_bytes(), file.suffix, source=file.name)
