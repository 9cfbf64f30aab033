"""The per-pupil report of a scripted Exchange game, checked by hand, and every download
read back as a teacher's Excel reads it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from exchange_helpers import do, started, tick
from support.sheets import open_downloads
from test_exchange_meetings import TAKEOVER, to_meetings

from boardroom.games.exchange.report import PupilRow, pupil_report
from boardroom.kernel import Journal, Json

NAMES = {"p1": "Аня Ёлкина", "p9": "Борис", **{f"p{n}": f"Ученик {n}" for n in range(2, 9)}}


def played() -> Journal[Any]:
    """Nine players, player K directing firm K (p9 none). p9 buys the State's lot of 11
    shares of firm 1 at 10, calls a meeting of firm 1, wins it against p1 (11 votes to
    9) and moves for the firm; the host ends the game."""
    game = started(players=9, privatization_lot=11, **TAKEOVER)
    for player, name in NAMES.items():
        game.state.players[player] = name
    do(game, 1, "order", "p9", account="p9", stock=1, side="buy", qty=11, price=10)
    to_meetings(game)
    do(game, 1240, "nominate", "p9", firm=1, candidate="p9")
    do(game, 1241, "vote", "p9", firm=1, holder="p9", director="p9", payout=80)
    do(game, 1242, "vote", "p1", firm=1, holder="p1", director="p1", payout=20)
    do(game, 1243, "vote", "host", firm=1, holder="state", director="p1", payout=50)
    tick(game, game.state.deadline)
    do(game, 1532, "move", "p9", firm=1, move="a3-b4")
    do(game, 1600, "end_game")
    return game


def view(game: Journal[Any], viewer: str = "host") -> Json:
    result: Json = game.rules.view(game.state, viewer)
    return result


def test_the_report_by_hand() -> None:
    game = played()
    rows = {row.player: row for row in pupil_report(view(game))}
    # Starting worth: 200 cash, plus 5 shares of their own firm at the nominal 10 for p1-p8.
    # p9 paid 11 x 10 = 110 and holds 11 shares of firm 1 when the game is settled.
    # Firm 1 is settled at 46/5 a share: p9's 11 shares pay 101 (whole money, rounded down).
    per_share = next(f for f in view(game)["results"]["firms"] if f["firm"] == 1)["per_share"]
    assert per_share == "46/5"
    p9_wealth = 200 - 110 + 101
    assert rows["p9"] == PupilRow("p9", "Борис", (1,), p9_wealth, p9_wealth - 200, 9, 1, 1, 1, 1)
    assert rows["p1"].firms == () and rows["p1"].takeovers == 0
    wealth = rows["p1"].wealth
    assert wealth is not None and rows["p1"].gain == wealth - 250
    assert (rows["p1"].trades, rows["p1"].meetings_called, rows["p1"].meetings_won) == (0, 0, 0)
    others = [rows[f"p{n}"] for n in range(1, 9)]
    assert {(r.wealth, r.rank) for r in others} == {(others[0].wealth, 1)}  # all alike, 1st
    assert wealth > p9_wealth
    assert [r.firms for r in others[1:]] == [(n,) for n in range(2, 9)]


def test_a_player_sees_only_their_own_trades_and_calls() -> None:
    game = played()
    seen = {row.player: row for row in pupil_report(view(game, "p1"))}
    assert (seen["p1"].trades, seen["p9"].trades, seen["p9"].meetings_called) == (0, None, None)
    assert seen["p9"].takeovers == 1  # a meeting's outcome is public
    mine = {row.player: row for row in pupil_report(view(game, "p9"))}
    assert (mine["p9"].trades, mine["p9"].meetings_called, mine["p9"].meetings_won) == (1, 1, 1)


def test_every_download_opens_in_excel_with_names_and_numbers() -> None:
    game = played()
    opened = open_downloads("exchange", view(game), "ru")
    assert set(opened.sheets) == {"Ученики", "Сделки", "Проводки", "Годы"}
    years = opened.sheets["Годы"]
    assert years[0] == [
        "год",
        "фирма",
        "доход",
        "налог",
        "дивиденды объявлены",
        "выплачено на акцию",
        "выплачено акционерам",
        "цена закрытия",
    ]
    # Firm 1 in year 1: 3 men earn 30, the tax is 20 % (6), the payout 50 % of 24 (12), which
    # is 0 a share over 20 shares (whole money): nothing paid; no trade: it closes at 10.
    assert [0, "Фирма 1", None, None, None, None, None, 10] in years
    assert [1, "Фирма 1", 30, 6, 12, 0, 0, 10] in years
    assert len(years) == 1 + 2 * 8
    pupils = opened.sheets["Ученики"]
    assert pupils[0] == [
        "место",
        "имя",
        "управляет фирмами",
        "итоговое богатство",
        "прирост",
        "сделки",
        "созвал собраний",
        "выиграл собраний",
        "перехватил фирм",
    ]
    boris = next(row for row in pupils if row[1] == "Борис")
    assert boris[0] == 9 and boris[2] == "1" and boris[5:] == [1, 1, 1, 1]
    assert all(isinstance(cell, int) for row in pupils[1:] for cell in (row[0], *row[3:]))
    assert "Аня Ёлкина" in [row[1] for row in pupils]
    trades = opened.sheets["Сделки"]
    assert trades[1][1:] == [0, "Фирма 1", 11, 10, "Борис", "Государство"]
    assert isinstance(trades[1][0], timedelta)
    ledger = opened.sheets["Проводки"]
    assert all(isinstance(row[6], int) for row in ledger[1:])
    assert ["Борис", "Государство", "деньги", 110] in [row[3:7] for row in ledger]
    csv_pupils = opened.csvs["pupils.csv"]
    assert csv_pupils[0] == pupils[0]
    row = next(r for r in csv_pupils if r[1] == "Борис")
    assert [int(c) for c in (row[0], *row[3:])] == [9, *boris[3:]]
    csv_trades = opened.csvs["trades.csv"]
    assert csv_trades[1][1:] == ["0", "Фирма 1", "11", "10", "Борис", "Государство"]
    assert any(
        r[3:7] == ["Борис", "Государство", "деньги", "110"] for r in opened.csvs["ledger.csv"]
    )
    assert "[Event" in opened.pdn
