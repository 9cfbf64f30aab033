"""The final settlement (§8): firm values from a linear system, exact, then whole payouts.

A firm's net value is V = own assets (cash + pieces) + Σ its stakes × V/S of the
firms it holds. With A[i][j] = (shares of j held by firm i) / S that is
V = c + A·V, so V = (I − A)⁻¹·c; the rule that firms never hold every share of a
firm makes I − A invertible.

Every holding of n shares of firm j held by a person or the State is paid
⌊n·V_j/S⌋ (§8): exactly, in whole units, with no flooring along the chain of
cross-holdings. The money is paid straight out of the firms' own assets: the part
of firm k's own assets that ends with h is L[h][k] = (B·(I − A)⁻¹)[h][k], where
B[h][j] = (shares of j held by h) / S; firm k pays h about L[h][k]·c_k, the
units adjusted so that h gets exactly what their holdings are worth, and the
remainder stays with the firms (the payers), so money is conserved exactly.

Everything is exact and computed in whole numbers: with K the firms' stakes
(K[i][j] shares of j held by firm i) and M = S·I − K, I − A = M/S; fraction-free
Gauss–Jordan elimination gives M⁻¹ = R/d with R and d whole (:func:`inverse`), so
V = S·R·c/d and L = H·R/d (H the holdings), all over one denominator d. Only the
values, which the results write as fractions, become :class:`Fraction`.

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


def _exact(numerator: int, denominator: int) -> int:
    quotient, remainder = divmod(numerator, denominator)
    if remainder:
        raise ArithmeticError(f"{numerator} is not a multiple of {denominator}")
    return quotient


def _truncated(numerator: int, denominator: int) -> int:
    """``int(Fraction(numerator, denominator))``: the quotient rounded toward zero.

    >>> _truncated(7, 2), _truncated(-7, 2), _truncated(7, -2)
    (3, -3, -3)
    """
    quotient = abs(numerator) // abs(denominator)
    return quotient if (numerator < 0) == (denominator < 0) else -quotient


def inverse(matrix: list[list[int]]) -> tuple[list[list[int]], int]:
    """The inverse of a square matrix of whole numbers as ``(R, d)``: the inverse is R/d,
    R whole, d > 0 (fraction-free Gauss–Jordan elimination: every division is exact).

    >>> inverse([[2, 0], [0, 4]])
    ([[4, 0], [0, 2]], 8)
    >>> inverse([[0, 1], [1, 0]])
    ([[0, 1], [1, 0]], 1)
    """
    size = len(matrix)
    rows = [[*row, *(int(i == j) for j in range(size))] for i, row in enumerate(matrix)]
    previous = 1
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r][col] != 0), None)
        if pivot is None:
            raise ZeroDivisionError("the cross-holdings matrix is singular")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead_row = rows[col]
        lead = lead_row[col]
        for r in range(size):
            if r != col:
                factor = rows[r][col]
                rows[r] = [
                    _exact(lead * a - factor * b, previous)
                    for a, b in zip(rows[r], lead_row, strict=True)
                ]
        previous = lead
    # Every diagonal entry is now ``previous`` (± the determinant): R·M = previous·I.
    sign = 1 if previous > 0 else -1
    return [[sign * x for x in row[size:]] for row in rows], sign * previous


class Parts:
    """For each ultimate holder, the part of each firm's own assets that is theirs:
    ``numerators[holder][firm] / denominator`` (one denominator for all)."""

    def __init__(self, numerators: dict[str, dict[int, int]], denominator: int) -> None:
        self.numerators = numerators
        self.denominator = denominator

    def of(self, holder: str, firm: int) -> Fraction:
        """One holder's part of one firm's own assets.

        >>> Parts({"p1": {1: 2}}, 6).of("p1", 1)
        Fraction(1, 3)
        """
        return Fraction(self.numerators[holder].get(firm, 0), self.denominator)


class Solved:
    """(I − A)⁻¹ of one set of cross-holdings, in whole numbers: S·R/d (R = M⁻¹·d)."""

    def __init__(
        self, firms: list[int], rows: list[list[int]], denominator: int, shares: int
    ) -> None:
        self.firms = firms
        self.rows = rows
        self.denominator = denominator
        self.shares = shares

    def values(self, own: Mapping[int, int]) -> dict[int, Fraction]:
        """Each firm's net value V = S·R·c/d, given its own assets c."""
        assets = [own[firm] for firm in self.firms]
        return {
            firm: Fraction(
                self.shares * sum(r * c for r, c in zip(row, assets, strict=True)),
                self.denominator,
            )
            for firm, row in zip(self.firms, self.rows, strict=True)
        }

    def parts(self, holders: Mapping[str, Mapping[int, int]]) -> Parts:
        """Each holder's part of each firm's own assets: L = H·R/d."""
        numerators: dict[str, dict[int, int]] = {}
        for holder, holding in holders.items():
            pairs = zip(self.firms, self.rows, strict=True)
            held = [(holding.get(firm, 0), row) for firm, row in pairs]
            numerators[holder] = {
                firm: sum(n * row[k] for n, row in held if n) for k, firm in enumerate(self.firms)
            }
        return Parts(numerators, self.denominator)


