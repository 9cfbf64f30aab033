"""Exchange Draughts in words: its refusals and names in Russian and English (data only).

``MESSAGES[lang]`` holds a template for every refusal code (``code`` or ``code.reason``
when one code has several sentences), the words for the game's things (``@firm``,
``@state`` with case forms) and terms (``term.phase.exchange``). The mechanism that fills
them is ``boardroom.i18n`` (ICU-style placeholders, CLDR plurals). A person's typed name
stands in the nominative, after a colon, or declined where the sentence needs a case
(``{director:gen}``, ``boardroom.i18n.names``).

>>> names({"players": {"p1": "Аня", "p2": "Борис"}})
{'p1': 'Аня', 'p2': 'Борис'}
"""

from __future__ import annotations

from typing import Final

from boardroom.kernel import Json

REFERENCES: Final = {"firm": "firm:", "stock": "firm:", "on_call": "firm:"}
"""Parameters whose numbers stand for firms."""

_SHARES_GEN = "{n, plural, one {# акции} few {# акций} many {# акций} other {# акции}}"
_SHARES_ACC = "{n, plural, one {# акцию} few {# акции} many {# акций} other {# акции}}"
_SHARES_NOM = "{n, plural, one {# акция} few {# акции} many {# акций} other {# акции}}"
_SECONDS_ACC = "{n, plural, one {# секунду} few {# секунды} many {# секунд} other {# секунды}}"


def _n(form: str, name: str) -> str:
    return form.replace("{n,", "{" + name + ",")


