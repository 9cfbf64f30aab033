"""The start page's bank upload in a real browser: a Russian CSV from Excel (Windows-1251)
and a SIGame package chosen together make one bank, the preview says what was taken and
skipped (in Russian, plural forms right), the game gets those questions; a file that is not
text is refused by its own name."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, FilePayload, expect
from support.files import zipped
from web_support import Api, Server, created_game, errors_of, new_page, shot

pytestmark = pytest.mark.slow

RUSSIAN_CSV = (
    "Вопрос;Ответ;Варианты;Категория\n"
    "Столица Франции?;Париж;;География\n"
    "Сколько будет 2+2?;4;3|4|5;Счёт\n"
    "Самая длинная река?;Нил;;География\n"
    "Столица Италии?;Рим;;География\n"
)
V5_NS = "https://github.com/VladimirKhil/SI/blob/master/assets/siq_5.xsd"
CONTENT = (
    f'<?xml version="1.0" encoding="utf-8"?><package name="Кубок" version="5" xmlns="{V5_NS}">'
    '<rounds><round name="Первый раунд"><themes><theme name="Наука"><questions>'
    '<question price="100"><params><param name="question" type="content"><item>Какой газ '
    'поглощают растения?</item><item type="image" isRef="True">leaf.png</item></param>'
    "</params><right><answer>Углекислый газ</answer></right></question>"
    '<question price="200"><params><param name="question" type="content"><item>Сколько '
    'планет?</item></param><param name="answerType">select</param><param name="answerOptions"'
    ' type="group"><param name="A" type="content"><item>Семь</item></param><param name="B" '
    'type="content"><item>Восемь</item></param></param></params><right><answer>B</answer>'
    "</right></question>"
    '<question price="300" type="secretNoQuestion"><params><param name="theme">Подарок</param>'
    "</params><right><answer/></right></question>"
    "</questions></theme></themes></round></rounds></package>"
)


def siq() -> bytes:
    return zipped({"content.xml": CONTENT, "Images/leaf.png": b"\x89PNG\r\n\x1a\n"})


SIZES = {"phone": (390, 844), "laptop": (1280, 720), "wall": (1920, 1080)}


@pytest.mark.parametrize("size", list(SIZES))
def test_a_csv_and_a_package_uploaded_together(
    browser: Browser, server: Server, api: Api, size: str
) -> None:
    width, height = SIZES[size]
    _, host = new_page(browser, viewport={"width": width, "height": height}, locale="ru-RU")
    host.goto(server.url + "/")
    host.check("input[name=game][value=quiz]")
    host.set_input_files(
        "input[name=bank]",
        [
            FilePayload(name="Финал.csv", mimeType="text/csv", buffer=RUSSIAN_CSV.encode("cp1251")),
            FilePayload(name="Кубок.siq", mimeType="application/zip", buffer=siq()),
        ],
    )
    summary = host.locator("[data-role=bank-summary]")
    expect(summary).to_have_text("6 вопросов из 2 файлов; пропущен 1 вопрос.")
    categories = host.locator("[data-role=bank-categories] li")
    expect(categories).to_have_text(
        ["География — 3 вопроса", "Счёт — 1 вопрос", "Наука — 2 вопроса"]
    )
    skipped = host.locator("[data-role=bank-skipped]")
    skipped.locator("summary").click()
    expect(skipped).to_contain_text(
        "Кубок.siq: раунд 1 «Первый раунд», тема «Наука», вопрос 3 — кот в мешке без своего вопроса"
    )
    host.locator("[data-role=bank-status]").scroll_into_view_if_needed()
    shot(host, f"quiz-bank-preview-{size}")
    if size != "laptop":
        return
    host.fill("textarea[name=team-0-members]", "Екатерина Смирнова @c3")
    host.fill("textarea[name=team-1-members]", "Дмитрий Кузнецов @d4")
    host.click("button[type=submit].primary")
    game_id, secret = created_game(host)
    view = api.view(game_id, secret)["view"]
    assert view["bank"]["size"] == 6
    assert view["bank"]["categories"] == {"География": 3, "Счёт": 1, "Наука": 2}
    assert errors_of(host) == []


def test_a_file_that_is_not_text_is_refused_by_its_name(browser: Browser, server: Server) -> None:
    _, host = new_page(browser, locale="ru-RU")
    host.goto(server.url + "/")
    host.check("input[name=game][value=quiz]")
    host.set_input_files(
        "input[name=bank]",
        FilePayload(name="Вопросы Марины.csv", mimeType="text/csv", buffer=b"\x00\x98\x01binary"),
    )
    error = host.locator("[data-role=bank-error]")
    expect(error).to_have_text("Вопросы Марины.csv: 1 ошибка; ничего не загружено.")
    expect(host.locator("[data-role=bank-status] li")).to_contain_text("«CSV UTF-8»")
    host.locator("[data-role=bank-status]").scroll_into_view_if_needed()
    shot(host, "quiz-bank-refused")
    assert errors_of(host) == []
