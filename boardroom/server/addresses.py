"""Per-address limits where seats and games multiply: joins, game creation, bank parsing.

One token bucket per (what, client address); the table is bounded, so a flood of
addresses cannot grow it for ever (the fullest buckets — the idle ones — go first).

>>> limits = AddressLimits({"join": (1.0, 2)}, max_keys=100)
>>> [limits.allow("join", "10.0.0.1", now=0.0) for _ in range(3)]
[True, True, False]
>>> limits.allow("join", "10.0.0.2", now=0.0), limits.allow("join", "10.0.0.1", now=1.0)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardroom.server.errors import ApiError
from boardroom.server.ratelimit import TokenBucket

LOOPBACK = ("127.0.0.1", "::1", "localhost")


@dataclass
class AddressLimits:
    """``rates[what] = (per second, burst)``; ``what`` not listed is not limited."""

    rates: dict[str, tuple[float, int]]
    max_keys: int = 50_000
    buckets: dict[tuple[str, str], TokenBucket] = field(default_factory=dict)

    def allow(self, what: str, address: str, now: float) -> bool:
        rate = self.rates.get(what)
        if rate is None:
            return True
        key = (what, address)
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                self._prune(now)
            bucket = self.buckets[key] = TokenBucket(*rate)
        return bucket.take(now)

    def check(self, what: str, address: str, now: float) -> None:
        """Raise a typed 429 when ``address`` is over its ``what`` limit."""
        if not self.allow(what, address, now):
            raise ApiError(
                "too_many_from_address",
                f"Too many {what} requests from this address; wait a minute and try again.",
                429,
                what=what,
            )

    def _prune(self, now: float) -> None:
        """Drop the buckets that have refilled (an idle address), else the older half."""
        for key, bucket in list(self.buckets.items()):
            if bucket.tokens + (now - bucket.stamp) * bucket.rate >= bucket.burst:
                del self.buckets[key]
        if len(self.buckets) >= self.max_keys:
            for key in list(self.buckets)[: len(self.buckets) // 2]:
                del self.buckets[key]


def is_loopback(address: str | None) -> bool:
    """Is this client address the machine itself?

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("192.168.1.5")
    (True, True, False)
    """
    return address in LOOPBACK
