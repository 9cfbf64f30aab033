"""The quiz's words as types: the commands a seat sends and the events the round records.

mypy checks that every event the core emits and every command it decides is one of these.

>>> from typing import get_args
>>> len(get_args(CommandType)), len(get_args(EventType))
(14, 18)
"""

from __future__ import annotations

from typing import Literal

CommandType = Literal[
    "start",
    "move",
    "ask",
    "answer",
    "judge",
    "tick",
    "undo_judgement",
    "skip_question",
    "pause",
    "resume",
    "end_game",
    "play_media",
    "claim_answering",
    "hand_answering",
]
EventType = Literal[
    "game_started",
    "moved",
    "capture_started",
    "question_asked",
    "answer_given",
    "judged",
    "jump_unquestioned",
    "piece_taken",
    "capture_repelled",
    "points_awarded",
    "move_ended",
    "game_ended",
    "question_skipped",
    "paused",
    "resumed",
    "judgement_undone",
    "media_played",
    "answering_set",
]
