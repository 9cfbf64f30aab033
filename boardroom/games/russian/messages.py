"""Russian draughts in words: its refusals in Russian and English (data only).

Templates by refusal code (``code.reason`` for a code's other sentences); the mechanism
is ``boardroom.i18n``. A side is called by its player's name when it has one, else by
its colour; names stand after a colon so that none is ever declined.

>>> names({"players": {"white": {"name": "Аня"}, "black": {"name": None}}})
{'white': 'Аня'}
"""

from __future__ import annotations

from typing import Final

from boardroom.kernel import Json

RU: Final = {
    "@russian": "«Русские шашки»",
    "@host": "ведущий",
    "@white": "белые",
    "@black": "чёрные",
    "unknown_command": "В русских шашках нет такой команды.",
    "bad_command": "Команда составлена неверно.",
    "bad_command.by": "В команде не указано, чьё это место («by»).",
    "bad_command.move": "Ход пишут так: c3-d4 или c3:e5.",
    "not_started": "Партия ещё не началась; её начнёт ведущий.",
    "game_over": "Партия окончена.",
    "not_a_player": "Это могут сделать только игроки за белых или за чёрных.",
    "host_only": "Это может сделать только ведущий.",
    "host_only.start": "Начать партию может только ведущий.",
    "host_only.end": "Закончить партию может только ведущий.",
    "already_started": "Партия уже началась.",
    "not_your_turn": "Сейчас не ваш ход; ходят: {to_move}.",
    "illegal_move": "Ход {move} здесь невозможен.",
    "draw_offered": "Ничья уже предложена.",
    "draw_offered.yours": "Вы уже предложили ничью.",
    "draw_offered.to_you": "Вам предложили ничью: примите её или откажитесь.",
    "no_draw_offer": "Вам никто не предлагал ничью.",
    "bad_name": "В имени должна быть хотя бы одна буква.",
    "bad_setup": "Партию с такой настройкой начать нельзя: проверьте игроков, часы и позицию.",
    "@tournament.place": "Место",
    "@tournament.name": "Имя",
    "@tournament.robot": "Робот",
    "@tournament.teacher": "Учитель",
    "@tournament.points": "Очки",
    "@tournament.buchholz": "Бухгольц",
    "@tournament.sb": "Зоннеборн — Бергер",
    "@coach.inaccuracy": "неточность",
    "@coach.mistake": "ошибка",
    "@coach.blunder": "грубая ошибка",
    "coach.better": "Лучше было {move}.",
    "bad_result": "Результат партии — 2, 1 или 0 очков у белых.",
    "unknown_board": "В туре {round} нет доски {board}.",
    "already_recorded": "У доски {board} уже есть результат.",
    "round_in_progress": "На досках этого тура ещё играют.",
    "event_over": "Все туры турнира уже составлены.",
    "not_swiss": "Круговой турнир составлен целиком с самого начала.",
    "no_pairing": "Пар без повторных встреч больше не составить.",
    "too_few_pupils": "Для турнира нужно хотя бы двое учеников.",
    "duplicate_pupil": "Один и тот же ученик записан дважды.",
    "unknown_pupil": "В турнире нет такого ученика.",
    "bad_event": "Это не запись турнира.",
    "too_many_rounds": "С {pupils, plural, one {# учеником} few {# учениками} many {# учениками} "
    "other {# ученика}} швейцарская система — не больше "
    "{most, plural, one {# тура} few {# туров} many {# туров} other {# тура}}.",
    "coach.missed_capture": "Здесь можно было взять {taken, plural, =1 {одну шашку} =2 {две шашки} "
    "=3 {три шашки} =4 {четыре шашки} one {# шашку} few {# шашки} many {# шашек} "
    "other {# шашки}}: {move}.",
    "coach.missed_win": "Здесь был выигрыш в {moves, plural, =1 {один ход} one {# ход} "
    "few {# хода} many {# ходов} other {# хода}}, первый ход: {move}.",
    "takebacks_off": "Ведущий не разрешил в этой партии брать ходы назад.",
    "takeback_asked": "Просьба вернуть ход уже есть.",
    "takeback_asked.yours": "Вы уже попросили вернуть ход.",
    "takeback_asked.to_you": "Вас просят вернуть ход: согласитесь или откажите.",
    "nothing_to_take_back": "Вы ещё не сделали ни одного хода — возвращать нечего.",
    "no_takeback": "Никто не просил вас вернуть ход.",
}

