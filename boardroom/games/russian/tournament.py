"""A class tournament: pupils, pairings round by round, results, standings and the crosstable.

Pure data and functions (no clock, randomness or I/O): the server keeps an :class:`Event`
and asks for the next round, records each game's result and shows the standings.

Formats: a round robin by the standard Berger tables (an odd class adds the robot's
seat, so every pupil meets the robot once) and a Swiss event paired round by round
(Monrad style: by score, then seed; no repeat pairings; nobody plays the same colour
three times in a row; an odd pupil plays the robot, and nobody meets the robot twice
while another pupil has not met it yet). A result is kept as white's points on the Russian
draughts scale, which every table shows as it is (2 a win, 1 a draw, 0 a loss: integers, no
«½»); ties are broken by Buchholz, then Sonneborn–Berger, then the seeding order, so every
order is deterministic.

>>> event = round_robin("Warm-up", [Pupil("a", "Аня"), Pupil("b", "Боря"), Pupil("c", "Вика")])
>>> [(g.white, g.black) for g in event.rounds[0]]
[('a', 'robot'), ('b', 'c')]
>>> event = record(event, 1, 1, WIN)
>>> event = record(event, 1, 2, DRAW)
>>> [(s.pupil.name, points_text(s.points)) for s in standings(event)]
[('Аня', '2'), ('Боря', '1'), ('Вика', '1')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from boardroom.draughts import Board
from boardroom.draughts import pdn as pdn_format
from boardroom.games.russian.messages import MESSAGES
from boardroom.kernel import Json

ROBOT: Final = "robot"  # the robot's seat: it plays the odd pupil (never in the standings)
TEACHER: Final = "teacher"  # the teacher's seat in a simul: every pupil's opponent (no standing)
NOT_PUPILS: Final = (ROBOT, TEACHER)
WIN: Final = 2  # white's half-points for a white win
DRAW: Final = 1
LOSS: Final = 0
RESULTS: Final = (LOSS, DRAW, WIN)
PAIRING_STEPS: Final = 200_000  # the Swiss search gives up after so many tries

Format = Literal["round_robin", "swiss", "simul"]


class TournamentError(ValueError):
    """A request the event cannot take: a stable ``code`` and its ``params`` (the refusal's
    sentence in the reader's language is the Russian draughts catalogue's, by code), the
    message plain English for logs."""

    def __init__(self, code: str, message: str, **params: int) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Pupil:
    """One pupil: a stable id and the name the class sees; seeds follow the join order."""

    id: str
    name: str


@dataclass(frozen=True)
class Game:
    """One board of a round; ``result`` is white's half-points, None while it is played."""

    round: int
    board: int
    white: str
    black: str
    result: int | None = None

    @property
    def finished(self) -> bool:
        return self.result is not None

    def points_of(self, pupil: str) -> int | None:
        """The half-points ``pupil`` scored in this game (None while it is played).

        >>> Game(1, 1, "a", "b", WIN).points_of("b"), Game(1, 1, "a", "b").points_of("a")
        (0, None)
        """
        if self.result is None:
            return None
        return self.result if pupil == self.white else WIN - self.result

    def opponent(self, pupil: str) -> str:
        return self.black if pupil == self.white else self.white

    def has(self, pupil: str) -> bool:
        return pupil in (self.white, self.black)


@dataclass(frozen=True)
class Event:
    """The tournament: its pupils in seeding order, its format and the rounds paired so far."""

    title: str
    format: Format
    pupils: tuple[Pupil, ...]
    planned_rounds: int
    rounds: tuple[tuple[Game, ...], ...] = ()
    withdrawn: frozenset[str] = frozenset()
    """Pupils withdrawn by the teacher: kept in the table, not paired again (Swiss)."""

    def pupil(self, pupil_id: str) -> Pupil:
        for pupil in self.pupils:
            if pupil.id == pupil_id:
                return pupil
        raise TournamentError("unknown_pupil", f"no pupil {pupil_id!r} in this event")

    @property
    def games(self) -> tuple[Game, ...]:
        return tuple(game for games in self.rounds for game in games)

    @property
    def round_over(self) -> bool:
        """Every board of the last round has its result (true before the first round)."""
        return all(game.finished for game in (self.rounds[-1] if self.rounds else ()))

    @property
    def over(self) -> bool:
        return len(self.rounds) == self.planned_rounds and self.round_over


