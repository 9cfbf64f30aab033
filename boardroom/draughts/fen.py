"""PDN FEN positions: ``W:Wa1,c1,Ke3:Bb8,Kh6`` (algebraic or numeric squares)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from boardroom.draughts.errors import FenError
from boardroom.draughts.squares import FROM_NUMBER, NAME, NUMBER, square_index

_RANGE = re.compile(r"^(K?)(\d{1,2})-(\d{1,2})$")


class Position(NamedTuple):
    white: int
    black: int
    kings: int
    white_to_move: bool


def parse(text: str) -> Position:
    """Read a FEN; :class:`FenError` says what is wrong.

    >>> p = parse("B:W18,K22:Bb6")
    >>> write(*p)
    'B:WKc3,d4:Bb6'
    >>> parse("W:Wb1:B")
    Traceback (most recent call last):
    ...
    boardroom.draughts.errors.FenError: bad FEN 'W:Wb1:B': 'b1' is not a dark square (a1, … or 1–32)
    """
    if not isinstance(text, str):
        raise FenError(f"a FEN must be text, not {type(text).__name__}")
    return _parse_text(text)


@lru_cache(maxsize=256)
def _parse_text(text: str) -> Position:
    try:
        return _parse(text)
    except FenError as exc:
        raise FenError(f"bad FEN {text!r}: {exc}") from None


def _parse(text: str) -> Position:
    fields = [f.strip() for f in text.strip().rstrip(".").split(":")]
    if not fields or fields[0].upper() not in ("W", "B"):
        raise FenError("it must start with the side to move, W or B")
    sides: dict[str, tuple[int, int]] = {}
    for field in fields[1:]:
        color = field[:1].upper()
        if color in ("H", "F") and field[1:].isdigit():
            continue
        if color not in ("W", "B") or color in sides:
            raise FenError(f"unexpected field {field!r}")
        sides[color] = _pieces(field[1:])
    white, white_kings = sides.get("W", (0, 0))
    black, black_kings = sides.get("B", (0, 0))
    if white & black:
        raise FenError("a square holds both a white and a black piece")
    return Position(white, black, white_kings | black_kings, fields[0].upper() == "W")


def _pieces(listing: str) -> tuple[int, int]:
    pieces = kings = 0
    for token in filter(None, (t.strip() for t in listing.split(","))):
        for king, sq in _squares(token):
            if (pieces >> sq) & 1:
                raise FenError(f"square {NAME[sq]} is listed twice")
            pieces |= 1 << sq
            kings |= king << sq
    return pieces, kings


def _squares(token: str) -> list[tuple[bool, int]]:
    ranged = _RANGE.match(token)
    if ranged:
        first, last = int(ranged.group(2)), int(ranged.group(3))
        if not (first in FROM_NUMBER and last in FROM_NUMBER and first <= last):
            raise FenError(f"{token!r} is not a range of squares 1–32")
        return [(bool(ranged.group(1)), FROM_NUMBER[n]) for n in range(first, last + 1)]
    king = token[:1].upper() == "K"
    try:
        return [(king, square_index(token[1:] if king else token))]
    except ValueError as exc:
        raise FenError(str(exc)) from None


def write(white: int, black: int, kings: int, white_to_move: bool, *, numeric: bool = False) -> str:
    """Write a FEN, squares in board order (algebraic by default)."""
    return "{}:W{}:B{}".format(
        "W" if white_to_move else "B",
        _listing(white, kings, numeric),
        _listing(black, kings, numeric),
    )


def _listing(pieces: int, kings: int, numeric: bool) -> str:
    squares = [sq for sq in NAME if (pieces >> sq) & 1]
    if numeric:
        squares.sort(key=NUMBER.__getitem__)
    else:
        squares.sort(key=NAME.__getitem__)
    name = (lambda sq: str(NUMBER[sq])) if numeric else NAME.__getitem__
    return ",".join(("K" if (kings >> sq) & 1 else "") + name(sq) for sq in squares)
