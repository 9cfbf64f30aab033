"""The per-pupil report of an Exchange game, from one seat's view (pure: no clock, no I/O).

One row a player: the firms they direct at the end, their final wealth, the gain over their
starting worth and their place (from the published results; None before the end), the
trades their own account made, the meetings they called and won, and their takeovers.

* A **trade made**: a trade in which the player's own account bought or sold (a firm they
  direct trades for the firm, not for them).
* A meeting **called**: a ``meeting_called`` the player sent; **won**: the meeting of that
  firm that closed next elected the caller director.
* A **takeover**: a meeting that made the player director of a firm someone else directed.

Trades and meetings called are private: a row shows them only to the host and to the
player themselves (None elsewhere); takeovers, like every meeting's outcome, are public.

>>> view = {"viewer": "host", "players": {"p1": "Аня", "p2": "Борис"},
...     "firms": {"1": {"director": "p2"}, "2": {"director": "p2"}},
...     "results": {"players": [
...         {"player": "p2", "wealth": 340, "gain": 40, "rank": 1},
...         {"player": "p1", "wealth": 290, "gain": -10, "rank": 2}]},
...     "events": [
...         {"type": "trade", "buyer": "p1", "seller": "state"},
...         {"type": "meeting_called", "firm": 1, "by": "p2"},
...         {"type": "meeting_closed", "firm": 1, "previous": "p1", "director": "p2"}]}
>>> for r in pupil_report(view):
...     print(r.rank, r.name, r.firms, r.wealth, r.gain, r.trades, r.meetings_called,
...           r.meetings_won, r.takeovers)
1 Борис (1, 2) 340 40 0 1 1 1
2 Аня () 290 -10 1 0 0 0
>>> pupil_report(view | {"viewer": "p1"})[0].trades is None
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from boardroom.kernel import Json


@dataclass(frozen=True)
class PupilRow:
    """One player's line of the report (None: not known to this view, or not yet)."""

    player: str
    name: str
    firms: tuple[int, ...]
    wealth: int | None
    gain: int | None
    rank: int | None
    trades: int | None
    meetings_called: int | None
    meetings_won: int | None
    takeovers: int


@dataclass
class _Counts:
    trades: Counter[str]
    called: Counter[str]
    won: Counter[str]
    takeovers: Counter[str]


def _count(events: list[Json]) -> _Counts:
    counts = _Counts(Counter(), Counter(), Counter(), Counter())
    pending: dict[int, set[str]] = {}
    for event in events:
        kind = event.get("type")
        if kind == "trade":
            for party in {event.get("buyer"), event.get("seller"), event.get("account")}:
                if isinstance(party, str):
                    counts.trades[party] += 1
        elif kind == "meeting_called" and isinstance(event.get("by"), str):
            counts.called[event["by"]] += 1
            pending.setdefault(int(event["firm"]), set()).add(event["by"])
        elif kind == "meeting_closed":
            director, previous = event.get("director"), event.get("previous")
            if director in pending.pop(int(event["firm"]), set()):
                counts.won[str(director)] += 1
            if isinstance(director, str) and director != previous:
                counts.takeovers[director] += 1
    return counts


def pupil_report(view: Json) -> list[PupilRow]:
    """Every player's row, by place (then name); players without a place last."""
    players: dict[str, str] = view.get("players") or {}
    results = {r["player"]: r for r in ((view.get("results") or {}).get("players") or [])}
    counts = _count(view.get("events") or [])
    viewer = view.get("viewer")
    rows = []
    for player, name in players.items():
        known = viewer == "host" or viewer == player
        firms = sorted(
            int(n) for n, firm in (view.get("firms") or {}).items() if firm["director"] == player
        )
        result = results.get(player, {})
        rows.append(
            PupilRow(
                player=player,
                name=name,
                firms=tuple(firms),
                wealth=result.get("wealth"),
                gain=result.get("gain"),
                rank=result.get("rank"),
                trades=counts.trades[player] if known else None,
                meetings_called=counts.called[player] if known else None,
                meetings_won=counts.won[player] if known else None,
                takeovers=counts.takeovers[player],
            )
        )
    return sorted(rows, key=lambda r: (r.rank is None, r.rank or 0, r.name))
