"""Move generation on bitboards: the hot path of perft, search and every game.

Functions take the side to move's pieces (``own``), the opponent's (``opp``),
all kings (``kings``) and the colour to move, plus the variant's switches.
Captures are found by a depth-first search that keeps taken pieces on the
board until the move ends (the Turkish strike rule).
"""

from __future__ import annotations

from typing import Final

from boardroom.draughts.moves import Move
from boardroom.draughts.squares import (
    BLACK_CROWN,
    DIRECTIONS,
    DOWN,
    RAYS,
    SQUARES,
    UP,
    VALID,
    WHITE_CROWN,
    mask_of,
)
from boardroom.draughts.variants import Variant

Jump = tuple[int, int, int]  # (bit of the piece jumped, its index, landing index)
KingRay = tuple[int, bool]  # (bitboard of the ray, whether it runs towards higher bits)


def _man_jumps(directions: tuple[int, ...]) -> list[list[Jump]]:
    table: list[list[Jump]] = [[] for _ in range(36)]
    for sq in SQUARES:
        for d in directions:
            ray = RAYS[sq][d]
            if len(ray) >= 2:
                table[sq].append((1 << ray[0], ray[0], ray[1]))
    return table


def _king_rays() -> list[list[KingRay]]:
    table: list[list[KingRay]] = [[] for _ in range(36)]
    for sq in SQUARES:
        table[sq] = [(mask_of(RAYS[sq][d]), d > 0) for d in DIRECTIONS if RAYS[sq][d]]
    return table


JUMPS_ANY: Final = _man_jumps(DIRECTIONS)
JUMPS_UP: Final = _man_jumps(UP)
JUMPS_DOWN: Final = _man_jumps(DOWN)
KING_RAYS: Final = _king_rays()


def _step_table(delta: int, crown: int) -> list[Move | None]:
    """Quiet man moves indexed by target square: ``table[to]`` moves from ``to - delta``."""
    table: list[Move | None] = [None] * 36
    for to in SQUARES:
        frm = to - delta
        if frm in SQUARES and to in RAYS[frm][delta][:1]:
            table[to] = Move(frm, to, 0, 1 if crown >> to & 1 else 0, (to,), ())
    return table


WHITE_STEP_5: Final = _step_table(5, WHITE_CROWN)
WHITE_STEP_4: Final = _step_table(4, WHITE_CROWN)
BLACK_STEP_4: Final = _step_table(-4, BLACK_CROWN)
BLACK_STEP_5: Final = _step_table(-5, BLACK_CROWN)
KING_STEP: Final[list[list[Move | None]]] = [
    [Move(f, t, 0, 0, (t,), ()) if f in SQUARES and t in SQUARES else None for t in range(36)]
    for f in range(36)
]


def _low_bits(board: int) -> list[int]:
    out = []
    while board:
        low = board & -board
        out.append(low.bit_length() - 1)
        board ^= low
    return out


def _king_reach(sq: int, occupied: int) -> int:
    """The empty squares a king on ``sq`` can move to."""
    reach = 0
    for ray, up in KING_RAYS[sq]:
        blockers = ray & occupied
        if not blockers:
            reach |= ray
        elif up:
            reach |= ray & ((blockers & -blockers) - 1)
        else:
            reach |= ray & ~((1 << blockers.bit_length()) - 1)
    return reach


def quiet_moves(own: int, opp: int, kings: int, white: bool) -> list[Move]:
    """All non-capturing moves of the side owning ``own``."""
    occupied = own | opp
    empty = VALID & ~occupied
    men = own & ~kings
    moves: list[Move] = []
    append = moves.append
    if white:
        targets, table = (men << 5) & empty, WHITE_STEP_5
        other, other_table = (men << 4) & empty, WHITE_STEP_4
    else:
        targets, table = (men >> 4) & empty, BLACK_STEP_4
        other, other_table = (men >> 5) & empty, BLACK_STEP_5
    while targets:
        low = targets & -targets
        append(table[low.bit_length() - 1])  # type: ignore[arg-type]
        targets ^= low
    while other:
        low = other & -other
        append(other_table[low.bit_length() - 1])  # type: ignore[arg-type]
        other ^= low
    own_kings = own & kings
    while own_kings:
        low = own_kings & -own_kings
        sq = low.bit_length() - 1
        own_kings ^= low
        row = KING_STEP[sq]
        reach = _king_reach(sq, occupied)
        while reach:
            low = reach & -reach
            append(row[low.bit_length() - 1])  # type: ignore[arg-type]
            reach ^= low
    return moves


