"""A school day on one server (issue 44): every kind of class at once on one process, and on
two processes over PostgreSQL; people's command-to-ack latency, CPU per command and peak RSS.

At once, on fresh servers: ``--exchange`` exchange classes (12 players: ``--exchange-people``
people on sockets, ``--exchange-robots`` robot seats, the host's socket; ``load.py``'s seats
and its people's load: one of each class's people orders or cancels every ``--interval`` s);
``--quiz`` quiz finals of ``--phones`` phones (two teams of eight men, several phones a team;
the teacher asks, a phone of the team to move moves, one of the answering team answers a
multiple-choice question, judged by the system; a finished round starts a new one);
``--events`` class events of ``--pupils`` pupils (a Swiss; the teacher starts it when the load
begins, each board is played by its two pupils' sockets as ``classroom_draughts.py``'s pupils
play, the coach reviewing every finished game; rounds follow by themselves) and ``--simul``
simuls of ``--simul-pupils`` (the teacher plays black on every board, one board at a time,
through the console's one secret; skipped with a note on a checkout without the simul).
Each event's console reads the boards' summary every 2 s, as the teacher's page does.
People think ``--think`` seconds before a move or an answer.

Measured over ``--seconds`` of load (after seating): per kind and overall, people's commands,
their ack p50/p99/max (command sent → its ack on the sender's socket) and ``seen`` (→ the
other sockets of the game holding that version); the server processes' CPU (from ``/proc``)
per command (people's and robots' commands) and their peak RSS (``VmHWM``), the coach
workers' CPU and peak RSS apart; the machine's load average (1 min) at the start, the end and
its highest. The **peer**, measured in the same invocation on fresh servers: each kind alone
(``--peers``: one class of it), so each kind's CPU per command and latency have a reference
measured on the same machine at the same time. ``--db sqlite`` (one process), ``postgres``
(``--processes`` processes over a throwaway ``scripts/postgres.sh`` cluster, the clients split
between them, no proxy, as ``multi.py`` does), or ``both``. Traffic only to 127.0.0.1; it
stops by itself and stops what it started (Ctrl-C and SIGTERM too).

    timeout 1500 .venv/bin/python benchmarks/school_day.py --db both --seconds 60 \\
        --json var/school_day.json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from classroom_draughts import Figures, Pupil, children_cpu_s, open_pupil, play_game, send
from load import Stats, cpu_s, drive, open_client, percentile, quiet_collector
from multi import OPEN, fresh_database, postgres, processes
from robots_load import OPEN_LIMITS, robot_counts
from robots_load import setup as exchange_setup

from boardroom.games.quiz.actions import actions as quiz_actions
from boardroom.games.tournament import event as tournament_event

Json = dict[str, Any]


@dataclass(frozen=True)
class Mix:
    """How many classes of each kind, and their sizes."""

    exchange: int = 2
    exchange_people: int = 8
    exchange_robots: int = 4
    quiz: int = 1
    phones: int = 16
    events: int = 2
    pupils: int = 30
    simul: int = 1
    simul_pupils: int = 20

    def only(self, kind: str) -> Mix:
        """The same classes, one of ``kind`` and none of the others (a peer)."""
        counts = {"exchange": 0, "quiz": 0, "events": 0, "simul": 0}
        counts["events" if kind == "event" else kind] = 1
        return replace(self, **counts)


@dataclass
class Day:
    """What one run of the day has: the servers, the load's end, each kind's figures."""

    bases: list[str]
    args: argparse.Namespace
    until: float = 0.0
    figures: dict[str, Figures] = field(default_factory=dict)
    stats: Stats = field(default_factory=Stats)
    started: asyncio.Event = field(default_factory=asyncio.Event)
    failures: dict[str, int] = field(default_factory=dict)
    listeners: list[asyncio.Task[None]] = field(default_factory=list)

    def ws(self, n: int) -> str:
        """The socket base for a client's number ``n``: the clients alternate processes."""
        return self.bases[n % len(self.bases)].replace("http", "ws", 1)

    def failed(self, kind: str, error: BaseException) -> None:
        key = f"{kind}:{type(error).__name__}"
        self.failures[key] = self.failures.get(key, 0) + 1


def host(made: Json) -> dict[str, str]:
    return {"Authorization": f"Bearer {made['host_secret']}"}


