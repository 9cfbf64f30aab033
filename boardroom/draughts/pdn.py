"""Whole games as PDN (GameType 25, Russian draughts), as other draughts programs read them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from boardroom.draughts.board import Board
from boardroom.draughts.errors import DraughtsError, PdnError
from boardroom.draughts.moves import Move
from boardroom.draughts.variants import RUSSIAN, Variant

NULL_MOVE = (
    "0-0"  # a side passing without moving (a repelled quiz capture), as pydraughts writes it
)
RESULTS = ("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "*")
_HEADER = re.compile(r'^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_TOKEN = re.compile(r"\{[^}]*\}|;[^\n]*|\(|\)|\$\d+|[^\s(){};]+")
_MOVE_NUMBER = re.compile(r"^\d+\.(\.\.)?$|^\d+\.\.\.$")


@dataclass
class PdnGame:
    """One game: its headers and its moves as written."""

    headers: dict[str, str] = field(default_factory=dict)
    moves: list[str] = field(default_factory=list)
    result: str = "*"

    @property
    def fen(self) -> str | None:
        return self.headers.get("FEN")

    def board(self, variant: Variant = RUSSIAN) -> Board:
        """Play the game out; :class:`PdnError` names the first move that is not legal.

        Without a FEN header the game starts where GameType 25 starts, whatever ``variant``.
        """
        try:
            start = self.fen if self.fen is not None else RUSSIAN.start_fen
            board = Board(start, variant=variant)
        except DraughtsError as exc:
            raise PdnError(f"the FEN header is not a position: {exc}") from None
        for ply, text in enumerate(self.moves):
            try:
                if text == NULL_MOVE:
                    board.push_null()
                else:
                    board.push_notation(text)
            except DraughtsError as exc:
                raise PdnError(f"move {ply // 2 + 1} ({text}): {exc}") from None
        return board


def write(board: Board, headers: dict[str, str] | None = None, result: str | None = None) -> str:
    """The PDN of the game played on ``board`` (from its first position to now).

    >>> board = Board()
    >>> for m in ("c3-d4", "f6-g5", "d4-c5"):
    ...     _ = board.push_notation(m)
    >>> print(write(board, {"Event": "Demo"}))
    [Event "Demo"]
    [GameType "25"]
    [Result "*"]
    <BLANKLINE>
    1. c3-d4 f6-g5 2. d4-c5 *
    <BLANKLINE>
    """
    start = board.copy()
    moves = []
    while start.move_stack:
        moves.append(start.pop())
    moves.reverse()
    outcome = board.outcome()
    if result is None:
        result = _result_of(outcome.winner if outcome else "", outcome is not None)
    # the FEN tag is the game's own start (none for the start position), never the caller's
    bad = [k for k in headers or {} if not re.fullmatch(r"[A-Za-z0-9_]+", k)]
    if bad:
        raise PdnError(f"a PDN header name is letters, digits and _ only, not {bad[0]!r}")
    tags = {**{k: v for k, v in (headers or {}).items() if k != "FEN"}, "GameType": "25"}
    if start.fen() != Board(variant=RUSSIAN).fen():
        tags["FEN"] = start.fen()
    tags["Result"] = result
    made = [_pdn_move(m) if m else NULL_MOVE for m in moves]
    return text(tags, made, result, white_first=start.white_to_move)


def text(tags: dict[str, str], moves: list[str], result: str, white_first: bool = True) -> str:
    """A PDN game from its tags and its moves, already in PDN notation (``--`` a null move).

    >>> print(text({"Event": "Demo", "Result": "*"}, ["c3-d4", "--"], "*", white_first=False))
    [Event "Demo"]
    [Result "*"]
    <BLANKLINE>
    1... c3-d4 2. -- *
    <BLANKLINE>
    """
    lines = [f'[{k} "{_escape(v)}"]' for k, v in tags.items()]
    return "\n".join([*lines, "", _movetext(white_first, moves, result), ""])


def _pdn_move(move: Move) -> str:
    """PDN's capture separator is ``x`` (other programs, pydraughts among them, read no ``:``)."""
    return str(move).replace(":", "x")


def _escape(value: str) -> str:
    value = " ".join(value.splitlines())
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _result_of(winner: str | None, over: bool) -> str:
    if not over:
        return "*"
    return {"white": "2-0", "black": "0-2"}.get(winner or "", "1-1")


def _movetext(white_first: bool, moves: list[str], result: str) -> str:
    words: list[str] = []
    number, white = 1, white_first
    if not white and moves:
        words.append("1...")
    for text in moves:
        if white:
            words.append(f"{number}.")
        words.append(text)
        if not white:
            number += 1
        white = not white
    words.append(result)
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def read(text: str) -> list[PdnGame]:
    """Every game in a PDN text.

    >>> [g.moves for g in read('[GameType "25"]\\n1. c3-d4 {good} f6-g5 (1... b6-a5) 2. d4xf6 *')]
    [['c3-d4', 'f6-g5', 'd4xf6']]
    """
    if not isinstance(text, str):
        raise PdnError("PDN must be text")
    games: list[PdnGame] = []
    current: PdnGame | None = None
    movetext: list[str] = []
    for line in text.splitlines():
        header = _HEADER.match(line)
        if header:
            if current is not None and movetext:
                games.append(_finish(current, movetext))
                current, movetext = None, []
            current = current or PdnGame()
            current.headers[header.group(1)] = re.sub(r"\\(.)", r"\1", header.group(2))
        elif line.strip().startswith("["):
            raise PdnError(f"malformed header line: {line.strip()!r}")
        else:
            movetext.append(line)
            current = current or PdnGame()
    if current is not None:
        games.append(_finish(current, movetext))
    return [g for g in games if g.moves or g.headers]


def _finish(game: PdnGame, lines: list[str]) -> PdnGame:
    depth = 0
    for token in _TOKEN.findall("\n".join(lines)):
        if token == "(":
            depth += 1
        elif token == ")":
            if depth == 0:
                raise PdnError("a ')' closes no variation")
            depth -= 1
        elif depth or token[0] in "{;$" or _MOVE_NUMBER.match(token):
            continue
        elif token in RESULTS:
            game.result = token
        else:
            game.moves.append(_strip_number(token))
    if depth:
        raise PdnError("a variation '(' is never closed")
    return game


def _strip_number(token: str) -> str:
    move = re.sub(r"^\d+\.(\.\.)?", "", token).rstrip("!?*+")
    if not move:
        raise PdnError(f"{token!r} is not a move")
    return move
