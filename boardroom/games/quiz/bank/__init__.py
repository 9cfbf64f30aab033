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

from boardroom.games.quiz.bank.imports import (
    Imported,
    bank_reply,
    import_file,
    import_files,
    read_upload,
    refusal,
)
from boardroom.games.quiz.bank.model import (
    Bank,
    Media,
    Place,
    Question,
    Skipped,
    question_from_row,
)
from boardroom.games.quiz.bank.siq import SiqImport, import_siq, load_siq
from boardroom.games.quiz.bank.tables import decode_text, load_csv, load_json, load_yaml
from boardroom.games.quiz.errors import BankError, RowError, SiqError

FORMATS = ("csv", "json", "yaml", "yml", "siq")

__all__ = [
    "FORMATS",
    "Bank",
    "BankError",
    "Imported",
    "Media",
    "Place",
    "Question",
    "RowError",
    "SiqError",
    "SiqImport",
    "Skipped",
    "bank_reply",
    "decode_text",
    "import_file",
    "import_files",
    "import_siq",
    "load_csv",
    "load_json",
    "load_siq",
    "load_yaml",
    "parse_bank",
    "question_from_row",
    "read_bank",
    "read_upload",
    "refusal",
]


def parse_bank(data: bytes, fmt: str, *, source: str = "question bank") -> Bank:
    """A bank from a file's bytes in the named format (``csv``, ``json``, ``yaml``, ``siq``)."""
    fmt = fmt.lower().lstrip(".")
    if fmt not in FORMATS:
        problem = f"unknown bank format {fmt!r}; expected one of: {', '.join(FORMATS)}"
        raise BankError(
            [RowError(0, problem, code="unknown_format", params=(("format", fmt),))], source=source
        )
    if fmt == "siq":
        return load_siq(data, source=source)
    text, _ = decode_text(data, source=source)
    if fmt == "csv":
        return load_csv(text, source=source)
    if fmt == "json":
        return load_json(text, source=source)
    return load_yaml(text, source=source)


def read_bank(path: str | Path) -> Bank:
    """Read a bank file, its format from the extension (the one function here that does I/O)."""
    file = Path(path)
    return parse_bank(file.read_bytes(), file.suffix, source=file.name)
