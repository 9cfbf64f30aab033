"""Russian draughts: a plain game between two seats, the warm-up before the business game.

White and black are people or the board robot at a level the host chose; a clock per
side (minutes per game, an increment, a limit per move) — running out loses; resign;
draw offers; the engine's draw rules (threefold repetition, 15 king moves each).

>>> from boardroom.kernel import Journal
>>> game = Journal.open(RULES, {"game": "russian", "fen": "W:WKa1:BKh8,g7"})
>>> _ = game.handle({"type": "start", "by": "host"}, now=0.0)
>>> _ = game.handle({"type": "offer_draw", "by": "white"}, now=1.0)
>>> _ = game.handle({"type": "accept_draw", "by": "black"}, now=2.0)
>>> v = RULES.view(game.state, "projector")
>>> v["winner"], v["end_reason"], v["result"]
(None, 'draw_agreed', '1-1')
"""

from __future__ import annotations

from boardroom.games.russian.kind import KIND
from boardroom.games.russian.rules_object import RULES, RussianRules
from boardroom.games.russian.state import Ruleset, RussianState, SetupError

__all__ = ["KIND", "RULES", "Ruleset", "RussianRules", "RussianState", "SetupError"]
