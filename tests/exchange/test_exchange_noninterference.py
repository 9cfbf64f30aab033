"""Non-interference: two games that differ only in one player's secret (a holding, its
cash, its vote) look byte-identical to every other seat, and every command another seat
can send gets the same answer in both (the same events, or the same refusal: code,
parameters, sentence). This is what would have caught a refusal that maps a portfolio."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from exchange_helpers import do, run_to, started
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from boardroom.games.exchange import RULES
from boardroom.games.exchange.ledger import CASH
from boardroom.games.exchange.state import ExchangeState
from boardroom.games.registry import KINDS
from boardroom.kernel import Journal, Json, Refused
from boardroom.server.framing import parts_of, view_frame

SECRET = "p9"
OTHERS = [f"p{n}" for n in range(1, 9)]
VIEWERS = [*OTHERS, "projector"]
TAKEOVER: dict[str, Any] = {
    "order": {"white": [2, 1, 3, 4], "black": [5, 6, 7, 8]},
    "moves_per_year": 2,
}
PROFILE = settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


@cache
def base(phase: str) -> Journal[Any]:
    """A nine-player game in its opening session, or in the meetings of year 1 (p9
    holds firm 1 shares and called its meeting)."""
    game = started(players=9, **TAKEOVER)
    do(game, 1, "order", SECRET, account=SECRET, stock=1, side="buy", qty=5, price=10)
    do(game, 2, "order", "p2", account="p2", stock=3, side="buy", qty=2, price=10)
    if phase == "meetings":
        run_to(game, "board")
        do(game, 601, "move", "p2", firm=2, move="c3-d4")
        do(game, 631, "move", "p5", firm=5, move="h6-g5")
        do(game, 700, "call_meeting", SECRET, firm=1)
        run_to(game, "meetings")
        do(game, 1240, "nominate", "p1", firm=1, candidate="p2")
    return game


def now_of(phase: str) -> float:
    return 3.0 if phase == "exchange" else 1241.0


def with_secret(phase: str, shares: int, firm: int, cash: int, vote: str | None) -> ExchangeState:
    """The base game with p9's holding of ``firm``, its cash and its vote set as given."""
    state: ExchangeState = copy.deepcopy(base(phase).state)
    assets = state.ledger.balances.setdefault(SECRET, {})
    assets[firm] = shares
    assets[CASH] = cash
    if vote is not None and phase == "meetings":
        command = {"type": "vote", "by": SECRET, "firm": 1, "holder": SECRET}
        command |= {"director": vote, "payout": 40}
        try:
            events = RULES.decide(state, command, now_of(phase))
        except Refused:
            events = []  # p9 holds no firm 1 shares here: no vote of its own
        for event in events:
            state = RULES.evolve(state, event)
    return state


def answer(state: ExchangeState, command: Json, now: float) -> str:
    """Everything the sender learns from sending ``command``: the events, or the refusal."""
    try:
        events = RULES.decide(state, command, now)  # decide never changes the state
    except Refused as exc:
        return json.dumps({"refused": exc.as_json()}, sort_keys=True)
    return json.dumps({"events": events}, sort_keys=True)


def looks(state: ExchangeState, viewer: str) -> str:
    return json.dumps(RULES.view(state, viewer), sort_keys=True)


accounts = st.sampled_from(
    [*OTHERS, SECRET, "state", "market", *[f"firm:{n}" for n in range(1, 9)]]
)
commands = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.just("order"),
            "account": accounts,
            "stock": st.integers(1, 8),
            "side": st.sampled_from(["buy", "sell"]),
            "qty": st.integers(1, 12),
            "price": st.integers(1, 40),
        }
    ),
    st.fixed_dictionaries(
        {"type": st.just("cancel"), "order": st.sampled_from(["o1", "o2", "o3"])}
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("vote"),
            "firm": st.integers(1, 8),
            "holder": accounts,
            "director": st.sampled_from(["p1", "p2", SECRET]),
            "payout": st.integers(0, 100),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("nominate"),
            "firm": st.integers(1, 8),
            "candidate": st.sampled_from(OTHERS),
        }
    ),
    st.fixed_dictionaries({"type": st.just("call_meeting"), "firm": st.integers(1, 8)}),
)
secrets = st.tuples(
    st.integers(0, 20), st.integers(1, 8), st.integers(0, 500), st.sampled_from([None, "p1", "p2"])
)


def check(phase: str, one: tuple[Any, ...], two: tuple[Any, ...], sent: list[Json]) -> None:
    first = with_secret(phase, one[0], one[1], one[2], one[3])
    second = with_secret(phase, two[0], one[1], two[2], two[3])
    for viewer in VIEWERS:
        assert looks(first, viewer) == looks(second, viewer), viewer
    for command in sent:
        for by in OTHERS:
            probe = {**command, "by": by}
            assert answer(first, probe, now_of(phase)) == answer(second, probe, now_of(phase)), (
                probe
            )


