"""Boardroom: live classroom games played on a Russian-draughts board."""

__version__ = "0.1.0"
