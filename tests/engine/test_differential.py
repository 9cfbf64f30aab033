"""Our Russian draughts engine against an independent one: pydraughts (MIT, test-only).

Thousands of positions from seeded random games and random sparse positions (biased
towards kings, long captures, crowning during a capture and flying-king captures) must give
both engines the same set of distinct moves: (start, landing, set of squares taken).
pydraughts lists a circular capture once per direction and a flying king's capture once per
written middle square, so only distinct moves are compared. PDN we write must be read and
replayed by pydraughts, and PDN pydraughts writes must be read by us.

pydraughts is slow (a few ms per position), so the sample is split into chunks that
``pytest -n`` can spread; each chunk checks that it really exercised the hard rules.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

import draughts  # pydraughts: the top-level package ``draughts`` (ours is boardroom.draughts)
import pytest
from draughts.PDN import PDNReader, PDNWriter

from boardroom.draughts import RUSSIAN, Board, Move, pdn
from boardroom.draughts.generate import capture_moves
from boardroom.draughts.squares import NAME

Distinct = tuple[str, str, frozenset[str]]

FILES = "abcdefgh"
DARK = sorted(NAME.values())


def pd_square(number: int) -> str:
    """pydraughts' Russian square numbers: 1 = a1, 2 = c1, … 5 = b2, … 32 = h8 (white's side first).

    (Not the PDN numbering our ``fen(numeric=True)`` writes, where 1 = b8 and 32 = g1.)
    """
    row = (number - 1) // 4
    return f"{FILES[(number - 1) % 4 * 2 + row % 2]}{row + 1}"


def their_moves(fen: str) -> list[Distinct]:
    """pydraughts' legal moves in the position, as (start, landing, squares taken)."""
    board = draughts.Board(variant="russian", fen=fen)
    out: list[Distinct] = []
    for move in board.legal_moves():
        steps: list[list[int]] = move.board_move
        taken: list[int] = move.captures
        out.append(
            (pd_square(steps[0][0]), pd_square(steps[-1][1]), frozenset(map(pd_square, taken)))
        )
    return out


def our_moves(board: Board) -> list[Distinct]:
    return [(m.start, m.end, frozenset(m.taken)) for m in board.legal_moves]


def show(moves: set[Distinct]) -> str:
    def one(move: Distinct) -> str:
        start, end, taken = move
        return f"{start}{':' if taken else '-'}{end}" + (
            f"[{','.join(sorted(taken))}]" if taken else ""
        )

    return ", ".join(sorted(map(one, moves))) or "(none)"


# ---------------------------------------------------------------- the square mapping


def test_the_square_mapping_is_a_bijection_onto_the_dark_squares() -> None:
    assert sorted(pd_square(n) for n in range(1, 33)) == DARK
    assert [pd_square(n) for n in (1, 4, 5, 29, 32)] == ["a1", "g1", "b2", "b8", "h8"]


def test_the_start_position_is_the_same_in_both_engines() -> None:
    theirs = draughts.Board(variant="russian")
    their_fen: str = theirs.fen
    assert Board(their_fen).fen() == Board().fen()
    assert Board(draughts.Board(variant="russian", fen=Board().fen()).fen).key() == Board().key()
    assert set(their_moves(Board().fen())) == set(our_moves(Board()))
    assert len(our_moves(Board())) == 7


@pytest.mark.parametrize("square", DARK)
def test_a_lone_king_has_the_same_moves_from_every_square(square: str) -> None:
    # Every square as a start, every reachable square as a landing: checks the mapping.
    for fen in (f"W:WK{square}:B", f"B:W:BK{square}"):
        assert set(their_moves(fen)) == set(our_moves(Board(fen))), fen


# ---------------------------------------------------------------- where positions come from


def biased_choice(board: Board, rng: random.Random) -> Move:
    """A random legal move, biased towards long captures, crowning and king play."""
    moves = board.legal_moves
    if moves[0].is_capture:
        if rng.random() < 0.5:
            most = max(len(m.jumped) for m in moves)
            moves = [m for m in moves if len(m.jumped) == most]
        return rng.choice(moves)
    crowning = [m for m in moves if m.crowns]
    if crowning and rng.random() < 0.8:
        return rng.choice(crowning)
    roll = rng.random()
    kings = [m for m in moves if (board.kings >> m.origin) & 1]
    if kings and roll < 0.4:
        return rng.choice(kings)
    if roll < 0.7:
        men = [m for m in moves if not (board.kings >> m.origin) & 1]
        if men:
            # push the most advanced men on: kings come sooner
            ahead = max if board.white_to_move else min
            front = ahead(int(m.end[1]) for m in men)
            return rng.choice([m for m in men if int(m.end[1]) == front])
    return rng.choice(moves)


