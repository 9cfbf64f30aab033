"""The year (§4): board → accounts and dividends → session → meeting calls → meetings
→ taxes → next year, the opening session, the deadlines, and the end (§8).

:func:`advance` is called after every command: it moves the flow on from any
phase that has nothing left to do (the board once its moves are made, the
meeting-call window once a meeting is called).
"""

from __future__ import annotations

from boardroom.games.exchange import meetings, trading, turns
from boardroom.games.exchange.draft import Draft
from boardroom.games.exchange.ledger import CASH, STATE, firm_account
from boardroom.games.exchange.refusals import require_host
from boardroom.games.exchange.settlement_run import settle
from boardroom.games.exchange.state import ExchangeState
from boardroom.kernel import Json, Refused


def start(draft: Draft, command: Json) -> None:
    """The host starts the game: the opening session, or year 1 on the board."""
    require_host(command)
    if draft.state.started:
        raise Refused("already_started", "The game has already started.")
    draft.emit("game_started")
    if draft.state.ruleset.opening_session:
        open_session(draft, opening=True)
    else:
        begin_year(draft, 1)


def begin_year(draft: Draft, year: int) -> None:
    """The directors are called to the board."""
    rules = draft.state.ruleset
    draft.emit(
        "phase_changed",
        phase="board",
        year=year,
        deadline=draft.now + rules.scaled(rules.move_max_s),
    )
    turns.open_board(draft)


def open_session(draft: Draft, *, opening: bool = False) -> None:
    state = draft.state
    deadline = draft.now + state.ruleset.scaled(state.ruleset.session_s)
    draft.emit(
        "phase_changed", phase="exchange", year=state.year, deadline=deadline, opening=opening
    )
    trading.privatize(draft)


def finish_board(draft: Draft) -> None:
    """Year-end accounts and dividends, then the session opens."""
    draft.emit("phase_changed", phase="dividends", year=draft.state.year, deadline=None)
    _credit_income(draft)
    _reserve_taxes(draft)
    _pay_dividends(draft)
    open_session(draft)


def _credit_income(draft: Draft) -> None:
    state = draft.state
    rules = state.ruleset
    for firm in sorted(state.firms):
        own = [p for p in state.board.pieces() if state.firm_of_piece(p.id) == firm]
        kings = sum(p.king for p in own)
        men = len(own) - kings
        amount = men * rules.income_man + kings * rules.income_king
        draft.emit("income_credited", firm=firm, men=men, kings=kings, amount=amount)


def _reserve_taxes(draft: Draft) -> None:
    state = draft.state
    for number, firm in sorted(state.firms.items()):
        tax = state.ruleset.tax_rate * max(firm.earnings, 0) // 100
        tax = min(tax, state.ledger.free(firm_account(number), CASH))
        if tax:
            draft.emit("tax_reserved", firm=number, amount=tax)


