"""What a bank import says to people, in Russian and English, with plural forms right.

Every sentence is made from a stable code and its parameters (:class:`Skipped`
codes, the preview's counts), so pages and downloads can show either language.

>>> count(4, "question", "ru"), count(5, "question", "ru"), count(21, "question", "ru")
('4 вопроса', '5 вопросов', '21 вопрос')
>>> count(1, "question", "en"), count(12, "question", "en")
('1 question', '12 questions')
"""

from __future__ import annotations

from collections.abc import Mapping

from boardroom.games.quiz.bank.syntax import reason_text

LANGS = ("ru", "en")

NOUNS: dict[str, dict[str, tuple[str, ...]]] = {
    # Russian: one, few, many (nominative); English: one, other
    "question": {"ru": ("вопрос", "вопроса", "вопросов"), "en": ("question", "questions")},
    "file": {"ru": ("файл", "файла", "файлов"), "en": ("file", "files")},
    "error": {"ru": ("ошибка", "ошибки", "ошибок"), "en": ("bad row", "bad rows")},
}
FROM_FILES = {"ru": ("файла", "файлов", "файлов")}  # «из 1 файла», «из 2 файлов»

SKIP_REASONS = {
    "no_question": {
        "ru": "кот в мешке без своего вопроса",
        "en": "a cat in a bag with no question of its own",
    },
    "answer_type": {
        "ru": "ответ вида «{type}» в этой игре дать нельзя",
        "en": "an answer of the kind '{type}' cannot be given in this game",
    },
    "choice_media": {
        "ru": "вариант {option} — картинка или звук, а не текст",
        "en": "choice {option} is a picture or a sound, not text",
    },
    "missing_media": {
        "ru": "файла «{file}» нет в пакете",
        "en": "the file '{file}' is not in the package",
    },
    "empty_slot": {
        "ru": "пустое место на табло (в SIGame у него цена −1)",
        "en": "an empty place on the board (SIGame's price -1)",
    },
    "stake": {
        "ru": "вопрос со ставкой: его цену назначает ставка игрока, а здесь ставок нет",
        "en": "a stake question: its price is a player's bid, and there are no bids here",
    },
    "chosen_price": {
        "ru": "кот в мешке, цену которого выбирает игрок, а здесь её выбрать некому",
        "en": "a cat in a bag whose price the player picks, and nobody picks it here",
    },
    "repeated": {
        "ru": "такой же вопрос уже есть в {file}",
        "en": "the same question is already in {file}",
    },
}


def plural_form(n: int, lang: str) -> int:
    """Which form a count takes: Russian 0 one / 1 few / 2 many; English 0 one / 1 other.

    >>> [plural_form(n, "ru") for n in (1, 2, 5, 11, 12, 14, 21, 22, 25, 101, 111)]
    [0, 1, 2, 2, 2, 2, 0, 1, 2, 0, 2]
    """
    if lang != "ru":
        return 0 if n == 1 else 1
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def count(n: int, noun: str, lang: str) -> str:
    """``n`` and the noun in the form the number asks for."""
    return f"{n} {NOUNS[noun][lang][plural_form(n, lang)]}"


def place(where: Mapping[str, object], lang: str) -> str:
    """A question's place in a package, in the reader's language.

    >>> place({"round": 1, "round_name": "Финал", "theme_name": "Кино", "question": 2}, "ru")
    'раунд 1 «Финал», тема «Кино», вопрос 2'
    """
    r, q = where["round"], where["question"]
    rn, tn = where["round_name"], where["theme_name"]
    if lang == "ru":
        return f"раунд {r} «{rn}», тема «{tn}», вопрос {q}"
    return f"round {r} '{rn}', theme '{tn}', question {q}"


def skip_reason(code: str, params: Mapping[str, str], lang: str) -> str:
    """Why a question was left out.

    >>> skip_reason("answer_type", {"type": "point"}, "ru")
    'ответ вида «point» в этой игре дать нельзя'
    """
    text = SKIP_REASONS.get(code, {}).get(lang, code)
    for name, value in params.items():
        text = text.replace(f"{{{name}}}", value)
    return text


