"""People's names in the case a Russian sentence needs («вместо Константина
Константинопольского»), by pymorphy3 and its OpenCorpora dictionary (``docs/i18n.md``).

A name is declined word by word (each part of a double-barrelled «Мария-Антуанетта» too)
with the person's gender, read from the first word the dictionary knows as a first name
(else a surname). A word is declined as:

- a first name, surname or patronymic of that gender (or of either: «Саша»);
- a robot's title before a first name («Инвестор Анна» → «Инвестора Анны»);
- an adjective-like surname of that gender («Константинопольский», «Вишневецкая»);
- for a man, any masculine noun-like surname («Смит» → «Смита»).

Anything else stays as written: a woman's surname on a consonant («Мария Кох»), words the
dictionary reads otherwise, Latin letters, initials. Results are cached; the dictionary is
read once, on the first Cyrillic name (about 0.2 s, 30 MB).

>>> decline("Константин Константинопольский", "gen")
'Константина Константинопольского'
>>> decline("Мария-Антуанетта Вишневецкая", "ins"), decline("John Smith", "dat")
('Марией-Антуанеттой Вишневецкой', 'John Smith')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

CASES = ("gen", "dat", "acc", "ins", "prep")
"""The cases a name is given in besides the nominative."""
_GRAMMEME = {"gen": "gent", "dat": "datv", "acc": "accs", "ins": "ablt", "prep": "loct"}
_PERSON = frozenset({"Name", "Surn", "Patr"})
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@cache
def _analyzer() -> Any:
    import pymorphy3  # type: ignore[import-untyped]  # read only when a name needs a case

    return pymorphy3.MorphAnalyzer(lang="ru")


@cache
def _nominative(word: str) -> tuple[Any, ...]:
    """The dictionary's readings of ``word`` as a nominative singular."""
    return tuple(
        p for p in _analyzer().parse(word) if p.tag.case == "nomn" and p.tag.number != "plur"
    )


def _gender(words: list[str]) -> str | None:
    """The person's gender: of the first first name, else of the first surname."""
    for grammeme in ("Name", "Surn"):
        for word in words:
            for part in word.split("-"):
                for parse in _nominative(part):
                    if grammeme in parse.tag and parse.tag.gender in ("masc", "femn"):
                        return str(parse.tag.gender)
    return None


def _fits(parse: Any, gender: str | None) -> bool:
    return gender is None or parse.tag.gender == gender or "ms-f" in parse.tag


def _choose(word: str, gender: str | None, title: bool) -> Any | None:
    """The reading of ``word`` to decline, or None to leave it as written."""
    parses = _nominative(word)
    person = [p for p in parses if _PERSON & p.tag.grammemes and _fits(p, gender)]
    if person:
        return person[0]
    if title:
        nouns = [p for p in parses if p.tag.POS == "NOUN" and p.tag.animacy == "anim"]
        if nouns:
            return nouns[0]
    adjectives = [p for p in parses if p.tag.POS == "ADJF" and _fits(p, gender)]
    if adjectives and gender is not None:
        return adjectives[0]
    if gender != "femn":
        nouns = [p for p in parses if p.tag.POS == "NOUN" and p.tag.gender == "masc"]
        if nouns and (gender == "masc" or nouns[0].tag.animacy == "anim"):
            return nouns[0]
    return None


def _is_first_name(word: str) -> bool:
    return any("Name" in p.tag for p in _nominative(word.split("-")[0]))


def _as_written(word: str, form: str) -> str:
    """``form`` with the letter case of ``word`` («д'Арк», «Мария»), «ё» kept."""
    if form.lower().replace("ё", "е") == word.lower().replace("ё", "е"):
        return word
    out = [
        char.upper() if index < len(word) and word[index].isupper() else char
        for index, char in enumerate(form)
    ]
    return "".join(out)


def _word(word: str, case: str, gender: str | None, title: bool) -> str:
    parse = _choose(word, gender, title)
    if parse is None:
        return word
    form = parse.inflect({_GRAMMEME[case]})
    return word if form is None else _as_written(word, str(form.word))


@cache
def decline(name: str, case: str) -> str:
    """``name`` in ``case`` (``nom``, ``gen``, ``dat``, ``acc``, ``ins``, ``prep``).

    >>> [decline("Никита Кузьмин", c) for c in ("gen", "dat", "ins")]
    ['Никиты Кузьмина', 'Никите Кузьмину', 'Никитой Кузьминым']
    >>> decline("Рейдер Лев", "acc"), decline("Мария Кох", "gen")
    ('Рейдера Льва', 'Марии Кох')
    """
    if case == "nom" or not _CYRILLIC.search(name):
        return name
    if case not in _GRAMMEME:
        raise ValueError(f"unknown case {case!r}")
    words = name.split()
    gender = _gender(words)
    out = []
    for index, word in enumerate(words):
        title = index + 1 < len(words) and _is_first_name(words[index + 1])
        title = title and not _is_first_name(word)
        out.append("-".join(_word(part, case, gender, title) for part in word.split("-")))
    return " ".join(out)


def name_forms(names: Iterable[str]) -> dict[str, dict[str, str]]:
    """Each name's case forms, for the names that have any (the pages' ``{name:gen}``).

    >>> name_forms(["Аня", "John"])
    {'Аня': {'gen': 'Ани', 'dat': 'Ане', 'acc': 'Аню', 'ins': 'Аней', 'prep': 'Ане'}}
    """
    forms: dict[str, dict[str, str]] = {}
    for name in names:
        if not isinstance(name, str) or name in forms:
            continue
        declined = {case: decline(name, case) for case in CASES}
        if any(form != name for form in declined.values()):
            forms[name] = declined
    return forms
