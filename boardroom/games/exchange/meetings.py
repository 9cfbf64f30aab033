"""Shareholders' meetings (§7): share-weighted votes for a director and a payout.

Director: the candidate with most votes; a tie (or no vote) keeps the incumbent.
Payout: the share-weighted median of the proposals (the lower median on an
even split); no proposal keeps the payout as it was. A holder of more than half
the votes cast therefore decides alone.

>>> ballots = [Ballot("p1", 11, "p1", 80), Ballot("p2", 9, "p2", 20)]
>>> elect("p2", ballots), weighted_median(50, ballots)
('p1', 80)
>>> elect("p2", [Ballot("p1", 5, "p1", 0), Ballot("p3", 5, "p3", 0)])
'p2'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from boardroom.games.exchange.draft import Draft
from boardroom.games.exchange.ledger import STATE, account_firm
from boardroom.games.exchange.refusals import (
    HOST,
    accounts_of,
    firm_field,
    require_account,
    require_phase,
)
from boardroom.games.exchange.schema import whole
from boardroom.games.exchange.state import ExchangeState
from boardroom.kernel import Json, Refused


@dataclass(frozen=True)
class Ballot:
    """One holding's vote: who holds it, how many shares, for whom, what payout (%)."""

    holder: str
    weight: int
    director: str
    payout: int


def tally(ballots: Sequence[Ballot]) -> dict[str, int]:
    """Votes per candidate, in order of the candidates' names.

    >>> tally([Ballot("p1", 3, "p9", 0), Ballot("p2", 4, "p9", 0), Ballot("p3", 1, "p1", 0)])
    {'p1': 1, 'p9': 7}
    """
    votes: dict[str, int] = {}
    for ballot in ballots:
        votes[ballot.director] = votes.get(ballot.director, 0) + ballot.weight
    return dict(sorted(votes.items()))


def elect(incumbent: str | None, ballots: Sequence[Ballot]) -> str | None:
    """The new director: most votes; a tie among the leaders keeps the incumbent."""
    votes = tally([b for b in ballots if b.weight > 0])
    if not votes:
        return incumbent
    top = max(votes.values())
    leaders = [name for name, count in votes.items() if count == top]
    if len(leaders) == 1:
        return leaders[0]
    return incumbent


def weighted_median(current: int, ballots: Sequence[Ballot]) -> int:
    """The share-weighted (lower) median of the payout proposals.

    >>> weighted_median(50, [Ballot("a", 1, "x", 10), Ballot("b", 1, "x", 90)])
    10
    >>> weighted_median(50, [])
    50
    """
    weighted = sorted((b.payout, b.weight) for b in ballots if b.weight > 0)
    total = sum(weight for _, weight in weighted)
    if not total:
        return current
    running = 0
    for payout, weight in weighted:
        running += weight
        if 2 * running >= total:
            return payout
    return weighted[-1][0]


def shares_of(state: ExchangeState, account: str, firm: int) -> int:
    """Shares of ``firm`` that ``account`` holds."""
    return state.ledger.balance(account, firm)


def voter_of(state: ExchangeState, holder: str) -> str | None:
    """Who casts a holding's votes: the player, the firm's director, the host for the State."""
    if holder == STATE:
        return HOST
    firm = account_firm(holder)
    if firm is not None:
        return state.firms[firm].director or HOST
    return holder


def _votes_for(state: ExchangeState, by: object, holder: str) -> bool:
    """Does seat ``by`` cast the votes of account ``holder`` (one that exists)?"""
    known = holder == STATE or holder in state.players or account_firm(holder) in state.firms
    return known and voter_of(state, holder) == by


def call_meeting(draft: Draft, command: Json) -> None:
    """A holder of enough shares asks for meetings (during the session or just after)."""
    state = draft.state
    require_phase(state, "exchange", "meeting_calls")
    if state.opening:
        raise Refused(
            "wrong_phase",
            "Meetings can be called only after a year's session.",
            reason="meetings_after_session",
        )
    firm = firm_field(command)
    holder = _caller(state, command, firm)
    draft.emit("meeting_called", firm=firm, holder=holder, by=command["by"])


