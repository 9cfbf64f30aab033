"""Files as a quiz master uploads them: a zip of a bank and its media, and the start page's
JSON envelope of several files."""

from __future__ import annotations

import base64
import io
import json
import zipfile
from collections.abc import Iterable, Mapping


def zipped(files: Mapping[str, bytes | str]) -> bytes:
    """A zip archive holding ``files`` (name -> content; text is written as UTF-8).

    >>> zipfile.ZipFile(io.BytesIO(zipped({"a/б.txt": "в"}))).read("a/б.txt").decode()
    'в'
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def files_body(files: Iterable[tuple[str, bytes]]) -> str:
    """The body of a ``format=files`` bank upload, as the start page sends several files."""
    sent = [{"name": name, "data": base64.b64encode(data).decode()} for name, data in files]
    return json.dumps({"files": sent})
