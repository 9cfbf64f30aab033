"""Every refusal the code can raise has a sentence in Russian and English, names people.

The refusals are found in the source itself (every ``Refused(...)``/``ApiError(...)`` call
and the few helpers that make them): a code or a ``reason`` variant added without its
templates, or a template using a parameter its call site does not give, fails here.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import cycle, islice
from pathlib import Path
from typing import Any

import pytest

from boardroom.games.registry import KINDS
from boardroom.i18n import LANGUAGES, catalogue_for, plural_category, render_refusal
from boardroom.i18n.messages import Catalogue, format_message

ROOT = Path(__file__).resolve().parents[2] / "boardroom"
MAKERS = {"Refused": None, "ApiError": None, "forbidden": "forbidden"}
"""Calls that make a refusal: their code is the first argument (or the one given here)."""
WRAPPERS = {
    ("games/exchange/setup.py", "_bad"): "bad_setup",
    ("games/exchange/ruleset.py", "_bad"): "bad_ruleset",
    ("games/quiz/setup.py", "SetupError"): "invalid_setup",
    ("games/quiz/ruleset.py", "SetupError"): "invalid_setup",
    ("games/quiz/setup.py", "RulesetError"): "invalid_setup",
    ("games/quiz/ruleset.py", "RulesetError"): "invalid_setup",
    ("games/russian/state.py", "SetupError"): "bad_setup",
    ("server/games.py", "not_found"): "unknown_game",
    ("server/seats.py", "not_found"): "unknown_game",
    ("server/seats.py", "unauthorized"): "unknown_seat",
}
DYNAMIC = {
    ("server/errors.py", "refused"),  # a core's refusal, passed on with its own code
    ("server/app.py", "http_error"),  # not_found / method_not_allowed / http_error
    ("games/exchange/setup.py", "_bad"),
    ("games/exchange/ruleset.py", "_bad"),
    ("games/tournament/event.py", "decide"),  # the tournament's own codes (russian catalogue)
}
"""Where a refusal's code may be a variable (each place listed and reviewed)."""
NAMES = {"p1": "Аня", "p2": "Александра Соколова", "p3": "Boris", "A": "Орлы", "B": "Owls"}
NUMBERS = [1, 2, 5, 11, 21, 22]
PHASES = [
    *("setup", "opening", "exchange", "meeting_calls", "meetings"),
    *("board", "taxes", "dividends", "ended"),
]
FIELDS = ["qty", "price", "payout", "seconds", "firm", "stock", "side", "move", "account"]
FIELDS += ["order", "candidate", "holder", "director"]
SAMPLES: dict[str, list[Any]] = {
    "account": ["p2", "firm:3", "state", "p1"],
    "by": ["p1", "p2"],
    "holder": ["p2", "firm:5", "state"],
    "candidate": ["p3", "p2"],
    "director": ["p2", "host"],
    "firm": [3, 5, 8],
    "on_call": [1, 6],
    "stock": [2, 7],
    "team": ["A", "B"],
    "phase": PHASES,
    "next": PHASES,
    "to_move": ["white", "black", "p1"],
    "megabytes": [300, 1024],
    "year": [1, 2],
    "wanted": [["exchange"], ["exchange", "meeting_calls"], ["meetings"], ["board"]],
    "field": FIELDS,
    "legal": [["c3-d4", "e3:g5"], ["a3-b4"]],
    "move": ["c3-d4", "h2-g1"],
    "choices": [["buy", "sell"]],
    "value": ["'abc'", *NUMBERS],
    "command": ["'fly'"],
    "known": [["blitz", "classic", "demo"]],
    "parameter": ["move_max_s"],
    "preset": ["'fast'"],
    "order": ["o7", "'o99'"],
    "question": ["'q9'"],
    "category": ["История"],
    "viewer": ["'zz'"],
    "seat": ["'zz'"],
    "role": ["'zz'"],
    "game": ["'chess'"],
    "kinds": [list(KINDS)],
    "download": ["pdn", "trades.csv"],
    "choice": [*NUMBERS, "'Рим'"],
    "what": ["join", "create", "bank"],
    **{
        name: NUMBERS
        for name in (
            *("free", "need", "qty", "limit", "minimum", "held", "wait", "most"),
            *("low", "high", "version", "sent", "last", "limit", "length"),
            *("taken", "moves", "pupils", "round", "board", "puzzle"),
        )
    },
}
LEAKS = re.compile(r"\bp\d+\b|firm:\d|\bNone\b|[{}#]|\b(?:True|False)\b")


@dataclass(frozen=True)
class Site:
    """One place in the source that raises a refusal."""

    where: str
    code: str
    reason: str | None
    params: frozenset[str] | None  # None: the call passes ``**something``

    @property
    def game(self) -> str | None:
        for game in KINDS:
            if self.where.startswith(f"games/{game}/"):
                return game
        return None

    @property
    def key(self) -> str:
        return f"{self.code}.{self.reason}" if self.reason else self.code