def _caller(state: ExchangeState, command: Json, firm: int) -> str:
    by = command.get("by")
    minimum = state.ruleset.meeting_call_min_shares
    if "holder" in command:
        candidates = [require_account(state, by, command["holder"])]
    else:
        candidates = accounts_of(state, by)
    best = max(candidates, key=lambda acc: shares_of(state, acc, firm), default=None)
    if best is None or shares_of(state, best, firm) == 0:
        raise Refused(
            "not_a_holder", f"Only a shareholder of firm {firm} may call its meeting.", firm=firm
        )
    if shares_of(state, best, firm) < minimum:
        raise Refused(
            "too_few_shares",
            f"Calling a meeting needs at least {minimum} shares of firm {firm}; "
            f"{best} holds {shares_of(state, best, firm)}.",
            minimum=minimum,
            firm=firm,
            holder=best,
            held=shares_of(state, best, firm),
        )
    if best in state.meeting_calls.get(firm, []):
        raise Refused(
            "already_called",
            f"{best} has already called firm {firm}'s meeting.",
            holder=best,
            firm=firm,
        )
    return best


def nominate(draft: Draft, command: Json) -> None:
    """A shareholder proposes a candidate for director."""
    state = draft.state
    require_phase(state, "meetings")
    firm = firm_field(command)
    by = command.get("by")
    if not any(shares_of(state, acc, firm) for acc in accounts_of(state, by)):
        raise Refused(
            "not_a_holder",
            f"Only a shareholder of firm {firm} may nominate.",
            reason="nominate",
            firm=firm,
        )
    candidate = command.get("candidate")
    if candidate not in state.players:
        raise Refused(
            "unknown_player", f"There is no player {candidate!r}.", candidate=repr(candidate)
        )
    if candidate in state.meetings[firm].candidates:
        raise Refused(
            "already_nominated",
            f"{candidate} is already a candidate in firm {firm}.",
            candidate=candidate,
            firm=firm,
        )
    draft.emit("nominated", firm=firm, candidate=candidate, by=by)


def vote(draft: Draft, command: Json) -> None:
    """A holding's vote (the last one counts): a candidate and a payout."""
    state = draft.state
    require_phase(state, "meetings")
    firm = firm_field(command)
    holder = command.get("holder")
    by = command.get("by")
    # The voter's right first: whether a holding someone else votes has any shares is
    # not the voter's to learn (a refusal must not map a rival's portfolio).
    if not isinstance(holder, str) or not _votes_for(state, by, holder):
        raise Refused(
            "not_your_vote",
            f"{by} does not cast the votes of {holder!r}.",
            by=by,  # not the holder: the same words whoever it is (non-interference)
        )
    if shares_of(state, holder, firm) <= 0:
        raise Refused(
            "not_a_holder",
            f"{holder} holds no shares of firm {firm}.",
            reason="vote",
            holder=holder,
            firm=firm,
        )
    director = command.get("director")
    if director not in state.meetings[firm].candidates:
        raise Refused(
            "not_a_candidate",
            f"{director!r} is not a candidate in firm {firm}; nominate them first.",
            director=director if isinstance(director, str) else repr(director),
            firm=firm,
        )
    payout = whole(command.get("payout"), "payout", 0, 100)
    draft.emit("voted", firm=firm, holder=holder, voter=by, director=director, payout=payout)


def close_meetings(draft: Draft) -> None:
    """Every firm's meeting decides its director and payout."""
    state = draft.state
    for number, firm in sorted(state.firms.items()):
        meeting = state.meetings.get(number)
        votes = meeting.votes if meeting else {}
        ballots = [
            Ballot(holder, shares_of(state, holder, number), v.director, v.payout)
            for holder, v in sorted(votes.items())
        ]
        draft.emit(
            "meeting_closed",
            firm=number,
            previous=firm.director,
            director=elect(firm.director, ballots),
            payout=weighted_median(firm.payout, ballots),
            tally=tally(ballots),
        )
