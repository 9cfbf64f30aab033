"""SIGame ``.siq`` packages (SIQ versions 3, 4 and 5): the questions of ``content.xml``.

The structure read (XML namespaces ignored; the archive side is :mod:`.package`)::

    <package name="..." version="3|4|5">
      <rounds><round name="...">
        <themes><theme name="...">              -> the question's category
          <questions><question price="100" type="...">       v5: type as an attribute
            <type name="cat|bagcat|auction|sponsored">       v3/v4: type as an element
              <param name="theme">...</param> <param name="knows">never</param>
            </type>
            v3/v4: <scenario><atom>text</atom>
                             <atom type="say">spoken by the host</atom>
                             <atom type="image">@pic.png</atom>   ('@' = a file in the package)
                             <atom type="marker"/>                (what follows is the answer's)
                   </scenario>
            v5:    <params>
                     <param name="question" type="content">
                       <item>text</item><item placement="replic">spoken by the host</item>
                       <item type="image" isRef="True">pic.png</item>
                     </param>
                     <param name="answer" type="content">...</param>
                     <param name="answerType">select</param>
                     <param name="answerOptions" type="group">
                       <param name="A" type="content"><item>option</item></param> ...
                     </param>
                     <param name="theme">...</param>              (a cat in a bag's own theme)
                   </params>
                   <script><step type="showContent"><param name="content" isRef="True">question
                           </param></step> <step type="askAnswer"/> ... </script>
            <right><answer>the right answer (a select: the option's name)</answer>...</right>
            <info><comments>...</comments><showmanComments>...</showmanComments></info>
          </question></questions>
        </theme></themes>
      </round></rounds>
    </package>

What the quiz takes from each question: the screen text (the public ``text``);
the host's spoken lines (``say`` atoms, ``placement="replic"`` items) as
``host_text``; the answer side's text and the comments as the ``comment``; the
first right answer as ``answer``, the others as ``accept``; a ``select`` as
``choices`` with the right option as the answer; images, audio (``voice``),
video and html as :class:`Media` with the file's bytes when the package holds
them (question or answer part: after the marker, in the ``answer`` param, or
shown after ``askAnswer`` in a script).

Questions the quiz cannot ask are skipped and listed (:class:`Skipped`): a cat
in a bag with no question (``secretNoQuestion``, a v3/v4 ``bagcat`` with
``knows=never``), an answer type other than text, number or select, a choice
that is not text, a question file the package does not hold. A malformed
question (no right answer, no content, a select whose right answer is not an
option) refuses the whole package, every problem with its place.

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

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from boardroom.games.quiz.bank.model import Bank, Media, Place, Skipped, build_bank
from boardroom.games.quiz.bank.package import Files, Node, open_zip, parse_xml, read_content
from boardroom.games.quiz.bank.texts import skip_reason
from boardroom.games.quiz.errors import Problem, RowError, SiqError

MEDIA_KIND = {
    "image": "image",
    "voice": "audio",
    "audio": "audio",
    "video": "video",
    "html": "html",
}
SPOKEN = ("say", "oral")
ASKABLE_ANSWERS = ("", "text", "number", "select")
NO_QUESTION = "secretNoQuestion"
EMPTY_SLOT = "-1"  # SIGame's price of an empty place on the board
V5_TYPES = {"auction": "stake", "cat": "secret", "bagcat": "secret", "sponsored": "noRisk"}
STAKES = ("stake", "stakeAll")  # the price is a bid: no points to take from the package
SECRETS = ("secret", "secretPublicPrice")  # a cat in a bag: its own price (fixed or chosen)


@dataclass(frozen=True)
class Piece:
    """One atom (v3/v4) or content item (v5): its part, kind, text and whether it names a file."""

    part: str
    kind: str
    text: str
    is_ref: bool = False
    spoken: bool = False


class Skip(Exception):
    """A question of a kind the quiz cannot ask (raised while reading it)."""

    def __init__(self, code: str, **params: str) -> None:
        super().__init__(code)
        self.code = code
        self.params = tuple(params.items())


@dataclass(frozen=True)
class SiqImport:
    """A package's questions and the ones it had to leave out."""

    bank: Bank
    skipped: tuple[Skipped, ...]
    name: str