def _calls() -> Iterator[tuple[str, str, ast.Call, str]]:
    """Every call in the package: its file, the function it is in, the node, its name."""
    for path in sorted(ROOT.rglob("*.py")):
        where = str(path.relative_to(ROOT))
        yield from _calls_in(where, "", ast.parse(path.read_text()))


def _calls_in(where: str, owner: str, node: ast.AST) -> Iterator[tuple[str, str, ast.Call, str]]:
    for child in ast.iter_child_nodes(node):
        inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else owner
        if isinstance(child, ast.Call):
            func = child.func
            name = func.id if isinstance(func, ast.Name) else ""
            name = func.attr if isinstance(func, ast.Attribute) else name
            if name == "cls" and where == "server/errors.py":
                name = "ApiError"
            yield where, owner, child, name
        yield from _calls_in(where, inner, child)


def sites() -> list[Site]:
    """Every refusal the source can raise: code, reason, parameters, place."""
    found: dict[tuple[str, int], Site] = {}
    for where, owner, node, name in _calls():
        fixed = WRAPPERS.get((where, name), MAKERS.get(name, ""))
        if name not in MAKERS and (where, name) not in WRAPPERS:
            continue
        if fixed:
            code = fixed
        elif node.args and isinstance(node.args[0], ast.Constant):
            code = str(node.args[0].value)
        else:
            place = f"{where}:{node.lineno}"
            assert (where, owner) in DYNAMIC, f"{place}: a refusal code not written out"
            continue
        keywords = {k.arg: k.value for k in node.keywords}
        reason_node = keywords.pop("reason", None)
        reason = str(reason_node.value) if isinstance(reason_node, ast.Constant) else None
        if fixed == "invalid_setup" and node.args and _empty_text(node.args[0]):
            reason = "whole"
        if None in keywords and reason is None and code == "not_your_turn":
            reason = "nobody"  # passes {"team": …} or {"reason": "nobody"}
        splat = None in keywords
        params = None if splat else frozenset(k for k in keywords if k is not None)
        if fixed == "invalid_setup":
            params = frozenset({"field"})  # SetupError(where, problem) gives field=where
        if code == "unknown_seat" and name == "unauthorized":
            reason = "secret"
        found[(where, node.lineno)] = Site(f"{where}:{node.lineno}", code, reason, params)
    return list(found.values())


def _empty_text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value == ""


def placeholders(template: str) -> set[str]:
    """The parameters a template reads (its top-level and nested placeholders)."""
    return set(re.findall(r"\{\s*(\w+)\s*(?:[:,}])", template))


SITES = sites()


def test_the_source_scan_finds_the_refusals_of_both_cores_and_the_server() -> None:
    codes = {(s.game, s.code) for s in SITES}
    assert ("exchange", "insufficient_cash") in codes and ("quiz", "not_your_turn") in codes
    assert (None, "stale_version") in codes and (None, "bad_json") in codes
    assert len(SITES) > 120


@pytest.mark.parametrize("site", SITES, ids=lambda s: f"{s.where}:{s.key}")
def test_every_refusal_has_a_template_in_each_language(site: Site) -> None:
    catalogue = catalogue_for(site.game)
    for lang in LANGUAGES:
        template = catalogue.get(lang, site.key)
        assert template is not None, f"{site.where}: no {lang} template {site.key!r}"
        if site.params is not None:
            missing = placeholders(template) - site.params
            assert not missing, f"{site.where}: {lang} {site.key!r} needs {missing}"


def _keys(catalogue: Catalogue) -> list[str]:
    return [k for k in catalogue.messages["en"] if not k.startswith(("@", "term.", "export."))]


ALL = [(game, key) for game in (None, *KINDS) for key in _keys(catalogue_for(game))]


def _samples(template: str) -> list[dict[str, Any]]:
    names = sorted(placeholders(template))
    for name in names:
        assert name in SAMPLES, f"add sample values for the parameter {name!r}"
    count = max([len(SAMPLES[n]) for n in names] or [1])
    columns = {n: list(islice(cycle(SAMPLES[n]), count)) for n in names}
    return [{n: columns[n][i] for n in names} for i in range(count)]


def _untranslated(text: str, lang: str) -> list[str]:
    for name in NAMES.values():
        text = text.replace(name, "")
    text = re.sub(r"«[^»]*»|“[^”]*”|'[^']*'", "", text)
    text = re.sub(r"\b[a-h][1-8](?:[-:][a-h][1-8])*\b", "", text)  # moves
    if lang == "ru":
        return re.findall(r"\b(?![A-Z]{2,}\b)[A-Za-z]{2,}\b", text)  # acronyms: JSON, PDN
    return re.findall(r"[А-Яа-яЁё]+", text)


