"""What the store keeps: games, seats, events, snapshots — plain frozen records."""

from __future__ import annotations

from dataclasses import dataclass

from boardroom.kernel import Json


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
