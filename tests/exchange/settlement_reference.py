"""The settlement's formula in :class:`Fraction` arithmetic: the reference for the tests.

The game computes the settlement in whole numbers (``boardroom/games/exchange/settlement.py``);
this is the same formula written with fractions, as the game computed it before, so
the tests can check that both give the same values, the same amounts owed and the same
payments, case by case.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

Matrix = list[list[Fraction]]


def _identity_minus(
    firms: list[int], stakes: Mapping[int, Mapping[int, int]], shares: int
) -> Matrix:
    return [
        [Fraction(int(i == j)) - Fraction(stakes.get(i, {}).get(j, 0), shares) for j in firms]
        for i in firms
    ]


def inverse(matrix: Matrix) -> Matrix:
    """The inverse of a square matrix of fractions (Gauss–Jordan).

    >>> inverse([[Fraction(2), Fraction(0)], [Fraction(0), Fraction(4)]])
    [[Fraction(1, 2), Fraction(0, 1)], [Fraction(0, 1), Fraction(1, 4)]]
    """
    size = len(matrix)
    rows = [[*row, *(Fraction(int(i == j)) for j in range(size))] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r][col] != 0), None)
        if pivot is None:
            raise ZeroDivisionError("the cross-holdings matrix is singular")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [value / lead for value in rows[col]]
        for r in range(size):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [row[size:] for row in rows]


def firm_values(
    own: Mapping[int, int], stakes: Mapping[int, Mapping[int, int]], shares: int
) -> dict[int, Fraction]:
    """Each firm's net value V, given its own assets and the firms' stakes in each other."""
    firms = sorted(own)
    solved = inverse(_identity_minus(firms, stakes, shares))
    return {
        firm: sum((solved[i][k] * own[other] for k, other in enumerate(firms)), Fraction(0))
        for i, firm in enumerate(firms)
    }


def look_through(
    firms: list[int],
    holders: Mapping[str, Mapping[int, int]],
    stakes: Mapping[int, Mapping[int, int]],
    shares: int,
) -> dict[str, dict[int, Fraction]]:
    """For each ultimate holder, the fraction of each firm's own assets that is theirs.

    >>> shares = look_through([1, 2], {"p1": {1: 20}, "p2": {2: 10}}, {1: {2: 10}}, 20)
    >>> shares["p1"][2], shares["p2"][2]
    (Fraction(1, 2), Fraction(1, 2))
    """
    solved = inverse(_identity_minus(firms, stakes, shares))
    result: dict[str, dict[int, Fraction]] = {}
    for holder, holding in holders.items():
        row = [Fraction(holding.get(j, 0), shares) for j in firms]
        result[holder] = {
            firm: sum((row[j] * solved[j][k] for j in range(len(firms))), Fraction(0))
            for k, firm in enumerate(firms)
        }
    return result


def owed(
    values: Mapping[int, Fraction], holders: Mapping[str, Mapping[int, int]], shares: int
) -> dict[str, int]:
    """What each person / the State is owed: every holding of n shares at ⌊n·V/S⌋ (§8).

    >>> owed({5: Fraction(445)}, {"p1": {5: 3}}, 20)
    {'p1': 66}
    """
    return {
        holder: sum(int(n * values[firm] / shares) for firm, n in holding.items() if n)
        for holder, holding in sorted(holders.items())
    }


def payouts(
    own: Mapping[int, int],
    parts: Mapping[str, Mapping[int, Fraction]],
    due: Mapping[str, int] | None = None,
) -> dict[int, dict[str, int]]:
    """Which firm pays whom: each holder gets exactly what they are ``due`` (by default
    ⌊part × own assets⌋ from each firm), paid out of the firms' own assets; the rest
    stays with the firms (the remainder stays with the payer).

    Money sits in the firms' own assets, so a holder's claim through a chain of
    cross-holdings is paid straight from the firms at the end of the chain, starting
    from ⌊part × assets⌋ of each; a holder due more takes the units left over, firms
    with the largest fractional claims first, and one due less gives back from the
    smallest ones. No flooring happens along the chain.

    >>> payouts({1: 10}, {"p1": {1: Fraction(1, 3)}, "p2": {1: Fraction(2, 3)}})
    {1: {'p1': 3, 'p2': 6}}
    >>> payouts({1: 10, 2: 10}, {"p1": {1: Fraction(1, 2), 2: Fraction(3, 4)}}, {"p1": 13})
    {1: {'p1': 5}, 2: {'p1': 8}}
    """
    exact = {
        holder: {firm: share.get(firm, Fraction(0)) * assets for firm, assets in own.items()}
        for holder, share in sorted(parts.items())
    }
    paid = {holder: {firm: int(x) for firm, x in row.items()} for holder, row in exact.items()}
    left = {firm: assets - sum(paid[h][firm] for h in paid) for firm, assets in own.items()}
    for holder, row in paid.items():
        target = sum(row.values()) if due is None else due.get(holder, 0)
        by_fraction = sorted(row, key=lambda f: (exact[holder][f] - row[f], -f))
        while sum(row.values()) > target:
            firm = next(f for f in by_fraction if row[f] > 0)
            give = min(row[firm], sum(row.values()) - target)
            row[firm] -= give
            left[firm] += give
        for firm in reversed(by_fraction):
            need = target - sum(row.values())
            take = min(need, left[firm])
            row[firm] += take
            left[firm] -= take
        if sum(row.values()) != target:
            raise ValueError(f"the firms' assets cannot pay {holder} the {target} due")
    return {
        firm: {holder: paid[holder][firm] for holder in paid if paid[holder][firm] > 0}
        for firm in sorted(own)
    }


def as_text(value: Fraction) -> str:
    """A fraction written exactly: ``"125"`` or ``"250/3"``.

    >>> as_text(Fraction(250, 3)), as_text(Fraction(4))
    ('250/3', '4')
    """
    return str(value)
