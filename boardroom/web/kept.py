"""What the start page reads before a class list or a preset is kept: the host key, the
names, the settings — each bad input refused with a stable code and a reason, nothing kept.

A host key is a secret the start page asks for once (``POST /api/web/host-key``) and keeps
in the browser; the store keeps only its hash, the owner of what it saves.

>>> clean_names("Аня\\r\\n  Борис \\n\\nАня\\tкласс 7Б\\n")
['Аня', 'Борис']
>>> clean_names(["Вера", " ", "Глеб"])
['Вера', 'Глеб']
>>> owner_of("k" * 32) == owner_of("k" * 32), len(owner_of("k" * 32))
(True, 64)
"""

from __future__ import annotations

import json
import re
from typing import Any

from boardroom.games.registry import KINDS
from boardroom.kernel import Json
from boardroom.server.errors import ApiError
from boardroom.server.tokens import hash_secret

MAX_NAME = 40
"""A pupil's name, as long as a seat's."""
MAX_NAMES = 60
MAX_TITLE = 60
"""A class list's or a preset's own name."""
MAX_KEPT = 100
"""Class lists (and presets) a host key may keep."""
MAX_SETTINGS = 16_000
"""A preset's settings, as JSON bytes."""
KEY = re.compile(r"[A-Za-z0-9_-]{20,100}")


def owner_of(key: str | None) -> str:
    """The owner a host key stands for (its hash); 401 for no key or a malformed one."""
    if key is None or not KEY.fullmatch(key):
        raise ApiError(
            "bad_host_key",
            "This host key is not valid; open the start page again for a new one.",
            401,
        )
    return hash_secret(key)


def clean_names(given: Any) -> list[str]:
    """The pupils' names from a list or a pasted text (one a line; of a pasted table row,
    the first cell), trimmed, blank lines and repeats left out. Not checked here."""
    lines = given.splitlines() if isinstance(given, str) else given
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise ApiError(
            "bad_class",
            "Give the pupils' names: a list, or a text with one name a line.",
            reason="names",
        )
    out: list[str] = []
    for line in lines:
        name = " ".join(line.split("\t")[0].split())
        if name and name not in out:
            out.append(name)
    return out


def checked_names(names: list[str]) -> list[str]:
    """``names`` if a class may hold them: 1 to :data:`MAX_NAMES`, each at most
    :data:`MAX_NAME` characters."""
    if not 0 < len(names) <= MAX_NAMES:
        raise ApiError(
            "bad_class", f"A class has 1 to {MAX_NAMES} names.", reason="count", most=MAX_NAMES
        )
    if any(len(name) > MAX_NAME for name in names):
        raise ApiError(
            "bad_class",
            f"A name is longer than {MAX_NAME} characters.",
            reason="long_name",
            most=MAX_NAME,
        )
    return names


def class_title(body: Json) -> str:
    """A class list's own name: 1 to :data:`MAX_TITLE` characters."""
    text = _title(body)
    if not text:
        raise ApiError(
            "bad_class",
            f"The name must be 1 to {MAX_TITLE} characters.",
            reason="title",
            most=MAX_TITLE,
        )
    return text


def preset_title(body: Json) -> str:
    """A preset's own name: 1 to :data:`MAX_TITLE` characters."""
    text = _title(body)
    if not text:
        raise ApiError(
            "bad_preset",
            f"The name must be 1 to {MAX_TITLE} characters.",
            reason="title",
            most=MAX_TITLE,
        )
    return text


def _title(body: Json) -> str:
    """The name given, its spaces tidied; empty if none fits."""
    name = body.get("name")
    text = " ".join(name.split()) if isinstance(name, str) else ""
    return text if len(text) <= MAX_TITLE else ""


def preset_game(body: Json) -> str:
    game = body.get("game")
    if not isinstance(game, str) or game not in KINDS:
        raise ApiError(
            "bad_preset", "Name one of the games: " + ", ".join(KINDS) + ".", reason="game"
        )
    return game


def preset_settings(body: Json) -> Json:
    """The settings a preset keeps: a JSON object of at most :data:`MAX_SETTINGS` bytes."""
    settings = body.get("settings")
    if not isinstance(settings, dict):
        raise ApiError("bad_preset", "The settings must be a JSON object.", reason="settings")
    if len(json.dumps(settings, ensure_ascii=False).encode()) > MAX_SETTINGS:
        raise ApiError("bad_preset", "The settings are too long.", reason="settings_size")
    return settings


def no_source() -> ApiError:
    return ApiError(
        "bad_class",
        "Give the names one way: 'names', 'text' or a finished 'game'.",
        reason="source",
    )


def no_players() -> ApiError:
    return ApiError("bad_class", "This game has no players to take the names from.", reason="game")


def too_many_classes() -> ApiError:
    return ApiError(
        "bad_class",
        f"At most {MAX_KEPT} class lists may be kept; delete one first.",
        409,
        reason="full",
        most=MAX_KEPT,
    )


def too_many_presets() -> ApiError:
    return ApiError(
        "bad_preset",
        f"At most {MAX_KEPT} presets may be kept; delete one first.",
        409,
        reason="full",
        most=MAX_KEPT,
    )


def no_class() -> ApiError:
    return ApiError("no_class", "There is no such class list.", 404)


def no_preset() -> ApiError:
    return ApiError("no_preset", "There is no such preset.", 404)


def class_json(list_id: str, name: str, names: list[str]) -> Json:
    return {"id": list_id, "name": name, "names": names}
