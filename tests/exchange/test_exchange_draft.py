"""The draft's copy on write: deciding never changes the state, applying never changes a draft.

A draft (``state.clone()``) shares every part with the state until one of them changes it;
these tests drive whole robot games (every kind of event that changes a part in place) and
check, command by command, that neither side ever sees the other's changes.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from boardroom.games.exchange import RULES, ExchangeState
from boardroom.games.exchange.events import CHANGES
from boardroom.games.exchange.state import Call
from boardroom.kernel import Decided, Journal, Json, Outcome, fold
from boardroom.lab.sim import LabConfig, Simulation


def picture(state: ExchangeState) -> Json:
    """A deep copy of everything in the state but its log (a draft's log holds its own events)."""
    shot = state.snapshot()
    del shot["log"]
    return copy.deepcopy(shot)


class Checked(Simulation):
    """A simulation that checks both directions of the copy on write at every command."""

    kinds: set[str]

    def send(self, command: Json, at: float) -> bool:
        journal, handle = self.journal, self.journal.handle
        self.kinds = getattr(self, "kinds", set())

        def checked(command: Json, now: float) -> Outcome:
            state = journal.state
            before = picture(state)
            try:
                events = RULES.decide(state, command, now)
            finally:
                assert picture(state) == before, f"deciding {command} changed the state"
            draft = state.clone()
            drafted = picture(draft)
            outcome = journal.record(command, events)
            assert picture(draft) == drafted, f"applying {command} changed a draft"
            self.kinds.update(e["type"] for e in events)
            return outcome

        journal.handle = checked  # type: ignore[method-assign]
        try:
            return super().send(command, at)
        finally:
            journal.handle = handle  # type: ignore[method-assign]


def play_checked(config: LabConfig, seed: int) -> Checked:
    game = Checked(config.spec(seed), config.seats(seed), seed=seed, late_rate=config.late_rate)
    game.send({"type": "rename", "by": "p3", "name": "Вера"}, 0.0)
    game.run()
    return game


def test_deciding_and_applying_keep_the_state_and_its_drafts_apart() -> None:
    config = LabConfig(ruleset={"preset": "blitz", "years": 2}, late_rate=0.3)
    game = play_checked(config, seed=3)
    assert game.state.phase == "ended"
    assert set(CHANGES) <= game.kinds, "some kind of event was never checked"
    rebuilt = fold(RULES, game.journal.setup_spec, game.journal.events)
    assert rebuilt.snapshot() == game.state.snapshot()


def test_a_draft_of_a_draft_is_apart_from_both() -> None:
    config = LabConfig(ruleset={"preset": "blitz", "years": 1})
    game = play_checked(config, seed=5)
    state: Any = fold(RULES, game.journal.setup_spec, game.journal.events[:60])
    first = state.clone()
    second = first.clone()
    pictures = [picture(s) for s in (state, first, second)]
    for event in game.journal.events[60:90]:
        RULES.evolve(first, copy.deepcopy(event))
    assert picture(state) == pictures[0]
    assert picture(second) == pictures[2]
    assert picture(first) != pictures[1]


def test_taking_a_draft_takes_every_field() -> None:
    config = LabConfig(ruleset={"preset": "blitz", "years": 1})
    state = fold(RULES, config.spec(1), [])
    later = Simulation(config.spec(2), config.seats(2), seed=2).run().state
    later.waiting, later.opening, later.paused_at = "taxes", True, 7.5
    later.call, later.board_result = Call("white", 1, 0), {"winner": None, "reason": "x"}
    later.shared = {"firms"}
    draft = state.clone()
    names = [f.name for f in dataclasses.fields(ExchangeState) if f.name != "log"]
    for name in names:
        setattr(draft, name, getattr(later, name))
    draft.log = [{"type": "noted"}]
    state.take(draft)
    assert state.min_move_at == later.min_move_at != 0.0  # a float: compiled, not boxed
    names.remove("min_move_at")
    assert [n for n in names if getattr(state, n) is not getattr(later, n)] == []
    assert state.log[-1] == {"type": "noted"}


def test_events_are_settled_only_on_the_state_they_were_decided_on() -> None:
    config = LabConfig(ruleset={"preset": "blitz", "years": 1})
    journal = Journal.open(RULES, config.spec(1))
    start = {"type": "start", "by": "host"}
    copied = copy.deepcopy(events := RULES.decide(journal.state, start, 0.0))
    assert type(copied) is list
    journal.record(start, copied)  # not the decided events: folded as a plain list
    assert isinstance(events, Decided)
    assert not events.settle(journal.state, events), "the state moved on"
    order = {
        "type": "order",
        "by": "p3",
        "account": "p3",
        "stock": 1,
        "side": "buy",
        "qty": 1,
        "price": 5,
    }
    decided = RULES.decide(journal.state, order, 1.0)
    assert isinstance(decided, Decided)
    assert not decided.settle(fold(RULES, journal.setup_spec, journal.events), decided)
    journal.record(order, decided)
    assert journal.state.log[-len(decided) :] == decided
    assert not decided.settle(journal.state, decided), "settled twice"
    rebuilt = fold(RULES, journal.setup_spec, journal.events)
    assert rebuilt.snapshot() == journal.state.snapshot()
