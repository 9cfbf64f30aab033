"""The debrief («Разбор игры») after the end: what happened, for the teacher to project.

From the game's whole log and its results (both public once the game is over):

- ``prices``: each firm's price at the start and at every session's close, with ``markers``
  for the dividends paid, the takeovers (a meeting that replaced the director) and the other
  meetings called;
- ``directors``: who directed each firm, year by year (the reveal's records);
- ``wealth``: each player's worth at the start and at each year end (cash plus shares at the
  last close), and their final wealth after the settlement;
- ``moments``: three things worth a question to the class — the largest price move, the
  takeovers, and the richest player's largest trade (its other side is not named: who
  traded with whom stays each side's own, as in the trades download).

Pure: no clock, no randomness; the same log gives the same debrief.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardroom.kernel import Json


@dataclass
class _Walk:
    """What a walk through the log gathers."""

    labels: list[Json] = field(default_factory=list)
    closes: list[dict[str, int]] = field(default_factory=list)
    markers: list[Json] = field(default_factory=list)
    year_prices: dict[int, dict[str, int]] = field(default_factory=dict)
    trades: list[Json] = field(default_factory=list)


def _walk(log: list[Json], nominal: int) -> _Walk:
    walk = _Walk(labels=[{"year": 0, "start": True}])
    current: dict[str, int] = {str(f): nominal for f in range(1, 9)}
    walk.closes.append(dict(current))
    walk.year_prices[0] = dict(current)
    year = 0
    called: set[int] = set()
    for e in log:
        kind = e["type"]
        if kind == "phase_changed":
            year = int(e["year"])
        elif kind == "session_closed":
            current = {**current, **{k: int(v) for k, v in e["closes"].items()}}
            walk.labels.append({"year": int(e["year"])})
            walk.closes.append(dict(current))
        elif kind == "year_closed":
            walk.year_prices[int(e["year"])] = dict(current)
        elif kind == "dividend_paid" and e["per_share"] > 0:
            walk.markers.append(
                {"kind": "dividend", "firm": e["firm"], "year": year, "per_share": e["per_share"]}
            )
        elif kind == "meeting_called":
            called.add(int(e["firm"]))
        elif kind == "meeting_closed":
            _meeting_marker(walk, e, year, called)
        elif kind == "trade":
            walk.trades.append({**e, "year": year})
    return walk


def _meeting_marker(walk: _Walk, e: Json, year: int, called: set[int]) -> None:
    firm = int(e["firm"])
    if e["director"] != e["previous"]:
        walk.markers.append(
            {
                "kind": "takeover",
                "firm": firm,
                "year": year,
                "director": e["director"],
                "previous": e["previous"],
            }
        )
    elif firm in called:
        walk.markers.append({"kind": "meeting", "firm": firm, "year": year})
    called.discard(firm)


def _worth(record: Json, player: str, prices: dict[str, int]) -> int:
    held: dict[str, int] = record.get("holdings", {}).get(player, {})
    cash = int(record.get("cash", {}).get(player, 0))
    return cash + sum(int(n) * prices.get(stock, 0) for stock, n in held.items())


def _wealth(results: Json, walk: _Walk) -> Json:
    players = [p["player"] for p in results["players"]]
    labels: list[Json] = []
    series: dict[str, list[int]] = {p: [] for p in players}
    for record in results["reveal"]:
        if record.get("final"):
            continue
        prices = walk.year_prices.get(int(record["year"]), walk.closes[-1])
        labels.append({"year": record["year"]} | ({"start": True} if not record["year"] else {}))
        for p in players:
            series[p].append(_worth(record, p, prices))
    labels.append({"year": results["year"], "final": True})
    for row in results["players"]:
        series[row["player"]].append(int(row["wealth"]))
    return {"labels": labels, "players": series}


def _price_move(walk: _Walk) -> Json | None:
    best: Json | None = None
    for i in range(1, len(walk.closes)):
        for firm in range(1, 9):
            before, after = walk.closes[i - 1][str(firm)], walk.closes[i][str(firm)]
            if before == after or (best and abs(after - before) <= abs(best["to"] - best["from"])):
                continue
            best = {"kind": "price_move", "firm": firm, "point": i, "from": before, "to": after}
    if best is None:
        return None
    year = walk.labels[best["point"]]["year"]
    why = [m for m in walk.markers if m["firm"] == best["firm"] and m["year"] in (year, year - 1)]
    return {**best, "year": year, "why": why}


def _key_trade(results: Json, walk: _Walk) -> Json:
    richest = results["players"][0]["player"] if results["players"] else None
    mine = [t for t in walk.trades if richest in (t.get("buyer"), t.get("seller"))]
    if not mine:
        return {"kind": "key_trade", "player": richest, "trade": None}
    top = max(mine, key=lambda t: (t["qty"] * t["price"], -walk.trades.index(t)))
    trade = {
        "side": "buy" if top.get("buyer") == richest else "sell",
        "stock": top["stock"],
        "qty": top["qty"],
        "price": top["price"],
        "year": top["year"],
    }
    return {"kind": "key_trade", "player": richest, "trade": trade}


def debrief(log: list[Json], results: Json, nominal: int) -> Json:
    """The debrief of an ended game from its log and results (see the module's doc)."""
    walk = _walk(log, nominal)
    takeovers = [m for m in walk.markers if m["kind"] == "takeover"]
    moments = [
        _price_move(walk) or {"kind": "price_move", "firm": None},
        {"kind": "takeovers", "count": len(takeovers), "list": takeovers},
        _key_trade(results, walk),
    ]
    return {
        "prices": {
            "labels": walk.labels,
            "firms": {str(f): [c[str(f)] for c in walk.closes] for f in range(1, 9)},
        },
        "markers": walk.markers,
        "directors": [
            {"year": r["year"], "final": bool(r.get("final")), "directors": r["directors"]}
            for r in results["reveal"]
        ],
        "wealth": _wealth(results, walk),
        "moments": moments,
    }
