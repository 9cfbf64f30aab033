"""A small ICU MessageFormat subset with CLDR plural rules and number formats (Babel).

A message is text with placeholders:

- ``{who}`` a parameter: a number in the language's format, an id turned into a name;
- ``{firm:gen}`` a case form of a name (``nom``, ``gen``, ``dat``, ``acc``, ``ins``, ``prep``):
  a thing's from the catalogue (``@firm:gen``), a person's declined (:mod:`boardroom.i18n.names`);
- ``{qty, plural, one {# акция} few {# акции} many {# акций} other {# акции}}`` the CLDR
  plural category of a number (``=0 {…}`` for an exact value; ``#`` is the number);
- ``{side, select, buy {…} other {…}}`` a choice by a text value;
- ``{phase, term}`` / ``{phases, terms}`` the catalogue's word for a value (``term.phase.session``),
  a list of them joined by ``term.or``; ``{legal, list}`` a list of values.

>>> from boardroom.i18n.messages import Catalogue, format_message
>>> cat = Catalogue({"ru": {"@firm": "фирма #", "@firm:gen": "фирмы #"}}, {"firm": "firm:"})
>>> text = "У {firm:gen} {n, plural, one {# акция} few {# акции} many {# акций} other {# акции}}."
>>> [format_message(text, {"firm": 3, "n": n}, "ru", cat) for n in (1, 2, 5)]
['У фирмы 3 1 акция.', 'У фирмы 3 2 акции.', 'У фирмы 3 5 акций.']
>>> format_message("{who} pays {cash}", {"who": "p1", "cash": 1500}, "en", cat, {"p1": "Anna"})
'Anna pays 1,500'
>>> format_message("вместо {was:gen}", {"was": "p1"}, "ru", cat, {"p1": "Мария Вишневецкая"})
'вместо Марии Вишневецкой'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

from boardroom.i18n.names import decline

CASES = ("nom", "gen", "dat", "acc", "ins", "prep")
_LOCALES: dict[str, Locale] = {}


class MessageError(ValueError):
    """A message that cannot be formatted (bad syntax, a missing parameter or word)."""


@dataclass
class Catalogue:
    """Messages and words by language (flat keys), and the parameters that name things.

    ``references`` maps a parameter name to the id prefix its numbers stand for:
    ``{"firm": "firm:"}`` makes ``firm=3`` read as the account ``firm:3``. Words for
    things that are not people are keyed ``@id`` (``@state``, ``@state:gen``) or, for
    numbered ones, ``@prefix`` with ``#`` for the number (``@firm`` → ``фирма #``).
    """

    messages: dict[str, dict[str, str]]
    references: dict[str, str] = field(default_factory=dict)

    def merged(self, other: Catalogue) -> Catalogue:
        """This catalogue with ``other``'s keys added (``other`` wins)."""
        langs = set(self.messages) | set(other.messages)
        messages = {
            lang: {**self.messages.get(lang, {}), **other.messages.get(lang, {})} for lang in langs
        }
        return Catalogue(messages, {**self.references, **other.references})

    def get(self, lang: str, key: str) -> str | None:
        return self.messages.get(lang, {}).get(key)


def plural_category(number: float, lang: str) -> str:
    """The CLDR plural category of ``number`` in ``lang`` (Babel's rules).

    >>> [plural_category(n, "ru") for n in (1, 2, 5, 11, 21, 22)]
    ['one', 'few', 'many', 'many', 'one', 'few']
    >>> [plural_category(n, "en") for n in (1, 2, 5)]
    ['one', 'other', 'other']
    """
    return str(_locale(lang).plural_form(number))


def format_number(number: float, lang: str) -> str:
    """A number as people of ``lang`` write it (at most two decimals).

    >>> format_number(1500, "ru"), format_number(216.0, "ru"), format_number(9.25, "en")
    ('1\\xa0500', '216', '9.25')
    """
    return str(format_decimal(number, format="#,##0.##", locale=_locale(lang)))


def format_money(number: float, lang: str) -> str:
    """An amount with two decimals: ``216,00`` in Russian, ``216.00`` in English.

    >>> format_money(216, "ru"), format_money(1234.5, "en")
    ('216,00', '1,234.50')
    """
    return str(format_decimal(number, format="#,##0.00", locale=_locale(lang)))


def _locale(lang: str) -> Locale:
    if lang not in _LOCALES:
        _LOCALES[lang] = Locale.parse(lang)
    return _LOCALES[lang]


