"""Secrets, their hashes, game ids and short join codes.

>>> len(new_secret()) >= 22, len(hash_secret("x"))
(True, 64)
>>> code = new_code()
>>> len(code), code.isalnum(), code == code.upper()
(6, True, True)
"""

from __future__ import annotations

import hashlib
import secrets

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I


def new_secret() -> str:
    """A seat or host secret: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def hash_secret(secret: str) -> str:
    """What the store keeps of a secret (never the secret itself)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def same_secret(secret: str, stored_hash: str) -> bool:
    """Compare a presented secret with a stored hash in constant time."""
    return secrets.compare_digest(hash_secret(secret), stored_hash)


def new_game_id() -> str:
    """A game id: 96 random bits (not a secret: knowing it grants nothing)."""
    return "g" + secrets.token_hex(12)


def new_seat_id() -> str:
    return "s" + secrets.token_hex(8)


def new_code(length: int = 6) -> str:
    """A short code players type to join (about 30 bits; joining needs more than it)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
