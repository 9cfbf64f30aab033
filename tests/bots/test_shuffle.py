"""The robots' shuffle draws exactly as the standard library's (the same games from a seed)."""

from __future__ import annotations

import random

from boardroom.bots.context import shuffle


def test_the_shuffle_is_the_standard_librarys() -> None:
    for seed in range(300):
        for length in (0, 1, 2, 3, 7, 8, 9, 31):
            mine, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(length)), list(range(length))
            shuffle(mine, a)
            theirs.shuffle(b)
            assert a == b
            assert mine.random() == theirs.random(), "a different number of draws"