def format_message(
    text: str,
    params: Mapping[str, Any],
    lang: str,
    catalogue: Catalogue,
    names: Mapping[str, str] | None = None,
) -> str:
    """``text`` with its placeholders filled from ``params`` (see the module's doc)."""
    return _Formatter(params, lang, catalogue, names or {}).run(text, None)


_CASE = re.compile(r"^\s*(\w+)\s*(?::\s*(\w+)\s*)?$")


class _Formatter:
    def __init__(
        self, params: Mapping[str, Any], lang: str, catalogue: Catalogue, names: Mapping[str, str]
    ) -> None:
        self.params = params
        self.lang = lang
        self.catalogue = catalogue
        self.names = names

    def run(self, text: str, number: str | None) -> str:
        out: list[str] = []
        index = 0
        while index < len(text):
            char = text[index]
            if char == "{":
                end = _closing(text, index)
                out.append(self.placeholder(text[index + 1 : end]))
                index = end + 1
            elif char == "#" and number is not None:
                out.append(number)
                index += 1
            else:
                out.append(char)
                index += 1
        return "".join(out)

    def placeholder(self, body: str) -> str:
        simple = _CASE.match(body)
        if simple:
            return self.display(simple[1], self.param(simple[1]), simple[2] or "nom")
        name, _, rest = body.partition(",")
        name = name.strip()
        kind, _, options = rest.strip().partition(",")
        kind = kind.strip()
        value = self.param(name)
        if kind == "plural":
            return self.plural(value, options)
        if kind == "select":
            return self.run(_pick(_branches(options), str(value)), None)
        if kind == "term":
            return self.term(name, value)
        if kind == "terms":
            joined = f" {self.word('term.or')} "
            return joined.join(self.term(name, item) for item in _items(value))
        if kind == "list":
            return ", ".join(self.display(name, item, "nom") for item in _items(value))
        raise MessageError(f"unknown placeholder kind {kind!r} in {{{body}}}")

    def param(self, name: str) -> Any:
        if name not in self.params:
            raise MessageError(f"the message needs the parameter {name!r}")
        return self.params[name]

    def plural(self, value: Any, options: str) -> str:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise MessageError(f"a plural needs a number, not {value!r}")
        branches = _branches(options)
        exact = f"={value:g}"
        chosen = (
            branches[exact]
            if exact in branches
            else _pick(branches, plural_category(value, self.lang))
        )
        return self.run(chosen, format_number(value, self.lang))

    def term(self, name: str, value: Any) -> str:
        return self.word(f"term.{name}.{value}")

    def word(self, key: str) -> str:
        found = self.catalogue.get(self.lang, key)
        if found is None:
            raise MessageError(f"no word {key!r} in {self.lang}")
        return found

    def display(self, name: str, value: Any, case: str) -> str:
        if case not in CASES:
            raise MessageError(f"unknown case {case!r}")
        prefix = self.catalogue.references.get(name)
        if prefix is not None and isinstance(value, int) and not isinstance(value, bool):
            value = f"{prefix}{value}"
        if isinstance(value, bool):
            return self.word(f"term.{str(value).lower()}")
        if isinstance(value, int | float):
            return format_number(value, self.lang)
        if isinstance(value, list | tuple):
            return ", ".join(self.display(name, item, case) for item in value)
        text = str(value)
        if text in self.names:
            name = self.names[text]
            return decline(name, case) if self.lang == "ru" else name
        return self.thing(text, case)

    def thing(self, text: str, case: str) -> str:
        """The word for a non-person id (``state``, ``firm:3``), or the text itself."""
        head, colon, number = text.partition(":")
        key = f"@{head}" if colon and number else f"@{text}"
        for candidate in (f"{key}:{case}", key):
            found = self.catalogue.get(self.lang, candidate)
            if found is not None:
                return found.replace("#", number) if colon else found
        return text


def _closing(text: str, start: int) -> int:
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    raise MessageError(f"unbalanced braces in {text!r}")


def _branches(options: str) -> dict[str, str]:
    """``one {…} few {…}`` → ``{"one": "…", "few": "…"}``."""
    branches: dict[str, str] = {}
    index = 0
    while index < len(options):
        if options[index].isspace():
            index += 1
            continue
        brace = options.find("{", index)
        if brace < 0:
            raise MessageError(f"a branch without a text in {options!r}")
        end = _closing(options, brace)
        branches[options[index:brace].strip()] = options[brace + 1 : end]
        index = end + 1
    return branches


def _pick(branches: Mapping[str, str], key: str) -> str:
    if key in branches:
        return branches[key]
    if "other" in branches:
        return branches["other"]
    raise MessageError(f"no branch {key!r} nor 'other' among {list(branches)}")


def _items(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [value]