RU: Final = {
    "@exchange": "«Биржевые шашки»",
    # things
    "@firm": "фирма #",
    "@firm:gen": "фирмы #",
    "@firm:dat": "фирме #",
    "@firm:acc": "фирму #",
    "@firm:ins": "фирмой #",
    "@firm:prep": "фирме #",
    "@state": "государство",
    "@state:gen": "государства",
    "@state:dat": "государству",
    "@state:ins": "государством",
    "@state:prep": "государстве",
    "@market": "рынок",
    "@market:gen": "рынка",
    "@host": "ведущий",
    "@host:gen": "ведущего",
    "@host:dat": "ведущему",
    "@host:acc": "ведущего",
    "@host:ins": "ведущим",
    "@host:prep": "ведущем",
    "term.or": "или",
    "term.true": "да",
    "term.false": "нет",
    "term.phase.setup": "Ожидание начала",
    "term.phase.opening": "Вступительная сессия",
    "term.phase.exchange": "Биржевая сессия",
    "term.phase.meeting_calls": "Созыв собраний",
    "term.phase.meetings": "Собрания акционеров",
    "term.phase.board": "Ходы на доске",
    "term.phase.taxes": "Налоги",
    "term.phase.dividends": "Итоги года и дивиденды",
    "term.phase.ended": "Игра окончена",
    "term.wanted.setup": "Ожидание начала",
    "term.wanted.exchange": "Биржевая сессия",
    "term.wanted.meeting_calls": "Созыв собраний",
    "term.wanted.meetings": "Собрания акционеров",
    "term.wanted.board": "Ходы на доске",
    "term.field.qty": "количество",
    "term.field.price": "цена",
    "term.field.payout": "выплата, %",
    "term.field.seconds": "секунды",
    "term.field.firm": "фирма",
    "term.field.stock": "акция",
    "term.field.side": "сторона заявки",
    "term.field.move": "ход",
    "term.field.account": "счёт",
    "term.field.order": "заявка",
    "term.field.candidate": "кандидат",
    "term.field.holder": "держатель акций",
    "term.field.director": "директор",
    "term.field.name": "имя",
    "term.field.player": "игрок",
    "term.known.classic": "классика",
    "term.known.blitz": "блиц",
    "term.known.demo": "демо",
    "term.known.classroom": "для класса",
    "term.choices.buy": "покупка",
    "term.choices.sell": "продажа",
    # downloads (CSV, PDN)
    "export.col.at": "время",
    "export.col.year": "год",
    "export.col.stock": "акция",
    "export.col.qty": "количество",
    "export.col.price": "цена",
    "export.col.buyer": "покупатель",
    "export.col.seller": "продавец",
    "export.col.event": "событие",
    "export.col.from": "от кого",
    "export.col.to": "кому",
    "export.col.asset": "что",
    "export.col.amount": "сколько",
    "export.col.note": "примечание",
    "export.asset.cash": "деньги",
    "export.asset.stock": "акции {stock:gen}",
    "export.note.buys": "покупка: " + _n(_SHARES_NOM, "qty") + " {stock:gen}",
    "export.note.trade": "сделка",
    "export.note.capture": "за взятие",
    "export.note.income": "доход",
    "export.note.bonus": "премия за победу на доске",
    "export.note.tax": "налог",
    "export.note.salary": "зарплата",
    "export.note.dividend": "дивиденды",
    "export.note.pieces": "оценка шашек",
    "export.note.settlement": "окончательный расчёт",
    "term.event.trade": "сделка",
    "term.event.capture_rewarded": "награда за взятие",
    "term.event.income_credited": "доход",
    "term.event.bonus_paid": "премия",
    "term.event.taxes_paid": "налоги",
    "term.event.salary_paid": "зарплата",
    "term.event.dividend_paid": "дивиденды",
    "term.event.settled": "окончательный расчёт",
    "export.pdn.event": "Boardroom: Биржевые шашки",
    "export.pdn.white": "Фирмы 1–4 (белые)",
    "export.pdn.black": "Фирмы 5–8 (чёрные)",
    # refusals
    "wrong_phase": "Сейчас этого сделать нельзя. Нужный этап: {wanted, terms}; сейчас: "
    "{phase, term}.",
    "wrong_phase.meetings_after_session": "Собрания созывают только после торговой сессии года.",
    "wrong_phase.cannot_end": "Этап «{phase, term}» сейчас закончить нельзя.",
    "wrong_phase.ended": "Игра уже окончена.",
    "wrong_phase.no_deadline": "У этапа «{phase, term}» нет срока, который можно продлить.",
    "waiting_for_host": "Игра ждёт ведущего: дальше — этап «{next, term}».",
    "not_waiting": "Игра не ждёт ведущего: продолжать нечего.",
    "stale_phase": "Продление было для этапа «{phase, term}»{year, plural, =0 {} other { года #}}, "
    "а он уже закончился.",
    "wrong_phase.not_running": "Игра сейчас не идёт.",
    "wrong_phase.not_started": "Игра ещё не началась.",
    "paused": "Игра на паузе; подождите, пока ведущий её продолжит.",
    "paused.already": "Игра уже на паузе.",
    "not_paused": "Игра не на паузе.",
    "host_only": "Это может сделать только ведущий.",
    "unknown_firm": "Нужен номер фирмы от 1 до 8, а не {value}.",
    "not_your_firm": "За {firm:acc} действует только её директор ({director}).",
    "unknown_account": "Нет счёта {account}, за который можно действовать.",
    "not_your_account": "{by} не распоряжается счётом «{account}».",
    "nobody_on_call": "Сейчас на доске никто не ходит.",
    "too_early": "Рано: подождите ещё " + _n(_SECONDS_ACC, "wait") + ".",
    "not_on_call": "Сейчас ход {on_call:gen}, а не {firm:gen}.",
    "bad_command": "Команда составлена неверно.",
    "bad_command.move": "Ход записывают так: c3-d4 или c3:e5:g3.",
    "bad_command.side": "Заявка бывает на покупку или на продажу, а не {value}.",
    "bad_command.object": "Команда должна быть объектом JSON.",
    "bad_command.by": "В команде не сказано, кто действует.",
    "bad_command.text": "«{field, term}»: нужен текст, а не {value}.",
    "bad_command.choice": "«{field, term}»: нужно одно из значений: {choices, terms}.",
    "bad_notation": "«{move}» — не запись хода; пишите так: c3-d4 или c3:e5:g3.",
    "illegal_move": "Ход {move} невозможен; возможные ходы: {legal, list}.",
    "not_your_piece": "Ход {move} делает шашка, которой {firm} сейчас ходить не может; "
    "возможные ходы: {legal, list}.",
    "must_move": "{firm} должна сейчас ходить; пропустить ход нельзя.",
    "must_capture": "У {firm:gen} есть взятие, а бить обязательно.",
    "self_trade": "Эта заявка встретилась бы с открытой заявкой того же счёта ({account}); "
    "сначала отмените ту.",
    "unknown_stock": "Акция — это номер фирмы от 1 до 8, а не {value}.",
    "insufficient_cash": "{account}: свободных денег {free}, а заявке нужно {need}.",
    "insufficient_shares": "{account}: свободных акций {stock:gen} — {free}; продать "
    + _n(_SHARES_ACC, "qty")
    + " нельзя.",
    "own_shares": "{firm} не может владеть собственными акциями.",
    "firms_hold_all": "Фирмы вместе могут держать не больше "
    + _n(_SHARES_GEN, "limit")
    + " {stock:gen}; эта заявка может превысить предел.",
    "unknown_order": "Открытой заявки {order} нет.",
    "not_your_order": "Заявка {order} подана не вами; отменить её нельзя.",
    "not_a_holder": "Созвать собрание {firm:gen} может только её акционер.",
    "not_a_holder.nominate": "Выдвигать кандидатов на собрании {firm:gen} может только "
    "её акционер.",
    "not_a_holder.vote": "{holder}: акций {firm:gen} нет.",
    "too_few_shares": "Чтобы созвать собрание {firm:gen}, нужно не меньше "
    + _n(_SHARES_GEN, "minimum")
    + "; {holder}: "
    + _n(_SHARES_NOM, "held")
    + ".",
    "already_called": "Собрание {firm:gen} уже созвано (держатель акций: {holder}).",
    "unknown_player": "Игрока {candidate} нет.",
    "already_nominated": "{candidate} уже в списке кандидатов {firm:gen}.",
    "not_your_vote": "{by} не распоряжается голосами этого владельца.",
    "not_a_candidate": "{director:gen} нет в списке кандидатов {firm:gen}; сначала выдвиньте "
    "кандидата.",
    "bad_time": "Время — это число секунд не меньше нуля, а не {value}.",
    "game_over": "Игра окончена; смотрите итоги.",
    "already_started": "Игра уже началась.",
    "bad_name": "В имени нужна хотя бы одна буква.",
    "unknown_seat": "В этой игре нет места {seat}.",
    "not_an_integer": "«{field, term}»: нужно целое число, а не {value}.",
    "out_of_range": "«{field, term}»: нужно число от {low} до {high}, а не {value}.",
    "unknown_command": "Неизвестная команда {command}.",
    "missing_field": "В команде не хватает поля «{field, term}».",
    "bad_setup": "Строка настройки игры не принята: проверьте список игроков, директоров "
    "и должностей.",
    "bad_ruleset": "Правила игры заданы неверно: проверьте расстановку, порядок ходов фирм "
    "и начальные пакеты акций.",
    "bad_ruleset.not_whole": "Параметр правил «{parameter}» должен быть целым числом, "
    "а не {value}.",
    "bad_ruleset.out_of_range": "Параметр правил «{parameter}» должен быть от {low} до {high}, "
    "а не {value}.",
    "bad_ruleset.not_count": "Параметр правил «{parameter}» должен быть целым числом "
    "не меньше нуля, а не {value}.",
    "bad_ruleset.not_flag": "Параметр правил «{parameter}» должен быть «да» или «нет», "
    "а не {value}.",
    "bad_ruleset.unknown_preset": "Нет набора правил {preset}; есть: {known, terms}.",
    "bad_ruleset.unknown_parameter": "Нет параметра правил «{parameter}».",
    "bad_ruleset.move_times": "Наименьшее время хода не может быть больше наибольшего.",
}

