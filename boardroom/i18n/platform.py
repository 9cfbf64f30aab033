"""The platform's own refusals (the server's and the pages'), in Russian and English.

Data for ``boardroom.i18n``; a game's own words are in its package (``KIND.words``).

Codes shared with a game core (``bad_command``, ``unknown_seat``…) are told by the core's
words when the error comes from the core; these are the server's sentences.
"""

from __future__ import annotations

from typing import Final

RU: Final = {
    "@host": "ведущий",
    "unknown_game": "Такой игры нет.",
    "unknown_game.kind": "Нет игры вида {game}; есть: {kinds, list}.",
    "unknown_seat": "В этой игре нет такого места.",
    "unknown_seat.secret": "В этой игре нет места с таким ключом; откройте ссылку приглашения "
    "ещё раз.",
    "unknown_seat.role": "В этой игре нет места {role}.",
    "forbidden": "Это вам не разрешено.",
    "forbidden.projector": "Экран проектора только показывает игру.",
    "forbidden.host": "Это может сделать только ведущий.",
    "hello_first": "Сначала нужно поздороваться: сообщение «hello» с ключом места.",
    "text_only": "Присылайте JSON текстовыми сообщениями.",
    "unknown_frame": "Сообщения бывают только «command», «ping» и «resync».",
    "bad_command": "Команда составлена неверно.",
    "bad_command.object": "Команда должна быть объектом JSON.",
    "bad_command.type": "У команды должен быть текстовый вид («type»).",
    "bad_command.id": "Номер команды («id») — текст не длиннее 100 знаков.",
    "bad_command.nested": "В команде слишком глубокая вложенность.",
    "bad_command.not_understood": "Эту команду не удалось понять.",
    "bad_request": "Запрос составлен неверно.",
    "bad_request.version": "Версия («version») должна быть целым числом.",
    "bad_request.code": "Укажите код игры.",
    "bad_request.name": "Имя должно быть длиной от 1 до "
    "{most, plural, one {# знака} few {# знаков} many {# знаков} other {# знака}}.",
    "bad_request.role": "Укажите место в этой игре.",
    "stale_version": "Игра ушла вперёд (её версия теперь {version}); посмотрите, что "
    "изменилось, и отправьте ещё раз.",
    "shutting_down": "Сервер перезапускается; попробуйте чуть позже.",
    "rate_limited": "Слишком много команд подряд; помедленнее.",
    "busy": "Игра сейчас слишком занята; отправьте ещё раз.",
    "no_robot": "Для этой игры пока нет робота.",
    "no_robot.seat": "На этом месте не играет робот: отдать человеку можно только место робота.",
    "seat_taken": "Все места в этой игре заняты.",
    "not_gone_on": "Эта игра не продолжилась в новой.",
    "seat_taken.playing": "На этом месте сейчас играет человек; робот сможет сесть, когда он "
    "уйдёт.",
    "too_large": "Сообщение слишком большое.",
    "bad_json": "Это не JSON.",
    "bad_json.nested": "В этом JSON слишком глубокая вложенность.",
    "bad_json.invalid": "Это не правильный JSON.",
    "bad_json.object": "Сообщение должно быть объектом JSON.",
    "not_ready": "Сервер ещё не готов.",
    "not_ready.starting": "Сервер запускается или останавливается.",
    "not_ready.database": "База данных не отвечает.",
    "not_ready.bus": "Сервер потерял связь с остальными серверами и восстанавливает её.",
    "unavailable": "База данных не отвечает; отправьте ещё раз чуть позже.",
    "bad_setup": "Строка настройки игры не принята.",
    "bad_setup.invalid": "Строка настройки игры не принята: она составлена неверно.",
    "bad_setup.other_game": "Эта строка настройки — для другой игры.",
    "bad_text": "В тексте есть знак, который нельзя сохранить.",
    "bad_text.surrogate": "В тексте есть одиночный суррогатный знак Юникода; его нельзя "
    "сохранить — уберите его и отправьте ещё раз.",
    "bad_text.nul": "В тексте есть нулевой знак (NUL); его нельзя сохранить — уберите его и "
    "отправьте ещё раз.",
    "team_code_needed": "В команду входят по её собственному коду; спросите у ведущего код "
    "вашей команды.",
    "bad_robot": "Такого робота нет: выберите вид, уровень и точность из предложенных.",
    "bank_too_slow": "Этот банк вопросов читается слишком долго; разделите его на файлы поменьше.",
    "bank_too_much_memory": "Чтобы прочитать этот банк вопросов, нужно больше {megabytes} МБ "
    "памяти; разделите его на файлы поменьше.",
    "no_draft": "Банк вопросов загружают для новой игры на странице её создания.",
    "no_draft.missing": "Банк вопросов загружают для новой игры: откройте страницу создания "
    "игры ещё раз и загрузите его там.",
    "no_draft.closed": "Этот черновик игры истёк или уже использован: откройте страницу "
    "создания игры ещё раз и загрузите банк вопросов заново.",
    "bank_too_big": "В банке вопросов может быть не больше "
    "{limit, plural, one {# вопроса} few {# вопросов} many {# вопросов} other {# вопроса}}, "
    "а в этом {held, plural, one {# вопрос} few {# вопроса} many {# вопросов} "
    "other {# вопроса}}.",
    "too_many_from_address": "Слишком много {what, select, join {входов в игры} "
    "create {новых игр} bank {загрузок банков вопросов} draft {черновиков игр} "
    "handover {попыток ввести код учителя} handover_code {кодов учителя} "
    "other {таких запросов}} с этого адреса; "
    "подождите минуту и попробуйте ещё раз.",
    "bad_bank": "Банк вопросов не принят; ни один вопрос не загружен.",
    "no_download": "У этой игры нет файла «{download}» для загрузки.",
    "not_an_event": "Эта игра — не турнир класса.",
    "no_media": "Такого файла нет или его пока нельзя показать.",
    "bad_time": "Время («at») — это число секунд, и оно не идёт назад.",
    "internal": "У нас что-то сломалось; игра не изменилась.",
    "not_found": "Такой страницы нет.",
    "method_not_allowed": "Так к этому адресу обращаться нельзя.",
    "http_error": "Запрос не выполнен.",
    "no_handover": "Этот код учителя ничего не открывает.",
    "no_handover.unknown": "Такого кода учителя нет; проверьте буквы или сделайте новый код.",
    "no_handover.expired": "Срок этого кода учителя истёк; сделайте новый на первом устройстве.",
    "no_handover.used": "Этот код учителя уже использован; сделайте новый на первом устройстве.",
    "bad_request.games": "Укажите не больше "
    "{most, plural, one {# игры} few {# игр} many {# игр} other {# игры}}, у каждой — её "
    "номер («id») и ключ ведущего («secret»).",
    "bad_host_key": "Ключ ведущего не подходит; откройте начальную страницу ещё раз, она "
    "выдаст новый.",
    "no_class": "Такого списка класса нет.",
    "no_pupil": "Такого ученика в этом классе нет.",
    "same_pupil": "Ученика нельзя объединить с ним самим.",
    "other_class": "Эта игра уже урок другого класса.",
    "no_preset": "Такой заготовки настроек нет.",
    "bad_class": "Список класса не принят.",
    "bad_class.names": "Дайте имена учеников: списком или текстом, по имени в строке.",
    "bad_class.count": "В классе от 1 до "
    "{most, plural, one {# имени} few {# имён} many {# имён} other {# имени}}.",
    "bad_class.long_name": "Одно из имён длиннее "
    "{most, plural, one {# знака} few {# знаков} many {# знаков} other {# знака}}.",
    "bad_class.source": "Дайте имена одним способом: списком, текстом или из сыгранной игры.",
    "bad_class.game": "В этой игре не было игроков, чьи имена можно взять.",
    "bad_class.title": "Название — от 1 до "
    "{most, plural, one {# знака} few {# знаков} many {# знаков} other {# знака}}.",
    "bad_class.full": "Можно хранить не больше "
    "{most, plural, one {# списка} few {# списков} many {# списков} other {# списка}}; "
    "сначала удалите один.",
    "bad_preset": "Заготовка настроек не принята.",
    "bad_preset.title": "Название — от 1 до "
    "{most, plural, one {# знака} few {# знаков} many {# знаков} other {# знака}}.",
    "bad_preset.game": "Укажите одну из игр этого сервера.",
    "bad_preset.settings": "Настройки должны быть объектом JSON.",
    "bad_preset.settings_size": "Настройки слишком длинные.",
    "bad_preset.full": "Можно хранить не больше "
    "{most, plural, one {# заготовки} few {# заготовок} many {# заготовок} other {# заготовки}}; "
    "сначала удалите одну.",
    "no_coach": "Тренер разбирает только партии в русские шашки.",
    "coach_not_over": "Разбор будет, когда партия закончится.",
}

