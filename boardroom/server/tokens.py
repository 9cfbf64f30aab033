"""Secrets, their hashes, game ids and short join codes.

>>> len(new_secret()) >= 22, len(hash_secret("x"))
(True, 64)
>>> code = new_code()
>>> len(code), code.isalnum(), code == code.upper()
(6, True, True)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I


def new_secret() -> str:
    """A seat or host secret: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def hash_secret(secret: str) -> str:
    """What the store keeps of a secret (never the secret itself)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def carried_secret(secret: str, old_game: str) -> str:
    """The secret of a seat in the game made from ``old_game`` ("play again"), for the holder
    of ``secret`` there: keyed by that secret (only its holder can know it; asked twice, the
    same), as long as a secret of its own (192 bits, URL-safe).

    >>> one = carried_secret("s", "g1")
    >>> one == carried_secret("s", "g1"), one == carried_secret("t", "g1"), len(one)
    (True, False, 32)
    """
    digest = hmac.new(secret.encode(), f"again:{old_game}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def same_secret(secret: str, stored_hash: str) -> bool:
    """Compare a presented secret with a stored hash in constant time."""
    return secrets.compare_digest(hash_secret(secret), stored_hash)


def new_game_id() -> str:
    """A game id: 96 random bits (not a secret: knowing it grants nothing)."""
    return "g" + secrets.token_hex(12)


def new_opaque_id(prefix: str = "q-") -> str:
    """An id a client sees that says nothing (a question's): 64 random bits."""
    return prefix + secrets.token_hex(8)


def new_seat_id() -> str:
    return "s" + secrets.token_hex(8)


def team_code(key: str, game_code: str, role: str) -> str:
    """A team's own join code: the game's code, a dash and six characters keyed by a
    secret only the server holds (so knowing the game's code opens no team).

    >>> one = team_code("k", "ABC123", "A")
    >>> one.startswith("ABC123-"), len(one), one == team_code("k", "ABC123", "B")
    (True, 13, False)
    """
    digest = hmac.new(key.encode(), f"team:{role}".encode(), hashlib.sha256).digest()
    suffix = "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:6])
    return f"{game_code}-{suffix}"


def new_code(length: int = 6) -> str:
    """A short code players type to join (about 30 bits; joining needs more than it)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
