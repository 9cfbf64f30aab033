"""A game kind's descriptor: what every outer layer needs to know of one game, in one place.

A game package (``boardroom/games/<name>/``) exposes ``KIND``, a :class:`GameKind`: its
rules (the core the kernel runs), the seats people take and what a joining person may
read of them, a demo setup, the presets the start page offers, the command schema, and
what the live server needs to send a seat only the events it lacks. Everything here is
pure (data and functions of views); what needs an outer layer (a robot, a download)
is registered by that layer under the kind's ``name`` (see ``docs/game-kinds.md``).

>>> from boardroom.games.registry import KINDS
>>> sorted(KINDS) == sorted(kind.name for kind in KINDS.values())
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardroom.kernel import Json, Rules


def _no_history(view: Json) -> Hashable:
    return None


def _never_rereads(events: list[Json]) -> bool:
    return False


def _no_actions(view: Json, role: str) -> Json:
    return {}


def _ids_as_given(spec: Json, draw: Callable[[], str]) -> Json:
    return spec


def _no_names(view: Json) -> dict[str, str]:
    return {}


def _no_media(state: Any, role: str, media_id: str) -> str | None:
    return None


def _nothing_carried(host_view: Json) -> list[Json]:
    return []


@dataclass(frozen=True)
class Words:
    """A kind's words (data for ``boardroom.i18n``, kept in the game's ``messages.py``).

    ``messages[lang][key]``: a template for every refusal code the core gives (``code`` or
    ``code.reason``), the words for its things (``@firm``) and terms (``term.phase.x``);
    ``references``: which parameters number a thing (``{"firm": "firm:"}``);
    ``names(view)``: the names of the people and teams a view shows, by id.

    >>> Words({"en": {"late": "Too late."}}).names({"players": {"p1": "Anna"}})
    {}
    """

    messages: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    references: Mapping[str, str] = field(default_factory=dict)
    names: Callable[[Json], dict[str, str]] = _no_names


@dataclass(frozen=True)
class GameKind:
    """One game kind.

    ``roles(host_view)``: the seats players take, in order. ``shared_roles``: several
    people may sit in one role (a quiz team on three phones). ``seat_labels(public_view,
    roles)``: what a joining person may read of each role (names only, from the
    projector's view). ``history_key`` / ``rereads``: see :class:`Frames` in the server.
    ``actions``: published beside each seat's view (frames and ``GET /api/games/{id}``).
    """

    name: str
    rules: Rules[Any]
    source: Path
    """The package directory: a snapshot is used only by the code that made it."""
    roles: Callable[[Json], list[str]]
    shared_roles: bool
    seat_labels: Callable[[Json, list[str]], dict[str, Json]]
    demo: Callable[[], Json]
    presets: Callable[[], Json]
    command_schema: Callable[[], Json]
    frame_events: frozenset[str] = field(default_factory=frozenset)
    """Events after which a replay keeps a frame (public in every view)."""
    history_key: Callable[[Json], Hashable] = _no_history
    """What, read from a seat's view, the reading of its past events depends on: while
    it stays the same, the events a client holds are still the ones a whole view shows."""
    rereads: Callable[[list[Json]], bool] = _never_rereads
    """Whether these new events (as a seat sees them) change how the earlier ones read."""
    actions: Callable[[Json, str], Json] = _no_actions
    """``actions(view, role)``: what the seat may send now, by command type, with its
    options — made from the seat's own view (never its ``events``), so it can show
    nothing the view does not."""
    team_codes: bool = False
    """Each role (a quiz team) is joined by its own code, not by the game's."""
    opaque_ids: Callable[[Json, Callable[[], str]], Json] = _ids_as_given
    """``opaque_ids(spec, draw)``: the setup with every id a client will see replaced by
    ``draw()`` — random, drawn by the server at creation and stored with the setup (the
    kind stays pure: it only places what it is given), so none says anything."""

    words: Words = field(default_factory=Words)
    """What its refusals and things are called, in each language (``boardroom.i18n``)."""
    devices: frozenset[str] = frozenset()
    """Command types the server stamps with the sending device (``device``: its seat id),
    so that the core can tell one team's devices apart (a quiz's one answering device)."""
    media: Callable[[Any, str, str], str | None] = _no_media
    """``media(state, role, media_id)``: the stored file (its blob id) the seat may fetch
    by that id now, or None — alike for an id that names nothing and one not yet seen."""
    carried: Callable[[Json], list[Json]] = _nothing_carried
    """``carried(host_view)``: the commands (each with its ``by``) that bring the people of a
    game, read from its host view, into the new game made from it ("play again") beyond
    their seats, which the server carries itself: a class event's pupils entered by name."""

    def stamp(self, command: Json, seat_id: str) -> Json:
        """The command with ``device`` set to the sending seat for the kind's
        :attr:`devices` commands, and never a ``device`` a client wrote itself.

        >>> from boardroom.games import kind_for
        >>> kind_for("quiz").stamp({"type": "answer", "device": "s-other"}, "s1")
        {'type': 'answer', 'device': 's1'}
        >>> kind_for("quiz").stamp({"type": "ask", "device": "s1"}, "s1")
        {'type': 'ask'}
        """
        out = {key: value for key, value in command.items() if key != "device"}
        if command.get("type") in self.devices:
            out["device"] = seat_id
        return out

    def setup(self, spec: Json) -> Any:
        """Validate a setup line: the initial state, or :class:`~boardroom.kernel.Refused`."""
        return self.rules.setup(spec)
