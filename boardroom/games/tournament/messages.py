"""A class event in words: its refusals in Russian and English (data only); the
tournament's own refusals (pairings, results) are the Russian draughts catalogue's.

>>> MESSAGES["ru"]["event_started"]
'Турнир уже начался; спросите учителя.'
"""

from __future__ import annotations

from typing import Final

from boardroom.games.russian.messages import MESSAGES as RUSSIAN
from boardroom.kernel import Json

_SHARED: Final = (
    *("bad_result", "unknown_board", "already_recorded", "round_in_progress", "event_over"),
    *("not_swiss", "no_pairing", "too_few_pupils", "duplicate_pupil", "unknown_pupil"),
    *("bad_event", "too_many_rounds"),
)
RU: Final = {
    "@tournament": "турнир класса",
    "@host": "учитель",
    "unknown_command": "В турнире нет такой команды.",
    "bad_command": "Команда составлена неверно.",
    "bad_command.by": "В команде не указано, чьё это место («by»).",
    "bad_command.games": "Назовите партию для каждой доски.",
    "bad_command.board": "Доску называют её номером.",
    "bad_setup": "Турнир с такой настройкой начать нельзя: проверьте название, туры и часы.",
    "not_a_pupil": "Войти в турнир может только ученик.",
    "event_started": "Турнир уже начался; спросите учителя.",
    "bad_name": "Имя — от 1 до 40 знаков.",
    "host_only": "Это может сделать только учитель.",
    "host_only.server": "Доски открывает сервер.",
    "not_current_round": "Это можно сделать только в текущем туре.",
    "boards_open": "Доски этого тура уже открыты.",
    "round_over": "У всех досок этого тура уже есть результат.",
    "too_late": "Идёт последний тур — войти уже нельзя; спросите учителя.",
    "withdrawn": "Учитель снял вас с турнира.",
    "withdrawn_already": "Этот ученик уже снят с турнира.",
    "round_closed": "Этот тур уже закончен — результат не отменить.",
    "not_teacher_result": "Отменить можно только результат, поставленный учителем, не сыгранный.",
    "not_simul": "Робота вместо ученика можно посадить только в сеансе одновременной игры.",
    "event_full": "Все доски сеанса заняты.",
    "board_over": "Партия на этой доске уже закончена.",
}
EN: Final = {
    "@tournament": "class tournament",
    "@host": "teacher",
    "unknown_command": "A tournament has no such command.",
    "bad_command": "The command is not well formed.",
    "bad_command.by": "The command does not name its seat ('by').",
    "bad_command.games": "Name a game for every board.",
    "bad_command.board": "Name the board by its number.",
    "bad_setup": "An event cannot start with this setup: check the title, rounds and clock.",
    "not_a_pupil": "Only a pupil may enter the event.",
    "event_started": "The event has started; ask the teacher.",
    "bad_name": "A name: 1 to 40 characters.",
    "host_only": "Only the teacher may do this.",
    "host_only.server": "The server opens the boards.",
    "not_current_round": "This can be done for the round in play only.",
    "boards_open": "This round's boards are open already.",
    "round_over": "Every board of this round has its result.",
    "too_late": "The last round is being played: it is too late to enter; ask the teacher.",
    "withdrawn": "The teacher has withdrawn you from the event.",
    "withdrawn_already": "This pupil is withdrawn already.",
    "round_closed": "This round is over: its result cannot be undone.",
    "not_teacher_result": "Only a result the teacher set can be undone, not one played.",
    "not_simul": "A robot sits in for a pupil in a simul only.",
    "event_full": "Every board of the simul is taken.",
    "board_over": "The game on this board is over.",
}
MESSAGES: Final = {
    "ru": RU | {key: RUSSIAN["ru"][key] for key in _SHARED},
    "en": EN | {key: RUSSIAN["en"][key] for key in _SHARED},
}


def names(view: Json) -> dict[str, str]:
    """The pupils' names by seat (what a refusal may name)."""
    return {p["id"]: p["name"] for p in view.get("pupils", [])}
