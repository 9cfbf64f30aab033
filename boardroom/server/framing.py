"""A view frame's text: the view's keys encoded, compared with those the client holds,
the frame written around them — pure functions (no asyncio), compiled with mypyc with
the core (:mod:`boardroom.native`), for :class:`boardroom.server.frames.Frames`.

A frame is byte for byte what :func:`encode` writes of the whole frame (or of its
partial form: only the keys whose encoding changed, the others named in ``kept``).
"""

from __future__ import annotations

from typing import Any, Final

import orjson

Json = dict[str, Any]
Parts = dict[str, bytes]
"""A view's top-level keys, but its ``events``, each with its value's JSON."""
OPTIONS: Final = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> bytes:
    """``value`` as JSON, as orjson writes it with :data:`OPTIONS`; a value whose keys are
    all text (every view's, the exchange's) takes orjson's faster path for text keys
    (1.7× on a view's firms), the same bytes.

    >>> dumps({"1": [1, 2], "a": None}), dumps({1: "x"})
    (b'{"1":[1,2],"a":null}', b'{"1":"x"}')
    """
    try:
        return orjson.dumps(value)
    except TypeError:  # a key that is not text (or what cannot be encoded at all)
        return orjson.dumps(value, option=OPTIONS)


def encode(frame: Json) -> str:
    """A frame as JSON text (orjson: several times faster than ``json`` on big views).

    >>> encode({"type": "view", "version": 3, "view": {"name": "Пётр"}})
    '{"type":"view","version":3,"view":{"name":"Пётр"}}'
    """
    return dumps(frame).decode()


def parts_of(view: Json) -> Parts:
    """Each key of a view but its events, with its value encoded (compared as bytes):
    what a client holds once it has the view (see :func:`view_body`).

    >>> parts_of({"year": 2, "events": [], "book": {"1": []}})
    {'year': b'2', 'book': b'{"1":[]}'}
    """
    return view_body(view, None)[1]


def view_frame(header: Json, view: Json, held: Parts | None, actions: Json) -> str:
    """A view frame's text, as :func:`encode` writes it: the whole view when ``held`` is
    None, else only its events and the keys whose encoding differs from ``held`` (the
    view the client has), the others named in ``kept`` (:func:`view_body`, then
    :func:`frame_text`).

    >>> view = {"year": 2, "events": [{"type": "x"}], "book": {"1": []}}
    >>> whole = view_frame({"type": "view"}, view, None, {})
    >>> whole == encode({"type": "view", "view": view, "actions": {}})
    True
    >>> view_frame({"type": "view"}, view, {"year": b"1", "book": b'{"1":[]}'}, {})
    '{"type":"view","view":{"year":2,"events":[{"type":"x"}]},"kept":["book"],"actions":{}}'
    """
    return frame_text(header, view_body(view, held)[0], actions)


Shared = dict[str, tuple[Any, bytes]]
"""Values of one version's views already encoded, by key (views made together share
their public values: :meth:`LiveGame.views`)."""


def view_body(view: Json, held: Parts | None, shared: Shared | None = None) -> tuple[bytes, Parts]:
    """A view frame's ``"view":{…}`` (and ``"kept":[…]`` when ``held`` is given) in one pass
    over the view's keys, and the view's parts (what the client holds once it has the
    frame). A value that is the very object ``shared`` holds for its key is not encoded
    again; the cache holds the objects themselves, so none is mistaken for another (the
    views are read, never changed, while their frames are made).

    >>> view = {"year": 2, "events": [], "book": {"1": []}}
    >>> view_body(view, {"year": b"2"})
    (b'"view":{"events":[],"book":{"1":[]}},"kept":["year"]', {'year': b'2', 'book': b'{"1":[]}'})
    >>> view_body(view, None)[1] == parts_of(view)
    True
    """
    known: Shared = {} if shared is None else shared
    items: list[bytes] = []
    kept: list[str] = []
    parts: Parts = {}
    for key, value in view.items():
        hit = known.get(key)
        if hit is not None and hit[0] is value:
            text = hit[1]
        else:
            text = dumps(value)
            known[key] = (value, text)
        if key != "events":
            parts[key] = text
            if held is not None and held.get(key) == text:
                kept.append(key)
                continue
        items.append(_label(key) + text)
    body = b'"view":{' + b",".join(items) + b"}"
    if held is not None:
        body += b',"kept":' + orjson.dumps(kept)
    return body, parts


def frame_text(header: Json, body: bytes, actions: Json) -> str:
    """The frame: ``header``'s keys, the view's ``body``, then ``actions``.

    >>> frame_text({"type": "view", "version": 3}, b'"view":{}', {"pass": {}})
    '{"type":"view","version":3,"view":{},"actions":{"pass":{}}}'
    """
    return frame_data(header, body, actions).decode()


def frame_data(header: Json, body: bytes, actions: Json) -> bytes:
    """:func:`frame_text` as the socket sends it (UTF-8), not decoded.

    >>> frame_data({"type": "view"}, '"view":{"name":"Я"}'.encode(), {}).decode()
    '{"type":"view","view":{"name":"Я"},"actions":{}}'
    """
    head = dumps(header)[:-1]
    listed = dumps(actions)
    return head + b"," + body + b',"actions":' + listed + b"}"


_LABELS: dict[str, bytes] = {}
"""Each view key's JSON with its colon (a view's keys are the core's few names)."""


def _label(key: str) -> bytes:
    label = _LABELS.get(key)
    if label is None:
        label = _LABELS[key] = orjson.dumps(key) + b":"
    return label
