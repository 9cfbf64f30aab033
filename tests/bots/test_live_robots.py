"""Live robots on a fake clock: the runner's own steps (``GameRobots.plan``, each robot's
``act``, ``still_valid``) driven against a journal, time jumping to the next robot moment or
deadline. The same seed gives the same game twice; no robot command is refused; a quiz
robot answers at its accuracy from the oracle, never from its view."""

from __future__ import annotations

from typing import Any

from boardroom.bots.live import ExchangeRobot, QuizRobot, RobotChoice
from boardroom.bots.live_kinds import BankOracle
from boardroom.games import kind_for
from boardroom.games.quiz.bank import Bank, Question
from boardroom.kernel import Journal, Json
from boardroom.server.robot_seats import GameRobots, still_valid
from boardroom.server.robots import live_rules, robots_for

KINDS = {"p8": "board", "p9": "raider", "p10": "raider", "p11": "noise", "p12": "value"}


def exchange_spec(seed: int) -> Json:
    ids = [f"p{n}" for n in range(1, 13)]
    return {
        "game": "exchange",
        "seed": seed,
        "ruleset": {"preset": "demo", "years": 2, "moves_per_year": 6},
        "players": [{"id": p, "name": f"Player {p[1:]}"} for p in ids],
        "directors": {str(firm): ids[firm - 1] for firm in range(1, 9)},
    }


def drive(
    journal: Journal[Any], table: GameRobots, host: Any = None, steps: int = 20_000
) -> list[Json]:
    """Play to the end on a fake clock; every command sent, with its time."""
    rules, now = journal.rules, 0.0
    sent: list[Json] = []
    journal.handle({"type": "start", "by": "host"}, 0.0)

    def view(role: str) -> Json:
        seen: Json = rules.view(journal.state, role, events_since=journal.version)
        return seen

    for _ in range(steps):
        if view("host")["phase"] == "ended":
            return sent
        if host is not None and (command := host(view("host"))) is not None:
            journal.handle({**command, "by": "host"}, now)
            continue
        assert table.kind is not None
        due, following = table.plan(view, now, table.kind.epoch(journal.state))
        for role in due:
            for command in table.act(role, view(role), now):
                prepared = {**command, "by": role}
                if still_valid(rules, journal.state, prepared, now):
                    journal.handle(prepared, now)
                    sent.append({**prepared, "at": round(now, 6)})
        if due:
            continue
        deadline = rules.next_deadline(journal.state)
        if following is not None and (deadline is None or following < deadline):
            now = following
        elif deadline is not None:
            now = max(now, deadline)
            journal.handle({"type": "tick", "by": "server"}, now)
        else:
            raise AssertionError(f"nothing to wait for: {view('host')['phase']}")
    raise AssertionError("the game did not end")


def exchange_game(seed: int) -> tuple[list[Json], Journal[Any]]:
    journal: Journal[Any] = Journal.open(live_rules(kind_for("exchange")), exchange_spec(seed))
    table = GameRobots(robots_for("exchange"), seed, journal.state)
    for n in range(1, 13):
        role = f"p{n}"
        table.seat(role, RobotChoice(KINDS.get(role, "mixed"), "casual"))
    return drive(journal, table), journal


def test_a_seeded_exchange_game_on_a_fake_clock_is_the_same_twice() -> None:
    first, journal = exchange_game(7)
    second, _ = exchange_game(7)
    assert first == second
    assert exchange_game(8)[0] != first
    log = journal.state.log
    assert sum(e["type"] == "order_placed" for e in log) > 20
    assert any(e["type"] == "meeting_called" for e in log)
    assert any(
        e["type"] == "trade" and e["buyer"] != "state" and e["seller"] != "state" for e in log
    )
    # A board-only robot (p8 directs firm 8) moves its firm and sends nothing else.
    board_only = {c["type"] for c in first if c["by"] == "p8"}
    assert "move" in board_only and board_only <= {"move", "pass"}


def test_a_director_robot_waits_for_the_move_clock_and_beats_the_deadline() -> None:
    seen = {
        "phase": "board",
        "paused": False,
        "year": 1,
        "opening": False,
        "position": "W:Wc3:Bf6",
        "on_call": {"firm": 1, "color": "white", "must_move": False, "takeover": 0},
        "legal_moves": ["c3-d4"],
        "move_not_before": 30.0,
        "deadline": 40.0,
        "ruleset": {"time_scale": 1.0},
        "firms": {"1": {"director": "p1", "pieces": []}},
    }
    for seed in range(20):
        at = ExchangeRobot("p1", RobotChoice("director"), seed=seed).next_at(seen, 5.0)
        assert at is not None and 30.0 < at < 40.0
    assert ExchangeRobot("p1", RobotChoice()).next_at({**seen, "paused": True}, 5.0) is None


