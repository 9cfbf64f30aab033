"""The HTTP bodies, as pydantic models (they make the published OpenAPI)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from boardroom.games.registry import KINDS

MAX_NAME = 40


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateGame(Strict):
    """A new game: its kind and setup line (the protocol's first replay line)."""

    game: str = Field(max_length=40, json_schema_extra={"enum": list(KINDS)})
    setup: dict[str, Any] | None = Field(
        default=None, description="The setup line; the demo setup of the kind when left out."
    )
    draft: str | None = Field(
        default=None,
        max_length=100,
        description="The creation ticket the start page uploaded its question bank with: "
        "consumed, and the game keeps the media uploaded with it.",
    )
    lang: Literal["ru", "en"] | None = Field(
        default=None,
        description="The game's language: every page of the game starts in it (each person "
        "may switch their own page); the start page sends Russian unless the host chooses. "
        "Without it each page follows its browser.",
    )


class Links(BaseModel):
    host: str
    join: str
    projector: str


class CreatedGame(BaseModel):
    game_id: str
    code: str
    game: str
    host_secret: str = Field(description="Keep it: it is the host's only way in.")
    links: Links


class Join(Strict):
    """Take a seat: by short code (or game id), with a display name, a role if wanted."""

    code: str | None = Field(default=None, max_length=16)
    game_id: str | None = Field(default=None, max_length=40)
    name: str = Field(min_length=1, max_length=MAX_NAME)
    role: str | None = Field(default=None, max_length=64)


class Joined(BaseModel):
    game_id: str
    seat: str
    role: str
    name: str
    secret: str = Field(description="The seat secret: come back with it (also set as a cookie).")
    link: str


class CommandBody(Strict):
    """A command, and optionally the version the client saw (stale → ``stale_version``)."""

    command: dict[str, Any]
    version: int | None = Field(default=None, ge=0, le=10**12)


class AckOut(BaseModel):
    version: int
    events: int
    duplicate: bool


class RobotChoiceIn(Strict):
    """One robot's kind, board level and (quiz) share of questions answered right."""

    kind: Literal["director", "value", "raider", "noise", "mixed", "board"] | None = None
    level: Literal["beginner", "casual", "club", "strong"] | None = None
    accuracy: float | None = Field(default=None, ge=0, le=1)


class Robots(Strict):
    """Seat robots in these roles (every empty role when left out): of the kind and level
    given (defaults: mixed, club; quiz accuracy 0.6), or per role in ``seats``."""

    roles: list[str] | None = Field(default=None, max_length=64)
    kind: Literal["director", "value", "raider", "noise", "mixed", "board"] | None = None
    level: Literal["beginner", "casual", "club", "strong"] | None = None
    accuracy: float | None = Field(default=None, ge=0, le=1)
    seats: dict[str, RobotChoiceIn] | None = Field(default=None, max_length=64)

    def default_choice(self) -> dict[str, Any]:
        """The request's choice for every robot (fields left out are not set)."""
        return _set({"kind": self.kind, "level": self.level, "accuracy": self.accuracy})

    def role_choices(self) -> dict[str, dict[str, Any]]:
        return {role: _set(c.model_dump()) for role, c in (self.seats or {}).items()}


def _set(values: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


class RobotsOut(BaseModel):
    seated: list[str]


class SeatView(BaseModel):
    game_id: str
    game: str
    code: str
    lang: str | None = Field(
        default=None, description="The game's language (the host's choice at creation)."
    )
    seat: str
    role: str
    next: str | None = Field(
        default=None,
        description="The game this one went on in (play again): follow with POST …/follow.",
    )
    file_stem: str = Field(
        default="", description="How the game's downloads are named: title or kind, code, day."
    )
    version: int
    view: dict[str, Any]
    actions: dict[str, Any] = Field(
        description="What this seat may send now: command type -> its options."
    )


class ErrorBody(BaseModel):
    code: str
    message: str


class ErrorOut(BaseModel):
    error: ErrorBody


class Health(BaseModel):
    status: str
