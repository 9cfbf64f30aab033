"""A teacher's code: eight characters the teacher types on another browser to take there the
host key and the host secrets of the chosen games (``web/handover.py``).

The code has 40 random bits from the join codes' alphabet (no 0/O, 1/I), shown in two
groups of four. The store keeps neither the code nor what it carries in the clear: one slow
hash of the code (scrypt) gives both the key the hand-over is kept under (``lookup``) and
the keys that seal its contents (a SHAKE-256 key stream and an HMAC-SHA256 tag). Reading the
database in the few minutes a code lives would take a search of 2^40 scrypt hashes per code.

>>> code = new_code()
>>> len(code), set(code) <= set(CODE_ALPHABET), shown(code)[4]
(8, True, '-')
>>> typed("  abcd-efgh "), typed("ABCD EFG"), typed("ABCD-EFG0")
('ABCDEFGH', None, None)
>>> keys = derive("ABCDEFGH")
>>> len(keys.lookup), keys.lookup == derive("ABCDEFGH").lookup != derive("ABCDEFGJ").lookup
(64, True)
>>> box = seal(b'{"key": "k"}', keys)
>>> unseal(box, keys), unseal(box, derive("ABCDEFGJ")), unseal(box[:-1] + b"x", keys)
(b'{"key": "k"}', None, None)
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from boardroom.server.tokens import CODE_ALPHABET

LENGTH = 8
SALT = b"boardroom teacher code v1"
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
"""50–100 ms and 16 MB a hash: each code typed costs the server that (rate-limited)."""
TAG = 32
_SPACES = re.compile(r"[\s\-–—_.]+")


def new_code() -> str:
    """A new code: :data:`LENGTH` characters, 40 random bits."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(LENGTH))


def shown(code: str) -> str:
    """The code as shown and read aloud: two groups of four."""
    return f"{code[:4]}-{code[4:]}"


def typed(text: str) -> str | None:
    """The code a person typed (any case, spaces and dashes anywhere); None if it cannot be
    one (then no hash is computed)."""
    code = _SPACES.sub("", text).upper()
    if len(code) != LENGTH or not set(code) <= set(CODE_ALPHABET):
        return None
    return code


@dataclass(frozen=True)
class Keys:
    """What one slow hash of a code gives: the stored lookup (hex) and the sealing keys."""

    lookup: str
    stream: bytes
    tag: bytes


def derive(code: str) -> Keys:
    """The code's keys (slow on purpose: run it off the event loop)."""
    out = hashlib.scrypt(code.encode(), salt=SALT, dklen=96, **SCRYPT)
    return Keys(out[:32].hex(), out[32:64], out[64:])


def seal(data: bytes, keys: Keys) -> bytes:
    """``data`` sealed by the code's keys (each code seals once: no nonce is needed)."""
    body = _xor(data, keys.stream)
    return body + hmac.new(keys.tag, body, hashlib.sha256).digest()


def unseal(box: bytes, keys: Keys) -> bytes | None:
    """What ``box`` holds, or None if these keys did not seal it (or it was changed)."""
    body, tag = box[:-TAG], box[-TAG:]
    if not hmac.compare_digest(tag, hmac.new(keys.tag, body, hashlib.sha256).digest()):
        return None
    return _xor(body, keys.stream)


def _xor(data: bytes, key: bytes) -> bytes:
    stream = hashlib.shake_256(key).digest(len(data))
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")