def skipped_line(item: Mapping[str, object], lang: str) -> str:
    """One skipped question: the file, its place (or line) and the reason."""
    params = item.get("params")
    reason = skip_reason(str(item["code"]), params if isinstance(params, dict) else {}, lang)
    where = item.get("place")
    if isinstance(where, dict):
        at = place(where, lang)
    else:
        at = f"строка {item['line']}" if lang == "ru" else f"line {item['line']}"
    return f"{item['source']}: {at} — {reason}"


def summary(questions: int, files: int, skipped: int, lang: str) -> str:
    """The preview's first line.

    >>> summary(16, 2, 3, "ru")
    '16 вопросов из 2 файлов; пропущено 3 вопроса.'
    >>> summary(21, 1, 1, "ru"), summary(1, 1, 0, "en")
    ('21 вопрос из 1 файла; пропущен 1 вопрос.', '1 question from 1 file.')
    """
    if lang == "ru":
        text = f"{count(questions, 'question', 'ru')} из {files} "
        text += FROM_FILES["ru"][plural_form(files, "ru")]
        if skipped:
            verb = "пропущен" if plural_form(skipped, "ru") == 0 else "пропущено"
            text += f"; {verb} {count(skipped, 'question', 'ru')}"
        return text + "."
    text = f"{count(questions, 'question', 'en')} from {count(files, 'file', 'en')}"
    if skipped:
        text += f"; {count(skipped, 'question', 'en')} skipped"
    return text + "."


def category_line(name: str | None, n: int, lang: str) -> str:
    """A category and how many questions it has.

    >>> category_line("История", 4, "ru"), category_line(None, 1, "en")
    ('История — 4 вопроса', 'Without a category — 1 question')
    """
    label = name or ("Без категории" if lang == "ru" else "Without a category")
    return f"{label} — {count(n, 'question', lang)}"


def missing_line(n: int, lang: str) -> str:
    """How many media files the bank names but no file sent holds.

    >>> missing_line(1, "ru"), missing_line(3, "ru"), missing_line(2, "en")
    ('1 файл не найден: добавьте архив .zip с ним.', '3 файла не найдены: добавьте архив .zip с ними.', '2 files not found: add a .zip archive holding them.')
    """  # noqa: E501
    if lang == "ru":
        one = plural_form(n, "ru") == 0
        verb, them = ("не найден", "с ним") if one else ("не найдены", "с ними")
        return f"{count(n, 'file', 'ru')} {verb}: добавьте архив .zip {them}."
    verb = "not found: add a .zip archive holding " + ("it" if n == 1 else "them")
    return f"{count(n, 'file', 'en')} {verb}."


def refusal_header(source: str, errors: int, lang: str) -> str:
    """The first line of a refused import.

    >>> refusal_header("финал.csv", 3, "ru")
    'финал.csv: 3 ошибки; ничего не загружено.'
    """
    if lang == "ru":
        return f"{source}: {count(errors, 'error', 'ru')}; ничего не загружено."
    return f"{source}: {count(errors, 'error', 'en')}; nothing was imported."