def playout(board: Board, rng: random.Random, plies: int) -> Iterator[Board]:
    """Yield the board before each move of a biased random game, and its last position."""
    for _ in range(plies):
        yield board
        if board.outcome() is not None:
            return
        board.push(biased_choice(board, rng))
    yield board


def random_position(
    rng: random.Random,
    ranks: tuple[int, int] = (1, 8),
    king_odds: float = 0.4,
    most: int = 8,
    given: dict[str, list[str]] | None = None,
) -> str:
    """A random position on the given ranks, men never on their own crowning row.

    ``given`` pieces (``{"W": ["c5"], "B": ["d6"]}``) are placed first; the side to move is
    random unless pieces are given (then white moves).
    """
    sides: dict[str, list[str]] = {"W": [], "B": []}
    taken: set[str] = set()
    for color, placed in (given or {}).items():
        sides[color] += placed
        taken |= {p.lstrip("K") for p in placed}
    squares = [s for s in DARK if ranks[0] <= int(s[1]) <= ranks[1] and s not in taken]
    rng.shuffle(squares)
    for color in "WB":
        crown_rank = "8" if color == "W" else "1"
        count = rng.randint(1, most)
        for square in squares[:count]:
            king = square[1] == crown_rank or rng.random() < king_odds
            sides[color].append(("K" if king else "") + square)
        squares = squares[count:]
    turn = "W" if given else rng.choice("WB")
    return f"{turn}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"


def mirrored(fen: str) -> str:
    """The same position turned round with the colours swapped (white's test becomes black's)."""
    board = Board(fen)

    def turn_round(square: str) -> str:
        return f"{FILES[7 - FILES.index(square[0])]}{9 - int(square[1])}"

    sides: dict[str, list[str]] = {"W": [], "B": []}
    for piece in board.pieces():
        color = "B" if piece.color == "white" else "W"
        sides[color].append(("K" if piece.king else "") + turn_round(piece.square))
    turn = "B" if board.white_to_move else "W"
    return f"{turn}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"


def games_from_the_start(rng: random.Random) -> Iterator[Board]:
    yield from playout(Board(), rng, 120)


def sparse_king_positions(rng: random.Random) -> Iterator[Board]:
    yield from playout(Board(random_position(rng)), rng, 12)


def crowded_king_positions(rng: random.Random) -> Iterator[Board]:
    yield from playout(Board(random_position(rng, king_odds=0.25, most=11)), rng, 10)


def near_the_crowning_row(rng: random.Random) -> Iterator[Board]:
    low, high = rng.choice([(4, 8), (1, 5)])
    yield from playout(Board(random_position(rng, (low, high), king_odds=0.15)), rng, 8)


def crowning_captures(rng: random.Random) -> Iterator[Board]:
    """A white man that jumps onto the crowning row, with more to take from there as a king."""
    file = rng.choice((1, 3, 5, 7))  # b6, d6, f6, h6 jump over rank 7 onto rank 8
    step = rng.choice([d for d in (-1, 1) if 0 <= file + 2 * d <= 7])
    man, victim = f"{FILES[file]}6", f"{FILES[file + step]}7"
    fen = random_position(rng, (2, 7), king_odds=0.1, most=7, given={"W": [man], "B": [victim]})
    board = Board(rng.choice([fen, mirrored(fen)]))
    yield from playout(board, rng, 3)


# Each source with the weight it is drawn with: a game gives ~100 positions, a crowning
# capture ~3, so the weights give each source a fair share of the positions compared.
SOURCES: dict[Callable[[random.Random], Iterator[Board]], float] = {
    games_from_the_start: 1,
    sparse_king_positions: 3.5,
    crowded_king_positions: 5.5,
    near_the_crowning_row: 5.5,
    crowning_captures: 14,
}


