"""Typed errors for bad draughts input: every message says what is wrong."""

from __future__ import annotations


class DraughtsError(ValueError):
    """Any bad input to the draughts engine."""


class FenError(DraughtsError):
    """A malformed or impossible FEN position."""


class NotationError(DraughtsError):
    """A move written in a form the engine cannot read."""


class IllegalMoveError(DraughtsError):
    """A well-formed move that is not legal here; ``legal`` lists the legal ones."""

    def __init__(self, message: str, legal: list[str]) -> None:
        super().__init__(message)
        self.legal = legal


class PdnError(DraughtsError):
    """A PDN game text that cannot be read."""
