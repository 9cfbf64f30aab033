"""SIGame ``.siq`` packages: a ZIP archive whose ``content.xml`` holds the questions.

The structure read (SIQ versions 4 and 5; XML namespaces are ignored)::

    package.siq (ZIP)
      content.xml                      the questions (required)
      Images/ Audio/ Video/ Html/      media files, names possibly %-encoded
      [Content_Types].xml, Texts/      ignored

    <package name="..." version="4|5">
      <rounds><round name="...">
        <themes><theme name="...">              -> the question's category
          <questions><question price="100">
            v4: <scenario><atom>text</atom>
                          <atom type="image">@pic.png</atom>   ('@' = a file in the package)
                          <atom type="marker"/>                (what follows goes with the answer)
                </scenario>
            v5: <params><param name="question" type="content">
                  <item>text</item><item type="image" isRef="True">pic.png</item>
                </param><param name="answer" type="content">...</param></params>
            <right><answer>the right answer</answer><answer>another accepted one</answer></right>
            <info><comments>...</comments></info>         -> the question's comment
          </question></questions>
        </theme></themes>
      </round></rounds>
    </package>

Text atoms/items (no type, ``text``, ``say``, ``oral``) make the question text;
image, audio (``voice``), video and html ones become :class:`Media` references,
with ``path`` set to the file inside the archive when the archive holds it. A
question with only media gets the text ``[image]`` (or its kind). Question types
(auctions, cats in a bag...) and prices are SIGame mechanics and are not used.

>>> import io, zipfile
>>> buffer = io.BytesIO()
>>> with zipfile.ZipFile(buffer, "w") as archive:
...     archive.writestr("content.xml", '<package name="P"><rounds><round name="R"><themes>'
...         '<theme name="Rivers"><questions><question price="100"><scenario><atom>Longest river?'
...         '</atom></scenario><right><answer>Nile</answer></right></question></questions>'
...         '</theme></themes></round></rounds></package>')
>>> [(q.id, q.text, q.answer, q.category) for q in load_siq(buffer.getvalue())]
[('siq-r1t1q1', 'Longest river?', 'Nile', 'Rivers')]
>>> load_siq(b"not a zip", source="bad.siq")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
boardroom.games.quiz.errors.SiqError: bad.siq: the file is not a ZIP archive ...
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, unquote
from xml.parsers import expat

from boardroom.games.quiz.bank.model import Bank, Media, build_bank
from boardroom.games.quiz.errors import RowError, SiqError

MAX_CONTENT_BYTES = 50_000_000
TEXT_KINDS = ("", "text", "say", "oral")
MEDIA_KIND = {
    "image": "image",
    "voice": "audio",
    "audio": "audio",
    "video": "video",
    "html": "html",
}
MEDIA_FOLDER = {"image": "Images", "audio": "Audio", "video": "Video", "html": "Html"}


@dataclass
class Node:
    """An XML element with its local tag name, attributes, text, children and line."""

    tag: str
    attrs: dict[str, str]
    line: int
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


def load_siq(data: bytes, *, source: str = "package", id_prefix: str = "siq-") -> Bank:
    """The questions of a ``.siq`` package, or :class:`SiqError` saying what is wrong."""
    archive = _open_zip(data, source)
    with archive:
        root = parse_xml(_read_content(archive, source), source)
        names = set(archive.namelist())
    if root.tag != "package":
        raise SiqError(f"content.xml has <{root.tag}> at its root, not <package>", source=source)
    rows = list(_question_rows(root, names, id_prefix))
    if not rows:
        raise SiqError(
            "the package has no questions (no round/theme/question in content.xml)", source=source
        )
    return build_bank(rows, source=source)


def _open_zip(data: bytes, source: str) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise SiqError(
            "the file is not a ZIP archive (a .siq package is one)", source=source
        ) from None


def _read_content(archive: zipfile.ZipFile, source: str) -> bytes:
    try:
        info = archive.getinfo("content.xml")
    except KeyError:
        raise SiqError("the archive has no content.xml", source=source) from None
    if info.file_size > MAX_CONTENT_BYTES:
        raise SiqError(f"content.xml is larger than {MAX_CONTENT_BYTES} bytes", source=source)
    try:
        return archive.read(info)
    except (zipfile.BadZipFile, OSError, RuntimeError) as exc:
        raise SiqError(
            f"content.xml cannot be read from the archive ({exc})", source=source
        ) from None


def parse_xml(data: bytes, source: str = "content.xml") -> Node:
    """A small element tree with line numbers; namespaces dropped from tag names.

    >>> root = parse_xml(b'<a xmlns="urn:x"><b k="v">hi</b></a>')
    >>> root.tag, root.children[0].tag, root.children[0].attrs, root.children[0].text
    ('a', 'b', {'k': 'v'}, 'hi')
    """
    parser = expat.ParserCreate(namespace_separator="}")
    stack: list[Node] = []
    roots: list[Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = Node(_local(tag), {_local(k): v for k, v in attrs.items()}, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(_tag: str) -> None:
        stack.pop()

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
        raise SiqError(
            f"content.xml is not well-formed XML: {problem} at line {exc.lineno}", source=source
        ) from None
    return roots[0]


def _name(node: Node) -> str:
    return repr(node.attrs.get("name", ""))


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1]


def _question_rows(root: Node, names: set[str], prefix: str) -> Any:
    for r, round_ in enumerate(root.all("rounds", "round"), start=1):
        for t, theme in enumerate(round_.all("themes", "theme"), start=1):
            for q, question in enumerate(theme.all("questions", "question"), start=1):
                where = f"round {r} {_name(round_)}, theme {_name(theme)}, question {q}"
                try:
                    row = _row(question, names)
                except ValueError as exc:
                    yield question.line, RowError(question.line, f"{where}: {exc}")
                    continue
                row["id"] = f"{prefix}r{r}t{t}q{q}"
                row["category"] = theme.attrs.get("name", "").strip() or None
                yield question.line, row


def _row(question: Node, names: set[str]) -> dict[str, Any]:
    parts = _parts(question)
    texts = [
        _clean(text) for part, kind, text, _ in parts if part == "question" and kind in TEXT_KINDS
    ]
    media = [
        _media(kind, text, is_ref, part, names)
        for part, kind, text, is_ref in parts
        if kind in MEDIA_KIND
    ]
    answers = [_clean(a.text) for a in question.all("right", "answer") if _clean(a.text)]
    if not answers:
        raise ValueError("no right answer (<right><answer>…</answer></right>)")
    text = "\n".join(t for t in texts if t)
    if not text:
        if not media:
            raise ValueError("the question has neither text nor media")
        text = f"[{media[0].kind}]"
    comments = [_clean(c.text) for c in question.all("info", "comments") if _clean(c.text)]
    return {
        "text": text,
        "answer": answers[0],
        "accept": answers[1:],
        "comment": "\n".join(comments) or None,
        "media": [m.to_json() for m in media],
    }


def _parts(question: Node) -> list[tuple[str, str, str, bool]]:
    """(part, kind, text, is a file reference) of every atom (v4) or item (v5)."""
    out: list[tuple[str, str, str, bool]] = []
    part = "question"
    for atom in question.all("scenario", "atom"):
        kind = atom.attrs.get("type", "")
        if kind == "marker":
            part = "answer"
            continue
        text = atom.text.strip()
        out.append((part, kind, text.removeprefix("@"), text.startswith("@")))
    for param in question.all("params", "param"):
        name = param.attrs.get("name", "")
        if name not in ("question", "answer"):
            continue
        for item in param.all("item"):
            is_ref = item.attrs.get("isRef", "").lower() == "true"
            out.append((name, item.attrs.get("type", ""), item.text.strip(), is_ref))
    return out


def _media(kind: str, ref: str, is_ref: bool, part: str, names: set[str]) -> Media:
    kind = MEDIA_KIND[kind]
    if not ref:
        raise ValueError(f"an empty {kind} reference")
    path = _locate(MEDIA_FOLDER[kind], ref, names) if is_ref else None
    return Media(kind=kind, ref=ref, path=path, part=part)


def _locate(folder: str, ref: str, names: set[str]) -> str | None:
    for name in (ref, quote(ref), unquote(ref)):
        for candidate in (f"{folder}/{name}", name):
            if candidate in names:
                return candidate
    return None


def _clean(text: str) -> str:
    return " ".join(text.split())
