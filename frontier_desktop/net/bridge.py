"""The bridge between network threads and the UI loop: a thread-safe inbox of notices.

Network sessions call their listeners on the network thread (fine for headless play and
tests). A UI must not touch pygame from there, so every session also posts plain
:class:`Notice` objects into an :class:`Inbox` which the display thread drains once a frame
(``for notice in session.inbox.drain(): ...``), like ``SimpleEngine`` wraps chess engines.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

CONNECTED = "connected"
WAITING = "waiting"
RECONNECTING = "reconnecting"
LEFT = "left"
FAILED = "failed"


@dataclass(frozen=True)
class PeerStatus:
    """What the banner shows about the other computer."""

    state: str
    """``waiting`` (no guest yet), ``connected``, ``reconnecting``, ``left`` or ``failed``."""
    since: float
    """``time.monotonic()`` when this state began."""
    latency_ms: float | None = None
    """Heartbeat round trip, when connected."""
    detail: str = ""
    """Why (the last disconnect or refusal reason)."""

    @property
    def is_paused(self) -> bool:
        """Whether play waits for the peer (a banner covers the table)."""
        return self.state in (RECONNECTING, LEFT, FAILED)

    def seconds(self, now: float | None = None) -> float:
        """How long the peer has been in this state."""
        return (time.monotonic() if now is None else now) - self.since

    def banner(self, now: float | None = None, *, peer: str = "the opponent",
               we_reconnect: bool = False) -> str:
        """One line for the table's banner.

        Args:
            peer: how to name the other player ("Ben").
            we_reconnect: this side reconnects (the guest) rather than waits (the host).
        """
        took = duration(self.seconds(now))
        if self.state == CONNECTED:
            ms = f" · {self.latency_ms:.0f} ms" if self.latency_ms is not None else ""
            return f"{peer} connected{ms}"
        if self.state == WAITING:
            return f"waiting for {peer} to join"
        if self.state == RECONNECTING:
            if we_reconnect:
                return f"connection to {peer} lost {took} ago — reconnecting"
            if self.detail == "the host restarted":
                return f"game resumed {took} ago — waiting for {peer} to rejoin"
            return f"{peer} disconnected {took} ago — waiting for them to reconnect"
        if self.state == LEFT:
            return f"{peer} left {took} ago"
        return f"connection failed: {self.detail}"


def duration(seconds: float) -> str:
    """``"7 s"``, ``"2 min 05 s"``, ``"1 h 02 min"``: how long, for the banner."""
    secs = max(0, int(seconds))
    if secs < 60:
        return f"{secs} s"
    if secs < 3600:
        return f"{secs // 60} min {secs % 60:02d} s"
    return f"{secs // 3600} h {secs % 3600 // 60:02d} min"


@dataclass(frozen=True)
class Notice:
    """One thing that happened on the network, for the UI.

    ``kind`` is ``update`` (data: the session's ``Update``), ``status`` (a
    :class:`PeerStatus`), ``chat`` (``{"seat", "name", "text"}``), ``offer``/``answer``
    (``{"kind", "seat"[, "accept"]}``), ``rejected`` (``{"reason", "code"}``), ``game_end``
    (``{"result", "winner"}``), ``fairness`` (a warning line) or ``error``.
    """

    kind: str
    data: Any = None
    at: float = field(default_factory=time.monotonic)


class Inbox:
    """A bounded thread-safe queue of notices (oldest dropped first when full)."""

    def __init__(self, maxsize: int = 10000) -> None:
        self._queue: queue.Queue[Notice] = queue.Queue(maxsize)
        self.on_post: Callable[[], None] | None = None
        """Called (on the posting thread) after each notice: the UI asks for a frame, so a
        sleeping main loop wakes up to drain and show it."""

    def post(self, kind: str, data: Any = None) -> None:
        notice = Notice(kind, data)
        while True:
            try:
                self._queue.put_nowait(notice)
                if self.on_post is not None:
                    self.on_post()
                return
            except queue.Full:
                try:
                    self._queue.get_nowait()
                except queue.Empty:
                    pass

    def drain(self, limit: int = 1000) -> list[Notice]:
        """Every waiting notice (at most *limit*), without blocking."""
        out: list[Notice] = []
        while len(out) < limit:
            try:
                out.append(self._queue.get_nowait())
            except queue.Empty:
                break
        return out
