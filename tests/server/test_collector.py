"""The garbage-collection hook the server installs: freeze after full collections, thaw."""

from __future__ import annotations

import gc

from boardroom.server.collector import YOUNG, Freezer, install, uninstall


def test_full_collections_freeze_their_survivors_and_a_thaw_comes_every_so_often() -> None:
    gc.unfreeze()
    now = [0.0]
    freezer = Freezer(60.0, clock=lambda: now[0])
    try:
        for phase, generation in (("stop", 0), ("stop", 1), ("start", 2)):
            freezer(phase, {"generation": generation})
            assert gc.get_freeze_count() == 0
        freezer("stop", {"generation": 2})
        assert gc.get_freeze_count() > 0
        now[0] = 61.0
        freezer("stop", {"generation": 2})
        assert gc.get_freeze_count() == 0  # thawed: the next full collection sees everything
        freezer("stop", {"generation": 2})
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_the_hook_acts_on_real_collections_and_can_be_removed() -> None:
    gc.unfreeze()
    before = gc.get_threshold()
    assert install(0) is None
    assert gc.get_threshold() == before
    freezer = install(600.0)
    assert freezer is not None and freezer in gc.callbacks
    try:
        assert gc.get_threshold() == (YOUNG, *before[1:])
        gc.collect()
        assert gc.get_freeze_count() > 0
    finally:
        uninstall(freezer)
    assert freezer not in gc.callbacks and gc.get_freeze_count() == 0
    assert gc.get_threshold() == before
