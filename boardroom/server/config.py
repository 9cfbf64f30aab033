"""The server's settings, with the defaults ``boardroom serve`` runs with (but the host and
the database: the command line chooses those, ``web/start.py``: the room's network and the
user's data directory).

>>> Settings().db_url
'sqlite:///var/boardroom.sqlite3'
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from boardroom.server.room import Room

DEFAULT_DB = "sqlite:///var/boardroom.sqlite3"


@dataclass
class Settings:
    """Everything tunable: where, which database, limits, timings."""

    host: str = "127.0.0.1"
    port: int = 8000
    db_url: str = DEFAULT_DB
    demo: bool = True
    public_url: str | None = None
    """The address people reach the server at from outside (a proxy's); wins over the room's."""
    room_addresses: str = ""
    """The room network's addresses by hand (``a,b``, the first the default); empty: the
    machine's interfaces, the default route's first (``server/room.py``)."""
    max_http_body: int = 64 * 1024
    max_upload_body: int = 16 * 1024 * 1024
    upload_paths: tuple[str, ...] = ("/api/games", "/api/web/bank")
    max_ws_frame: int = 64 * 1024
    ws_hard_limit: int = 1024 * 1024
    rate_per_s: float = 20.0
    rate_burst: int = 40
    join_rate_per_s: float = 1.0
    join_burst: int = 150
    """Joins (and projector seats) per client address: a classroom behind one address fits."""
    create_rate_per_s: float = 0.2
    create_burst: int = 30
    """Games created per client address."""
    bank_rate_per_s: float = 0.2
    bank_burst: int = 10
    """Question banks read (``POST /api/web/bank``) per client address."""
    bank_workers: int = 2
    bank_parse_s: float = 10.0
    bank_memory_mb: int = 1024
    max_bank_questions: int = 5000
    """Banks read at once (each in its own child process), the longest a reading may take
    and the memory its process may take (killed past either), the most questions a bank
    holds."""
    draft_rate_per_s: float = 0.2
    draft_burst: int = 30
    """Creation tickets (``POST /api/web/draft``) issued per client address."""
    draft_ttl_s: float = 24 * 3600.0
    """How long a creation ticket lasts; the media uploaded with it and not taken by a game
    made with it are deleted then."""
    handover_ttl_s: float = 600.0
    """How long a teacher's code (the host key for another browser) may be used, once."""
    handover_rate_per_s: float = 0.1
    handover_burst: int = 10
    """Teacher's codes typed per client address: a few typing slips, then one each 10 s
    (a guess of 40 bits, at that pace, never lands)."""
    handover_code_rate_per_s: float = 0.2
    handover_code_burst: int = 30
    """Teacher's codes made per client address."""
    sweep_every_s: float = 600.0
    """How often the server deletes expired tickets and their media (also when a ticket
    is issued)."""
    metrics_public: bool = False
    """Serve ``/metrics`` to every address (by default only to the machine itself)."""
    snapshot_every: int = 200
    robot_poll_s: float = 1.0
    """The longest a game's robot runner sleeps without looking at the clock."""
    tick_retry_s: float = 1.0
    """A deadline's tick that changed nothing is tried again this much later."""
    lead_retry_s: float = 2.0
    """How often a process confirms the games it leads and takes over those whose lead is
    free (its own, and with several processes every game with a deadline)."""
    presence_ttl_s: float = 15.0
    """With several processes: how long a process's note of who is connected stays true
    without being renewed (it renews every third of it; a dead process's expires)."""
    send_queue: int = 256
    hello_timeout_s: float = 10.0
    ws_deflate: bool = True
    """Compress WebSocket frames (permessage-deflate): less bandwidth, more CPU per frame."""
    ws_deflate_min: int = 2048
    """With compression on, messages shorter than this many bytes go out uncompressed (an
    incremental view, an ack: little to save, a compression per socket to pay; 0: compress
    all); see ``server/deflate.py``."""
    gc_thaw_s: float = 600.0
    """Freeze what outlives each full garbage collection, thaw every so often (0: off)."""
    profile: str = ""
    """Profile the event loop from SIGUSR1 to SIGUSR2 into this file (``server/profiling.py``)."""
    coach_depth: int = 6
    coach_workers: int = 1
    """The coach's search depth per position and its worker processes (``server/coach.py``)."""
    coach_hold: str = ""
    """Tests only: the coach's worker waits until this file exists before it analyses
    (so a test can see an analysis still running, whatever the machine's speed)."""
    event_hold: str = ""
    """Tests only: a folder; a class event's step named by a file ``<step>.hold`` in it
    (``open-<round>-<board>``: a board's game stored, not yet seated and started;
    ``carry-<round>-<board>``: a board's game ended, its result not yet in the event) writes
    ``<step>.reached`` and waits there while the file is there (a test kills the server
    at that point): ``server/tournaments.py``."""
    clock: Callable[[], float] = field(default=time.time, repr=False)
    _room: Room | None = field(default=None, init=False, repr=False, compare=False)

    def body_limit(self, path: str) -> int:
        """The largest HTTP body accepted on ``path``: game setups and question banks may be big.

        >>> Settings().body_limit("/api/web/bank") > Settings().body_limit("/api/games/x/commands")
        True
        """
        return self.max_upload_body if path in self.upload_paths else self.max_http_body

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **given: Any) -> Settings:
        """Settings from ``given``, then ``BOARDROOM_<FIELD>`` environment variables.

        >>> Settings.from_env({"BOARDROOM_RATE_BURST": "5"}, port=9000).rate_burst
        5
        """
        env = os.environ if env is None else env
        values = dict(given)
        for item in dataclasses.fields(cls):
            raw = env.get(f"BOARDROOM_{item.name.upper()}")
            if raw is None or item.name in values or not item.init or item.name == "clock":
                continue
            default = getattr(cls(), item.name)
            kind = str if default is None else type(default)
            values[item.name] = raw.lower() in ("1", "true", "yes") if kind is bool else kind(raw)
        return cls(**values)

    def room(self) -> Room:
        """This machine's room addresses (discovered once per settings)."""
        if self._room is None:
            given = self.room_addresses
            self._room = Room.given(given) if given else Room.discover()
        return self._room

    @property
    def base_url(self) -> str:
        """The origin put in printed links and QR codes: ``public_url``, else the room's
        default address when listening on the room network, else loopback.

        >>> Settings(host="0.0.0.0", room_addresses="192.0.2.2").base_url
        'http://192.0.2.2:8000'
        >>> Settings(host="127.0.0.1").base_url
        'http://127.0.0.1:8000'
        """
        return self.public_url or self.room().base_url(self.host, self.port)
