"""One finished game summed up: a CSV row plus the series the plots need.

The lab reads the whole game after its end (the host's events and the published
results): this is the designer's view, not a robot's.

>>> from boardroom.lab.sim import LabConfig, play
>>> config = LabConfig(ruleset={"preset": "blitz", "years": 1}, roster=(("director", 8),))
>>> result = summarize(play(config, seed=2), config, index=0, seed=2)
>>> result.row["game"], result.row["years"], result.row["refusals"]
(0, 1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from statistics import fmean
from typing import Any, Final

from boardroom.games.exchange.ruleset import FIRMS, WHITE_FIRMS, color_of
from boardroom.kernel import Json
from boardroom.lab.loop import Simulation
from boardroom.lab.sim import LabConfig

Cell = str | int | float


@dataclass(frozen=True)
class GameResult:
    """A game's CSV row, each player's (kind, final wealth), the mean closing price of
    every session (the opening one first) and each year's mean dividend yield (%)."""

    row: dict[str, Cell]
    wealth: tuple[tuple[str, int], ...]
    closes: tuple[float, ...]
    closes_by_colour: tuple[tuple[float, ...], tuple[float, ...]]
    yields: tuple[float, ...]

    def __reduce__(self) -> tuple[type[GameResult], tuple[Any, ...]]:
        """Pickled by its fields (a worker process sends it back; compiled by mypyc, a
        frozen class cannot set them afterwards).

        >>> import pickle
        >>> result = GameResult({"game": 0}, (("noise", 200),), (10.0,), ((10.0,), (10.0,)), ())
        >>> pickle.loads(pickle.dumps(result)) == result
        True
        """
        fields = (self.row, self.wealth, self.closes, self.closes_by_colour, self.yields)
        return (GameResult, fields)


def _value(text: str) -> float:
    """A settlement value written as a fraction, as a float.

    >>> _value("1087/5")
    217.4
    """
    return float(Fraction(text))


def colour_result(board: Json, white: float, black: float) -> str:
    """Who won: the board's winner if it was decided, else the colour whose firms produced
    more for their holders (``white`` and ``black``: final values plus dividends paid).

    >>> colour_result({"winner": None, "reason": "undecided"}, 900.0, 850.5)
    'white'
    >>> colour_result({"winner": "black", "reason": "no_moves"}, 900.0, 850.5)
    'black'
    """
    if board.get("winner"):
        return str(board["winner"])
    if white == black:
        return "tie"
    return "white" if white > black else "black"


def dividends_by_firm(events: list[Json]) -> dict[int, int]:
    """What each firm paid its holders in dividends over the game.

    >>> dividends_by_firm([{"type": "dividend_paid", "firm": 2, "payments": {"p1": 3, "p2": 1}}])[2]
    4
    """
    paid = dict.fromkeys(FIRMS, 0)
    for event in events:
        if event["type"] == "dividend_paid":
            paid[event["firm"]] += sum(event["payments"].values())
    return paid


def state_shares(results: Json) -> int:
    """Shares the State still held at the end (from the reveal's final record).

    >>> state_shares({"reveal": [{"holdings": {"state": {"1": 5, "2": 3}}}]})
    8
    """
    final = results["reveal"][-1]["holdings"].get("state", {})
    return int(sum(final.values()))


_YEAR_AND_DIVIDENDS: Final = frozenset({"phase_changed", "dividend_paid"})


def _by_type(events: list[Json]) -> dict[str, list[Json]]:
    """The events of each type, in their order (one pass instead of one a figure)."""
    by_type: dict[str, list[Json]] = {}
    for event in events:
        kind = event["type"]
        same = by_type.get(kind)
        if same is None:
            by_type[kind] = [event]
        else:
            same.append(event)
    return by_type


def _closes(events: list[Json]) -> list[dict[int, int]]:
    return [
        {int(k): v for k, v in e["closes"].items()} for e in events if e["type"] == "session_closed"
    ]


def _yields(events: list[Json], closes: list[dict[int, int]]) -> list[float]:
    """Each year's mean dividend per share over the previous closing price, in %."""
    by_year: dict[int, list[float]] = {}
    year = 0
    for event in events:
        if event["type"] == "phase_changed" and event["phase"] == "board":
            year = event["year"]
        elif event["type"] == "dividend_paid" and 0 < year <= len(closes):
            price = closes[year - 1][event["firm"]]
            by_year.setdefault(year, []).append(100 * event["per_share"] / price)
    return [round(fmean(v), 4) for _, v in sorted(by_year.items())]


def privatization_ratio(events: list[Json], results: Json) -> float | None:
    """What the State's sales fetched over what the shares sold turned out to be worth to
    their buyers: the dividends a share was paid after the sale plus its final value a
    share. None when the State sold nothing.

    >>> events = [{"type": "trade", "seller": "state", "stock": 1, "qty": 5, "price": 10,
    ...            "at": 1.0},
    ...           {"type": "dividend_paid", "firm": 1, "per_share": 2, "at": 9.0}]
    >>> privatization_ratio(events, {"firms": [{"firm": 1, "per_share": "21/2"}]})
    0.8
    """
    end = {f["firm"]: Fraction(f["per_share"]) for f in results["firms"]}
    paid = [e for e in events if e["type"] == "dividend_paid" and e["per_share"]]
    sold = [e for e in events if e["type"] == "trade" and e["seller"] == "state"]
    worth = Fraction(0)
    for sale in sold:
        later = sum(
            d["per_share"] for d in paid if d["firm"] == sale["stock"] and d["at"] > sale["at"]
        )
        worth += sale["qty"] * (end[sale["stock"]] + later)
    if not worth:
        return None
    return round(float(sum(e["qty"] * e["price"] for e in sold) / worth), 4)


