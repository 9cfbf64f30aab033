"""The one door out of the core: what the host, the projector and each team may see.

- ``host``: everything, the right answer of the question out included.
- ``projector``: the board with names, the question without its answer (and
  without the answer given, which may be it) until it is judged, the timer, scores.
- a team id: the projector's picture plus the team's own legal moves and the
  answer it gave.
"""

from __future__ import annotations

import copy
from typing import Any

from boardroom.games.quiz.bank import Media, Question
from boardroom.games.quiz.state import Duel, QuizState
from boardroom.kernel import Json, Refused

SCREENS = ("host", "projector")
HOST_PICKS = 200  # the unused questions the host's view lists to choose from
GRID_MAX = 120  # the questions the wall's board of themes × prices shows, at most


def view(state: QuizState, viewer: str, *, events_since: int = 0) -> Json:
    """Everything ``viewer`` (``host``, ``projector``, a team id) may see; a member sees
    its team's view. ``events`` lists the events from number ``events_since`` on, each
    as the whole view shows it (an answer is hidden until its question is judged).

    >>> from boardroom.games.quiz.setup import setup
    >>> state = setup({"game": "quiz", "teams": [
    ...     {"id": "A", "members": [{"id": "a1", "name": "Ivan"}]},
    ...     {"id": "B", "members": [{"id": "b1", "name": "Boris"}]}]})
    >>> host = view(state, "host")
    >>> host["phase"], host["position"], host["teams"]["A"]["members"][0]["square"]
    ('setup', 'W:Wb2:Bg7', 'b2')
    >>> "undo_available" in view(state, "projector")
    False
    >>> view(state, "a1")["viewer"]
    'A'
    >>> view(state, "host", events_since=len(state.log))["events"]
    []
    """
    teams = [t.id for t in state.teams]
    viewer = state.seat(viewer)
    if viewer not in (*SCREENS, *teams):
        raise Refused(
            "unknown_viewer",
            f"No view for {viewer!r}; viewers are host, projector and {', '.join(teams)}.",
            viewer=repr(viewer),
        )
    host = viewer == "host"
    game = state.game
    out: Json = {
        "game": "quiz",
        "viewer": viewer,
        "phase": game.phase,
        "paused": state.paused_at is not None,
        "position": game.fen,
        "to_move": game.to_move,
        "moves": game.moves,
        "teams": _teams(state),
        "duel": _duel(state, game.duel, viewer) if game.duel else None,
        "last_judgement": _last(state, host),
        "winner": game.winner,
        "end_reason": game.end_reason,
        "deadline": next_deadline(state),
        "legal_moves": _legal(state) if host or viewer == game.to_move else [],
        "bank": _bank(state, host) | ({"grid": _grid(state)} if viewer == "projector" else {}),
        "playing": state.playing,
        "answerers": dict(state.answerers),
        "start": state.start,
        "record": record(state, viewer),
        "ruleset": state.ruleset.to_json(),
    }
    if host:
        out["undo_available"] = len(state.undo)
    since = max(events_since, 0)
    out["events"] = state.log[since:] if host else _public_events(state, viewer, since)
    return copy.deepcopy(out)  # nothing the caller does to it can reach the state


def next_deadline(state: QuizState) -> float | None:
    """When a ``tick`` will judge the question out as unanswered (None: no clock runs).

    Paused rounds, answered questions and rounds without a duel have no deadline.
    """
    duel = state.game.duel
    if state.paused_at is not None or duel is None or duel.step != "answer":
        return None
    return duel.deadline


def _teams(state: QuizState) -> Json:
    kings = {p.square for p in state.board().pieces() if p.king}
    out: Json = {}
    for team in state.teams:
        points = state.game.points[team.id]
        members = [
            {
                "id": m.id,
                "name": m.name,
                "square": state.game.squares[m.id],
                "king": state.game.squares[m.id] in kings,
                "captain": m.captain,
                "guest": m.guest,
            }
            for m in team.members
        ]
        out[team.id] = {
            "name": team.name,
            "color": team.color,
            "earlier": team.earlier,
            "points": points,
            "score": team.earlier + points,
            "members": members,
        }
    return out


def question_view(question: Question, *, answer: bool, host: bool = False) -> Json:
    """A question for a screen; the answer (and what would give it away) only if ``answer``.

    Media are listed by their opaque ids only, those of the answer with the answer; a
    screen other than the host's sees only the media the server holds (it can show
    those), and never a file's name.

    >>> q = Question("q1", "2+2?", "4", choices=("3", "4"), comment="easy")
    >>> sorted(question_view(q, answer=False))
    ['category', 'choices', 'id', 'media', 'points', 'text', 'time_s']
    >>> question_view(q, answer=True)["answer"]
    '4'
    """
    out: Json = {
        "id": question.id,
        "text": question.text,
        "choices": list(question.choices),
        "category": question.category,
        "points": question.points,
        "time_s": question.time_s,
        "media": [
            _media_view(question.id, number, media, host)
            for number, media in enumerate(question.media, start=1)
            if (answer or media.part == "question") and (host or media.blob)
        ],
    }
    if answer:
        out["answer"] = question.answer
        out["accept"] = list(question.accept)
        out["comment"] = question.comment
        if question.host_text:  # the host's spoken line (SIGame): with the answer, never before
            out["host_text"] = question.host_text
    return out