def features(board: Board) -> Counter[str]:
    """Which hard rules the position's moves exercise (to prove the sample covers them)."""
    seen: Counter[str] = Counter()
    moves = board.legal_moves
    if not moves or not moves[0].is_capture:
        return seen
    seen["capture"] += 1
    king_moves = [m for m in moves if (board.kings >> m.origin) & 1]
    if king_moves:
        seen["king capture"] += 1
        endings = Counter((m.origin, m.captures) for m in king_moves)
        if any(n > 1 for n in endings.values()):
            seen["king landing choice"] += 1
        if any(len(m.jumped) >= 2 for m in king_moves):
            seen["king multi-capture"] += 1
    if any(len(m.jumped) >= 3 for m in moves):
        seen["capture of 3+"] += 1
    if any(0 < m.crown_step < len(m.landings) for m in moves):
        seen["crowned mid-capture, went on as a king"] += 1
    own, opp = (board.white, board.black) if board.white_to_move else (board.black, board.white)
    every = capture_moves(own, opp, board.kings, board.white_to_move, RUSSIAN, distinct=False)
    if len(every) > len(moves):
        seen["several sequences, one move"] += 1
    return seen


# Positions compared per chunk, and the least each chunk must show of every hard rule
# (a chunk shows about twice as many; these only guard against a sample gone soft).
CHUNKS = 8
POSITIONS_PER_CHUNK = 1000
AT_LEAST = {
    "capture": 200,
    "king capture": 80,
    "king landing choice": 40,
    "king multi-capture": 20,
    "capture of 3+": 10,
    "crowned mid-capture, went on as a king": 4,
    "several sequences, one move": 1,
}


@pytest.mark.parametrize(
    ("fen", "moves"),
    [
        # a circular capture: pydraughts runs it both ways round
        ("W:Wc3,h2:Bd4,f4,d2,f2,a7", [("c3", "c3", {"d2", "d4", "f2", "f4"})]),
        # a flying king may stop on d4 or on e5 between c3 and f6: one move each way it ends
        ("W:WKa1:Bc3,f6", [("a1", "g7", {"c3", "f6"}), ("a1", "h8", {"c3", "f6"})]),
    ],
)
def test_pydraughts_lists_some_moves_twice_and_we_list_them_once(
    fen: str, moves: list[tuple[str, str, set[str]]]
) -> None:
    expected = {(start, end, frozenset(taken)) for start, end, taken in moves}
    theirs, ours = their_moves(fen), our_moves(Board(fen))
    assert len(theirs) == 2 * len(expected) and set(theirs) == expected
    assert len(ours) == len(expected) and set(ours) == expected


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_both_engines_find_the_same_distinct_moves(chunk: int) -> None:
    rng = random.Random(20_000 + chunk)
    compared, seen = 0, Counter[str]()
    mismatches: list[str] = []
    while compared < POSITIONS_PER_CHUNK and len(mismatches) < 5:
        (source,) = rng.choices(list(SOURCES), weights=list(SOURCES.values()))
        for board in source(rng):
            fen = board.fen()
            ours = our_moves(board)
            theirs = set(their_moves(fen))
            compared += 1
            seen += features(board)
            if len(set(ours)) != len(ours):
                doubled = [m for m, n in Counter(ours).items() if n > 1]
                mismatches.append(f"FEN {fen}\n  we list twice: {show(set(doubled))}")
            if set(ours) != theirs:
                mismatches.append(
                    f"FEN {fen}\n"
                    f"  ours   ({len(set(ours))}): {show(set(ours))}\n"
                    f"  theirs ({len(theirs)}): {show(theirs)}\n"
                    f"  only ours:   {show(set(ours) - theirs)}\n"
                    f"  only theirs: {show(theirs - set(ours))}"
                )
    assert not mismatches, f"{len(mismatches)} positions differ:\n" + "\n".join(mismatches)
    short = {rule: seen[rule] for rule, least in AT_LEAST.items() if seen[rule] < least}
    assert not short, f"the sample is too soft: {short} in {compared} positions ({dict(seen)})"


# ---------------------------------------------------------------- PDN both ways


