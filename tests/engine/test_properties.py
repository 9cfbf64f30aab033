"""Properties of the engine over random positions and move sequences (hypothesis).

Positions are drawn square by square (so captures, long captures and kings abound) or are
the variants' starts; move sequences are drawn as indices into the legal moves, with null
moves mixed in. The properties hold in all three variants, with and without piece ids; bad
input of any kind gets a DraughtsError and nothing else.
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardroom.draughts import (
    EXCHANGE,
    QUIZ,
    RUSSIAN,
    Board,
    DraughtsError,
    Move,
    NotationError,
    PdnError,
    Variant,
    pdn,
)
from boardroom.draughts import fen as fen_codec
from boardroom.draughts.perft import divide, perft
from boardroom.draughts.squares import INDEX, NAME, NUMBER

DARK = sorted(NAME.values())
NULL = -1  # a drawn choice of NULL pushes a null move

SETTINGS = settings(deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow])
MANY = settings(SETTINGS, max_examples=300)
FEW = settings(SETTINGS, max_examples=100)

variants = st.sampled_from([RUSSIAN, EXCHANGE, QUIZ])
choices = st.lists(st.one_of(st.integers(0, 1000), st.just(NULL)), max_size=24)
#: each square: empty (most often), a man or a king of either colour
CELLS = ["", "", "", "w", "b", "W", "B"]


@st.composite
def fens(draw: st.DrawFn) -> str:
    """A random position (sometimes a variant's start), side to move either colour."""
    if draw(st.integers(0, 5)) == 0:
        return draw(st.sampled_from([RUSSIAN.start_fen, QUIZ.start_fen]))
    cells = draw(st.lists(st.sampled_from(CELLS), min_size=32, max_size=32))
    sides: dict[str, list[str]] = {"w": [], "b": []}
    for square, cell in zip(DARK, cells, strict=True):
        if not cell:
            continue
        color = cell.lower()
        # a man on its crowning row would be a king already (or, in the quiz, have won)
        king = cell.isupper() or square[1] == ("8" if color == "w" else "1")
        sides[color].append(("K" if king else "") + square)
    turn = draw(st.sampled_from("WB"))
    return f"{turn}:W{','.join(sides['w'])}:B{','.join(sides['b'])}"


def firm_ids(fen: str, firms: list[int]) -> dict[str, str]:
    """An id for every piece: ``firm.n``, the firm drawn per square (white 1-4, black 5-8)."""
    ids: dict[str, str] = {}
    counts: Counter[int] = Counter()
    for piece in Board(fen).pieces():
        firm = firms[DARK.index(piece.square)] + (0 if piece.color == "white" else 4)
        counts[firm] += 1
        ids[piece.square] = f"{firm}.{counts[firm]}"
    return ids


firm_draws = st.lists(st.integers(1, 4), min_size=32, max_size=32)


def play(board: Board, choice: int) -> Move | None:
    """Push the chosen legal move (a null move for NULL or when there is none)."""
    moves = board.legal_moves
    if choice == NULL or not moves:
        board.push_null()
        return None
    move = moves[choice % len(moves)]
    board.push(move)
    return move


def snapshot(board: Board) -> tuple[object, ...]:
    return (
        board.fen(),
        board.fen(numeric=True),
        board.key(),
        board.turn,
        board.ids(),
        board.pieces(),
        board.quiet_king_plies,
        board.repetitions(),
        len(board.move_stack),
        [str(m) for m in board.legal_moves],
    )


# ---------------------------------------------------------------- make / unmake


@SETTINGS
@given(variants, fens(), choices, firm_draws, st.booleans())
def test_push_then_pop_restores_the_position_exactly(
    variant: Variant, fen: str, plies: list[int], firms: list[int], identified: bool
) -> None:
    board = Board(fen, variant=variant, ids=firm_ids(fen, firms) if identified else None)
    before: list[tuple[object, ...]] = []
    played: list[Move | None] = []
    for choice in plies:
        before.append(snapshot(board))
        played.append(play(board, choice))
    assert board.move_stack == played
    for move, position in zip(reversed(played), reversed(before), strict=True):
        assert board.pop() == move
        assert snapshot(board) == position


@SETTINGS
@given(variants, fens(), choices, firm_draws)
def test_piece_ids_follow_the_pieces(
    variant: Variant, fen: str, plies: list[int], firms: list[int]
) -> None:
    board = Board(fen, variant=variant, ids=firm_ids(fen, firms))
    for choice in plies:
        ids = board.ids()
        moves = board.legal_moves
        if choice == NULL or not moves:
            board.push_null()
            assert board.ids() == ids
            continue
        move = moves[choice % len(moves)]
        mover, taken = board.mover_id(move), board.taken_ids(move)
        piece = board.piece_at(move.start)
        assert piece is not None and mover == piece.id == ids[move.start]
        assert taken == tuple(ids[square] for square in move.taken)
        board.push(move)
        after = board.ids()
        landed = board.piece_at(move.end)
        assert landed is not None and landed.id == mover and landed.color == piece.color
        assert landed.king == (piece.king or (move.crowns and variant.promotion == "king"))
        assert not set(taken) & set(after.values())
        touched = {move.start, move.end, *move.taken}
        assert {s: i for s, i in after.items() if s not in touched} == {
            s: i for s, i in ids.items() if s not in touched
        }
        assert Counter(after.values()) == Counter(ids.values()) - Counter(map(str, taken))
        if move.crowns and variant.promotion == "win":
            assert board.outcome() == (piece.color, "reached_last_row")
            break


# ---------------------------------------------------------------- move lists


@MANY
@given(variants, fens(), choices)
def test_the_legal_move_count_is_count_legal(variant: Variant, fen: str, plies: list[int]) -> None:
    board = Board(fen, variant=variant)
    for choice in [*plies, 0]:
        moves = board.legal_moves
        assert len(moves) == board.count_legal()
        assert board.has_capture() == any(m.is_capture for m in moves)
        assert all(m.is_capture for m in moves) or not any(m.is_capture for m in moves)
        if not variant.ordered_captures:  # one move per resulting position
            keys = [(m.origin, m.target, m.captures, m.crowns) for m in moves]
            assert len(set(keys)) == len(keys)
        for move in moves:  # every move reads back from its own notation
            assert board.parse_move(str(move)) == move
        play(board, choice)


@SETTINGS
@given(variants, fens(), firm_draws, st.sets(st.integers(1, 8), max_size=3), choices)
def test_moves_for_a_firm_are_the_legal_moves_of_its_pieces(
    variant: Variant, fen: str, firms: list[int], chosen: set[int], plies: list[int]
) -> None:
    board = Board(fen, variant=variant, ids=firm_ids(fen, firms))
    for choice in [*plies, 0]:
        legal = board.legal_moves
        firm = {i for i in board.ids().values() if int(i.split(".")[0]) in chosen}
        theirs = board.moves_for(firm)
        assert theirs == [m for m in legal if board.mover_id(m) in firm]
        if board.has_capture():
            capturers = {board.mover_id(m) for m in legal}
            assert all(m.is_capture for m in theirs)
            if not firm & capturers:  # the colour must capture and none of these can
                assert theirs == []
        everyone = [board.moves_for({f"{n}.{k}" for k in range(1, 33)}) for n in range(1, 9)]
        assert sorted(m for moves in everyone for m in moves) == sorted(legal)
        play(board, choice)


@FEW
@given(variants, fens(), st.integers(1, 3))
def test_perft_divide_sums_to_perft(variant: Variant, fen: str, depth: int) -> None:
    board = Board(fen, variant=variant)
    counts = divide(board, depth)
    assert len(counts) == len(board.legal_moves)  # no two moves share a name
    assert sum(counts.values()) == perft(board, depth)
    assert board.fen() == Board(fen).fen() and not board.move_stack


# ---------------------------------------------------------------- FEN and PDN round trips


@MANY
@given(fens(), fens(), st.randoms(use_true_random=False))
def test_fen_round_trips_in_algebraic_and_numeric_squares(
    fen: str, other: str, rnd: random.Random
) -> None:
    board = Board(fen)
    written = board.fen()
    assert (Board(other).key() == board.key()) == (Board(other).fen() == written)
    assert Board(written).fen() == written
    assert Board(board.fen(numeric=True)).fen() == written
    assert Board(board.fen(numeric=True)).key() == board.key()
    assert fen_codec.parse(written) == fen_codec.parse(board.fen(numeric=True))
    # any spelling of the same position: pieces in any order, squares either way, K or k
    sides = []
    for color in "WB":
        pieces = [p for p in board.pieces() if p.color[0].upper() == color]
        rnd.shuffle(pieces)
        tokens = [
            rnd.choice(["K", "k"]) * p.king
            + rnd.choice([p.square, p.square.upper(), str(NUMBER[INDEX[p.square]])])
            for p in pieces
        ]
        sides.append(color + ",".join(tokens))
    rnd.shuffle(sides)
    spelled = ":".join([written[0], *sides]) + rnd.choice(["", "."])
    assert Board(spelled).fen() == written, spelled


header_names = st.one_of(
    st.sampled_from(["Event", "White", "Black", "Result", "FEN", "GameType"]),
    st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True),
)
header_text = st.text(st.characters(exclude_categories=["Cc", "Cs", "Zl", "Zp"]), max_size=20)


