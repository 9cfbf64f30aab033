"""Importing a bank as a quiz master does it: several files into one bank, and a preview.

:func:`import_files` reads each file by its extension (CSV, JSON, YAML, SIGame
``.siq``), names every problem with the file's real name, combines the questions
in the order given (each package's ids get their own prefix; a question that
came in an earlier file is skipped and listed), and :meth:`Imported.preview`
says what was taken: counts by file and category, the questions skipped and
why, in Russian and English. :func:`refusal` is the same for a refused import.

>>> imported = import_files([("a.csv", "вопрос;ответ;тема\\nДва?;2;Счёт\\n".encode("cp1251")),
...                          ("b.csv", b"question,answer\\nThree?,3\\nTwo?,2\\n")])
>>> [q.text for q in imported.bank], imported.preview()["lines"]["ru"][0]
(['Два?', 'Three?', 'Two?'], '3 вопроса из 2 файлов.')
"""

from __future__ import annotations

import base64
import binascii
import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from boardroom.games.quiz.bank.model import Bank, Media, Question, Skipped
from boardroom.games.quiz.bank.package import Files, open_zip
from boardroom.games.quiz.bank.siq import import_siq
from boardroom.games.quiz.bank.tables import decode_text, load_csv, load_json, load_yaml
from boardroom.games.quiz.bank.texts import (
    LANGS,
    category_line,
    missing_line,
    problem_text,
    refusal_header,
    skipped_line,
    summary,
)
from boardroom.games.quiz.errors import BankError, RowError, SiqError

FORMATS = ("csv", "json", "yaml", "yml", "siq")
ARCHIVE = "zip"  # the media files a CSV/JSON/YAML bank names (and banks of its own)
MAX_FILES = 20
MAX_NAME = 200
MAX_BANK_BYTES = 20_000_000  # a bank file inside an archive
KEPT_KINDS = ("image", "audio", "video")
Keep = Callable[[Media], str]


@dataclass(frozen=True)
class FileSummary:
    """One imported file: its name, format, text encoding (or ``zip``) and what it gave."""

    name: str
    format: str
    encoding: str
    questions: int
    skipped: int

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "format": self.format,
            "encoding": self.encoding,
            "questions": self.questions,
            "skipped": self.skipped,
        }


@dataclass(frozen=True)
class Imported:
    """The combined bank, the questions left out, and each file's share."""

    bank: Bank
    skipped: tuple[Skipped, ...]
    files: tuple[FileSummary, ...]

    def preview(self) -> dict[str, Any]:
        """What the import took, for the start page: counts, categories, skipped, sentences."""
        by_category = Counter(q.category for q in self.bank)
        categories: list[dict[str, Any]] = [
            {"name": name, "questions": n} for name, n in by_category.items()
        ]
        skipped = [item.to_json() for item in self.skipped]
        for item in skipped:
            item["text"] = {lang: skipped_line(item, lang) for lang in LANGS}
        missing = sum(1 for q in self.bank for m in q.media if m.data is None)
        lines = {
            lang: [
                summary(len(self.bank), len(self.files), len(self.skipped), lang),
                *(category_line(name, n, lang) for name, n in by_category.items()),
                *([missing_line(missing, lang)] if missing else []),
            ]
            for lang in LANGS
        }
        return {
            "questions": len(self.bank),
            "files": [f.to_json() for f in self.files],
            "categories": categories,
            "choice": sum(1 for q in self.bank if q.is_choice),
            "media": sum(1 for q in self.bank if q.media),
            "media_held": sum(1 for q in self.bank for m in q.media if m.data is not None),
            "media_missing": missing,
            "skipped": skipped,
            "lines": lines,
        }


def import_file(name: str, data: bytes, *, number: int = 1, prices: bool = False) -> Imported:
    """One file, its format from its name's extension (``number``: its place in a batch;
    ``prices``: a SIGame package's prices become its questions' points)."""
    fmt = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if fmt not in FORMATS:
        problem = f"unknown bank format {fmt!r}; expected one of: {', '.join(FORMATS)}"
        error = RowError(0, problem, code="unknown_format", params=(("format", fmt),))
        raise BankError([error], source=name)
    if fmt == "siq":
        prefix = "siq-" if number == 1 else f"siq{number}-"
        package = import_siq(data, source=name, id_prefix=prefix, prices=prices)
        summary_ = FileSummary(name, fmt, "zip", len(package.bank), len(package.skipped))
        return Imported(package.bank, package.skipped, (summary_,))
    text, encoding = decode_text(data, source=name)
    loader = {"csv": load_csv, "json": load_json}.get(fmt, load_yaml)
    bank = loader(text, source=name)
    return Imported(bank, (), (FileSummary(name, fmt, encoding, len(bank), 0),))


