"""LAN play: one authoritative host, one guest, over length-prefixed JSON on TCP.

No pygame here (a test enforces it). The UI uses :class:`HostSession` and
:class:`GuestSession` like :class:`~frontier_desktop.session.LocalSession`, and drains
their ``inbox`` once a frame. See ``docs/protocol.md``.
"""

from __future__ import annotations

from frontier_desktop.net.bridge import Inbox, Notice, PeerStatus
from frontier_desktop.net.client import GuestSession, JoinError
from frontier_desktop.net.host import GameSource, HostSession
from frontier_desktop.net.protocol import MAX_FRAME, PROTOCOL_VERSION, ErrorCode, ProtocolError

__all__ = ["MAX_FRAME", "PROTOCOL_VERSION", "ErrorCode", "GameSource", "GuestSession",
           "HostSession", "Inbox", "JoinError", "Notice", "PeerStatus", "ProtocolError"]
