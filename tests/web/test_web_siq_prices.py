"""A Russian SIGame package on the start page in a real browser (issue 33): media named with
long Cyrillic names (%-encoded in the archive) are found, an empty place on the board is
listed as skipped instead of refusing the package, and ticking «Очки за вопрос — его цена в
пакете SIGame» reads the package again with its prices as the questions' points (a no-risk
question doubled, a stake skipped); the game made gets those points."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, FilePayload, expect
from support.files import zipped
from web_support import Api, Server, created_game, errors_of, new_page, shot

pytestmark = pytest.mark.slow

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 40
PICTURE = "Ливанский кедр обыкновенный в горах.png"


def question(price: int, text: str, answer: str, kind: str = "", extra: str = "") -> str:
    typed = f' type="{kind}"' if kind else ""
    return (
        f'<question price="{price}"{typed}><params><param name="question" type="content">'
        f"<item>{text}</item>{extra}</param></params><right><answer>{answer}</answer></right>"
        "</question>"
    )


def package() -> bytes:
    picture = f'<item type="image" isRef="True">{PICTURE}</item>'
    questions = [
        question(100, "Какое дерево на флаге Ливана?", "Кедр", extra=picture),
        question(200, "Столица Перу?", "Лима", "noRisk"),
        '<question price="-1"><type name="" /><right /></question>',
        question(400, "Год основания Москвы?", "1147", "stake"),
    ]
    content = (
        '<?xml version="1.0" encoding="utf-8"?><package name="Кубок" version="5"><rounds>'
        '<round name="Первый раунд"><themes><theme name="Страны"><questions>'
        f"{''.join(questions)}</questions></theme></themes></round></rounds></package>"
    )
    return zipped({"content.xml": content, f"Images/{quote(PICTURE)}": PNG})


SIZES = {
    "phone": (390, 844),
    "small-phone": (360, 740),
    "laptop": (1280, 720),
    "wall": (1920, 1080),
}


@pytest.mark.parametrize("size", list(SIZES))
def test_a_sigame_package_with_prices_chosen_by_the_host(
    browser: Browser, server: Server, api: Api, size: str
) -> None:
    width, height = SIZES[size]
    _, host = new_page(browser, viewport={"width": width, "height": height}, locale="ru-RU")
    host.goto(server.url + "/")
    host.check("input[name=game][value=quiz]")
    host.set_input_files(
        "input[name=bank]",
        FilePayload(name="Кубок.siq", mimeType="application/zip", buffer=package()),
    )
    summary = host.locator("[data-role=bank-summary]")
    expect(summary).to_have_text("3 вопроса из 1 файла; пропущен 1 вопрос.")
    skipped = host.locator("[data-role=bank-skipped]")
    skipped.locator("summary").click()
    expect(skipped).to_contain_text(
        "Кубок.siq: раунд 1 «Первый раунд», тема «Страны», вопрос 3 — пустое место на табло"
    )

    prices = host.locator("input[name=bank-prices]")
    expect(host.get_by_text("Очки за вопрос — его цена в пакете SIGame")).to_be_visible()
    with host.expect_response(lambda r: "prices=1" in r.url) as replied:
        prices.check()
    assert [q.get("points") for q in replied.value.json()["questions"]] == [100, 400]
    expect(summary).to_have_text("2 вопроса из 1 файла; пропущено 2 вопроса.")
    skipped.locator("summary").click()
    expect(skipped).to_contain_text("вопрос со ставкой")
    host.locator("[data-role=bank-status]").scroll_into_view_if_needed()
    shot(host, f"quiz-bank-siq-prices-{size}")
    if size != "laptop":
        return
    host.fill("textarea[name=team-0-members]", "Екатерина Смирнова @c3")
    host.fill("textarea[name=team-1-members]", "Дмитрий Кузнецов @d4")
    host.click("button[type=submit].primary")
    game_id, secret = created_game(host)
    bank = api.view(game_id, secret)["view"]["bank"]
    assert [(q["text"], q["points"]) for q in bank["questions"]] == [
        ("Какое дерево на флаге Ливана?", 100),
        ("Столица Перу?", 400),
    ]
    assert [m["kind"] for m in bank["questions"][0]["media"]] == ["image"]
    assert errors_of(host) == []
