"""Quiz Draughts in words: its refusals in Russian and English (data only).

Templates by refusal code (``code.reason`` for a code's other sentences); the mechanism
is ``boardroom.i18n``. Teams are named as their host typed them, in quotes, after the
word «команда» so that no name is ever declined.

>>> names({"teams": {"A": {"name": "Орлы"}, "B": {"name": "Совы"}}})
{'A': 'Орлы', 'B': 'Совы'}
"""

from __future__ import annotations

from typing import Final

from boardroom.kernel import Json

REFERENCES: Final[dict[str, str]] = {}

RU: Final = {
    "@quiz": "«Шашки-викторина»",
    "@host": "ведущий",
    "not_host": "Это может сделать только ведущий.",
    "not_your_turn": "Сейчас это делает команда «{team}» (или ведущий за неё).",
    "not_your_turn.nobody": "Сейчас это делать некому.",
    "game_over": "Раунд окончен.",
    "game_over.undo": "Ведущий закончил раунд; решение судьи уже не отменить.",
    "paused": "Раунд на паузе; сначала ведущий его продолжит.",
    "not_started": "Раунд ещё не начался; сначала его начнёт ведущий.",
    "duel_in_progress": "Идёт поединок за взятие; сначала закончите его.",
    "no_duel": "Сейчас нет поединка за взятие.",
    "no_question": "Вопрос ещё не задан; сначала его задаст ведущий.",
    "already_started": "Раунд уже начался.",
    "illegal_move": "Ход {move} невозможен; возможные ходы: {legal, list}.",
    "bad_move": "«{move}» — не запись хода; пишите так: c3-d4 или c3:e5:g3.",
    "question_out": "Вопрос уже задан; сначала оцените ответ или пропустите вопрос.",
    "not_answering_device": "Ваша команда отвечает с другого устройства; ведущий может "
    "передать ответ этому.",
    "not_a_team_device": "Отвечать за команду можно только с устройства этой команды.",
    "every_device_answers": "В этом раунде отвечать может любое устройство команды.",
    "not_on_screen": "Этого звука или видео нет в вопросе на экране (файлы ответа — только "
    "после решения).",
    "unknown_question": "В банке нет вопроса {question}.",
    "question_used": "Вопрос {question} в этом раунде уже задавали.",
    "category_empty": "В теме «{category}» не осталось незаданных вопросов.",
    "already_answered": "Ответ уже дан; его оценит ведущий.",
    "too_late": "Время на ответ вышло.",
    "answer_too_long": "Ответ слишком длинный: {length, plural, one {# знак} few {# знака} "
    "many {# знаков} other {# знака}}, а можно не больше {limit, plural, one {# знака} "
    "few {# знаков} many {# знаков} other {# знака}}. Сократите его.",
    "no_choices": "У этого вопроса нет вариантов; ответьте текстом.",
    "bad_choice": "Такого варианта ответа нет: номера вариантов от 0 до {last}, а не {choice}.",
    "bad_choice.not_listed": "{choice} — не один из вариантов ответа.",
    "nothing_to_undo": "Отменять нечего: решений судьи ещё не было.",
    "already_paused": "Раунд уже на паузе.",
    "not_paused": "Раунд не на паузе.",
    "unknown_team": "Команды {team} нет.",
    "unknown_viewer": "Для {viewer} нет экрана игры.",
    "unknown_command": "Неизвестная команда {command}.",
    "bad_command": "Команда составлена неверно.",
    "invalid_setup": "Настройка раунда не принята: ошибка в поле «{field}».",
    "invalid_setup.whole": "Настройка раунда не принята: проверьте команды, участников и вопросы.",
}

EN: Final = {
    "@quiz": "Quiz Draughts",
    "@host": "the host",
    "not_host": "Only the host may do that.",
    "not_your_turn": "Only team “{team}” (or the host for it) may do that now.",
    "not_your_turn.nobody": "Nobody may do that now.",
    "game_over": "The round is over.",
    "game_over.undo": "The host ended the round; a judgement can no longer be undone.",
    "paused": "The round is paused; the host resumes it first.",
    "not_started": "The round has not started yet; the host starts it first.",
    "duel_in_progress": "A capture is being fought; finish its duel first.",
    "no_duel": "No capture is being fought now.",
    "no_question": "No question is out; the host asks one first.",
    "already_started": "The round has already started.",
    "illegal_move": "{move} is not legal; legal moves: {legal, list}.",
    "bad_move": "“{move}” is not a move; write it like c3-d4 or c3:e5:g3.",
    "question_out": "A question is already out; judge it or skip it first.",
    "not_answering_device": "Your team answers from another device; the host can hand "
    "answering to this one.",
    "not_a_team_device": "Only a team's device may answer for the team.",
    "every_device_answers": "Every device of a team may answer in this round.",
    "not_on_screen": "This sound or video is not part of the question on screen (an answer's "
    "only once it is judged).",
    "unknown_question": "There is no question {question} in the bank.",
    "question_used": "Question {question} was already asked in this round.",
    "category_empty": "No unused question is left in the category “{category}”.",
    "already_answered": "An answer was already given; the host judges it.",
    "too_late": "The time to answer ran out.",
    "answer_too_long": "The answer is too long: {length, plural, one {# character} "
    "other {# characters}}, and at most {limit} are taken. Shorten it.",
    "no_choices": "This question has no choices; answer it with text.",
    "bad_choice": "Choice {choice} does not exist; the choices are 0 to {last}.",
    "bad_choice.not_listed": "{choice} is not one of the choices.",
    "nothing_to_undo": "There is no judgement to undo.",
    "already_paused": "The round is already paused.",
    "not_paused": "The round is not paused.",
    "unknown_team": "There is no team {team}.",
    "unknown_viewer": "There is no game screen for {viewer}.",
    "unknown_command": "Unknown command {command}.",
    "bad_command": "This command is not well formed.",
    "invalid_setup": "The round's setup is not accepted: the field “{field}” is wrong.",
    "invalid_setup.whole": "The round's setup is not accepted: check the teams, members and "
    "questions.",
}

MESSAGES: Final = {"ru": RU, "en": EN}


def names(view: Json) -> dict[str, str]:
    """The teams' names by id, as every seat's view shows them."""
    teams = view.get("teams") or {}
    return {str(tid): str(team.get("name", tid)) for tid, team in teams.items()}