@SETTINGS
@given(
    variants,
    fens(),
    st.lists(st.integers(0, 1000), max_size=30),
    st.dictionaries(header_names, header_text, max_size=3),
)
def test_pdn_write_read_round_trips_to_the_same_position(
    variant: Variant, fen: str, plies: list[int], headers: dict[str, str]
) -> None:
    board = Board(fen, variant=variant)
    for choice in plies:
        if board.outcome() is not None:
            break
        play(board, choice)
    text = pdn.write(board, headers)
    (game,) = pdn.read(text)
    assert len(game.moves) == len(board.move_stack)
    ours = {k: v for k, v in headers.items() if k not in ("GameType", "FEN", "Result")}
    assert {k: game.headers[k] for k in ours} == ours  # quotes and backslashes survive
    assert game.headers["GameType"] == "25"
    outcome = board.outcome()
    result = (
        "*" if outcome is None else {"white": "2-0", "black": "0-2", None: "1-1"}[outcome.winner]
    )
    assert game.result == game.headers["Result"] == result
    assert game.board(variant).fen() == board.fen()
    assert Board(game.fen or RUSSIAN.start_fen).key() == Board(fen).key()


# ---------------------------------------------------------------- bad input


def only_draughts_errors(call: Callable[[], object]) -> None:
    """Run ``call``: it may succeed or raise a DraughtsError, nothing else."""
    with contextlib.suppress(DraughtsError):
        call()


