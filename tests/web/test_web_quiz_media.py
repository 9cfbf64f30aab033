"""Quiz media in real browsers: a bank uploaded as a zip (a CSV naming a picture, a sound and
an answer's picture) is stored by the server; the picture question shows its picture on
the wall and on a team's phone (the image really loads), the answer's picture appears only
after the judgement, and no frame a team or the wall receives names an answer's media
before that; the sound question plays when the host plays it in the room."""

from __future__ import annotations

import base64
import io
import json
import re
import wave

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, WebSocket, expect
from support.files import zipped
from web_support import Api, Json, Server, errors_of, new_page, new_phone, shot

pytestmark = pytest.mark.slow


def png(color: str, size: tuple[int, int] = (320, 200)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format="PNG")
    return out.getvalue()


def wav(seconds: float = 2.0, rate: int = 8000) -> bytes:
    """A quiet tone: enough for a browser to decode and play."""
    out = io.BytesIO()
    with wave.open(out, "wb") as sound:
        sound.setnchannels(1)
        sound.setsampwidth(1)
        sound.setframerate(rate)
        sound.writeframes(
            bytes(128 + (20 if (i // 20) % 2 else -20) for i in range(int(seconds * rate)))
        )
    return out.getvalue()


BANK = (
    "вопрос;ответ;тема;медиа\n"
    "Столица страны с этим флагом?;Бейрут;Флаги;Флаги/ливан.png|ответ:Ответы/карта.png\n"
    "Чей это гимн?;Ливан;Гимны;Гимны/гимн.wav\n"
)


def bank_zip() -> bytes:
    files: dict[str, bytes | str] = {"финал.csv": BANK, "Гимны/гимн.wav": wav()}
    return zipped(files | {"Флаги/ливан.png": png("red"), "Ответы/карта.png": png("green")})


def member(mid: str, name: str, square: str) -> Json:
    return {"id": mid, "name": name, "square": square}


def setup_with(questions: list[Json]) -> Json:
    return {
        "game": "quiz",
        "seed": 3,
        "ruleset": {"duel": "defender", "answer_s": None},
        "teams": [
            {"id": "A", "name": "Орлы", "score": 5, "members": [member("a1", "Иван", "c3")]},
            {
                "id": "B",
                "name": "Совы",
                "score": 1,
                "members": [member("b1", "Борис", "d4"), member("b2", "Ольга", "f6")],
            },
        ],
        "questions": questions,
    }


class Frames:
    """Every WebSocket frame a page receives, as text."""

    def __init__(self, page: Page) -> None:
        self.texts: list[str] = []
        page.on("websocket", self.watch)

    def watch(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: self.texts.append(str(payload)))

    def seen(self) -> str:
        return "\n".join(self.texts)


def loaded(page: Page, selector: str) -> None:
    """The image is really shown: its bytes came and decoded (``naturalWidth > 0``)."""
    image = page.locator(selector).first
    expect(image).to_be_visible()

    page.wait_for_function(
        "(s) => { const i = document.querySelector(s);"
        " return i && i.complete && i.naturalWidth > 0; }",
        arg=selector,
    )


def test_pictures_and_sounds_reach_the_screens_at_the_right_moment(
    browser: Browser, server: Server, api: Api
) -> None:
    sent = {"files": [{"name": "Финал.zip", "data": base64.b64encode(bank_zip()).decode()}]}
    draft = api.draft()
    reply = api.bank(json.dumps(sent), "files", draft)
    assert reply.status_code == 200, reply.text
    assert reply.json()["preview"]["media_held"] == 3
    game = api.create("quiz", setup_with(reply.json()["questions"]), draft)
    game_id, secret = game["game_id"], game["host_secret"]
    team = api.join(api.team_code(game, "B"), "Петя", "B")

    _, host = new_page(browser, viewport={"width": 1280, "height": 900}, locale="ru-RU")
    host.goto(f"{server.url}/play/{game_id}#secret={secret}")
    _, wall = new_page(browser, viewport={"width": 1280, "height": 720}, locale="ru-RU")
    wall_frames = Frames(wall)
    wall.goto(f"{server.url}/play/{game_id}#role=projector")
    phone = new_phone(browser)
    phone_frames = Frames(phone)
    phone.goto(f"{server.url}/play/{game_id}#secret={team['secret']}")
    expect(phone.locator("[data-panel=duel]")).to_be_visible(timeout=30_000)
    # before the start: the shared lobby
    expect(wall.locator("[data-panel=wall-lobby]")).to_be_visible(timeout=30_000)

    api.ok(game_id, secret, {"type": "start"})
    api.ok(game_id, secret, {"type": "move", "move": "c3:e5:g7"})
    host.locator("[data-role=ask-category]").select_option("Флаги")
    expect(host.locator("[data-role=preview]")).to_contain_text("Столица страны с этим флагом?")
    host.click("[data-action=ask]")
    view = api.wait(game_id, secret, lambda v: bool(v["duel"] and v["duel"]["question"]))
    picture, answer_picture = view["duel"]["question"]["media"]
    assert answer_picture["part"] == "answer"

    loaded(wall, "[data-role=wall-question-screen] img[data-kind=image]")
    loaded(phone, "[data-role=question-media] img[data-kind=image]")
    loaded(host, "[data-role=question-media] img[data-kind=image]")
    expect(wall.locator("[data-role=wall-question]")).to_have_text("Столица страны с этим флагом?")
    shot(wall, "quiz-media-wall-picture")
    shot(phone, "quiz-media-phone-picture")
    for frames in (wall_frames, phone_frames):
        seen = frames.seen()
        assert picture["id"] in seen  # the frames are the ones watched
        assert answer_picture["id"] not in seen and "карта" not in seen and "ливан" not in seen
    assert phone.locator(f"[data-media='{answer_picture['id']}']").count() == 0

    phone.locator("[data-role=answer-form] input[name=answer]").fill("Дамаск")
    phone.locator("[data-role=answer-form] button[type=submit]").click()
    expect(host.locator("[data-role=given]")).to_have_text("Дамаск")
    host.click("[data-action=judge-wrong]")
    loaded(phone, "[data-role=answer-media] img[data-kind=image]")  # judged: the answer's picture
    expect(phone.locator("[data-role=verdict]")).to_have_text("Неверно.")

    # The sound question: the host plays it in the room; the wall plays it.
    host.locator("[data-role=ask-category]").select_option("Гимны")
    host.click("[data-action=ask]")
    wall.mouse.click(5, 5)  # someone clicks the wall once: its browser may then play sound
    audio = "[data-role=question-media] audio[data-kind=audio]"
    expect(host.locator(audio)).to_have_count(1)
    host.wait_for_function(
        "(s) => { const a = document.querySelector(s); return a && a.readyState >= 2; }", arg=audio
    )
    played = host.evaluate(
        "async (s) => { const a = document.querySelector(s); a.muted = true; await a.play();"
        " return [a.duration, a.paused]; }",
        audio,
    )
    assert played[0] > 1.5 and played[1] is False  # the host's own player plays the sound
    host.evaluate("(s) => document.querySelector(s).pause()", audio)
    host.click("[data-action=media-play]")
    on_wall = wall.locator("[data-role=wall-question-screen] audio[data-kind=audio]")
    expect(on_wall).to_have_attribute("data-playing", "true")
    wall.wait_for_function(
        "() => { const a = document.querySelector('[data-role=wall-question-screen] audio');"
        " return a && !a.paused; }"
    )
    expect(phone.locator("[data-role=question-media] .media-sound")).to_be_visible()
    host.click("[data-action=media-pause]")
    expect(on_wall).to_have_attribute("data-playing", "false")
    shot(host, "quiz-media-host-sound", full_page=True)
    for page in (host, wall, phone):
        assert errors_of(page) == [], errors_of(page)
    assert re.search(r"m-[0-9a-f]{16}", picture["id"])