def load_siq(
    data: bytes, *, source: str = "package", id_prefix: str = "siq-", prices: bool = False
) -> Bank:
    """The questions of a ``.siq`` package, or :class:`SiqError` saying what is wrong."""
    return import_siq(data, source=source, id_prefix=id_prefix, prices=prices).bank


def import_siq(
    data: bytes, *, source: str = "package", id_prefix: str = "siq-", prices: bool = False
) -> SiqImport:
    """The questions of a package and those skipped (with their places and reasons).

    ``prices``: each question's SIGame price becomes its ``points`` (the host's choice
    at the import): a no-risk question's doubled, a cat in a bag's own fixed price; a
    stake (the price is a bid) or a cat whose price the player picks is skipped.
    """
    archive = open_zip(data, source)
    with archive:
        root = parse_xml(read_content(archive, source), source)
        if root.tag != "package":
            message = f"content.xml has <{root.tag}> at its root, not <package>"
            raise SiqError(message, source=source, code="bad_root", tag=root.tag)
        rows: list[tuple[int, Any]] = []
        found: dict[str, list[bytes | None]] = {}
        skipped: list[Skipped] = []
        files = Files(archive, source=source)
        for place, node, final in _questions(root):
            try:
                row = _row(node, files, prices=prices, final=final)
            except SiqError:
                raise  # the whole package (its media too large)
            except Skip as skip:
                skipped.append(Skipped(source, skip.code, skip.params, place, node.line))
                continue
            except ValueError as exc:
                problem = RowError.of(node.line, exc, node.column, node.path)
                where = replace(problem, message=f"{place}: {exc}", params=_at(place, problem))
                rows.append((node.line, where))
                continue
            row["id"] = f"{id_prefix}r{place.round}t{place.theme}q{place.question}"
            found[row["id"]] = row.pop("data")
            row.setdefault("category", place.theme_name.strip() or None)
            rows.append((node.line, row))
    if not rows and not skipped:
        raise SiqError(
            "the package has no questions (no round/theme/question in content.xml)",
            source=source,
            code="no_questions",
        )
    if not rows:
        raise SiqError(
            "no question of the package can be asked in the quiz",
            source=source,
            errors=[_skip_error(s) for s in skipped],
            code="nothing_askable",
        )
    bank = build_bank(rows, source=source)
    return SiqImport(_with_data(bank, found), tuple(skipped), root.attrs.get("name", ""))


def _with_data(bank: Bank, data: dict[str, list[bytes | None]]) -> Bank:
    """The bank with each media's bytes put back (rows carry references only)."""
    questions = []
    for question in bank:
        media = tuple(
            replace(m, data=d) for m, d in zip(question.media, data[question.id], strict=True)
        )
        questions.append(replace(question, media=media))
    return Bank(tuple(questions))


def _reason(skipped: Skipped) -> str:
    return skip_reason(skipped.code, dict(skipped.params), "en")


def _skip_error(skipped: Skipped) -> RowError:
    """A skipped question as one of the reasons a package is refused (coded, placed)."""
    problem = RowError(skipped.line, "", code=skipped.code, params=skipped.params)
    if skipped.place is None:
        return replace(problem, message=_reason(skipped))
    message = f"{skipped.place}: {_reason(skipped)}"
    return replace(problem, message=message, params=_at(skipped.place, problem))


def _at(place: Place, problem: RowError) -> tuple[tuple[str, str], ...]:
    """The problem's parameters with its place in the package (for the texts in each language)."""
    where = tuple((f"place.{k}", str(v)) for k, v in place.to_json().items())
    return problem.params + where


