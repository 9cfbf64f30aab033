"""What the store keeps: games, seats, events, snapshots — plain frozen records."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from boardroom.kernel import Json

#: What a file name keeps of a title: letters (any alphabet) and digits; the rest one ``-``.
NOT_NAME = re.compile(r"[^\w]+|_+")


class Conflict(Exception):
    """Another writer appended first: the caller reloads and decides again."""


@dataclass(frozen=True)
class GameRecord:
    """One game: its id, short join code, kind, setup line and creation time (epoch s);
    ``lang``: the game's language (the host's choice; every page of the game starts in it;
    ``None``: none chosen, each page follows its browser); ``next_game``: the game it goes on
    in ("play again"; ``None``: none yet)."""

    game_id: str
    code: str
    game: str
    spec: Json
    created_at: float
    host_secret_hash: str
    demo: bool = False
    lang: str | None = None
    next_game: str | None = None

    def file_stem(self) -> str:
        """How the game's downloads are named: its title (or its kind), its join code and
        the day it was made — a teacher finds the file among a term's downloads.

        >>> made = time.mktime((2026, 12, 6, 10, 0, 0, 0, 0, -1))
        >>> GameRecord("g1", "K7P2", "tournament", {"title": "5 «Б»: финал"}, made, "").file_stem()
        '5-Б-финал-K7P2-2026-12-06'
        >>> GameRecord("g1", "K7P2", "exchange", {}, made, "").file_stem()
        'exchange-K7P2-2026-12-06'
        """
        title = NOT_NAME.sub("-", str(self.spec.get("title") or "")).strip("-")[:40].strip("-")
        day = time.strftime("%Y-%m-%d", time.localtime(self.created_at))
        return f"{title or self.game}-{self.code}-{day}"


@dataclass(frozen=True)
class SeatRecord:
    """A seat: who sits there (``role`` is the core's viewer id), by name, robot or not.

    ``claim`` is the role for a seat only one person may hold, the seat id otherwise;
    the store keeps claims unique per game.
    """

    game_id: str
    seat_id: str
    role: str
    name: str
    secret_hash: str
    claim: str
    robot: bool = False


@dataclass(frozen=True)
class RobotRecord:
    """A robot playing ``role``: the host's choice (kind, board level, quiz accuracy), and
    whether it only stands in for a person who left (it hands the seat back on return)."""

    game_id: str
    role: str
    kind: str
    level: str
    accuracy: float
    stand_in: bool = False


@dataclass(frozen=True)
class StoredEvent:
    """One stored event: the version it made, the command behind it, its game time."""

    version: int
    command_id: str | None
    at: float
    body: Json


@dataclass(frozen=True)
class Snapshot:
    """A pickled state at ``version``, valid only for the same core ``fingerprint``."""

    version: int
    fingerprint: str
    state: bytes


@dataclass(frozen=True)
class ClassList:
    """A class a host keeps: its name and its pupils' names, in the host's order."""

    list_id: str
    name: str
    names: list[str]
    created_at: float


@dataclass(frozen=True)
class NamedPreset:
    """Settings a host keeps for one game kind under a name."""

    preset_id: str
    name: str
    game: str
    settings: Json
    created_at: float
