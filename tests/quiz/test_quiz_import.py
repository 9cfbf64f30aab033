"""A bank as a quiz master imports it: Russian or English headers, a CSV from Excel
(Windows-1251), a file that is not text, several files (a CSV and a .siq) into one bank,
and the preview in Russian and English with the plural forms right."""

from __future__ import annotations

import base64
import json

import pytest
from siq_packages import SIGAME7, SIGAME7_FILES, package

from boardroom.games.quiz.bank import (
    BankError,
    bank_reply,
    import_file,
    import_files,
    parse_bank,
    read_upload,
    refusal,
)

RUSSIAN_CSV = """Вопрос;Ответ;Варианты;Категория;Очки;Время;Комментарий
Столица Франции?;Париж;;География;2;30;
Сколько будет 2+2?;4;3|4|5;Счёт;;;Устный счёт
Самая длинная река?;Нил;;География;;;
Автор «Евгения Онегина»?;Пушкин;;Литература;;;
Год Бородинской битвы?;1812;;История;;;
Кто открыл Америку?;Колумб;;История;;;
Столица Италии?;Рим;;География;;;
Столица Перу?;Лима;;География;;;
"""

ENGLISH_CSV = """Question,Answer,Options,Theme,Score,Seconds
Capital of Spain?,Madrid,,Geography,1,20
3*3?,9,6|9|12,Maths,,
"""


def test_russian_headers_are_read_like_the_english_ones() -> None:
    russian = parse_bank(RUSSIAN_CSV.encode(), "csv")
    english = parse_bank(ENGLISH_CSV.encode(), "csv")
    paris, sum_, *_ = russian.questions
    assert (paris.text, paris.answer, paris.category, paris.points, paris.time_s) == (
        "Столица Франции?",
        "Париж",
        "География",
        2,
        30,
    )
    assert (sum_.choices, sum_.comment) == (("3", "4", "5"), "Устный счёт")
    madrid, nine = english.questions
    assert (madrid.category, madrid.points, madrid.time_s, nine.choices) == (
        "Geography",
        1,
        20,
        ("6", "9", "12"),
    )


def test_a_csv_saved_by_excel_in_windows_1251_is_read() -> None:
    imported = import_file("Финал.csv", RUSSIAN_CSV.encode("cp1251"))
    assert imported.bank == parse_bank(RUSSIAN_CSV.encode(), "csv")
    assert imported.files[0].encoding == "cp1251"
    assert import_file("Финал.csv", RUSSIAN_CSV.encode("utf-8-sig")).files[0].encoding == "utf-8"


def test_a_file_that_is_not_text_is_refused_with_its_name_and_a_hint() -> None:
    with pytest.raises(BankError) as caught:
        import_file("Вопросы от Марины.csv", b"\x89PNG\r\n\x1a\n\x00\x00\x98binary")
    assert str(caught.value).startswith("Вопросы от Марины.csv: 1 bad row")
    assert "bank.csv" not in str(caught.value)
    assert "CSV UTF-8" in caught.value.errors[0].message
    russian = refusal(caught.value)["texts"]["ru"]
    assert russian["message"] == "Вопросы от Марины.csv: 1 ошибка; ничего не загружено."
    assert russian["problems"] == [
        "строка 1: файл не в кодировке UTF-8 и не в Windows-1251; сохраните его заново как "
        "UTF-8 (в Excel: «Сохранить как» → «CSV UTF-8»)"
    ]


def test_bad_rows_are_reported_in_russian_with_the_column_names() -> None:
    text = "вопрос;ответ;очки\nХорошо?;Да;1\nБез ответа?;;\nОчки?;Да;много\n"
    with pytest.raises(BankError) as caught:
        import_file("финал.csv", text.encode())
    texts = refusal(caught.value)["texts"]
    assert texts["ru"]["problems"] == [
        "строка 3: не заполнено поле «ответ»",
        "строка 4: в поле «очки» должно быть число, а не «много»",
    ]
    assert texts["en"]["problems"] == [
        "line 3: answer is missing or empty",
        "line 4: points must be a number, not 'много'",
    ]
    assert texts["en"]["message"] == "финал.csv: 2 bad rows; nothing was imported."


