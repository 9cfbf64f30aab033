"""People's names declined as the sentences use them (``boardroom.i18n.names``): ten real
names — men's, women's, a double-barrelled one, a foreign one, robots' — in the genitive
(«вместо …», «у …», «… нет в списке»), the dative and the instrumental; a refusal that needs
the genitive gets it; a view of an ended game carries its names' forms for the pages."""

from __future__ import annotations

import pytest

from boardroom.i18n import render_refusal, with_name_forms
from boardroom.i18n.names import decline, name_forms

# name: (genitive, dative, instrumental)
NAMES = {
    "Константин Константинопольский": (
        "Константина Константинопольского",
        "Константину Константинопольскому",
        "Константином Константинопольским",
    ),
    "Мария-Антуанетта Вишневецкая": (
        "Марии-Антуанетты Вишневецкой",
        "Марии-Антуанетте Вишневецкой",
        "Марией-Антуанеттой Вишневецкой",
    ),
    "Александра Соколова": (
        "Александры Соколовой",
        "Александре Соколовой",
        "Александрой Соколовой",
    ),
    "Никита Кузьмин": ("Никиты Кузьмина", "Никите Кузьмину", "Никитой Кузьминым"),
    "Любовь Орлова": ("Любови Орловой", "Любови Орловой", "Любовью Орловой"),
    "Пётр Чайковский": ("Петра Чайковского", "Петру Чайковскому", "Петром Чайковским"),
    "Аня": ("Ани", "Ане", "Аней"),
    "Олег Шевченко": ("Олега Шевченко", "Олегу Шевченко", "Олегом Шевченко"),
    "Джон Смит": ("Джона Смита", "Джону Смиту", "Джоном Смитом"),
    "Инвестор Анна": ("Инвестора Анны", "Инвестору Анне", "Инвестором Анной"),
    "Рейдер Лев": ("Рейдера Льва", "Рейдеру Льву", "Рейдером Львом"),
}
# as written in every case: a woman's surname on a consonant, Latin letters, initials kept
AS_WRITTEN = {"Мария Кох": "Марии Кох", "John Smith": "John Smith", "Маша К.": "Маши К."}


@pytest.mark.parametrize("name", NAMES)
def test_real_names_in_the_cases_sentences_use(name: str) -> None:
    assert tuple(decline(name, case) for case in ("gen", "dat", "ins")) == NAMES[name]
    assert decline(name, "nom") == name


@pytest.mark.parametrize(("name", "genitive"), AS_WRITTEN.items())
def test_what_does_not_decline_stays_as_written(name: str, genitive: str) -> None:
    assert decline(name, "gen") == genitive


def test_a_refusal_names_a_person_in_the_genitive() -> None:
    names = {"p2": "Константин Константинопольский"}
    text = render_refusal(
        "not_a_candidate", {"director": "p2", "firm": 3}, "ru", "exchange", names=names
    )
    assert text.startswith("Константина Константинопольского нет в списке кандидатов фирмы 3")
    english = render_refusal(
        "not_a_candidate", {"director": "p2", "firm": 3}, "en", "exchange", names=names
    )
    assert english.startswith("Константин Константинопольский is not a candidate")


def test_an_ended_view_carries_its_names_forms() -> None:
    players = {"p1": "Константин Константинопольский", "p2": "Anna", "p3": "Аня"}
    forms = with_name_forms("exchange", {"phase": "ended", "players": players})["name_forms"]
    assert set(forms) == {"Константин Константинопольский", "Аня"}  # «Anna» is as written
    assert forms["Аня"] == name_forms(["Аня"])["Аня"]
    assert forms["Константин Константинопольский"]["gen"] == "Константина Константинопольского"
    running = with_name_forms("exchange", {"phase": "board", "players": players})
    assert "name_forms" not in running