def _pay_dividends(draft: Draft) -> None:
    """Each firm pays ⌊payout·(E−T)⌋, ⌊D/S⌋ a share, as far as its free cash goes."""
    state = draft.state
    shares = state.ruleset.shares_per_firm
    plans = []
    for number, firm in sorted(state.firms.items()):
        after_tax = firm.earnings - firm.tax_due
        dividend = firm.payout * after_tax // 100 if after_tax > 0 else 0
        affordable = state.ledger.free(firm_account(number), CASH) // shares
        plans.append(
            (number, firm.earnings, firm.tax_due, dividend, min(dividend // shares, affordable))
        )
    for number, earnings, tax, dividend, per_share in plans:
        payments = {
            holder: per_share * count for holder, count in state.ledger.holders(number).items()
        }
        draft.emit(
            "dividend_paid",
            firm=number,
            earnings=earnings,
            tax=tax,
            dividend=dividend,
            per_share=per_share,
            payments=payments if per_share else {},
        )


def close_session(draft: Draft) -> None:
    """The session ends: orders expire; meetings, the call window, or the next year."""
    state = draft.state
    trading.close_session(draft)
    if state.opening:
        begin_year(draft, 1)
    elif state.meeting_calls:
        open_meetings(draft)
    elif state.ruleset.meeting_call_window_s:
        window = state.ruleset.scaled(state.ruleset.meeting_call_window_s)
        draft.emit(
            "phase_changed", phase="meeting_calls", year=state.year, deadline=draft.now + window
        )
    else:
        pay_taxes(draft)


def open_meetings(draft: Draft) -> None:
    rules = draft.state.ruleset
    deadline = draft.now + rules.scaled(rules.meeting_s)
    draft.emit("phase_changed", phase="meetings", year=draft.state.year, deadline=deadline)


def close_meetings(draft: Draft) -> None:
    meetings.close_meetings(draft)
    pay_taxes(draft)


def pay_taxes(draft: Draft) -> None:
    """Firms pay the taxes reserved for them; the State pays its officials."""
    state = draft.state
    draft.emit("phase_changed", phase="taxes", year=state.year, deadline=None)
    _settle_taxes(draft)
    for official in state.officials:
        salary = min(state.ruleset.official_salary, state.ledger.free(STATE, CASH))
        if salary:
            draft.emit("salary_paid", player=official, amount=salary)
    draft.emit("year_closed", year=state.year)
    if state.year >= state.ruleset.years or state.board_result is not None:
        reason = "board_decided" if state.board_result is not None else "years_done"
        end_game(draft, reason)
    else:
        begin_year(draft, state.year + 1)


def _settle_taxes(draft: Draft) -> None:
    for number, firm in sorted(draft.state.firms.items()):
        if firm.tax_due:
            draft.emit("taxes_paid", firm=number, amount=firm.tax_due)


def end_game(draft: Draft, reason: str) -> None:
    """The end: open orders expire, taxes due are paid, everyone settles."""
    state = draft.state
    if any(book.orders() for book in state.books.values()):
        trading.close_session(draft)
    _settle_taxes(draft)
    settle(draft, reason)


def fire_deadline(draft: Draft) -> None:
    """What happens when the current deadline passes."""
    phase = draft.state.phase
    if phase == "board":
        turns.timeout(draft)
    elif phase == "exchange":
        close_session(draft)
    elif phase == "meeting_calls":
        pay_taxes(draft)
    elif phase == "meetings":
        close_meetings(draft)


def advance(draft: Draft) -> None:
    """Move on from a phase with nothing left to do."""
    state = draft.state
    if state.paused_at is not None:
        return
    if state.phase == "board" and state.call is None:
        finish_board(draft)
    elif state.phase == "meeting_calls" and state.meeting_calls:
        open_meetings(draft)


def end_phase(draft: Draft, command: Json) -> None:
    """The host ends the current phase early."""
    require_host(command)
    state = draft.state
    if state.phase == "board":
        draft.emit("board_closed", reason="host")
    elif state.phase in ("exchange", "meeting_calls", "meetings"):
        fire_deadline(draft)
    else:
        raise Refused(
            "wrong_phase",
            f"The {state.phase} phase cannot be ended now.",
            reason="cannot_end",
            phase=state.phase,
        )


def end_game_command(draft: Draft, command: Json) -> None:
    """The host ends the game: everything settles now."""
    require_host(command)
    if draft.state.phase == "ended":
        raise Refused("wrong_phase", "The game has already ended.", reason="ended")
    end_game(draft, "host")


def pause(draft: Draft, command: Json) -> None:
    require_host(command)
    _require_running(draft.state)
    if draft.state.paused_at is not None:
        raise Refused("paused", "The game is already paused.", reason="already")
    draft.emit("paused")


def resume(draft: Draft, command: Json) -> None:
    require_host(command)
    paused_at = draft.state.paused_at
    if paused_at is None:
        raise Refused("not_paused", "The game is not paused.")
    draft.emit("resumed", paused_for=draft.now - paused_at)


def extend(draft: Draft, command: Json) -> None:
    """The host gives the current phase (or the move on call) more time."""
    require_host(command)
    state = draft.state
    _require_running(state)
    if state.deadline is None:
        raise Refused(
            "wrong_phase",
            f"The {state.phase} phase has no deadline to extend.",
            reason="no_deadline",
            phase=state.phase,
        )
    draft.emit("extended", seconds=command["seconds"], deadline=state.deadline + command["seconds"])


def _require_running(state: ExchangeState) -> None:
    if not state.started or state.phase == "ended":
        raise Refused("wrong_phase", "The game is not running.", reason="not_running")
