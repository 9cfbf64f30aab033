"""Question banks from CSV, JSON and YAML, with every bad row reported by its line.

Each format holds the same fields (see :mod:`.model`): ``text`` and ``answer``
(required), ``choices`` (a list, or text separated by ``|``), ``category``,
``points``, ``time_s`` (alias ``time_limit``), ``accept``, ``comment``, ``id``.

>>> bank = load_csv("text,answer,choices\\n2+2?,4,3|4|5\\nCapital of Peru?,Lima,\\n")
>>> [(q.text, q.choices) for q in bank]
[('2+2?', ('3', '4', '5')), ('Capital of Peru?', ())]
>>> load_yaml("- text: Who?\\n  answer: Me\\n- text: Why?\\n")
Traceback (most recent call last):
...
boardroom.games.quiz.errors.BankError: YAML bank: 1 bad row; nothing was imported.
  line 3: answer is missing or empty
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Mapping
from typing import Any

import yaml

from boardroom.games.quiz.bank.model import Bank, build_bank
from boardroom.games.quiz.bank.syntax import reason
from boardroom.games.quiz.errors import BankError, RowError

NOT_TEXT = "the file is neither UTF-8 nor Windows-1251 (Cyrillic) text"
HINT = "save it again as UTF-8 (in Excel: Save As → “CSV UTF-8”)"


def decode_text(data: bytes, *, source: str = "bank") -> tuple[str, str]:
    """The text of a bank file and its encoding: UTF-8 (a BOM is fine), else Windows-1251.

    Excel saves CSV in the computer's code page, Windows-1251 on a Russian
    Windows; a file that is neither is refused with a hint naming the file.

    >>> decode_text("вопрос;ответ".encode("cp1251"))
    ('вопрос;ответ', 'cp1251')
    >>> decode_text(bytes([137, 80, 78, 71, 0, 255]), source="photo.csv")
    Traceback (most recent call last):
    ...
    boardroom.games.quiz.errors.BankError: photo.csv: 1 bad row; nothing was imported.
      line 1: the file is neither UTF-8 nor Windows-1251 (Cyrillic) text; save it again as UTF-8 (in Excel: Save As → “CSV UTF-8”)
    """  # noqa: E501
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
    try:
        text = data.decode("cp1251")
    except UnicodeDecodeError:
        text = ""
    controls = any(ord(c) < 32 and c not in "\t\r\n" for c in text)
    if text and not controls and any("а" <= c.lower() <= "я" for c in text):
        return text, "cp1251"
    raise BankError([RowError(line, f"{NOT_TEXT}; {HINT}", code="not_text_file")], source=source)


def load_csv(text: str, *, source: str = "CSV bank") -> Bank:
    """A bank from CSV text with a header row (``,`` or ``;`` separated, UTF-8)."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise BankError([RowError(0, "the file is empty", code="empty_file")], source=source)
    first = text.splitlines()[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = [name.strip() for name in next(reader)]
    except csv.Error as exc:
        raise BankError([_csv_error(1, "unreadable header", exc)], source=source) from None
    return build_bank(_csv_rows(reader, header, source), source=source)


def _csv_rows(
    reader: Any, header: list[str], source: str
) -> Iterator[tuple[int, Mapping[str, Any] | RowError]]:
    if len(set(header)) != len(header) or "" in header:
        raise BankError(
            [RowError(1, "the header row has an empty or repeated column name", code="bad_header")],
            source=source,
        )
    line = reader.line_num + 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise BankError([_csv_error(line, "unreadable CSV", exc)], source=source) from None
        start, line = line, reader.line_num + 1
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) > len(header):
            problem = f"{len(cells)} cells, but the header names {len(header)} columns"
            counts = (("cells", str(len(cells))), ("columns", str(len(header))))
            yield start, RowError(start, problem, code="too_many_cells", params=counts)
            continue
        yield start, dict(zip(header, cells, strict=False))


def _csv_error(line: int, what: str, exc: csv.Error) -> RowError:
    return RowError(line, f"{what}: {exc}", code="not_csv", params=_why("csv", str(exc)))


def _why(parser: str, english: str, context: str = "") -> tuple[tuple[str, str], ...]:
    return (("reason", reason(parser, english, context)),)


