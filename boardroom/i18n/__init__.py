"""Texts people read, in their language: refusals rendered from their code and parameters.

Each game core keeps its own words in ``boardroom/games/<game>/messages.py`` and its
descriptor names them (``KIND.words``: ``messages`` by language, ``references``: which
parameters number a thing, ``names(view)``: the names of the people and teams a view
shows); the server's and the pages' own refusals are in :mod:`boardroom.i18n.platform`.
This package is the mechanism (above the games, used by the server and the web).

The language: what the client asked for (a ``lang`` in the WebSocket hello, a ``?lang=``),
else the first supported language of ``Accept-Language``, else Russian.

>>> choose_language(None, "en-GB,en;q=0.9"), choose_language("en", "ru")
('en', 'en')
>>> choose_language(None, "de, ru;q=0.5, en;q=0.8"), choose_language(None, None)
('en', 'ru')
>>> render_refusal("insufficient_cash", {"account": "p2", "free": 200, "need": 400}, "ru",
...                "exchange", {"p2": "Аня"})
'Аня: свободных денег 200, а заявке нужно 400.'
>>> render_refusal("insufficient_cash", {"account": "state", "free": 1, "need": 5}, "en",
...                "exchange")
'The State has 1 free cash; this order needs 5.'
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import cache
from typing import Any

from boardroom.games.kind import Words
from boardroom.games.registry import KINDS
from boardroom.i18n import platform
from boardroom.i18n.messages import (
    Catalogue,
    MessageError,
    format_message,
    format_money,
    format_number,
    plural_category,
)
from boardroom.i18n.names import decline, name_forms
from boardroom.kernel import Json

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Catalogue",
    "MessageError",
    "catalogue_for",
    "choose_language",
    "decline",
    "format_message",
    "format_money",
    "format_number",
    "name_forms",
    "names_for",
    "plural_category",
    "refusal_key",
    "render_refusal",
    "with_name_forms",
]

LANGUAGES = ("ru", "en")
DEFAULT_LANGUAGE = "ru"
log = logging.getLogger("boardroom.i18n")


def choose_language(
    asked: object, accept_language: str | None, default: str = DEFAULT_LANGUAGE
) -> str:
    """The language to answer in: the client's own choice, else the supported language its
    ``Accept-Language`` prefers most, else ``default``.

    >>> choose_language(None, "uk-UA,ru;q=0.8,en;q=0.7"), choose_language(None, "fr", "en")
    ('ru', 'en')
    """
    if isinstance(asked, str) and asked.strip().lower()[:2] in LANGUAGES:
        return asked.strip().lower()[:2]
    best, best_quality = default, -1.0
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        base = tag.strip().lower().split("-")[0]
        if base not in LANGUAGES:
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        score = quality - position * 1e-6
        if quality > 0 and score > best_quality:
            best, best_quality = base, score
    return best


@cache
def catalogue_for(game: str | None) -> Catalogue:
    """The server's words, with those of ``game``'s core (when given) on top."""
    catalogue = _catalogue(Words(platform.MESSAGES)).merged(_kind_names())
    if game in KINDS:
        catalogue = catalogue.merged(_catalogue(KINDS[game].words))
    return catalogue


def _kind_names() -> Catalogue:
    """Every kind's own name (its word ``@<name>``), so any refusal may list the kinds."""
    messages: dict[str, dict[str, str]] = {}
    for kind in KINDS.values():
        for lang, texts in kind.words.messages.items():
            if f"@{kind.name}" in texts:
                messages.setdefault(lang, {})[f"@{kind.name}"] = texts[f"@{kind.name}"]
    return Catalogue(messages)


def _catalogue(words: Words) -> Catalogue:
    messages = {lang: dict(texts) for lang, texts in words.messages.items()}
    return Catalogue(messages, dict(words.references))


def names_for(game: str | None, view: Json) -> dict[str, str]:
    """The names of the people (and teams) ``view`` shows, by id.

    >>> names_for("quiz", {"teams": {"t1": {"name": "Совы"}}}), names_for("chess", {})
    ({'t1': 'Совы'}, {})
    """
    if game not in KINDS:
        return {}
    return KINDS[game].words.names(view)


def with_name_forms(game: str | None, view: Json) -> Json:
    """``view`` with ``name_forms``, the case forms of the names it shows (Russian, the
    pages' ``{name:gen}``), once the game has ended: the results and the debrief put
    names into sentences («вместо Константина Константинопольского»). Names are public in
    every view, so their forms are too; a view of a game still running is left as it is.

    >>> with_name_forms("exchange", {"phase": "ended", "players": {"p1": "Аня"}})["name_forms"]
    {'Аня': {'gen': 'Ани', 'dat': 'Ане', 'acc': 'Аню', 'ins': 'Аней', 'prep': 'Ане'}}
    >>> with_name_forms("exchange", {"phase": "exchange", "players": {"p1": "Аня"}})
    {'phase': 'exchange', 'players': {'p1': 'Аня'}}
    """
    if view.get("phase") != "ended":
        return view
    forms = name_forms(names_for(game, view).values())
    if forms:
        view["name_forms"] = forms
    return view


def refusal_key(code: str, params: Mapping[str, Any], catalogue: Catalogue) -> str:
    """The message key of a refusal: ``code.reason`` when it has that variant, else ``code``."""
    reason = params.get("reason")
    if isinstance(reason, str) and catalogue.get("en", f"{code}.{reason}") is not None:
        return f"{code}.{reason}"
    return code


def render_refusal(
    code: str,
    params: Mapping[str, Any],
    lang: str,
    game: str | None = None,
    names: Mapping[str, str] | None = None,
    fallback: str | None = None,
) -> str:
    """A refusal's sentence in ``lang``, from its code and its own parameters only."""
    catalogue = catalogue_for(game)
    key = refusal_key(code, params, catalogue)
    template = catalogue.get(lang, key)
    if template is not None:
        try:
            text = format_message(template, params, lang, catalogue, names)
            return text[:1].upper() + text[1:]
        except MessageError:
            log.exception("a refusal could not be rendered", extra={"code": code})
    return fallback if fallback is not None else code