def complete_game(start: str, seed: int) -> Board:
    """A biased random game played to its end (or 300 plies).

    ``start``: "start" is the start position; "opening" a position some random plies in
    (either side to move, written in the FEN header); "kings" a kings-only ending, which the
    draw rules end.
    """
    rng = random.Random(seed)
    board = Board()
    if start == "opening":
        for _ in range(rng.randrange(1, 24)):
            board.push(biased_choice(board, rng))
    elif start == "kings":
        board = Board(random_position(rng, king_odds=1, most=3))
    board = Board(board.fen())
    while board.outcome() is None and len(board.move_stack) < 300:
        if start == "kings":  # careful play: give nothing away, and the draw rules end it
            board.push(safe_choice(board, rng))
        else:
            board.push(biased_choice(board, rng))
    return board


def safe_choice(board: Board, rng: random.Random) -> Move:
    """A random move after which the opponent has nothing to take, if there is one."""
    safe = []
    for move in board.legal_moves:
        board.push(move)
        if not board.has_capture():
            safe.append(move)
        board.pop()
    return rng.choice(safe or board.legal_moves)


GAMES = [("start", 12), ("start", 22), ("opening", 13), ("opening", 17), ("opening", 19)]
GAMES += [("opening", 23), ("kings", 30), ("kings", 31)]


def test_the_pdn_games_cover_what_pdn_must_carry() -> None:
    boards = [complete_game(start, seed) for start, seed in GAMES]
    moves = [m for board in boards for m in board.move_stack if m is not None]
    assert all(len(board.move_stack) >= 10 for board in boards)
    assert any(len(m.jumped) >= 2 for m in moves) and any(m.crowns for m in moves)
    fens = [pdn.read(pdn.write(board))[0].fen or "" for board in boards]
    assert {fen[:1] for fen in fens} == {"", "W", "B"}  # start, and either side to move
    results = {pdn.read(pdn.write(board))[0].result for board in boards}
    assert {"2-0", "0-2", "1-1"} <= results, results


def replay_in_pydraughts(text: str) -> tuple[draughts.Board, list[str], str]:
    """Read PDN with pydraughts' reader and play it on a pydraughts board."""
    (game,) = PDNReader(pdn_text=text).games
    assert game.variant == "russian"
    fen: str = game.tags.get("FEN", "startpos")
    moves: list[str] = list(game.moves)
    if fen.startswith("B") and moves[:1] * 2 == moves[:2]:
        # pydraughts 0.6.7 reads the first move of a game black begins twice
        # (its _PDNGame._read seeds clean_moves with it and then adds it again)
        moves = moves[1:]
    board = draughts.Board(variant="russian", fen=fen)
    for text_move in moves:
        board.push(draughts.Move(board, pdn_move=text_move))
    ending: str = game.game_ending
    return board, moves, ending


@pytest.mark.parametrize(("start", "seed"), GAMES)
def test_pydraughts_replays_the_pdn_we_write_and_we_read_what_it_writes(
    start: str, seed: int
) -> None:
    board = complete_game(start, seed)
    text = pdn.write(board, {"Event": f"differential {seed}", "White": "us", "Black": "pydraughts"})

    theirs, their_moves_read, ending = replay_in_pydraughts(text)
    assert len(their_moves_read) == len(board.move_stack)
    their_fen: str = theirs.fen
    assert Board(their_fen).key() == board.key(), f"{text}\npydraughts ends on {their_fen}"
    assert ending == pdn.read(text)[0].result

    # pydraughts writes the game back (its own notation: abbreviated captures, "1..." starts)
    written = PDNWriter(filename="", board=theirs, game_ending=ending).pdn_text
    (game,) = pdn.read(written)
    assert game.result == ending
    assert game.board().fen() == board.fen(), written


def test_we_read_a_pydraughts_game_with_a_circular_capture_written_its_way_round() -> None:
    fen = "W:Wc3,h2:Bd4,f4,d2,f2,a7"
    (ours,) = Board(fen).legal_moves  # one move for us
    assert (ours.start, ours.end, set(ours.taken)) == ("c3", "c3", {"d2", "d4", "f2", "f4"})
    assert len(draughts.Board(variant="russian", fen=fen).legal_moves()) == 2
    for index in range(2):  # pydraughts lists the capture once each way round
        theirs = draughts.Board(variant="russian", fen=fen)
        theirs.push(theirs.legal_moves()[index])
        written = PDNWriter(filename="", board=theirs).pdn_text
        (game,) = pdn.read(written)
        assert game.board().fen() == "B:Wc3,h2:Ba7", written
