"""A state pickles and copies whole: the server keeps pickled snapshots of live games.

Compiled by mypyc, the state's classes write their own ``__init__`` and pickle by
``__reduce__``; these tests take states from a whole robot game (orders resting, a firm
on call, meetings with votes) and check that a pickled or deep-copied state is the same
state and decides the next command the same way.
"""

from __future__ import annotations

import copy
import pickle

from boardroom.games.exchange import RULES, ExchangeState
from boardroom.kernel import Json, Refused
from boardroom.lab.sim import LabConfig, Simulation


class Pickled(Simulation):
    """A simulation that, every few commands, decides on a pickled and a copied state too."""

    checked: set[str]

    def send(self, command: Json, at: float) -> bool:
        self.checked = getattr(self, "checked", set())
        if self.sent % 7 == 0:
            state, now = self.state, max(self.now, at)
            again = pickle.loads(pickle.dumps(state))
            copied = copy.deepcopy(state)
            assert again.snapshot() == copied.snapshot() == state.snapshot()
            answers = [_decided(s, command, now) for s in (state, again, copied)]
            assert answers[0] == answers[1] == answers[2], f"{command} decided differently"
            self.checked.update(_parts(state))
        return super().send(command, at)


def _decided(state: ExchangeState, command: Json, now: float) -> object:
    try:
        return RULES.decide(state, command, now)
    except Refused as exc:
        return exc.as_json()


def _parts(state: ExchangeState) -> set[str]:
    shot = state.snapshot()
    found = {"phase:" + shot["phase"]}
    if shot["call"] is not None:
        found.add("call")
    if any(bids or asks for bids, asks in shot["books"].values()):
        found.add("orders")
    if any(votes for _, votes in shot["meetings"].values()):
        found.add("votes")
    return found


def test_a_pickled_or_copied_state_is_the_same_and_decides_the_same() -> None:
    config = LabConfig(ruleset={"preset": "blitz", "years": 2})
    game = Pickled(config.spec(4), config.seats(4), seed=4)
    game.run()
    assert game.state.phase == "ended"
    assert {"call", "orders", "votes", "phase:exchange", "phase:board"} <= game.checked
