"""Per-seat rate limits: a token bucket.

>>> bucket = TokenBucket(rate=1.0, burst=2)
>>> [bucket.take(now=0.0) for _ in range(3)]
[True, True, False]
>>> bucket.take(now=1.0)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TokenBucket:
    """``burst`` commands at once, then ``rate`` a second."""

    rate: float
    burst: int
    tokens: float = field(default=-1.0)
    stamp: float = 0.0

    def take(self, now: float) -> bool:
        if self.tokens < 0:
            self.tokens, self.stamp = float(self.burst), now
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


@dataclass
class RateLimiter:
    """One bucket per key (a seat id)."""

    rate: float
    burst: int
    buckets: dict[str, TokenBucket] = field(default_factory=dict)

    def allow(self, key: str, now: float) -> bool:
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket.take(now)
