"""A SIGame package as a Russian quiz master has it, uploaded to the real server (issue 33):
media with long Cyrillic names (%-encoded in the archive) are stored and served in the game;
empty places on the board are listed as skipped in both languages, not a refusal; with
``prices=1`` the package's prices are the questions' points."""

from __future__ import annotations

from urllib.parse import quote

from live_fixtures import api_fixture, server_fixture  # noqa: F401 (fixtures)
from live_games import Table, quiz_setup
from live_support import Api, Json, Server
from support.files import zipped

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 40
NAMES = [  # pictures named as Russian authors name them; SIGame %-encodes them in the zip
    "Ливанский кедр обыкновенный в горах.png",
    "Государственный флаг Ливанской Республики.png",
    "Древесина ливанского кедра под микроскопом.png",
]


def question(price: int, text: str, picture: str, answer: str) -> str:
    item = f'<item type="image" isRef="True">{picture}</item>'
    return (
        f'<question price="{price}"><params><param name="question" type="content">'
        f"<item>{text}</item>{item}</param></params>"
        f"<right><answer>{answer}</answer></right></question>"
    )


def sigame_package() -> bytes:
    """Three questions with long Cyrillic picture names, and an empty place (price -1)."""
    questions = [
        question(100, "Какое дерево?", NAMES[0], "Кедр"),
        question(200, "Чей флаг?", NAMES[1], "Ливана"),
        question(300, "Что под микроскопом?", NAMES[2], "Древесина"),
        '<question price="-1"><type name="" /><right /></question>',
    ]
    content = (
        '<?xml version="1.0" encoding="utf-8"?><package name="Ливан" version="5"><rounds>'
        '<round name="Первый"><themes><theme name="Деревья"><questions>'
        f"{''.join(questions)}</questions></theme></themes></round></rounds></package>"
    )
    return zipped({"content.xml": content, **{f"Images/{quote(n)}": PNG for n in NAMES}})


def upload(api: Api, data: bytes, name: str, **params: str) -> Json:
    reply = api.http.post(
        "/api/web/bank",
        params={"format": "siq", "name": name, **params},
        content=data,
        headers={"Authorization": f"Bearer {api.draft()}"},
    )
    assert reply.status_code == 200, reply.text
    body: Json = reply.json()
    return body


def test_a_package_with_long_cyrillic_names_and_empty_slots_plays(server: Server, api: Api) -> None:
    data = sigame_package()
    bank = upload(api, data, "Ливанский кедр.siq", prices="1")
    preview = bank["preview"]
    assert preview["media_held"] == 3 and preview["media_missing"] == 0
    assert preview["lines"]["ru"][0] == "3 вопроса из 1 файла; пропущен 1 вопрос."
    assert preview["lines"]["en"][0] == "3 questions from 1 file; 1 question skipped."
    assert [s["code"] for s in preview["skipped"]] == ["empty_slot"]
    assert [q.get("points") for q in bank["questions"]] == [100, 200, 300]
    assert all(len(m["path"]) > 200 for q in bank["questions"] for m in q["media"])
    unpriced = upload(api, data, "Ливанский кедр.siq")
    assert [q.get("points") for q in unpriced["questions"]] == [None, None, None]

    setup = quiz_setup() | {"questions": bank["questions"]}
    table = Table(api, server.ws_url, "quiz", setup, ["A", "B"])
    host = table.host
    host.ok({"type": "start"})
    table.seats["A"].ok({"type": "move", "move": "c3:e5"})
    host.ok({"type": "ask"})
    table.settle()
    (picture,) = host.view["duel"]["question"]["media"]
    served = api.http.get(
        f"/api/web/games/{table.game_id}/media/{picture['id']}",
        headers={"X-Seat-Secret": table.joined["B"]["secret"]},
    )
    assert served.status_code == 200 and served.content.startswith(b"\x89PNG")
    table.close()
