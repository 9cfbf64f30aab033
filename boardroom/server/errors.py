"""Typed errors: a stable code, a plain sentence, an HTTP status, extra details.

>>> err = ApiError("stale_version", "The game moved on.", 409, version=7)
>>> err.as_json()
{'code': 'stale_version', 'message': 'The game moved on.', 'version': 7}
"""

from __future__ import annotations

from typing import Any

from boardroom.i18n import render_refusal
from boardroom.kernel import Json, Refused


class ApiError(Exception):
    """An error a client gets as ``{"error": {"code", "message", ...}}``."""

    game: str | None = None
    """The game kind whose words tell this error (a core's refusal), if any."""
    names: dict[str, str] | None = None
    """The names of the people its parameters may name, by id."""

    def __init__(self, code: str, message: str, status: int = 400, **details: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.details = details

    def as_json(self, lang: str | None = None) -> Json:
        """The error's JSON; with ``lang``, its ``message`` told in that language (from the
        code and parameters, or the error's own ``texts[lang]`` when it brings them)."""
        message = self.message
        told = self.details.get("texts")
        if lang is not None and isinstance(told, dict) and isinstance(told.get(lang), dict):
            message = str(told[lang].get("message", message))  # told already (a bank import)
        elif lang is not None:
            message = render_refusal(
                self.code, self.details, lang, self.game, self.names, fallback=self.message
            )
        return {"code": self.code, "message": message, **self.details}

    @classmethod
    def refused(
        cls,
        exc: Refused,
        status: int = 409,
        game: str | None = None,
        names: dict[str, str] | None = None,
    ) -> ApiError:
        """A game core's refusal, as a 409 (the command was understood and declined)."""
        details = {k: _wire(v) for k, v in exc.details.items() if k not in ("code", "message")}
        error = cls(exc.code, exc.message, status, **details)
        error.game, error.names = game, names
        return error


def _wire(value: Any) -> Any:
    """A parameter as JSON can carry it: integers beyond 64 bits as their digits.

    >>> _wire(7), _wire(-(10**30))
    (7, '-1000000000000000000000000000000')
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 2**63:
        return str(value)
    return value


def not_found(what: str) -> ApiError:
    return ApiError("unknown_game", f"There is no {what}.", 404)


def unauthorized() -> ApiError:
    return ApiError("unknown_seat", "No seat has this secret in this game.", 401, reason="secret")


def forbidden(message: str, **details: Any) -> ApiError:
    return ApiError("forbidden", message, 403, **details)


def unknown_kind(game: object) -> Json:
    """The parameters of an ``unknown_game`` refusal for a kind no one registered.

    >>> from boardroom.games.registry import KINDS
    >>> unknown_kind("chess") == {"game": "'chess'", "kinds": list(KINDS)}
    True
    """
    from boardroom.games.registry import KINDS

    return {"game": repr(game), "kinds": list(KINDS)}
