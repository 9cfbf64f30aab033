"""Boardroom: live classroom games played on a Russian-draughts board."""

from boardroom import native as native  # first: decides which build of the hot paths loads

__version__ = "0.1.0"