SQUARE_TOKENS = [
    *DARK[::3],
    *("a2", "i1", "a9", "A1", "h8", "H8", "a", "1", "32", "33", "0", "99", "-1", ""),
    *("1-12", "K21-32", "12-1", "1-33", "5-5", " c3 ", "c3.", "٣", "²", "Ⅳ", "ｃ3", "c\u0303"),
]
square_token = st.sampled_from(SQUARE_TOKENS)
piece_token = st.builds(lambda k, s: k + s, st.sampled_from(["", "K", "k", "KK"]), square_token)
fen_field = st.builds(
    lambda c, ps: c + ",".join(ps),
    st.sampled_from(["W", "B", "w", "b", "H", "H5", "F", "F12", "X", "", " W"]),
    st.lists(piece_token, max_size=5),
)
near_fens = st.builds(
    lambda turn, fields, end: ":".join([turn, *fields]) + end,
    st.sampled_from(["W", "B", "w", "b", "", "X", " B", "WB"]),
    st.lists(fen_field, max_size=4),
    st.sampled_from(["", ".", ":", " ", ",", "\n"]),
)
SEPARATORS = ["-", ":", "x", "X", "--", "", " ", "—", "x-", ".", "::"]
near_moves = st.builds(
    lambda squares, seps, suffix: (
        "".join(s + seps[i % len(seps)] for i, s in enumerate(squares[:-1]))
        + (squares[-1] if squares else "")
        + suffix
    ),
    st.lists(
        st.sampled_from([*SQUARE_TOKENS, "c3", "d4", "e5", "g3", "f4", "22", "18"]), max_size=5
    ),
    st.lists(st.sampled_from(SEPARATORS), min_size=1, max_size=3),
    st.sampled_from(["", " (d4)", "(d4,f4)", "[e7]", "()", "(z9)", "(", "[d4", "(d4;f4)", "!?"]),
)
PDN_LINES = [
    '[Event "x"]',
    '[GameType "25"]',
    '[FEN "W:Wc3:Bd4,f6"]',
    '[FEN "B:W21-32:B1-12"]',
    '[FEN "garbage"]',
    '[FEN ""]',
    '[Event "a\\"b\\\\"]',
    "[Event",
    '[Event "open]',
    "[]",
    "",
]
PDN_WORDS = [
    *("1.", "1...", "2.", "c3-d4", "c3:e5", "c3xe5", "1.c3-d4", "d6-e5", "f6-g5", "22-18", "g3-h4"),
    *("{comment", "}", "{a}", "(", ")", "$1", "$", ";note\n", "*", "1-0", "2-0", "1/2-1/2"),
    *("*c3", "!", "??", "1.*", "x", ":", "-", "0-0", "\n", "c3-d4!?", "..."),
]
near_pdns = st.builds(
    lambda headers, words: "\n".join([*headers, " ".join(words)]),
    st.lists(st.sampled_from(PDN_LINES), max_size=4),
    st.lists(st.sampled_from(PDN_WORDS), max_size=12),
)
some_boards = st.sampled_from(
    [
        Board(),
        Board("W:Wc3,h2:Bd4,f6,g3"),
        Board("W:WKe1:Bf2,g1,e7,d2,f4"),
        Board("W:Wb6:Bc7,e7"),
        Board("W:Wc3,h2:Bd4,f4,d2,f2,a7"),
        Board(variant=QUIZ),
    ]
)


def read_pdn_and_play(text: str, variant: Variant) -> None:
    for game in pdn.read(text):
        game.board(variant)


@MANY
@given(st.one_of(st.text(), near_fens, fens().map(lambda f: f[:-1] + "Z")), variants)
def test_no_fen_text_fails_but_with_a_draughts_error(text: str, variant: Variant) -> None:
    only_draughts_errors(lambda: Board(text, variant=variant))
    only_draughts_errors(lambda: fen_codec.parse(text))
    only_draughts_errors(lambda: Board(ids={text: "1.1"}))
    with contextlib.suppress(NotationError):
        Board().piece_at(text)


@MANY
@given(some_boards, st.one_of(st.text(), near_moves))
def test_no_move_text_fails_but_with_a_draughts_error(board: Board, text: str) -> None:
    only_draughts_errors(lambda: board.parse_move(text))


@MANY
@given(st.one_of(st.text(), near_pdns), variants)
def test_no_pdn_text_fails_but_with_a_draughts_error(text: str, variant: Variant) -> None:
    with contextlib.suppress(PdnError):  # PdnError, not just any DraughtsError
        read_pdn_and_play(text, variant)
