"""The authoritative host: one game, the host's seat played locally, the guest over TCP.

``HostSession`` has the same interface as :class:`~frontier_desktop.session.LocalSession`
(``submit``, ``view``, ``log``, ``legal_actions``, ``acting_seat``, ``subscribe``) plus the
network parts (``listen``, ``status``, ``chat``, ``offer_draw``, ``inbox`` for the UI).

Every message from the guest passes one pipeline (see ``docs/protocol.md``): framing and
schema (:mod:`.framing`, :mod:`.protocol`), then the handshake state of *that connection*,
then for actions: the seat bound to the connection (never a field of the message), game
over, paused, the state id, and finally the rules engine, whose reason is sent back on a
refusal. Nothing the guest sends changes the game except an action the engine accepts.
"""

from __future__ import annotations

import errno
import logging
import socket
import threading
import time
from typing import Any

from frontier_desktop.net.bridge import LEFT, RECONNECTING
from frontier_desktop.net.framing import MAX_HANDSHAKE_FRAME, Connection
from frontier_desktop.net.host_base import (
    LOBBY,
    OPEN,
    PLAYING,
    REVEAL,
    REVEALED,
    DeckChecker,
    GameSource,
    GuestSeat,
    Sections,
)
from frontier_desktop.net.host_decks import Brought, GuestDeckError
from frontier_desktop.net.host_lobby import HostLobby
from frontier_desktop.net.host_play import SYNC_LOG_LIMIT
from frontier_desktop.net.protocol import GUEST_SENDS, ErrorCode, Message, make
from frontier_desktop.net.protocol import error as error_msg

__all__ = ["LOBBY", "OPEN", "PLAYING", "REVEAL", "REVEALED", "SYNC_LOG_LIMIT", "Brought",
           "DeckChecker", "GameSource", "GuestDeckError", "GuestSeat", "HostSession", "Sections"]
"""The host's names, importable from here as before it was split: :class:`HostSession` is put
together from :mod:`.host_base` (its state and seats), :mod:`.host_decks` (the decks and the
set-up), :mod:`.host_lobby` (seating the guests) and :mod:`.host_play` (play); this module
adds the connections (listening, accepting, each message dispatched)."""

log = logging.getLogger(__name__)


RESUMABLE_BYE = ("the host left the game; it is saved and goes on when the host resumes it "
                 "(LAN game, then Resume last LAN game)")
"""The goodbye of a host leaving a game that isn't over (``bye`` with ``resumable``)."""


