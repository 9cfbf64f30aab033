"""The year (§4) as a phase table: board → accounts and dividends → session → meeting
calls → meetings → taxes → next year, the opening session, and the end (§8).

Each row of :data:`TABLE` says what happens as a phase opens, the ruleset parameter
its deadline comes from, when it closes by itself, what its deadline does, what
happens as it closes and which phase comes next. :func:`advance` runs after every
command and every deadline: it closes any phase whose work is done and opens the
next. With ``wait_for_host`` every phase change first waits for the host's
``continue`` (``waiting_for_host``), and the next phase's clock starts then.

>>> [row.phase for row in TABLE.values()]
['board', 'dividends', 'exchange', 'meeting_calls', 'meetings', 'taxes']
>>> TABLE["exchange"].clock, TABLE["board"].clock
('session_s', 'move_max_s')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boardroom.games.exchange import meetings, trading, turns
from boardroom.games.exchange.draft import Draft
from boardroom.games.exchange.ledger import CASH, STATE, firm_account
from boardroom.games.exchange.refusals import require_host
from boardroom.games.exchange.settlement_run import settle
from boardroom.games.exchange.state import PHASES, ExchangeState, Phase
from boardroom.kernel import Json, Refused

Action = Callable[[Draft], None]


def _nothing(draft: Draft) -> None:
    """A phase with nothing to do at this step."""


def _never(state: ExchangeState) -> bool:
    return False


def _always(state: ExchangeState) -> bool:
    return True


@dataclass(frozen=True)
class PhaseRow:
    """One phase of the year: what opens it, what closes it, its deadline, what follows."""

    phase: Phase
    opens: Action
    """What happens as the phase opens (after its ``phase_changed``)."""
    clock: str | None
    """The ruleset parameter of its deadline (seconds from its start), or None."""
    done: Callable[[ExchangeState], bool]
    """The phase closes by itself once this holds."""
    on_deadline: Action
    """What its deadline does (close the phase, or the board's timeout takeover)."""
    closes: Action
    """What happens as it closes."""
    then: Callable[[ExchangeState], Phase]
    """The phase that follows it."""


# --- what the phases do -------------------------------------------------------------------------


def _accounts(draft: Draft) -> None:
    """Year-end accounts and dividends."""
    _credit_income(draft)
    _reserve_taxes(draft)
    _pay_dividends(draft)


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


def _taxes(draft: Draft) -> None:
    """Firms pay the taxes reserved for them; the State pays its officials; the year ends."""
    state = draft.state
    _settle_taxes(draft)
    for official in state.officials:
        salary = min(state.ruleset.official_salary, state.ledger.free(STATE, CASH))
        if salary:
            draft.emit("salary_paid", player=official, amount=salary)
    draft.emit("year_closed", year=state.year)


def _settle_taxes(draft: Draft) -> None:
    for number, firm in sorted(draft.state.firms.items()):
        if firm.tax_due:
            draft.emit("taxes_paid", firm=number, amount=firm.tax_due)


def _after_session(state: ExchangeState) -> Phase:
    if state.opening:
        return "board"
    if state.meeting_calls:
        return "meetings"
    return "meeting_calls" if state.ruleset.meeting_call_window_s else "taxes"


def _after_calls(state: ExchangeState) -> Phase:
    return "meetings" if state.meeting_calls else "taxes"


def _after_taxes(state: ExchangeState) -> Phase:
    over = state.year >= state.ruleset.years or state.board_result is not None
    return "ended" if over else "board"


def _board_done(state: ExchangeState) -> bool:
    return state.call is None


def _called(state: ExchangeState) -> bool:
    return bool(state.meeting_calls)


def _close_meetings(draft: Draft) -> None:
    meetings.close_meetings(draft)


def _close(draft: Draft) -> None:
    """Close the current phase and go on to the next."""
    row = TABLE[draft.state.phase]
    row.closes(draft)
    go(draft, row.then(draft.state))


def _then(phase: Phase) -> Callable[[ExchangeState], Phase]:
    return lambda state: phase


_ROWS = (
    # phase, what it opens with, its clock (deadline), when it closes by itself,
    #   what its deadline does, what happens as it closes, the phase after it
    PhaseRow("board", turns.open_board, "move_max_s", _board_done,
             turns.timeout, _nothing, _then("dividends")),
    PhaseRow("dividends", _accounts, None, _always,
             _nothing, _nothing, _then("exchange")),
    PhaseRow("exchange", trading.privatize, "session_s", _never,
             _close, trading.close_session, _after_session),
    PhaseRow("meeting_calls", _nothing, "meeting_call_window_s", _called,
             _close, _nothing, _after_calls),
    PhaseRow("meetings", _nothing, "meeting_s", _never,
             _close, _close_meetings, _then("taxes")),
    PhaseRow("taxes", _taxes, None, _always,
             _nothing, _nothing, _after_taxes),
)  # fmt: skip
TABLE: dict[Phase, PhaseRow] = {row.phase: row for row in _ROWS}
assert set(TABLE) == set(PHASES) - {"setup", "ended"}


# --- the flow -------------------------------------------------------------------------------------


def go(draft: Draft, phase: Phase) -> None:
    """Change to ``phase`` now, or wait for the host's ``continue`` (``wait_for_host``)."""
    if draft.state.ruleset.wait_for_host:
        draft.emit("waiting_for_host", next=phase, year=draft.state.year)
    else:
        enter(draft, phase)


def enter(draft: Draft, phase: Phase) -> None:
    """Open ``phase``: its ``phase_changed`` (with its deadline from now), then its work."""
    state = draft.state
    if phase == "ended":
        end_game(draft, "board_decided" if state.board_result is not None else "years_done")
        return
    row = TABLE[phase]
    rules = state.ruleset
    deadline = None if row.clock is None else draft.now + rules.scaled(getattr(rules, row.clock))
    year = state.year + 1 if phase == "board" else state.year
    extra: dict[str, Any] = {"opening": year == 0} if phase == "exchange" else {}
    draft.emit("phase_changed", phase=phase, year=year, deadline=deadline, **extra)
    row.opens(draft)


def advance(draft: Draft) -> None:
    """Close every phase whose work is done and open the next (not while paused or waiting)."""
    state = draft.state
    while state.paused_at is None and state.waiting is None:
        row = TABLE.get(state.phase)
        if row is None or not row.done(state):
            return
        _close(draft)


def fire_deadline(draft: Draft) -> None:
    """What happens when the current deadline passes."""
    row = TABLE.get(draft.state.phase)
    if row is not None:
        row.on_deadline(draft)


def end_game(draft: Draft, reason: str) -> None:
    """The end: open orders expire, taxes due are paid, everyone settles."""
    state = draft.state
    if any(book.orders() for book in state.books.values()):
        trading.close_session(draft)
    _settle_taxes(draft)
    settle(draft, reason)


# --- the host's commands --------------------------------------------------------------------------


def start(draft: Draft, command: Json) -> None:
    """The host starts the game: the opening session, or year 1 on the board."""
    require_host(command)
    if draft.state.started:
        raise Refused("already_started", "The game has already started.")
    draft.emit("game_started")
    go(draft, "exchange" if draft.state.ruleset.opening_session else "board")


def continue_game(draft: Draft, command: Json) -> None:
    """The host's ``continue``: the phase the game waits for opens, its clock starts now."""
    require_host(command)
    state = draft.state
    _require_running(state)
    if state.paused_at is not None:
        raise Refused("paused", "The game is paused; resume it first.")
    waiting = state.waiting
    if waiting is None:
        raise Refused("not_waiting", "The game is not waiting for the host.")
    draft.emit("continued", next=waiting, year=state.year)
    enter(draft, waiting)


def _require_not_waiting(state: ExchangeState) -> None:
    if state.waiting is not None:
        raise Refused(
            "waiting_for_host",
            f"The game waits for the host to continue to the {state.waiting} phase.",
            next=state.waiting,
        )


def end_phase(draft: Draft, command: Json) -> None:
    """The host ends the current phase early."""
    require_host(command)
    state = draft.state
    _require_not_waiting(state)
    if state.phase == "board":
        draft.emit("board_closed", reason="host")
    elif state.phase in ("exchange", "meeting_calls", "meetings"):
        _close(draft)
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
    """The host gives the current phase (or the move on call) more time.

    An ``extend`` naming the ``phase`` (and ``year``) it is meant for is refused
    (``stale_phase``) once that phase is over, so it never lands on the next one.
    """
    require_host(command)
    state = draft.state
    _require_running(state)
    _require_target(state, command)
    _require_not_waiting(state)
    if state.deadline is None:
        raise Refused(
            "wrong_phase",
            f"The {state.phase} phase has no deadline to extend.",
            reason="no_deadline",
            phase=state.phase,
        )
    draft.emit("extended", seconds=command["seconds"], deadline=state.deadline + command["seconds"])


def _require_target(state: ExchangeState, command: Json) -> None:
    phase, year = command.get("phase", state.phase), command.get("year", state.year)
    if phase != state.phase or year != state.year:
        raise Refused(
            "stale_phase",
            f"The extension was meant for the {phase} phase of year {year}, which is over; "
            f"now: the {state.phase} phase of year {state.year}.",
            phase=phase,
            year=year,
        )


def _require_running(state: ExchangeState) -> None:
    if not state.started or state.phase == "ended":
        raise Refused("wrong_phase", "The game is not running.", reason="not_running")
