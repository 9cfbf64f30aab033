"""Turn order on the board (§3): who is on call, passes, moves, timeouts and takeovers.

Each colour keeps a pointer to its next firm. The firm on call moves one of its
own pieces or passes; a firm with no legal move of its own (none at all, or the
colour's capture duty falls on another firm's piece) passes automatically.
When the call has gone round and every firm that could move declined, the first
of them must move. A move of one colour may come no sooner than ``move_min_s``
and no later than ``move_max_s`` after the other colour's move; at the
deadline a firm of the opposite colour takes over: it moves a piece of the late
colour, then one of its own.
"""

from __future__ import annotations

from boardroom.draughts import Board, IllegalMoveError, Move, NotationError
from boardroom.games.exchange.draft import Draft
from boardroom.games.exchange.ledger import CASH, MARKET, firm_account
from boardroom.games.exchange.refusals import (
    firm_field,
    require_firm,
    require_phase,
    wait_seconds,
)
from boardroom.games.exchange.ruleset import WHITE_FIRMS, color_of
from boardroom.games.exchange.state import TAKEOVER_STEP, Call, CallMode, ExchangeState
from boardroom.kernel import Json, Refused


def other(color: str) -> str:
    """The opposite colour.

    >>> other("white")
    'black'
    """
    return "black" if color == "white" else "white"


def firm_moves(state: ExchangeState, firm: int) -> list[Move]:
    """The legal moves of the firm's own pieces (the colour's capture duty applies)."""
    if color_of(firm) != state.board.turn:
        return []
    return state.board.moves_for(state.piece_ids(firm))


def notation(board: Board, move: Move) -> str:
    """The move written so that it names exactly this move here.

    >>> board = Board()
    >>> notation(board, board.legal_moves[0])
    'a3-b4'
    """
    text = str(move)
    try:
        if board.parse_move(text) == move:
            return text
    except (IllegalMoveError, NotationError):
        pass
    return f"{text}({','.join(move.taken)})"


def on_call(state: ExchangeState) -> Call:
    """The call, or a refusal when nobody is on call."""
    require_phase(state, "board")
    if state.call is None:
        raise Refused("nobody_on_call", "No firm is on call on the board now.")
    return state.call


def open_board(draft: Draft) -> None:
    """Start the board phase: the colour to move calls its next firm."""
    if _decided(draft):
        return
    color = draft.state.board.turn
    seek(draft, color, draft.state.pointers[color], fresh=True)


def seek(draft: Draft, color: str, index: int, *, fresh: bool, takeover: bool = False) -> None:
    """Hand the call along ``color``'s order from ``index`` to a firm that can move."""
    state = draft.state
    order = state.ruleset.order[color]
    if fresh or state.call is None:
        round_start, declined = order[index], []
    else:
        round_start, declined = state.call.round_start, list(state.call.declined)
    for step in range(len(order) + 1):
        firm = order[index]
        if (step or not fresh) and firm == round_start and declined:
            _call(draft, color, declined[0], round_start, declined, must_move=True)
            return
        if firm_moves(state, firm):
            first_of_takeover = takeover and step == 0
            _call(
                draft,
                color,
                firm,
                round_start,
                declined,
                must_move=first_of_takeover,
                mode="own_piece" if first_of_takeover else "normal",
            )
            return
        reason = "capture_elsewhere" if state.board.has_capture() else "no_moves"
        draft.emit("passed", firm=firm, color=color, forced=True, reason=reason)
        index = (index + 1) % len(order)
    raise AssertionError(f"{color} has legal moves but no firm owns a piece that can make them")


def _call(
    draft: Draft,
    color: str,
    firm: int,
    round_start: int,
    declined: list[int],
    *,
    must_move: bool,
    mode: CallMode = "normal",
) -> None:
    draft.emit(
        "called",
        color=color,
        firm=firm,
        must_move=must_move,
        takeover=TAKEOVER_STEP[mode],
        round_start=round_start,
        declined=declined,
    )


def move(draft: Draft, command: Json) -> None:
    """A director's move: on call, not too early, legal, with the firm's own piece."""
    state = draft.state
    call = on_call(state)
    firm = _firm_on_call(state, command, call)
    require_firm(state, command.get("by"), firm)
    if draft.now < state.min_move_at:
        wait = wait_seconds(state.min_move_at, draft.now)
        raise Refused("too_early", f"Too early: wait {wait} more seconds.", wait=wait)
    chosen = _parse(state, command.get("move"), call)
    make_move(draft, call, chosen, auto=False)


def _firm_on_call(state: ExchangeState, command: Json, call: Call) -> int:
    firm = firm_field(command)
    if firm != call.firm:
        raise Refused(
            "not_on_call",
            f"Firm {call.firm} is on call, not firm {firm}.",
            on_call=call.firm,
            firm=firm,
        )
    return firm


