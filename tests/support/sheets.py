"""Every download of a game kind made from a view, read back as a teacher's tools read it:
each ``.xlsx`` by openpyxl, each CSV as Russian Excel does (UTF-8 with a BOM, ``;``)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from openpyxl import load_workbook

import boardroom.web.quiz
import boardroom.web.russian
from boardroom.kernel import Json
from boardroom.web.exports import DOWNLOADS

KINDS = (boardroom.web.quiz.GAME, boardroom.web.russian.GAME)
"""Imported for their downloads (``boardroom.web.app`` imports them in the server)."""


@dataclass
class Opened:
    """The kind's tables as read back: the xlsx's sheets, and each CSV, by name."""

    sheets: dict[str, list[list[Any]]] = field(default_factory=dict)
    csvs: dict[str, list[list[str]]] = field(default_factory=dict)
    pdn: str = ""


def open_downloads(game: str, view: Json, lang: str = "ru") -> Opened:
    """Make every download of ``game`` from ``view`` in ``lang`` and read each back."""
    opened = Opened()
    for name, made in DOWNLOADS[game].items():
        data = made.make(view, "g1", lang)
        if name == "xlsx":
            assert isinstance(data, bytes)
            book = load_workbook(io.BytesIO(data))
            for sheet in book.worksheets:
                assert sheet.freeze_panes == "A2", sheet.title
                for letter, dimension in sheet.column_dimensions.items():
                    assert dimension.width and dimension.width >= 6, (sheet.title, letter)
                opened.sheets[sheet.title] = [
                    list(row) for row in sheet.iter_rows(values_only=True)
                ]
        elif name.endswith(".csv"):
            assert isinstance(data, str)
            raw = data.encode("utf-8")
            assert raw.startswith(b"\xef\xbb\xbf"), name
            text = raw.decode("utf-8-sig")
            separator = ";" if lang == "ru" else ","
            opened.csvs[name] = list(csv.reader(io.StringIO(text), delimiter=separator))
        else:
            assert isinstance(data, str)
            opened.pdn = data
    return opened
