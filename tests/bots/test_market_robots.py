"""Market, vote and director robots: legal commands from their own view, and each strategy
doing what its docstring says (a raider takes over the firm built for it)."""

from __future__ import annotations

import random
from typing import Any

from boardroom.bots.context import Context, Memory, Purse
from boardroom.bots.director import Director
from boardroom.bots.market import NoiseTrader, Raider, ValueTrader
from boardroom.bots.seats import BoardSettings, RobotSeat, SeatPolicy, robot_seat
from boardroom.bots.valuation import fair_value
from boardroom.bots.votes import FixedPayout, Incumbent, SelfFirst, Voter
from boardroom.games.exchange import RULES
from boardroom.games.exchange.views import view
from boardroom.kernel import Journal, Json
from boardroom.lab.batch import run_batch
from boardroom.lab.sim import LabConfig, Simulation

HOST = "host"


def setup_line(players: int = 9, **ruleset: Any) -> Json:
    """Players p1..pN; pK directs firm K (1-8); the rest are traders."""
    return {
        "game": "exchange",
        "seed": 1,
        "ruleset": ruleset,
        "players": [{"id": f"p{i}", "name": f"P{i}"} for i in range(1, players + 1)],
        "directors": {str(f): f"p{f}" for f in range(1, 9)},
    }


def started(**ruleset: Any) -> Journal[Any]:
    journal = Journal.open(RULES, setup_line(**ruleset))
    journal.handle({"type": "start", "by": HOST}, 0.0)
    return journal


def send_all(journal: Journal[Any], commands: list[Json], now: float) -> None:
    """Every command must be accepted (a refusal raises)."""
    for command in commands:
        journal.handle(command, now)


def seen(journal: Journal[Any], seat: str) -> Json:
    return view(journal.state, seat, events_since=len(journal.state.log))


def test_purse_never_spends_twice_sells_twice_or_crosses_its_own_orders() -> None:
    journal = started()
    purse = Purse.from_view(seen(journal, "p1"))
    assert purse.buy("p1", 2, 10, 20) is not None  # 200: all the cash
    assert purse.buy("p1", 3, 1, 1) is None
    assert purse.sell("p1", 1, 5, 30) is not None  # the director's 5 shares
    assert purse.sell("p1", 1, 1, 30) is None
    assert purse.buy("p1", 1, 1, 30) is None  # would meet its own ask
    assert purse.buy("firm:1", 2, 1, 10) is None  # firms do not buy here


def test_value_trader_buys_below_fair_value_and_offers_above() -> None:
    journal = started()
    trader = ValueTrader(edge=0.1)
    ctx = Context("p9", 1.0, random.Random(1), Memory(), Purse.from_view(seen(journal, "p9")))
    commands = [{**c, "by": "p9"} for c in trader.act(seen(journal, "p9"), ctx)]
    assert commands and {c["side"] for c in commands} == {"buy"}
    fair = fair_value(seen(journal, "p9"), 1, Memory())
    assert all(c["price"] < fair for c in commands)
    send_all(journal, commands, 1.0)
    holdings = journal.state.ledger.holdings("p9")
    assert holdings and all(n <= 5 for n in holdings.values())  # bought the State's lots at 10
    view_after = seen(journal, "p9")
    ctx = Context("p9", 2.0, random.Random(1), Memory(), Purse.from_view(view_after))
    offers = [{**c, "by": "p9"} for c in trader.act(view_after, ctx)]
    sells = [c for c in offers if c.get("side") == "sell"]
    assert sells and all(c["price"] > fair for c in sells)
    send_all(journal, offers, 2.0)


def test_noise_trader_orders_and_cancels_are_always_accepted() -> None:
    journal = started()
    seat = RobotSeat("p9", [NoiseTrader(activity=1.0, lot=5)], seed=3)
    for step in range(200):
        send_all(journal, seat.act(seen(journal, "p9"), 1.0 + step), 1.0 + step)
    assert any(e["type"] == "order_placed" and e["account"] == "p9" for e in journal.events)


