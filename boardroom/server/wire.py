"""Decoding what clients send: strict JSON (no NaN/Infinity), bounded, typed errors.

>>> decode('{"type": "ping"}', 100)
{'type': 'ping'}
>>> decode('{"qty": NaN}', 100)
Traceback (most recent call last):
...
boardroom.server.errors.ApiError: This is not valid JSON: NaN is not allowed.
>>> decode("x" * 200, 100)
Traceback (most recent call last):
...
boardroom.server.errors.ApiError: Messages are limited to 100 bytes.
>>> decode('{"text": "x\\ud800y"}', 100).get("text")
Traceback (most recent call last):
...
boardroom.server.errors.ApiError: Text at 'text' cannot be stored: ... surrogate (\\ud800).

Every text (keys too) must be storable and read back unchanged by every store: no lone
UTF-16 surrogates (not UTF-8) and no NUL character (PostgreSQL text refuses it). The
check runs before anything is stored, so one bad frame can never break a game's log.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from boardroom.server.errors import ApiError

MAX_DEPTH = 32


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def decode(text: str | bytes, limit: int) -> dict[str, Any]:
    """A JSON object from a client, or a typed :class:`ApiError`."""
    if len(text) > limit:
        raise ApiError("too_large", f"Messages are limited to {limit} bytes.", 413, limit=limit)
    value = _parsed(text)
    if value is None:
        value = _strictly_parsed(text)
    if not isinstance(value, dict):
        raise ApiError("bad_json", "A message must be a JSON object.", reason="object")
    if _depth(value) > MAX_DEPTH:
        raise ApiError("bad_json", "This JSON is nested too deeply.", reason="nested")
    _check_text(value, "")
    return value


def _parsed(text: str | bytes) -> Any:
    """``text`` parsed by orjson (several times faster) when that is surely what
    :func:`_strictly_parsed` gives; else None. orjson refuses everything the standard
    parser refuses here (NaN, lone surrogates, ...) but reads an integer beyond 64 bits
    as a float: so a value holding any float, and any refusal, is left to the standard
    parser, which also words the error.

    >>> _parsed('{"a": [1, "x", null]}'), _parsed('{"a": 1.5}'), _parsed('{"a": NaN}')
    ({'a': [1, 'x', None]}, None, None)
    >>> _parsed('{"a": 123456789012345678901234567890}') is None
    True
    """
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    return None if _holds_float(value) else value


def _holds_float(value: Any) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_holds_float(item) for item in value.values())
    if isinstance(value, list):
        return any(_holds_float(item) for item in value)
    return False


def _strictly_parsed(text: str | bytes) -> Any:
    """``text`` parsed by the standard parser (no NaN or Infinity), or a typed error."""
    try:
        return json.loads(text, parse_constant=_no_constants)
    except RecursionError:
        raise ApiError("bad_json", "This JSON is nested too deeply.", reason="nested") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError("bad_json", f"This is not valid JSON: {exc}.", reason="invalid") from None


def _check_text(value: Any, where: str) -> None:
    """Refuse text a store cannot keep and give back unchanged (code ``bad_text``)."""
    if isinstance(value, str):
        _storable(value, where)
    elif isinstance(value, dict):
        for key, item in value.items():
            _storable(key, where)
            _check_text(item, f"{where}.{key}" if where else key)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_text(item, f"{where}[{index}]")


def _storable(text: str, where: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = f"\\u{ord(text[exc.start]):04x}"
        raise ApiError(
            "bad_text",
            f"Text at {where or 'top level'!r} cannot be stored: "
            f"it holds a lone surrogate ({bad}).",
            reason="surrogate",
            where=where[:120],
        ) from None
    if "\x00" in text:
        raise ApiError(
            "bad_text",
            f"Text at {where or 'top level'!r} cannot be stored: it holds a NUL character.",
            reason="nul",
            where=where[:120],
        )


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level