@PROFILE
@given(one=secrets, two=secrets, sent=st.lists(commands, min_size=1, max_size=4))
@example(one=(0, 1, 0, None), two=(9, 1, 300, None), sent=[{"type": "cancel", "order": "o1"}])
def test_the_session_hides_a_players_holding_and_cash(
    one: tuple[Any, ...], two: tuple[Any, ...], sent: list[Json]
) -> None:
    check("exchange", one, two, sent)


@PROFILE
@given(one=secrets, two=secrets, sent=st.lists(commands, min_size=1, max_size=4))
@example(
    one=(0, 3, 50, None),
    two=(4, 3, 50, None),
    sent=[{"type": "vote", "firm": 3, "holder": SECRET, "director": "p1", "payout": 5}],
)
@example(
    one=(5, 1, 0, "p1"),
    two=(5, 1, 0, "p2"),
    sent=[{"type": "vote", "firm": 1, "holder": SECRET, "director": "p1", "payout": 5}],
)
def test_the_meetings_hide_a_players_holding_cash_and_vote(
    one: tuple[Any, ...], two: tuple[Any, ...], sent: list[Json]
) -> None:
    check("meetings", one, two, sent)


@cache
def order_of(owner: str) -> Journal[Any]:
    """The opening session where ``owner`` (p9 or p8) holds the open order o1."""
    game = started(players=9, **TAKEOVER)
    do(game, 1, "order", owner, account=owner, stock=1, side="buy", qty=5, price=10)
    do(game, 2, "order", "p2", account="p2", stock=3, side="buy", qty=2, price=10)
    return game


@PROFILE
@given(sent=st.lists(commands, min_size=1, max_size=4))
@example(sent=[{"type": "cancel", "order": "o1"}])
@example(
    sent=[{"type": "order", "account": "p1", "stock": 1, "side": "sell", "qty": 1, "price": 9}]
)
def test_the_session_hides_whose_open_order_it_is(sent: list[Json]) -> None:
    """The same order in the book, p9's in one game and p8's in the other: every seat but
    those two sees the same and gets the same answers (the book shows no names)."""
    first, second = order_of(SECRET).state, order_of("p8").state
    observers = [p for p in OTHERS if p != "p8"]
    for viewer in [*observers, "projector"]:
        assert looks(first, viewer) == looks(second, viewer), viewer
    for command in sent:
        for by in observers:
            probe = {**command, "by": by}
            assert answer(first, probe, 3.0) == answer(second, probe, 3.0), probe


def increments(state: ExchangeState, command: Json, now: float) -> list[str]:
    """After ``command`` (if accepted), each viewer's frame as the server makes it for a
    socket holding the view from before: the batch of views, only the keys that changed."""
    try:
        events = RULES.decide(state, command, now)
    except Refused:
        return []
    version = len(state.log)
    held = [parts_of(v) for v in RULES.views(state, VIEWERS, events_since=version)]
    for event in events:
        state = RULES.evolve(state, event)
    header = {"type": "view", "game": "g", "version": len(state.log), "events_from": version}
    frames = []
    for viewer, view, before in zip(
        VIEWERS, RULES.views(state, VIEWERS, events_since=version), held, strict=True
    ):
        actions = KINDS["exchange"].actions(view, viewer)
        frames.append(view_frame(header, view, before, actions))
    return frames


@PROFILE
@given(one=secrets, two=secrets, sent=st.lists(commands, min_size=1, max_size=4))
@example(one=(0, 1, 0, None), two=(9, 1, 300, None), sent=[{"type": "cancel", "order": "o1"}])
def test_incremental_frames_hide_a_players_secrets(
    one: tuple[Any, ...], two: tuple[Any, ...], sent: list[Json]
) -> None:
    """The frames a socket gets after another seat's command (only what changed since the
    view it holds) are byte-identical in two games that differ only in p9's secrets."""
    for phase in ("exchange", "meetings"):
        first = with_secret(phase, one[0], one[1], one[2], one[3])
        second = with_secret(phase, two[0], one[1], two[2], two[3])
        for command in sent:
            for by in OTHERS[:3]:
                probe = {**command, "by": by}
                now = now_of(phase)
                assert increments(first, probe, now) == increments(second, probe, now), probe


def test_an_order_in_the_session_gives_each_viewer_the_same_partial_frame() -> None:
    """Not vacuous: p1's order is accepted, and every viewer's frame keeps most keys."""
    order = {"type": "order", "by": "p1", "account": "p1", "stock": 2, "side": "buy"}
    order |= {"qty": 1, "price": 5}
    first = increments(with_secret("exchange", 0, 1, 0, None), order, 3.0)
    second = increments(with_secret("exchange", 9, 1, 300, None), order, 3.0)
    assert first == second and len(first) == len(VIEWERS)
    for text in first:
        frame = json.loads(text)
        assert "ruleset" in frame["kept"] and "ruleset" not in frame["view"], text[:200]
        assert frame["view"]["events"], text[:200]
