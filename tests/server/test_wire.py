"""What a client sends is read as the standard JSON parser reads it: orjson is only a
faster way to the same value (``server/wire.py``), and every refusal is worded the same."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from boardroom.server import wire
from boardroom.server.errors import ApiError
from boardroom.server.wire import decode

TEXTS = [
    '{"type": "command", "command": {"type": "place", "qty": 2, "price": 105}}',
    '{"a": 1.5, "b": [1e400]}',
    '{"a": 123456789012345678901234567890}',
    '{"a": -9223372036854775809, "b": 18446744073709551615}',
    '{"a": NaN}',
    '{"a": Infinity}',
    '{"a": 1, "a": 2}',
    '{"a": -0.0, "b": -0}',
    '{"a": "\\ud800"}',
    '{"a": "\\udc00\\ud800"}',
    '{"\\ud83d\\ude00": "Пётр"}',
    '{"a": "\\u0000"}',
    "\ufeff{}",
    '{"a": "\x01"}',
    "{} {}",
    ' {"a": [true, false, null]} ',
    '{"a": 01}',
    "[1, 2]",
    "null",
    '"text"',
    '{"a": ' * 40 + "1" + "}" * 40,
    "[" * 2000 + "]" * 2000,
    '{"a": "x\\ny\\t\\"z\\u2028"}',
]


def before(text: str | bytes) -> dict[str, Any]:
    """``decode`` as it was before orjson: the standard parser alone."""
    try:
        value = json.loads(text, parse_constant=wire._no_constants)
    except RecursionError:
        raise ApiError("bad_json", "This JSON is nested too deeply.", reason="nested") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError("bad_json", f"This is not valid JSON: {exc}.", reason="invalid") from None
    if not isinstance(value, dict):
        raise ApiError("bad_json", "A message must be a JSON object.", reason="object")
    if wire._depth(value) > wire.MAX_DEPTH:
        raise ApiError("bad_json", "This JSON is nested too deeply.", reason="nested")
    wire._check_text(value, "")
    return value


def outcome(read: Callable[[str | bytes], dict[str, Any]], text: str | bytes) -> Any:
    """The value read (with the types of its leaves), or the refusal's code, words, details."""
    try:
        value = read(text)
    except ApiError as exc:
        return exc.code, exc.message, exc.details
    return value, json.dumps(value), [type(leaf) for leaf in _leaves(value)]


@pytest.mark.parametrize("text", TEXTS)
def test_a_message_reads_as_the_standard_parser_reads_it(text: str) -> None:
    assert outcome(lambda t: decode(t, 100_000), text) == outcome(before, text)


@pytest.mark.parametrize("text", TEXTS)
def test_bytes_read_as_text_does(text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    assert outcome(lambda t: decode(t, 100_000), data) == outcome(before, data)


def test_refusals_keep_their_words() -> None:
    read = lambda t: decode(t, 100_000)  # noqa: E731
    assert outcome(read, '{"qty": NaN}')[1] == "This is not valid JSON: NaN is not allowed."
    assert outcome(read, '{"a": 01}')[1].startswith("This is not valid JSON: Expecting")
    assert outcome(read, "[" * 2000 + "]" * 2000)[0] == "bad_json"
    assert outcome(read, '{"a": "\\ud800"}')[0] == "bad_text"
    assert outcome(read, "[1]")[2] == {"reason": "object"}


def test_a_big_integer_stays_an_integer() -> None:
    big = decode('{"n": 123456789012345678901234567890}', 100)["n"]
    assert big == 123456789012345678901234567890 and isinstance(big, int)
    assert isinstance(decode('{"n": 2.0}', 100)["n"], float)


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]
