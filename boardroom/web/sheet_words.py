"""The words of the spreadsheets and the per-pupil report: sheet names and column headers,
in Russian and English (the exchange's trade and ledger columns are in its own catalogue).

>>> word("col.captures", "ru"), word("col.captures", "en"), word("sheet.pupils", "de")
('взятия', 'captures', 'Ученики')
>>> set(RU) == set(EN)
True
"""

from __future__ import annotations

from typing import Final

RU: Final = {
    "sheet.pupils": "Ученики",
    "sheet.trades": "Сделки",
    "sheet.ledger": "Проводки",
    "sheet.questions": "Вопросы",
    "sheet.games": "Партии",
    "col.name": "имя",
    "col.firms": "управляет фирмами",
    "col.wealth": "итоговое богатство",
    "col.gain": "прирост",
    "col.rank": "место",
    "col.trades": "сделки",
    "col.meetings_called": "созвал собраний",
    "col.meetings_won": "выиграл собраний",
    "col.takeovers": "перехватил фирм",
    "col.team": "команда",
    "col.answered": "ответил на вопросы",
    "col.right": "верных ответов",
    "col.captures": "взятия",
    "col.games": "партии",
    "col.points": "очки",
    "col.place": "место",
    "col.at": "время",
    "col.question": "вопрос",
    "col.answerer": "кто отвечал",
    "col.verdict": "оценка",
    "col.white": "белые",
    "col.black": "чёрные",
    "col.white_points": "очки белых",
    "col.black_points": "очки чёрных",
    "col.moves": "ходов",
    "verdict.right": "верно",
    "verdict.wrong": "неверно",
    "verdict.skipped": "снят",
    "side.white": "Белые",
    "side.black": "Чёрные",
    "col.firm": "фирма",
    "col.earnings": "доход",
    "col.tax": "налог",
    "col.dividend": "дивиденды объявлены",
    "col.per_share": "выплачено на акцию",
    "col.paid": "выплачено акционерам",
    "col.close": "цена закрытия",
    "sheet.years": "Годы",
    "col.mistakes": "ошибки и грубые ошибки (разбор)",
    "col.solved": "решено задач",
    "col.tried": "ответов",
    "sheet.puzzles": "Задачи",
    "col.puzzle": "задача",
    "col.best": "решение",
    "col.found": "нашли",
    "col.colour": "цвет",
    "col.opponent": "соперник",
    "col.result": "результат",
    "col.robot": "робот",
    "result.win": "победа",
    "result.draw": "ничья",
    "result.loss": "поражение",
    "result.playing": "партия идёт",
    "colour.white": "белые",
    "colour.black": "чёрные",
    "robot.mark": "робот",
    "col.right_answer": "верный ответ",
    "col.answer_given": "ответ команды",
}
EN: Final = {
    "sheet.pupils": "Pupils",
    "sheet.trades": "Trades",
    "sheet.ledger": "Ledger",
    "sheet.questions": "Questions",
    "sheet.games": "Games",
    "col.name": "name",
    "col.firms": "firms directed",
    "col.wealth": "final wealth",
    "col.gain": "gain",
    "col.rank": "place",
    "col.trades": "trades",
    "col.meetings_called": "meetings called",
    "col.meetings_won": "meetings won",
    "col.takeovers": "takeovers",
    "col.team": "team",
    "col.answered": "questions answered",
    "col.right": "right answers",
    "col.captures": "captures",
    "col.games": "games",
    "col.points": "points",
    "col.place": "place",
    "col.at": "time",
    "col.question": "question",
    "col.answerer": "answered by",
    "col.verdict": "verdict",
    "col.white": "white",
    "col.black": "black",
    "col.white_points": "white's points",
    "col.black_points": "black's points",
    "col.moves": "moves",
    "verdict.right": "right",
    "verdict.wrong": "wrong",
    "verdict.skipped": "skipped",
    "side.white": "White",
    "side.black": "Black",
    "col.firm": "firm",
    "col.earnings": "earnings",
    "col.tax": "tax",
    "col.dividend": "dividends declared",
    "col.per_share": "paid per share",
    "col.paid": "paid to shareholders",
    "col.close": "closing price",
    "sheet.years": "Years",
    "col.mistakes": "mistakes and blunders (the coach)",
    "col.solved": "puzzles solved",
    "col.tried": "answers",
    "sheet.puzzles": "Puzzles",
    "col.puzzle": "puzzle",
    "col.best": "solution",
    "col.found": "found it",
    "col.colour": "colour",
    "col.opponent": "opponent",
    "col.result": "result",
    "col.robot": "robot",
    "result.win": "win",
    "result.draw": "draw",
    "result.loss": "loss",
    "result.playing": "still playing",
    "colour.white": "white",
    "colour.black": "black",
    "robot.mark": "robot",
    "col.right_answer": "right answer",
    "col.answer_given": "team's answer",
}
WORDS: Final = {"ru": RU, "en": EN}


def word(key: str, lang: str) -> str:
    """``key`` in ``lang`` (Russian for a language the game does not speak)."""
    return WORDS.get(lang, RU)[key]


def marked(name: str, robot: bool, lang: str) -> str:
    """A name in a report, a robot's marked: «Вася (робот)».

    >>> marked("Вася", True, "ru"), marked("Аня", False, "ru")
    ('Вася (робот)', 'Аня')
    """
    return f"{name} ({word('robot.mark', lang)})" if robot else name


def columns(lang: str, *keys: str) -> list[str]:
    """Column headers ``col.<key>`` in ``lang``."""
    return [word(f"col.{key}", lang) for key in keys]