def _not_a_list(kind: str) -> RowError:
    problem = f"expected a list of questions or {kind} with 'questions'"
    return RowError(1, problem, code="not_a_list")


def _no_questions(kind: str) -> RowError:
    return RowError(1, f"the {kind} has no 'questions' list", code="no_questions_list")


def load_json(text: str, *, source: str = "JSON bank") -> Bank:
    """A bank from a JSON list of question objects, or an object with a ``questions`` list."""
    decoder = json.JSONDecoder()
    try:
        decoder.decode(text)
    except json.JSONDecodeError as exc:
        problem = f"not valid JSON: {exc.msg}"
        error = RowError(
            exc.lineno, problem, exc.colno, code="not_json", params=_why("json", exc.msg)
        )
        raise BankError([error], source=source) from None
    return build_bank(_json_rows(text, decoder, source), source=source)


def _json_rows(text: str, decoder: json.JSONDecoder, source: str) -> Iterator[tuple[int, Any]]:
    start = _skip_space(text, 0)
    if text.startswith("{", start):
        start = _find_questions(text, start, decoder, source)
    elif not text.startswith("[", start):
        raise BankError([_not_a_list("an object")], source=source)
    pos = _skip_space(text, start + 1)
    while not text.startswith("]", pos):
        item, end = decoder.raw_decode(text, pos)
        yield text.count("\n", 0, pos) + 1, item
        pos = _skip_space(text, end)
        if text.startswith(",", pos):
            pos = _skip_space(text, pos + 1)


def _find_questions(text: str, start: int, decoder: json.JSONDecoder, source: str) -> int:
    """The position of the ``[`` of the top-level ``questions`` list."""
    pos = _skip_space(text, start + 1)
    while not text.startswith("}", pos):
        key, pos = decoder.raw_decode(text, pos)
        pos = _skip_space(text, _skip_space(text, pos) + 1)  # the colon
        if key == "questions" and text.startswith("[", pos):
            return pos
        _, pos = decoder.raw_decode(text, pos)
        pos = _skip_space(text, pos)
        if text.startswith(",", pos):
            pos = _skip_space(text, pos + 1)
    raise BankError([_no_questions("object")], source=source)


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def load_yaml(text: str, *, source: str = "YAML bank") -> Bank:
    """A bank from a YAML list of questions, or a mapping with a ``questions`` list.

    Every scalar is read as text (``answer: yes`` stays ``"yes"``, ``answer: 1812``
    stays ``"1812"``), so answers come back exactly as written.
    """
    loader = _NoAliasLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
        problem = getattr(exc, "problem", None) or str(exc)
        why = _why("yaml", problem, getattr(exc, "context", None) or "")
        error = RowError(line, f"not valid YAML: {problem}", column, code="not_yaml", params=why)
        raise BankError([error], source=source) from None
    finally:
        loader.dispose()
    if isinstance(node, yaml.MappingNode):
        node = _yaml_questions(node, source)
    if not isinstance(node, yaml.SequenceNode):
        raise BankError([_not_a_list("a mapping")], source=source)
    rows = [(item.start_mark.line + 1, _yaml_value(item)) for item in node.value]
    return build_bank(rows, source=source)


class _NoAliasLoader(yaml.BaseLoader):
    """Refuses aliases (``*name``): each one could repeat a subtree, so a few hundred
    bytes of them expand to gigabytes (a "billion laughs")."""

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            problem = "aliases (*name) are not accepted in a question bank"
            raise yaml.composer.ComposerError(None, None, problem, mark)
        node: yaml.Node | None = super().compose_node(parent, index)
        return node


def _yaml_questions(node: yaml.MappingNode, source: str) -> yaml.Node:
    for key, value in node.value:
        if isinstance(key, yaml.ScalarNode) and key.value == "questions":
            node_found: yaml.Node = value
            return node_found
    raise BankError([_no_questions("mapping")], source=source)


def _yaml_value(node: yaml.Node) -> Any:
    """A node as plain data, every scalar kept as the text written."""
    if isinstance(node, yaml.ScalarNode):
        return node.value
    if isinstance(node, yaml.SequenceNode):
        return [_yaml_value(item) for item in node.value]
    if isinstance(node, yaml.MappingNode):
        return {_yaml_value(k): _yaml_value(v) for k, v in node.value}
    return None
