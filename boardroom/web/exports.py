"""What the results page downloads and replays, built from a seat's own view (the one door).

Every function here reads what :meth:`rules.view` gives the asking seat — nothing from
the raw state — so a player's CSV holds only what that player may see, and the host's
holds everything.

>>> events = [{"type": "phase_changed", "phase": "exchange", "year": 1, "at": 1.0},
...           {"type": "trade", "stock": 3, "price": 11, "qty": 2, "at": 2.5,
...            "buyer": "p1", "seller": "p3"}]
>>> print(trades_csv(events, {"p1": "Anna", "p3": "Boris"}), end="")
at,year,stock,qty,price,buyer,seller
2.5,1,3,2,11,Anna,Boris
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from boardroom.draughts import pdn
from boardroom.games.exchange.ruleset import load_ruleset
from boardroom.games.exchange.setup import initial_board
from boardroom.kernel import Json

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
    "winner",
    "board_result",
    "moves_this_year",
)


def _name(names: Mapping[str, str], account: object) -> str:
    text = str(account) if account is not None else ""
    if text.startswith("firm:"):
        return f"firm {text[5:]}"
    return {"state": "State", "market": "market"}.get(text) or names.get(text, text)


def _years(events: Iterable[Json]) -> Iterable[tuple[int, Json]]:
    year = 0
    for event in events:
        if event.get("type") == "phase_changed":
            year = int(event.get("year", year))
        yield year, event


def _table(header: list[str], rows: Iterable[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def _safe(value: Any) -> Any:
    """A spreadsheet must not run a cell as a formula (``=``, ``+``, ``-``, ``@`` text)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def trades_csv(events: list[Json], names: Mapping[str, str]) -> str:
    """Every trade the seat sees; buyer and seller only where the seat may know them."""
    rows = []
    for year, event in _years(events):
        if event.get("type") != "trade":
            continue
        buyer = event.get("buyer") or (event.get("account") if event.get("side") == "buy" else "")
        seller = event.get("seller") or (
            event.get("account") if event.get("side") == "sell" else ""
        )
        rows.append(
            [
                round(float(event["at"]), 3),
                year,
                event["stock"],
                event["qty"],
                event["price"],
                _safe(_name(names, buyer)) if buyer else "",
                _safe(_name(names, seller)) if seller else "",
            ]
        )
    return _table(["at", "year", "stock", "qty", "price", "buyer", "seller"], rows)


def _movements(event: Json) -> list[tuple[str, str, str, int, str]]:
    """(from, to, asset, amount, note) of one event as the seat sees it."""
    kind = event.get("type")
    if kind == "trade":
        stock = str(event["stock"])
        buyer = event.get("buyer") or (event.get("account") if event.get("side") == "buy" else "?")
        seller = event.get("seller") or (
            event.get("account") if event.get("side") == "sell" else "?"
        )
        cash = int(event["price"]) * int(event["qty"])
        return [
            (str(buyer), str(seller), "cash", cash, f"buys {event['qty']} of {stock}"),
            (str(seller), str(buyer), f"stock {stock}", int(event["qty"]), "trade"),
        ]
    firm = f"firm:{event['firm']}" if "firm" in event else ""
    if kind == "capture_rewarded":
        return [(str(event.get("payer", "market")), firm, "cash", int(event["amount"]), "capture")]
    if kind in ("income_credited", "bonus_paid"):
        note = "income" if kind == "income_credited" else "board win bonus"
        return [("market", firm, "cash", int(event["amount"]), note)]
    if kind == "taxes_paid":
        return [(firm, "state", "cash", int(event["amount"]), "tax")]
    if kind == "salary_paid":
        return [("state", str(event["player"]), "cash", int(event["amount"]), "salary")]
    if kind == "dividend_paid":
        payments = event.get("payments") or {}
        return [(firm, str(h), "cash", int(a), "dividend") for h, a in sorted(payments.items())]
    if kind == "settled":
        moved = [
            ("market", f"firm:{n}", "cash", int(a), "pieces valued")
            for n, a in sorted((event.get("pieces") or {}).items())
        ]
        for n, paid in sorted((event.get("payments") or {}).items()):
            moved += [(f"firm:{n}", str(h), "cash", int(a), "settlement") for h, a in paid.items()]
        return moved
    return []


def ledger_csv(events: list[Json], names: Mapping[str, str]) -> str:
    """Every movement of money or shares the seat sees, in order."""
    rows = []
    for year, event in _years(events):
        for source, target, asset, amount, note in _movements(event):
            if amount:
                rows.append(
                    [
                        round(float(event["at"]), 3),
                        year,
                        event["type"],
                        _safe(_name(names, source)),
                        _safe(_name(names, target)),
                        asset,
                        amount,
                        note,
                    ]
                )
    return _table(["at", "year", "event", "from", "to", "asset", "amount", "note"], rows)


def exchange_pdn(view: Json, headers: Mapping[str, str] | None = None) -> str:
    """The board game of an exchange view as PDN (its placement as the FEN header)."""
    board = initial_board(load_ruleset(view["ruleset"]))
    for event in view.get("events", []):
        if event.get("type") == "moved":
            board.push_notation(str(event["move"]))
    result = view.get("board_result") or {}
    winner = result.get("winner") if isinstance(result, dict) else None
    outcome = {"white": "2-0", "black": "0-2"}.get(str(winner))
    tags = {
        "Event": "Boardroom: Exchange Draughts",
        "White": "Firms 1-4",
        "Black": "Firms 5-8",
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
    """A file the results page offers: its name (``{game_id}`` filled in), media type, and
    how it is made from the asking seat's view."""

    filename: str
    media_type: str
    make: Callable[[Json, str], str]
    """``make(view, game_id)``: the file's text."""


def _pdn(view: Json, game_id: str) -> str:
    return exchange_pdn(view, {"Round": game_id})


def _trades(view: Json, game_id: str) -> str:
    return trades_csv(view.get("events", []), view.get("players", {}))


def _ledger(view: Json, game_id: str) -> str:
    return ledger_csv(view.get("events", []), view.get("players", {}))


#: The downloads of each game kind, by the kind's name (``docs/game-kinds.md``).
DOWNLOADS: dict[str, dict[str, Download]] = {
    "exchange": {
        "pdn": Download("boardroom-{game_id}.pdn", "application/x-pdn", _pdn),
        "trades.csv": Download("trades-{game_id}.csv", "text/csv", _trades),
        "ledger.csv": Download("ledger-{game_id}.csv", "text/csv", _ledger),
    },
}


def register_downloads(game: str, downloads: dict[str, Download]) -> None:
    """Offer ``downloads`` on the results page of games of kind ``game``."""
    DOWNLOADS[game] = downloads
