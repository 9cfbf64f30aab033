"""The board: a position with the side to move, piece identities and a move stack."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Literal, NamedTuple

from boardroom.draughts import fen as fen_codec
from boardroom.draughts.errors import FenError, NotationError
from boardroom.draughts.generate import capture_moves, count_legal, legal_moves
from boardroom.draughts.moves import Move
from boardroom.draughts.notation import match_move
from boardroom.draughts.squares import BLACK_CROWN, NAME, WHITE_CROWN, square_index
from boardroom.draughts.variants import RUSSIAN, Variant

Color = Literal["white", "black"]
KINGS_ONLY_PLIES = 30  # 15 moves each with kings only, no capture, no man moved


class PlacedPiece(NamedTuple):
    """A piece on its square, with its colour, rank and stable id (None when anonymous)."""

    square: str
    color: Color
    king: bool
    id: str | None


class Outcome(NamedTuple):
    """How a game ended: the winner (None for a draw) and why."""

    winner: Color | None
    reason: str


# What push saves: white, black, kings, quiet king plies, the move, the ids it lifted.
_Undo = tuple[int, int, int, int, Move | None, tuple[tuple[int, str | None], ...]]


class Board:
    """A draughts position that moves can be pushed onto and popped off.

    >>> board = Board()
    >>> board.turn, len(board.legal_moves)
    ('white', 7)
    >>> board.push_notation("c3-d4")
    Move(origin=10, target=15, captures=0, crown_step=0, landings=(15,), jumped=())
    >>> board.fen()
    'B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8'
    >>> str(board.pop()), board.turn
    ('c3-d4', 'white')
    """

    __slots__ = (
        "_ids",
        "_stack",
        "black",
        "kings",
        "quiet_king_plies",
        "variant",
        "white",
        "white_to_move",
    )

    def __init__(
        self,
        fen: str | None = None,
        *,
        variant: Variant = RUSSIAN,
        ids: Mapping[str, str] | None = None,
    ) -> None:
        self.variant = variant
        parsed = fen_codec.parse(fen if fen is not None else variant.start_fen)
        self.white, self.black, self.kings = parsed.white, parsed.black, parsed.kings
        self.white_to_move = parsed.white_to_move
        self.quiet_king_plies = 0
        self._stack: list[_Undo] = []
        self._ids: list[str | None] | None = None
        if ids is not None:
            self._ids = self._identify(ids)

    def _identify(self, ids: Mapping[str, str]) -> list[str | None]:
        table: list[str | None] = [None] * 36
        for name, piece_id in ids.items():
            try:
                sq = square_index(name)
            except ValueError as exc:
                raise FenError(str(exc)) from None
            if not ((self.white | self.black) >> sq) & 1:
                raise FenError(f"piece id {piece_id!r} is given for {name}, which is empty")
            table[sq] = piece_id
        return table

    @property
    def turn(self) -> Color:
        return "white" if self.white_to_move else "black"

    @property
    def legal_moves(self) -> list[Move]:
        if self.white_to_move:
            return legal_moves(self.white, self.black, self.kings, True, self.variant)
        return legal_moves(self.black, self.white, self.kings, False, self.variant)

    def count_legal(self) -> int:
        """``len(board.legal_moves)`` without building quiet moves (bulk counting)."""
        if self.white_to_move:
            return count_legal(self.white, self.black, self.kings, True, self.variant)
        return count_legal(self.black, self.white, self.kings, False, self.variant)

    def has_capture(self) -> bool:
        own, opp = (self.white, self.black) if self.white_to_move else (self.black, self.white)
        return bool(capture_moves(own, opp, self.kings, self.white_to_move, self.variant))

    def moves_for(self, piece_ids: Collection[str]) -> list[Move]:
        """The legal moves of the pieces with these ids (the side's capture duty applies).

        >>> board = Board("W:Wc3,g3:Bd4", ids={"c3": "1.1", "g3": "2.1"})
        >>> [str(m) for m in board.moves_for({"2.1"})], [str(m) for m in board.moves_for({"1.1"})]
        ([], ['c3:e5'])
        """
        return [m for m in self.legal_moves if self.id_at(m.origin) in piece_ids]

    def push(self, move: Move) -> None:
        """Make ``move`` (taken from :attr:`legal_moves` or :meth:`parse_move`)."""
        origin, target, captures = 1 << move.origin, 1 << move.target, move.captures
        kings = self.kings
        moved_king = kings & origin
        lifted = () if self._ids is None else self._lift(move)
        self._stack.append((self.white, self.black, kings, self.quiet_king_plies, move, lifted))
        if self.white_to_move:
            self.white = (self.white & ~origin) | target
            self.black &= ~captures
        else:
            self.black = (self.black & ~origin) | target
            self.white &= ~captures
        if moved_king or (move.crown_step and self.variant.promotion == "king"):
            kings = (kings & ~origin) | target
        self.kings = kings & ~captures
        self.quiet_king_plies = self.quiet_king_plies + 1 if moved_king and not captures else 0
        self.white_to_move = not self.white_to_move

    def _lift(self, move: Move) -> tuple[tuple[int, str | None], ...]:
        ids = self._ids
        assert ids is not None
        saved = tuple((sq, ids[sq]) for sq in (move.origin, *move.jumped))
        piece = ids[move.origin]
        for sq in (move.origin, *move.jumped):
            ids[sq] = None
        ids[move.target] = piece
        return saved

    def push_null(self) -> None:
        """The side to move passes without moving (a repelled quiz capture)."""
        self._stack.append((self.white, self.black, self.kings, self.quiet_king_plies, None, ()))
        self.white_to_move = not self.white_to_move

    def pop(self) -> Move | None:
        """Unmake the last push; returns its move (None for a null move)."""
        self.white, self.black, self.kings, self.quiet_king_plies, move, lifted = self._stack.pop()
        self.white_to_move = not self.white_to_move
        if lifted and move is not None and self._ids is not None:
            self._ids[move.target] = None
            for sq, piece_id in lifted:
                self._ids[sq] = piece_id
        return move

    @property
    def move_stack(self) -> list[Move | None]:
        return [undo[4] for undo in self._stack]

    def id_at(self, index: int) -> str | None:
        return None if self._ids is None else self._ids[index]

    def mover_id(self, move: Move) -> str | None:
        """The id of the piece that makes ``move``."""
        return self.id_at(move.origin)

    def taken_ids(self, move: Move) -> tuple[str | None, ...]:
        """The ids of the pieces ``move`` takes, in jump order."""
        return tuple(self.id_at(sq) for sq in move.jumped)

    def piece_at(self, square: str) -> PlacedPiece | None:
        """The piece on ``square``, or None.

        >>> Board().piece_at("c3")
        PlacedPiece(square='c3', color='white', king=False, id=None)
        """
        try:
            sq = square_index(square)
        except ValueError as exc:
            raise NotationError(str(exc)) from None
        return self._placed(sq)

    def _placed(self, sq: int) -> PlacedPiece | None:
        if (self.white >> sq) & 1:
            return PlacedPiece(NAME[sq], "white", bool((self.kings >> sq) & 1), self.id_at(sq))
        if (self.black >> sq) & 1:
            return PlacedPiece(NAME[sq], "black", bool((self.kings >> sq) & 1), self.id_at(sq))
        return None

    def pieces(self) -> list[PlacedPiece]:
        """Every piece on the board, white first, by square."""
        placed = (self._placed(sq) for sq in sorted(NAME))
        return sorted((p for p in placed if p), key=lambda p: p.color != "white")

    def ids(self) -> dict[str, str]:
        """The id of every identified piece, by square name."""
        if self._ids is None:
            return {}
        return {NAME[sq]: pid for sq, pid in enumerate(self._ids) if pid is not None}

    def fen(self, *, numeric: bool = False) -> str:
        return fen_codec.write(
            self.white, self.black, self.kings, self.white_to_move, numeric=numeric
        )

    def key(self) -> int:
        """A compact hashable key of the position and the side to move.

        >>> Board().key() == Board(Board().fen()).key()
        True
        """
        return self.white | self.black << 36 | self.kings << 72 | self.white_to_move << 108

    def copy(self, *, ids: bool = True) -> Board:
        """An independent copy, with the move stack and (unless ``ids`` is false) piece ids.

        >>> board = Board("W:Wc3:Bd6", ids={"c3": "1.1"})
        >>> board.copy().id_at(10), board.copy(ids=False).id_at(10)
        ('1.1', None)
        """
        other = Board.__new__(Board)
        other.variant = self.variant
        other.white, other.black, other.kings = self.white, self.black, self.kings
        other.white_to_move = self.white_to_move
        other.quiet_king_plies = self.quiet_king_plies
        other._stack = list(self._stack)
        other._ids = None if self._ids is None or not ids else list(self._ids)
        return other

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names.

        Any landing squares may be left out when the rest is unambiguous; a
        suffix ``(d4,f4)`` names the pieces taken when only that tells two
        captures apart; ``x`` may stand for ``:``.

        >>> board = Board("W:Wc3:Bd4,f4")
        >>> str(board.parse_move("c3xg3")), board.parse_move("c3:g3").taken
        ('c3:e5:g3', ('d4', 'f4'))
        >>> board.parse_move("c3-d4")
        Traceback (most recent call last):
        ...
        boardroom.draughts.errors.IllegalMoveError: c3-d4 is not legal here; legal moves: c3:e5:g3
        """
        return match_move(self.legal_moves, text, self._every_sequence)

    def _every_sequence(self) -> list[Move]:
        """Every capture sequence, also those that are one move with another."""
        own, opp = (self.white, self.black) if self.white_to_move else (self.black, self.white)
        return capture_moves(own, opp, self.kings, self.white_to_move, self.variant, distinct=False)

    def push_notation(self, text: str) -> Move:
        move = self.parse_move(text)
        self.push(move)
        return move

    def outcome(self) -> Outcome | None:
        """The result if the game is over, else None.

        >>> Board("W:Wa1:Bb2,c3").outcome()
        Outcome(winner='black', reason='no_moves')
        """
        won = self._crowned_winner()
        if won:
            return Outcome(won, "reached_last_row")
        if not self.count_legal():
            return Outcome("black" if self.white_to_move else "white", "no_moves")
        if self.variant.draw_rules:
            if self.quiet_king_plies >= KINGS_ONLY_PLIES:
                return Outcome(None, "kings_only_15_moves")
            if self.repetitions() >= 3:
                return Outcome(None, "threefold_repetition")
        return None

    def _crowned_winner(self) -> Color | None:
        if self.variant.promotion != "win":
            return None
        men = ~self.kings
        if self.white & men & WHITE_CROWN:
            return "white"
        if self.black & men & BLACK_CROWN:
            return "black"
        return None

    def repetitions(self) -> int:
        """How many times the current position has occurred (this one included)."""
        count = 1
        white_to_move = self.white_to_move
        current = (self.white, self.black, self.kings)
        for white, black, kings, _, move, _ in reversed(self._stack):
            white_to_move = not white_to_move
            if move is not None and (move.captures or not (kings >> move.origin) & 1):
                break
            if white_to_move == self.white_to_move and (white, black, kings) == current:
                count += 1
        return count

    def __repr__(self) -> str:
        return f"Board({self.fen()!r}, variant={self.variant.name})"

    def __str__(self) -> str:
        rows = [
            f"{rank + 1} " + " ".join(self._cell(file, rank) for file in range(8))
            for rank in range(7, -1, -1)
        ]
        return "\n".join([*rows, "  a b c d e f g h"])

    def _cell(self, file: int, rank: int) -> str:
        if (file + rank) % 2:
            return " "
        return _glyph(self._placed((9 * rank + file) // 2))


def _glyph(piece: PlacedPiece | None) -> str:
    if piece is None:
        return "."
    letter = "w" if piece.color == "white" else "b"
    return letter.upper() if piece.king else letter
