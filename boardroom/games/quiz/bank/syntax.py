"""Why a bank file cannot be parsed, as a stable reason code with a sentence in each language.

The parsers (JSON, PyYAML, ``csv``, expat) explain themselves in English; a bank's reader
keeps that sentence for English readers and names the reason by a code (``reason`` in the
problem's parameters), which :data:`REASONS` says in Russian and in English — so a Russian
reader never gets an English parser's words.

>>> reason("json", "Expecting ',' delimiter"), reason("yaml", "mapping values are not allowed here")
('comma', 'colon')
>>> reason("yaml", "found unexpected end of stream", "while scanning a quoted scalar")
'unclosed_quote'
>>> reason("csv", "something new"), REASONS["comma"]["ru"]
('syntax', 'не хватает запятой (или не закрыта скобка)')
"""

from __future__ import annotations

from typing import Final

REASONS: Final[dict[str, dict[str, str]]] = {
    "syntax": {"ru": "ошибка в записи", "en": "a syntax error"},
    "alias": {
        "ru": "ссылки вида *имя в банке вопросов не принимаются",
        "en": "aliases (*name) are not accepted in a question bank",
    },
    "colon": {
        "ru": "лишнее двоеточие: текст, в котором есть «: », возьмите в кавычки",
        "en": "a colon where none is expected: quote a text that holds ': '",
    },
    "no_colon": {
        "ru": "не хватает двоеточия после имени поля",
        "en": "a colon is missing after a field's name",
    },
    "unclosed_quote": {"ru": "кавычка не закрыта", "en": "a quotation mark is not closed"},
    "unclosed_bracket": {"ru": "скобка не закрыта", "en": "a bracket is not closed"},
    "tab": {
        "ru": "табуляция в отступе: отступайте пробелами",
        "en": "a tab in the indentation: indent with spaces",
    },
    "indent": {
        "ru": "неверный отступ: поля одного вопроса начинайте с одного отступа",
        "en": "a wrong indentation: start the fields of one question at the same indentation",
    },
    "value": {
        "ru": "ожидалось значение (текст в кавычках, число, список или объект)",
        "en": "a value is expected (quoted text, a number, a list or an object)",
    },
    "comma": {
        "ru": "не хватает запятой (или не закрыта скобка)",
        "en": "a comma is missing (or a bracket is not closed)",
    },
    "key_quotes": {
        "ru": "имя поля должно быть в двойных кавычках (и без запятой перед «}»)",
        "en": "a field's name must be in double quotes (and no comma before '}')",
    },
    "control": {
        "ru": "перенос строки или управляющий символ внутри кавычек (пишите \\n)",
        "en": "a line break or control character inside quotes (write \\n)",
    },
    "extra": {
        "ru": "лишний текст после конца данных",
        "en": "more text after the end of the data",
    },
    "escape": {
        "ru": "неверная последовательность с обратной косой чертой «\\»",
        "en": "a wrong escape sequence with a backslash '\\'",
    },
    "after_quote": {
        "ru": "после закрывающей кавычки должен идти разделитель",
        "en": "a closing quotation mark must be followed by the separator",
    },
    "nul": {
        "ru": "в файле нулевой символ: это не текстовый файл",
        "en": "the file holds a NUL character: it is not a text file",
    },
    "big_cell": {"ru": "ячейка слишком длинная", "en": "a cell is too long"},
    "no_element": {
        "ru": "файл обрывается: элемент не закрыт",
        "en": "the file ends before an element is closed",
    },
    "mismatched_tag": {
        "ru": "закрывающий тег не совпадает с открывающим",
        "en": "a closing tag does not match its opening tag",
    },
    "invalid_token": {
        "ru": "недопустимый символ (например, «&» или «<» в тексте без экранирования)",
        "en": "a character not allowed here (such as an unescaped '&' or '<' in text)",
    },
    "unclosed_token": {"ru": "тег не закрыт", "en": "a tag is not closed"},
    "undefined_entity": {
        "ru": "неизвестная сущность вида &имя;",
        "en": "an unknown entity (&name;)",
    },
    "duplicate_attribute": {"ru": "атрибут повторён", "en": "an attribute is repeated"},
    "unbound_prefix": {
        "ru": "неизвестный префикс пространства имён",
        "en": "an unknown namespace prefix",
    },
    "encoding": {"ru": "неверно указана кодировка", "en": "the encoding is wrong"},
    "declaration": {
        "ru": "неверное объявление <?xml …?>",
        "en": "a malformed <?xml …?> declaration",
    },
}

_PREFIXES: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "json": (
        ("Expecting value", "value"),
        ("Expecting ',' delimiter", "comma"),
        ("Expecting ':' delimiter", "no_colon"),
        ("Expecting property name", "key_quotes"),
        ("Unterminated string", "unclosed_quote"),
        ("Invalid control character", "control"),
        ("Extra data", "extra"),
        ("Invalid \\escape", "escape"),
        ("Invalid \\uXXXX escape", "escape"),
    ),
    "yaml": (
        ("aliases", "alias"),
        ("mapping values are not allowed", "colon"),
        ("could not find expected ':'", "no_colon"),
        ("found character '\\t'", "tab"),
        ("expected <block end>", "indent"),
        ("did not find expected key", "indent"),
        ("did not find expected '-'", "indent"),
        ("expected ',' or", "unclosed_bracket"),
        ("found unexpected end of stream", "unclosed_quote"),
    ),
    "csv": (
        ("unexpected end of data", "unclosed_quote"),
        ("new-line character seen in unquoted field", "unclosed_quote"),
        ("line contains NUL", "nul"),
        ("field larger than field limit", "big_cell"),
        ("expected after", "after_quote"),
    ),
    "xml": (
        ("no element found", "no_element"),
        ("mismatched tag", "mismatched_tag"),
        ("not well-formed", "invalid_token"),
        ("unclosed token", "unclosed_token"),
        ("undefined entity", "undefined_entity"),
        ("junk after document element", "extra"),
        ("duplicate attribute", "duplicate_attribute"),
        ("unbound prefix", "unbound_prefix"),
        ("unknown encoding", "encoding"),
        ("encoding specified in XML declaration is incorrect", "encoding"),
        ("partial character", "encoding"),
        ("XML declaration not well-formed", "declaration"),
        ("syntax error", "syntax"),
    ),
}


def reason(parser: str, english: str, context: str = "") -> str:
    """The reason code for a parser's (``json``, ``yaml``, ``csv``, ``xml``) English complaint;
    ``syntax`` when it is none of the known ones."""
    for prefix, code in _PREFIXES.get(parser, ()):
        if prefix in english:
            if code == "unclosed_quote" and parser == "yaml" and "quoted" not in context:
                return "syntax"
            return code
    return "syntax"


def reason_text(code: str, lang: str) -> str:
    """The reason in the reader's language (an unknown code reads as a syntax error).

    >>> reason_text("tab", "ru"), reason_text("?", "en")
    ('табуляция в отступе: отступайте пробелами', 'a syntax error')
    """
    return REASONS.get(code, REASONS["syntax"])[lang if lang in ("ru", "en") else "en"]