def test_a_csv_and_a_package_make_one_bank_with_a_preview() -> None:
    imported = import_files(
        [
            ("Финал.csv", RUSSIAN_CSV.encode("cp1251")),
            ("кубок.siq", package(SIGAME7, SIGAME7_FILES)),
        ]
    )
    assert len(imported.bank) == 8 + 8
    assert imported.bank.questions[0].text == "Столица Франции?"
    assert imported.bank.questions[8].id == "siq-r1t1q1"
    preview = imported.preview()
    assert preview["questions"] == 16
    assert [(f["name"], f["encoding"], f["questions"], f["skipped"]) for f in preview["files"]] == [
        ("Финал.csv", "cp1251", 8, 0),
        ("кубок.siq", "zip", 8, 5),
    ]
    assert preview["categories"] == [
        {"name": "География", "questions": 4},
        {"name": "Счёт", "questions": 1},
        {"name": "Литература", "questions": 1},
        {"name": "История", "questions": 2},
        {"name": "Наука", "questions": 5},
        {"name": "Кот в мешке", "questions": 1},
        {"name": "Особые", "questions": 2},
    ]
    assert preview["lines"]["ru"] == [
        "16 вопросов из 2 файлов; пропущено 5 вопросов.",
        "География — 4 вопроса",
        "Счёт — 1 вопрос",
        "Литература — 1 вопрос",
        "История — 2 вопроса",
        "Наука — 5 вопросов",
        "Кот в мешке — 1 вопрос",
        "Особые — 2 вопроса",
    ]
    assert preview["lines"]["en"][:2] == [
        "16 questions from 2 files; 5 questions skipped.",
        "География — 4 questions",
    ]
    assert (preview["choice"], preview["media"]) == (3, 4)
    first = preview["skipped"][0]
    assert first["text"] == {
        "ru": "кубок.siq: раунд 1 «Первый раунд», тема «Особые», вопрос 1 — "
        "кот в мешке без своего вопроса",
        "en": "кубок.siq: round 1 'Первый раунд', theme 'Особые', question 1 — "
        "a cat in a bag with no question of its own",
    }
    assert "Images/" not in json.dumps(preview)  # the preview names no media file


def test_two_packages_keep_their_questions_apart_and_repeats_are_skipped() -> None:
    siq = package(SIGAME7, SIGAME7_FILES)
    imported = import_files([("a.siq", siq), ("b.siq", siq), ("x.csv", RUSSIAN_CSV.encode())])
    assert len(imported.bank) == 16 + 8
    assert imported.bank.questions[8].id == "siq2-r1t1q1"
    again = import_files([("x.csv", RUSSIAN_CSV.encode()), ("y.csv", RUSSIAN_CSV.encode())])
    assert len(again.bank) == 8
    assert {(s.source, s.code, dict(s.params)["file"]) for s in again.skipped} == {
        ("y.csv", "repeated", "x.csv")
    }
    assert again.preview()["lines"]["ru"][0] == "8 вопросов из 2 файлов; пропущено 8 вопросов."


def test_one_bad_file_refuses_the_batch_naming_that_file() -> None:
    with pytest.raises(BankError) as caught:
        import_files([("good.csv", ENGLISH_CSV.encode()), ("bad.yaml", b"- text: Q?\n")])
    assert caught.value.source == "bad.yaml"


def test_the_upload_body_one_file_or_several() -> None:
    files = [{"name": "Финал.csv", "data": base64.b64encode(RUSSIAN_CSV.encode()).decode()}]
    body = json.dumps({"files": files}).encode()
    reply = bank_reply(body, "files", None)
    assert len(reply["questions"]) == 8 and reply["preview"]["files"][0]["name"] == "Финал.csv"
    assert read_upload(b"x", "csv", "Финал") == [("Финал.csv", b"x")]
    with pytest.raises(BankError, match="expected"):
        read_upload(b"{not json", "files", None)
