"""A puzzle lesson in words: its refusals in Russian and English (data only).

>>> MESSAGES["ru"]["bad_fen"]
'Задача {puzzle}: это не позиция (FEN), проверьте запись.'
"""

from __future__ import annotations

from typing import Final

from boardroom.kernel import Json

RU: Final = {
    "@puzzles": "урок задач",
    "@host": "учитель",
    "unknown_command": "В уроке задач нет такой команды.",
    "bad_command": "Команда составлена неверно.",
    "bad_command.by": "В команде не указано, чьё это место («by»).",
    "bad_command.hidden": "Скажите «да» или «нет».",
    "bad_setup": "Урок с такой настройкой начать нельзя: проверьте название, секунды и задачи.",
    "no_puzzles": "В уроке должно быть от 1 до {most} задач.",
    "bad_fen": "Задача {puzzle}: это не позиция (FEN), проверьте запись.",
    "no_legal_move": "Задача {puzzle}: у стороны, чей ход, нет ни одного хода.",
    "no_solution": "Задача {puzzle}: не указано решение.",
    "illegal_move": "Так пойти нельзя: {move}.",
    "not_a_pupil": "Войти в урок может только ученик.",
    "bad_name": "Имя — от 1 до 40 знаков.",
    "host_only": "Это может сделать только учитель.",
    "already_started": "Урок уже начался.",
    "not_entered": "Сначала войдите в урок со своим именем.",
    "not_asking": "Сейчас нет открытой задачи.",
    "time_up": "Время на эту задачу вышло.",
    "answered_already": "Вы уже ответили на эту задачу.",
    "not_revealed": "Сначала покажите ответ на эту задачу.",
    "lesson_over": "Урок окончен.",
    "no_games": "В выбранных партиях тренер не нашёл пропущенных взятий и побед.",
    "bad_text": "Не удалось прочитать ни одной позиции: вставьте FEN (по одной в строке) или PDN.",
}
EN: Final = {
    "@puzzles": "puzzle lesson",
    "@host": "teacher",
    "unknown_command": "A puzzle lesson has no such command.",
    "bad_command": "The command is not well formed.",
    "bad_command.by": "The command does not name its seat ('by').",
    "bad_command.hidden": "Say true or false.",
    "bad_setup": "A lesson cannot start with this setup: check the title, seconds and puzzles.",
    "no_puzzles": "A lesson needs 1 to {most} puzzles.",
    "bad_fen": "Puzzle {puzzle}: this is not a position (FEN); check what was written.",
    "no_legal_move": "Puzzle {puzzle}: the side to move has no legal move.",
    "no_solution": "Puzzle {puzzle} has no solution given.",
    "illegal_move": "That move is not legal: {move}.",
    "not_a_pupil": "Only a pupil may enter the lesson.",
    "bad_name": "A name: 1 to 40 characters.",
    "host_only": "Only the teacher may do this.",
    "already_started": "The lesson has started already.",
    "not_entered": "Enter the lesson with your name first.",
    "not_asking": "No puzzle is open now.",
    "time_up": "Time is up for this puzzle.",
    "answered_already": "You have answered this puzzle already.",
    "not_revealed": "Reveal this puzzle before the next one.",
    "lesson_over": "The lesson is over.",
    "no_games": "The coach found no missed capture or win in the games chosen.",
    "bad_text": "No position could be read: paste FEN (one a line) or PDN.",
}
MESSAGES: Final = {"ru": RU, "en": EN}


def names(view: Json) -> dict[str, str]:
    """The pupils' names by seat."""
    return {p["id"]: p["name"] for p in view.get("pupils", [])}
