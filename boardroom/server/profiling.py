"""A profile of a running server, between two signals: what one process spends its CPU on.

With ``BOARDROOM_PROFILE=/path/to/stats`` the server profiles its main thread (the event
loop: views, encoding, sockets) with :mod:`cProfile` from ``SIGUSR1`` to ``SIGUSR2`` and
then writes the statistics to that file (``python -m pstats FILE`` reads them). It times
the thread's CPU time (``time.thread_time``), not the clock: what other processes on a
busy machine take does not count, nor does the loop's waiting.
``benchmarks/load.py --profile FILE`` sends both signals around its measured minutes, so
seating 1,200 clients does not count. The switch is for measuring only: profiling slows
the server down several times.
"""

from __future__ import annotations

import cProfile
import signal
import time
from dataclasses import dataclass, field
from types import FrameType


@dataclass
class SignalProfiler:
    """Starts on ``SIGUSR1``; on ``SIGUSR2`` stops and writes its statistics to ``path``."""

    path: str
    profile: cProfile.Profile = field(default_factory=cProfile.Profile)

    def start(self, signum: int = 0, frame: FrameType | None = None) -> None:
        self.profile = cProfile.Profile(time.thread_time)
        self.profile.enable()

    def stop(self, signum: int = 0, frame: FrameType | None = None) -> None:
        self.profile.disable()
        self.profile.dump_stats(self.path)


def install(path: str) -> SignalProfiler | None:
    """Profile between ``SIGUSR1`` and ``SIGUSR2`` into ``path`` (empty: nothing is installed)."""
    if not path:
        return None
    profiler = SignalProfiler(path)
    signal.signal(signal.SIGUSR1, profiler.start)
    signal.signal(signal.SIGUSR2, profiler.stop)
    return profiler