EN: Final = {
    "@host": "the host",
    "unknown_game": "There is no such game.",
    "unknown_game.kind": "There is no game kind {game}; the kinds are: {kinds, list}.",
    "unknown_seat": "There is no such seat in this game.",
    "unknown_seat.secret": "No seat has this secret in this game; open the invitation link again.",
    "unknown_seat.role": "There is no seat {role} in this game.",
    "forbidden": "You may not do that.",
    "forbidden.projector": "The projector only watches.",
    "forbidden.host": "Only the host may do this.",
    "hello_first": "Say hello first: a “hello” message with the seat's secret.",
    "text_only": "Send JSON as text frames.",
    "unknown_frame": "Frames are “command”, “ping” or “resync”.",
    "bad_command": "This command is not well formed.",
    "bad_command.object": "A command must be a JSON object.",
    "bad_command.type": "A command needs a text “type”.",
    "bad_command.id": "A command “id” must be a text of at most 100 characters.",
    "bad_command.nested": "This command is too deeply nested.",
    "bad_command.not_understood": "This command cannot be understood.",
    "bad_request": "This request is not valid.",
    "bad_request.version": "“version” must be a whole number.",
    "bad_request.code": "Give the game's code.",
    "bad_request.name": "A name must be 1 to "
    "{most, plural, one {# character} other {# characters}} long.",
    "bad_request.role": "Name a seat of this game.",
    "stale_version": "The game is now at version {version}; look at the new state and send again.",
    "shutting_down": "The server is restarting; try again shortly.",
    "rate_limited": "Too many commands; slow down a little.",
    "busy": "The game is too busy right now; send again.",
    "no_robot": "No robot plays this game yet.",
    "no_robot.seat": "No robot plays this seat: only a robot's seat can be handed to a person.",
    "seat_taken": "Every seat of this game is taken.",
    "not_gone_on": "This game has not gone on in a new one.",
    "seat_taken.playing": "Someone is playing this seat; a robot can take it once they leave.",
    "too_large": "This message is too large.",
    "bad_json": "This is not JSON.",
    "bad_json.nested": "This JSON is nested too deeply.",
    "bad_json.invalid": "This is not valid JSON.",
    "bad_json.object": "A message must be a JSON object.",
    "not_ready": "The server is not ready.",
    "not_ready.starting": "The server is starting or stopping.",
    "not_ready.database": "The database does not answer.",
    "not_ready.bus": "This server has lost its connection to the other servers; it is "
    "reconnecting.",
    "unavailable": "The database does not answer; send again shortly.",
    "bad_setup": "The setup line is not accepted.",
    "bad_setup.invalid": "This setup line is not valid.",
    "bad_setup.other_game": "The setup line is for another game.",
    "bad_text": "This text holds a character that cannot be stored.",
    "bad_text.surrogate": "This text holds a lone Unicode surrogate, which cannot be stored; "
    "remove it and send again.",
    "bad_text.nul": "This text holds a NUL character, which cannot be stored; remove it and "
    "send again.",
    "team_code_needed": "A team is joined by its own code; ask the host for your team's code.",
    "bad_robot": "There is no such robot: choose a kind, level and accuracy from those offered.",
    "bank_too_slow": "This question bank takes too long to read; split it into smaller files.",
    "bank_too_much_memory": "Reading this question bank takes more than {megabytes} MB of "
    "memory; split it into smaller files.",
    "no_draft": "A question bank is uploaded for a new game, on the page that makes it.",
    "no_draft.missing": "A question bank is uploaded for a game being made: open the start "
    "page again and upload it there.",
    "no_draft.closed": "This game draft has expired or was used already: open the start page "
    "again and upload the question bank once more.",
    "bank_too_big": "A question bank may hold at most "
    "{limit, plural, one {# question} other {# questions}}; this one holds "
    "{held, plural, one {# question} other {# questions}}.",
    "too_many_from_address": "Too many {what, select, join {requests to join} "
    "create {new games made} bank {question bank uploads} draft {game drafts} "
    "handover {teacher's codes typed} handover_code {teacher's codes made} "
    "other {requests of this kind}} "
    "from this address; wait a minute and try again.",
    "bad_bank": "The question bank is not accepted; no question was imported.",
    "no_download": "This game has no download “{download}”.",
    "not_an_event": "This game is not a class tournament.",
    "no_media": "There is no such file, or it cannot be shown yet.",
    "bad_time": "The time (“at”) is a number of seconds that never goes back.",
    "internal": "Something went wrong on our side; the game is unchanged.",
    "not_found": "There is no such page.",
    "method_not_allowed": "This address does not take that method.",
    "http_error": "The request failed.",
    "no_handover": "This teacher's code opens nothing.",
    "no_handover.unknown": "There is no such teacher's code; check the letters, or make a "
    "new code.",
    "no_handover.expired": "This teacher's code has expired; make a new one on the first device.",
    "no_handover.used": "This teacher's code was used already; make a new one on the first device.",
    "bad_request.games": "Give at most {most, plural, one {# game} other {# games}}, each its "
    "“id” and host “secret”.",
    "bad_host_key": "This host key is not valid; open the start page again for a new one.",
    "no_class": "There is no such class list.",
    "no_pupil": "There is no such pupil in this class.",
    "same_pupil": "A pupil cannot be merged into themselves.",
    "other_class": "This game is a lesson of another class.",
    "no_preset": "There is no such preset.",
    "bad_class": "This class list is not valid.",
    "bad_class.names": "Give the pupils' names: a list, or a text with one name a line.",
    "bad_class.count": "A class has 1 to {most, plural, one {# name} other {# names}}.",
    "bad_class.long_name": "A name is longer than "
    "{most, plural, one {# character} other {# characters}}.",
    "bad_class.source": "Give the names one way: a list, a text, or a finished game.",
    "bad_class.game": "This game had no players whose names could be taken.",
    "bad_class.title": "The name must be 1 to "
    "{most, plural, one {# character} other {# characters}} long.",
    "bad_class.full": "At most {most, plural, one {# list} other {# lists}} may be kept; "
    "delete one first.",
    "bad_preset": "This preset is not valid.",
    "bad_preset.title": "The name must be 1 to "
    "{most, plural, one {# character} other {# characters}} long.",
    "bad_preset.game": "Name one of this server's games.",
    "bad_preset.settings": "The settings must be a JSON object.",
    "bad_preset.settings_size": "The settings are too long.",
    "bad_preset.full": "At most {most, plural, one {# preset} other {# presets}} may be kept; "
    "delete one first.",
    "no_coach": "The coach reviews Russian draughts games only.",
    "coach_not_over": "The review comes when the game is over.",
}

MESSAGES: Final = {"ru": RU, "en": EN}