async def create(http: httpx.AsyncClient, game: str, setup: Json) -> Json:
    reply = await http.post("/api/games", json={"game": game, "setup": setup})
    assert reply.status_code == 200, reply.text
    made: Json = reply.json()
    return made


async def join(http: httpx.AsyncClient, made: Json, name: str, role: str | None = None) -> Json:
    body = {"code": made["code"], "name": name} | ({"role": role} if role else {})
    reply = await http.post("/api/join", json=body)
    assert reply.status_code == 200, reply.text
    joined: Json = reply.json()
    return joined


# -- exchange: load.py's people, robots_load.py's setup ------------------------------------


async def seat_exchange(
    http: httpx.AsyncClient, day: Day, n: int, mix: Mix
) -> Callable[[], Awaitable[None]]:
    """Exchange class ``n`` seated: the host's socket and the people's (``load.Client``),
    robots in the next seats. Its load: started when the load begins, ``load.drive``."""
    args = day.args
    made = await create(http, "exchange", exchange_setup(args.seconds + 120, args.seed + n))
    gid = made["game_id"]
    clients = [await open_client(day.ws(0), gid, made["host_secret"], "host", pings=False)]
    for p in range(1, mix.exchange_people + 1):
        joined = await join(http, made, f"p{p}", f"p{p}")
        clients.append(await open_client(day.ws(p), gid, joined["secret"], f"p{p}", pings=False))
    robots = [
        f"p{p}"
        for p in range(mix.exchange_people + 1, 1 + mix.exchange_people + mix.exchange_robots)
    ]
    if robots:
        reply = await http.post(
            f"/api/games/{gid}/robots", json={"roles": robots}, headers=host(made)
        )
        assert reply.status_code == 200, reply.text
    day.listeners.extend(asyncio.create_task(c.listen()) for c in clients)

    async def start() -> None:
        await day.started.wait()
        command = {"command": {"type": "start"}}
        await http.post(f"/api/games/{gid}/commands", json=command, headers=host(made))
        rng = random.Random(args.seed * 7 + n)
        await drive(clients, day.stats, args.interval, day.until, rng)

    return start


# -- quiz: a final of two teams, several phones a team -------------------------------------


def quiz_setup(seed: int) -> Json:
    """Two teams of eight men on the seed's squares; multiple-choice questions enough for a
    long round (the system judges a chosen answer)."""
    teams = [
        {
            "id": team,
            "name": name,
            "members": [{"id": f"{team.lower()}{m}", "name": f"{team}{m}"} for m in range(1, 9)],
        }
        for team, name in (("A", "Eagles"), ("B", "Owls"))
    ]
    questions = [
        {
            "id": f"q{q}",
            "text": f"{q} + {q}?",
            "answer": str(2 * q),
            "choices": [str(2 * q), str(2 * q + 1), str(2 * q - 1)],
        }
        for q in range(1, 301)
    ]
    ruleset = {"duel": "defender", "answer_s": None}
    return {
        "game": "quiz",
        "seed": seed,
        "ruleset": ruleset,
        "teams": teams,
        "questions": questions,
    }


async def quiz_round(
    http: httpx.AsyncClient, day: Day, n: int, mix: Mix
) -> tuple[Pupil, list[Pupil]]:
    """A quiz round made and seated: the teacher's socket and the phones (half a team each)."""
    made = await create(http, "quiz", quiz_setup(day.args.seed + n))
    teacher = await open_pupil(day.ws(0), made["game_id"], made["host_secret"], "host")
    lobby = await http.get(f"/api/games/{made['game_id']}/lobby", headers=host(made))
    codes = lobby.json()["team_codes"]  # a team's phones join by its own code
    phones = []
    for p in range(mix.phones):
        team = "AB"[p % 2]
        joined = await join(http, made | {"code": codes[team]}, f"{team}-phone{p}", team)
        phones.append(await open_pupil(day.ws(p + 1), made["game_id"], joined["secret"], team))
    return teacher, phones


