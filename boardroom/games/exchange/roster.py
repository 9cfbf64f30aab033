"""The players' names: the person who takes a player's seat before the start names it.

The setup's list may hold placeholders ("Игрок 1"); the name a person types on the join
page is the one everybody should read, so their seat (or the host) renames the player
until the game starts. Afterwards names stay, so the record and the results keep theirs.

>>> from boardroom.games.exchange.draft import Draft, strongest_move
>>> from boardroom.games.exchange.setup import initial_state
>>> state = initial_state({"players": [{"id": "p1", "name": "Игрок 1"}]})
>>> draft = Draft(state, 0.0, strongest_move)
>>> rename(draft, {"type": "rename", "by": "p1", "name": "  Александра   Соколова "})
>>> draft.state.players["p1"], draft.events[-1]["type"]
('Александра Соколова', 'renamed')
>>> rename(draft, {"type": "rename", "by": "p1", "player": "p2", "name": "X"})
Traceback (most recent call last):
...
boardroom.kernel.Refused: There is no player 'p2' in this game.
"""

from __future__ import annotations

from boardroom.games.exchange.draft import Draft
from boardroom.games.exchange.refusals import HOST
from boardroom.kernel import Json, Refused

MAX_NAME = 40


def rename(draft: Draft, command: Json) -> None:
    """A player's seat (or the host) gives the player the name a person typed."""
    state = draft.state
    by = command.get("by")
    player = command.get("player", by)
    if player not in state.players:
        raise Refused(
            "unknown_seat", f"There is no player {player!r} in this game.", seat=repr(player)
        )
    if by not in (HOST, player):
        raise Refused("host_only", "Only the host may rename another player.", action="rename")
    if state.started:
        raise Refused("already_started", "The game has already started.")
    name = " ".join(str(command["name"]).split())[:MAX_NAME]
    if not name:
        raise Refused("bad_name", "A name needs at least one letter.")
    if name != state.players[player]:
        draft.emit("renamed", player=player, name=name)
