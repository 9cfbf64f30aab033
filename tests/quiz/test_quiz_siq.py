"""SIGame ``.siq`` packages built here as real ZIP archives (siq_packages.py), v5 as SIGame 7
writes it and the older v4/v3 forms: every askable question is taken whole (text, answer,
choices, the host's parts, media with their bytes), the others are listed with their place
and reason, and a malformed package is refused with the place of every problem."""

from __future__ import annotations

from pathlib import Path

import pytest
from siq_packages import (
    JPEG,
    MP3,
    MP4,
    PNG,
    SIGAME7,
    SIGAME7_FILES,
    V3,
    V3_FILES,
    V4,
    V4_FILES,
    item,
    package,
    question,
    v5_content,
)
from siq_packages import content as params_content

from boardroom.games.quiz import RULES
from boardroom.games.quiz.bank import (
    BankError,
    SiqError,
    import_siq,
    load_siq,
    parse_bank,
    read_bank,
    refusal,
)
from boardroom.games.quiz.views import question_view


def sigame7() -> bytes:
    return package(SIGAME7, SIGAME7_FILES)


def test_a_sigame7_package_gives_every_askable_question_whole() -> None:
    imported = import_siq(sigame7(), source="кубок.siq")
    bank = imported.bank
    assert imported.name == "Школьный кубок"
    assert [q.id for q in bank] == [
        "siq-r1t1q1",
        "siq-r1t1q2",
        "siq-r1t1q3",
        "siq-r1t1q4",
        "siq-r1t1q5",
        "siq-r1t2q2",
        "siq-r1t2q5",
        "siq-r1t2q6",
    ]
    gas, planets, particle, violin, video, cat, novel, stake = bank.questions

    assert (gas.text, gas.answer, gas.category) == (
        "Какой газ поглощают растения?",
        "Углекислый газ",
        "Наука",
    )
    assert gas.comment == "Углекислый газ, CO₂.\nФотосинтез."  # the answer's text, then comments
    assert [(m.kind, m.part, m.path, m.data) for m in gas.media] == [
        ("image", "question", "Images/%D0%9B%D0%B8%D1%81%D1%82.jpg", JPEG),
        ("image", "answer", "Images/co2.png", PNG),
    ]

    assert planets.choices == ("Семь", "Восемь", "Девять", "Десять")
    assert planets.answer == "Восемь" and planets.is_choice and planets.accept == ()

    assert particle.text == "Самая лёгкая частица из перечисленных?"
    assert particle.host_text == "Прочитаю медленно, слушайте внимательно."

    assert [(m.kind, m.ref, m.data) for m in violin.media] == [("audio", "скрипка.mp3", MP3)]
    assert (video.text, video.answer) == ("", "Реакция")
    assert [(m.kind, m.path, m.data) for m in video.media] == [("video", "Video/opyt.mp4", MP4)]

    assert (cat.text, cat.answer, cat.category) == ("Столица Австралии?", "Канберра", "Кот в мешке")
    assert novel.text == "Кто написал «Войну и мир»?"
    assert (novel.choices, novel.answer) == (("Пушкин", "Толстой", "Гоголь"), "Толстой")
    assert [(m.part, m.data) for m in novel.media] == [("answer", JPEG)]
    assert (stake.text, stake.answer, stake.category) == ("Год основания Москвы?", "1147", "Особые")


def test_questions_the_quiz_cannot_ask_are_listed_with_place_and_reason() -> None:
    imported = import_siq(sigame7(), source="кубок.siq")
    listed = [
        (s.source, s.place.theme_name, s.place.question, s.code, dict(s.params))
        for s in imported.skipped
        if s.place
    ]
    assert listed == [
        ("кубок.siq", "Особые", 1, "no_question", {}),
        ("кубок.siq", "Особые", 3, "answer_type", {"type": "client"}),
        ("кубок.siq", "Особые", 4, "answer_type", {"type": "point"}),
        ("кубок.siq", "Особые", 7, "choice_media", {"option": "A"}),
        ("кубок.siq", "Особые", 8, "missing_media", {"file": "нет.jpg"}),
    ]
    assert all(s.place and s.place.round_name == "Первый раунд" for s in imported.skipped)
    assert len(imported.bank) + len(imported.skipped) == 13  # every question accounted for


