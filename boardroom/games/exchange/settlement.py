"""The final settlement (§8): firm values from a linear system, exact, then whole payouts.

A firm's net value is V = own assets (cash + pieces) + Σ its stakes × V/S of the
firms it holds. With A[i][j] = (shares of j held by firm i) / S that is
V = c + A·V, so V = (I − A)⁻¹·c; the rule that firms never hold every share of a
firm makes I − A invertible. Everything is computed with :class:`Fraction`.

Payouts look through the cross-holdings: the part of firm k's own assets that
ends with a person or the State h is L[h][k] = (B·(I − A)⁻¹)[h][k], where
B[h][j] = (shares of j held by h) / S. Firm k pays h ⌊L[h][k]·c_k⌋ directly and
keeps the remainder (it stays with the payer), so money is conserved exactly.

>>> values = firm_values({1: 100, 2: 50}, {1: {2: 10}}, 20)
>>> values[1], values[2]
(Fraction(125, 1), Fraction(50, 1))
>>> mutual = firm_values({1: 100, 2: 100}, {1: {2: 10}, 2: {1: 10}}, 20)
>>> mutual[1], mutual[2]
(Fraction(200, 1), Fraction(200, 1))
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


def payouts(
    own: Mapping[int, int], parts: Mapping[str, Mapping[int, Fraction]]
) -> dict[int, dict[str, int]]:
    """What each firm pays each ultimate holder: ⌊part × own assets⌋, the rest stays.

    >>> payouts({1: 10}, {"p1": {1: Fraction(1, 3)}, "p2": {1: Fraction(2, 3)}})
    {1: {'p1': 3, 'p2': 6}}
    """
    result: dict[int, dict[str, int]] = {}
    for firm, assets in sorted(own.items()):
        paid = {
            holder: int(share[firm] * assets)
            for holder, share in sorted(parts.items())
            if share.get(firm, 0) * assets >= 1
        }
        result[firm] = paid
    return result


def as_text(value: Fraction) -> str:
    """A fraction written exactly: ``"125"`` or ``"250/3"``.

    >>> as_text(Fraction(250, 3)), as_text(Fraction(4))
    ('250/3', '4')
    """
    return str(value)
