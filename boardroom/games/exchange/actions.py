"""What a seat may send now, with its options — read from the seat's own view.

The pages render these and infer nothing. Made from the view alone (never from the
state), so an action list shows a seat nothing its view does not: two games that
differ only in another seat's secret give this seat the same view, hence the same
actions. Each key is a command ``type``; a command not listed would be refused now.

>>> view = {"phase": "board", "started": True, "paused": False, "opening": False,
...         "on_call": {"firm": 3, "must_move": False}, "legal_moves": ["e3-f4"],
...         "move_not_before": 2.0, "firms": {"3": {"director": "p1"}},
...         "accounts": {"p1": {"holdings": {}}}, "meetings": {"candidates": {}},
...         "ruleset": {"meeting_call_min_shares": 3}}
>>> actions(view, "p1")
{'move': {'firm': 3, 'moves': ['e3-f4'], 'not_before': 2.0}, 'pass': {'firm': 3}}
>>> actions(view | {"legal_moves": ["e3:g5"]}, "p1")
{'move': {'firm': 3, 'moves': ['e3:g5'], 'not_before': 2.0}}
>>> sorted(actions(view | {"legal_moves": []}, "host"))
['end_game', 'end_phase', 'extend', 'pause']
>>> actions(view | {"waiting_for_host": {"next": "dividends"}}, "p1")  # only the host acts
{}
"""

from __future__ import annotations

from boardroom.games.exchange.ledger import STATE
from boardroom.games.exchange.refusals import HOST
from boardroom.kernel import Json

PROJECTOR = "projector"
ENDABLE = frozenset({"board", "exchange", "meeting_calls", "meetings"})
"""The phases the host may end early (the others pass by themselves)."""


def history_key(view: Json) -> tuple[tuple[str, ...], tuple[object, ...]]:
    """A seat's past events read by the accounts it acts for and the firms it holds (the
    projection's ``Seat``): its view's ``accounts`` and ``meetings.shareholder_of`` —
    read from the view, as the actions are (the server's ``Frames``: while it stays the
    same, the events a client holds are still the ones a whole view shows).

    >>> history_key({"accounts": {"p2": {}, "f3": {}}, "meetings": {"shareholder_of": [3]}})
    (('f3', 'p2'), (3,))
    >>> history_key({})
    ((), ())
    """
    meetings = view.get("meetings") or {}
    accounts: list[str] = sorted(view.get("accounts") or ())
    return tuple(accounts), tuple(meetings.get("shareholder_of") or ())


def actions(view: Json, role: str) -> Json:
    """The commands ``role`` may send now, each with what it may choose."""
    if role == PROJECTOR or view.get("phase") == "ended":
        return {}
    out: Json = _host(view) if role == HOST else {}
    if not view.get("started") or view.get("paused") or view.get("waiting_for_host"):
        return out  # while the game waits for the host, every command of a phase is refused
    out |= _board(view, role)
    out |= _market(view, role)
    out |= _meetings(view, role)
    return out


def _host(view: Json) -> Json:
    if not view.get("started"):
        return {"start": {}}
    out: Json = {"pause": {}} if not view.get("paused") else {"resume": {}}
    waiting = view.get("waiting_for_host")
    if waiting:
        return out | {"continue": {"next": waiting["next"]}, "end_game": {}}
    if view.get("phase") in ENDABLE:
        out["end_phase"] = {"phase": view["phase"]}
    return out | {"extend": {}, "end_game": {}}


def _acts_for_firm(view: Json, role: str, firm: int) -> bool:
    director = (view.get("firms") or {}).get(str(firm), {}).get("director")
    return director == role or (director is None and role == HOST)


def _board(view: Json, role: str) -> Json:
    call = view.get("on_call")
    moves: list[str] = view.get("legal_moves") or []
    if not call or not moves or not _acts_for_firm(view, role, call["firm"]):
        return {}
    firm = call["firm"]
    out: Json = {"move": {"firm": firm, "moves": moves, "not_before": view.get("move_not_before")}}
    if not call.get("must_move") and not all(":" in move for move in moves):
        out["pass"] = {"firm": firm}
    return out


def _my_accounts(view: Json, role: str) -> list[str]:
    """The accounts the seat acts for (the host: the State and the firms without a director)."""
    if role != HOST:
        return sorted(view.get("accounts") or {})
    firms = view.get("firms") or {}
    return [STATE, *(f"firm:{n}" for n, f in firms.items() if f.get("director") is None)]


def _market(view: Json, role: str) -> Json:
    if view.get("phase") != "exchange":
        return {}
    accounts = _my_accounts(view, role)
    if not accounts:
        return {}
    mine = (view.get("accounts") or {}).items()
    orders = [o["order"] for acc, a in mine if acc in accounts for o in a.get("orders", [])]
    out: Json = {"order": {"accounts": accounts}}
    return out | ({"cancel": {"orders": orders}} if orders else {})


def _shares(view: Json, role: str) -> dict[int, int]:
    """The most shares of each firm one of the seat's accounts holds."""
    best: dict[int, int] = {}
    for account in _my_accounts(view, role):
        holdings = ((view.get("accounts") or {}).get(account) or {}).get("holdings") or {}
        for stock, qty in holdings.items():
            best[int(stock)] = max(best.get(int(stock), 0), int(qty))
    return best


def _meetings(view: Json, role: str) -> Json:
    phase = view.get("phase")
    held = {firm: qty for firm, qty in _shares(view, role).items() if qty > 0}
    if phase == "meetings":
        meeting = (view.get("meetings") or {}).get("candidates") or {}
        firms = sorted(firm for firm in held if str(firm) in meeting)
        return {"nominate": {"firms": firms}, "vote": {"firms": firms}} if firms else {}
    calling = (phase == "exchange" and not view.get("opening")) or phase == "meeting_calls"
    minimum = (view.get("ruleset") or {}).get("meeting_call_min_shares", 1)
    firms = sorted(firm for firm, qty in held.items() if qty >= minimum)
    return {"call_meeting": {"firms": firms}} if calling and firms else {}