def media_id(question_id: str, number: int, media: Media) -> str:
    """A media's id in a game: its own random one (drawn at the game's creation), or one
    made of the (random) question id for setups made without the server.

    >>> media_id("q-3f", 1, Media("image", "Cedar.png"))
    'q-3f.m1'
    >>> media_id("q", 1, Media("a", "b", id="m-9"))
    'm-9'
    """
    return media.id or f"{question_id}.m{number}"


def _media_view(question_id: str, number: int, media: Media, host: bool) -> Json:
    """A question's media for a screen: its id, kind and part; the host also learns the
    file's name and whether the server holds it (a file name like ``Cedar.png`` would
    give the answer away, so no other screen ever sees one).

    >>> _media_view("q-3f", 1, Media("image", "Cedar.png", blob="b1"), host=False)
    {'id': 'q-3f.m1', 'kind': 'image', 'part': 'question'}
    >>> _media_view("q-3f", 1, Media("image", "Cedar.png"), host=True)["ref"]
    'Cedar.png'
    """
    out: Json = {"id": media_id(question_id, number, media), "kind": media.kind}
    out["part"] = media.part
    if host:
        out |= {"ref": media.ref, "held": media.blob is not None}
    return out


def media_blob(state: QuizState, viewer: str, wanted: str) -> str | None:
    """The stored file a seat may fetch by a media id now, or None — the same None for
    an id no question has and for one the seat may not see yet: a question's media once
    it is asked, an answer's once its question is judged; the host's at any time.

    >>> from boardroom.games.quiz.setup import setup
    >>> state = setup({"game": "quiz", "teams": [
    ...     {"id": "A", "members": [{"id": "a1", "name": "Ivan"}]},
    ...     {"id": "B", "members": [{"id": "b1", "name": "Boris"}]}],
    ...     "questions": [{"id": "q1", "text": "?", "answer": "!",
    ...                    "media": [{"ref": "x.png", "blob": "b7", "id": "m-1"}]}]})
    >>> [media_blob(state, seat, "m-1") for seat in ("host", "A")], media_blob(state, "A", "m-2")
    (['b7', None], None)
    """
    viewer = state.seat(viewer)
    for question in state.bank:
        for number, media in enumerate(question.media, start=1):
            if media_id(question.id, number, media) != wanted:
                continue
            if viewer == "host":
                return media.blob
            if viewer not in (*SCREENS, *(t.id for t in state.teams)):
                return None
            seen = (
                question.id in state.used
                if media.part == "question"
                else _judged(state, question.id)
            )
            return media.blob if seen else None
    return None


def _judged(state: QuizState, question_id: str) -> bool:
    return any(e["type"] == "judged" and e["question"] == question_id for e in state.log)


def _duel(state: QuizState, duel: Duel, viewer: str) -> Json:
    question = state.question(duel.question) if duel.question else None
    sees_given = viewer in ("host", duel.answering_team)
    return {
        "team": duel.team,
        "member": duel.member,
        "move": duel.move,
        "path": list(duel.path),
        "jumps": [{"square": j.square, "member": j.member, "result": j.result} for j in duel.jumps],
        "jump": duel.index,
        "step": duel.step,
        "question": question_view(question, answer=viewer == "host", host=viewer == "host")
        if question
        else None,
        "answering": {"team": duel.answering_team, "member": duel.answering_member}
        if question
        else None,
        "deadline": duel.deadline,
        "remaining": duel.remaining,
        "given": duel.given if sees_given else ({"hidden": True} if duel.given else None),
    }


def _last(state: QuizState, host: bool) -> Json | None:
    last = state.game.last
    if last is None:
        return None
    question = state.question(last["question"]) if last["question"] else None
    revealed = question_view(question, answer=True, host=host) if question else None
    return {**last, "question": revealed}


def _legal(state: QuizState) -> list[Json]:
    if state.game.phase != "move":
        return []
    board = state.board()
    return [
        {"move": str(m), "member": board.mover_id(m), "taken": list(board.taken_ids(m))}
        for m in board.legal_moves
    ]


def _bank(state: QuizState, host: bool) -> Json:
    used = set(state.used)
    left: dict[str, int] = {}
    for question in state.bank.questions:
        if question.id not in used and question.category:
            left[question.category] = left.get(question.category, 0) + 1
    out: Json = {
        "size": len(state.bank),
        "asked": len(used),
        "left": len(state.bank) - len(used),
        "categories": left,
    }
    if host:  # the host picks the next question from these (text, answer, points, media)
        fresh = [q for q in state.order if q not in used][:HOST_PICKS]
        out["questions"] = [question_view(state.question(q), answer=True, host=True) for q in fresh]
    return out