def import_files(files: Sequence[tuple[str, bytes]], *, prices: bool = False) -> Imported:
    """Several files as one bank, in the order given; the first refused file refuses all.

    A ``.zip`` archive brings the files the other banks' ``media`` name (looked up as
    SIGame does, by name, in a folder of the kind or not), and any bank it holds.

    >>> import io, zipfile
    >>> buffer = io.BytesIO()
    >>> with zipfile.ZipFile(buffer, "w") as archive:
    ...     archive.writestr("bank.csv", "вопрос;ответ;медиа\\nЧьё дерево?;Ливан;Images/k.png\\n")
    ...     archive.writestr("Images/k.png", b"png")
    >>> imported = import_files([("final.zip", buffer.getvalue())])
    >>> [(m.kind, m.ref, m.data) for m in imported.bank.questions[0].media]
    [('image', 'Images/k.png', b'png')]
    """
    files = _unpacked(files)
    archives = [Files(open_zip(data, name), source=name) for name, data in files if _is_zip(name)]
    files = [(name, data) for name, data in files if not _is_zip(name)]
    if not files:
        raise BankError([RowError(0, "no file was sent", code="no_files")], source="bank")
    if len(files) > MAX_FILES:
        problem = f"at most {MAX_FILES} files at once"
        raise BankError([RowError(0, problem, code="too_many_files")], source="bank")
    questions: dict[str, tuple[Question, str]] = {}
    skipped: list[Skipped] = []
    summaries: list[FileSummary] = []
    packages = 0
    for name, data in files:
        packages += name.lower().endswith(".siq")
        part = import_file(name, data, number=max(packages, 1), prices=prices)
        skipped += part.skipped
        kept = 0
        for question in part.bank:
            earlier = questions.get(question.id)
            if earlier is None:
                questions[question.id] = (question, name)
                kept += 1
            elif _same(earlier[0], question):
                skipped.append(Skipped(name, "repeated", (("file", earlier[1]),)))
            else:
                problem = f"question id {question.id!r} is already taken in {earlier[1]}"
                params = (("id", question.id), ("file", earlier[1]))
                error = RowError(0, problem, code="id_in_file", params=params)
                raise BankError([error], source=name)
        first = part.files[0]
        dropped = first.skipped + first.questions - kept
        summaries.append(FileSummary(name, first.format, first.encoding, kept, dropped))
    bank = Bank(tuple(_held(q, archives) for q, _ in questions.values()))
    return Imported(bank, tuple(skipped), tuple(summaries))


def _is_zip(name: str) -> bool:
    return name.lower().endswith(f".{ARCHIVE}")


