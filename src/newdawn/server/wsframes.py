"""WebSocket compression that costs one compression per distinct message, not one per socket.

The hub sends the same text (one Python string) to every socket that shares a view: every
spectator of a game, or every socket of one seat. uvicorn's own WebSocket protocol compresses
each socket's copy separately, with a compressor per connection that remembers earlier messages
("context takeover"): under load that was about a third of the server's CPU. ``SharedFrames``
is uvicorn's protocol (``websockets-sansio``) with two changes:

- permessage-deflate is negotiated with ``server_no_context_takeover``: each message the server
  sends is compressed on its own, so its frame depends only on the text and the negotiated
  window, and the same bytes can go to every socket (the RFC 7692 lets the server ask for this
  whatever the client offered). No compressor lives per connection any more.
- the frame of a text is built once and kept (a small cache keyed by the string object itself)
  while other sockets are sent the same string.

See docs/server-operations.md ("WebSocket compression") for the figures behind the settings.
``protocol_class()`` returns None when the installed uvicorn has no such protocol (then uvicorn's
own is used, compressing per socket).
"""

from __future__ import annotations

import collections
import logging
from typing import Any

COMPRESSION_LEVEL = 4
"""zlib level of the shared frames: the same bytes on the wire as uvicorn's per-socket level 6
with its 4 KB window (a 32 KB window makes up the difference) for half the CPU."""
CACHE_SIZE = 64
"""Distinct texts whose frames are kept: a broadcast sends one text to all its sockets within
one pass of the event loop, so only the last few are ever asked for again."""
log = logging.getLogger("newdawn.server")


class FrameCache:
    """Frames of recently sent texts, by (text object, framing parameters). The entry holds the
    text itself, so the object's id cannot be reused by another string while it is cached."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._entries: collections.OrderedDict[int, tuple[str, dict[Any, bytes]]] = collections.OrderedDict()
        self.built = 0
        """Frames built (for tests and benchmarks: sends minus this is the work saved)."""

    def get(self, text: str, key: Any, build: Any) -> bytes:
        entry = self._entries.get(id(text))
        if entry is None or entry[0] is not text:
            entry = (text, {})
            self._entries[id(text)] = entry
            if len(self._entries) > self.size:
                self._entries.popitem(last=False)
        else:
            self._entries.move_to_end(id(text))
        frame = entry[1].get(key)
        if frame is None:
            frame = entry[1][key] = build()
            self.built += 1
        return frame


FRAMES = FrameCache()


def protocol_class() -> type[Any] | None:
    """uvicorn's ``websockets-sansio`` protocol with shared, per-message compressed frames (None
    if this uvicorn or websockets lacks what it builds on)."""
    try:
        # late import: the protocol classes exist only in newer uvicorn and websockets (ImportError below)
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
        from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
        from websockets.frames import Frame, Opcode
        from websockets.protocol import State
        from websockets.server import ServerProtocol
    except ImportError as e:  # an older uvicorn: its own protocol compresses per socket
        log.info("shared WebSocket frames unavailable (%s); uvicorn compresses per socket", e)
        return None

    class SharedFrames(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if self.config.ws_per_message_deflate:
                factory = ServerPerMessageDeflateFactory(
                    server_no_context_takeover=True, client_max_window_bits=12,
                    compress_settings={"level": COMPRESSION_LEVEL, "memLevel": 8})
                self.conn = ServerProtocol(extensions=[factory], max_size=self.config.ws_max_size,
                                           logger=logging.getLogger("uvicorn.error"))

        def _frame_key(self) -> Any:
            """How this connection frames a text message, if its frames can be shared."""
            exts = self.conn.extensions
            if not exts:
                return ()
            if len(exts) == 1 and isinstance(exts[0], PerMessageDeflate) and exts[0].local_no_context_takeover:
                return ("deflate", exts[0].local_max_window_bits)
            return None

        async def send(self, message: Any) -> None:
            text = message.get("text") if message.get("type") == "websocket.send" else None
            if (text is None or not self.handshake_complete or self.close_sent or self.disconnected
                    or self.initial_response is not None or self.conn.state is not State.OPEN
                    or self.conn.expect_continuation_frame):
                await super().send(message)
                return
            key = self._frame_key()
            if key is None:
                await super().send(message)
                return
            await self.writable.wait()
            if self.disconnected or self.close_sent:
                await super().send(message)  # raises or ignores as uvicorn does
                return
            exts = self.conn.extensions
            frame = FRAMES.get(text, key, lambda: Frame(Opcode.TEXT, text.encode()).serialize(
                mask=False, extensions=exts))
            pending = self.conn.data_to_send()  # anything the protocol queued (a pong) goes first
            self.transport.write(b"".join(pending) + frame if pending else frame)

    return SharedFrames