EN: Final = {
    "@exchange": "Exchange Draughts",
    "@firm": "firm #",
    "@state": "the State",
    "@market": "the market",
    "@host": "the host",
    "term.or": "or",
    "term.true": "yes",
    "term.false": "no",
    "term.phase.setup": "Waiting for the start",
    "term.phase.opening": "Opening session",
    "term.phase.exchange": "Exchange session",
    "term.phase.meeting_calls": "Meeting calls",
    "term.phase.meetings": "Shareholders' meetings",
    "term.phase.board": "Moves on the board",
    "term.phase.taxes": "Taxes",
    "term.phase.dividends": "Year end and dividends",
    "term.phase.ended": "Game over",
    "term.wanted.setup": "Waiting for the start",
    "term.wanted.exchange": "Exchange session",
    "term.wanted.meeting_calls": "Meeting calls",
    "term.wanted.meetings": "Shareholders' meetings",
    "term.wanted.board": "Moves on the board",
    "term.field.qty": "quantity",
    "term.field.price": "price",
    "term.field.payout": "payout, %",
    "term.field.seconds": "seconds",
    "term.field.firm": "firm",
    "term.field.stock": "stock",
    "term.field.side": "side",
    "term.field.move": "move",
    "term.field.account": "account",
    "term.field.order": "order",
    "term.field.candidate": "candidate",
    "term.field.holder": "holder",
    "term.field.director": "director",
    "term.field.name": "name",
    "term.field.player": "player",
    "term.known.classic": "classic",
    "term.known.blitz": "blitz",
    "term.known.demo": "demo",
    "term.known.classroom": "classroom",
    "term.choices.buy": "buy",
    "term.choices.sell": "sell",
    "export.col.at": "time",
    "export.col.year": "year",
    "export.col.stock": "stock",
    "export.col.qty": "quantity",
    "export.col.price": "price",
    "export.col.buyer": "buyer",
    "export.col.seller": "seller",
    "export.col.event": "event",
    "export.col.from": "from",
    "export.col.to": "to",
    "export.col.asset": "asset",
    "export.col.amount": "amount",
    "export.col.note": "note",
    "export.asset.cash": "cash",
    "export.asset.stock": "shares of {stock}",
    "export.note.buys": "buys {qty, plural, one {# share} other {# shares}} of {stock}",
    "export.note.trade": "trade",
    "export.note.capture": "for a capture",
    "export.note.income": "income",
    "export.note.bonus": "board win bonus",
    "export.note.tax": "tax",
    "export.note.salary": "salary",
    "export.note.dividend": "dividend",
    "export.note.pieces": "pieces valued",
    "export.note.settlement": "settlement",
    "term.event.trade": "trade",
    "term.event.capture_rewarded": "capture reward",
    "term.event.income_credited": "income",
    "term.event.bonus_paid": "bonus",
    "term.event.taxes_paid": "taxes",
    "term.event.salary_paid": "salary",
    "term.event.dividend_paid": "dividends",
    "term.event.settled": "settlement",
    "export.pdn.event": "Boardroom: Exchange Draughts",
    "export.pdn.white": "Firms 1–4 (white)",
    "export.pdn.black": "Firms 5–8 (black)",
    "wrong_phase": "That cannot be done now. It is done in: {wanted, terms}; now: {phase, term}.",
    "wrong_phase.meetings_after_session": "Meetings can be called only after a year's session.",
    "wrong_phase.cannot_end": "The phase “{phase, term}” cannot be ended now.",
    "wrong_phase.ended": "The game has already ended.",
    "wrong_phase.no_deadline": "The phase “{phase, term}” has no deadline to extend.",
    "waiting_for_host": "The game waits for the host to continue to “{next, term}”.",
    "not_waiting": "The game is not waiting for the host; there is nothing to continue.",
    "stale_phase": "The extension was meant for “{phase, term}”"
    "{year, plural, =0 {} other { of year #}}, which is over.",
    "wrong_phase.not_running": "The game is not running.",
    "wrong_phase.not_started": "The game has not started yet.",
    "paused": "The game is paused; wait for the host to resume it.",
    "paused.already": "The game is already paused.",
    "not_paused": "The game is not paused.",
    "host_only": "Only the host may do that.",
    "unknown_firm": "A firm number from 1 to 8 is needed, not {value}.",
    "not_your_firm": "Only {firm}'s director ({director}) acts for it.",
    "unknown_account": "There is no account {account} one can act for.",
    "not_your_account": "{by} does not act for the account “{account}”.",
    "nobody_on_call": "No firm is on call on the board now.",
    "too_early": "Too early: wait {wait, plural, one {# more second} other {# more seconds}}.",
    "not_on_call": "{on_call} is on call, not {firm}.",
    "bad_command": "This command is not well formed.",
    "bad_command.move": "Write a move like c3-d4 or c3:e5:g3.",
    "bad_command.side": "An order is to buy or to sell, not {value}.",
    "bad_command.object": "A command must be a JSON object.",
    "bad_command.by": "A command must say who acts.",
    "bad_command.text": "“{field, term}” must be text, not {value}.",
    "bad_command.choice": "“{field, term}” must be one of: {choices, terms}.",
    "bad_notation": "“{move}” is not a move; write it like c3-d4 or c3:e5:g3.",
    "illegal_move": "{move} is not legal; legal moves: {legal, list}.",
    "not_your_piece": "{move} moves a piece {firm} may not move now; its legal moves: "
    "{legal, list}.",
    "must_move": "{firm} must move now; it may not pass.",
    "must_capture": "{firm} has a capture and must take.",
    "self_trade": "This order would trade with an open order of the same account ({account}); "
    "cancel that one first.",
    "unknown_stock": "A stock is a firm number from 1 to 8, not {value}.",
    "insufficient_cash": "{account} has {free} free cash; this order needs {need}.",
    "insufficient_shares": "{account} has {free, plural, one {# free share} other {# free shares}}"
    " of {stock}; cannot sell {qty}.",
    "own_shares": "{firm} may not hold its own shares.",
    "firms_hold_all": "Firms together may hold at most "
    "{limit, plural, one {# share} other {# shares}} of {stock}; this order could pass that.",
    "unknown_order": "There is no open order {order}.",
    "not_your_order": "Order {order} is not yours to cancel.",
    "not_a_holder": "Only a shareholder of {firm} may call its meeting.",
    "not_a_holder.nominate": "Only a shareholder of {firm} may nominate.",
    "not_a_holder.vote": "{holder} holds no shares of {firm}.",
    "too_few_shares": "Calling {firm}'s meeting needs at least "
    "{minimum, plural, one {# share} other {# shares}}; {holder} holds {held}.",
    "already_called": "{firm}'s meeting has already been called (holder: {holder}).",
    "unknown_player": "There is no player {candidate}.",
    "already_nominated": "{candidate} is already a candidate in {firm}.",
    "not_your_vote": "{by} does not cast this holder's votes.",
    "not_a_candidate": "{director} is not a candidate in {firm}; nominate them first.",
    "bad_time": "The time must be seconds ≥ 0, not {value}.",
    "game_over": "The game is over; see the results.",
    "already_started": "The game has already started.",
    "bad_name": "A name needs at least one letter.",
    "unknown_seat": "There is no seat {seat} in this game.",
    "not_an_integer": "“{field, term}” must be a whole number, not {value}.",
    "out_of_range": "“{field, term}” must be between {low} and {high}, not {value}.",
    "unknown_command": "Unknown command {command}.",
    "missing_field": "The command needs “{field, term}”.",
    "bad_setup": "The setup line is not accepted: check the players, directors and officials.",
    "bad_ruleset": "The ruleset is not valid: check the placement, the firms' order and the "
    "initial holdings.",
    "bad_ruleset.not_whole": "Ruleset parameter “{parameter}” must be a whole number, not {value}.",
    "bad_ruleset.out_of_range": "Ruleset parameter “{parameter}” must be between {low} and "
    "{high}, not {value}.",
    "bad_ruleset.not_count": "Ruleset parameter “{parameter}” must be a whole number ≥ 0, "
    "not {value}.",
    "bad_ruleset.not_flag": "Ruleset parameter “{parameter}” must be true or false, not {value}.",
    "bad_ruleset.unknown_preset": "There is no ruleset preset {preset}; known: {known, terms}.",
    "bad_ruleset.unknown_parameter": "There is no ruleset parameter “{parameter}”.",
    "bad_ruleset.move_times": "The shortest move time cannot exceed the longest.",
}

for _words in (RU, EN):  # the phase a game waits for is named as the phase itself
    _words.update(
        {f"term.next.{k[11:]}": v for k, v in _words.items() if k.startswith("term.phase.")}
    )

MESSAGES: Final = {"ru": RU, "en": EN}


def names(view: Json) -> dict[str, str]:
    """The players' names by id, as every seat's view shows them."""
    players = view.get("players") or {}
    return {str(pid): str(name) for pid, name in players.items()}
