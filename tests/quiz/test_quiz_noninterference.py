"""Non-interference in the quiz: two rounds that differ only in a secret — the answer a
team gave that is not judged yet, or the asked question's answer and its media — look
byte-identical to every seat that may not know it, and every command such a seat can
send gets the same answer in both (the same events, or the same refusal)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from quiz_helpers import Game, spec

from boardroom.games.quiz import RULES, QuizState
from boardroom.games.quiz.views import media_blob
from boardroom.kernel import Json, Refused

PROFILE = settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
words = st.text(alphabet="abcdefghijklmnopqrstuvwxyzабвгдеж 0123456789.", min_size=1, max_size=12)
words = words.filter(lambda w: w.strip() != "")
files = st.sampled_from(["Кедр.png", "Oak.png", "anthem.mp3", "x/y/z.jpg"])


def asked(answer: str, media: str, choices: bool) -> Game:
    """A's c3 takes B's d4; the host asks; B must answer the question (answer ``answer``,
    a picture ``media``, with choices or not)."""
    row: Json = {"id": "q1", "text": "Which tree?", "answer": answer}
    row["media"] = [
        {"kind": "image", "ref": media, "id": "m-question", "blob": "b-question"},
        {"kind": "image", "ref": media, "part": "answer", "id": "m-answer", "blob": f"b-{media}"},
    ]
    if choices:  # the same choices in both rounds; which one is right is the secret
        row["choices"] = ["Cedar", "Pine", "Birch"]
        row["answer"] = row["choices"][len(answer) % 3]
    game = Game(spec({"a1": "c3"}, {"b1": "d4", "b2": "h8"}, qs=[row], duel="defender"))
    game.start()
    game.do("move", by="A", move="c3:e5")
    game.do("ask")
    return game


def answer(state: QuizState, command: Json, now: float) -> str:
    try:
        events = RULES.decide(state, command, now)
    except Refused as exc:
        return json.dumps({"refused": exc.as_json()}, sort_keys=True)
    return json.dumps({"events": events}, sort_keys=True)


def looks(state: QuizState, viewer: str) -> str:
    return json.dumps(RULES.view(state, viewer), sort_keys=True)


commands = st.one_of(
    st.fixed_dictionaries({"type": st.just("answer"), "text": words}),
    st.fixed_dictionaries({"type": st.just("answer"), "choice": st.integers(0, 3)}),
    st.fixed_dictionaries({"type": st.just("judge"), "correct": st.booleans()}),
    st.fixed_dictionaries({"type": st.sampled_from(["ask", "skip_question", "pause", "tick"])}),
    st.fixed_dictionaries({"type": st.just("move"), "move": st.sampled_from(["e5-f6", "h8-g7"])}),
)


def fetches(state: QuizState, viewer: str) -> list[str | None]:
    """What a seat gets for each media id it may try (a stored file's name, or nothing)."""
    return [media_blob(state, viewer, mid) for mid in ("m-question", "m-answer", "m-other")]


def same_to(first: Game, second: Game, seats: list[str], sent: list[Json]) -> None:
    for viewer in [*seats, "projector"]:
        assert looks(first.state, viewer) == looks(second.state, viewer), viewer
        assert fetches(first.state, viewer) == fetches(second.state, viewer), viewer
    for command in sent:
        for by in seats:
            probe = {**command, "by": by}
            one = answer(first.state, probe, first.now + 1)
            assert one == answer(second.state, probe, second.now + 1), probe


@PROFILE
@given(
    one=st.tuples(words, files),
    two=st.tuples(words, files),
    choices=st.booleans(),
    sent=st.lists(commands, min_size=1, max_size=4),
)
def test_the_asked_questions_answer_and_media_stay_hidden(
    one: tuple[str, str], two: tuple[str, str], choices: bool, sent: list[Json]
) -> None:
    same_to(asked(*one, choices), asked(*two, choices), ["A", "B"], sent)


@PROFILE
@given(given_one=words, given_two=words, sent=st.lists(commands, min_size=1, max_size=4))
def test_an_unjudged_answer_stays_with_its_team(
    given_one: str, given_two: str, sent: list[Json]
) -> None:
    games: list[Game] = []
    for text in (given_one, given_two):
        game = asked("Cedar", "Кедр.png", choices=False)
        game.do("answer", by="B", text=text)
        games.append(game)
    same_to(games[0], games[1], ["A"], sent)


def test_the_probe_sees_what_a_judgement_reveals() -> None:
    """The property is not vacuous: once judged, the answers differ to everyone."""
    games: list[Any] = []
    for text in ("Oak", "Pine"):
        game = asked("Cedar", "Кедр.png", choices=False)
        game.do("answer", by="B", text=text)
        game.do("judge", correct=False)
        games.append(game)
    assert looks(games[0].state, "A") != looks(games[1].state, "A")
    assert fetches(games[0].state, "A") == ["b-question", "b-Кедр.png", None]


def test_media_are_fetched_as_the_round_goes() -> None:
    game = asked("Cedar", "Кедр.png", choices=False)
    assert fetches(game.state, "host") == ["b-question", "b-Кедр.png", None]
    for seat in ("A", "B", "a1", "projector"):
        assert fetches(game.state, seat) == ["b-question", None, None]
    assert fetches(game.state, "stranger") == [None, None, None]
