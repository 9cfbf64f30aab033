"""What a robot seat remembers from batch to batch (the purse's reading of its accounts'
entries, the fair values of firms whose entries did not change) gives, all through a robot
game, exactly what reading each view afresh gives."""

from __future__ import annotations

from boardroom.bots.context import AccountParts, Memory, Purse
from boardroom.bots.seats import BoardSettings
from boardroom.bots.valuation import Valuation, fair_value
from boardroom.games.exchange.ruleset import FIRMS
from boardroom.kernel import Json
from boardroom.lab.sim import LabConfig, Simulation


def test_remembered_purses_and_fair_values_equal_fresh_ones_through_a_robot_game() -> None:
    config = LabConfig({"preset": "blitz", "years": 3}, board=BoardSettings(nodes=40))
    known: dict[str, dict[str, AccountParts]] = {}
    memories: dict[str, Memory] = {}
    checked = {"purses": 0, "fairs": 0, "reused": 0}

    class Checked(Simulation):  # the lab's Simulation is compiled: a subclass, not a patch
        def ask(self, seat: str, at: float) -> list[Json]:
            state = self.state
            seen = self.views.view(state, seat, events_since=len(state.log))
            remembered = Purse.from_view(seen, known.setdefault(seat, {}))
            assert remembered == Purse.from_view(seen)
            checked["purses"] += 1
            if seen["phase"] == "exchange" and not seen["opening"]:
                memory = memories.setdefault(seat, Memory())
                memory.observe(seen)
                fairs = memory.fair_values(seen)
                checked["reused"] += bool(fairs)
                for firm in FIRMS:
                    if firm not in fairs:
                        fairs[firm] = Valuation(seen, memory).fair_value(firm)
                    fresh = Memory(retained={y: dict(r) for y, r in memory.retained.items()})
                    assert fairs[firm] == fair_value(seen, firm, fresh)
                    checked["fairs"] += 1
            return super().ask(seat, at)

    simulation = Checked(config.spec(5), config.seats(5), seed=5)
    simulation.run()
    assert simulation.state.phase == "ended"
    assert checked["purses"] > 200 and checked["fairs"] > 800 and checked["reused"] > 20
