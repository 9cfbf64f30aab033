"""What ``boardroom serve`` tells the person at the terminal, in Russian and English.

Data for ``boardroom/web/start.py``; the language is the terminal's (``LC_ALL``,
``LC_MESSAGES``, ``LANG``: the first set; Russian if it starts with ``ru``) unless
``--lang`` says otherwise. Placeholders are ``str.format`` fields (a port is no number
to group: «8000», never «8 000»).

>>> console_language(None, {"LANG": "ru_RU.UTF-8"}), console_language("en", {"LANG": "ru_RU"})
('ru', 'en')
>>> console_language(None, {"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"})
'en'
>>> console_language(None, {"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_GB.UTF-8"})
'ru'
>>> say("ru", "port_busy", port=8000, command="boardroom serve --port 8001")[:15]
'Порт 8000 занят'
"""

from __future__ import annotations

import locale
from collections.abc import Mapping
from typing import Any, Final

RU: Final = {
    "local": "Откройте на этом ноутбуке: {url}",
    "phones": "Телефоны подключаются по адресу: {url}",
    "others": "Другие адреса этого ноутбука (если телефоны в другой сети): {urls}",
    "loopback_only": "Сервер слушает только этот компьютер, телефоны его не найдут; "
    "для урока в сети класса запустите: {command}",
    "no_room": "У этого компьютера нет адреса в сети: подключите его к Wi-Fi класса, "
    "и телефоны найдут его по этому адресу.",
    "database": "Игры хранятся в {where}",
    "stop": "Остановить сервер: Ctrl+C",
    "bad_host": "{host} — не адрес этого компьютера; уберите --host, чтобы слушать сеть "
    "класса, или напишите --local, чтобы слушать только этот компьютер.",
    "port_busy": "Порт {port} занят (может быть, Boardroom уже запущен); выберите другой: "
    "{command}",
    "demo": "Демо-игра «{kind}», код {code}",
    "demo_host": "ведущий",
    "demo_join": "вход",
    "demo_projector": "экран",
    "demo_team": "команда {team}",
    "kind_exchange": "Биржевые шашки",
    "kind_quiz": "Шашки-викторина",
    "kind_russian": "Русские шашки",
    "kind_tournament": "Турнир класса",
}
EN: Final = {
    "local": "Open it on this laptop: {url}",
    "phones": "Phones join at: {url}",
    "others": "Other addresses of this laptop (for phones on another network): {urls}",
    "loopback_only": "The server listens to this computer only, phones will not find it; "
    "for a lesson on the room's network start it with: {command}",
    "no_room": "This computer has no network address: connect it to the room's Wi-Fi "
    "and phones will find it at that address.",
    "database": "Games are kept in {where}",
    "stop": "Stop the server: Ctrl+C",
    "bad_host": "{host} is not an address of this computer; leave out --host to listen on "
    "the room's network, or write --local to listen to this computer only.",
    "port_busy": "Port {port} is in use (perhaps Boardroom is running already); choose "
    "another: {command}",
    "demo": "Demo game “{kind}”, code {code}",
    "demo_host": "host",
    "demo_join": "join",
    "demo_projector": "projector",
    "demo_team": "team {team}",
    "kind_exchange": "Exchange Draughts",
    "kind_quiz": "Quiz Draughts",
    "kind_russian": "Russian draughts",
    "kind_tournament": "Class tournament",
}
WORDS: Final = {"ru": RU, "en": EN}
LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG")


def console_language(flag: str | None, env: Mapping[str, str]) -> str:
    """``flag`` if given; else Russian when the terminal's locale is Russian; else English."""
    if flag in WORDS:
        return flag
    for name in LOCALE_VARIABLES:
        if env.get(name):
            return "ru" if env[name].lower().startswith("ru") else "en"
    system = locale.getlocale()[0] or ""  # Windows: 'Russian_Russia'; unset on POSIX
    return "ru" if system.lower().startswith("ru") else "en"


def say(lang: str, key: str, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` with ``params`` put in."""
    return WORDS[lang][key].format(**params)


def demo_lines(lang: str, kind: str, code: str, links: Mapping[str, str]) -> list[str]:
    """A demo game's heading and its links, one a line (``host``, ``join``, ``projector``,
    ``team A`` …), in ``lang``.

    >>> print("\\n".join(demo_lines("ru", "quiz", "ABC123", {"join": "u/join", "team A": "u/a"})))
    Демо-игра «Шашки-викторина», код ABC123
      вход:        u/join
      команда A:   u/a
    """
    words = WORDS[lang if lang in WORDS else "en"]
    name = words.get(f"kind_{kind}", kind)
    lines = [words["demo"].format(kind=name, code=code)]
    for what, url in links.items():
        label = (
            words["demo_team"].format(team=what.split(" ", 1)[1])
            if what.startswith("team ")
            else words[f"demo_{what}"]
        )
        lines.append(f"  {label + ':':<12} {url}")
    return lines
