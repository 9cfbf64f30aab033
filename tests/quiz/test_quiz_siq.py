"""SIGame ``.siq`` packages built here as real ZIP archives, following docs/quiz.md."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from urllib.parse import quote

import pytest

from boardroom.games.quiz.bank import BankError, SiqError, load_siq, parse_bank, read_bank

V4_CONTENT = """<?xml version="1.0" encoding="utf-8"?>
<package name="Финал" version="4" id="6a3c" date="01.02.2024" difficulty="5"
         xmlns="http://vladimirkhil.com/ygpackage3.0.xsd">
  <info><authors><author>Quiz club</author></authors></info>
  <rounds>
    <round name="Первый раунд">
      <themes>
        <theme name="История">
          <questions>
            <question price="100">
              <scenario><atom>Кто основал Санкт-Петербург?</atom></scenario>
              <right><answer>Пётр I</answer><answer>Петр Первый</answer></right>
              <wrong><answer>Екатерина II</answer></wrong>
              <info><comments>Основан в 1703 году.</comments></info>
            </question>
            <question price="200">
              <type name="cat">
                <param name="theme">Кот в мешке</param><param name="cost">300</param>
              </type>
              <scenario>
                <atom>Чей это портрет?</atom>
                <atom type="image">@Портрет.jpg</atom>
                <atom type="marker"/>
                <atom type="voice">@anthem.mp3</atom>
              </scenario>
              <right><answer>Суворов</answer></right>
            </question>
          </questions>
        </theme>
        <theme name="География">
          <questions>
            <question price="100">
              <scenario><atom type="say">Самая длинная река?</atom></scenario>
              <right><answer>Нил</answer></right>
            </question>
            <question price="200">
              <scenario><atom type="image">@map.png</atom></scenario>
              <right><answer>Байкал</answer></right>
            </question>
          </questions>
        </theme>
      </themes>
    </round>
    <round name="Финал" type="final">
      <themes><theme name="Музыка"><questions>
        <question price="0">
          <scenario><atom type="video">https://example.org/clip.mp4</atom><atom>Композитор?</atom></scenario>
          <right><answer>Чайковский</answer></right>
        </question>
      </questions></theme></themes>
    </round>
  </rounds>
</package>
"""

V5_CONTENT = """<?xml version="1.0" encoding="utf-8"?>
<package name="Pack five" version="5" id="9f"
         xmlns="https://github.com/VladimirKhil/SI/blob/master/assets/siq_5.xsd">
  <rounds><round name="Round 1"><themes>
    <theme name="Science">
      <questions>
        <question price="100">
          <params>
            <param name="question" type="content">
              <item>What gas do plants take in?</item>
              <item type="image" isRef="True">leaf.png</item>
            </param>
            <param name="answer" type="content">
              <item type="image" isRef="True">co2.png</item>
            </param>
          </params>
          <right><answer>Carbon dioxide</answer><answer>CO2</answer></right>
        </question>
        <question price="200" type="stake">
          <params>
            <param name="question" type="content"><item>Speed of light, km/s?</item></param>
          </params>
          <right><answer>300000</answer></right>
        </question>
      </questions>
    </theme>
  </themes></round></rounds>
