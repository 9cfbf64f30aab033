"""A class tournament as a live game kind: one code for the class, rounds of Russian
draughts boards the server opens (see ``docs/tournament.md``, "The live event")."""

from __future__ import annotations

from boardroom.games.tournament.kind import KIND, RULES

__all__ = ["KIND", "RULES"]
