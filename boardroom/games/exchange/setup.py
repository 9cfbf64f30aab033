"""The setup line: roster, first directors, officials, ruleset → the initial state.

>>> state = initial_state({"game": "exchange", "seed": 7,
...     "players": [{"id": "p1", "name": "Anna"}], "directors": {"3": "p1"}})
>>> state.firms[3].director, state.ledger.balance("p1", 3), state.ledger.balance("state", 3)
('p1', 5, 15)
>>> state.board.piece_at("f2").id
'3.2'
>>> four = initial_state({"players": [{"id": f"p{n}", "name": n} for n in "1234"]})
>>> {n: f.director for n, f in four.firms.items()}
{1: 'p1', 2: 'p2', 3: 'p1', 4: 'p2', 5: 'p3', 6: 'p4', 7: 'p3', 8: 'p4'}
>>> initial_state({"players": [{"id": "host", "name": "H"}]})
Traceback (most recent call last):
...
boardroom.kernel.Refused: Player id 'host' is reserved; pick another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from boardroom.draughts import EXCHANGE, Board, FenError
from boardroom.games.exchange.book import Book
from boardroom.games.exchange.events import ownership_record
from boardroom.games.exchange.ledger import CASH, MARKET, STATE, Ledger, firm_account
from boardroom.games.exchange.ruleset import FIRMS, Ruleset, color_of, load_ruleset
from boardroom.games.exchange.state import ExchangeState, Firm
from boardroom.kernel import Json, Refused

RESERVED_IDS = frozenset({"host", "projector", STATE, MARKET})


def _bad(message: str) -> Refused:
    return Refused("bad_setup", message)


def _players(spec: Json) -> dict[str, str]:
    listed = spec.get("players", [])
    if not isinstance(listed, list):
        raise _bad('\'players\' must be a list of {"id", "name"} objects.')
    players: dict[str, str] = {}
    for entry in listed:
        if not isinstance(entry, Mapping) or not isinstance(entry.get("id"), str):
            raise _bad(f"Each player needs a text 'id'; got {entry!r}.")
        pid = entry["id"]
        if pid in RESERVED_IDS or pid.startswith("firm:") or not pid:
            raise _bad(f"Player id {pid!r} is reserved; pick another.")
        if not (pid.isascii() and pid.isprintable() and len(pid) <= 40):
            raise _bad(f"Player id {pid!r} must be up to 40 printable ASCII characters.")
        if pid in players:
            raise _bad(f"Player id {pid!r} appears twice.")
        name = entry.get("name", pid)
        players[pid] = name if isinstance(name, str) else pid
    return players


def default_directors(players: Sequence[str]) -> dict[int, str]:
    """The first directors when the host names none: nobody directs both colours.

    The first half of the list (rounded up) directs the white firms 1–4 in turn, the rest
    the black firms 5–8, so nobody plays against themselves and a timeout takeover (by the
    other colour) never hands a person their own late move. A lone player gets the white
    firms; beyond eight players some get no firm.

    >>> default_directors(["a", "b", "c"])
    {1: 'a', 2: 'b', 3: 'a', 4: 'b', 5: 'c', 6: 'c', 7: 'c', 8: 'c'}
    >>> default_directors(["a"])
    {1: 'a', 2: 'a', 3: 'a', 4: 'a'}
    >>> sorted(set(default_directors([str(n) for n in range(10)]).values()))
    ['0', '1', '2', '3', '5', '6', '7', '8']
    """
    half = (len(players) + 1) // 2
    white, black = list(players[:half]), list(players[half:])
    out: dict[int, str] = {}
    for firm in FIRMS:
        group, first = (white, 1) if color_of(firm) == "white" else (black, 5)
        if group:
            out[firm] = group[(firm - first) % len(group)]
    return out


def _directors(spec: Json, players: Mapping[str, str]) -> dict[int, str]:
    if "directors" not in spec:
        return default_directors(list(players))
    given = spec.get("directors", {})
    if not isinstance(given, Mapping):
        raise _bad("'directors' must map firm numbers to player ids.")
    directors: dict[int, str] = {}
    for key, pid in given.items():
        if not (str(key).isascii() and str(key).isdigit()) or int(key) not in FIRMS:
            raise _bad(f"'directors' names firm {key!r}; firms are numbered 1 to 8.")
        if pid not in players:
            raise _bad(f"Director of firm {key} is {pid!r}, who is not a player.")
        directors[int(key)] = pid
    return directors


def _officials(spec: Json, players: Mapping[str, str]) -> list[str]:
    listed = spec.get("officials", [])
    offices = [
        e["id"] for e in spec.get("players", []) if isinstance(e, Mapping) and e.get("office")
    ]
    if not isinstance(listed, list) or any(p not in players for p in listed):
        raise _bad("'officials' must list player ids.")
    return sorted(set(listed) | set(offices))


def initial_board(rules: Ruleset) -> Board:
    """The placement as a board with numbered pieces, white to move."""
    sides: dict[str, list[str]] = {"white": [], "black": []}
    ids: dict[str, str] = {}
    for firm, squares in sorted(rules.placement.items()):
        for number, square in enumerate(squares, start=1):
            sides[color_of(firm)].append(square)
            ids[square.removeprefix("K")] = f"{firm}.{number}"
    fen = f"W:W{','.join(sides['white'])}:B{','.join(sides['black'])}"
    try:
        return Board(fen, variant=EXCHANGE, ids=ids)
    except FenError as exc:
        raise Refused("bad_ruleset", f"The placement is not a position: {exc}.") from None


def _ledger(rules: Ruleset, players: Mapping[str, str], directors: Mapping[int, str]) -> Ledger:
    ledger = Ledger()
    for pid in players:
        ledger.transfer(MARKET, pid, CASH, rules.player_cash, "endowment")
    ledger.transfer(MARKET, STATE, CASH, rules.state_cash, "endowment")
    for firm in FIRMS:
        ledger.transfer(MARKET, firm_account(firm), CASH, rules.firm_cash, "endowment")
        director = directors.get(firm)
        to_director = rules.initial_holdings["director"] if director else 0
        ledger.transfer(MARKET, STATE, firm, rules.shares_per_firm - to_director, "issue")
        if director:
            ledger.transfer(MARKET, director, firm, to_director, "issue")
    return ledger


def initial_state(spec: object) -> ExchangeState:
    """Validate a setup line and build the state before ``start``."""
    if not isinstance(spec, Mapping):
        raise _bad("The setup line must be a JSON object.")
    spec = dict(spec)
    if spec.get("game", "exchange") != "exchange":
        raise _bad(f"This is the exchange game, not {spec.get('game')!r}.")
    seed = spec.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise _bad(f"'seed' must be a whole number, not {seed!r}.")
    rules = load_ruleset(spec.get("ruleset"))
    players = _players(spec)
    directors = _directors(spec, players)
    state = ExchangeState(
        ruleset=rules,
        seed=seed,
        players=players,
        officials=_officials(spec, players),
        firms={n: Firm(n, directors.get(n), rules.payout) for n in FIRMS},
        ledger=_ledger(rules, players, directors),
        board=initial_board(rules),
        pointers={"white": 0, "black": 0},
        books={n: Book() for n in FIRMS},
        prices=dict.fromkeys(FIRMS, rules.nominal_price),
        closes=dict.fromkeys(FIRMS, rules.nominal_price),
    )
    state.history.append(ownership_record(state, 0))
    return state