def test_the_host_only_parts_never_reach_a_team_before_the_judgement() -> None:
    bank = load_siq(sigame7())
    gas, _, particle = bank.questions[:3]
    public = question_view(particle, answer=False)
    assert "Прочитаю" not in str(public) and "host_text" not in public
    assert question_view(particle, answer=True)["host_text"].startswith("Прочитаю")
    public_gas = question_view(gas, answer=False)
    assert "Фотосинтез" not in str(public_gas) and "co2.png" not in str(public_gas)
    assert public_gas["media"] == []  # bytes the server did not store: nothing to show
    hosts = question_view(gas, answer=False, host=True)["media"]
    assert [(m["part"], m["held"]) for m in hosts] == [("question", False)]


def test_a_version_4_package_keeps_spoken_lines_cats_and_media() -> None:
    imported = import_siq(package(V4, V4_FILES), source="final.siq")
    founder, portrait, river, lake, music = imported.bank.questions
    assert [q.id for q in imported.bank] == [
        "siq-r1t1q1",
        "siq-r1t1q2",
        "siq-r1t2q1",
        "siq-r1t2q2",
        "siq-r2t1q1",
    ]
    assert (founder.text, founder.host_text) == (
        "Кто основал Санкт-Петербург?",
        "Вопрос для разминки.",
    )
    assert (founder.answer, founder.accept) == ("Пётр I", ("Петр Первый",))
    assert founder.comment == "Пётр I, в 1703 году.\nОснован в 1703 году."
    assert (portrait.text, portrait.answer, portrait.category) == (
        "Чей это портрет?",
        "Суворов",
        "Полководцы",  # a cat in a bag is asked in its own theme
    )
    image, anthem = portrait.media
    assert (image.kind, image.ref, image.part, image.data) == (
        "image",
        "Портрет.jpg",
        "question",
        JPEG,
    )
    assert (anthem.kind, anthem.path, anthem.part, anthem.data) == (
        "audio",
        "Audio/anthem.mp3",
        "answer",
        MP3,
    )
    assert (river.text, river.category) == ("Самая длинная река?", "География")
    assert (lake.text, lake.media[0].data) == ("", PNG)
    assert music.media[0].ref == "https://example.org/clip.mp4" and music.media[0].data is None
    assert [(s.code, s.place.question if s.place else 0) for s in imported.skipped] == [
        ("no_question", 3)  # bagcat, knows=never: no question of its own
    ]


def test_a_version_3_package_with_its_question_types() -> None:
    bank = load_siq(package(V3, V3_FILES))
    auction, sponsored, bagcat = bank.questions
    assert (auction.text, auction.answer) == ("Режиссёр «Соляриса»?", "Тарковский")
    assert sponsored.media[0].path == "Images/kadr 1.jpg" and sponsored.media[0].data == JPEG
    assert (bagcat.category, bagcat.answer) == ("Музыка кино", "Артемьев")


def test_media_names_as_sigame_spells_them(tmp_path: Path) -> None:
    text = v5_content(
        {
            "T": [
                question(1, params_content(item("a b.png", "image", ref=True)), "1"),
                question(2, params_content(item("%D0%AF.png", "image", ref=True)), "2"),
                question(3, params_content(item("Звук.mp3", "audio", ref=True)), "3"),
            ]
        }
    )
    files = {"Images/a%20b.png": PNG, "Images/Я.png": PNG, "audio/Звук.mp3": MP3}
    bank = load_siq(package(text, files))
    assert [q.media[0].path for q in bank] == ["Images/a%20b.png", "Images/Я.png", "audio/Звук.mp3"]
    assert all(q.media[0].data for q in bank)