def count_quiet(own: int, opp: int, kings: int, white: bool) -> int:
    """The number of non-capturing moves, without building them (bulk counting)."""
    empty = VALID & ~(own | opp)
    men = own & ~kings
    if white:
        count = ((men << 5) & empty).bit_count() + ((men << 4) & empty).bit_count()
    else:
        count = ((men >> 4) & empty).bit_count() + ((men >> 5) & empty).bit_count()
    if own & kings:
        occupied = own | opp
        for sq in _low_bits(own & kings):
            count += _king_reach(sq, occupied).bit_count()
    return count


def _men_jumpers(men: int, opp: int, empty: int, white: bool, backward: bool) -> int:
    """Men with at least one jump available (a fast test before the full search)."""
    found = 0
    if white or backward:
        found |= men & (opp >> 5) & (empty >> 10)
        found |= men & (opp >> 4) & (empty >> 8)
    if backward or not white:
        found |= men & (opp << 4) & (empty << 8)
        found |= men & (opp << 5) & (empty << 10)
    return found


def _nearest(ray: int, occupied: int, up: bool) -> tuple[int, int]:
    """The first occupied square of a ray (a bit, 0 if none) and the ray beyond it."""
    blockers = ray & occupied
    if not blockers:
        return 0, 0
    if up:
        first = blockers & -blockers
        return first, ray & ~((first << 1) - 1)
    first = 1 << (blockers.bit_length() - 1)
    return first, ray & (first - 1)


def _king_can_take(sq: int, opp: int, occupied: int, taken: int) -> bool:
    """Whether a king on ``sq`` can take a piece (on the hot path: kept inline, no calls)."""
    for ray, up in KING_RAYS[sq]:
        blockers = ray & occupied
        if not blockers:
            continue
        if up:
            victim = blockers & -blockers
            beyond = ray & ~((victim << 1) - 1)
            nxt = beyond & -beyond
        else:
            victim = 1 << (blockers.bit_length() - 1)
            beyond = ray & (victim - 1)
            nxt = 1 << (beyond.bit_length() - 1) if beyond else 0
        if victim & opp and not victim & taken and nxt and not nxt & occupied:
            return True
    return False


class _CaptureSearch:
    """One side's capture search; collects every complete capture sequence."""

    __slots__ = ("crown", "found", "jumps", "occupied", "opp", "win_on_crown")

    def __init__(self, opp: int, occupied: int, white: bool, variant: Variant) -> None:
        self.opp = opp
        self.occupied = occupied
        self.crown = WHITE_CROWN if white else BLACK_CROWN
        self.win_on_crown = variant.promotion == "win"
        if variant.men_capture_backward:
            self.jumps = JUMPS_ANY
        else:
            self.jumps = JUMPS_UP if white else JUMPS_DOWN
        self.found: list[Move] = []

    def man(
        self, origin: int, sq: int, taken: int, path: tuple[int, ...], jumped: tuple[int, ...]
    ) -> None:
        extended = False
        for bit, over, land in self.jumps[sq]:
            if bit & self.opp and not bit & taken and not (self.occupied >> land) & 1:
                extended = True
                self._land_man(origin, land, taken | bit, (*path, land), (*jumped, over))
        if not extended and jumped:
            self.found.append(Move(origin, sq, taken, 0, path, jumped))

    def _land_man(
        self, origin: int, land: int, taken: int, path: tuple[int, ...], jumped: tuple[int, ...]
    ) -> None:
        if not (self.crown >> land) & 1:
            self.man(origin, land, taken, path, jumped)
        elif self.win_on_crown:
            self.found.append(Move(origin, land, taken, len(path), path, jumped))
        else:
            self.king(origin, land, taken, path, jumped, len(path))

    def king(
        self,
        origin: int,
        sq: int,
        taken: int,
        path: tuple[int, ...],
        jumped: tuple[int, ...],
        crown: int,
    ) -> None:
        extended = False
        occupied, opp = self.occupied, self.opp
        for ray, up in KING_RAYS[sq]:
            victim, beyond = _nearest(ray, occupied, up)
            if not victim & opp or victim & taken:
                continue
            landing = _free_run(beyond, occupied, up)
            if landing:
                extended = True
                self._land_king(
                    origin, landing, taken | victim, path, (*jumped, victim.bit_length() - 1), crown
                )
        if not extended and jumped:
            self.found.append(Move(origin, sq, taken, crown, path, jumped))

    def _land_king(
        self,
        origin: int,
        landing: int,
        taken: int,
        path: tuple[int, ...],
        jumped: tuple[int, ...],
        crown: int,
    ) -> None:
        squares = _low_bits(landing)
        going_on = [sq for sq in squares if _king_can_take(sq, self.opp, self.occupied, taken)]
        for sq in going_on:
            self.king(origin, sq, taken, (*path, sq), jumped, crown)
        if not going_on:
            for sq in squares:
                self.found.append(Move(origin, sq, taken, crown, (*path, sq), jumped))