def _parse(state: ExchangeState, text: object, call: Call) -> Move:
    if not isinstance(text, str):
        raise Refused(
            "bad_command", "'move' must be a move like 'c3-d4' or 'c3:e5:g3'.", reason="move"
        )
    allowed = _allowed(state, call)
    try:
        chosen = state.board.parse_move(text)
    except NotationError as exc:
        legal = [str(m) for m in allowed]
        raise Refused("bad_notation", f"{exc}.", move=text, legal=legal) from None
    except IllegalMoveError:
        legal = [str(m) for m in allowed]
        raise Refused(
            "illegal_move",
            f"{text} is not legal; legal moves: {', '.join(legal)}.",
            move=text,
            legal=legal,
        ) from None
    if chosen not in allowed:
        legal = [str(m) for m in allowed]
        raise Refused(
            "not_your_piece",
            f"{text} moves a piece firm {call.firm} may not move now; "
            f"its legal moves: {', '.join(legal)}.",
            move=text,
            firm=call.firm,
            legal=legal,
        )
    return chosen


def _allowed(state: ExchangeState, call: Call) -> list[Move]:
    if call.mode == "late_colour":
        return state.board.legal_moves
    return firm_moves(state, call.firm)


def legal_for_call(state: ExchangeState) -> list[str]:
    """The moves the firm on call may make now (empty when nobody is on call)."""
    if state.phase != "board" or state.call is None:
        return []
    return [str(m) for m in _allowed(state, state.call)]


def make_move(draft: Draft, call: Call, chosen: Move, *, auto: bool) -> None:
    """Emit a real move, its capture rewards, and hand the call on."""
    state = draft.state
    board = state.board
    piece = board.mover_id(chosen)
    owner = state.firm_of_piece(piece)
    taken = [
        (pid, board.piece_at(sq))
        for pid, sq in zip(board.taken_ids(chosen), chosen.taken, strict=True)
    ]
    draft.emit(
        "moved",
        firm=call.firm,
        color=board.turn,
        move=notation(board, chosen),
        piece=piece,
        piece_firm=owner,
        taken=[pid for pid, _ in taken],
        crowned=chosen.crowns,
        takeover=call.takeover,
        auto=auto,
    )
    if owner is not None:
        _reward_captures(draft, owner, [(pid, bool(p and p.king)) for pid, p in taken])
    _after_move(draft, call)


def _reward_captures(draft: Draft, firm: int, taken: list[tuple[str | None, bool]]) -> None:
    state = draft.state
    rules = state.ruleset
    by_victim: dict[int, list[str]] = {}
    amounts: dict[int, int] = {}
    for pid, king in taken:
        victim = state.firm_of_piece(pid)
        if victim is None or pid is None:
            continue
        by_victim.setdefault(victim, []).append(pid)
        amounts[victim] = amounts.get(victim, 0) + (
            rules.capture_king if king else rules.capture_man
        )
    for victim, pieces in sorted(by_victim.items()):
        amount, payer = amounts[victim], MARKET
        if rules.capture_paid_by == "victim":
            payer = "victim"
            amount = min(amount, state.ledger.free(firm_account(victim), CASH))
        if amount:
            draft.emit(
                "capture_rewarded",
                firm=firm,
                victim=victim,
                pieces=pieces,
                amount=amount,
                payer=payer,
            )


def _after_move(draft: Draft, call: Call) -> None:
    state = draft.state
    if _decided(draft):
        return
    if call.mode == "late_colour":
        own = color_of(call.firm)
        seek(draft, own, state.ruleset.order[own].index(call.firm), fresh=True, takeover=True)
        return
    if state.moves_this_year >= state.ruleset.moves_per_year:
        return
    color = state.board.turn
    seek(draft, color, state.pointers[color], fresh=True)


def _decided(draft: Draft) -> bool:
    state = draft.state
    outcome = state.board.outcome()
    if outcome is None:
        return False
    draft.emit("board_decided", winner=outcome.winner, reason=outcome.reason)
    if outcome.winner is not None and state.ruleset.board_win_bonus:
        winners = [n for n in state.firms if (n in WHITE_FIRMS) == (outcome.winner == "white")]
        for firm in winners:
            draft.emit("bonus_paid", firm=firm, amount=state.ruleset.board_win_bonus)
    return True


def pass_call(draft: Draft, command: Json) -> None:
    """A voluntary pass: the call goes to the next firm of the colour."""
    state = draft.state
    call = on_call(state)
    firm = _firm_on_call(state, command, call)
    require_firm(state, command.get("by"), firm)
    if call.must_move:
        raise Refused("must_move", f"Firm {firm} must move now; it may not pass.", firm=firm)
    if state.board.has_capture():
        raise Refused("must_capture", f"Firm {firm} has a capture and must take.", firm=firm)
    draft.emit("passed", firm=firm, color=call.color, forced=False, reason="declined")
    order = state.ruleset.order[call.color]
    seek(draft, call.color, (order.index(firm) + 1) % len(order), fresh=False)


def timeout(draft: Draft) -> None:
    """The move deadline passed: a takeover starts, or the robot moves for the late firm."""
    state = draft.state
    call = state.call
    if call is None:
        return
    if call.mode == "normal":
        taker_color = other(call.color)
        taker = state.ruleset.order[taker_color][state.pointers[taker_color]]
        draft.emit("timed_out", firm=call.firm, color=call.color, takeover_firm=taker)
        return
    allowed = _allowed(state, call)
    chosen = draft.autoplay(state.board.copy(), allowed, call.firm)
    if chosen not in allowed:
        chosen = allowed[0]
    make_move(draft, call, chosen, auto=True)
