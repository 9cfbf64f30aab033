"""Reading moves written in Russian notation: ``c3-d4``, ``c3:e5:g3`` or ``c3xe5xg3``."""

from __future__ import annotations

import re
from collections.abc import Callable

from boardroom.draughts.errors import IllegalMoveError, NotationError
from boardroom.draughts.generate import same_move_key
from boardroom.draughts.moves import Move
from boardroom.draughts.squares import square_index

_TAKEN = re.compile(r"^(?P<path>[^(\[]*?)\s*[(\[](?P<taken>[^)\]]*)[)\]]\s*$")
_SQUARE = re.compile(r"^(?:[a-hA-H][1-8]|\d{1,2})$")


class WrittenMove:
    """A move as written: its squares, whether it is a capture, the pieces named as taken."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise NotationError(f"a move must be text, not {type(text).__name__}")
        self.text = text.strip()
        path, taken = self.text, ""
        suffix = _TAKEN.match(self.text)
        if suffix:
            path, taken = suffix.group("path"), suffix.group("taken")
        self.capture = ":" in path or "x" in path.lower()
        self.squares = _squares(re.split(r"[-:xX]", path), self.text)
        if len(self.squares) < 2:
            raise NotationError(
                f"{self.text!r} needs at least a start and an end square, like c3-d4"
            )
        self.taken = (
            frozenset(_squares(re.split(r"[\s,;]+", taken.strip()), self.text))
            if taken.strip()
            else None
        )

    def matches(self, move: Move) -> bool:
        first, *middle, last = self.squares
        if (move.origin, move.target) != (first, last):
            return False
        if self.taken is not None and self.taken != frozenset(move.jumped):
            return False
        if not move.captures:
            return not middle and not self.capture
        return _in_order(middle, move.landings[:-1])


def _squares(tokens: list[str], text: str) -> list[int]:
    out = []
    for token in tokens:
        token = token.strip()
        if not _SQUARE.match(token):
            raise NotationError(f"{text!r} is not a move: {token!r} is not a square")
        try:
            out.append(square_index(token))
        except ValueError as exc:
            raise NotationError(f"{text!r} is not a move: {exc}") from None
    return out


def _in_order(wanted: list[int], path: tuple[int, ...]) -> bool:
    remaining = iter(path)
    return all(sq in remaining for sq in wanted)


def match_move(legal: list[Move], text: str, sequences: Callable[[], list[Move]]) -> Move:
    """The one move of ``legal`` that ``text`` names, or a typed error saying why not.

    ``sequences`` gives every capture sequence, so that a circular capture may be
    written either way round; each is read as the legal move it is one with.
    """
    written = WrittenMove(text)
    canonical = {same_move_key(m): m for m in legal}
    found = _matching(written, legal, sequences, canonical)
    if not found and not written.capture:
        written.capture = True
        found = _matching(written, legal, sequences, canonical)
    if len(found) > 1:
        # Every landing square written: that one sequence, even if a longer capture
        # passes the same squares on its way (``str(move)`` always reads back).
        exact = [m for m in found if written.squares == [m.origin, *m.landings]]
        found = exact if len(exact) == 1 else found
    if len(found) == 1:
        return found[0]
    if found:
        options = sorted(str(m) for m in found)
        raise IllegalMoveError(
            f"{written.text} is ambiguous: write one of {', '.join(options)}", options
        )
    options = sorted(str(m) for m in legal)
    listing = ", ".join(options) or "none"
    raise IllegalMoveError(f"{written.text} is not legal here; legal moves: {listing}", options)


def _matching(
    written: WrittenMove,
    legal: list[Move],
    sequences: Callable[[], list[Move]],
    canonical: dict[tuple[int, int, int, bool], Move],
) -> list[Move]:
    found = [m for m in legal if written.matches(m)]
    if found or not written.capture or not any(m.captures for m in legal):
        return found
    keys = {same_move_key(m) for m in sequences() if written.matches(m)}
    return [canonical[k] for k in keys if k in canonical]