class HostSession(HostLobby):
    """Serve one game to its guests. See the module docstring.

    Args:
        source: the game to serve.
        host_seat: the seat played on this computer (the guest gets the other).
        guest_seats: the seats open to guests (default: the seat that is not ``host_seat``);
            the other seats (``local_seats``) are played on this computer, hot-seat. With
            more than one guest seat the guests wait in a lobby until every one is taken;
            then the seed is agreed by all of them (see ``docs/protocol.md``).
        autosave: a record file kept up to date after every action (append + flush before
            the guest hears of the action), from which a restarted host resumes.
        resolve_card: name → rules Card, for a deck sent by the guest.
        check_deck: the deck rules a deck sent by the guest must pass (e.g. Frontier's
            60-card minimum); a deck that fails is refused with the reasons.
        tap: called with every byte sent to the guest (tests).
    """

    # ------------------------------------------------------------------ network
    def listen(self, host: str = "0.0.0.0", port: int = 0) -> int:
        """Start accepting guests on *host*:*port*; returns the bound port."""
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind((host, port))
        server.listen(4)
        self._server = server
        self._port = int(server.getsockname()[1])
        if self.header is not None and self._port != self.saved_port:
            with self._lock:
                self._write_autosave_header()  # a resumed game: remember the new port
        threading.Thread(target=self._accept_loop, name="net-accept", daemon=True).start()
        return int(server.getsockname()[1])

    @property
    def port(self) -> int | None:
        """The bound port once :meth:`listen` has run."""
        return self._port

    def close(self) -> None:
        """Stop serving: say goodbye to the guests and close everything. A game that isn't
        over is autosaved, so the goodbye says it goes on when the host resumes it: the
        guests wait and rejoin by themselves (a guest's program doesn't end)."""
        self._closing = True
        with self._lock:
            conns = [slot.conn for slot in self.guests.values() if slot.conn is not None]
            resumable = self.started.is_set() and self.result is None and \
                self.autosave is not None
        reason = RESUMABLE_BYE if resumable else "the host closed the game"
        for conn in conns:
            conn.close(reason, bye=True, resumable=resumable)
        if self._server is not None:
            try:  # shutdown wakes the blocked accept(): only then is the port free again
                self._server.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            try:
                self._server.close()
            except OSError:
                pass
        if self._autosave_handle is not None:
            self._autosave_handle.close()
            self._autosave_handle = None

    def _accept_loop(self) -> None:
        server = self._server
        assert server is not None
        backoff = 0.05
        while not self._closing:
            try:
                sock, addr = server.accept()
            except OSError as exc:
                if self._closing or exc.errno in (errno.EBADF, errno.EINVAL, errno.ENOTSOCK):
                    return  # the server socket was closed
                # Out of descriptors (EMFILE...) or a connection aborted before accept: never
                # stop accepting, or not even the rightful guest could come back. Free the
                # oldest unfinished handshake and try again after a pause.
                log.warning("cannot accept a connection (%s): retrying", exc.strerror or exc)
                if exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                    with self._lock:
                        victims = self._oldest_unfinished(None, 1)
                    for victim in victims:
                        victim.abort("the host ran out of connections")
                    time.sleep(backoff)
                    backoff = min(backoff * 2, 1.0)
                continue
            backoff = 0.05
            self._admit(sock, addr)

    def _admit(self, sock: socket.socket, addr: Any) -> None:
        address = str(addr[0])
        log.info("connection from %s:%d", address, addr[1])
        conn = Connection(sock, GUEST_SENDS, on_message=self._on_message,
                          on_close=self._on_close, heartbeat=self.heartbeat,
                          timeout=self.timeout, handshake_timeout=self.handshake_timeout,
                          handshake_frame=MAX_HANDSHAKE_FRAME, tap=self.tap)
        with self._lock:
            victims = self._oldest_unfinished(address, self.max_pending_per_address - 1)
            if not victims:
                victims = self._oldest_unfinished(None, self.max_pending - 1)
            self._pending[id(conn)] = {"phase": "hello", "conn": conn, "addr": address,
                                       "since": time.monotonic()}
        for victim in victims:
            victim.abort("too many unfinished connections")
        conn.start()

    def _oldest_unfinished(self, address: str | None, keep: int) -> list[Connection]:
        """The oldest connections still in the handshake beyond the newest *keep* (from
        *address*, or from anywhere when None), taken off the pending list at once (the
        caller aborts them): the cap holds even before their reader threads wind down.
        Called with the lock held."""
        unfinished = sorted([(info["since"], info["conn"]) for info in self._pending.values()
                             if info.get("phase") != "playing" and "conn" in info
                             and not info.get("held")
                             and (address is None or info.get("addr") == address)],
                            key=lambda pair: pair[0])
        excess = len(unfinished) - max(keep, 0)
        victims = [conn for _, conn in unfinished[:excess]] if excess > 0 else []
        for conn in victims:
            self._pending.pop(id(conn), None)
        return victims

    @property
    def buffered_bytes(self) -> int:
        """Memory held by half-received frames, over all connections."""
        with self._lock:
            return sum(info["conn"].buffered for info in self._pending.values() if "conn" in info)

    @property
    def unfinished_connections(self) -> int:
        """Connections that have not finished the handshake (held file descriptors)."""
        with self._lock:
            return sum(1 for info in self._pending.values()
                       if info.get("phase") != "playing" and not info.get("held"))

    def _on_close(self, conn: Connection, reason: str) -> None:
        with self._lock:
            info = self._pending.pop(id(conn), {})
            slot = next((g for g in self.guests.values() if g.conn is conn), None)
            if slot is None:
                return
            left = info.get("bye", False)
            if not self.started.is_set():
                self._free_before_start(slot, reason)
                return
            slot.conn = None
            slot.view = None
        if self.result is None and not self._closing and not left:
            log.warning("the guest's connection (seat %d) ended: %s", slot.seat, reason)
        self._set_status(LEFT if left else RECONNECTING, reason, seat=slot.seat)

    # ------------------------------------------------------------------ handlers
    def _on_message(self, conn: Connection, msg: Message) -> None:
        kind = msg["type"]
        with self._lock:
            info = self._pending.get(id(conn))
            if info is None:
                return
            phase = info["phase"]
            if kind == "bye":
                info["bye"] = True
                conn.close("the guest left")
                return
            if kind == "error":
                log.info("the guest reports a protocol error: %s", msg["message"])
                return
            if phase == "hello":
                if kind != "hello":
                    self._not_now(conn, "say hello first")
                    return
                self._on_hello(conn, info, msg)
                return
            if phase == LOBBY:
                if kind == "chat":
                    self._on_chat(conn, msg)
                else:
                    self._not_now(conn, "wait for the other guests: the game has not begun")
                return
            if phase == "reveal":
                if kind != "reveal":
                    self._not_now(conn, "reveal your nonce first")
                    return
                self._on_reveal(conn, info, msg)
                return
            if phase == REVEALED:
                self._not_now(conn, "wait for the other guests to reveal their nonces")
                return
            # playing
            seat = conn.seat
            assert seat is not None
            if kind == "action":
                self._on_action(conn, msg)
            elif kind == "resync":
                self._send_sync(conn, since=msg["state_id"])
            elif kind == "chat":
                self._on_chat(conn, msg)
            elif kind == "resign":
                self._resign(seat)
            elif kind == "offer" and not self.many:
                self._offer_from = seat
                self.inbox.post("offer", {"kind": msg["kind"], "seat": seat})
            elif kind == "answer" and not self.many:
                self._on_answer(seat, msg["accept"])
            elif kind in ("offer", "answer"):
                self._not_now(conn, "a draw is agreed only in a game of two")
            else:
                self._not_now(conn, f"{kind} is not expected now")

    def _on_chat(self, conn: Connection, msg: Message) -> None:
        seat = self._seat_of(conn)
        if seat is None:
            return
        slot = self.guests[seat]
        self.inbox.post("chat", {"seat": seat, "name": slot.name, "text": msg["text"]})
        if self.lobby:  # the other guests read it too, with its sender
            for other in self.guests.values():
                if other.conn is not None and other is not slot and other.phase != OPEN:
                    other.conn.send(make("chat", text=msg["text"], **{"from": seat}))

    def _seat_of(self, conn: Connection) -> int | None:
        return next((g.seat for g in self.guests.values() if g.conn is conn), None)

    def _not_now(self, conn: Connection, text: str) -> None:
        conn.errors += 1
        conn.send(error_msg(ErrorCode.NOT_NOW, text))
        if conn.errors >= conn.max_errors:
            conn.close("too many protocol errors")