def quiz_turn(
    teacher: Pupil, phones: list[Pupil], answering: dict[str, Pupil], rng: random.Random
) -> tuple[Pupil, Json] | None:
    """Who acts now, and what: the teacher asks (or judges), a phone moves or answers (the
    phone of its team that answered first, which holds the team's answering)."""
    if teacher.view.get("phase") == "setup":
        return teacher, {"type": "start"}
    allowed = quiz_actions(teacher.view, "host")
    if "ask" in allowed:
        return teacher, {"type": "ask"}
    duel = teacher.view.get("duel") or {}
    if "judge" in allowed and duel.get("given"):
        return teacher, {"type": "judge", "correct": rng.random() < 0.5}
    for phone in rng.sample(phones, len(phones)):
        if answering.get(phone.side, phone) is not phone:
            continue
        may = quiz_actions(phone.view, phone.side)
        if "move" in may:
            return phone, {"type": "move", "move": rng.choice(may["move"]["moves"])}
        if "answer" in may:
            return phone, {"type": "answer", "choice": rng.randrange(len(may["answer"]["choices"]))}
    return None


async def quiz_final(
    http: httpx.AsyncClient, day: Day, n: int, mix: Mix, seated: tuple[Pupil, list[Pupil]]
) -> None:
    """Quiz rounds one after another until the load ends (the first ``seated`` before it)."""
    figures = day.figures.setdefault("quiz", Figures())
    rng = random.Random(day.args.seed * 11 + n)
    teacher, phones = seated
    answering: dict[str, Pupil] = {}
    await day.started.wait()
    serial = 0
    while time.perf_counter() < day.until:
        if teacher.view.get("phase") == "ended":
            figures.finished += 1
            for seat in (teacher, *phones):
                await seat.conn.close()
            teacher, phones = await quiz_round(http, day, n + 1000 * figures.finished, mix)
            answering.clear()
            continue
        turn = quiz_turn(teacher, phones, answering, rng)
        if turn is None:
            teacher.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(teacher.changed.wait(), 5)
            continue
        sender, command = turn
        if sender is not teacher:
            await asyncio.sleep(rng.uniform(*day.args.think))
        serial += 1
        others = [s for s in (teacher, *phones) if s is not sender]
        await send(sender, others, command, figures, serial)
        if command["type"] == "answer":
            answering.setdefault(sender.side, sender)
    for seat in (teacher, *phones):
        await seat.conn.close()


# -- the class event: classroom_draughts.py's pupils on the event's boards -----------------


@dataclass
class Event:
    kind: str
    made: Json
    teacher: Pupil
    secrets: dict[str, str]
    phones: list[Pupil]
    one_at_a_time: dict[str, asyncio.Lock] = field(default_factory=dict)


async def seat_event(
    http: httpx.AsyncClient, day: Day, n: int, pupils: int, setup: Json, kind: str = "event"
) -> Event:
    """Class event ``n``: every pupil joins by the code and enters with their name (each phone
    keeps its socket on the event), the teacher's socket; started when the load begins."""
    made = await create(http, "tournament", setup)
    teacher = await open_pupil(day.ws(0), made["game_id"], made["host_secret"], "host")
    secrets, phones = {}, []
    for p in range(pupils):
        joined = await join(http, made, f"Pupil {n}-{p}")
        phone = await open_pupil(day.ws(p + 1), made["game_id"], joined["secret"], joined["role"])
        await phone.conn.send(
            json.dumps({"type": "command", "command": {"type": "enter", "name": f"Pupil {n}-{p}"}})
        )
        reply = await asyncio.wait_for(phone.replies.get(), 60)
        assert reply["type"] == "ack", reply
        secrets[joined["role"]] = joined["secret"]
        phones.append(phone)
    return Event(kind, made, teacher, secrets, phones)