def test_an_imported_package_plays_in_a_game(tmp_path: Path) -> None:
    file = tmp_path / "кубок.siq"
    file.write_bytes(sigame7())
    bank = read_bank(file)
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
    assert "data" not in str(bank.to_json())  # a setup line carries references, not bytes


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"PK\x03\x04 broken", "the file is not a ZIP archive"),
        (b"plain text", "the file is not a ZIP archive"),
        (package(None), "the archive has no content.xml"),
        (
            package("<package><rounds>"),
            "content.xml is not well-formed XML: no element found at line 1, column 18",
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
    assert isinstance(caught.value, BankError) and isinstance(caught.value, ValueError)
    assert refusal(caught.value)["texts"]["ru"]["message"].endswith("ничего не загружено.")


def test_problems_in_a_multi_line_package_are_placed_by_line_and_question() -> None:
    text = V4.replace("<right><answer>Нил</answer></right>", "<right/>")
    text = text.replace('<atom type="image">@map.png</atom>', "")
    with pytest.raises(BankError) as caught:
        parse_bank(package(text, V4_FILES), "siq", source="final.siq")
    errors = [(e.line, e.message) for e in caught.value.errors]
    place = "round 1 'Первый раунд', theme 'География'"
    assert errors == [
        (44, f"{place}, question 1: no right answer (<right><answer>…</answer></right>)"),
        (48, f"{place}, question 2: the question has neither text nor media"),
    ]
    assert "nothing was imported" in str(caught.value)


def test_a_one_line_package_places_each_problem_by_column_and_path() -> None:
    themes = {
        "Наука": [
            question(100, params_content(item("Хорошо?")), "Да"),
            question(200, params_content(item("Без ответа?")), ""),
        ],
        "Выбор": [
            question(
                300,
                params_content(item("Какой?"))
                + '<param name="answerType">select</param><param name="answerOptions" '
                'type="group"><param name="A" type="content"><item>Один</item></param>'
                '<param name="B" type="content"><item>Два</item></param></param>',
                "E",
            ),
        ],
    }
    one_line = v5_content(themes)
    assert "\n" not in one_line
    with pytest.raises(BankError) as caught:
        load_siq(package(one_line), source="one.siq")
    first, second = caught.value.errors
    assert first.line == second.line == 1
    assert 1 < first.column < second.column
    assert first.path == "/package/rounds[1]/round[1]/themes[1]/theme[1]/questions[1]/question[2]"
    assert second.path.endswith("/theme[2]/questions[1]/question[1]")
    assert first.message == (
        "round 1 'Первый раунд', theme 'Наука', question 2: "
        "no right answer (<right><answer>…</answer></right>)"
    )
    assert second.message.endswith("the right answer 'E' is not one of the options A, B")
    assert str(first).startswith(f"line 1, column {first.column}: round 1")
    assert one_line[first.column - 1 :].startswith("<question")
    russian = refusal(caught.value)["texts"]["ru"]
    assert russian["message"] == "one.siq: 2 ошибки; ничего не загружено."
    assert russian["problems"] == [
        f"строка 1, столбец {first.column}: раунд 1 «Первый раунд», тема «Наука», вопрос 2: "
        "нет правильного ответа (<right><answer>…</answer></right>)",
        f"строка 1, столбец {second.column}: раунд 1 «Первый раунд», тема «Выбор», вопрос 1: "
        "правильный ответ «E» — не один из вариантов A, B",
    ]


def test_a_package_with_nothing_askable_is_refused_with_the_reasons() -> None:
    text = v5_content({"T": [question(1, params_content(item("?")), "1", kind="secretNoQuestion")]})
    with pytest.raises(SiqError) as caught:
        load_siq(package(text), source="cats.siq")
    assert caught.value.code == "nothing_askable"
    assert [str(e) for e in caught.value.errors] == [
        "line 1: round 1 'Первый раунд', theme 'T', question 1: "
        "a cat in a bag with no question of its own"
    ]


def test_media_that_unpack_too_large_refuse_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("boardroom.games.quiz.bank.package.MAX_TOTAL_BYTES", 200)
    with pytest.raises(SiqError) as caught:
        load_siq(sigame7(), source="big.siq")
    assert (caught.value.code, caught.value.source) == ("media_too_big", "big.siq")
