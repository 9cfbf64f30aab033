"""Issue 42, the teacher's key on another device, over real HTTP on the server's own clock: a
teacher's code carries the host key and the host secrets of the chosen games to another
browser once; a second use, a late one and a wrong one are refused with a stable code and a
sentence in the reader's language, and nothing changes; typing codes is limited per address;
the database holds neither the code nor what it carries in the clear."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from live_games import exchange_setup
from live_support import Api
from sqlalchemy import create_engine, select
from test_trust_drafts import in_process, url_fixture  # noqa: F401 (fixture)

from boardroom.kernel import Json
from boardroom.store.schema import handovers

CLASS_7B = ["Аня Смирнова", "Борис Ким"]


def by(key: str, lang: str = "en") -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Accept-Language": lang}


def rows(url: str) -> list[dict[str, Any]]:
    """The stored hand-overs, as the database holds them."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return [dict(row._mapping) for row in conn.execute(select(handovers))]
    finally:
        engine.dispose()


def teacher_with_a_class(api: Api) -> str:
    key: str = api.http.post("/api/web/host-key").json()["key"]
    saved = api.http.post(
        "/api/web/classes", json={"name": "7Б", "names": CLASS_7B}, headers=by(key)
    )
    assert saved.status_code == 200, saved.text
    return key


def make_code(api: Api, key: str, games: list[Json]) -> Json:
    reply = api.http.post("/api/web/handover", json={"games": games}, headers=by(key))
    assert reply.status_code == 200, reply.text
    made: Json = reply.json()
    return made


def take(api: Api, code: str, lang: str = "en") -> httpx.Response:
    return api.http.post(
        "/api/web/handover/take", json={"code": code}, headers={"Accept-Language": lang}
    )


def refused(reply: httpx.Response, code: str, reason: str) -> str:
    assert reply.status_code == 403, reply.text
    error = reply.json()["error"]
    assert (error["code"], error["reason"]) == (code, reason), error
    message: str = error["message"]
    return message


def test_a_code_hands_over_the_key_and_the_host_games_once(url: str) -> None:
    """On SQLite and PostgreSQL."""
    with in_process(url, [1_000_000.0]) as base:
        home, school = Api(base), Api(base)
        key = teacher_with_a_class(home)
        mine = home.create("exchange", exchange_setup())
        other = home.create("quiz")
        pupil = home.join(mine, "Аня")  # a player's secret kept in the same browser
        carried = [
            {"id": mine["game_id"], "secret": mine["host_secret"]},
            {"id": other["game_id"], "secret": other["host_secret"]},
            {"id": mine["game_id"], "secret": pupil["secret"]},
            {"id": "g" + "0" * 24, "secret": "nothing"},
        ]
        made = make_code(home, key, carried)
        assert made["games"] == [mine["game_id"], other["game_id"]]  # hosts' games only
        assert made["expires_in"] == 600.0 and len(made["code"]) == 9 and made["code"][4] == "-"
        assert made["link"].endswith("/#teacher=" + made["code"])
        assert made["qr"].startswith("data:image/svg+xml")

        # The database keeps a slow hash of the code and a sealed box: no key, code or secret.
        (row,) = rows(url)
        assert row["expires_at"] == 1_000_600.0 and row["used_at"] is None
        stored = repr(row).encode()
        for plain in (key, made["code"], made["code"].replace("-", ""), mine["host_secret"]):
            assert plain.encode() not in stored

        # Typed on another browser (any case, spaces for the dash): the key and both consoles.
        got = take(school, " " + made["code"].lower().replace("-", " ") + " ")
        assert got.status_code == 200, got.text
        body = got.json()
        assert body["key"] == key
        assert [(g["id"], g["secret"], g["game"]) for g in body["games"]] == [
            (mine["game_id"], mine["host_secret"], "exchange"),
            (other["game_id"], other["host_secret"], "quiz"),
        ]
        assert body["games"][0]["code"] == mine["code"]
        classes = school.http.get("/api/web/classes", headers=by(body["key"])).json()["classes"]
        assert [c["names"] for c in classes] == [CLASS_7B]
        me = school.http.get(
            f"/api/web/games/{mine['game_id']}/me", headers=by(body["games"][0]["secret"])
        )
        assert me.json()["role"] == "host"
        (row,) = rows(url)
        assert row["used_at"] == 1_000_000.0 and row["box"] is None  # nothing left to open

        # Once only: the second use is refused, in Russian for a Russian reader.
        assert refused(take(school, made["code"], "ru"), "no_handover", "used") == (
            "Этот код учителя уже использован; сделайте новый на первом устройстве."
        )
        # The first browser keeps its key and its console.
        assert home.http.get("/api/web/classes", headers=by(key)).json()["classes"] == classes
        home_me = home.http.get(
            f"/api/web/games/{mine['game_id']}/me", headers=by(mine["host_secret"])
        )
        assert home_me.json()["role"] == "host"


