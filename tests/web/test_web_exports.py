"""The downloads are made from the asking seat's own view: nothing it may not see."""

from __future__ import annotations

import re

from boardroom.bots.random_exchange import play_random_game
from boardroom.draughts import EXCHANGE, pdn
from boardroom.games import rules_for
from boardroom.games.exchange.kind import demo as exchange_demo
from boardroom.i18n import plural_category
from boardroom.web import exports
from boardroom.web.pages import pick_language


def played() -> tuple[dict[str, object], dict[str, object]]:
    game = play_random_game(exchange_demo(4), 3)
    rules = rules_for("exchange")
    return rules.view(game.journal.state, "host"), rules.view(game.journal.state, "p1")


def test_csv_of_a_player_names_only_their_own_side() -> None:
    host, player = played()
    names = {f"p{n}": f"Player {n}" for n in range(1, 5)}
    everything = exports.trades_csv(host["events"], names, "en").splitlines()  # type: ignore[arg-type]
    mine = exports.trades_csv(player["events"], names, "en").splitlines()  # type: ignore[arg-type]
    assert len(everything) == len(mine) > 1
    firms: dict[str, dict[str, object]] = host["firms"]  # type: ignore[assignment]
    own = {"", "Player 1"} | {f"Firm {n}" for n, f in firms.items() if f["director"] == "p1"}
    for row in mine[1:]:
        buyer, seller = row.split(",")[5:7]
        assert {buyer, seller} <= own, row
    assert any("Player 2" in row for row in everything[1:])
    ledger = exports.ledger_csv(player["events"], names, "en").splitlines()  # type: ignore[arg-type]
    dividends = [row.split(",") for row in ledger if ",dividends," in row]
    assert dividends and all(row[4] in own for row in dividends)
    assert "settlement" in exports.ledger_csv(host["events"], names, "en")  # type: ignore[arg-type]


def test_pdn_replays_the_board_game() -> None:
    host, _ = played()
    text = exports.exchange_pdn(host, {"Round": "t"})
    games = pdn.read(text)
    assert len(games) == 1
    moves = [e["move"] for e in host["events"] if e["type"] == "moved"]  # type: ignore[attr-defined]
    assert len(games[0].moves) == len(moves)
    assert games[0].board(EXCHANGE).fen() == host["position"]


def test_a_formula_in_a_name_is_not_run_by_a_spreadsheet() -> None:
    events = [{"type": "trade", "stock": 1, "price": 2, "qty": 3, "at": 1, "buyer": "p1"}]
    text = exports.trades_csv(events, {"p1": "=HYPERLINK(1)"})
    assert "'=HYPERLINK(1)" in text


def test_language_from_the_browser() -> None:
    assert pick_language("ru") == "ru"
    assert pick_language("en-US,en;q=0.9") == "en"
    assert pick_language("uk-UA,ru;q=0.8,en;q=0.7") == "ru"
    assert pick_language("fr-FR") == "en"


def test_downloads_in_russian_name_people_firms_and_count_shares() -> None:
    host, _ = played()
    names = {"p1": "Аня", "p2": "Александра Соколова", "p3": "Борис", "p4": "Вика"}
    events: list[dict[str, object]] = host["events"]  # type: ignore[assignment]
    trades = exports.trades_csv(events, names, "ru").splitlines()
    assert trades[0] == "\ufeffвремя;год;акция;количество;цена;покупатель;продавец"
    ledger = exports.ledger_csv(events, names, "ru")
    assert ledger.splitlines()[0] == "\ufeffвремя;год;событие;от кого;кому;что;сколько;примечание"
    for text in (*trades[1:], ledger):
        assert not re.search(r"\bp\d\b|firm:\d|\bState\b|\bbuys\b|\bcash\b", text), text
        assert not re.search(r"^\d+\.\d+;", text, re.M), "times are minutes and seconds"
    assert re.search(r"^\d+:\d\d(?:\.\d)?;", trades[1])
    assert "Фирма " in "".join(trades[1:]) and "деньги" in ledger
    sold = {int(str(e["qty"])) for e in events if e.get("type") == "trade"}
    for qty in sold:
        word = {"one": "акция", "few": "акции", "many": "акций"}[plural_category(qty, "ru")]
        assert re.search(rf"покупка: {qty} {word} фирмы \d", ledger), (qty, word)
    pdn_text = exports.exchange_pdn(host, {"Round": "t"}, "ru")
    assert '[White "Фирмы 1–4 (белые)"]' in pdn_text and "Биржевые шашки" in pdn_text


def test_english_words_for_the_same_downloads() -> None:
    events = [
        {"type": "phase_changed", "phase": "exchange", "year": 2, "at": 0},
        {"type": "trade", "stock": 4, "price": 9, "qty": 1, "at": 125, "buyer": "p1"},
        {"type": "taxes_paid", "firm": 4, "amount": 30, "at": 130},
    ]
    ledger = exports.ledger_csv(events, {"p1": "Anna"}, "en").splitlines()
    assert ledger[1] == "2:05,2,trade,Anna,?,cash,9,buys 1 share of firm 4"
    assert ledger[3] == "2:10,2,taxes,Firm 4,The State,cash,30,tax"
