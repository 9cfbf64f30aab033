"""Static evaluation of a draughts position, in hundredths of a man, for the side to move.

The white-view score is folded into per-square tables (material, advancement, centre,
back-rank guard, kings on the long diagonals) summed by 9-bit chunk lookups, plus a few
dynamic terms: mobility, trapped kings, trading down when ahead and drawish king endings.

>>> from boardroom.draughts import Board
>>> evaluate(Board())
0
>>> evaluate(Board("W:Wc3,e3:Be7")) == -evaluate(Board("B:Wc3,e3:Be7")) > 100
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Final

from boardroom.draughts import Board
from boardroom.draughts.squares import INDEX, NAME, RAYS, SQUARES, VALID, bits

Evaluation = Callable[[Board], int]

MAN: Final = 100
KING: Final = 300
# Men's advancement by rank from their own side (rank 7 crowns: never occupied by a man).
ADVANCE_KING_RULE: Final = (0, 3, 6, 10, 15, 24, 40, 0)
ADVANCE_WIN_RULE: Final = (0, 4, 8, 14, 24, 45, 110, 0)  # quiz: reaching rank 7 wins
CENTRE_FILE: Final = (-4, 0, 3, 5, 5, 3, 0, -4)
GUARD: Final = {"a1": 2, "c1": 9, "e1": 9, "g1": 5}  # white's back rank; black's mirrors it
MAIN_DIAGONAL: Final = 20  # a king on a1-h8, the "main road"
DOUBLE_DIAGONAL: Final = 8  # a king on g1-a7 or h2-b8
MOBILITY: Final = 3  # per quiet move
TRAPPED_KING: Final = 60
CHUNKS: Final = (0, 9, 18, 27)

_MAIN = {"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"}
_DOUBLE = {"g1", "f2", "e3", "d4", "c5", "b6", "a7", "h2", "g3", "f4", "e5", "d6", "c7", "b8"}


def _file_rank(sq: int) -> tuple[int, int]:
    name = NAME[sq]
    return "abcdefgh".index(name[0]), int(name[1]) - 1


def _mirror(sq: int) -> int:
    """The square seen from the other side (a 180° turn of the board)."""
    file, rank = _file_rank(sq)
    return INDEX[f"{'abcdefgh'[7 - file]}{8 - rank}"]


def _man_value(sq: int, advance: tuple[int, ...]) -> int:
    file, rank = _file_rank(sq)
    centre = CENTRE_FILE[file] if 2 <= rank <= 5 else 0
    return MAN + advance[rank] + centre + GUARD.get(NAME[sq], 0)


def _king_value(sq: int) -> int:
    name = NAME[sq]
    file, rank = _file_rank(sq)
    centre = 6 - (abs(2 * file - 7) + abs(2 * rank - 7)) // 2
    road = (MAIN_DIAGONAL if name in _MAIN else 0) + (DOUBLE_DIAGONAL if name in _DOUBLE else 0)
    return KING + centre + road


def _chunked(values: dict[int, int]) -> tuple[tuple[int, ...], ...]:
    """Four tables: ``t[c][(board >> 9c) & 511]`` sums ``values`` over those nine bits."""
    tables = []
    for low in CHUNKS:
        table = [
            sum(values.get(low + b, 0) for b in range(9) if pattern >> b & 1)
            for pattern in range(512)
        ]
        tables.append(tuple(table))
    return tuple(tables)


def _tables(advance: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    white_men = {sq: _man_value(sq, advance) for sq in SQUARES}
    black_men = {_mirror(sq): v for sq, v in white_men.items()}
    kings = {sq: _king_value(sq) for sq in SQUARES}
    return _chunked(white_men), _chunked(black_men), _chunked(kings)


TABLES_KING_RULE: Final = _tables(ADVANCE_KING_RULE)
TABLES_WIN_RULE: Final = _tables(ADVANCE_WIN_RULE)
KING_RAYS: Final = tuple(
    tuple(tuple(RAYS[sq][d]) for d in (5, 4, -4, -5) if RAYS[sq][d]) if sq in RAYS else ()
    for sq in range(36)
)


def _sum(tables: tuple[tuple[int, ...], ...], board: int) -> int:
    t0, t1, t2, t3 = tables
    return t0[board & 511] + t1[board >> 9 & 511] + t2[board >> 18 & 511] + t3[board >> 27]


BITS: Final = tuple(n.bit_count() for n in range(512))
"""How many bits each 9-bit pattern has."""


def count(board: int) -> int:
    """How many squares a bitboard has (``board.bit_count()``, which compiled code calls as
    a generic method: nine bits at a time from a table instead).

    >>> count(0), count(1 << 35 | 1 << 9 | 1), count(1 << 40 | 1)
    (0, 3, 2)
    """
    if board >> 36:
        return board.bit_count()
    return BITS[board & 511] + BITS[board >> 9 & 511] + BITS[board >> 18 & 511] + BITS[board >> 27]


def king_reach(sq: int, occupied: int) -> int:
    """How many empty squares a king on ``sq`` can move to.

    >>> king_reach(INDEX["a1"], 0), king_reach(INDEX["a1"], 1 << INDEX["b2"])
    (7, 0)
    """
    reach = 0
    for ray in KING_RAYS[sq]:
        for target in ray:
            if occupied >> target & 1:
                break
            reach += 1
    return reach


def men_mobility(men: int, empty: int, white: bool) -> int:
    """Quiet moves of these men (each step to an empty square counts once).

    >>> men_mobility(1 << INDEX["c3"], VALID, True)
    2
    """
    if white:
        return count((men << 5) & empty) + count((men << 4) & empty)
    return count((men >> 4) & empty) + count((men >> 5) & empty)


def _kings_term(own_kings: int, occupied: int) -> int:
    """Mobility of these kings, less a penalty for each one that cannot move."""
    score = 0
    for sq in bits(own_kings):
        reach = king_reach(sq, occupied)
        score += MOBILITY * reach if reach else -TRAPPED_KING
    return score


def _mobility(white: int, black: int, kings: int) -> int:
    occupied = white | black
    empty = VALID & ~occupied
    score = MOBILITY * (
        men_mobility(white & ~kings, empty, True) - men_mobility(black & ~kings, empty, False)
    )
    if kings:
        score += _kings_term(white & kings, occupied) - _kings_term(black & kings, occupied)
    return score


def _endgame(score: int, white: int, black: int, kings: int) -> int:
    """Trade down when ahead; damp the score of king endings that are draws in practice."""
    pieces = count(white | black)
    score += _part(score, 24 - pieces, 64)
    men = (white | black) & ~kings
    if men or pieces > 4:
        return score
    stronger, weaker = (white, black) if score > 0 else (black, white)
    if count(weaker) == 1 and count(stronger) <= 2:
        return _part(score, 1, 8)
    if count(weaker) == 1 and weaker & _MAIN_MASK:
        return _part(score, 1, 4)
    return score


def _part(score: int, numerator: int, denominator: int) -> int:
    """``score * numerator / denominator`` rounded towards zero (the same for either colour).

    >>> _part(-7, 1, 2), _part(7, 1, 2)
    (-3, 3)
    """
    part = abs(score) * numerator // denominator
    return part if score >= 0 else -part


_MAIN_MASK: Final = sum(1 << INDEX[name] for name in _MAIN)


def white_score(board: Board) -> int:
    """The evaluation from white's side, whoever is to move.

    >>> white_score(Board("B:Wc3,e3:Be7")) > 100
    True
    """
    white, black, kings = board.white, board.black, board.kings
    men_w, men_b, king_table = (
        TABLES_WIN_RULE if board.variant.promotion == "win" else TABLES_KING_RULE
    )
    score = _sum(men_w, white & ~kings) - _sum(men_b, black & ~kings)
    if kings:
        score += _sum(king_table, white & kings) - _sum(king_table, black & kings)
    score += _mobility(white, black, kings)
    return _endgame(score, white, black, kings)


def evaluate(board: Board) -> int:
    """The evaluation from the side to move's view: positive is good for the mover.

    >>> evaluate(Board("W:Wc3:Bf6,h6")) < 0 < evaluate(Board("B:Wc3:Bf6,h6"))
    True
    """
    score = white_score(board)
    return score if board.white_to_move else -score


def material(board: Board, piece_ids: Collection[str]) -> tuple[int, int]:
    """The material (men 100, kings 300) of the identified pieces, white's and black's.

    >>> board = Board("W:Wc3,Ke1:Bf6", ids={"c3": "1.1", "e1": "1.2", "f6": "5.1"})
    >>> material(board, {"1.1", "1.2"}), material(board, {"5.1"})
    ((400, 0), (0, 100))
    """
    white_total = black_total = 0
    white, kings = board.white, board.kings
    occupied = white | board.black
    while occupied:  # each occupied square, lowest first (``bits`` without its list)
        low = occupied & -occupied
        occupied ^= low
        sq = low.bit_length() - 1
        if board.id_at(sq) not in piece_ids:
            continue
        value = KING if kings >> sq & 1 else MAN
        if white >> sq & 1:
            white_total += value
        else:
            black_total += value
    return white_total, black_total


def firm_interest(
    firm_piece_ids: Collection[str], *, own_weight: int = 2, base: Evaluation = evaluate
) -> FirmInterest:
    """An evaluation in a firm's own interest: its pieces count ``own_weight`` times extra.

    A firm's income and final value come from its own pieces on the board (a king
    earns three times a man), so it prefers to give up a team-mate's piece rather
    than its own; its colour's position (``base``) still counts once. The score is
    for the side to move, like :func:`evaluate`.

    >>> board = Board("W:Wa3,c3:Bf6", ids={"a3": "1.1", "c3": "2.1"})
    >>> mine = firm_interest({"1.1"})
    >>> mine(board) - evaluate(board)
    200
    """
    return FirmInterest(frozenset(firm_piece_ids), own_weight, base)


class FirmInterest:
    """:func:`firm_interest`'s evaluation: called on a board with piece ids, or scored
    with the squares of the firm's pieces given (:meth:`score`; the board robot's search
    follows those squares itself, so its board needs no ids).

    >>> board = Board("W:Wa3,c3:Bf6", ids={"a3": "1.1", "c3": "2.1"})
    >>> mine = firm_interest({"1.1"})
    >>> mine.squares(board) == 1 << INDEX["a3"]
    True
    >>> mine.score(Board(board.fen()), mine.squares(board)) == mine(board)
    True
    """

    def __init__(self, ids: frozenset[str], own_weight: int, base: Evaluation) -> None:
        self.ids = ids
        self.own_weight = own_weight
        self.base = base

    def __call__(self, board: Board) -> int:
        return self.score(board, self.squares(board))

    def squares(self, board: Board) -> int:
        """The squares of the firm's pieces, as a bitboard (read from the board's ids)."""
        ids, found = self.ids, 0
        occupied = board.white | board.black
        while occupied:  # each occupied square, lowest first (``bits`` without its list)
            low = occupied & -occupied
            occupied ^= low
            if board.id_at(low.bit_length() - 1) in ids:
                found |= low
        return found

    def score(self, board: Board, own: int) -> int:
        """The evaluation when the firm's pieces stand on the squares ``own``."""
        white, kings = board.white & own, board.kings
        black = board.black & own
        white_own = MAN * count(white & ~kings) + KING * count(white & kings)
        black_own = MAN * count(black & ~kings) + KING * count(black & kings)
        extra = (white_own - black_own) * self.own_weight
        base = self.base
        # a direct call when the base is ``evaluate`` (compiled: no call through an object)
        score = evaluate(board) if base is evaluate else base(board)
        return score + (extra if board.white_to_move else -extra)