def test_a_late_or_wrong_code_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'late.sqlite3'}"
    now = [2_000_000.0]
    with in_process(url, now, handover_ttl_s=60.0) as base:
        api = Api(base)
        key = teacher_with_a_class(api)
        made = make_code(api, key, [])
        assert made["games"] == [] and made["expires_in"] == 60.0
        before = rows(url)
        wrong = "ZZZZ-ZZZZ" if made["code"] != "ZZZZ-ZZZZ" else "YYYY-YYYY"
        assert refused(take(api, wrong), "no_handover", "unknown") == (
            "There is no such teacher's code; check the letters, or make a new code."
        )
        for typo in ("ABC", "ABCD-EFG0", "ABCD-EFGHJ"):  # cannot be a code: no hash computed
            refused(take(api, typo), "no_handover", "unknown")
        bad = api.http.post("/api/web/handover/take", json={"code": 7})
        refused(bad, "no_handover", "unknown")
        assert rows(url) == before

        now[0] += 60.0  # its minute is over
        assert refused(take(api, made["code"], "ru"), "no_handover", "expired") == (
            "Срок этого кода учителя истёк; сделайте новый на первом устройстве."
        )
        assert rows(url) == before  # refused: the row as it was

        # Making a code sweeps: the late code's box goes at once, the code itself a day later.
        make_code(api, key, [])
        late = next(r for r in rows(url) if r["created_at"] == 2_000_000.0)
        assert late["box"] is None and late["used_at"] is None
        refused(take(api, made["code"]), "no_handover", "expired")
        now[0] += 24 * 3600.0
        make_code(api, key, [])
        refused(take(api, made["code"]), "no_handover", "unknown")

        # Bad input making a code: no key, another key's format, games not a list.
        assert api.http.post("/api/web/handover", json={"games": []}).status_code == 401
        odd = api.http.post("/api/web/handover", json={"games": {"id": "x"}}, headers=by(key))
        assert odd.status_code == 400 and odd.json()["error"]["reason"] == "games"


def test_typing_codes_is_limited_per_address(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'limit.sqlite3'}"
    now = [3_000_000.0]
    limits = {"handover_burst": 4, "handover_rate_per_s": 0.001, "sweep_every_s": 0.05}
    with in_process(url, now, **limits) as base:
        api = Api(base)
        made = make_code(api, teacher_with_a_class(api), [])
        for guess in ("AAAA-AAAA", "BBBB-BBBB", "CCCC-CCCC", "DDDD-DDDD"):
            if guess != made["code"]:
                refused(take(api, guess), "no_handover", "unknown")
        stopped = take(api, made["code"], "ru")  # even the right one, once over the limit
        assert stopped.status_code == 429, stopped.text
        error = stopped.json()["error"]
        assert (error["code"], error["what"]) == ("too_many_from_address", "handover")
        assert "попыток ввести код учителя" in error["message"]
        (row,) = rows(url)
        assert row["used_at"] is None and row["box"] is not None  # still there to be used

        # The server's own sweep empties what a code carried once it expired.
        now[0] += 601.0
        deadline = time.monotonic() + 30
        while rows(url)[0]["box"] is not None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert rows(url)[0]["box"] is None
