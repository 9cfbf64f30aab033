"""Robots' names: a title by kind and a first name from a short list, per language.

A robot seat takes a name a person can read on the wall and in the results («Инвестор
Вера», «Director Mark»), not a placeholder. The first name is drawn from the seat and the
game's seed by a fixed hash (no random source), skipping first names the game already
has, so two robots of one game never share one. The same index gives the same first name
in every language.

>>> robot_name("value", "p3", 7, "ru", [])
'Инвестор Анна'
>>> robot_name("value", "p3", 7, "en", [])
'Investor Anna'
>>> robot_name("raider", "p3", 7, "ru", ["Инвестор Анна", "Игрок 4"])
'Рейдер Лев'
>>> robot_name("mixed", "p3", 7, "xx", [])
'Robot Anna'
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from typing import Final

FIRST_NAMES: Final = {
    "ru": (
        "Вера", "Марк", "Анна", "Лев", "Нина", "Олег", "Зоя", "Глеб",
        "Ева", "Роман", "Ирина", "Тимур", "Майя", "Фёдор", "Лиза", "Яков",
    ),
    "en": (
        "Vera", "Mark", "Anna", "Leo", "Nina", "Oleg", "Zoe", "Gleb",
        "Eve", "Roman", "Irina", "Timur", "Maya", "Fedor", "Liza", "Jacob",
    ),
}  # fmt: skip
TITLES: Final = {
    "ru": {
        "director": "Директор",
        "value": "Инвестор",
        "raider": "Рейдер",
        "noise": "Спекулянт",
        "speculator": "Спекулянт",
    },
    "en": {
        "director": "Director",
        "value": "Investor",
        "raider": "Raider",
        "noise": "Speculator",
        "speculator": "Speculator",
    },
}
ROBOT: Final = {"ru": "Робот", "en": "Robot"}
"""The title of a robot whose kind is not fixed when it is named (a mixed seat)."""


def robot_name(kind: str, seat: str, seed: int, lang: str, taken: Iterable[str]) -> str:
    """The name of the robot of ``kind`` at ``seat`` in a game of ``seed``, in ``lang``
    (English when there is no list for it), whose first name none of ``taken`` has."""
    lang = lang if lang in FIRST_NAMES else "en"
    names = FIRST_NAMES[lang]
    used = {word for name in taken for word in name.split()}
    start = zlib.crc32(f"{seed}:{seat}".encode()) % len(names)
    order = [names[(start + i) % len(names)] for i in range(len(names))]
    free = [n for n in order if n not in used]
    first = free[0] if free else f"{order[0]} {seat}"
    return f"{TITLES[lang].get(kind, ROBOT[lang])} {first}"