def test_director_moves_its_own_firm_and_no_other() -> None:
    journal = started(opening_session=False)
    director = robot_seat("director", "p1", seed=1, board=BoardSettings(("club",), 500))
    other = robot_seat("director", "p2", seed=1)
    assert other.act(seen(journal, "p2"), 1.0) == []
    commands = director.act(seen(journal, "p1"), 1.0)
    assert [c["type"] for c in commands] == ["move"] and commands[0]["firm"] == 1
    send_all(journal, commands, 1.0)


def test_director_moves_the_late_colour_in_a_takeover_then_its_own() -> None:
    journal = started(opening_session=False)
    journal.handle({"type": "tick", "by": "server"}, 301.0)  # firm 1 is late
    call = journal.state.call
    assert call is not None and call.takeover == 1 and call.firm == 5
    taker = RobotSeat("p5", [Director()])
    send_all(journal, taker.act(seen(journal, "p5"), 302.0), 302.0)
    # Its own piece is the other colour's move: it waits the 30 s minimum (issue 12).
    assert taker.act(seen(journal, "p5"), 303.0) == []
    send_all(journal, taker.act(seen(journal, "p5"), 332.0), 332.0)
    moved = [e for e in journal.events if e["type"] == "moved"]
    assert [(e["color"], e["takeover"]) for e in moved] == [("white", 1), ("black", 2)]


def test_a_director_waits_until_a_move_is_allowed() -> None:
    journal = started(opening_session=False)
    seat = robot_seat("director", "p1", seed=1)
    send_all(journal, seat.act(seen(journal, "p1"), 1.0), 1.0)
    black = robot_seat("director", "p5", seed=1)
    assert black.act(seen(journal, "p5"), 2.0) == []  # move_min_s = 30 after white's move
    send_all(journal, black.act(seen(journal, "p5"), 31.0), 31.0)


def test_voter_votes_the_sitting_director_and_again_only_when_its_choice_changes() -> None:
    meetings: Json = {"candidates": {"2": ["p2"]}, "my_votes": {}}
    view_: Json = {
        "phase": "meetings",
        "paused": False,
        "meetings": meetings,
        "firms": {"2": {"director": "p2", "payout": 50}},
        "ruleset": {"shares_per_firm": 20},
        "accounts": {
            "p9": {
                "cash": 0,
                "reserved": 0,
                "holdings": {"2": 3},
                "reserved_shares": {},
                "orders": [],
            }
        },
    }
    voter = Voter(Incumbent(), FixedPayout(100))

    def ballots() -> list[Json]:
        purse = Purse.from_view(view_)
        return voter.act(view_, Context("p9", 0.0, random.Random(0), Memory(), purse))

    assert ballots() == [
        {"type": "vote", "firm": 2, "holder": "p9", "director": "p2", "payout": 100}
    ]
    meetings["my_votes"] = {"2": {"p9": {"voter": "p9", "director": "p2", "payout": 100}}}
    assert ballots() == []
    meetings["candidates"]["2"].append("p9")
    voter.director = SelfFirst()
    assert ballots()[0]["director"] == "p9"


def raider_game(seed: int) -> Simulation:
    """Eight directors who never sell their own firm, and one raider after firm 3."""
    config = LabConfig(ruleset={"preset": "demo"}, roster=(("director", 8), ("value", 1)))
    seats = config.seats(seed)
    seats["p9"] = RobotSeat(
        "p9", [Director(nodes=200), Raider(target=3), Voter(SelfFirst())], seed=seed
    )
    return Simulation(config.spec(seed), seats, seed=seed, record=True).run()


def test_raider_takes_over_the_firm_it_targets_and_then_moves_its_pieces() -> None:
    game = raider_game(seed=11)
    assert game.refusals == []
    taken = [
        e
        for e in game.journal.events
        if e["type"] == "meeting_closed" and e["firm"] == 3 and e["director"] == "p9"
    ]
    assert taken and taken[0]["previous"] == "p3"
    assert taken[0]["tally"]["p9"] > game.state.ruleset.shares_per_firm // 2
    mine = [c for c in game.commands if c["by"] == "p9"]
    kinds = [c["type"] for c in mine]
    assert {"call_meeting", "nominate", "vote"} <= set(kinds)
    assert any(c["type"] == "move" and c["firm"] == 3 for c in mine)
    assert game.state.firms[3].director == "p9"


