"""A refused bank says what is wrong wholly in the reader's language (issue 33): whatever the
parser (CSV, JSON, PyYAML, expat) complained of in English, the Russian reader reads Russian
(«строка 2, столбец 9: файл не читается как YAML: лишнее двоеточие…», never «not valid YAML:
aliases…»), and the English reader English; every problem has a stable code."""

from __future__ import annotations

import io
import re
import zipfile

import pytest

from boardroom.games.quiz.bank import BankError, import_files, refusal

# Latin words a Russian text may hold: format names, XML element names, parameters the reader
# typed. Everything between «» (the reader's own text) and <…> (XML) is left out too.
LATIN_ALLOWED = {
    *("content", "xml", "XML", "JSON", "YAML", "CSV", "UTF", "Windows", "Excel", "ZIP"),
    *("csv", "json", "yaml", "yml", "siq", "zip", "questions", "round", "theme", "question"),
    "xls",  # an unknown format as typed
}


def siq(content: str | None, **files: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        if content is not None:
            archive.writestr("content.xml", content)
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def package(*questions: str) -> bytes:
    body = "".join(questions)
    return siq(
        '<package name="П"><rounds><round name="Р"><themes><theme name="Т"><questions>'
        f"{body}</questions></theme></themes></round></rounds></package>"
    )


def v5(inner: str, right: str = "<right><answer>Да</answer></right>") -> str:
    return f'<question price="100"><params>{inner}</params>{right}</question>'


TEXT = '<param name="question" type="content"><item>Вопрос?</item></param>'
SELECT = (
    '<param name="answerType">select</param><param name="answerOptions" type="group">'
    '<param name="A" type="content"><item>Да</item></param>'
    '<param name="B" type="content"><item>Нет</item></param></param>'
)

BAD: list[tuple[str, bytes, str]] = [
    # (file, bytes, the code of its first problem)
    ("банк.csv", b"", "empty_file"),
    ("банк.csv", 'вопрос;ответ\n"Столица;Рим\n'.encode(), "not_csv"),
    ("банк.csv", 'вопрос;ответ\n"Столица"Италии;Рим\n'.encode(), "not_csv"),
    ("банк.csv", "вопрос;вопрос\nа;б\n".encode(), "bad_header"),
    ("банк.csv", "вопрос;ответ\nа;б;в\n".encode(), "too_many_cells"),
    ("банк.csv", "вопрос;ответ;цвет\nа;б;в\n".encode(), "unknown_field"),
    ("банк.csv", "вопрос;ответ;очки\nа;б;много\n".encode(), "not_number"),
    ("банк.csv", "вопрос;ответ\nа;\n".encode(), "missing"),
    ("банк.csv", bytes([137, 80, 78, 71, 0, 255]), "not_text_file"),
    ("банк.csv", "номер;вопрос;ответ\n1;а;б\n1;в;г\n".encode(), "id_taken"),
    ("банк.json", '[{"вопрос": "а",}]'.encode(), "not_json"),
    ("банк.json", '[{"вопрос" "а"}]'.encode(), "not_json"),
    ("банк.json", '[{"вопрос": "а\nб"}]'.encode(), "not_json"),
    ("банк.json", b'[{"text": "a"}] x', "not_json"),
    ("банк.json", '"просто строка"'.encode(), "not_a_list"),
    ("банк.json", '{"вопросы": []}'.encode(), "no_questions_list"),
    ("банк.json", b"[1]", "not_mapping"),
    ("банк.json", '[{"вопрос": "а", "ответ": "б", "время": "долго"}]'.encode(), "not_number"),
    ("банк.yaml", "- вопрос: Столица: Рим\n".encode(), "not_yaml"),
    ("банк.yaml", "- вопрос: 'Рим\n".encode(), "not_yaml"),
    ("банк.yaml", "\t- вопрос: а\n".encode(), "not_yaml"),
    ("банк.yaml", "- вопрос: а\n ответ: б\n- в\n".encode(), "not_yaml"),
    ("банк.yaml", "- &a вопрос\n- *a\n".encode(), "not_yaml"),
    ("банк.yaml", "- вопрос: [а, б\n".encode(), "not_yaml"),
    ("банк.yaml", "просто текст\n".encode(), "not_a_list"),
    ("банк.yaml", "вопросы: 5\n".encode(), "no_questions_list"),
    ("банк.yaml", "- вопрос: а\n  ответ: б\n  варианты: в\n".encode(), "one_choice"),
    ("банк.xls", b"", "unknown_format"),
    ("пакет.siq", b"not a zip", "not_zip"),
    ("пакет.siq", siq(None), "no_content_xml"),
    ("пакет.siq", siq("<package><rounds>"), "not_xml"),
    ("пакет.siq", siq("<package><a></b></package>"), "not_xml"),
    ("пакет.siq", siq("<package>&nbsp;</package>"), "not_xml"),
    ("пакет.siq", siq("<package/><package/>"), "not_xml"),
    ("пакет.siq", siq("<quiz/>"), "bad_root"),
    ("пакет.siq", siq('<package name="x"><rounds/></package>'), "no_questions"),
    ("пакет.siq", package(v5(TEXT, "<right/>")), "no_answer"),
    ("пакет.siq", package(v5("")), "no_content"),
    (
        "пакет.siq",
        package(v5(TEXT + SELECT, "<right><answer>C</answer></right>")),
        "answer_not_option",
    ),
    ("пакет.siq", package(v5(TEXT + '<param name="answerType">point</param>')), "nothing_askable"),
    (
        "пакет.siq",
        package('<question price="1" type="secretNoQuestion"><right/></question>'),
        "nothing_askable",
    ),
]


def refused(name: str, data: bytes) -> BankError:
    with pytest.raises(BankError) as caught:
        import_files([(name, data)])
    return caught.value


def latin_words(text: str, source: str) -> list[str]:
    """The Latin words of a Russian text that are not allowed in it."""
    text = text.replace(source, " ")
    text = re.sub(r"«[^»]*»|<[^>]*>|'[^']*'", " ", text)
    words = re.findall(r"[A-Za-z]{2,}", text)  # single letters: a package's option names, \n
    return [w for w in words if w not in LATIN_ALLOWED]


@pytest.mark.parametrize(("name", "data", "code"), BAD)
def test_a_refusal_is_wholly_in_the_readers_language(name: str, data: bytes, code: str) -> None:
    error = refused(name, data)
    first = error.errors[0].code if error.errors else ""
    assert code in (first, getattr(error, "code", "")), (code, first, str(error))
    texts = refusal(error)["texts"]
    russian = [texts["ru"]["message"], *texts["ru"]["problems"]]
    english = [texts["en"]["message"], *texts["en"]["problems"]]
    for line in russian:
        assert not latin_words(line, name), line
        assert re.search("[а-яё]", line.replace(name, "")), line
    for line in english:
        assert not re.search(
            "[а-яё]", re.sub(r"«[^»]*»|'[^']*'|\"[^\"]*\"", "", line.replace(name, ""))
        ), line


def test_the_yaml_alias_refusal_reads_as_one_language_each() -> None:
    texts = refusal(refused("банк.yaml", "- &a вопрос\n- *a\n".encode()))["texts"]
    assert texts["ru"]["problems"] == [
        "строка 2, столбец 3: файл не читается как YAML: ссылки вида *имя в банке вопросов "
        "не принимаются"
    ]
    assert texts["en"]["problems"] == [
        "line 2, column 3: not valid YAML: aliases (*name) are not accepted in a question bank"
    ]


def test_a_broken_content_xml_is_told_in_russian_with_its_place() -> None:
    texts = refusal(refused("пакет.siq", siq("<package><a></b></package>")))["texts"]
    assert texts["ru"]["message"] == (
        "пакет.siq: в content.xml ошибка XML (закрывающий тег не совпадает с открывающим): "
        "строка 1, столбец 15; ничего не загружено."
    )
