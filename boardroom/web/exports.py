"""What the results page downloads and replays, built from a seat's own view (the one door).

Every function here reads what :meth:`rules.view` gives the asking seat — nothing from
the raw state — so a player's CSV holds only what that player may see, and the host's
holds everything. The words are in the asked language (the exchange core's catalogue):
names of people, firms and the State, counted shares, times as minutes and seconds.
Every table is offered as a CSV and as a sheet of the kind's ``.xlsx`` (:mod:`.sheets`).

>>> events = [{"type": "phase_changed", "phase": "exchange", "year": 1, "at": 1.0},
...           {"type": "trade", "stock": 3, "price": 11, "qty": 2, "at": 62.5,
...            "buyer": "p1", "seller": "state"}]
>>> text = trades_csv(events, {"p1": "Аня"}, "ru")
>>> text[0] == "\\ufeff"
True
>>> print(text[1:], end="")
время;год;акция;количество;цена;покупатель;продавец
1:02.5;1;Фирма 3;2;11;Аня;Государство
>>> print(ledger_csv(events, {"p1": "Anna"}, "en")[1:], end="")
time,year,event,from,to,asset,amount,note
1:02.5,1,trade,Anna,The State,cash,22,buys 2 shares of firm 3
1:02.5,1,trade,The State,Anna,shares of firm 3,2,trade
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import quote

from boardroom.draughts import pdn
from boardroom.games.exchange.report import pupil_report
from boardroom.games.exchange.ruleset import load_ruleset
from boardroom.games.exchange.setup import initial_board
from boardroom.games.exchange.views import dividends_paid
from boardroom.i18n import catalogue_for, format_message
from boardroom.kernel import Json
from boardroom.web import sheet_words
from boardroom.web.sheets import (
    XLSX_TYPE,
    Cell,
    Duration,
    Sheet,
    cell_display,
    csv_text,
    xlsx_bytes,
)
from boardroom.web.sheets import clock as clock

#: What a replay frame keeps of a view (the rest is the log and the private panels).
FRAME_KEYS = (
    "phase",
    "year",
    "position",
    "on_call",
    "prices",
    "firms",
    "players",
    "teams",
    "to_move",
    "duel",
    "last_judgement",
    "winner",
    "board_result",
    "moves_this_year",
)


class _Words:
    """The exchange core's words in one language, with the game's names."""

    def __init__(self, lang: str, names: Mapping[str, str]) -> None:
        self.lang = lang
        self.names = names
        self.catalogue = catalogue_for("exchange")

    def __call__(self, key: str, **params: Any) -> str:
        template = self.catalogue.get(self.lang, key)
        assert template is not None, f"no {self.lang} word {key!r}"
        return format_message(template, params, self.lang, self.catalogue, self.names)

    def account(self, account: object) -> str:
        """A person, a firm or the State, as a cell starts: «Аня», «Фирма 3», «Государство»."""
        text = format_message("{who}", {"who": str(account)}, self.lang, self.catalogue, self.names)
        return text[:1].upper() + text[1:]

    def firm(self, number: object) -> str:
        return self.account(f"firm:{number}")

    def event(self, kind: object) -> str:
        return self(f"term.event.{kind}")

    def columns(self, *keys: str) -> list[str]:
        return [self(f"export.col.{key}") for key in keys]


def attachment(filename: str) -> str:
    """A ``Content-Disposition`` for a file named in any alphabet: the name itself (RFC 6266's
    ``filename*``, which the pages' download takes) and a plain-ASCII one for old clients.

    >>> print(attachment("7Б-K7P2-2026-12-06.csv").replace("; ", ";\\n"))
    attachment;
    filename="7_-K7P2-2026-12-06.csv";
    filename*=UTF-8''7%D0%91-K7P2-2026-12-06.csv
    """
    plain = "".join(c if " " <= c <= "~" and c not in '"\\' else "_" for c in filename)
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"


def _years(events: Iterable[Json]) -> Iterable[tuple[int, Json]]:
    year = 0
    for event in events:
        if event.get("type") == "phase_changed":
            year = int(event.get("year", year))
        yield year, event


def trades_sheet(events: list[Json], names: Mapping[str, str], lang: str = "ru") -> Sheet:
    """Every trade the seat sees; buyer and seller only where the seat may know them."""
    words = _Words(lang, names)
    rows: list[list[Cell]] = []
    for year, event in _years(events):
        if event.get("type") != "trade":
            continue
        buyer = event.get("buyer") or (event.get("account") if event.get("side") == "buy" else "")
        seller = event.get("seller") or (
            event.get("account") if event.get("side") == "sell" else ""
        )
        rows.append(
            [
                Duration(float(event["at"])),
                year,
                words.firm(event["stock"]),
                event["qty"],
                event["price"],
                words.account(buyer) if buyer else "",
                words.account(seller) if seller else "",
            ]
        )
    columns = words.columns("at", "year", "stock", "qty", "price", "buyer", "seller")
    return Sheet(sheet_words.word("sheet.trades", lang), columns, rows)


def trades_csv(events: list[Json], names: Mapping[str, str], lang: str = "ru") -> str:
    return csv_text(trades_sheet(events, names, lang), lang)


def _movements(event: Json, words: _Words) -> list[tuple[str, str, str, int, str]]:
    """(from, to, asset, amount, note) of one event as the seat sees it."""
    kind = event.get("type")
    cash = words("export.asset.cash")
    if kind == "trade":
        stock = str(event["stock"])
        buyer = event.get("buyer") or (event.get("account") if event.get("side") == "buy" else "?")
        seller = event.get("seller") or (
            event.get("account") if event.get("side") == "sell" else "?"
        )
        paid = int(event["price"]) * int(event["qty"])
        buys = words("export.note.buys", qty=int(event["qty"]), stock=int(stock))
        shares = words("export.asset.stock", stock=int(stock))
        return [
            (str(buyer), str(seller), cash, paid, buys),
            (str(seller), str(buyer), shares, int(event["qty"]), words("export.note.trade")),
        ]
    firm = f"firm:{event['firm']}" if "firm" in event else ""
    if kind == "capture_rewarded":
        return [
            (
                str(event.get("payer", "market")),
                firm,
                cash,
                int(event["amount"]),
                words("export.note.capture"),
            )
        ]
    if kind in ("income_credited", "bonus_paid"):
        note = words("export.note.income" if kind == "income_credited" else "export.note.bonus")
        return [("market", firm, cash, int(event["amount"]), note)]
    if kind == "taxes_paid":
        return [(firm, "state", cash, int(event["amount"]), words("export.note.tax"))]
    if kind == "salary_paid":
        return [
            ("state", str(event["player"]), cash, int(event["amount"]), words("export.note.salary"))
        ]
    if kind == "dividend_paid":
        payments = event.get("payments") or {}
        note = words("export.note.dividend")
        return [(firm, str(h), cash, int(a), note) for h, a in sorted(payments.items())]
    if kind == "settled":
        moved = [
            ("market", f"firm:{n}", cash, int(a), words("export.note.pieces"))
            for n, a in sorted((event.get("pieces") or {}).items())
        ]
        for n, paid in sorted((event.get("payments") or {}).items()):
            note = words("export.note.settlement")
            moved += [(f"firm:{n}", str(h), cash, int(a), note) for h, a in paid.items()]
        return moved
    return []


def ledger_sheet(events: list[Json], names: Mapping[str, str], lang: str = "ru") -> Sheet:
    """Every movement of money or shares the seat sees, in order."""
    words = _Words(lang, names)
    rows: list[list[Cell]] = []
    for year, event in _years(events):
        for source, target, asset, amount, note in _movements(event, words):
            if amount:
                rows.append(
                    [
                        Duration(float(event["at"])),
                        year,
                        words.event(event["type"]),
                        words.account(source),
                        words.account(target),
                        asset,
                        amount,
                        note,
                    ]
                )
    columns = words.columns("at", "year", "event", "from", "to", "asset", "amount", "note")
    return Sheet(sheet_words.word("sheet.ledger", lang), columns, rows)


def ledger_csv(events: list[Json], names: Mapping[str, str], lang: str = "ru") -> str:
    return csv_text(ledger_sheet(events, names, lang), lang)


def years_sheet(events: list[Json], lang: str = "ru") -> Sheet:
    """Year by year, firm by firm: earnings, tax, the dividends declared (D), paid a share
    (⌊D/S⌋) and paid in all (the ledger's sum), and the session's closing price (all public)."""
    words = _Words(lang, {})
    rows: dict[tuple[int, int], list[Cell]] = {}

    def row(year: int, firm: int) -> list[Cell]:
        blank: list[Cell] = [None] * 6
        return rows.setdefault((year, firm), [year, words.firm(firm), *blank])

    for year, event in _years(events):
        if event.get("type") == "dividend_paid":
            figures = [event.get(k) for k in ("earnings", "tax", "dividend", "per_share")]
            row(year, int(event["firm"]))[2:7] = [*figures, dividends_paid(event)]
        elif event.get("type") == "session_closed":
            for firm, price in (event.get("closes") or {}).items():
                row(int(event.get("year", year)), int(firm))[7] = price
    keys = ("year", "firm", "earnings", "tax", "dividend", "per_share", "paid", "close")
    columns = [words("export.col.year"), *sheet_words.columns(lang, *keys[1:])]
    return Sheet(sheet_words.word("sheet.years", lang), columns, [rows[k] for k in sorted(rows)])


def pupils_sheet(view: Json, lang: str = "ru") -> Sheet:
    """The per-pupil report (:mod:`boardroom.games.exchange.report`) as the seat sees it, a
    robot's name marked (``view["robots"]``: the roles robots play, added by the route)."""
    robots = set(view.get("robots") or ())
    keys = ("rank", "name", "firms", "wealth", "gain", "trades")
    columns = sheet_words.columns(lang, *keys, "meetings_called", "meetings_won", "takeovers")
    rows: list[list[Cell]] = [
        [
            row.rank,
            sheet_words.marked(row.name, row.player in robots, lang),
            ", ".join(map(str, row.firms)),
            row.wealth,
            row.gain,
            row.trades,
            row.meetings_called,
            row.meetings_won,
            row.takeovers,
        ]
        for row in pupil_report(view)
    ]
    return Sheet(sheet_words.word("sheet.pupils", lang), columns, rows)


def exchange_pdn(view: Json, headers: Mapping[str, str] | None = None, lang: str = "ru") -> str:
    """The board game of an exchange view as PDN (its placement as the FEN header)."""
    words = _Words(lang, {})
    board = initial_board(load_ruleset(view["ruleset"]))
    for event in view.get("events", []):
        if event.get("type") == "moved":
            board.push_notation(str(event["move"]))
    result = view.get("board_result") or {}
    winner = result.get("winner") if isinstance(result, dict) else None
    outcome = {"white": "2-0", "black": "0-2"}.get(str(winner))
    tags = {
        "Event": words("export.pdn.event"),
        "White": words("export.pdn.white"),
        "Black": words("export.pdn.black"),
        **(headers or {}),
    }
    if outcome is None and view.get("phase") == "ended":
        outcome = "*"
    return pdn.write(board, tags, outcome)


def frame_of(view: Json, version: int, at: float, event: Json) -> Json:
    """One replay frame: the public picture of ``view`` and what just happened."""
    frame: Json = {k: view[k] for k in FRAME_KEYS if k in view}
    shown = {
        k: v
        for k, v in event.items()
        if k in ("type", "move", "firm", "stock", "price", "qty", "phase", "year")
        or k in ("director", "previous", "payout", "team", "member", "square", "winner")
        or k in ("correct", "reason", "jump")
    }
    return {"version": version, "at": round(at, 3), "event": shown, "view": frame}


def encode(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Download:
    """A file the results page offers: its name (``{stem}`` filled in: the game's title or
    kind, its code and day, :meth:`GameRecord.file_stem`; ``{game_id}`` too), media type, and
    how it is made from the asking seat's view, in the asked language."""

    filename: str
    media_type: str
    make: Callable[[Json, str, str], str | bytes]
    """``make(view, game_id, lang)``: the file's text (or bytes: a spreadsheet)."""


def _pdn(view: Json, game_id: str, lang: str) -> str:
    return exchange_pdn(view, None, lang)  # no Round: the game is no round of an event


def _trades(view: Json, game_id: str, lang: str) -> str:
    return trades_csv(view.get("events", []), view.get("players", {}), lang)


def _ledger(view: Json, game_id: str, lang: str) -> str:
    return ledger_csv(view.get("events", []), view.get("players", {}), lang)


def _exchange_tables(view: Json, lang: str) -> list[Sheet]:
    events, names = view.get("events", []), view.get("players", {})
    return [
        trades_sheet(events, names, lang),
        ledger_sheet(events, names, lang),
        years_sheet(events, lang),
    ]


@dataclass(frozen=True)
class Tables:
    """A kind's tables: its per-pupil report, and the others (made only for the xlsx)."""

    report: Callable[[Json, str], Sheet]
    """``report(view, lang)``: the per-pupil report, the xlsx's first sheet."""
    others: Callable[[Json, str], list[Sheet]]

    def all(self, view: Json, lang: str) -> list[Sheet]:
        return [self.report(view, lang), *self.others(view, lang)]


def spreadsheet_downloads(tables: Tables) -> dict[str, Download]:
    """The per-pupil report as a CSV, and every table of the kind as one ``.xlsx``."""

    def pupils(view: Json, game_id: str, lang: str) -> str:
        return csv_text(tables.report(view, lang), lang)

    def workbook(view: Json, game_id: str, lang: str) -> bytes:
        return xlsx_bytes(tables.all(view, lang), lang)

    return {
        "pupils.csv": Download("{stem}-pupils.csv", "text/csv", pupils),
        "xlsx": Download("{stem}.xlsx", XLSX_TYPE, workbook),
    }


EXCHANGE_TABLES: Final = Tables(pupils_sheet, _exchange_tables)

#: The downloads of each game kind, by the kind's name (``docs/game-kinds.md``).
DOWNLOADS: dict[str, dict[str, Download]] = {
    "exchange": {
        "pdn": Download("{stem}.pdn", "application/x-pdn", _pdn),
        "trades.csv": Download("{stem}-trades.csv", "text/csv", _trades),
        "ledger.csv": Download("{stem}-ledger.csv", "text/csv", _ledger),
        **spreadsheet_downloads(EXCHANGE_TABLES),
    },
}

#: The tables of each game kind, for the results page's per-pupil report.
TABLES: dict[str, Tables] = {"exchange": EXCHANGE_TABLES}


def register_downloads(
    game: str, downloads: dict[str, Download], tables: Tables | None = None
) -> None:
    """Offer ``downloads`` on the results page of games of kind ``game``; with ``tables``,
    its per-pupil report (shown, and as a CSV) and an xlsx of every table too."""
    DOWNLOADS[game] = downloads
    if tables is not None:
        DOWNLOADS[game] |= spreadsheet_downloads(tables)
        TABLES[game] = tables


def report_json(view: Json, game: str, lang: str) -> Json:
    """The per-pupil report of a view for the results page: headers and cells as text,
    and which columns are numbers (none for a kind without one)."""
    tables = TABLES.get(game)
    if tables is None:
        return {"title": "", "columns": [], "rows": [], "numeric": []}
    sheet = tables.report(view, lang)
    numeric = [
        all(isinstance(row[i], int | float | type(None)) for row in sheet.rows)
        for i in range(len(sheet.columns))
    ]
    rows = [[cell_display(v, lang) for v in row] for row in sheet.rows]
    return {"title": sheet.title, "columns": sheet.columns, "rows": rows, "numeric": numeric}
