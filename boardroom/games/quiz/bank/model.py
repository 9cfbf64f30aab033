"""Questions and banks: the records every importer produces and the game reads.

A row from any format (CSV, JSON, YAML, a setup line) goes through
:func:`question_from_row`, so every format accepts the same fields and reports
the same errors.

>>> q = question_from_row({"text": "Capital of France?", "answer": "Paris"})
>>> q.id, q.category, q.choices
('q-49267bfe', None, ())
>>> question_from_row({"text": "2+2?", "answer": "5", "choices": "3|4"})
Traceback (most recent call last):
...
boardroom.games.quiz.errors.Problem: answer '5' is not one of the choices
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from boardroom.games.quiz.errors import BankError, Problem, RowError

FIELDS = (
    "id",
    "text",
    "answer",
    "choices",
    "category",
    "points",
    "time_s",
    "accept",
    "comment",
    "host_text",
    "media",
)
ALIASES = {
    # English headers people write
    "time_limit": "time_s",
    "time": "time_s",
    "seconds": "time_s",
    "question": "text",
    "theme": "category",
    "topic": "category",
    "options": "choices",
    "score": "points",
    "also": "accept",
    "alternatives": "accept",
    "note": "comment",
    "explanation": "comment",
    "host": "host_text",
    # Russian ones (ё is read as е)
    "номер": "id",
    "вопрос": "text",
    "текст": "text",
    "ответ": "answer",
    "правильный ответ": "answer",
    "варианты": "choices",
    "варианты ответа": "choices",
    "категория": "category",
    "тема": "category",
    "очки": "points",
    "баллы": "points",
    "время": "time_s",
    "секунды": "time_s",
    "принимается": "accept",
    "другие ответы": "accept",
    "комментарий": "comment",
    "пояснение": "comment",
    "ведущему": "host_text",
    "для ведущего": "host_text",
    "медиа": "media",
    "файлы": "media",
    "files": "media",
}
MEDIA_KINDS = ("image", "audio", "video", "html")
EXTENSIONS = {
    "image": ("png", "jpg", "jpeg", "gif", "webp", "svg", "bmp", "avif"),
    "audio": ("mp3", "ogg", "oga", "wav", "m4a", "aac", "flac", "opus"),
    "video": ("mp4", "webm", "ogv", "mov", "m4v"),
}
ANSWER_PREFIXES = ("answer", "ответ")
MAX_KEY = 64


@dataclass(frozen=True)
class Media:
    """A picture, sound or video that goes with a question.

    ``ref`` is the file name or URL as the source gives it; ``path`` the file's
    path inside a package when the package holds it (None when it does not);
    ``part`` is ``question`` or ``answer`` (shown with the answer). ``blob`` names
    the stored bytes (the server's key, set when the import stored them) and ``id``
    is the media's own opaque id in one game (drawn at the game's creation): the
    only names of it that ever reach a screen other than the host's. ``data`` is
    the file's bytes when the import found them (a package's file): kept here so
    the server can store and serve them under an id of its own; never part of
    :meth:`to_json` (a setup line carries no bytes) nor of equality.

    >>> m = Media("image", "leaf.png", "Images/leaf.png", data=b"png")
    >>> m.size, m.digest[:12], m == Media("image", "leaf.png", "Images/leaf.png")
    (3, '8f8cbb7dcf46', True)
    >>> Media("audio", "a.mp3", part="answer", blob="b1", id="m-1").to_json()
    {'kind': 'audio', 'ref': 'a.mp3', 'path': None, 'part': 'answer', 'blob': 'b1', 'id': 'm-1'}
    """

    kind: str
    ref: str
    path: str | None = None
    part: str = "question"
    data: bytes | None = field(default=None, compare=False, repr=False)
    blob: str | None = None
    id: str | None = None

    @property
    def size(self) -> int:
        """The number of bytes found (0 when the file is not held)."""
        return len(self.data or b"")

    @property
    def digest(self) -> str:
        """The SHA-256 of the bytes found (empty when none): the same file, the same digest."""
        return hashlib.sha256(self.data).hexdigest() if self.data is not None else ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "ref": self.ref, "path": self.path}
        out["part"] = self.part
        out |= {key: value for key, value in (("blob", self.blob), ("id", self.id)) if value}
        return out


@dataclass(frozen=True)
class Question:
    """One question: its text, the right answer, optional choices, category, points, time limit.

    ``points`` (when set) replaces the ruleset's capture/repel points for the jump
    fought with it; ``time_s`` replaces ``answer_s``. ``accept`` lists other
    answers the host may accept (shown to the host only). ``comment`` explains the
    answer and ``host_text`` is what the host says aloud (a SIGame spoken line):
    both go with the answer, never into the public ``text``, which may be empty
    when the question is only spoken or only shown (``host_text`` or ``media``).
    """

    id: str
    text: str
    answer: str
    choices: tuple[str, ...] = ()
    category: str | None = None
    points: float | None = None
    time_s: float | None = None
    accept: tuple[str, ...] = ()
    comment: str | None = None
    media: tuple[Media, ...] = ()
    host_text: str | None = None

    @property
    def is_choice(self) -> bool:
        """A multiple-choice question, which the system can judge by itself."""
        return bool(self.choices)

    def to_json(self) -> dict[str, Any]:
        """The question as a setup-line row (fields left at their default are left out).

        >>> Question("q1", "2+2?", "4", choices=("3", "4")).to_json()
        {'id': 'q1', 'text': '2+2?', 'answer': '4', 'choices': ['3', '4']}
        """
        row: dict[str, Any] = {"id": self.id, "text": self.text, "answer": self.answer}
        optional: dict[str, Any] = {
            "choices": list(self.choices),
            "category": self.category,
            "points": self.points,
            "time_s": self.time_s,
            "accept": list(self.accept),
            "comment": self.comment,
            "host_text": self.host_text,
            "media": [m.to_json() for m in self.media],
        }
        row.update({key: value for key, value in optional.items() if value not in (None, [])})
        return row


@dataclass(frozen=True)
class Place:
    """Where a question sits in a SIGame package: round, theme and question (1-based), names.

    >>> str(Place(1, "Финал", 2, "История", 3))
    "round 1 'Финал', theme 'История', question 3"
    """

    round: int
    round_name: str
    theme: int
    theme_name: str
    question: int

    def __str__(self) -> str:
        return (
            f"round {self.round} {self.round_name!r}, theme {self.theme_name!r}, "
            f"question {self.question}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "round_name": self.round_name,
            "theme": self.theme,
            "theme_name": self.theme_name,
            "question": self.question,
        }


@dataclass(frozen=True)
class Skipped:
    """A question an import left out, and why: a stable ``code`` with its ``params``.

    Codes: ``no_question`` (a cat in a bag with no question of its own),
    ``answer_type`` (``type``: an answer the quiz cannot take, such as a point on
    a picture), ``choice_media`` (a choice that is a picture or a sound),
    ``missing_media`` (``file``: the question's file is not in the package),
    ``repeated`` (``file``: the same question came in an earlier file), ``empty_slot``
    (SIGame's ``price="-1"``: an empty place on the board), and with SIGame prices as
    points ``stake`` (``type``: the price is a bid) and ``chosen_price`` (a cat in a bag
    whose price the player picks).
    """

    source: str
    code: str
    params: tuple[tuple[str, str], ...] = ()
    place: Place | None = None
    line: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "code": self.code,
            "params": dict(self.params),
            "place": self.place.to_json() if self.place else None,
            "line": self.line,
        }


@dataclass(frozen=True)
class Bank:
    """An ordered set of questions with unique ids.

    >>> bank = Bank.from_rows([{"text": "A?", "answer": "a", "category": "Letters"},
    ...                        {"text": "B?", "answer": "b"}])
    >>> len(bank), bank.categories()
    (2, ['Letters'])
    """

    questions: tuple[Question, ...] = ()
    by_id: dict[str, Question] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        seen: dict[str, Question] = {}
        for question in self.questions:
            if question.id in seen:
                problem = f"question id {question.id!r} appears twice"
                params = (("id", question.id),)
                raise BankError([RowError(0, problem, code="id_twice", params=params)])
            seen[question.id] = question
        self.by_id.update(seen)

    def __deepcopy__(self, memo: dict[int, Any]) -> Bank:
        return self  # immutable: states copied for undo share it

    def __len__(self) -> int:
        return len(self.questions)

    def __iter__(self) -> Iterator[Question]:
        return iter(self.questions)

    def categories(self) -> list[str]:
        """The categories in order of first appearance."""
        return list(dict.fromkeys(q.category for q in self.questions if q.category))

    def merge(self, other: Bank) -> Bank:
        """Both banks' questions, this one's first (a clash of ids is an error)."""
        return Bank(self.questions + other.questions)

    def to_json(self) -> list[dict[str, Any]]:
        """The bank as the ``questions`` list of a setup line."""
        return [q.to_json() for q in self.questions]

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, Any]], *, source: str = "questions") -> Bank:
        """Validate plain rows (line numbers are row numbers, 1-based)."""
        return build_bank(((n, row) for n, row in enumerate(rows, start=1)), source=source)


def build_bank(numbered: Iterable[tuple[int, Any]], *, source: str) -> Bank:
    """Validate every row, collect every error, and build the bank only if all are good.

    A row may already be a :class:`RowError` (a reader's own complaint about it).
    """
    errors: list[RowError] = []
    questions: list[Question] = []
    first_line: dict[str, int] = {}
    for line, row in numbered:
        if isinstance(row, RowError):
            errors.append(row)
            continue
        try:
            question = question_from_row(row)
        except ValueError as exc:
            errors.append(RowError.of(line, exc))
            continue
        if question.id in first_line:
            errors.append(
                RowError(
                    line,
                    f"question id {question.id!r} is taken by line {first_line[question.id]}",
                    code="id_taken",
                    params=(("id", question.id), ("line", str(first_line[question.id]))),
                )
            )
            continue
        first_line[question.id] = line
        questions.append(question)
    if errors:
        raise BankError(errors, source=source)
    if not questions:
        raise BankError([RowError(0, "there are no questions", code="empty")], source=source)
    return Bank(tuple(questions))


def question_from_row(row: Mapping[str, Any]) -> Question:
    """One question from a row of any format; ``ValueError`` says what is wrong."""
    if not isinstance(row, Mapping):
        raise Problem("not_mapping", f"a question must be a mapping of fields, not {_kind(row)}")
    fields = _canonical(row)
    media = _media(fields.get("media"))
    host_text = _text(fields, "host_text") or None
    text = _text(fields, "text", required=not (media or host_text))
    answer = _text(fields, "answer", required=True)
    choices = _choices(fields.get("choices"))
    if choices and answer not in choices:
        raise Problem(
            "answer_not_choice", f"answer {answer!r} is not one of the choices", answer=answer
        )
    question = Question(
        id=_text(fields, "id") or _content_id(text, answer),
        text=text,
        answer=answer,
        choices=choices,
        category=_text(fields, "category") or None,
        points=_number(fields, "points", allow_zero=True),
        time_s=_number(fields, "time_s"),
        accept=_list(fields.get("accept"), "accept"),
        comment=_text(fields, "comment") or None,
        media=media,
        host_text=host_text,
    )
    return question


def _canonical(row: Mapping[str, Any]) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for raw_key, value in row.items():
        key = " ".join(str(raw_key).lower().replace("ё", "е").split())
        key = ALIASES.get(key, key)
        if key not in FIELDS:
            known = ", ".join(FIELDS)
            raise Problem(
                "unknown_field",
                f"unknown field {raw_key!r}; the fields are: {known}",
                field=raw_key,
                known=known,
            )
        if key in fields:
            raise Problem("field_twice", f"field {key!r} is given twice", field=key)
        if value is not None and value != "":
            fields[key] = value
    return fields


def _kind(value: object) -> str:
    return "nothing" if value is None else type(value).__name__


def _text(fields: Mapping[str, Any], key: str, *, required: bool = False) -> str:
    value = fields.get(key)
    if value is None:
        if required:
            raise Problem("missing", f"{key} is missing or empty", field=key)
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise Problem("not_text", f"{key} must be text, not {_kind(value)}", field=key)
    text = str(value).strip()
    if required and not text:
        raise Problem("missing", f"{key} is missing or empty", field=key)
    return text


def _number(fields: Mapping[str, Any], key: str, *, allow_zero: bool = False) -> float | None:
    value = fields.get(key)
    if value is None:
        return None
    if isinstance(value, bool):
        raise Problem(
            "not_number", f"{key} must be a number, not {value!r}", field=key, value=value
        )
    try:
        number = float(value.strip().replace(",", ".")) if isinstance(value, str) else float(value)
    except (TypeError, ValueError):
        raise Problem(
            "not_number", f"{key} must be a number, not {value!r}", field=key, value=value
        ) from None
    if not math.isfinite(number) or number < 0 or (number == 0 and not allow_zero):
        bound = "zero or more" if allow_zero else "more than zero"
        code = "negative" if allow_zero else "not_positive"
        raise Problem(code, f"{key} must be {bound}, not {value!r}", field=key, value=value)
    return int(number) if number.is_integer() else number


def _list(value: Any, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    items = value.split("|") if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        message = f"{key} must be a list or text separated by '|', not {_kind(value)}"
        raise Problem("not_list", message, field=key)
    out: list[str] = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, str | int | float):
            message = f"every entry of {key} must be text, not {_kind(item)}"
            raise Problem("not_text", message, field=key)
        if str(item).strip():
            out.append(str(item).strip())
    return tuple(out)


def _choices(value: Any) -> tuple[str, ...]:
    choices = _list(value, "choices")
    if len(choices) == 1:
        raise Problem("one_choice", "a multiple-choice question needs at least two choices")
    repeated = sorted({c for c in choices if choices.count(c) > 1})
    if repeated:
        raise Problem("choice_twice", f"choice {repeated[0]!r} is given twice", choice=repeated[0])
    return choices


def _media(value: Any) -> tuple[Media, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [media_entry(item) for item in value.split("|") if item.strip()]
    if not isinstance(value, list | tuple):
        raise Problem("bad_media", f"media must be a list, not {_kind(value)}")
    out: list[Media] = []
    for item in value:
        if not isinstance(item, Mapping) or not isinstance(item.get("ref"), str):
            raise Problem("bad_media", "every media entry needs a 'ref' (its file name or URL)")
        kind = item.get("kind", "image")
        if kind not in MEDIA_KINDS:
            message = f"media kind {kind!r} is not one of {', '.join(MEDIA_KINDS)}"
            raise Problem("bad_media", message)
        part = item.get("part", "question")
        if part not in ("question", "answer"):
            raise Problem("bad_media", f"media part {part!r} must be 'question' or 'answer'")
        path = _key_text(item, "path", None)  # an archive's path: any length, any script
        blob, own = (_key_text(item, key, MAX_KEY) for key in ("blob", "id"))
        out.append(Media(kind, item["ref"], path, part, blob=blob, id=own))
    return tuple(out)


def _key_text(item: Mapping[str, Any], key: str, most: int | None) -> str | None:
    """A media's name: text, not empty, at most ``most`` characters (None: no bound, as for
    an archive's path; the upload's and the setup line's sizes bound it)."""
    value = item.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value or (most is not None and len(value) > most):
        bound = f" of at most {most} characters" if most is not None else ""
        raise Problem("bad_media", f"media {key} must be text{bound}")
    return value


def media_entry(text: str) -> dict[str, str]:
    """A media entry written in a table cell: ``[answer:]file``, its kind by the file's
    extension (a picture when unknown); cells list several, separated by ``|``.

    >>> media_entry("Флаги/Ливан.PNG")
    {'ref': 'Флаги/Ливан.PNG', 'kind': 'image', 'part': 'question'}
    >>> media_entry(" answer: гимн.mp3 ")
    {'ref': 'гимн.mp3', 'kind': 'audio', 'part': 'answer'}
    """
    text = text.strip()
    part = "question"
    head, colon, rest = text.partition(":")
    if colon and head.strip().lower() in ANSWER_PREFIXES:
        part, text = "answer", rest.strip()
    extension = text.rsplit(".", 1)[-1].lower() if "." in text else ""
    kind = next((k for k, exts in EXTENSIONS.items() if extension in exts), "image")
    return {"ref": text, "kind": kind, "part": part}


def _content_id(text: str, answer: str) -> str:
    digest = hashlib.sha1(f"{text}\n{answer}".encode()).hexdigest()
    return f"q-{digest[:8]}"