FIELDS_RU = {
    "id": "номер",
    "text": "вопрос",
    "answer": "ответ",
    "choices": "варианты",
    "category": "категория",
    "points": "очки",
    "time_s": "время",
    "accept": "принимается",
    "comment": "комментарий",
    "host_text": "ведущему",
    "media": "медиа",
}
HINT_RU = "сохраните его заново как UTF-8 (в Excel: «Сохранить как» → «CSV UTF-8»)"
PROBLEMS_RU = {
    # a row (CSV/JSON/YAML) or a package's question
    "not_mapping": "вопрос должен быть набором полей",
    "answer_not_choice": "ответа «{answer}» нет среди вариантов",
    "unknown_field": "неизвестный столбец «{field}»; столбцы: " + ", ".join(FIELDS_RU.values()),
    "field_twice": "столбец «{field}» указан дважды",
    "missing": "не заполнено поле «{field}»",
    "not_text": "поле «{field}» должно быть текстом",
    "not_number": "в поле «{field}» должно быть число, а не «{value}»",
    "negative": "в поле «{field}» должно быть число не меньше нуля, а не «{value}»",
    "not_positive": "в поле «{field}» должно быть число больше нуля, а не «{value}»",
    "not_list": "поле «{field}» должно быть списком или текстом через «|»",
    "one_choice": "вопросу с вариантами нужны хотя бы два варианта",
    "choice_twice": "вариант «{choice}» указан дважды",
    "bad_media": "неверное описание медиафайла",
    "id_taken": "номер вопроса «{id}» уже занят строкой {line}",
    "empty": "в файле нет вопросов",
    "unknown_format": "неизвестный формат «{format}»; подходят csv, json, yaml, yml, siq",
    "not_text_file": "файл не в кодировке UTF-8 и не в Windows-1251; " + HINT_RU,
    "empty_file": "файл пуст",
    "bad_header": "в строке заголовков есть пустое или повторённое имя столбца",
    "too_many_cells": "ячеек {cells}, а в заголовке столбцов {columns}",
    "no_answer": "нет правильного ответа (<right><answer>…</answer></right>)",
    "no_content": "у вопроса нет ни текста, ни картинки, ни звука, ни видео",
    "few_options": "у вопроса с выбором ответа меньше двух вариантов",
    "answer_not_option": "правильный ответ «{answer}» — не один из вариантов {options}",
    "empty_media": "пустая ссылка на файл",
    "id_in_file": "номер вопроса «{id}» уже занят в {file}",
    "no_files": "не прислано ни одного файла",
    "too_many_files": "слишком много файлов сразу",
    "bad_upload": "файлы пришли в непонятном виде",
    # a whole package
    "not_zip": "файл не ZIP-архив (а пакет .siq — это ZIP-архив)",
    "no_content_xml": "в архиве нет content.xml",
    "content_too_big": "content.xml больше {limit} байт",
    "unreadable": "content.xml не читается из архива",
    "not_xml": "в content.xml ошибка XML ({reason}): строка {line}, столбец {column}",
    "not_json": "файл не читается как JSON: {reason}",
    "not_yaml": "файл не читается как YAML: {reason}",
    "not_csv": "файл не читается как CSV: {reason}",
    "not_a_list": "нужен список вопросов или объект со списком «questions»",
    "no_questions_list": "нет списка «questions»",
    "id_twice": "номер вопроса «{id}» встречается дважды",
    "bad_root": "в корне content.xml элемент <{tag}>, а не <package>",
    "no_questions": "в пакете нет вопросов (нет round/theme/question в content.xml)",
    "nothing_askable": "ни один вопрос пакета нельзя задать в этой игре",
    "media_too_big": "медиафайлы пакета в распакованном виде слишком велики",
    "too_many_entries": "в архиве больше {limit} файлов",
}


def _fill(template: str, params: Mapping[str, str]) -> str:
    for name, value in params.items():
        shown = FIELDS_RU.get(value, value) if name == "field" else value
        shown = reason_text(value, "ru") if name == "reason" else shown
        template = template.replace(f"{{{name}}}", shown)
    return template


def problem_text(
    code: str, params: Mapping[str, str], english: str, lang: str, *, line: int = 0, column: int = 0
) -> str:
    """One problem in the reader's language (the English sentence when there is no template).

    >>> problem_text("missing", {"field": "answer"}, "answer is missing or empty", "ru", line=3)
    'строка 3: не заполнено поле «ответ»'
    """
    template = PROBLEMS_RU.get(code) or SKIP_REASONS.get(code, {}).get("ru")
    if lang != "ru" or template is None:
        text = english
    else:
        where = {k.removeprefix("place."): v for k, v in params.items() if k.startswith("place.")}
        text = _fill(template, params)
        if where:
            text = f"{place(where, 'ru')}: {text}"
    if not line:
        return text
    if lang == "ru":
        at = f"строка {line}, столбец {column}" if column else f"строка {line}"
    else:
        at = f"line {line}, column {column}" if column else f"line {line}"
    return f"{at}: {text}"
