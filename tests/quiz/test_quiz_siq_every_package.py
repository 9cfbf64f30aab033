"""Every SIGame package imports what can be asked (issue 33): media whose names are long
Cyrillic ones (%-encoded in the archive, as SIGame stores them) are found and go into a game;
empty places on the board (``price="-1"``, unfilled questions) are skipped and listed, never
refusing the package; SIGame prices become points when the host chooses, each kind by its
rule (no risk doubled, a cat in a bag its own price), and what cannot be priced here (a stake,
a price the player picks) is skipped and listed."""

from __future__ import annotations

from urllib.parse import quote

from siq_packages import (
    EMPTY_SLOTS_THEMES,
    LONG_NAMES,
    LONG_NAMES_FILES,
    LONG_NAMES_THEMES,
    LONG_NAMES_V4,
    LONG_NAMES_V4_FILES,
    PRICED_FINAL,
    PRICED_THEMES,
    PRICED_V4,
    package,
    v5_content,
)

from boardroom.games.quiz import RULES
from boardroom.games.quiz.bank import bank_reply, import_files, import_siq
from boardroom.games.quiz.bank.model import Media


def teams() -> list[dict[str, object]]:
    return [
        {"id": "A", "members": [{"id": "a1", "name": "Иван", "square": "c3"}]},
        {"id": "B", "members": [{"id": "b1", "name": "Борис", "square": "d4"}]},
    ]


def test_long_cyrillic_media_names_are_found_and_go_into_a_game() -> None:
    data = package(v5_content(LONG_NAMES_THEMES), LONG_NAMES_FILES)
    imported = import_siq(data, source="Ливан.siq")
    assert imported.skipped == ()
    media = [m for q in imported.bank for m in q.media]
    assert [m.ref for m in media] == [
        LONG_NAMES["image"],
        LONG_NAMES["answer"],
        LONG_NAMES["audio"],
        LONG_NAMES["video"],
    ]
    assert all(len(m.ref.split(".")[0].replace(" ", "")) >= 20 for m in media)
    assert [m.path for m in media] == [
        f"Images/{quote(LONG_NAMES['image'])}",
        f"Images/{quote(LONG_NAMES['answer'])}",
        f"Audio/{quote(LONG_NAMES['audio'])}",
        f"Video/{quote(LONG_NAMES['video'])}",
    ]
    assert min(len(m.path or "") for m in media) > 200  # far past the old 64-character key
    assert all(m.data for m in media)
    # The server's path: stored under blob ids, the rows a setup line carries, a game made.
    blobs = iter(f"b{n}" for n in range(10))
    reply = bank_reply(data, "siq", "Ливан.siq", lambda m: next(blobs))
    state = RULES.setup({"game": "quiz", "teams": teams(), "questions": reply["questions"]})
    played = [m for q in state.bank for m in q.media]
    assert [m.path for m in played] == [m.path for m in media]
    assert [m.blob for m in played] == ["b0", "b1", "b2", "b3"]


def test_a_version_4_atom_with_a_long_cyrillic_name_is_found() -> None:
    imported = import_siq(package(LONG_NAMES_V4, LONG_NAMES_V4_FILES))
    (media,) = imported.bank.questions[0].media
    assert media.ref == "Портрет Александра Васильевича Суворова.jpg"
    assert media.path == f"Images/{quote(media.ref)}" and media.data


def test_empty_places_on_the_board_are_skipped_and_listed() -> None:
    data = package(v5_content(EMPTY_SLOTS_THEMES))
    imported = import_files([("Табло.siq", data)])
    assert [(q.id, q.text) for q in imported.bank] == [
        ("siq-r1t1q1", "Сколько будет 2+2?"),
        ("siq-r1t1q3", "Столица Перу?"),
    ]
    skipped = [(s.code, s.place.theme, s.place.question) for s in imported.skipped if s.place]
    assert skipped == [
        ("empty_slot", 1, 2),
        ("empty_slot", 1, 4),
        ("empty_slot", 1, 5),
        ("empty_slot", 2, 1),
        ("empty_slot", 2, 2),
    ]
    preview = imported.preview()
    assert preview["lines"]["ru"][0] == "2 вопроса из 1 файла; пропущено 5 вопросов."
    assert preview["lines"]["en"][0] == "2 questions from 1 file; 5 questions skipped."
    first = preview["skipped"][0]["text"]
    assert first["ru"] == (
        "Табло.siq: раунд 1 «Первый раунд», тема «Табло», вопрос 2 — "
        "пустое место на табло (в SIGame у него цена −1)"
    )
    assert first["en"].endswith("an empty place on the board (SIGame's price -1)")


def priced(prices: bool) -> dict[str, tuple[float | None, str]]:
    data = package(v5_content(PRICED_THEMES, final=PRICED_FINAL))
    imported = import_siq(data, prices=prices)
    out = {q.answer: (q.points, q.category or "") for q in imported.bank}
    out |= {
        f"skipped {s.place.question if s.place else 0}": (None, s.code) for s in imported.skipped
    }
    return out


def test_without_prices_every_kind_is_asked_on_the_rulesets_points() -> None:
    assert priced(False) == {
        "Простой": (None, "Цены"),
        "Без риска": (None, "Цены"),
        "Кот": (None, "Кот в мешке"),
        "Выбор": (None, "Кот в мешке"),
        "Ставка": (None, "Цены"),
        "Все": (None, "Цены"),
        "Даром": (None, "Цены"),
        "Финал": (None, "Финал"),
    }


def test_with_prices_each_kind_is_priced_by_its_rule_or_skipped() -> None:
    assert priced(True) == {
        "Простой": (100, "Цены"),
        "Без риска": (400, "Цены"),  # no risk: double the price, nothing lost
        "Кот": (700, "Кот в мешке"),  # a cat in a bag: its own theme and fixed price
        "skipped 4": (None, "chosen_price"),  # ... or a price the player picks: skipped
        "skipped 5": (None, "stake"),  # a stake: the price is a bid
        "Все": (600, "Цены"),
        "Даром": (None, "Цены"),  # price 0: the ruleset's points
        "skipped 1": (None, "stake"),  # the final round: everybody stakes
    }


def test_with_prices_the_older_kinds_follow_the_same_rules() -> None:
    imported = import_siq(package(PRICED_V4), prices=True)
    assert [(q.text, q.points, q.category) for q in imported.bank] == [
        ("Кот за 300?", 300, "Кошки"),
        ("Без риска?", 400, "Т"),
    ]
    assert [(s.code, dict(s.params)) for s in imported.skipped] == [
        ("stake", {"type": "stake"}),
        ("chosen_price", {}),
    ]


def test_prices_reach_the_start_pages_reply_as_points() -> None:
    data = package(v5_content(PRICED_THEMES))
    rows = bank_reply(data, "siq", "Цены.siq", prices=True)["questions"]
    assert [row.get("points") for row in rows] == [100, 400, 700, 600, None]
    assert "points" not in str(bank_reply(data, "siq", "Цены.siq")["questions"])


def test_a_media_path_of_any_length_is_a_valid_setup_field() -> None:
    path = "Images/" + quote("Очень длинное название картинки на русском языке" * 3 + ".png")
    row = {"text": "?", "answer": "!", "media": [{"ref": "x.png", "path": path}]}
    state = RULES.setup({"game": "quiz", "teams": teams(), "questions": [row]})
    assert state.bank.questions[0].media == (Media("image", "x.png", path),)