</package>
"""


def package(content: str | bytes | None, files: dict[str, bytes] | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        if content is not None:
            archive.writestr("content.xml", content)
        archive.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        archive.writestr("Texts/authors.xml", '<?xml version="1.0"?><Authors/>')
        for name, data in (files or {}).items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_a_version_4_package_imports_with_its_questions_intact() -> None:
    data = package(
        V4_CONTENT,
        {f"Images/{quote('Портрет.jpg')}": b"\xff\xd8jpeg", "Audio/anthem.mp3": b"ID3"},
    )
    bank = load_siq(data, source="final.siq")
    assert [q.id for q in bank] == [
        "siq-r1t1q1",
        "siq-r1t1q2",
        "siq-r1t2q1",
        "siq-r1t2q2",
        "siq-r2t1q1",
    ]
    founder, portrait, river, lake, music = bank.questions
    assert (founder.text, founder.answer, founder.accept) == (
        "Кто основал Санкт-Петербург?",
        "Пётр I",
        ("Петр Первый",),
    )
    assert founder.category == "История" and founder.comment == "Основан в 1703 году."
    assert portrait.text == "Чей это портрет?" and portrait.answer == "Суворов"
    image, anthem = portrait.media
    assert (image.kind, image.ref, image.path, image.part) == (
        "image",
        "Портрет.jpg",
        "Images/%D0%9F%D0%BE%D1%80%D1%82%D1%80%D0%B5%D1%82.jpg",
        "question",
    )
    assert (anthem.kind, anthem.path, anthem.part) == ("audio", "Audio/anthem.mp3", "answer")
    assert (river.text, river.category) == ("Самая длинная река?", "География")
    assert lake.text == "[image]" and lake.media[0].path is None  # referenced, not in the archive
    assert music.media[0].ref == "https://example.org/clip.mp4" and music.media[0].path is None
    assert bank.categories() == ["История", "География", "Музыка"]


def test_a_version_5_package_imports_with_its_questions_intact() -> None:
    data = package(V5_CONTENT, {"Images/leaf.png": b"png", "Images/co2.png": b"png"})
    bank = load_siq(data)
    plants, light = bank.questions
    assert plants.text == "What gas do plants take in?"
    assert (plants.answer, plants.accept) == ("Carbon dioxide", ("CO2",))
    assert [(m.path, m.part) for m in plants.media] == [
        ("Images/leaf.png", "question"),
        ("Images/co2.png", "answer"),
    ]
    assert (light.text, light.answer, light.category) == (
        "Speed of light, km/s?",
        "300000",
        "Science",
    )


def test_an_imported_package_plays_in_a_game(tmp_path: Path) -> None:
    file = tmp_path / "final.siq"
    file.write_bytes(package(V5_CONTENT))
    bank = read_bank(file)
    from boardroom.games.quiz import RULES

    setup = {
        "game": "quiz",
        "teams": [
            {"id": "A", "members": [{"id": "a1", "name": "Ivan", "square": "c3"}]},
            {"id": "B", "members": [{"id": "b1", "name": "Boris", "square": "d4"}]},
        ],
        "questions": bank.to_json(),
    }
    state = RULES.setup(setup)
    assert state.bank == bank


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"PK\x03\x04 broken", "the file is not a ZIP archive"),
        (b"plain text", "the file is not a ZIP archive"),
        (package(None), "the archive has no content.xml"),
        (
            package("<package><rounds>"),
            "content.xml is not well-formed XML: no element found at line 1",
        ),
        (package("<quiz/>"), "content.xml has <quiz> at its root, not <package>"),
        (package("<package name='x'><rounds/></package>"), "the package has no questions"),
    ],
)
def test_a_malformed_package_is_refused_clearly(data: bytes, problem: str) -> None:
    with pytest.raises(SiqError) as caught:
        load_siq(data, source="pack.siq")
    assert caught.value.problem.startswith(problem)
    assert str(caught.value).startswith(f"pack.siq: {problem}")
    assert str(caught.value).endswith("nothing was imported.") or "\n" in str(caught.value)
    assert isinstance(caught.value, BankError) and isinstance(caught.value, ValueError)


def test_questions_without_a_right_answer_are_reported_with_their_place() -> None:
    content = V4_CONTENT.replace("<right><answer>Нил</answer></right>", "<right/>")
    content = content.replace('<atom type="image">@map.png</atom>', "")
    with pytest.raises(BankError) as caught:
        parse_bank(package(content), "siq", source="final.siq")
    errors = [(e.line, e.message) for e in caught.value.errors]
    place = "round 1 'Первый раунд', theme 'География'"
    assert errors == [
        (32, f"{place}, question 1: no right answer (<right><answer>…</answer></right>)"),
        (36, f"{place}, question 2: the question has neither text nor media"),
    ]
    assert "nothing was imported" in str(caught.value)