def _free_run(beyond: int, occupied: int, up: bool) -> int:
    """The empty squares of ``beyond`` before its first occupied square."""
    blockers = beyond & occupied
    if not blockers:
        return beyond
    if up:
        return beyond & ((blockers & -blockers) - 1)
    return beyond & ~((1 << blockers.bit_length()) - 1)


def _jumpers(own: int, opp: int, kings: int, white: bool, backward: bool) -> int:
    """The pieces of ``own`` that can capture (a fast test before the full search)."""
    occupied = own | opp
    empty = VALID & ~occupied
    men = own & ~kings
    if backward:
        found = men & (
            (opp >> 5) & (empty >> 10)
            | (opp >> 4) & (empty >> 8)
            | (opp << 4) & (empty << 8)
            | (opp << 5) & (empty << 10)
        )
    else:
        found = _men_jumpers(men, opp, empty, white, False)
    own_kings = own & kings
    while own_kings:
        low = own_kings & -own_kings
        own_kings ^= low
        if _king_can_take(low.bit_length() - 1, opp, occupied, 0):
            found |= low
    return found


def capture_moves(
    own: int, opp: int, kings: int, white: bool, variant: Variant, distinct: bool = True
) -> list[Move]:
    """All complete capture sequences of the side owning ``own`` (empty if none).

    Unless the variant orders captures, sequences with the same start, end,
    pieces taken and crowning are one move.
    """
    jumpers = _jumpers(own, opp, kings, white, variant.men_capture_backward)
    if not jumpers:
        return []
    return _captures(jumpers, own, opp, kings, white, variant, distinct)


def _captures(
    jumpers: int, own: int, opp: int, kings: int, white: bool, variant: Variant, distinct: bool
) -> list[Move]:
    occupied = own | opp
    search = _CaptureSearch(opp, occupied, white, variant)
    for sq in _low_bits(jumpers):
        search.occupied = occupied & ~(1 << sq)
        if (kings >> sq) & 1:
            search.king(sq, sq, 0, (), (), 0)
        else:
            search.man(sq, sq, 0, (), ())
    moves = search.found
    if variant.ordered_captures or not distinct or len(moves) < 2:
        return moves
    return list({same_move_key(m): m for m in moves}.values())


def same_move_key(move: Move) -> tuple[int, int, int, bool]:
    """Capture sequences with the same key leave the same position: one move."""
    return move.origin, move.target, move.captures, move.crown_step > 0


def legal_moves(own: int, opp: int, kings: int, white: bool, variant: Variant) -> list[Move]:
    """The legal moves: the captures if there are any, otherwise the quiet moves."""
    jumpers = _jumpers(own, opp, kings, white, variant.men_capture_backward)
    if jumpers:
        return _captures(jumpers, own, opp, kings, white, variant, True)
    return quiet_moves(own, opp, kings, white)


def count_legal(own: int, opp: int, kings: int, white: bool, variant: Variant) -> int:
    """``len(legal_moves(...))`` without building the quiet moves."""
    jumpers = _jumpers(own, opp, kings, white, variant.men_capture_backward)
    if jumpers:
        return len(_captures(jumpers, own, opp, kings, white, variant, True))
    return count_quiet(own, opp, kings, white)