@dataclass(frozen=True)
class Standing:
    """A pupil's line in the table: points and Buchholz on the 2/1/0 scale, Sonneborn–Berger
    the sum of (points scored against an opponent × that opponent's points)."""

    place: int
    pupil: Pupil
    points: int
    buchholz: int
    sonneborn_berger: int
    played: int
    in_progress: int


# -- creating an event --------------------------------------------------------------------------


def round_robin(title: str, pupils: Sequence[Pupil]) -> Event:
    """Everyone meets everyone by the Berger tables; the whole schedule is known at once.

    >>> pupils = [Pupil(str(n), f"P{n}") for n in range(1, 5)]
    >>> [[(g.white, g.black) for g in r] for r in round_robin("RR", pupils).rounds]
    [[('1', '4'), ('2', '3')], [('4', '3'), ('1', '2')], [('2', '4'), ('3', '1')]]
    """
    _check_pupils(pupils, least=2)
    seats = [p.id for p in pupils] + ([ROBOT] if len(pupils) % 2 else [])
    rounds = tuple(
        tuple(
            Game(number, board, seats[white - 1], seats[black - 1])
            for board, (white, black) in enumerate(berger_round(len(seats), number), start=1)
        )
        for number in range(1, len(seats))
    )
    return Event(title, "round_robin", tuple(pupils), len(rounds), rounds)


def swiss(title: str, pupils: Sequence[Pupil], rounds: int) -> Event:
    """A Swiss event of ``rounds`` rounds; :func:`pair_next_round` pairs each in turn.

    >>> try:
    ...     swiss("S", [Pupil("a", "A"), Pupil("b", "B")], 2)
    ... except TournamentError as exc:
    ...     print(exc.code, "-", exc)
    too_many_rounds - with 2 pupils, a Swiss event has at most 1 round(s)

    At most half as many rounds as seats (the pupils and, for an odd class, the robot):
    then a pairing without a repeat always exists (after *k* rounds each seat may still
    meet *n − 1 − k* ≥ *n*/2 others, and by Dirac's theorem such a graph has a Hamiltonian
    cycle, so a perfect matching). For more rounds, a round robin.
    """
    _check_pupils(pupils, least=2)
    most = (len(pupils) + len(pupils) % 2) // 2
    if not 1 <= rounds <= most:
        raise TournamentError(
            "too_many_rounds",
            f"with {len(pupils)} pupils, a Swiss event has at most {most} round(s)",
            pupils=len(pupils),
            most=most,
        )
    return Event(title, "swiss", tuple(pupils), rounds)


def _check_pupils(pupils: Sequence[Pupil], least: int) -> None:
    if len(pupils) < least:
        raise TournamentError("too_few_pupils", f"an event needs at least {least} pupils")
    ids = [p.id for p in pupils]
    if len(set(ids)) != len(ids) or any(seat in ids for seat in NOT_PUPILS):
        raise TournamentError("duplicate_pupil", "each pupil needs an id of their own")