def _grid(state: QuizState) -> list[Json]:
    """The wall's board of themes × prices (SIGame's), the projector's only: each question
    with a category by its id, category, points and whether it was asked — never its text.

    >>> from boardroom.games.quiz.setup import setup
    >>> state = setup({"game": "quiz", "teams": [
    ...     {"id": "A", "members": [{"id": "a1", "name": "Ivan"}]},
    ...     {"id": "B", "members": [{"id": "b1", "name": "Boris"}]}],
    ...     "questions": [{"id": "q1", "text": "?", "answer": "!", "category": "Art",
    ...                    "points": 2}, {"id": "q2", "text": "?", "answer": "!"}]})
    >>> state.used = ["q1"]
    >>> _grid(state)
    [{'id': 'q1', 'category': 'Art', 'points': 2, 'used': True}]
    """
    return [
        {"id": q.id, "category": q.category, "points": q.points, "used": q.id in state.used}
        for q in state.bank.questions[:GRID_MAX]
        if q.category
    ]


def record(state: QuizState, viewer: str) -> list[Json]:
    """Every question asked, in order: who answered, the answer given, each verdict and
    who gave it (``host``, ``system``, ``clock``), an undone verdict marked ``undone``.
    The answer and the answer given stay hidden from others until the question is judged.

    >>> from boardroom.games.quiz.setup import setup
    >>> state = setup({"game": "quiz", "teams": [
    ...     {"id": "A", "members": [{"id": "a1", "name": "Ivan"}]},
    ...     {"id": "B", "members": [{"id": "b1", "name": "Boris"}]}],
    ...     "questions": [{"id": "q1", "text": "2+2?", "answer": "4"}]})
    >>> state.log = [{"type": "question_asked", "at": 1, "question": "q1", "team": "B",
    ...               "member": "b1", "jump": 0},
    ...              {"type": "answer_given", "at": 2, "question": "q1", "team": "B", "text": "5"}]
    >>> [(r["question"]["text"], r["given"], r["verdicts"]) for r in record(state, "A")]
    [('2+2?', {'hidden': True}, [])]
    >>> state.log.append({"type": "judged", "at": 3, "question": "q1", "correct": False,
    ...                   "by": "host", "jump": 0})
    >>> entry = record(state, "A")[0]
    >>> entry["question"]["answer"], entry["given"], entry["verdicts"]
    ('4', {'text': '5'}, [{'correct': False, 'by': 'host', 'at': 3, 'undone': False}])
    """
    viewer = state.seat(viewer)
    judged = {e["question"] for e in state.log if e["type"] == "judged"}
    entries: list[Json] = []
    by_question: dict[str, Json] = {}
    verdicts: list[Json] = []  # in order, for the undo
    for event in state.log:
        kind = event["type"]
        if kind == "question_asked":
            entry: Json = {"question": event["question"], "team": event["team"]}
            entry |= {"member": event["member"], "at": event["at"], "jump": event["jump"]}
            entry |= {"given": None, "verdicts": [], "skipped": False}
            entries.append(entry)
            by_question[event["question"]] = entry
        elif kind == "answer_given" and event["question"] in by_question:
            shown = viewer == "host" or event["question"] in judged or event["team"] == viewer
            given = {k: event[k] for k in ("text", "choice") if k in event}
            by_question[event["question"]]["given"] = given if shown else {"hidden": True}
        elif kind == "judged" and event["question"] in by_question:
            verdict = {"correct": event["correct"], "by": event["by"], "at": event["at"]}
            verdict["undone"] = False
            by_question[event["question"]]["verdicts"].append(verdict)
            verdicts.append(verdict)
        elif kind == "judgement_undone" and verdicts:
            verdicts.pop()["undone"] = True
        elif kind == "question_skipped" and event["question"] in by_question:
            by_question[event["question"]]["skipped"] = True
    for entry in entries:
        question = state.question(entry["question"])
        open_ = viewer == "host" or question.id in judged
        entry["question"] = question_view(question, answer=open_, host=viewer == "host")
    return entries


def _public_events(state: QuizState, viewer: str, since: int = 0) -> list[Json]:
    """The log from event ``since`` on, every answer given hidden until its question is
    judged (by the whole log: a judgement reveals earlier answers too), from others."""
    judged = {e["question"] for e in state.log if e["type"] == "judged"}
    out: list[Json] = []
    for event in state.log[since:]:
        if event["type"] == "answer_given" and not (
            event["question"] in judged or event["team"] == viewer
        ):
            event = _without(event, "text", "choice")
        out.append(event)
    return out


def _without(event: Json, *keys: str) -> dict[str, Any]:
    return {key: value for key, value in event.items() if key not in keys} | {"hidden": True}
