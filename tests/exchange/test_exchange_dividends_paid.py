"""What a year end paid, as the class reads it: the xlsx «Годы» sheet and the view every seat
gets give the dividends declared (D) and paid (⌊D/20⌋ a share times the shares held), the
paid figure equal to the ledger's; a firm whose D < 20 pays nothing."""

from __future__ import annotations

from exchange_helpers import do, started
from test_exchange_year import DIVIDEND_GAME

from boardroom.games.exchange import RULES
from boardroom.web.exports import ledger_sheet, years_sheet


def test_the_years_sheet_and_every_view_give_what_was_paid_by_hand() -> None:
    game = started(**DIVIDEND_GAME)
    before = {acc: game.state.ledger.balance(acc, "cash") for acc in ("p1", "state")}
    do(game, 1, "move", "p1", firm=1, move="c3:e5")
    # Firm 1: E = 53, T = 10, D = ⌊0.5·43⌋ = 21 → 1 a share × 20 shares held = 20 paid, 1 kept.
    # Firm 6: E = 11, T = 2, D = 4 < 20 → 0 a share, nothing paid. (Firm 5 lost its man.)
    received = {acc: game.state.ledger.balance(acc, "cash") - before[acc] for acc in before}
    assert received == {"p1": 5, "state": 15}
    for seat in ("host", "projector", "p2"):
        view = RULES.view(game.state, seat)
        paid = {e["firm"]: e for e in view["events"] if e["type"] == "dividend_paid"}
        assert (paid[1]["dividend"], paid[1]["per_share"]) == (21, 1)
        sheet = years_sheet(view["events"], "ru")
        assert sheet.title == "Годы"
        assert sheet.columns[4:7] == [
            "дивиденды объявлены",
            "выплачено на акцию",
            "выплачено акционерам",
        ]
        rows = {row[1]: row[2:7] for row in sheet.rows}
        assert rows["Фирма 1"] == [53, 10, 21, 1, 20], seat
        assert rows["Фирма 6"] == [11, 2, 4, 0, 0], seat
    host = RULES.view(game.state, "host")
    ledger = ledger_sheet(host["events"], host["players"], "ru")
    # columns: time, year, event, from, to, asset, amount, note
    moved = sum(row[6] for row in ledger.rows if row[7] == "дивиденды" and isinstance(row[6], int))
    assert moved == 20 == sum(received.values())
