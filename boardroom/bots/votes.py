"""Voting and payout policies for shareholders' meetings (§7).

A :class:`Voter` casts every holding its seat votes (its own shares, and those of
the firms it directs) at every meeting, choosing a candidate with a director policy
and a payout with a payout policy. It votes again only when its choice changes
(the last vote counts), and leaves alone a holding another strategy of the seat
has already voted in this batch (a raider votes its target itself).

>>> meetings = {"candidates": {"2": ["p5", "p9"]}, "my_votes": {}}
>>> Incumbent().choose(meetings, "p1", 2, {"director": "p5"})
'p5'
>>> SelfFirst().choose(meetings, "p9", 2, {"director": "p5"})
'p9'
>>> KeepPayout().payout({"payout": 40}), FixedPayout(100).payout({"payout": 40})
(40, 100)
"""

from __future__ import annotations

from typing import Protocol

from boardroom.bots.context import Context, acting
from boardroom.kernel import Json


class DirectorPolicy(Protocol):
    """Whom a holding votes for as director (a candidate), or None to abstain."""

    def choose(self, meetings: Json, seat: str, firm: int, public: Json) -> str | None: ...


class PayoutPolicy(Protocol):
    """Which payout (0–100 %) a holding proposes."""

    def payout(self, public: Json) -> int: ...


class Incumbent:
    """Keeps the sitting director (always a candidate): shareholders who like the status quo."""

    def choose(self, meetings: Json, seat: str, firm: int, public: Json) -> str | None:
        director = public["director"]
        return director if director in meetings["candidates"].get(str(firm), []) else None


class SelfFirst:
    """Votes for itself when it stands, else for the sitting director."""

    def choose(self, meetings: Json, seat: str, firm: int, public: Json) -> str | None:
        if seat in meetings["candidates"].get(str(firm), []):
            return seat
        return Incumbent().choose(meetings, seat, firm, public)


class KeepPayout:
    """Proposes the payout the firm has now (no opinion)."""

    def payout(self, public: Json) -> int:
        return int(public["payout"])


class FixedPayout:
    """Always proposes the same payout: 100 wants cash now, 0 wants the firm to keep it."""

    def __init__(self, percent: int) -> None:
        self.percent = max(0, min(100, percent))

    def payout(self, public: Json) -> int:
        return self.percent


class Voter:
    """Votes every holding its seat casts: a candidate by ``director``, a payout by ``payout``."""

    name = "voter"
    phases = frozenset({"meetings"})

    def __init__(
        self, director: DirectorPolicy | None = None, payout: PayoutPolicy | None = None
    ) -> None:
        self.director = director or SelfFirst()
        self.payouts = payout or KeepPayout()

    def act(self, seen: Json, ctx: Context) -> list[Json]:
        if not acting(seen, "meetings"):
            return []
        commands: list[Json] = []
        for holder in ctx.purse.accounts():
            for firm, count in sorted(ctx.purse.holdings[holder].items()):
                if count > 0 and (holder, firm) not in ctx.claimed:
                    commands += self._ballot(seen, ctx, holder, firm)
        return commands

    def _ballot(self, seen: Json, ctx: Context, holder: str, firm: int) -> list[Json]:
        meetings = seen["meetings"]
        public = seen["firms"][str(firm)]
        choice = self.director.choose(meetings, ctx.seat, firm, public)
        if choice is None:
            return []
        payout = self.payouts.payout(public)
        cast = meetings["my_votes"].get(str(firm), {}).get(holder)
        if cast is not None and (cast["director"], cast["payout"]) == (choice, payout):
            return []
        ctx.claimed.add((holder, firm))
        return [
            {"type": "vote", "firm": firm, "holder": holder, "director": choice, "payout": payout}
        ]
