"""Tables as the reader's spreadsheet opens them: a CSV for tools, and a real ``.xlsx``.

A :class:`Sheet` is a titled table of plain cells: text, whole numbers, fractions (a
draw's ½ point), a game time (:class:`Duration`) or nothing (None: not known to the seat).

* **CSV**: UTF-8 with a byte-order mark (so Excel does not guess the Windows code page),
  ``;`` between cells in Russian and ``,`` in English (the list separators of the two
  Excels), and in Russian a decimal comma; a game time is minutes and seconds.
* **xlsx** (openpyxl): one sheet per table, header row bold and frozen, columns sized to
  their text, numbers stored as numbers, a game time as a time (``[m]:ss.0``).

No cell is ever run as a formula: text starting ``=``, ``+``, ``-``, ``@`` gets a leading
``'`` in a CSV, and is stored as text in the xlsx.

>>> sheet = Sheet("Ученики", ["имя", "очки", "время"], [["Аня", 0.5, Duration(62.5)]])
>>> csv_text(sheet, "ru")
'\\ufeffимя;очки;время\\nАня;0,5;1:02.5\\n'
>>> csv_text(sheet, "en").splitlines()[1]
'Аня,0.5,1:02.5'
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

XLSX_TYPE: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
SEPARATORS: Final = {"ru": ";", "en": ","}
BOM: Final = "\ufeff"
MIN_WIDTH, MAX_WIDTH = 6, 60
BAD_TITLE: Final = re.compile(r"[\[\]:*?/\\]")


@dataclass(frozen=True)
class Duration:
    """Seconds of game time: ``1:02.5`` in a CSV, a time in a spreadsheet."""

    seconds: float


Cell = str | int | float | Duration | None


@dataclass(frozen=True)
class Sheet:
    """A table: its title (the sheet's name), the column headers, the rows."""

    title: str
    columns: list[str]
    rows: list[list[Cell]]


def clock(seconds: float) -> str:
    """Game seconds as minutes and seconds (hours when long), tenths kept.

    >>> clock(5), clock(62.5), clock(3725.25)
    ('0:05', '1:02.5', '1:02:05.2')
    """
    tenths = round(float(seconds) * 10)
    whole, tenth = divmod(tenths, 10)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
    return f"{text}.{tenth}" if tenth else text


def safe(value: str) -> str:
    """Text a spreadsheet would run as a formula, made plain text.

    >>> safe("=1+1"), safe("Аня")
    ("'=1+1", 'Аня')
    """
    if value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def cell_text(value: Cell, lang: str) -> str:
    """A cell as a CSV writes it: as the page shows it, text never a formula.

    >>> cell_text(0.5, "ru"), cell_text(3, "ru"), cell_text(None, "en"), cell_text("-x", "en")
    ('0,5', '3', '', "'-x")
    """
    text = cell_display(value, lang)
    return safe(text) if isinstance(value, str) else text


def cell_display(value: Cell, lang: str) -> str:
    """A cell as the results page shows it (a draw's half point ``0,5`` in Russian).

    >>> cell_display(2.0, "en"), cell_display(Duration(5), "ru"), cell_display("-x", "ru")
    ('2', '0:05', '-x')
    """
    if value is None:
        return ""
    if isinstance(value, Duration):
        return clock(value.seconds)
    if isinstance(value, float):
        text = str(int(value)) if value.is_integer() else str(value)
        return text.replace(".", ",") if lang == "ru" else text
    return str(value)


def csv_text(sheet: Sheet, lang: str) -> str:
    """The table as CSV the way the reader's Excel opens it (see the module's notes)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=SEPARATORS.get(lang, ","), lineterminator="\n")
    writer.writerow([safe(c) for c in sheet.columns])
    writer.writerows([cell_text(v, lang) for v in row] for row in sheet.rows)
    return BOM + out.getvalue()


def _title(text: str, taken: set[str]) -> str:
    """A sheet name Excel accepts (31 characters, none of ``[]:*?/\\``), not yet taken."""
    base = BAD_TITLE.sub(" ", text).strip()[:31] or "Sheet"
    title, n = base, 1
    while title.lower() in taken:
        n += 1
        title = f"{base[: 31 - len(str(n)) - 1]} {n}"
    taken.add(title.lower())
    return title


def _width(values: Iterable[Cell], header: str, lang: str) -> int:
    longest = max([len(header), *(len(cell_text(v, lang)) for v in values)])
    return max(MIN_WIDTH, min(MAX_WIDTH, longest + 2))


def xlsx_bytes(sheets: list[Sheet], lang: str) -> bytes:
    """The tables as one workbook, a sheet each, in order."""
    book = Workbook()
    for empty in list(book.worksheets):
        book.remove(empty)
    taken: set[str] = set()
    bold = Font(bold=True)
    for sheet in sheets:
        page = book.create_sheet(_title(sheet.title, taken))
        page.append(sheet.columns)
        for cell in page[1]:
            cell.font = bold
        for row in sheet.rows:
            page.append([_xlsx_value(v) for v in row])
        for index, header in enumerate(sheet.columns):
            column = [row[index] for row in sheet.rows]
            letter = get_column_letter(index + 1)
            page.column_dimensions[letter].width = _width(column, header, lang)
            _format_column(page, index, column)
        page.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _xlsx_value(value: Cell) -> str | int | float | None:
    if isinstance(value, Duration):
        return value.seconds / 86400
    return value


def _format_column(page: Worksheet, index: int, column: list[Cell]) -> None:
    """Times shown as times; text kept as text (never a formula)."""
    for number, value in enumerate(column, start=2):
        cell = page.cell(row=number, column=index + 1)
        if isinstance(value, Duration):
            cell.number_format = "[m]:ss.0"
        elif isinstance(value, str):
            cell.data_type = "s"
