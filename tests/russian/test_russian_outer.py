"""The Russian draughts robot and PDN download, as the server and the results page use them."""

from __future__ import annotations

import pytest

from boardroom.draughts import pdn
from boardroom.games.russian import RULES, RussianState
from boardroom.kernel import Journal, Json
from boardroom.server.robots import needs_history, policy_for
from boardroom.web.exports import DOWNLOADS
from boardroom.web.russian import board_robot, game_pdn


def test_registered_under_the_kind_name() -> None:
    assert policy_for("russian") is board_robot and not needs_history("russian")
    assert DOWNLOADS["russian"]["pdn"].make is game_pdn


@pytest.mark.parametrize("level", ["beginner", "casual", "club", "strong"])
def test_the_robot_plays_legal_moves_at_each_level_and_the_pdn_replays(level: str) -> None:
    journal: Journal[RussianState] = Journal.open(
        RULES,
        {
            "game": "russian",
            "white": {"name": "Robot W", "robot": level},
            "black": {"name": "Robot B", "robot": "beginner"},
        },
    )
    journal.handle({"type": "start", "by": "host"}, now=0.0)
    for ply in range(12):
        view: Json = RULES.view(journal.state, "projector")
        if view["phase"] == "ended":
            break
        side = view["to_move"]
        other = "black" if side == "white" else "white"
        assert board_robot(RULES.view(journal.state, other), other) is None  # not its turn
        command = board_robot(RULES.view(journal.state, side), side)
        assert command is not None and command["move"] in view["legal_moves"]
        journal.handle({**command, "by": side}, now=float(ply + 1))
    journal.handle({"type": "resign", "by": "black"}, now=20.0)
    final: Json = RULES.view(journal.state, "black")
    (game,) = pdn.read(game_pdn(final, "g1"))
    assert game.result == "2-0" and game.headers["Termination"] == "resigned"
    assert [str(m) for m in game.board().move_stack] == final["moves"]


def test_the_robot_declines_a_draw_and_waits_outside_play() -> None:
    journal: Journal[RussianState] = Journal.open(RULES, {"game": "russian"})
    assert board_robot(RULES.view(journal.state, "black"), "black") is None
    journal.handle({"type": "start", "by": "host"}, now=0.0)
    journal.handle({"type": "offer_draw", "by": "white"}, now=1.0)
    assert board_robot(RULES.view(journal.state, "black"), "black") == {"type": "decline_draw"}