@pytest.mark.parametrize(("game", "key"), ALL, ids=lambda v: str(v))
def test_every_template_renders_with_names_and_no_ids(game: str | None, key: str) -> None:
    catalogue = catalogue_for(game)
    for lang in LANGUAGES:
        template = catalogue.get(lang, key)
        assert template is not None, f"{key!r} has no {lang} template"
        assert placeholders(template) == placeholders(catalogue.get("en", key) or ""), key
        for params in _samples(template):
            text = format_message(template, params, lang, catalogue, NAMES)
            assert not LEAKS.search(text), (lang, key, params, text)
            assert not _untranslated(text, lang), (lang, key, params, text)
            assert text.strip().endswith((".", "»", ")")), text


def test_russian_refusals_decline_firms_and_the_state_and_count_shares() -> None:
    def ru(code: str, **params: Any) -> str:
        return render_refusal(code, params, "ru", "exchange", NAMES)

    shares = [ru("insufficient_shares", account="p2", free=0, stock=3, qty=n) for n in NUMBERS]
    assert [s.split("продать ")[1] for s in shares] == [
        *("1 акцию нельзя.", "2 акции нельзя.", "5 акций нельзя.", "11 акций нельзя."),
        *("21 акцию нельзя.", "22 акции нельзя."),
    ]
    assert shares[0].startswith("Александра Соколова: свободных акций фирмы 3 — 0")
    assert ru("not_on_call", on_call=1, firm=6) == "Сейчас ход фирмы 1, а не фирмы 6."
    assert ru("not_your_account", by="p1", account="state") == (
        "Аня не распоряжается счётом «государство»."
    )
    assert ru("not_your_firm", firm=4, director="host") == (
        "За фирму 4 действует только её директор (ведущий)."
    )
    waits = [ru("too_early", wait=n) for n in NUMBERS]
    assert [w.removeprefix("Рано: подождите ещё ") for w in waits] == [
        *("1 секунду.", "2 секунды.", "5 секунд.", "11 секунд.", "21 секунду.", "22 секунды."),
    ]
    assert ru("insufficient_cash", account="p1", free=1500, need=12000) == (
        "Аня: свободных денег 1\xa0500, а заявке нужно 12\xa0000."
    )


def test_english_refusals_name_people_and_firms() -> None:
    def en(code: str, **params: Any) -> str:
        return render_refusal(code, params, "en", "exchange", NAMES)

    assert en("insufficient_cash", account="state", free=1500, need=12000) == (
        "The State has 1,500 free cash; this order needs 12,000."
    )
    assert en("must_move", firm=2) == "Firm 2 must move now; it may not pass."
    assert [en("too_early", wait=n) for n in (1, 2)] == [
        "Too early: wait 1 more second.",
        "Too early: wait 2 more seconds.",
    ]
    quiz = render_refusal("not_your_turn", {"team": "A"}, "en", "quiz", NAMES)
    assert quiz == "Only team “Орлы” (or the host for it) may do that now."


def test_plural_categories_come_from_cldr() -> None:
    assert [plural_category(n, "ru") for n in NUMBERS] == [
        *("one", "few", "many", "many", "one", "few"),
    ]
    assert [plural_category(n, "en") for n in NUMBERS] == ["one", *["other"] * 5]


def test_an_unknown_code_falls_back_to_the_given_sentence() -> None:
    assert render_refusal("no_such_code", {}, "ru", "exchange", fallback="As is.") == "As is."


def _bank_codes() -> list[tuple[str, str]]:
    """Every problem code the quiz bank import writes out (``code="…"`` at its raise sites)."""
    found = []
    for where, _, node, _ in _calls():
        if not where.startswith("games/quiz/bank/"):
            continue
        for keyword in node.keywords:
            if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
                found.append((f"{where}:{node.lineno}", str(keyword.value.value)))
    return found


BANK_CODES = _bank_codes()


def test_the_bank_scan_finds_the_import_codes_added_by_the_bank_import() -> None:
    codes = {code for _, code in BANK_CODES}
    assert {"media_too_big", "not_zip", "unknown_format", "no_files"} <= codes


@pytest.mark.parametrize(("where", "code"), BANK_CODES, ids=lambda v: str(v))
def test_every_bank_problem_is_told_in_russian(where: str, code: str) -> None:
    """A refused import (``bad_bank``) brings its own texts; each code has a Russian one
    (the English sentence is the one written where the problem is raised)."""
    from boardroom.games.quiz.bank.texts import PROBLEMS_RU, problem_text

    assert code in PROBLEMS_RU, f"{where}: no Russian text for the bank problem {code!r}"
    params = {name: "7" for name in placeholders(PROBLEMS_RU[code])}
    text = problem_text(code, params, "an English sentence", "ru")
    assert not re.search(r"[{}]", text) and re.search(r"[А-Яа-яЁё]", text), text