def _questions(root: Node) -> Iterator[tuple[Place, Node, bool]]:
    """Each question, its place, and whether its round is a final (every player stakes)."""
    for r, round_ in enumerate(root.all("rounds", "round"), start=1):
        final = round_.attrs.get("type", "") == "final"
        for t, theme in enumerate(round_.all("themes", "theme"), start=1):
            for q, question in enumerate(theme.all("questions", "question"), start=1):
                names = round_.attrs.get("name", ""), theme.attrs.get("name", "")
                yield Place(r, names[0], t, names[1], q), question, final


def _row(question: Node, files: Files, *, prices: bool, final: bool) -> dict[str, Any]:
    if question.attrs.get("price", "").strip() == EMPTY_SLOT:
        raise Skip("empty_slot")
    kind, type_params = _question_type(question)
    if kind == NO_QUESTION:
        raise Skip("no_question")
    points = _points(question, kind, type_params, final) if prices else None
    pieces, answer_type, options = _content(question)
    answers = [_clean(a.text) for a in question.all("right", "answer") if _clean(a.text)]
    if not answers and not any(p.text for p in pieces):
        raise Skip("empty_slot")  # a place the author left unfilled: no content, no answer
    if answer_type not in ASKABLE_ANSWERS:
        raise Skip("answer_type", type=answer_type)
    if not answers:
        raise Problem("no_answer", "no right answer (<right><answer>…</answer></right>)")
    row: dict[str, Any] = {"answer": answers[0], "accept": answers[1:]}
    if answer_type == "select":
        row.update(_select(options, answers))
    media = [_media(p, files) for p in pieces if p.kind in MEDIA_KIND]
    text = _join(p.text for p in pieces if p.part == "question" and p.kind == "text")
    host = _join(p.text for p in pieces if p.part == "question" and p.kind in SPOKEN)
    if not (text or host or media):
        raise Problem("no_content", "the question has neither text nor media")
    notes = [p.text for p in pieces if p.part == "answer" and p.kind in ("text", *SPOKEN)]
    notes += [c.text for c in question.all("info", "comments")]
    notes += [c.text for c in question.all("info", "showmanComments")]
    row.update(
        text=text,
        host_text=host or None,
        comment=_join(notes) or None,
        media=[m.to_json() for m in media],
        data=[m.data for m in media],
    )
    if type_params.get("theme", "").strip():
        row["category"] = type_params["theme"].strip()
    if points is not None:
        row["points"] = points
    return row


def _points(question: Node, kind: str, params: dict[str, str], final: bool) -> int | None:
    """The question's SIGame price as its points, by its kind's rules (None: the ruleset's).

    A stake's price is a bid and a cat in a bag's may be the player's pick: neither can
    be played here, so such a question is skipped (and listed) rather than mispriced.
    """
    if final or kind in STAKES:
        raise Skip("stake", type=kind or "final")
    if kind in SECRETS:
        own = _number(params.get("price", ""))
        if own is None or own <= 0:
            raise Skip("chosen_price")
        return own
    price = _number(question.attrs.get("price", ""))
    if price is None or price <= 0:
        return None
    return 2 * price if kind == "noRisk" else price


