"""The board's squares and the bit layout move generation works on.

A dark square (file f, rank r, both 0-7 with a1 = (0, 0)) has the bit index
``(9 * r + f) // 2``. That leaves four unused "ghost" bits (4, 13, 22, 31) so
that every diagonal step is one constant shift: +5 up-right, +4 up-left,
-4 down-right, -5 down-left. A step off the board lands on a ghost bit or
outside ``VALID`` and so is masked away.

>>> INDEX["a1"], INDEX["c3"], INDEX["h8"]
(0, 10, 35)
>>> NAME[10], NUMBER[INDEX["b8"]], NUMBER[INDEX["g1"]]
('c3', 1, 32)
"""

from __future__ import annotations

from typing import Final

FILES: Final = "abcdefgh"
DIRECTIONS: Final = (5, 4, -4, -5)
UP: Final = (5, 4)
DOWN: Final = (-4, -5)


def _index(file: int, rank: int) -> int:
    return (9 * rank + file) // 2


def _dark_squares() -> list[tuple[int, int]]:
    return [(f, r) for r in range(8) for f in range(8) if (f + r) % 2 == 0]


NAME: Final[dict[int, str]] = {_index(f, r): f"{FILES[f]}{r + 1}" for f, r in _dark_squares()}
INDEX: Final[dict[str, int]] = {name: idx for idx, name in NAME.items()}
SQUARES: Final[tuple[int, ...]] = tuple(sorted(NAME))
VALID: Final[int] = sum(1 << i for i in SQUARES)
RANK_OF: Final[dict[int, int]] = {_index(f, r): r for f, r in _dark_squares()}


def _rank_mask(rank: int) -> int:
    return sum(1 << i for i, r in RANK_OF.items() if r == rank)


WHITE_CROWN: Final[int] = _rank_mask(7)
BLACK_CROWN: Final[int] = _rank_mask(0)


def _numbering() -> dict[int, int]:
    """PDN numeric squares: 1 = b8, 2 = d8, ... 32 = g1 (row by row from black's side)."""
    order = sorted(SQUARES, key=lambda i: (-RANK_OF[i], i))
    return {idx: n for n, idx in enumerate(order, start=1)}


NUMBER: Final[dict[int, int]] = _numbering()
FROM_NUMBER: Final[dict[int, int]] = {n: idx for idx, n in NUMBER.items()}


def _step(idx: int, direction: int) -> int | None:
    target = idx + direction
    if target not in NAME:
        return None
    file_of = {i: FILES.index(n[0]) for i, n in NAME.items()}
    return target if abs(file_of[target] - file_of[idx]) == 1 else None


def _ray(idx: int, direction: int) -> list[int]:
    squares: list[int] = []
    nxt = _step(idx, direction)
    while nxt is not None:
        squares.append(nxt)
        nxt = _step(nxt, direction)
    return squares


RAYS: Final[dict[int, dict[int, list[int]]]] = {
    i: {d: _ray(i, d) for d in DIRECTIONS} for i in SQUARES
}


def mask_of(indices: list[int]) -> int:
    """The bitboard of a list of square indices.

    >>> bin(mask_of([0, 2]))
    '0b101'
    """
    return sum(1 << i for i in indices)


def bits(board: int) -> list[int]:
    """The indices of the set bits of ``board``, lowest first.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    out: list[int] = []
    while board:
        low = board & -board
        out.append(low.bit_length() - 1)
        board ^= low
    return out


def square_index(name: str) -> int:
    """The index of an algebraic or numeric square name; ValueError if there is none.

    >>> square_index("e3"), square_index("23")
    (11, 11)
    """
    key = name.strip().lower()
    if key in INDEX:
        return INDEX[key]
    if key.isdigit() and int(key) in FROM_NUMBER:
        return FROM_NUMBER[int(key)]
    raise ValueError(f"{name!r} is not a dark square (a1, … or 1–32)")