def _unpacked(files: Sequence[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """The files sent, each archive followed by the banks it holds (``final.zip/bank.csv``)."""
    out: list[tuple[str, bytes]] = []
    for name, data in files:
        out.append((name, data))
        if not _is_zip(name):
            continue
        archive = open_zip(data, name)
        for info in archive.infolist():
            inner = info.filename.rsplit("/", 1)[-1]
            if info.is_dir() or "." not in inner or inner.startswith("."):
                continue
            if inner.rsplit(".", 1)[-1].lower() in FORMATS and info.file_size <= MAX_BANK_BYTES:
                out.append((f"{name}/{info.filename}"[:MAX_NAME], archive.read(info)))
    return out


def _held(question: Question, archives: Sequence[Files]) -> Question:
    """The question with the bytes of each media an archive holds (a package's are in)."""
    if not archives or all(m.data is not None for m in question.media):
        return question
    return replace(question, media=tuple(_found(m, archives) for m in question.media))


def _found(media: Media, archives: Sequence[Files]) -> Media:
    if media.data is not None:
        return media
    for archive in archives:
        path = archive.find(media.kind, media.ref)
        data = archive.read(path) if path is not None else None
        if data is not None:
            return replace(media, path=path, data=data)
    return media


def _same(one: Question, other: Question) -> bool:
    return (one.text, one.answer, one.choices) == (other.text, other.answer, other.choices)


def read_upload(body: bytes, fmt: str | None, name: str | None) -> list[tuple[str, bytes]]:
    """The files of a ``POST /api/web/bank``: one file as the body (``format``, ``name``), or,
    with ``format=files``, a JSON ``{"files": [{"name": ..., "data": <base64>}]}``.

    >>> read_upload(b"text,answer", "csv", None), read_upload(b"x", None, "Финал.csv")
    ([('bank.csv', b'text,answer')], [('Финал.csv', b'x')])
    >>> read_upload(b'{"files": [{"name": "a.csv", "data": "eA=="}]}', "files", None)
    [('a.csv', b'x')]
    """
    if fmt != "files":
        label = (name or "").strip()[:MAX_NAME]
        if not label:
            label = f"bank.{(fmt or 'csv').lower().lstrip('.')}"
        elif fmt and not label.lower().endswith(f".{fmt.lower().lstrip('.')}"):
            label = f"{label}.{fmt.lower().lstrip('.')}"
        return [(label, body)]
    try:
        files = json.loads(body)["files"]
        out = [
            (str(f["name"])[:MAX_NAME], base64.b64decode(f["data"], validate=True)) for f in files
        ]
    except (ValueError, KeyError, TypeError, binascii.Error):
        problem = 'expected {"files": [{"name": ..., "data": <base64>}]}'
        raise BankError([RowError(0, problem, code="bad_upload")], source="bank") from None
    return out


def bank_reply(
    body: bytes,
    fmt: str | None,
    name: str | None,
    keep: Keep | None = None,
    *,
    prices: bool = False,
) -> dict[str, Any]:
    """The answer to ``POST /api/web/bank``: the questions (setup-line rows) and the preview.

    ``keep(media)`` stores a media file's bytes and names them (the server's store):
    each row then carries that name as the media's ``blob``. ``prices``: SIGame prices
    become points (``?prices=1``, the host's choice).
    """
    imported = import_files(read_upload(body, fmt, name), prices=prices)
    bank = imported.bank if keep is None else kept(imported.bank, keep)
    return {"questions": bank.to_json(), "preview": imported.preview()}


def kept(bank: Bank, keep: Keep) -> Bank:
    """The bank with every media whose bytes were found stored by ``keep`` (the same
    file once) and named by what it returned; web pages (``html``) are not kept.

    >>> bank = Bank((Question("q1", "?", "!", media=(Media("image", "a.png", data=b"1"),
    ...                                              Media("image", "b.png", data=b"1"),
    ...                                              Media("audio", "c.mp3"))),))
    >>> names = iter(["b-1", "b-2"])
    >>> [m.blob for m in kept(bank, lambda m: next(names)).questions[0].media]
    ['b-1', 'b-1', None]
    """
    names: dict[str, str] = {}
    questions: list[Question] = []
    for question in bank:
        media: list[Media] = []
        for item in question.media:
            if item.data is not None and item.kind in KEPT_KINDS:
                if item.digest not in names:
                    names[item.digest] = keep(item)
                item = replace(item, blob=names[item.digest])
            media.append(item)
        questions.append(replace(question, media=tuple(media)))
    return Bank(tuple(questions))


def refusal(exc: BankError) -> dict[str, Any]:
    """A refused import's details: ``problems`` (English lines, as before) and ``texts``.

    ``texts`` is ``{lang: {"message", "problems"}}`` in Russian and English.

    >>> texts = refusal(BankError([RowError(2, "answer is missing or empty", code="missing",
    ...                                      params=(("field", "answer"),))], source="a.csv"))
    >>> texts["problems"], texts["texts"]["ru"]
    (['line 2: answer is missing or empty'], {'message': 'a.csv: 1 ошибка; ничего не загружено.', 'problems': ['строка 2: не заполнено поле «ответ»']})
    """  # noqa: E501
    out: dict[str, Any] = {}
    for lang in LANGS:
        problems = [
            problem_text(e.code, dict(e.params), e.message, lang, line=e.line, column=e.column)
            for e in exc.errors
        ]
        if isinstance(exc, SiqError):
            head = problem_text(exc.code, dict(exc.params), exc.problem, lang)
            closing = "ничего не загружено" if lang == "ru" else "nothing was imported"
            message = f"{exc.source}: {head}; {closing}."
        else:
            message = refusal_header(exc.source, len(exc.errors), lang)
        out[lang] = {"message": message, "problems": problems}
    return {"problems": [str(e) for e in exc.errors] or [str(exc)], "texts": out}
