"""Command ids: each seat's in its own namespace, the server's and robots' in one no client reaches.

A client's ``id`` is only ever stored as ``seat:<seat id>:<id>``, so two seats that
pick the same id never collide, and nothing a client sends can take an id of the
server's own (``server:…``) or of a robot's (``robot:…``).

>>> seat_scoped("s1a2", "c7")
'seat:s1a2:c7'
>>> server_id("tick", 12, 30.5), robot_id("p3", 12)
('server:tick:12:30.5', 'robot:p3:12')
>>> seat_scoped("host", "server:tick:12:30.5").startswith("server:")
False
"""

from __future__ import annotations

MAX_CLIENT_ID = 100
"""The longest id a client may give (the store keeps up to 160 characters with the prefix)."""


def seat_scoped(seat_id: str, command_id: str) -> str:
    """The stored form of a client's command id: scoped to the seat that sent it."""
    return f"seat:{seat_id}:{command_id}"


def server_id(*parts: object) -> str:
    """An id for a command the server itself sends (a deadline's tick)."""
    return "server:" + ":".join(str(p) for p in parts)


def robot_id(role: str, version: int) -> str:
    """An id for a robot's command: one per robot seat and game version."""
    return f"robot:{role}:{version}"
