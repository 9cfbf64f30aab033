"""Seeded random-legal drivers for Exchange Draughts, and a runner that plays whole games.

A :class:`RandomSeat` decides from its own view only (what the core lets that
seat see) and proposes commands that are usually legal; the core refuses the
rest. :func:`play_random_game` drives a full game with simulated time and
records the accepted commands with their times, as a replay file would.

>>> game = play_random_game(demo_spec(directors=2, traders=1, years=1), seed=3)
>>> game.journal.state.phase, game.commands[0]["type"]
('ended', 'start')
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from boardroom.games.exchange import RULES
from boardroom.games.exchange.rules import ExchangeRules
from boardroom.games.exchange.views import view
from boardroom.kernel import Journal, Json, Refused

HOST = "host"


def demo_spec(
    directors: int = 8, traders: int = 16, years: int = 6, seed: int = 1, **ruleset: Any
) -> Json:
    """A setup line: ``directors`` players directing firms 1.. in turn, then traders."""
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, directors + traders + 1)]
    firm_directors = (
        {str(f): f"p{(f - 1) % directors + 1}" for f in range(1, 9)} if directors else {}
    )
    return {
        "game": "exchange",
        "seed": seed,
        "ruleset": {"preset": "classic", "years": years, **ruleset},
        "players": players,
        "directors": firm_directors,
    }


@dataclass
class RandomSeat:
    """One seat's robot: random choices among the commands its view allows."""

    seat: str
    rng: random.Random
    pass_rate: float = 0.15

    def board(self, seen: Json) -> Json | None:
        """A move or a pass for the firm on call, if this seat acts for it."""
        legal: list[str] = seen.get("legal_moves", [])
        call = seen.get("on_call")
        if not legal or call is None:
            return None
        captures = any(":" in m for m in legal)
        may_pass = not call["must_move"] and not captures
        if may_pass and self.rng.random() < self.pass_rate:
            return {"type": "pass", "by": self.seat, "firm": call["firm"]}
        return {
            "type": "move",
            "by": self.seat,
            "firm": call["firm"],
            "move": self.rng.choice(legal),
        }

    def trade(self, seen: Json) -> Json | None:
        """An order or a cancel on one of the accounts this seat acts for."""
        accounts: dict[str, Json] = seen.get("accounts", {})
        if self.seat == HOST:
            accounts = {k: v for k, v in accounts.items() if k == "state"}
        if not accounts:
            return None
        name = self.rng.choice(sorted(accounts))
        account = accounts[name]
        if account["orders"] and self.rng.random() < 0.15:
            order = self.rng.choice(account["orders"])
            return {"type": "cancel", "by": self.seat, "order": order["order"]}
        stock = self.rng.randint(1, 8)
        price = max(1, int(seen["prices"][str(stock)]) + self.rng.randint(-3, 4))
        held = account["holdings"].get(str(stock), 0) - account["reserved_shares"].get(
            str(stock), 0
        )
        if held > 0 and self.rng.random() < 0.45:
            qty = self.rng.randint(1, held)
            return self._order(name, stock, "sell", qty, price)
        free = account["cash"] - account["reserved"]
        if free < price or name == f"firm:{stock}":
            return None
        qty = self.rng.randint(1, max(1, min(5, free // price)))
        return self._order(name, stock, "buy", qty, price)

    def _order(self, account: str, stock: int, side: str, qty: int, price: int) -> Json:
        return {
            "type": "order",
            "by": self.seat,
            "account": account,
            "stock": stock,
            "side": side,
            "qty": qty,
            "price": price,
        }

    def call(self, seen: Json, minimum: int) -> Json | None:
        """Call meetings now and then, holding enough shares of some firm."""
        for account in seen.get("accounts", {}).values():
            for stock, count in sorted(account["holdings"].items()):
                if count >= minimum and self.rng.random() < 0.2:
                    return {"type": "call_meeting", "by": self.seat, "firm": int(stock)}
        return None

    def meeting(self, seen: Json) -> list[Json]:
        """Nominate oneself sometimes, and vote every holding one casts."""
        commands: list[Json] = []
        if self.seat == HOST:
            return commands
        candidates: dict[str, list[str]] = seen["meetings"]["candidates"]
        for name, account in sorted(seen.get("accounts", {}).items()):
            for stock in sorted(account["holdings"]):
                listed = candidates.get(stock, [])
                eligible = self.seat not in listed and self.seat in seen["players"]
                if eligible and self.rng.random() < 0.3:
                    commands.append(
                        {
                            "type": "nominate",
                            "by": self.seat,
                            "firm": int(stock),
                            "candidate": self.seat,
                        }
                    )
                    listed = [*listed, self.seat]
                if listed and self.rng.random() < 0.8:
                    commands.append(
                        {
                            "type": "vote",
                            "by": self.seat,
                            "firm": int(stock),
                            "holder": name,
                            "director": self.rng.choice(listed),
                            "payout": self.rng.choice([0, 25, 50, 75, 100]),
                        }
                    )
        return commands


@dataclass
class PlayedGame:
    """A finished game: its journal, the accepted commands (with ``at``) and refusals."""

    spec: Json
    journal: Journal[Any]
    commands: list[Json] = field(default_factory=list)
    refusals: int = 0

    def lines(self) -> list[Json]:
        """The replay file: setup first, then every accepted command."""
        return [self.spec, *self.commands]


class Runner:
    """Plays one game with random seats and simulated time."""

    def __init__(self, spec: Json, seed: int, rules: ExchangeRules, late_rate: float) -> None:
        self.rng = random.Random(seed)
        self.game = PlayedGame(spec, Journal.open(rules, spec))
        self.rules = rules
        self.late_rate = late_rate
        self.now = 0.0
        players = [p["id"] for p in spec.get("players", [])]
        self.seats = {s: RandomSeat(s, random.Random(self.rng.random())) for s in [HOST, *players]}

    @property
    def state(self) -> Any:
        return self.game.journal.state

    def send(self, command: Json, at: float) -> bool:
        self.now = max(self.now, at)
        try:
            self.game.journal.handle(command, self.now)
        except Refused:
            self.game.refusals += 1
            return False
        self.game.commands.append({**command, "at": self.now})
        return True

    def see(self, seat: str) -> Json:
        return view(self.state, seat, events_since=len(self.state.log))

    def tick(self) -> None:
        deadline = self.rules.next_deadline(self.state)
        if deadline is not None:
            self.send({"type": "tick", "by": "server"}, max(self.now, deadline))

    def play(self, max_steps: int = 200_000) -> PlayedGame:
        self.send({"type": "start", "by": HOST}, 0.0)
        steps = {"board": self.board, "exchange": self.session, "meeting_calls": self.calls}
        for _ in range(max_steps):
            phase = self.state.phase
            if phase == "ended":
                return self.game
            steps.get(phase, self.meetings)()
        raise RuntimeError("the game did not end")

    def _actor(self, firm: int) -> str:
        return self.state.firms[firm].director or HOST

    def board(self) -> None:
        call = self.state.call
        if call is None or self.rng.random() < self.late_rate:
            self.tick()
            return
        actor = self._actor(call.firm)
        command = self.seats[actor].board(self.see(actor))
        if command is None:
            self.tick()
            return
        scale = self.state.ruleset.time_scale
        at = max(self.now + self.rng.uniform(0, 3) * scale, self.state.min_move_at)
        self.send(command, at)

    def session(self) -> None:
        deadline = self.state.deadline
        seats = sorted(self.seats)
        scale = self.state.ruleset.time_scale
        while self.state.phase == "exchange" and self.now + 20 * scale < deadline:
            seat = self.rng.choice(seats)
            seen = self.see(seat)
            minimum = self.state.ruleset.meeting_call_min_shares
            command = (
                self.seats[seat].call(seen, minimum)
                if not self.state.opening and self.rng.random() < 0.05
                else self.seats[seat].trade(seen)
            )
            at = self.now + self.rng.uniform(1, 20) * scale
            if command is not None:
                self.send(command, at)
            else:
                self.now = at
        self.tick()

    def calls(self) -> None:
        minimum = self.state.ruleset.meeting_call_min_shares
        for seat in sorted(self.seats):
            command = self.seats[seat].call(self.see(seat), minimum)
            if command is not None and self.send(command, self.now + 1):
                return
        self.tick()

    def meetings(self) -> None:
        if self.state.phase != "meetings":
            self.tick()
            return
        for seat in sorted(self.seats):
            for command in self.seats[seat].meeting(self.see(seat)):
                self.send(command, self.now + 1)
        self.tick()


def play_random_game(
    spec: Json, seed: int, *, rules: ExchangeRules = RULES, late_rate: float = 0.05
) -> PlayedGame:
    """Play a whole game with random seats; the same spec and seed give the same game."""
    return Runner(spec, seed, rules, late_rate).play()
