"""Who really controls each firm, from an ownership record (the reveal).

A firm's shares are voted by their holders: a player votes their own, the State's shares are the
State's block (the host casts them), and a firm's holding is cast by whoever controls that firm —
its controller when somebody holds a majority of its votes, else its director. So control passes
through cross holdings: who controls firm 2, which holds 11 of firm 3's 20 shares, controls firm 3.

Per firm the answer is one of:

- ``majority``: one voter commands more than half of all shares and decides alone;
- ``tie``: two or more voters share the largest block, nobody has a majority;
- ``none``: nobody controls — the largest block is named, short of a majority.

Pure: the record is the one :func:`boardroom.games.exchange.events.ownership_record` writes.
"""

from __future__ import annotations

from boardroom.kernel import Json

FIRM_PREFIX = "firm:"
#: Rounds of passing control along cross holdings; a chain is at most eight firms long.
MAX_ROUNDS = 10


def _firm_of(holder: str) -> int | None:
    return int(holder[len(FIRM_PREFIX) :]) if holder.startswith(FIRM_PREFIX) else None


def _casting(holder: str, casters: dict[int, str | None]) -> str | None:
    """Who casts a holder's votes: the holder, the State, or a firm's caster (None: abstains)."""
    firm = _firm_of(holder)
    return holder if firm is None else casters.get(firm)


def _votes(
    record: Json, firm: int, casters: dict[int, str | None]
) -> tuple[dict[str, int], dict[str, list[int]]]:
    """Votes in firm per voter, and the firms through which each voter's votes come."""
    votes: dict[str, int] = {}
    through: dict[str, list[int]] = {}
    for holder, held in sorted(record.get("holdings", {}).items()):
        n = int(held.get(str(firm), 0))
        voter = _casting(holder, casters)
        if n <= 0 or voter is None:
            continue
        votes[voter] = votes.get(voter, 0) + n
        via = _firm_of(holder)
        if via is not None:
            through.setdefault(voter, []).append(via)
    return votes, through


def _verdict(
    firm: int,
    votes: dict[str, int],
    through: dict[str, list[int]],
    shares: int,
    director: str | None,
) -> Json:
    ranked = sorted(votes.items(), key=lambda kv: (-kv[1], kv[0]))
    top = ranked[0][1] if ranked else 0
    leaders = [v for v, n in ranked if n == top and n > 0]
    if top * 2 > shares:
        kind = "majority"
    elif len(leaders) > 1:
        kind = "tie"
    else:
        kind = "none"
    return {
        "firm": firm,
        "kind": kind,
        "controller": leaders[0] if kind == "majority" else None,
        "leaders": leaders,
        "top_votes": top,
        "shares": shares,
        "director": director,
        "votes": dict(ranked),
        "through": {v: sorted(fs) for v, fs in through.items()},
    }


def control(record: Json, shares: int, firms: range = range(1, 9)) -> dict[int, Json]:
    """Each firm's control verdict (see the module's doc) in an ownership record.

    >>> record = {"directors": {"1": "p1", "2": "p2"}, "holdings": {
    ...     "state": {"1": 15}, "p1": {"1": 5, "2": 11}, "p2": {"2": 9}}}
    >>> c = control(record, 20, range(1, 3))
    >>> c[1]["kind"], c[1]["controller"], c[2]["controller"]
    ('majority', 'state', 'p1')
    """
    directors: dict[str, str | None] = record.get("directors", {})
    casters: dict[int, str | None] = {f: directors.get(str(f)) for f in firms}
    for _ in range(MAX_ROUNDS):
        nxt = _next_casters(record, shares, firms, casters)
        if nxt == casters:
            return _verdicts(record, shares, firms, casters)
        casters = nxt
    # Control that goes round a ring of firms never settles: there each firm's director casts.
    nxt = _next_casters(record, shares, firms, casters)
    steady = {f: c if nxt[f] == c else directors.get(str(f)) for f, c in casters.items()}
    return _verdicts(record, shares, firms, steady)


def _verdicts(
    record: Json, shares: int, firms: range, casters: dict[int, str | None]
) -> dict[int, Json]:
    directors: dict[str, str | None] = record.get("directors", {})
    return {
        f: _verdict(f, *_votes(record, f, casters), shares, directors.get(str(f))) for f in firms
    }


def _next_casters(
    record: Json, shares: int, firms: range, casters: dict[int, str | None]
) -> dict[int, str | None]:
    """Who casts each firm's holdings next: its controller, else its director."""
    directors: dict[str, str | None] = record.get("directors", {})
    verdicts = _verdicts(record, shares, firms, casters)
    return {f: verdicts[f]["controller"] or directors.get(str(f)) for f in firms}


def reveal_with_control(reveal: list[Json], shares: int) -> list[Json]:
    """The reveal's records, each with its control verdicts (keyed by firm number as text)."""
    return [
        {**record, "control": {str(f): v for f, v in control(record, shares).items()}}
        for record in reveal
    ]


__all__ = ["control", "reveal_with_control"]