EN: Final = {
    "@russian": "Russian draughts",
    "@host": "the host",
    "@white": "White",
    "@black": "Black",
    "unknown_command": "Russian draughts has no such command.",
    "bad_command": "This command is not valid.",
    "bad_command.by": "A command names its seat in “by”.",
    "bad_command.move": "A move is written like c3-d4 or c3:e5.",
    "not_started": "The game has not started yet; the host starts it.",
    "game_over": "The game is over.",
    "not_a_player": "Only the white or the black player may do this.",
    "host_only": "Only the host may do this.",
    "host_only.start": "Only the host may start the game.",
    "host_only.end": "Only the host may end the game.",
    "already_started": "The game has already started.",
    "not_your_turn": "It is not your move; to move: {to_move}.",
    "illegal_move": "The move {move} is not possible here.",
    "draw_offered": "A draw is already offered.",
    "draw_offered.yours": "You have already offered a draw.",
    "draw_offered.to_you": "A draw is offered to you: accept it or decline it.",
    "no_draw_offer": "No draw is offered to you.",
    "bad_name": "A name needs at least one letter.",
    "bad_setup": "A game cannot start from this setup: check the players, the clock and the "
    "position.",
    "@tournament.place": "Place",
    "@tournament.name": "Name",
    "@tournament.robot": "Robot",
    "@tournament.teacher": "Teacher",
    "@tournament.points": "Points",
    "@tournament.buchholz": "Buchholz",
    "@tournament.sb": "Sonneborn–Berger",
    "@coach.inaccuracy": "inaccuracy",
    "@coach.mistake": "mistake",
    "@coach.blunder": "blunder",
    "coach.better": "Better was {move}.",
    "bad_result": "A game's result is 2, 1 or 0 points for White.",
    "unknown_board": "Round {round} has no board {board}.",
    "already_recorded": "Board {board} already has its result.",
    "round_in_progress": "Some boards of this round are still playing.",
    "event_over": "Every round of the event is already paired.",
    "not_swiss": "A round robin is paired in full when it is made.",
    "no_pairing": "No pairing without a repeat game is left.",
    "too_few_pupils": "An event needs at least two pupils.",
    "duplicate_pupil": "The same pupil is listed twice.",
    "unknown_pupil": "There is no such pupil in this event.",
    "bad_event": "This is not a tournament record.",
    "too_many_rounds": "With {pupils, plural, one {# pupil} other {# pupils}}, a Swiss event "
    "has at most {most, plural, one {# round} other {# rounds}}.",
    "coach.missed_capture": "Here you could have captured {taken, plural, =1 {a piece} "
    "=2 {two pieces} =3 {three pieces} =4 {four pieces} other {# pieces}}: {move}.",
    "coach.missed_win": "Here you had a win in {moves, plural, =1 {one move} other {# moves}}; "
    "the first move: {move}.",
    "takebacks_off": "The host has not allowed takebacks in this game.",
    "takeback_asked": "A takeback is already asked.",
    "takeback_asked.yours": "You have already asked to take back a move.",
    "takeback_asked.to_you": "You are asked to allow a takeback: accept it or decline it.",
    "nothing_to_take_back": "You have made no move yet: there is nothing to take back.",
    "no_takeback": "Nobody has asked you to allow a takeback.",
}

MESSAGES: Final = {"ru": RU, "en": EN}


def names(view: Json) -> dict[str, str]:
    """The players' names by side, where a player has one."""
    players = view.get("players") or {}
    return {
        str(side): str(player["name"])
        for side, player in players.items()
        if isinstance(player, dict) and isinstance(player.get("name"), str) and player["name"]
    }