class Counting(BankOracle):
    def __init__(self, bank: Bank) -> None:
        super().__init__(bank)
        self.asked: list[str] = []

    def answer(self, question: str) -> str | None:
        self.asked.append(question)
        return super().answer(question)


def test_a_quiz_robot_answers_right_at_its_accuracy_from_the_oracle_only() -> None:
    bank = Bank(tuple(Question(f"q{n}", f"Q{n}?", f"A{n}") for n in range(200)))
    oracle = Counting(bank)
    robot = QuizRobot("B", RobotChoice(level="beginner", accuracy=0.6), oracle, seed=3)
    right = 0
    for n in range(200):
        question = {"id": f"q{n}", "text": f"Q{n}?", "choices": []}  # no answer in a view
        given = robot.answer(question)
        right += given["text"] == f"A{n}"
    assert set(oracle.asked) == {f"q{n}" for n in range(200)}
    assert 100 <= right <= 140  # 60 % of 200, give or take three standard deviations
    choice = {"id": "q1", "text": "Q1?", "choices": ["A0", "A1", "A2"]}
    picks = {robot.answer(choice)["choice"] for _ in range(50)}
    assert picks == {0, 1, 2}


def quiz_spec() -> Json:
    squares = {"A": ("a3", "c3", "e3", "g3"), "B": ("b6", "d6", "f6", "h6")}
    return {
        "game": "quiz",
        "seed": 2,
        "ruleset": {"duel": "attacker", "answer_s": 20, "captain_is_king": False},
        "teams": [
            {
                "id": t,
                "members": [
                    {"id": f"{t}{i}", "name": f"{t}{i}", "square": sq}
                    for i, sq in enumerate(squares[t])
                ],
            }
            for t in ("A", "B")
        ],
        "questions": [{"id": f"q{n}", "text": f"Q{n}?", "answer": f"A{n}"} for n in range(60)],
    }


def quiz_host(view: Json) -> Json | None:
    """The host asks, then judges a given answer right when it is the bank's."""
    duel = view["duel"]
    if duel and duel["step"] == "ask":
        return {"type": "ask"}
    if duel and duel["step"] == "judge" and duel["given"]:
        return {"type": "judge", "correct": duel["given"]["text"] == duel["question"]["answer"]}
    return None


def quiz_game(seed: int) -> list[Json]:
    journal: Journal[Any] = Journal.open(live_rules(kind_for("quiz")), quiz_spec())
    table = GameRobots(robots_for("quiz"), seed, journal.state)
    table.seat("A", RobotChoice(level="club", accuracy=0.7))
    table.seat("B", RobotChoice(level="beginner", accuracy=0.3))
    return drive(journal, table, host=quiz_host)


def test_two_robot_quiz_teams_on_a_fake_clock_play_the_same_round_twice() -> None:
    first = quiz_game(5)
    assert first == quiz_game(5)
    assert any(c["type"] == "answer" for c in first)


def test_robots_wait_while_the_game_waits_for_the_host() -> None:
    spec = exchange_spec(3)
    spec["ruleset"] = {**spec["ruleset"], "wait_for_host": True}
    journal: Journal[Any] = Journal.open(live_rules(kind_for("exchange")), spec)
    table = GameRobots(robots_for("exchange"), 3, journal.state)
    for n in range(1, 13):
        table.seat(f"p{n}", RobotChoice(KINDS.get(f"p{n}", "mixed"), "casual"))
    waits = 0

    def seen(role: str) -> Json:
        view: Json = journal.rules.view(journal.state, role, events_since=journal.version)
        return view

    def host(view: Json) -> Json | None:
        nonlocal waits
        if view.get("waiting_for_host") is None:
            return None
        waits += 1
        assert table.kind is not None
        # However late it gets, no robot acts until the host continues.
        assert table.plan(seen, 1e9, table.kind.epoch(journal.state)) == ([], None)
        return {"type": "continue"}

    sent = drive(journal, table, host=host)
    assert waits >= 2
    assert any(c["type"] == "order" for c in sent) and any(c["type"] == "move" for c in sent)
