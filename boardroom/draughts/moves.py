"""A move: where a piece starts and lands, what it takes, and whether it is crowned."""

from __future__ import annotations

from typing import NamedTuple

from boardroom.draughts.squares import NAME


class Move(NamedTuple):
    """One legal move, in the engine's square indices (see :mod:`squares`).

    ``landings`` are the squares the piece lands on after its start, in order;
    ``jumped`` the squares of the pieces it takes, in jump order; ``captures``
    the same as a bitboard; ``crown_step`` is the landing (1-based) on which a
    man is crowned, 0 if it is not.

    >>> from boardroom.draughts.squares import INDEX as I
    >>> taken = (I["d4"], I["f4"])
    >>> m = Move(I["c3"], I["g3"], sum(1 << i for i in taken), 0, (I["e5"], I["g3"]), taken)
    >>> str(m), m.path, m.taken
    ('c3:e5:g3', ('e5', 'g3'), ('d4', 'f4'))
    >>> str(m.prefix(1)), m.prefix(1).taken
    ('c3:e5', ('d4',))
    """

    origin: int
    target: int
    captures: int
    crown_step: int
    landings: tuple[int, ...]
    jumped: tuple[int, ...]

    @property
    def start(self) -> str:
        return NAME[self.origin]

    @property
    def end(self) -> str:
        return NAME[self.target]

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(NAME[i] for i in self.landings)

    @property
    def taken(self) -> tuple[str, ...]:
        return tuple(NAME[i] for i in self.jumped)

    @property
    def crowns(self) -> bool:
        return self.crown_step > 0

    @property
    def is_capture(self) -> bool:
        return self.captures != 0

    def prefix(self, jumps: int) -> Move:
        """The first ``jumps`` jumps of this capture, as a move of their own."""
        if not 1 <= jumps <= len(self.jumped):
            raise ValueError(f"a capture of {len(self.jumped)} jumps has no prefix of {jumps}")
        landings, jumped = self.landings[:jumps], self.jumped[:jumps]
        crown = self.crown_step if self.crown_step <= jumps else 0
        return Move(self.origin, landings[-1], sum(1 << i for i in jumped), crown, landings, jumped)

    def __str__(self) -> str:
        separator = ":" if self.captures else "-"
        return separator.join(NAME[i] for i in (self.origin, *self.landings))