def test_a_robot_seat_decides_the_same_from_the_same_view() -> None:
    journal = started()
    first = robot_seat("noise", "p9", seed=5).act(seen(journal, "p9"), 1.0)
    again = robot_seat("noise", "p9", seed=5).act(seen(journal, "p9"), 1.0)
    assert first == again


def test_seat_policy_answers_the_servers_robot_hook_with_one_command() -> None:
    journal = started(opening_session=False)
    policy = SeatPolicy(lambda role: "director", clock=lambda: 5.0, seed=1)
    command = policy(seen(journal, "p1"), "p1")
    assert command is not None and command["type"] == "move" and "by" not in command
    journal.handle({**command, "by": "p1"}, 5.0)
    assert policy(seen(journal, "p2"), "p2") is None


def director_orders(journal: Journal[Any], core: float) -> list[Json]:
    """What a director trader with ``core`` on p1's account sends for firm 1 (accepted)."""
    trader = ValueTrader(edge=0.1, core=core, firms=(1,))
    mine = seen(journal, "p1")
    ctx = Context("p1", 1.0, random.Random(1), Memory(), Purse.from_view(mine))
    commands = [{**c, "by": "p1"} for c in trader.act(mine, ctx)]
    send_all(journal, commands, 1.0)
    return [c for c in commands if c["type"] == "order"]


def test_a_director_keeps_its_core_and_offers_the_shares_beyond_it() -> None:
    fair = fair_value(seen(started(), "p1"), 1, Memory())
    keeping = director_orders(started(), core=0.4)  # 8 of 20: it holds 5, buys up to 8
    assert [(c["side"], c["qty"]) for c in keeping] == [("buy", 3)]
    assert keeping[0]["price"] >= int(fair)  # control is worth its fair value to it
    selling = director_orders(started(), core=0.15)  # 3 of 20: 2 of its 5 are beyond
    sells = [c for c in selling if c["side"] == "sell"]
    assert [c["qty"] for c in sells] == [2] and sells[0]["price"] > fair
    assert all(c["price"] < fair for c in selling if c["side"] == "buy")  # a value bid


def test_a_director_buys_a_majority_when_someone_bids_for_control() -> None:
    journal = started()
    fair = fair_value(seen(journal, "p1"), 1, Memory())
    raid = {"type": "order", "account": "p9", "stock": 1, "side": "buy", "qty": 8}
    journal.handle(raid | {"price": int(fair * 1.3), "by": "p9"}, 0.5)
    orders = director_orders(journal, core=0.15)
    buys = [c for c in orders if c["side"] == "buy"]
    assert buys and not [c for c in orders if c["side"] == "sell"]
    assert buys[0]["price"] > fair and sum(c["qty"] for c in buys) <= 11 - 5


def test_classroom_robots_make_a_market_with_two_sides_and_call_meetings() -> None:
    """Ten lab games of the classroom preset: robots trade with each other (not only with
    the State) — directors sell, investors buy and sell — and meetings are called."""
    config = LabConfig({"preset": "classroom"}, "classroom")
    rows = [r.row for r in run_batch(config, games=10, seed=3, workers=1)]
    private = sorted(int(r["private_trades"]) for r in rows)
    assert private[5] >= 15 and private[1] >= 5, private
    assert sum(1 for r in rows if int(r["meetings_called"])) >= 8, rows
    sold_by = {k.rsplit("_", 1)[1] for r in rows for k in r if k.count("_") == 2 and r[k]}
    bought_by = {k.split("_")[1] for r in rows for k in r if k.count("_") == 2 and r[k]}
    assert {"director", "value"} <= sold_by and {"director", "value"} <= bought_by
    assert sum(int(r["private_value_value"]) for r in rows) > 0  # investors' views differ
    assert all(r["refusals"] == 0 for r in rows)


def test_an_investor_calls_its_meeting_before_its_shares_are_sold() -> None:
    """A value robot that both calls a meeting and offers its shares in one wake calls
    first (game 660 of the 1,000-game classroom batch: its offer filled, then its call
    was refused for too few shares)."""
    config = LabConfig({"preset": "classroom"}, "classroom")
    game = Simulation(config.spec(235347839), config.seats(235347839), seed=235347839).run()
    assert game.refusals == []
    assert any(e["type"] == "meeting_called" and e["by"] == "p10" for e in game.journal.events)
