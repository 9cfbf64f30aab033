"""Compression over a real socket: short frames (acks, incremental views) come plain,
whole views compressed, and a client decompressing as usual reads every frame right."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from live_fixtures import api_fixture, server_fixture  # noqa: F401 (fixtures)
from live_games import Table, exchange_setup
from live_support import Api, Json, Server, merge_view
from websockets.extensions.permessage_deflate import (
    ClientPerMessageDeflateFactory,
    PerMessageDeflate,
)
from websockets.frames import Frame
from websockets.sync.client import connect
from websockets.typing import ExtensionParameter

from boardroom.server.config import Settings


class Noting(PerMessageDeflate):
    """The client's permessage-deflate, noting whether each message came compressed."""

    compressed: list[bool]

    def decode(self, frame: Frame, *, max_size: int | None = None) -> Frame:
        if frame.opcode in (frame.opcode.TEXT, frame.opcode.BINARY):
            self.compressed.append(frame.rsv1)
        return super().decode(frame, max_size=max_size)


class NotingFactory(ClientPerMessageDeflateFactory):
    def __init__(self) -> None:
        super().__init__()
        self.compressed: list[bool] = []

    def process_response_params(
        self, params: Sequence[ExtensionParameter], accepted: Sequence[Any]
    ) -> PerMessageDeflate:
        agreed = super().process_response_params(params, accepted)
        noting = Noting(
            agreed.remote_no_context_takeover,
            agreed.local_no_context_takeover,
            agreed.remote_max_window_bits,
            agreed.local_max_window_bits,
            agreed.compress_settings,
        )
        noting.compressed = self.compressed
        return noting


def test_short_frames_come_plain_and_whole_views_compressed(server: Server, api: Api) -> None:
    setup = exchange_setup(scale=1.0)
    setup["ruleset"]["opening_session"] = True  # the State sells: orders are taken
    table = Table(api, server.ws_url, "exchange", setup, ["p1", "p2"])
    table.host.ok({"type": "start"})
    noting = NotingFactory()
    url = f"{server.ws_url}/ws/{table.game_id}"
    with connect(url, extensions=[noting], compression=None, open_timeout=10) as conn:
        conn.send(json.dumps({"type": "hello", "secret": table.joined["p1"]["secret"]}))
        texts = [conn.recv(timeout=10), conn.recv(timeout=10)]  # welcome, the whole view
        order = {"type": "order", "account": "p1", "stock": 3, "side": "buy", "qty": 1}
        assert json.loads(texts[1])["view"]["phase"] == "exchange"
        command = {"type": "command", "command": {**order, "price": 2, "id": "deflate-1"}}
        conn.send(json.dumps(command))
        texts += [conn.recv(timeout=10), conn.recv(timeout=10)]  # the ack, the new view
    frames: list[Json] = [json.loads(text) for text in texts]
    kinds = sorted(f["type"] for f in frames[2:])
    assert [f["type"] for f in frames[:2]] == ["welcome", "view"] and kinds == ["ack", "view"]
    short = Settings().ws_deflate_min
    assert [len(text) >= short for text in texts] == noting.compressed
    assert noting.compressed[1] and not noting.compressed[0] and not any(noting.compressed[2:])
    views = [f for f in frames if f["type"] == "view"]
    held = merge_view(merge_view(None, None, views[0]), views[0]["version"], views[1])
    assert held == api.view(table.game_id, table.joined["p1"]["secret"])["view"]
    table.close()
