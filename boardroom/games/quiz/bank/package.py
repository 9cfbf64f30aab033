"""The container side of a SIGame ``.siq`` package: the ZIP, its ``content.xml``, its files.

:func:`parse_xml` gives a small element tree whose nodes know their line, column
and XML path, so that a problem in a ``content.xml`` written on one line is still
placed exactly. :class:`Files` finds a media file by the name ``content.xml``
gives it, however SIGame spelt it in the archive (as written, %-encoded, or a
UTF-8 name stored without the ZIP's UTF-8 flag), whatever the name's length or
script: what is bounded is the number of files and the bytes they unpack to.

>>> root = parse_xml(b'<a xmlns="urn:x"><b k="v">hi</b><b/></a>')
>>> [(n.tag, n.path, n.line, n.column) for n in root.children]
[('b', '/a/b[1]', 1, 18), ('b', '/a/b[2]', 1, 33)]
"""

from __future__ import annotations

import contextlib
import io
import zipfile
from dataclasses import dataclass, field
from urllib.parse import unquote
from xml.parsers import expat

from boardroom.games.quiz.bank.syntax import reason
from boardroom.games.quiz.errors import SiqError

MAX_CONTENT_BYTES = 50_000_000
MAX_FILE_BYTES = 100_000_000
MAX_TOTAL_BYTES = 200_000_000  # all the media of one package, unpacked
MAX_ENTRIES = 10_000  # files in one archive (names may be of any length: limits are here)
MEDIA_FOLDER = {"image": "Images", "audio": "Audio", "video": "Video", "html": "Html"}


@dataclass
class Node:
    """An XML element: local tag name, attributes, text, children, and where it starts."""

    tag: str
    attrs: dict[str, str]
    line: int
    column: int = 0
    path: str = ""
    text: str = ""
    children: list[Node] = field(default_factory=list)

    def find(self, tag: str) -> Node | None:
        return next((child for child in self.children if child.tag == tag), None)

    def all(self, *path: str) -> list[Node]:
        """The descendants reached by following ``path`` tag by tag."""
        nodes = [self]
        for tag in path:
            nodes = [child for node in nodes for child in node.children if child.tag == tag]
        return nodes

    def param(self, name: str) -> Node | None:
        """The child ``<param name=...>`` of this node."""
        return next((p for p in self.all("param") if p.attrs.get("name") == name), None)


def open_zip(data: bytes, source: str) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise SiqError(
            "the file is not a ZIP archive (a .siq package is one)", source=source, code="not_zip"
        ) from None


def read_content(archive: zipfile.ZipFile, source: str) -> bytes:
    try:
        info = archive.getinfo("content.xml")
    except KeyError:
        raise SiqError(
            "the archive has no content.xml", source=source, code="no_content_xml"
        ) from None
    if info.file_size > MAX_CONTENT_BYTES:
        problem = f"content.xml is larger than {MAX_CONTENT_BYTES} bytes"
        raise SiqError(problem, source=source, code="content_too_big", limit=MAX_CONTENT_BYTES)
    try:
        return archive.read(info)
    except (zipfile.BadZipFile, OSError, RuntimeError) as exc:
        raise SiqError(
            f"content.xml cannot be read from the archive ({exc})", source=source, code="unreadable"
        ) from None


def parse_xml(data: bytes, source: str = "content.xml") -> Node:
    """A small element tree with places (line, 1-based column, XML path); namespaces dropped."""
    parser = expat.ParserCreate(namespace_separator="}")
    stack: list[Node] = []
    roots: list[Node] = []
    counts: list[dict[str, int]] = [{}]

    def start(tag: str, attrs: dict[str, str]) -> None:
        name = _local(tag)
        seen = counts[-1]
        seen[name] = seen.get(name, 0) + 1
        parent = stack[-1].path if stack else ""
        path = f"{parent}/{name}[{seen[name]}]" if stack else f"/{name}"
        node = Node(
            name,
            {_local(k): v for k, v in attrs.items()},
            parser.CurrentLineNumber,
            parser.CurrentColumnNumber + 1,
            path,
        )
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)
        counts.append({})

    def end(_tag: str) -> None:
        stack.pop()
        counts.pop()

    def text(chunk: str) -> None:
        if stack:
            stack[-1].text += chunk

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        problem = expat.ErrorString(exc.code)
        where = f"line {exc.lineno}, column {exc.offset + 1}"
        message = f"content.xml is not well-formed XML: {problem} at {where}"
        raise SiqError(
            message,
            source=source,
            code="not_xml",
            reason=reason("xml", problem),
            line=exc.lineno,
            column=exc.offset + 1,
        ) from None
    return roots[0]


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1]


class Files:
    """The media files of an archive, found by the names ``content.xml`` uses.

    >>> buffer = io.BytesIO()
    >>> with zipfile.ZipFile(buffer, "w") as archive:
    ...     archive.writestr("Images/%D0%9B%D0%B8%D1%81%D1%82.png", b"png")
    >>> files = Files(zipfile.ZipFile(buffer))
    >>> files.find("image", "Лист.png"), files.find("image", "%D0%9B%D0%B8%D1%81%D1%82.png")
    ('Images/%D0%9B%D0%B8%D1%81%D1%82.png', 'Images/%D0%9B%D0%B8%D1%81%D1%82.png')
    >>> files.read("Images/%D0%9B%D0%B8%D1%81%D1%82.png"), files.find("audio", "Лист.png")
    (b'png', None)
    """

    def __init__(
        self, archive: zipfile.ZipFile, *, limit: int | None = None, source: str = "package"
    ) -> None:
        self.archive = archive
        self.left = MAX_TOTAL_BYTES if limit is None else limit
        self.source = source
        self.by_key: dict[str, str] = {}
        entries = archive.infolist()
        if len(entries) > MAX_ENTRIES:
            problem = f"the archive holds more than {MAX_ENTRIES} files"
            raise SiqError(problem, source=source, code="too_many_entries", limit=MAX_ENTRIES)
        for info in entries:
            if info.is_dir():
                continue
            name = info.filename
            if not info.flag_bits & 0x800:  # no UTF-8 flag: the name was decoded as cp437
                with contextlib.suppress(UnicodeEncodeError, UnicodeDecodeError):
                    name = name.encode("cp437").decode("utf-8")
            self.by_key.setdefault(_key(name), info.filename)

    def find(self, kind: str, ref: str) -> str | None:
        """The archive's name of the file ``ref`` of this kind, or None if it holds none."""
        folder = MEDIA_FOLDER.get(kind, "")
        for candidate in (f"{folder}/{ref}", ref):
            found = self.by_key.get(_key(candidate))
            if found is not None:
                return found
        return None

    def read(self, name: str) -> bytes | None:
        """The file's bytes (None when it is too large or cannot be read).

        The package's media together may unpack to ``limit`` bytes at most (a small
        archive can hold a huge file): past it, :class:`SiqError`.
        """
        info = self.archive.getinfo(name)
        if info.file_size > MAX_FILE_BYTES:
            return None
        self.left -= info.file_size
        if self.left < 0:
            problem = "the package's media unpack to more than the import takes"
            raise SiqError(problem, source=self.source, code="media_too_big")
        try:
            return self.archive.read(info)
        except (zipfile.BadZipFile, OSError, RuntimeError):
            return None


def _key(name: str) -> str:
    head, _, tail = unquote(name).replace("\\", "/").lstrip("/").rpartition("/")
    return f"{head.lower()}/{tail}" if head else tail
