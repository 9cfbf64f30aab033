"""Who may act for what, and the shared refusals (stable codes, plain sentences)."""

from __future__ import annotations

import math

from boardroom.games.exchange.ledger import MARKET, STATE, account_firm
from boardroom.games.exchange.ruleset import FIRMS
from boardroom.games.exchange.state import ExchangeState
from boardroom.kernel import Json, Refused

HOST = "host"


def require_phase(state: ExchangeState, *phases: str) -> None:
    """Refuse unless the game is in one of ``phases`` (not paused, not waiting for the host)."""
    if state.waiting is not None:
        raise Refused(
            "waiting_for_host",
            f"The game waits for the host to continue to the {state.waiting} phase.",
            next=state.waiting,
        )
    if state.phase not in phases:
        wanted = " or ".join(phases)
        raise Refused(
            "wrong_phase",
            f"That can be done only in the {wanted} phase; now: {state.phase}.",
            wanted=list(phases),
            phase=state.phase,
        )
    if state.paused_at is not None:
        raise Refused("paused", "The game is paused; wait for the host to resume it.")


def require_host(command: Json) -> None:
    if command.get("by") != HOST:
        raise Refused(
            "host_only", f"Only the host may {command.get('type')}.", action=command.get("type")
        )


def firm_field(command: Json, name: str = "firm") -> int:
    """The firm number a command names (1–8)."""
    value = command.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value not in FIRMS:
        raise Refused(
            "unknown_firm",
            f"{name!r} must be a firm number 1-8, not {value!r}.",
            field=name,
            value=repr(value),
        )
    return value


def may_act_for_firm(state: ExchangeState, by: object, firm: int) -> bool:
    """The director acts for a firm; the host does for a firm that has none."""
    director = state.firms[firm].director
    return by == director or (director is None and by == HOST)


def require_firm(state: ExchangeState, by: object, firm: int) -> None:
    if not may_act_for_firm(state, by, firm):
        director = state.firms[firm].director or HOST
        raise Refused(
            "not_your_firm",
            f"Only firm {firm}'s director ({director}) acts for it.",
            firm=firm,
            director=director,
        )


def may_act_for(state: ExchangeState, by: object, account: str) -> bool:
    """Does seat ``by`` act for ``account`` (its own, a firm it directs, the State)?"""
    if account == STATE:
        return by == HOST
    firm = account_firm(account)
    if firm is not None:
        return firm in FIRMS and may_act_for_firm(state, by, firm)
    return account == by and account in state.players


def accounts_of(state: ExchangeState, by: object) -> list[str]:
    """Every account seat ``by`` acts for, its own first."""
    accounts = [by] if isinstance(by, str) and by in state.players else []
    host = by == HOST
    for n in FIRMS:  # may_act_for_firm, inline: every view asks this for its viewer
        director = state.firms[n].director
        if by == director or (director is None and host):
            accounts.append(f"firm:{n}")
    if host:
        accounts.append(STATE)
    return accounts


def require_account(state: ExchangeState, by: object, account: object) -> str:
    """The account a command names, checked to exist and to be ``by``'s to use."""
    if not isinstance(account, str) or account == MARKET or not _exists(state, account):
        raise Refused(
            "unknown_account",
            f"There is no account {account!r} one can act for.",
            account=repr(account),
        )
    if not may_act_for(state, by, account):
        raise Refused(
            "not_your_account", f"{by} does not act for {account}.", by=by, account=account
        )
    return account


def _exists(state: ExchangeState, account: str) -> bool:
    firm = account_firm(account)
    return account == STATE or account in state.players or (firm is not None and firm in FIRMS)


def wait_seconds(until: float, now: float) -> int:
    """Whole seconds left to wait, rounded up.

    >>> wait_seconds(30.0, 12.5)
    18
    """
    return max(1, math.ceil(until - now))