def _number(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() else None


def _question_type(question: Node) -> tuple[str, dict[str, str]]:
    """The question's type name (v3/v4 ones as v5 names them) and its parameters."""
    element = question.find("type")
    params = {p.attrs.get("name", ""): p.text for p in element.all("param")} if element else {}
    params_node = question.find("params")
    if params_node is not None:
        theme = params_node.param("theme")
        if theme is not None:
            params["theme"] = theme.text
        price = params_node.param("price")
        numbers = price.find("numberSet") if price is not None else None
        if numbers is not None:
            low, high = numbers.attrs.get("minimum", ""), numbers.attrs.get("maximum", "")
            params["price"] = low if low == high else ""
    elif "cost" in params:
        params["price"] = params["cost"]
    name = question.attrs.get("type") or (element.attrs.get("name", "") if element else "")
    if name == "bagcat" and params.get("knows", "").strip() == "never":
        name = NO_QUESTION
    return V5_TYPES.get(name, name), params


def _content(question: Node) -> tuple[list[Piece], str, Node | None]:
    """The pieces of a question, its answer type and its answer options (a ``group`` param)."""
    pieces = list(_atoms(question))
    params = question.find("params")
    answer_type, options = "", None
    if params is not None:
        kind = params.param("answerType")
        answer_type = _clean(kind.text) if kind is not None else ""
        options = params.param("answerOptions")
    script = question.find("script")
    if script is not None:
        steps, script_type, script_options = _script(script, params)
        pieces += steps
        answer_type, options = script_type or answer_type, script_options or options
    elif params is not None:
        for part in ("question", "answer"):
            node = params.param(part)
            pieces += _items(node, part) if node is not None else []
    return pieces, answer_type, options


def _atoms(question: Node) -> Iterator[Piece]:
    part = "question"
    for atom in question.all("scenario", "atom"):
        kind = atom.attrs.get("type", "") or "text"
        if kind == "marker":
            part = "answer"
            continue
        text = atom.text.strip()
        yield Piece(part, kind, text.removeprefix("@"), text.startswith("@"))


def _items(param: Node, part: str) -> list[Piece]:
    out: list[Piece] = []
    for item in param.all("item"):
        kind = item.attrs.get("type", "") or "text"
        if kind == "text" and item.attrs.get("placement", "") == "replic":
            kind = "say"
        is_ref = item.attrs.get("isRef", "").lower() == "true"
        out.append(Piece(part, kind, item.text.strip(), is_ref))
    return out


def _script(script: Node, params: Node | None) -> tuple[list[Piece], str, Node | None]:
    """A v5 script: content shown before ``askAnswer`` is the question's, after it the answer's."""
    part, pieces, answer_type, options = "question", [], "", None
    for step in script.all("step"):
        kind = step.attrs.get("type", "")
        if kind == "askAnswer":
            part = "answer"
        elif kind == "showContent":
            content = _resolve(step.param("content"), params)
            pieces += _items(content, part) if content is not None else []
        elif kind == "setAnswerType":
            chosen = _resolve(step.param("type"), params)
            answer_type = _clean(chosen.text) if chosen is not None else answer_type
            options = _resolve(step.param("options"), params) or options
    return pieces, answer_type, options


def _resolve(node: Node | None, params: Node | None) -> Node | None:
    """A step's parameter, or the question parameter it refers to (``isRef``)."""
    if node is None or node.attrs.get("isRef", "").lower() != "true":
        return node
    return params.param(_clean(node.text)) if params is not None else None


def _select(options: Node | None, answers: list[str]) -> dict[str, Any]:
    """Choices from the answer options; the right answer names one (``A``) or is its text."""
    named: dict[str, str] = {}
    for option in options.all("param") if options is not None else []:
        items = option.all("item")
        if any((item.attrs.get("type", "") or "text") != "text" for item in items):
            raise Skip("choice_media", option=option.attrs.get("name", ""))
        named[option.attrs.get("name", "")] = _join(item.text for item in items)
    if len(named) < 2:
        raise Problem("few_options", "a select question needs at least two answer options")
    right = [named.get(a, a) for a in answers]
    if right[0] not in named.values():
        labels = ", ".join(named)
        message = f"the right answer {answers[0]!r} is not one of the options {labels}"
        raise Problem("answer_not_option", message, answer=answers[0], options=labels)
    return {"choices": list(named.values()), "answer": right[0], "accept": []}


def _media(piece: Piece, files: Files) -> Media:
    kind = MEDIA_KIND[piece.kind]
    if not piece.text:
        raise Problem("empty_media", f"an empty {kind} reference", kind=kind)
    path = files.find(kind, piece.text) if piece.is_ref else None
    if piece.is_ref and path is None and piece.part == "question":
        raise Skip("missing_media", file=piece.text)
    data = files.read(path) if path is not None else None
    return Media(kind=kind, ref=piece.text, path=path, part=piece.part, data=data)


def _join(texts: Any) -> str:
    return "\n".join(t for t in (_clean(text) for text in texts) if t)


def _clean(text: str) -> str:
    return " ".join(text.split())
