"""Exchange Draughts: the business game on a draughts board — a pure, event-sourced core.

``RULES`` is what the kernel drives (``boardroom.games.rules_for("exchange")``).

>>> from boardroom.games import rules_for
>>> rules_for("exchange").name
'exchange'
"""

from boardroom.games.exchange.draft import Autoplay, strongest_move
from boardroom.games.exchange.kind import KIND, RULES
from boardroom.games.exchange.rules import ExchangeRules
from boardroom.games.exchange.ruleset import PRESETS, Ruleset, load_ruleset
from boardroom.games.exchange.schema import command_schema
from boardroom.games.exchange.state import ExchangeState

__all__ = [
    "KIND",
    "PRESETS",
    "RULES",
    "Autoplay",
    "ExchangeRules",
    "ExchangeState",
    "Ruleset",
    "command_schema",
    "load_ruleset",
    "strongest_move",
]
