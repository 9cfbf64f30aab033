"""The downloads are made from the asking seat's own view: nothing it may not see."""

from __future__ import annotations

from boardroom.bots.random_exchange import play_random_game
from boardroom.draughts import EXCHANGE, pdn
from boardroom.games import rules_for
from boardroom.games.exchange.kind import demo as exchange_demo
from boardroom.web import exports
from boardroom.web.pages import pick_language


def played() -> tuple[dict[str, object], dict[str, object]]:
    game = play_random_game(exchange_demo(4), 3)
    rules = rules_for("exchange")
    return rules.view(game.journal.state, "host"), rules.view(game.journal.state, "p1")


def test_csv_of_a_player_names_only_their_own_side() -> None:
    host, player = played()
    names = {f"p{n}": f"Player {n}" for n in range(1, 5)}
    everything = exports.trades_csv(host["events"], names).splitlines()  # type: ignore[arg-type]
    mine = exports.trades_csv(player["events"], names).splitlines()  # type: ignore[arg-type]
    assert len(everything) == len(mine) > 1
    firms: dict[str, dict[str, object]] = host["firms"]  # type: ignore[assignment]
    own = {"", "Player 1"} | {f"firm {n}" for n, f in firms.items() if f["director"] == "p1"}
    for row in mine[1:]:
        buyer, seller = row.split(",")[5:7]
        assert {buyer, seller} <= own, row
    assert any("Player 2" in row for row in everything[1:])
    ledger = exports.ledger_csv(player["events"], names).splitlines()  # type: ignore[arg-type]
    dividends = [row.split(",") for row in ledger if ",dividend_paid," in row]
    assert dividends and all(row[4] in own for row in dividends)
    assert "settlement" in exports.ledger_csv(host["events"], names)  # type: ignore[arg-type]


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
