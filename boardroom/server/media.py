"""Quiz media kept in the store: named at import by a random blob id, served by the
game's own random media ids, and only to the seats the game lets see them now.

A blob id is drawn here (never from the file's name or bytes) and is known to the
host's start page only; screens see the per-game media id the core hands out
(:func:`boardroom.games.quiz.views.media_blob` says who may fetch which).

>>> content_type("image", "Кедр.PNG", b"\\x89PNG\\r\\n"), content_type("audio", "a.bin", b"")
('image/png', 'audio/mpeg')
>>> content_type("image", "evil.svg", b"<svg>"), content_type("video", "clip", b"")
('image/svg+xml', 'video/mp4')
"""

from __future__ import annotations

import mimetypes
from collections.abc import Callable

from boardroom.games.quiz.bank import Media
from boardroom.server.bank_child import Found, new_blob_id
from boardroom.store.uploads import Uploads

DEFAULT_TYPE = {"image": "image/png", "audio": "audio/mpeg", "video": "video/mp4"}
EXTRA_TYPES = {
    ".webp": "image/webp",
    ".opus": "audio/ogg",
    ".oga": "audio/ogg",
    ".m4a": "audio/mp4",
}


def content_type(kind: str, ref: str, data: bytes) -> str:
    """The type a browser shows the file as: by its extension, within its kind."""
    extension = ("." + ref.rsplit(".", 1)[-1].lower()) if "." in ref else ""
    guessed = EXTRA_TYPES.get(extension) or mimetypes.guess_type(f"x{extension}")[0]
    if guessed and guessed.startswith(f"{kind}/"):
        return guessed
    return DEFAULT_TYPE.get(kind, "application/octet-stream")


def keeper(uploads: Uploads, clock: Callable[[], float]) -> Callable[[Media], str]:
    """A function that stores a media file's bytes (synchronously) and gives its blob id."""

    def keep(media: Media) -> str:
        assert media.data is not None
        blob_id = new_blob_id()
        uploads.put_media(
            blob_id, content_type(media.kind, media.ref, media.data), media.data, clock()
        )
        return blob_id

    return keep


def keep_found(
    uploads: Uploads, found: list[Found], owner: str, expires_at: float | None, at: float
) -> None:
    """Store the media files a bank read found, owned by ``owner`` until ``expires_at``."""
    for blob_id, kind, ref, data in found:
        uploads.put_media(blob_id, content_type(kind, ref, data), data, at, owner, expires_at)