def berger_round(seats: int, number: int) -> list[tuple[int, int]]:
    """Round ``number`` of the Berger table for an even count of ``seats`` (1-based seats,
    white first, board 1 first): seat ``seats`` stays, the others turn by ``seats/2``.

    >>> berger_round(6, 1), berger_round(6, 2)
    ([(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)])
    """
    others = seats - 1
    facing = 1 + (number - 1) * (seats // 2) % others
    first = (seats, facing) if number % 2 == 0 else (facing, seats)

    def seat(offset: int) -> int:
        return (facing - 1 + offset) % others + 1

    return [first, *((seat(k), seat(-k)) for k in range(1, seats // 2))]


# -- results ------------------------------------------------------------------------------------


def record(event: Event, round_number: int, board: int, result: int) -> Event:
    """The event with this board's result (white's half-points: 2, 1 or 0).

    >>> event = round_robin("RR", [Pupil("a", "A"), Pupil("b", "B")])
    >>> try:
    ...     record(event, 1, 1, 3)
    ... except TournamentError as exc:
    ...     print(exc.code)
    bad_result
    """
    if isinstance(result, bool) or result not in RESULTS:
        raise TournamentError(
            "bad_result",
            f"a result is 2 (white won), 1 (a draw) or 0 (black won), not {result!r}",
        )
    if not 1 <= round_number <= len(event.rounds):
        raise TournamentError(
            "unknown_board", f"round {round_number} is not paired", round=round_number, board=board
        )
    games = event.rounds[round_number - 1]
    if not 1 <= board <= len(games):
        raise TournamentError(
            "unknown_board",
            f"round {round_number} has no board {board}",
            round=round_number,
            board=board,
        )
    if games[board - 1].finished:
        raise TournamentError(
            "already_recorded", f"board {board} already has its result", board=board
        )
    changed = tuple(replace(g, result=result) if g.board == board else g for g in games)
    rounds = list(event.rounds)
    rounds[round_number - 1] = changed
    return replace(event, rounds=tuple(rounds))


# -- changes while the event runs (the teacher's) -----------------------------------------------


def clear(event: Event, round_number: int, board: int) -> Event:
    """The event with this board's result taken back (the teacher's undo).

    >>> event = record(round_robin("RR", [Pupil("a", "A"), Pupil("b", "B")]), 1, 1, WIN)
    >>> clear(event, 1, 1).rounds[0][0].result is None
    True
    """
    games = event.rounds[round_number - 1]
    changed = tuple(replace(g, result=None) if g.board == board else g for g in games)
    rounds = list(event.rounds)
    rounds[round_number - 1] = changed
    return replace(event, rounds=tuple(rounds))


def add_pupil(event: Event, pupil: Pupil) -> Event:
    """A late pupil: the last seed, no points; a Swiss event pairs them from its next round.

    >>> event = add_pupil(swiss("S", [Pupil("a", "A"), Pupil("b", "B")], 1), Pupil("c", "C"))
    >>> [p.id for p in event.pupils]
    ['a', 'b', 'c']
    """
    if any(p.id == pupil.id for p in event.pupils) or pupil.id == ROBOT:
        raise TournamentError("duplicate_pupil", "each pupil needs an id of their own")
    return replace(event, pupils=(*event.pupils, pupil))


def rename(event: Event, pupil_id: str, name: str) -> Event:
    """The event with a pupil's name changed (their games and points stay)."""
    event.pupil(pupil_id)  # refuses an unknown pupil
    pupils = tuple(Pupil(p.id, name) if p.id == pupil_id else p for p in event.pupils)
    return replace(event, pupils=pupils)


def withdraw(event: Event, pupil_id: str) -> Event:
    """The event with a pupil withdrawn: their results stay, no later Swiss round pairs them."""
    event.pupil(pupil_id)
    return replace(event, withdrawn=event.withdrawn | {pupil_id})


# -- Swiss pairing ------------------------------------------------------------------------------


def pair_next_round(event: Event) -> Event:
    """The event with its next Swiss round paired (every board of the last one must be over).

    >>> event = swiss("S", [Pupil(x, x.upper()) for x in "abc"], 2)
    >>> event = pair_next_round(event)
    >>> [(g.white, g.black) for g in event.rounds[0]]
    [('a', 'b'), ('c', 'robot')]
    """
    if event.format != "swiss":
        raise TournamentError("not_swiss", "a round robin is paired in full when it is made")
    if len(event.rounds) >= event.planned_rounds:
        raise TournamentError("event_over", "every round of the event is paired")
    if not event.round_over:
        raise TournamentError("round_in_progress", "a board of this round is still playing")
    number = len(event.rounds) + 1
    pairs = _swiss_pairs(event)
    games = tuple(
        Game(number, board, white, black) for board, (white, black) in enumerate(pairs, start=1)
    )
    return replace(event, rounds=(*event.rounds, games))


def _swiss_pairs(event: Event) -> list[tuple[str, str]]:
    points = _points(event.games)
    seed = {p.id: i for i, p in enumerate(event.pupils)}
    playing = [p for p in seed if p not in event.withdrawn]
    ranked = sorted(playing, key=lambda p: (-points.get(p, 0), seed[p]))
    met = {(g.white, g.black) for g in event.games} | {(g.black, g.white) for g in event.games}
    colours = _colours(event)
    # the colour rule gives way only if no pairing keeps it (no repeat game comes first); after
    # a withdrawal (fewer seats than the rounds were planned for) a repeat game, last of all
    for strict, seen in _pairing_passes(event, met):
        for robot_pupil in _robot_candidates(event, ranked):
            rest = [p for p in ranked if p != robot_pupil]
            found = _pair_rest(rest, seen, colours if strict else {}, [PAIRING_STEPS])
            if found is not None:
                pairs = [_coloured(a, b, colours, seed) for a, b in found]
                if robot_pupil is not None:
                    pairs.append(_coloured(robot_pupil, ROBOT, colours, seed))
                return pairs
    raise TournamentError("no_pairing", "no pairing without a repeat game is left")


def _pairing_passes(
    event: Event, met: set[tuple[str, str]]
) -> list[tuple[bool, set[tuple[str, str]]]]:
    """The passes of the Swiss search: colours kept, then not; repeats allowed only last and
    only once a pupil was withdrawn (with every seat present a pairing without one exists)."""
    passes = [(True, met), (False, met)]
    return [*passes, (False, set())] if event.withdrawn else passes


def _robot_candidates(event: Event, ranked: list[str]) -> list[str | None]:
    """Who may play the robot: nobody in an even class; else, among the pupils who have met
    it least, the lowest in the table first."""
    if len(ranked) % 2 == 0:
        return [None]
    robot_games = {p: 0 for p in ranked}
    for game in event.games:
        if ROBOT in (game.white, game.black):
            pupil = game.opponent(ROBOT)
            if pupil in robot_games:  # (not a withdrawn pupil)
                robot_games[pupil] += 1
    fewest = min(robot_games.values())
    return [p for p in reversed(ranked) if robot_games[p] == fewest]


def _pair_rest(
    rest: list[str],
    met: set[tuple[str, str]],
    colours: Mapping[str, str],
    steps: list[int],
) -> list[tuple[str, str]] | None:
    """The first pairing (top of the table with the next one it may meet), by backtracking;
    ``colours`` empty: the colour rule is not asked."""
    if not rest:
        return []
    steps[0] -= 1
    if steps[0] < 0:
        return None
    top, others = rest[0], rest[1:]
    for i, other in enumerate(others):
        if (top, other) in met:
            continue
        if colours and not _colours_fit(colours[top], colours[other]):
            continue
        tail = _pair_rest(others[:i] + others[i + 1 :], met, colours, steps)
        if tail is not None:
            return [(top, other), *tail]
    return None


def _colours(event: Event) -> dict[str, str]:
    """Each pupil's colours so far, oldest first: ``"wbw"``."""
    colours = {p.id: "" for p in event.pupils}
    for game in event.games:
        for pupil, letter in ((game.white, "w"), (game.black, "b")):
            if pupil not in NOT_PUPILS:
                colours[pupil] += letter
    return colours


def _must_play(history: str) -> str | None:
    """The colour a pupil must have next (after the same colour twice in a row), else None.

    >>> _must_play("bww"), _must_play("wb"), _must_play("")
    ('b', None, None)
    """
    if len(history) >= 2 and history[-1] == history[-2]:
        return "b" if history[-1] == "w" else "w"
    return None


def _colours_fit(first: str, second: str) -> bool:
    needs = _must_play(first), _must_play(second)
    return needs[0] is None or needs[0] != needs[1]


def _coloured(
    a: str, b: str, colours: Mapping[str, str], seed: Mapping[str, int]
) -> tuple[str, str]:
    """(white, black): the one who must, or who has had white less often, or who had
    black last, takes white; else the higher seed in the table, by the round's parity."""
    history_a, history_b = colours.get(a, ""), colours.get(b, "")
    if _must_play(history_a) == "w" or _must_play(history_b) == "b":
        return a, b
    if _must_play(history_a) == "b" or _must_play(history_b) == "w":
        return b, a
    balance_a = history_a.count("w") - history_a.count("b")
    balance_b = history_b.count("w") - history_b.count("b")
    if balance_a != balance_b:
        return (a, b) if balance_a < balance_b else (b, a)
    last_a, last_b = history_a[-1:], history_b[-1:]
    if last_a != last_b and last_a and last_b:
        return (a, b) if last_a == "b" else (b, a)
    first_white = len(history_a) % 2 == 0
    higher_first = seed.get(a, len(seed)) <= seed.get(b, len(seed))
    return (a, b) if first_white == higher_first else (b, a)


# -- standings and the crosstable -----------------------------------------------------------------


def _points(games: Iterable[Game]) -> dict[str, int]:
    points: dict[str, int] = {}
    for game in games:
        for pupil in (game.white, game.black):
            scored = game.points_of(pupil)
            if scored is not None and pupil not in NOT_PUPILS:
                points[pupil] = points.get(pupil, 0) + scored
    return points


def standings(event: Event) -> list[Standing]:
    """The table: points, then Buchholz (the sum of the opponents' points), then
    Sonneborn–Berger (each opponent's points times the points scored against them),
    then the seeding order. Only finished games count; the robot adds nothing to a
    tie-break (it has no points of its own).
    """
    points = _points(event.games)
    lines = []
    for seed, pupil in enumerate(event.pupils):
        games = [g for g in event.games if g.has(pupil.id)]
        done = [g for g in games if g.finished]
        buchholz = sum(points.get(g.opponent(pupil.id), 0) for g in done)
        sb = sum((g.points_of(pupil.id) or 0) * points.get(g.opponent(pupil.id), 0) for g in done)
        key = (-points.get(pupil.id, 0), -buchholz, -sb, seed)
        standing = Standing(
            0, pupil, points.get(pupil.id, 0), buchholz, sb, len(done), len(games) - len(done)
        )
        lines.append((key, standing))
    lines.sort(key=lambda line: line[0])
    return [replace(s, place=place) for place, (_, s) in enumerate(lines, start=1)]


def points_text(points: int) -> str:
    """Points as every table writes them: the Russian draughts scale (2 a win, 1 a draw,
    0 a loss), whole numbers a child reads at a glance and no column cuts («11,5»).

    >>> [points_text(n) for n in (0, 1, 2, 5)]
    ['0', '1', '2', '5']
    """
    return str(points)


def crosstable(event: Event, score: Callable[[int], str] = points_text) -> list[list[str]]:
    """Rows in the standings' order: each pupil's results against every other (by place),
    then against the robot, each result written by ``score`` (from half-points); ``*`` a
    game in play, ``×`` the pupil's own cell.

    >>> event = record(round_robin("RR", [Pupil("a", "A"), Pupil("b", "B")]), 1, 1, LOSS)
    >>> [s.pupil.id for s in standings(event)], crosstable(event)
    (['b', 'a'], [['×', '2'], ['0', '×']])
    """
    order = [s.pupil.id for s in standings(event)]
    columns = [*order, *others(event)]
    return [[_cell(event.games, pupil, other, score) for other in columns] for pupil in order]


def others(event: Event) -> list[str]:
    """The crosstable's columns after the pupils: the robot, the teacher (a simul), if played.

    >>> others(round_robin("RR", [Pupil("a", "A"), Pupil("b", "B"), Pupil("c", "C")]))
    ['robot']
    """
    return [seat for seat in NOT_PUPILS if any(g.has(seat) for g in event.games)]


def other_heading(seat: str, lang: str) -> str:
    """The heading of the robot's or the teacher's column in ``lang``."""
    words = MESSAGES.get(lang, MESSAGES["ru"])
    return words["@tournament.robot" if seat == ROBOT else "@tournament.teacher"]


def _cell(games: Iterable[Game], pupil: str, other: str, score: Callable[[int], str]) -> str:
    if pupil == other:
        return "×"
    found = [g for g in games if g.has(pupil) and g.opponent(pupil) == other]
    texts = ["*" if g.result is None else score(g.points_of(pupil) or 0) for g in found]
    return " ".join(texts)


def crosstable_csv(event: Event, lang: str = "ru") -> str:
    """The crosstable as CSV text the reader's Excel opens: place, name, one column per
    place (and the robot), points, Buchholz, Sonneborn–Berger (whole numbers, the 2/1/0
    scale); headings in ``lang``; in Russian a byte-order mark and ``;`` between cells.

    >>> event = record(round_robin("RR", [Pupil("a", "Аня"), Pupil("b", "Боря")]), 1, 1, DRAW)
    >>> print(crosstable_csv(event, "en"), end="")
    Place,Name,1,2,Points,Buchholz,Sonneborn–Berger
    1,Аня,×,1,1,1,1
    2,Боря,1,×,1,1,1
    >>> crosstable_csv(event, "ru").splitlines()[0]
    '\ufeffМесто;Имя;1;2;Очки;Бухгольц;Зоннеборн — Бергер'
    """
    words = MESSAGES.get(lang, MESSAGES["ru"])
    table = standings(event)
    grid = crosstable(event)
    head = [words["@tournament.place"], words["@tournament.name"]]
    head += [str(s.place) for s in table] + [other_heading(o, lang) for o in others(event)]
    head += [words["@tournament.points"], words["@tournament.buchholz"], words["@tournament.sb"]]
    separator = ";" if lang == "ru" else ","
    lines = [_csv_line(head, separator)]
    for standing, cells in zip(table, grid, strict=True):
        row = [str(standing.place), standing.pupil.name, *cells]
        row += [str(standing.points), str(standing.buchholz), str(standing.sonneborn_berger)]
        lines.append(_csv_line(row, separator))
    return ("\ufeff" if lang == "ru" else "") + "\n".join(lines) + "\n"


def _csv_line(cells: Iterable[str], separator: str) -> str:
    return separator.join(_csv_quote(c, separator) for c in cells)


def _csv_quote(cell: str, separator: str) -> str:
    if any(ch in cell for ch in f'{separator}"\r\n') or cell[:1] in ("=", "+", "-", "@"):
        return '"' + cell.replace('"', '""') + '"'
    return cell


def robot_name(lang: str) -> str:
    """The robot's name in ``lang``."""
    return MESSAGES.get(lang, MESSAGES["ru"])["@tournament.robot"]


def pdn_result(result: int | None) -> str:
    """A result as GameType 25 writes it (``2-0``, ``1-1``, ``0-2``; ``*`` while played).

    >>> [pdn_result(r) for r in (WIN, DRAW, LOSS, None)]
    ['2-0', '1-1', '0-2', '*']
    """
    return {WIN: "2-0", DRAW: "1-1", LOSS: "0-2"}.get(result, "*") if result is not None else "*"


def event_pdn(event: Event, boards: Mapping[tuple[int, int], Board], lang: str = "ru") -> str:
    """Every game of the event in one PDN text, round by round and board by board.

    ``boards`` holds each game's board (its moves from the start) by (round, board); a
    game not in it is left out. Each game's tags: the event's title, ``Round`` as
    ``round.board``, the players' names (the robot's in ``lang``) and the event's result.

    >>> event = round_robin("Class 5", [Pupil("a", "Аня"), Pupil("b", "Боря")])
    >>> board = Board()
    >>> _ = board.push_notation("c3-d4")
    >>> print(event_pdn(record(event, 1, 1, DRAW), {(1, 1): board}), end="")
    [Event "Class 5"]
    [Round "1.1"]
    [White "Аня"]
    [Black "Боря"]
    [GameType "25"]
    [Result "1-1"]
    <BLANKLINE>
    1. c3-d4 1-1
    """
    names = {p.id: p.name for p in event.pupils} | {ROBOT: robot_name(lang)}
    names[TEACHER] = other_heading(TEACHER, lang)
    texts = []
    for game in event.games:
        board = boards.get((game.round, game.board))
        if board is None:
            continue
        tags = {
            "Event": event.title,
            "Round": f"{game.round}.{game.board}",
            "White": names[game.white],
            "Black": names[game.black],
        }
        texts.append(pdn_format.write(board, tags, pdn_result(game.result)))
    return "\n".join(texts)


def to_json(event: Event) -> Json:
    """The event as plain JSON (to keep it in a game's state or send it); see :func:`from_json`.

    >>> event = record(round_robin("RR", [Pupil("a", "Аня"), Pupil("b", "Боря")]), 1, 1, WIN)
    >>> to_json(event)["rounds"]
    [[{'board': 1, 'white': 'a', 'black': 'b', 'result': 2}]]
    >>> from_json(to_json(event)) == event
    True
    """
    return {
        "title": event.title,
        "format": event.format,
        "pupils": [{"id": p.id, "name": p.name} for p in event.pupils],
        "planned_rounds": event.planned_rounds,
        "rounds": [
            [{"board": g.board, "white": g.white, "black": g.black, "result": g.result} for g in r]
            for r in event.rounds
        ],
    }


def from_json(data: Json) -> Event:
    """The event :func:`to_json` wrote; ``bad_event`` when it is not one."""
    try:
        fmt = data["format"]
        if fmt not in ("round_robin", "swiss", "simul"):
            raise ValueError(fmt)
        pupils = tuple(Pupil(str(p["id"]), str(p["name"])) for p in data["pupils"])
        rounds = tuple(
            tuple(
                Game(number, int(g["board"]), str(g["white"]), str(g["black"]), _result(g))
                for g in games
            )
            for number, games in enumerate(data["rounds"], start=1)
        )
        return Event(str(data["title"]), fmt, pupils, int(data["planned_rounds"]), rounds)
    except (KeyError, TypeError, ValueError) as exc:
        raise TournamentError("bad_event", f"not a tournament event: {exc!r}") from None


def _result(game: Json) -> int | None:
    result = game.get("result")
    if result is not None and (isinstance(result, bool) or result not in RESULTS):
        raise ValueError(f"result {result!r}")
    return None if result is None else int(result)