def swiss(n: int, pupils: int) -> Json:
    return {"title": f"Class {n}", "format": "swiss", "rounds": max(1, min(5, pupils // 2))}


async def run_event(day: Day, n: int, event: Event) -> None:
    """The teacher starts the event; each board the server opens is played by its pupils;
    the teacher's console reads the boards' summary every 2 s (as the page does)."""
    figures = day.figures.setdefault(event.kind, Figures())
    await day.started.wait()
    await send(event.teacher, [], {"type": "start"}, figures, 0)
    console = asyncio.create_task(read_summary(day, event))
    boards: dict[str, asyncio.Task[None]] = {}
    while time.perf_counter() < day.until:
        for round_ in event.teacher.view.get("rounds") or []:
            for board in round_.get("boards") or []:
                gid = board.get("game_id")
                if gid and gid not in boards and board.get("result") is None:
                    boards[gid] = asyncio.create_task(play_board(day, n, event, board, figures))
        event.teacher.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(
                event.teacher.changed.wait(), max(0.01, min(5, day.until - time.perf_counter()))
            )
    await asyncio.gather(*boards.values(), return_exceptions=True)
    console.cancel()


async def read_summary(day: Day, event: Event) -> None:
    """The console's poll of the boards' summary (``web/tournament.py``), every 2 s."""
    url = f"/api/web/events/{event.made['game_id']}/summary"
    async with httpx.AsyncClient(base_url=day.bases[0], timeout=60, headers=host(event.made)) as h:
        while True:
            with contextlib.suppress(httpx.HTTPError):
                await h.get(url)
            await asyncio.sleep(2.0)


async def play_board(day: Day, n: int, event: Event, board: Json, figures: Figures) -> None:
    """One board of the event: its pupils' sockets (the one secret of each pupil opens their
    board; a simul's teacher's side, the console's secret), played as classroom_draughts.py
    plays a game (the simul's teacher on one board at a time); the robot plays its own side."""
    rng = random.Random(f"{day.args.seed}-{n}-{board['game_id']}")
    pupils: dict[str, Pupil] = {}
    try:
        for side in ("white", "black"):
            role = board[side]
            if role in event.secrets:
                pupils[side] = await open_pupil(
                    day.ws(len(pupils) + n), board["game_id"], event.secrets[role], side
                )
        if pupils:
            length = rng.randint(*day.args.plies)
            await play_game(
                pupils, length, day.args.think, rng, figures, day.until, event.one_at_a_time
            )
    except Exception as error:
        day.failed("event", error)
    finally:
        for pupil in pupils.values():
            await pupil.conn.close()


# -- the simul: the class event's format, the teacher on every board ----------------------


def simul_built() -> bool:
    """Whether the simul is on this checkout (a format of the class event)."""
    return "simul" in tournament_event.FORMATS


async def seat_simul(http: httpx.AsyncClient, day: Day, n: int, mix: Mix) -> Event | None:
    """Simul ``n``: the pupils join and enter as in an event; the teacher plays black on every
    board through the console's one secret (a socket per board), thinking and moving on one
    board at a time. None (and a note) on a checkout without the simul."""
    if not simul_built():
        print(f"simul {n} of {mix.simul_pupils}: not built on this checkout — skipped")
        return None
    setup = {"title": f"Simul {n}", "format": "simul", "teacher": "black"}
    event = await seat_event(http, day, n, mix.simul_pupils, setup, "simul")
    event.secrets["teacher"] = event.made["host_secret"]
    event.one_at_a_time["black"] = asyncio.Lock()
    return event


# -- one day -------------------------------------------------------------------------------


async def guarded(day: Day, kind: str, job: Awaitable[None]) -> None:
    try:
        await job
    except Exception as error:
        day.failed(kind, error)


async def load_average(samples: list[float], until: float) -> None:
    while time.perf_counter() < until:
        samples.append(os.getloadavg()[0])
        await asyncio.sleep(2.0)


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident set (``VmHWM``), MB."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


def kind_figures(figures: Figures, timeouts: int = 0) -> Json:
    ms = [x * 1000 for x in figures.ack]
    seen = [x * 1000 for x in figures.seen]
    return {
        "people_commands": figures.commands,
        "ack_p50_ms": round(percentile(ms, 0.5), 1),
        "ack_p99_ms": round(percentile(ms, 0.99), 1),
        "ack_max_ms": round(max(ms, default=float("nan")), 1),
        "seen_p99_ms": round(percentile(seen, 0.99), 1),
        "errors": figures.errors,
        "timeouts": timeouts,
        "finished": figures.finished,
    }


def exchange_figures(stats: Stats) -> Figures:
    return Figures(
        ack=stats.acks, seen=stats.latencies, commands=stats.commands, errors=stats.refused
    )


async def day_of(args: argparse.Namespace, mix: Mix, bases: list[str], pids: list[int]) -> Json:
    """Seat every class of ``mix``, then ``args.seconds`` of load: the figures."""
    day = Day(bases, args)
    jobs: list[Coroutine[Any, Any, None]] = []
    async with httpx.AsyncClient(base_url=bases[0], timeout=60) as http:
        for n in range(mix.exchange):
            jobs.append(guarded(day, "exchange", (await seat_exchange(http, day, n, mix))()))
        for n in range(mix.quiz):
            seated = await quiz_round(http, day, n, mix)
            jobs.append(guarded(day, "quiz", quiz_final(http, day, n, mix, seated)))
        for n in range(mix.events):
            event = await seat_event(http, day, n, mix.pupils, swiss(n, mix.pupils))
            jobs.append(guarded(day, "event", run_event(day, n, event)))
        for n in range(mix.simul):
            simul = await seat_simul(http, day, n, mix)
            if simul is not None:
                jobs.append(guarded(day, "simul", run_event(day, n, simul)))
        tasks = [asyncio.create_task(job) for job in jobs]
        await asyncio.sleep(2.0)  # the sockets' first views in
        if args.freeze:
            quiet_collector()
        robots0 = [robot_counts(b) for b in bases]
        cpu0 = sum(cpu_s(p) for p in pids)
        coach0 = sum(children_cpu_s(p) for p in pids)
        client0 = time.process_time()
        began = time.perf_counter()
        day.until = began + args.seconds
        loads = [os.getloadavg()[0]]
        sampler = asyncio.create_task(load_average(loads, day.until))
        day.started.set()
        await asyncio.wait(tasks, timeout=args.seconds + 120)
        took = time.perf_counter() - began
        cpu = sum(cpu_s(p) for p in pids) - cpu0
        coach = sum(children_cpu_s(p) for p in pids) - coach0
        client = time.process_time() - client0
        loads.append(os.getloadavg()[0])
        sampler.cancel()
        robots1 = [robot_counts(b) for b in bases]
        for task in [*tasks, *day.listeners]:
            task.cancel()
    robot_ok = int(
        sum(a.get("ok", 0) - b.get("ok", 0) for a, b in zip(robots1, robots0, strict=True))
    )
    kinds = {}
    if mix.exchange:
        kinds["exchange"] = kind_figures(exchange_figures(day.stats), day.stats.timeouts)
    for kind in ("quiz", "event", "simul"):
        if kind in day.figures:
            kinds[kind] = kind_figures(day.figures[kind])
    everyone = Figures()
    for figures in [exchange_figures(day.stats), *day.figures.values()]:
        everyone.ack += figures.ack
        everyone.seen += figures.seen
        everyone.commands += figures.commands
        for code, count in figures.errors.items():
            everyone.errors[code] = everyone.errors.get(code, 0) + count
    people = everyone.commands
    workers = [c for p in pids for c in children(p)]
    return {
        "mix": mix.__dict__,
        "processes": len(bases),
        "seconds": round(took, 1),
        "kinds": kinds,
        "overall": kind_figures(everyone, day.stats.timeouts),
        "robot_commands": robot_ok,
        "failures": day.failures,
        "server_cpu_s": round(cpu, 1),
        "server_cpu_percent": round(100 * cpu / took, 1),
        "cpu_ms_per_command": round(1000 * cpu / max(1, people + robot_ok), 2),
        "cpu_ms_per_people_command": round(1000 * cpu / max(1, people), 2),
        "server_peak_rss_mb": [round(peak_rss_mb(p), 1) for p in pids],
        "coach_cpu_s": round(coach, 1),
        "client_cpu_percent": round(100 * client / took, 1),
        "coach_peak_rss_mb": [round(peak_rss_mb(c), 1) for c in workers],
        "load_average": {
            "start": round(loads[0], 2),
            "end": round(loads[-1], 2),
            "max": round(max(loads), 2),
        },
    }


# -- the servers ---------------------------------------------------------------------------


@contextlib.contextmanager
def servers(db: str, count: int, pg: str | None) -> Iterator[tuple[list[str], list[int]]]:
    """``count`` fresh servers: on SQLite (one process) or on a fresh database of ``pg``."""
    pids: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/day.sqlite3" if db == "sqlite" else fresh_database(pg or "")
        with processes(url, count, pids) as bases:
            yield bases, pids


def phases(mix: Mix, peers: list[str]) -> list[tuple[str, Mix]]:
    return [("school day", mix), *((f"{kind} alone (peer)", mix.only(kind)) for kind in peers)]


KIND_COLUMNS = ("people_commands", "ack_p50_ms", "ack_p99_ms", "ack_max_ms", "seen_p99_ms")
HEADER = "backend | phase | kind | people's commands | ack p50 | ack p99 | ack max | seen p99 (ms)"


def row(backend: str, phase: str, result: Json) -> list[str]:
    """Lines of the figures: one per kind, then everything with the process's figures."""
    lines = []
    for kind, fig in [*result["kinds"].items(), ("all", result["overall"])]:
        cells = [backend, phase, kind, *(str(fig[key]) for key in KIND_COLUMNS)]
        if fig["errors"] or fig["timeouts"]:
            cells.append(f"errors {fig['errors']} timeouts {fig['timeouts']}")
        lines.append(" | ".join(cells))
    r = result
    lines.append(
        f"    robots' commands {r['robot_commands']}; server CPU {r['server_cpu_percent']} %, "
        f"{r['cpu_ms_per_command']} ms a command ({r['cpu_ms_per_people_command']} a "
        f"people's); peak RSS {r['server_peak_rss_mb']} MB; coach {r['coach_cpu_s']} s CPU, "
        f"peak RSS {r['coach_peak_rss_mb']} MB; the clients' process "
        f"{r['client_cpu_percent']} % CPU; load average {r['load_average']}; "
        f"failures {r['failures'] or 'none'}"
    )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of load a phase")
    parser.add_argument("--db", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--pg", default=None, help="postgresql://… (default: a throwaway one)")
    parser.add_argument("--processes", type=int, default=2, help="servers over PostgreSQL")
    parser.add_argument("--exchange", type=int, default=2)
    parser.add_argument("--exchange-people", type=int, default=8)
    parser.add_argument("--exchange-robots", type=int, default=4)
    parser.add_argument("--quiz", type=int, default=1)
    parser.add_argument("--phones", type=int, default=16)
    parser.add_argument("--events", type=int, default=2)
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--simul", type=int, default=1)
    parser.add_argument("--simul-pupils", type=int, default=20)
    parser.add_argument(
        "--peers", default="exchange,quiz,event,simul", help="kinds measured alone ('' none)"
    )
    parser.add_argument(
        "--interval", type=float, default=2.0, help="an exchange class's command every … s"
    )
    parser.add_argument(
        "--think", type=float, nargs=2, default=(1.5, 3.0), help="a person's seconds"
    )
    parser.add_argument(
        "--plies", type=int, nargs=2, default=(10, 30), help="a board's game is resigned after …"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the figures here as JSON")
    parser.add_argument("--no-freeze", dest="freeze", action="store_false")
    args = parser.parse_args()
    if args.exchange_people + args.exchange_robots > 12:
        parser.error("an exchange class has 12 players")
    mix = Mix(
        args.exchange,
        args.exchange_people,
        args.exchange_robots,
        args.quiz,
        args.phones,
        args.events,
        args.pupils,
        args.simul,
        args.simul_pupils,
    )
    peers = [p for p in args.peers.split(",") if p]
    os.environ.update(OPEN | OPEN_LIMITS)  # the started servers inherit them
    os.environ.pop("BOARDROOM_COACH_HOLD", None)  # the coach at work
    signal.signal(signal.SIGTERM, stop)
    backends = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    results: list[Json] = []
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()}", flush=True)
    print(HEADER, flush=True)
    with postgres(args.pg) if "postgres" in backends else contextlib.nullcontext(None) as pg:
        for backend in backends:
            count = 1 if backend == "sqlite" else args.processes
            for phase, phase_mix in phases(mix, peers):
                with servers(backend, count, pg) as (bases, pids):
                    result = asyncio.run(day_of(args, phase_mix, bases, pids))
                results.append({"backend": backend, "phase": phase} | result)
                print("\n".join(row(f"{backend}×{count}", phase, result)), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    ok = all(not r["failures"] and not r["overall"]["timeouts"] for r in results)
    return 0 if ok else 1


def stop(_signum: int, _frame: object) -> None:
    """SIGTERM (``timeout``) ends the run as Ctrl-C does: the servers and the cluster stopped."""
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
