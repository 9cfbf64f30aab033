"""Typed errors: a stable code, a plain sentence, an HTTP status, extra details.

>>> err = ApiError("stale_version", "The game moved on.", 409, version=7)
>>> err.as_json()
{'code': 'stale_version', 'message': 'The game moved on.', 'version': 7}
"""

from __future__ import annotations

from typing import Any

from boardroom.kernel import Json, Refused


class ApiError(Exception):
    """An error a client gets as ``{"error": {"code", "message", ...}}``."""

    def __init__(self, code: str, message: str, status: int = 400, **details: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.details = details

    def as_json(self) -> Json:
        return {"code": self.code, "message": self.message, **self.details}

    @classmethod
    def refused(cls, exc: Refused) -> ApiError:
        """A game core's refusal, as a 409 (the command was understood and declined)."""
        details = {k: v for k, v in exc.details.items() if k not in ("code", "message")}
        return cls(exc.code, exc.message, 409, **details)


def not_found(what: str) -> ApiError:
    return ApiError("unknown_game", f"There is no {what}.", 404)


def unauthorized() -> ApiError:
    return ApiError("unknown_seat", "No seat has this secret in this game.", 401)


def forbidden(message: str) -> ApiError:
    return ApiError("forbidden", message, 403)