def solve(firms: list[int], stakes: Mapping[int, Mapping[int, int]], shares: int) -> Solved:
    """Invert I − A for ``firms`` holding ``stakes`` of each other, ``shares`` a firm.

    >>> solve([1, 2], {1: {2: 10}}, 20).values({1: 100, 2: 50})
    {1: Fraction(125, 1), 2: Fraction(50, 1)}
    """
    matrix = [[shares * int(i == j) - stakes.get(i, {}).get(j, 0) for j in firms] for i in firms]
    rows, denominator = inverse(matrix)
    return Solved(firms, rows, denominator, shares)


def firm_values(
    own: Mapping[int, int], stakes: Mapping[int, Mapping[int, int]], shares: int
) -> dict[int, Fraction]:
    """Each firm's net value V, given its own assets and the firms' stakes in each other."""
    return solve(sorted(own), stakes, shares).values(own)


def look_through(
    firms: list[int],
    holders: Mapping[str, Mapping[int, int]],
    stakes: Mapping[int, Mapping[int, int]],
    shares: int,
) -> Parts:
    """For each ultimate holder, the fraction of each firm's own assets that is theirs.

    >>> parts = look_through([1, 2], {"p1": {1: 20}, "p2": {2: 10}}, {1: {2: 10}}, 20)
    >>> parts.of("p1", 2), parts.of("p2", 2)
    (Fraction(1, 2), Fraction(1, 2))
    """
    return solve(firms, stakes, shares).parts(holders)


def owed(
    values: Mapping[int, Fraction], holders: Mapping[str, Mapping[int, int]], shares: int
) -> dict[str, int]:
    """What each person / the State is owed: every holding of n shares at ⌊n·V/S⌋ (§8).

    >>> owed({5: Fraction(445)}, {"p1": {5: 3}}, 20)
    {'p1': 66}
    """
    return {
        holder: sum(
            _truncated(n * values[firm].numerator, shares * values[firm].denominator)
            for firm, n in holding.items()
            if n
        )
        for holder, holding in sorted(holders.items())
    }


def payouts(
    own: Mapping[int, int], parts: Parts, due: Mapping[str, int] | None = None
) -> dict[int, dict[str, int]]:
    """Which firm pays whom: each holder gets exactly what they are ``due`` (by default
    ⌊part × own assets⌋ from each firm), paid out of the firms' own assets; the rest
    stays with the firms (the remainder stays with the payer).

    Money sits in the firms' own assets, so a holder's claim through a chain of
    cross-holdings is paid straight from the firms at the end of the chain, starting
    from ⌊part × assets⌋ of each; a holder due more takes the units left over, firms
    with the largest fractional claims first, and one due less gives back from the
    smallest ones. No flooring happens along the chain.

    >>> payouts({1: 10}, Parts({"p1": {1: 1}, "p2": {1: 2}}, 3))
    {1: {'p1': 3, 'p2': 6}}
    >>> payouts({1: 10, 2: 10}, Parts({"p1": {1: 2, 2: 3}}, 4), {"p1": 13})
    {1: {'p1': 5}, 2: {'p1': 8}}
    """
    d = parts.denominator
    # Each holder's exact claim on each firm, as a numerator over d.
    exact = {
        holder: {firm: share.get(firm, 0) * assets for firm, assets in own.items()}
        for holder, share in sorted(parts.numerators.items())
    }
    paid = {
        holder: {firm: _truncated(x, d) for firm, x in row.items()} for holder, row in exact.items()
    }
    left = {firm: assets - sum(paid[h][firm] for h in paid) for firm, assets in own.items()}
    for holder, row in paid.items():
        target = sum(row.values()) if due is None else due.get(holder, 0)
        claims = exact[holder]
        by_fraction = sorted(row, key=lambda f: (claims[f] - row[f] * d, -f))
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
