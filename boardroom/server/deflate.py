"""Compression where it pays: a WebSocket message shorter than ``minimum`` bytes goes out
as it is, a longer one compressed (permessage-deflate, as before).

Compressing costs the server CPU for every frame to every socket (each socket has its
own compressor), and most frames are short: an incremental view frame is a few hundred
bytes, an ack less. RFC 7692 lets an endpoint send any message uncompressed (its RSV1
bit clear) while the extension is on; the other side's decompressor sees only the
compressed ones, so its context stays right. Whole views (tens of kilobytes once a game
has a history) are still compressed, which is where the bandwidth is.

The server's WebSocket protocol (:func:`boardroom.server.wsprotocol.protocol`) negotiates
this extension in place of websockets' plain one, with uvicorn's window and memory settings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.typing import ExtensionParameter

WINDOW_BITS = 12
MEMORY = {"memLevel": 5}
"""uvicorn's settings for permessage-deflate (4 KB window, small memory per socket)."""


class ShortPlain(PerMessageDeflate):
    """permessage-deflate that leaves a whole message shorter than ``minimum`` as it is.

    >>> deflate = ShortPlain(False, False, 12, 12, minimum=100)
    >>> deflate.encode(Frame(Opcode.TEXT, b'{"type":"pong"}')).rsv1
    False
    >>> deflate.encode(Frame(Opcode.TEXT, b'{"a":1}' * 50)).rsv1
    True
    """

    def __init__(self, *args: Any, minimum: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.minimum = minimum

    def encode(self, frame: Frame) -> Frame:
        short = frame.fin and frame.opcode in (Opcode.TEXT, Opcode.BINARY)
        if short and len(frame.data) < self.minimum:
            return frame
        return super().encode(frame)


class ShortPlainFactory(ServerPerMessageDeflateFactory):
    """Negotiates permessage-deflate as websockets does; the extension is :class:`ShortPlain`."""

    def __init__(self, minimum: int) -> None:
        super().__init__(
            server_max_window_bits=WINDOW_BITS,
            client_max_window_bits=WINDOW_BITS,
            compress_settings=dict(MEMORY),
        )
        self.minimum = minimum

    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted: Sequence[Any]
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, agreed = super().process_request_params(params, accepted)
        extension = ShortPlain(
            agreed.remote_no_context_takeover,
            agreed.local_no_context_takeover,
            agreed.remote_max_window_bits,
            agreed.local_max_window_bits,
            agreed.compress_settings,
            minimum=self.minimum,
        )
        return response, extension