def market_health(
    trades: list[Json], by_type: dict[str, list[Json]], kinds: dict[str, str]
) -> dict[str, Cell]:
    """Private trades (the State's privatization left out), by kind of buyer and of seller
    (a firm's own account is ``firm``), the meetings called, and the years meetings were
    held (one call opens every firm's meeting).

    >>> trades = [{"buyer": "p1", "seller": "state"}, {"buyer": "p1", "seller": "p2"}]
    >>> health = market_health(trades, {"meeting_called": [{}]}, {"p1": "value", "p2": "raider"})
    >>> health["private_trades"], health["private_value_raider"], health["meetings_called"]
    (1, 1, 1)
    """
    private = [t for t in trades if t["seller"] != "state"]
    row: dict[str, Cell] = {
        "private_trades": len(private),
        "meetings_called": len(by_type.get("meeting_called", [])),
        "meetings_held": sum(
            1 for e in by_type.get("phase_changed", []) if e["phase"] == "meetings"
        ),
    }
    names = dict.fromkeys(kinds.values())
    for buyer in names:
        for seller in names:
            row[f"private_{buyer}_{seller}"] = 0
    for trade in private:
        key = f"private_{kinds.get(trade['buyer'], 'firm')}_{kinds.get(trade['seller'], 'firm')}"
        row[key] = int(row.get(key, 0)) + 1
    return row


def _kind_of_top(results: Json, kinds: dict[str, str]) -> str:
    tops = {kinds[p["player"]] for p in results["players"] if p["rank"] == 1}
    return tops.pop() if len(tops) == 1 else "tie"


def summarize(game: Simulation, config: LabConfig, *, index: int, seed: int) -> GameResult:
    """The row and series of one finished game."""
    state = game.state
    results = state.results or {}
    events = game.journal.events
    by_type = _by_type(events)
    kinds = config.kinds()
    values = {f["firm"]: _value(f["value"]) for f in results["firms"]}
    dividends_paid = by_type.get("dividend_paid", [])
    paid = dividends_by_firm(dividends_paid)
    worth = {f: values[f] + paid[f] for f in FIRMS}
    white = round(sum(v for f, v in worth.items() if f in WHITE_FIRMS), 2)
    black = round(sum(v for f, v in worth.items() if f not in WHITE_FIRMS), 2)
    closes = _closes(by_type.get("session_closed", []))
    yields = _yields([e for e in events if e["type"] in _YEAR_AND_DIVIDENDS], closes)
    changes = [e for e in by_type.get("meeting_closed", []) if e["director"] != e["previous"]]
    moved = by_type.get("moved", [])
    passes = by_type.get("passed", [])
    trades = by_type.get("trade", [])
    dividends = sum(paid.values())
    row: dict[str, Cell] = {
        "game": index,
        "ruleset": config.label,
        "seed": seed,
        "years": results["year"],
        "end": results["reason"],
        "board_winner": results["board"]["winner"] or "",
        "board_reason": results["board"]["reason"],
        "colour_winner": colour_result(results["board"], white, black),
        "worth_white": white,
        "worth_black": black,
        "plies": len(moved),
        "captures": sum(len(e["taken"]) for e in moved),
        "crowned": sum(1 for e in moved if e["crowned"]),
        "voluntary_passes": sum(1 for p in passes if not p["forced"]),
        "forced_passes": sum(1 for p in passes if p["forced"]),
        "timeouts": len(by_type.get("timed_out", [])),
        "trades": len(trades),
        "volume": sum(e["qty"] for e in trades),
        "turnover": sum(e["qty"] * e["price"] for e in trades),
        "meetings": sum(1 for e in by_type.get("phase_changed", []) if e["phase"] == "meetings"),
        "takeovers": len(changes),
        "raider_takeovers": sum(1 for e in changes if kinds.get(e["director"]) == "raider"),
        "dividends": dividends,
        "dividend_yield": round(fmean(yields), 4) if yields else 0.0,
        "minutes": round(events[-1]["at"] / 60, 2),
        "privatization_ratio": ratio
        if (ratio := privatization_ratio(dividends_paid + trades, results))
        else "",
        "state_cash": results["state"]["wealth"],
        "state_shares": state_shares(results),
        "top_kind": _kind_of_top(results, kinds),
        "refusals": len(game.refusals),
    }
    row.update(market_health(trades, by_type, kinds))
    books = game.market.shares()
    row["two_sided"] = round(fmean(books.values()), 4)
    for firm in FIRMS:
        row[f"two_sided_f{firm}"] = books[firm]
    for n, close in enumerate(closes):
        row[f"price_y{n}"] = round(fmean(close.values()), 4)
    for firm in FIRMS:
        row[f"worth_f{firm}"] = round(worth[firm], 2)
    wealth = tuple((kinds[p["player"]], int(p["wealth"])) for p in results["players"])
    for kind in dict.fromkeys(kinds.values()):
        row[f"wealth_{kind}"] = round(fmean(w for k, w in wealth if k == kind), 2)
    by_colour = tuple(
        tuple(round(fmean(v for f, v in c.items() if color_of(f) == colour), 4) for c in closes)
        for colour in ("white", "black")
    )
    return GameResult(
        row=row,
        wealth=wealth,
        closes=tuple(round(fmean(c.values()), 4) for c in closes),
        closes_by_colour=(by_colour[0], by_colour[1]),
        yields=tuple(yields),
    )
