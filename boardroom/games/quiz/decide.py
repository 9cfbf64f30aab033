"""``decide``: check a command against the state and return the events it causes.

Never mutates the state; a refused command raises :class:`Refused` with a stable
code and a plain sentence.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from boardroom.draughts import DraughtsError, IllegalMoveError
from boardroom.games.quiz.bank import Question
from boardroom.games.quiz.duel import (
    current,
    end_move,
    event,
    finish,
    goes_ahead,
    locate,
    resolve_jump,
    win,
)
from boardroom.games.quiz.schema import MAX_ANSWER_CHARS, command_errors
from boardroom.games.quiz.state import Duel, QuizState
from boardroom.games.quiz.views import media_id
from boardroom.games.quiz.vocabulary import CommandType
from boardroom.kernel import Json, Refused

Decider = Callable[[QuizState, Json, float], list[Json]]


def decide(state: QuizState, command: Json, now: float) -> list[Json]:
    """The events ``command`` causes at time ``now`` (or :class:`Refused`).

    >>> from boardroom.games.quiz.setup import setup
    >>> state = setup({"game": "quiz", "teams": [
    ...     {"id": "A", "score": 2, "members": [{"id": "a1", "name": "Ivan"}]},
    ...     {"id": "B", "members": [{"id": "b1", "name": "Boris"}]}]})
    >>> decide(state, {"type": "start", "by": "host"}, 0.0)[0]["first"]
    'A'
    >>> decide(state, {"type": "start", "by": "A"}, 0.0)
    Traceback (most recent call last):
    ...
    boardroom.kernel.Refused: Only the host may start the round.
    """
    problems = command_errors(command)
    if problems:
        if problems[0].startswith("unknown command type"):
            kind = command.get("type") if isinstance(command, dict) else None
            raise Refused("unknown_command", _sentence(problems[0]), command=repr(kind))
        raise Refused("bad_command", _sentence(problems[0]))
    return DECIDERS[command["type"]](state, command, now)


def _sentence(text: str) -> str:
    if not text[1:2].isdigit():  # "c3-d4 is ..." keeps its square name as written
        text = text[0].upper() + text[1:]
    return text if text.endswith(".") else f"{text}."


# --- guards -----------------------------------------------------------------


def _host(command: Json, doing: str) -> None:
    if command["by"] != "host":
        raise Refused("not_host", f"Only the host may {doing}.")


def _seat(state: QuizState, command: Json, team: str | None, doing: str) -> None:
    if state.seat(command["by"]) not in ("host", team):
        raise Refused(
            "not_your_turn",
            f"Only team {team} (or the host for it) may {doing} now.",
            **({"team": team} if team is not None else {"reason": "nobody"}),
        )


def _live(state: QuizState) -> None:
    if state.game.phase == "ended":
        raise Refused("game_over", "The round is over.")


def _running(state: QuizState) -> None:
    if state.paused_at is not None:
        raise Refused("paused", "The round is paused; the host resumes it first.")


def _phase(state: QuizState, wanted: str) -> None:
    _live(state)
    phase = state.game.phase
    if phase == wanted:
        return
    if phase == "setup":
        raise Refused("not_started", "The round has not started yet; the host starts it first.")
    if phase == "duel":
        raise Refused("duel_in_progress", "A capture is being fought; finish its duel first.")
    raise Refused("no_duel", "No capture is being fought now.")


def _question_out(state: QuizState) -> Duel:
    _phase(state, "duel")
    duel = current(state)
    if duel.step == "ask":
        raise Refused("no_question", "No question is out; the host asks one first.")
    return duel


# --- commands ---------------------------------------------------------------


def _start(state: QuizState, command: Json, now: float) -> list[Json]:
    _host(command, "start the round")
    _live(state)
    if state.game.phase != "setup":
        raise Refused("already_started", "The round has already started.")
    first, second = state.teams
    if first.earlier == second.earlier:
        lot = random.Random(f"quiz-lot:{state.seed}")
        leader, reason = lot.choice(sorted(t.id for t in state.teams)), "lot"
    else:
        leader = (first if first.earlier > second.earlier else second).id
        reason = "scores"
    scores = {t.id: t.earlier for t in state.teams}
    events = [event("game_started", now, first=leader, reason=reason, scores=scores)]
    board = state.board()
    if board.turn != state.team(leader).color:
        board.push_null()
    return events + finish(state, board, now)


def _move(state: QuizState, command: Json, now: float) -> list[Json]:
    _phase(state, "move")
    _running(state)
    team = state.game.to_move
    _seat(state, command, team, "move")
    assert team is not None
    board = state.board()
    try:
        chosen = locate(board, command["move"])
    except IllegalMoveError as exc:
        raise Refused(
            "illegal_move", _sentence(str(exc)), move=str(command["move"]), legal=exc.legal
        ) from None
    except DraughtsError as exc:
        raise Refused("bad_move", _sentence(str(exc)), move=str(command["move"])) from None
    member = board.mover_id(chosen)
    taken_squares = list(chosen.taken)
    defenders = [m for m in board.taken_ids(chosen) if m is not None]
    if chosen.is_capture and state.ruleset.duel != "none":
        return [
            event(
                "capture_started",
                now,
                team=team,
                member=member,
                move=str(chosen),
                path=list(chosen.path),
                taken=taken_squares,
                defenders=defenders,
            )
        ]
    events = [event("moved", now, team=team, member=member, move=str(chosen), taken=defenders)]
    for _ in defenders:
        events += _points(state, team, state.ruleset.points_capture, "capture", now)
    board.push(chosen)
    return events + finish(state, board, now)


def _points(state: QuizState, team: str, points: float, reason: str, now: float) -> list[Json]:
    return [event("points_awarded", now, team=team, points=points, reason=reason)] if points else []


def _ask(state: QuizState, command: Json, now: float) -> list[Json]:
    _host(command, "ask questions")
    _phase(state, "duel")
    _running(state)
    duel = current(state)
    if duel.step != "ask":
        raise Refused("question_out", "A question is already out; judge it or skip it first.")
    question = _pick(state, command)
    if question is None:
        events = [event("jump_unquestioned", now, jump=duel.index, reason="bank_exhausted")]
        return events + resolve_jump(state, now, ahead=True)
    if state.ruleset.duel == "attacker":
        team, member = duel.team, duel.member
    else:
        member = duel.jumps[duel.index].member
        team = state.member(member).team
    limit = state.ruleset.answer_limit(question.time_s)
    deadline = None if limit is None else now + limit
    return [
        event(
            "question_asked",
            now,
            jump=duel.index,
            question=question.id,
            team=team,
            member=member,
            limit=limit,
            deadline=deadline,
        )
    ]


def _pick(state: QuizState, command: Json) -> Question | None:
    """The question to ask: the one named, the next of a category, or the next unused."""
    used = set(state.used)
    if "question" in command:
        wanted = command["question"]
        if wanted not in state.bank.by_id:
            raise Refused(
                "unknown_question",
                f"There is no question {wanted!r} in the bank.",
                question=repr(wanted),
            )
        if wanted in used:
            raise Refused(
                "question_used",
                f"Question {wanted!r} was already asked in this round.",
                question=repr(wanted),
            )
        return state.question(wanted)
    fresh = [state.question(q) for q in state.order if q not in used]
    if "category" in command:
        fresh = [q for q in fresh if q.category == command["category"]]
        if not fresh:
            raise Refused(
                "category_empty",
                f"No unused question is left in category {command['category']!r}.",
                category=str(command["category"]),
            )
    return fresh[0] if fresh else None


def _answer(state: QuizState, command: Json, now: float) -> list[Json]:
    duel = _question_out(state)
    _running(state)
    _seat(state, command, duel.answering_team, "answer this question")
    if duel.step == "judge":
        raise Refused("already_answered", "An answer was already given; the host judges it.")
    if duel.deadline is not None and now >= duel.deadline:
        raise Refused("too_late", f"The time to answer ran out at {duel.deadline:g} s.")
    assert duel.question is not None
    question = state.question(duel.question)
    claim = _device_answers(state, command, duel.answering_team, now)
    given = _given(question, command)
    events = [
        *claim,
        event("answer_given", now, team=duel.answering_team, question=question.id, **given),
    ]
    if "choice" in given and state.ruleset.auto_judge_choices:
        correct = question.choices[given["choice"]] == question.answer
        events += _judged(state, correct, "system", now)
    return events


def _device_answers(state: QuizState, command: Json, team: str | None, now: float) -> list[Json]:
    """With one device per team answering: the first device claims its team; another
    device of the team is refused (the host and the server's robots are not devices)."""
    device = command.get("device")
    if not state.ruleset.one_device_answers or command["by"] == "host" or device is None:
        return []
    assert team is not None
    holder = state.answerers.get(team)
    if holder is None:
        return [event("answering_set", now, team=team, device=device, by="claim")]
    if holder != device:
        raise Refused(
            "not_answering_device",
            "Your team answers from another device; the host can hand answering to this one.",
        )
    return []


def _claim_answering(state: QuizState, command: Json, now: float) -> list[Json]:
    _live(state)
    team, device = state.seat(command["by"]), command.get("device")
    if team not in (t.id for t in state.teams) or device is None:
        raise Refused("not_a_team_device", "Only a team's device may answer for the team.")
    if not state.ruleset.one_device_answers:
        raise Refused("every_device_answers", "Every device of a team may answer in this round.")
    holder = state.answerers.get(team)
    if holder == device:
        return []
    if holder is not None:
        raise Refused(
            "not_answering_device",
            "Your team answers from another device; the host can hand answering to this one.",
        )
    return [event("answering_set", now, team=team, device=device, by="claim")]


def _hand_answering(state: QuizState, command: Json, now: float) -> list[Json]:
    _host(command, "hand answering to another device")
    _live(state)
    team = command["team"]
    if team not in (t.id for t in state.teams):
        raise Refused("unknown_team", f"There is no team {team!r}.", team=repr(team))
    return [event("answering_set", now, team=team, device=command["to"], by="host")]


def _given(question: Question, command: Json) -> Json:
    if "text" in command:
        text = command["text"].strip()
        if len(text) > MAX_ANSWER_CHARS:
            raise Refused(
                "answer_too_long",
                f"The answer has {len(text)} characters; at most {MAX_ANSWER_CHARS} are taken.",
                length=len(text),
                limit=MAX_ANSWER_CHARS,
            )
        matching = [i for i, c in enumerate(question.choices) if c.casefold() == text.casefold()]
        return {"text": text, "choice": matching[0]} if matching else {"text": text}
    if not question.choices:
        raise Refused("no_choices", "This question has no choices; answer it with text.")
    choice = command["choice"]
    if isinstance(choice, str):
        if choice not in question.choices:
            raise Refused(
                "bad_choice",
                f"{choice!r} is not one of the choices.",
                reason="not_listed",
                choice=repr(choice),
            )
        choice = question.choices.index(choice)
    if not 0 <= choice < len(question.choices):
        raise Refused(
            "bad_choice",
            f"Choice {choice} does not exist; the choices are 0 to {len(question.choices) - 1}.",
            choice=repr(choice),
            last=len(question.choices) - 1,
        )
    return {"text": question.choices[choice], "choice": choice}


def _judge(state: QuizState, command: Json, now: float) -> list[Json]:
    _host(command, "judge answers")
    _question_out(state)
    return _judged(state, command["correct"], "host", now)


def _judged(state: QuizState, correct: bool, by: str, now: float) -> list[Json]:
    duel = current(state)
    head = event("judged", now, jump=duel.index, question=duel.question, correct=correct, by=by)
    return [head, *resolve_jump(state, now, ahead=goes_ahead(state, correct))]


def _tick(state: QuizState, command: Json, now: float) -> list[Json]:
    duel = state.game.duel
    if duel is None or duel.step != "answer" or duel.deadline is None or now < duel.deadline:
        return []
    return _judged(state, False, "clock", now)


def _undo_judgement(state: QuizState, command: Json, now: float) -> list[Json]:
    _host(command, "undo a judgement")
    if state.game.phase == "ended" and state.game.end_reason == "host":
        raise Refused(
            "game_over",
            "The host ended the round; a judgement can no longer be undone.",
            reason="undo",
        )
    if not state.undo:
        raise Refused("nothing_to_undo", "There is no judgement to undo.")
    restored = state.undo[-1].game.duel
    assert restored is not None
    return [event("judgement_undone", now, jump=restored.index, question=restored.question)]


def _skip_question(state: QuizState, command: Json, now: float) -> list[Json]:
    _host(command, "skip a question")
    duel = _question_out(state)
    return [event("question_skipped", now, jump=duel.index, question=duel.question)]


def _pause(state: QuizState, command: Json, now: float) -> list[Json]:
    _host(command, "pause the round")
    _live(state)
    if state.paused_at is not None:
        raise Refused("already_paused", "The round is already paused.")
    return [event("paused", now)]


def _resume(state: QuizState, command: Json, now: float) -> list[Json]:
    _host(command, "resume the round")
    _live(state)
    if state.paused_at is None:
        raise Refused("not_paused", "The round is not paused.")
    return [event("resumed", now, paused_for=now - state.paused_at)]


def _end_game(state: QuizState, command: Json, now: float) -> list[Json]:
    _host(command, "end the round")
    _live(state)
    if "winner" in command:
        winner = command["winner"]
        if winner is not None and winner not in (t.id for t in state.teams):
            raise Refused("unknown_team", f"There is no team {winner!r}.", team=repr(winner))
    else:
        winner = _leader(state)
    events: list[Json] = []
    if state.game.phase == "duel":
        events += end_move(state, current(state).index, now, judge_board=False)
    return events + win(state, winner, "host", now)


def _leader(state: QuizState) -> str | None:
    totals = {t.id: t.earlier + state.game.points[t.id] for t in state.teams}
    best = max(totals.values())
    leaders = [team for team, total in totals.items() if total == best]
    return leaders[0] if len(leaders) == 1 else None


def _play_media(state: QuizState, command: Json, now: float) -> list[Json]:
    _host(command, "play media")
    wanted = command["media"]
    if wanted not in _playable(state):
        raise Refused(
            "not_on_screen",
            "This sound or video is not part of the question on screen (an answer's only "
            "once it is judged).",
        )
    position = float(command.get("position", 0.0))
    return [event("media_played", now, media=wanted, playing=command["playing"], position=position)]


def _playable(state: QuizState) -> set[str]:
    """The ids of the sounds and videos every screen may show now: the question out's,
    and the last judged question's (its answer's too)."""
    out: set[str] = set()
    duel = state.game.duel
    if duel is not None and duel.question is not None:
        out |= _media_ids(state.question(duel.question), answer=False)
    last = state.game.last
    if last is not None and last.get("question"):
        out |= _media_ids(state.question(last["question"]), answer=True)
    return out


def _media_ids(question: Question, *, answer: bool) -> set[str]:
    return {
        media_id(question.id, number, media)
        for number, media in enumerate(question.media, start=1)
        if media.kind in ("audio", "video") and (answer or media.part == "question")
    }


DECIDERS: dict[CommandType, Decider] = {
    "start": _start,
    "move": _move,
    "ask": _ask,
    "answer": _answer,
    "judge": _judge,
    "tick": _tick,
    "undo_judgement": _undo_judgement,
    "skip_question": _skip_question,
    "pause": _pause,
    "resume": _resume,
    "end_game": _end_game,
    "play_media": _play_media,
    "claim_answering": _claim_answering,
    "hand_answering": _hand_answering,
}
