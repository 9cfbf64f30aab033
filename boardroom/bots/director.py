"""The director policy: moves the pieces of the firms a seat directs, in each firm's interest.

When a firm the seat directs is on call, the board robot
(:class:`boardroom.bots.board.BoardRobot`, a node budget, deterministic) searches
the firm's own moves with :func:`boardroom.bots.evaluation.firm_interest` (its own
pieces count extra, its colour's position once). With a ``pass_margin`` it passes
instead when it may and its best move would cost the firm more than that
(hundredths of a man) against the position as it stands, so a team-mate moves
(off by default: in the lab, selfish passing snowballs for the colour behind, see
``docs/balance.md``). In a timeout takeover
the firm first moves a piece of the late colour: it picks the move that leaves the
late colour worst off (then its own colour moves). Everything comes from the view:
the position, the firms' numbered pieces and the legal moves the seat may make.

>>> seen = {"phase": "board", "paused": False, "move_not_before": 0.0,
...         "position": "W:Wc3,g3:Bd4,f6,b6",
...         "on_call": {"color": "white", "firm": 1, "must_move": False, "takeover": 0},
...         "legal_moves": ["c3:e5:g7"],
...         "firms": {"1": {"director": "p1", "pieces": [{"id": "1.1", "square": "c3",
...                         "king": False}]},
...                   "2": {"director": "p2", "pieces": [{"id": "2.1", "square": "g3",
...                         "king": False}]}}}
>>> Director().move(seen, "p1")
{'type': 'move', 'firm': 1, 'move': 'c3:e5:g7'}
>>> Director().move(seen, "p2") is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from boardroom.bots.board import BoardRobot
from boardroom.bots.context import Context, acting, directs
from boardroom.bots.evaluation import Evaluation, evaluate, firm_interest
from boardroom.draughts import EXCHANGE, Board, Move
from boardroom.games.exchange.draft import Autoplay
from boardroom.games.exchange.ruleset import color_of
from boardroom.games.exchange.turns import notation
from boardroom.kernel import Json


def board_from_view(seen: Json) -> Board:
    """The position of the view, with every piece's firm number (``"3.2"``).

    >>> board = board_from_view({"position": "W:Wc3:Bd6", "firms": {
    ...     "2": {"pieces": [{"id": "2.3", "square": "c3", "king": False}]},
    ...     "7": {"pieces": [{"id": "7.3", "square": "d6", "king": False}]}}})
    >>> board.piece_at("d6").id
    '7.3'
    """
    ids = {p["square"]: p["id"] for firm in seen["firms"].values() for p in firm["pieces"]}
    return Board(seen["position"], variant=EXCHANGE, ids=ids)


def spoil_move(board: Board, moves: list[Move]) -> Move:
    """The move of the side to move that leaves it worst off (a takeover's first move).

    Each move is made and judged by the other side: its static evaluation plus the
    best capture it then has.

    >>> board = Board("W:Wc3,h2:Be5", variant=EXCHANGE)  # c3-d4 hangs a piece
    >>> str(spoil_move(board, board.legal_moves))
    'c3-d4'
    """

    def other_side_gain(move: Move) -> tuple[int, str]:
        board.push(move)
        replies = board.legal_moves
        shot = max((len(m.jumped) for m in replies), default=0)
        score = evaluate(board) + 100 * shot if replies else 1_000_000
        board.pop()
        return (-score, str(move))

    return min(moves, key=other_side_gain)


class Director:
    """Moves its firms' pieces with the board robot in each firm's interest (node budget).

    ``level`` and ``nodes`` set the board robot; ``seed`` its noise (each call
    depends only on the seed and the position). ``pass_margin`` is how much worse
    than the present position (hundredths of a man) the firm's best move must be
    before it passes, when passing is allowed (None: it never passes by choice).
    """

    name = "director"
    phases = frozenset({"board"})

    def __init__(
        self, level: str = "club", nodes: int = 300, seed: int = 0, pass_margin: int | None = None
    ) -> None:
        self.robot = BoardRobot(level, seed=seed, clock=lambda: 0.0)
        self.nodes = nodes
        self.pass_margin = pass_margin

    def act(self, seen: Json, ctx: Context) -> list[Json]:
        if not acting(seen, "board") or ctx.now < (seen["move_not_before"] or 0.0):
            return []
        command = self.move(seen, ctx.seat)
        return [] if command is None else [command]

    def move(self, seen: Json, seat: str) -> Json | None:
        """A move (or a pass) for the firm on call when ``seat`` acts for it."""
        call = seen.get("on_call")
        legal: list[str] = seen.get("legal_moves") or []
        if call is None or not legal or not directs(seen, seat, call["firm"]):
            return None
        firm = call["firm"]
        board = board_from_view(seen)
        if call["takeover"] == 1:
            chosen = spoil_move(board, board.legal_moves)
        else:
            own = {p["id"] for p in seen["firms"][str(firm)]["pieces"]}
            interest = firm_interest(own)
            chosen = self.robot.choose(
                board, pieces=own, budget_nodes=self.nodes, interest=interest
            )
            if self._should_pass(call, legal, board, interest):
                return {"type": "pass", "firm": firm}
        return {"type": "move", "firm": firm, "move": notation(board, chosen)}

    def _should_pass(
        self, call: Json, legal: list[str], board: Board, interest: Evaluation
    ) -> bool:
        if self.pass_margin is None or call["must_move"] or call["takeover"]:
            return False
        if any(":" in m for m in legal):
            return False
        last = self.robot.last
        if last is None or last.depth == 0:
            return False
        return last.score < interest(board) - self.pass_margin


def robot_autoplay(level: str = "club", nodes: int = 300, seed: int = 0) -> Autoplay:
    """An ``autoplay`` for ``ExchangeRules``: the board robot moves for a late takeover firm.

    For the late colour's piece it plays :func:`spoil_move`; for its own piece the
    board robot's move in the firm's interest.

    >>> board = Board("W:Wc3,h2:Be5", variant=EXCHANGE, ids={"c3": "1.1", "h2": "4.1"})
    >>> str(robot_autoplay()(board.copy(), board.legal_moves, 5))
    'c3-d4'
    """
    robot = BoardRobot(level, seed=seed, clock=lambda: 0.0)

    def autoplay(board: Board, moves: Sequence[Move], firm: int) -> Move:
        if board.turn != color_of(firm):
            return spoil_move(board, list(moves))
        own = {pid for pid in board.ids().values() if pid.startswith(f"{firm}.")}
        chosen = robot.choose(board, pieces=own, budget_nodes=nodes, interest=firm_interest(own))
        return chosen if chosen in moves else moves[0]

    return autoplay
