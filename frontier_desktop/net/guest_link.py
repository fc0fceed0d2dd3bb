"""The guest's connection to its host: the ``hello`` it opens with, the seat's token, nonce
and commitments kept in the session file across a restart, a lost connection reconnected
with backoff (or at once, :meth:`GuestLink.reconnect_now`), and the connection's status.

:class:`GuestLink` is the state :class:`~frontier_desktop.net.client.GuestSession` works
on; the game's messages (the handshake, the view, the audit) are handled there.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from frontier_desktop.net import fairness
from frontier_desktop.net.bridge import (
    CONNECTED,
    FAILED,
    LEFT,
    RECONNECTING,
    WAITING,
    Inbox,
    PeerStatus,
)
from frontier_desktop.net.framing import Connection
from frontier_desktop.net.protocol import (
    HOST_SENDS,
    PROGRAM,
    PROTOCOL_VERSION,
    Message,
    card_data_version,
    make,
)
from frontier_desktop.session import Listener, Result, Session

log = logging.getLogger("frontier_desktop.net.client")
"""The guest's log lines keep the name they had before the guest was split in modules."""


class JoinError(RuntimeError):
    """The host refused us or could not be reached; the message says why in plain words."""


class GuestLink(Session):
    """The guest's connection and state (see the module docstring). The arguments are
    :class:`~.client.GuestSession`'s."""

    def __init__(self, address: tuple[str, int], *, name: str = "Guest",
                 deck: Sequence[str] | None = None,
                 sections: Mapping[str, Sequence[str]] | None = None,
                 session_file: Path | None = None,
                 program: str = PROGRAM, cards_version: str | None = None,
                 heartbeat: float = 1.0, timeout: float = 4.0, reconnect: bool = True,
                 audit_grace: float = 5.0, tap: Any = None,
                 seat: int | str | None = None) -> None:
        self.address = address
        self.wanted_seat = seat
        """The seat asked for in ``hello`` (a number or a player's name; None: any)."""
        self.name = name
        self.deck = list(deck) if deck is not None else None
        self.sections = {k: list(v) for k, v in sections.items()} if sections else None
        self.session_file = session_file
        self.program = program
        self.cards_version = cards_version if cards_version is not None else card_data_version()
        self.heartbeat = heartbeat
        self.timeout = timeout
        self.auto_reconnect = reconnect
        self.audit_grace = audit_grace
        """Seconds after ``game_end`` by which the audit must have arrived."""
        self.tap = tap
        self.inbox = Inbox()
        self.changed = threading.Condition(threading.RLock())
        self._lock = self.changed
        self._listeners: list[Listener] = []
        self._conn: Connection | None = None
        self._status = PeerStatus(WAITING, time.monotonic())
        self._ref = 0
        self._answers: dict[int, Result] = {}
        self._outstanding: set[int] = set()
        """Refs of actions sent and not answered yet: an answer to any other ref is ignored."""
        self._closing = False
        self._wake = threading.Event()
        self._reconnecting = False
        self.attempts = 0
        """Reconnection attempts since the connection was lost (for the banner)."""
        self.next_attempt: float | None = None
        """``time.monotonic()`` of the next automatic attempt while reconnecting."""
        self.seat: int | None = None
        self.names: list[str] = []
        """Every seat's player name (``welcome``; the guests' own from ``commits``)."""
        self.host_seats: list[int] = []
        """The seats played at the host's computer (``welcome.host_seats``; in a game of two
        the other seat)."""
        self.away: dict[int, str] = {}
        """Other guests' seats whose connection is lost (seat → ``reconnecting`` or
        ``left``), from ``peer`` (games of more than two)."""
        self.token: str | None = None
        self.nonce = fairness.new_nonce()
        """The nonce of this seat's game (the audit needs it), or the next one to commit to."""
        self.nonce_revealed = False
        """Whether ``nonce`` has been revealed: then it is never committed to or revealed
        again; each new ``hello`` commits to a fresh nonce (``_next_nonce``) instead."""
        self.game_started = False
        """Whether a game started from the exchange that revealed ``nonce``."""
        self._next_nonce: str | None = None
        self._sent_nonce: str | None = None
        """The nonce committed to in the hello of the current connection."""
        self._audit_missing_flagged = False
        self.host_commit: str | None = None
        self.setup_commit: str | None = None
        """The host's commitment to both decks (or the position), from ``welcome``."""
        self.host_plays_my_deck = False
        """Whether the host said it plays the deck this guest sent (audited at the end)."""
        self.seed_mode = ""
        self.guest_commits: dict[str, str] | None = None
        """Every guest's commitment (seat → hash) from ``commits`` (games with several
        guests); the audit checks their nonces against them."""
        self.in_lobby = False
        """Seated, waiting for the other guests to join (games with several guests)."""
        self.verifier = fairness.BoardVerifier(
            on_problem=lambda text: self.inbox.post("fairness", text))
        self.state_id = -1
        self._view: dict[str, Any] | None = None
        self.log_entries: list[dict[str, Any]] = []
        """The game log as this seat sees it (entries from syncs and updates)."""
        self.your_actions = 0
        """Actions of this seat the host had accepted when we (re)joined."""
        self.result: dict[str, Any] | None = None
        self.audit_problems: list[str] | None = None
        self.refusal: str | None = None
        self.host_paused: str | None = None
        """The host's words when it left a game it will resume (``bye`` with ``resumable``):
        we wait and rejoin by ourselves; None again once back."""
        self.resyncs = 0
        self.last_update = time.monotonic()
        """``time.monotonic()`` of the last view change (for "the host has gone quiet")."""
        self.bytes_received = 0
        self.started = threading.Event()
        self.audited = threading.Event()
        self._load_session_file()

    # ------------------------------------------------------------------ persistence
    # ------------------------------------------------------------------ persistence
    def _load_session_file(self) -> None:
        if self.session_file is None:
            return
        try:
            data = json.loads(self.session_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if not isinstance(data, dict) or data.get("address") != list(self.address):
            return
        self.token = data.get("token")
        self.nonce = data.get("nonce") or self.nonce
        self.nonce_revealed = bool(data.get("nonce_revealed"))
        self.game_started = bool(data.get("game_started"))
        next_nonce = data.get("next_nonce")
        self._next_nonce = next_nonce if isinstance(next_nonce, str) else None
        self.host_commit = data.get("host_commit")
        self.setup_commit = data.get("setup_commit")
        self.host_plays_my_deck = bool(data.get("host_plays_my_deck"))
        self.verifier.commitments = dict(data.get("commitments") or {})
        commits = data.get("guest_commits")
        self.guest_commits = dict(commits) if isinstance(commits, dict) else None

    def _save_session_file(self) -> None:
        if self.session_file is None:
            return
        data = {"address": list(self.address), "token": self.token, "nonce": self.nonce,
                "nonce_revealed": self.nonce_revealed, "game_started": self.game_started,
                "next_nonce": self._next_nonce,
                "host_commit": self.host_commit, "commitments": self.verifier.commitments,
                "setup_commit": self.setup_commit, "host_plays_my_deck": self.host_plays_my_deck,
                "guest_commits": self.guest_commits}
        self.session_file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.session_file.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle)
        os.replace(tmp, self.session_file)

    # ------------------------------------------------------------------ connection
    def connect(self, timeout: float = 10.0, *, until_seated: bool = False) -> None:
        """Connect, shake hands and wait for the game's first view (with *until_seated*,
        return already once seated in the lobby of a game that waits for more guests:
        ``started`` is set later, when every guest has joined).

        Raises:
            JoinError: refused (the reason names what differs) or unreachable in *timeout*.
        """
        deadline = time.monotonic() + timeout
        self._open()
        while not self.started.wait(0.05):
            if until_seated and self.in_lobby:
                return
            if self.refusal is not None:
                raise JoinError(self.refusal)
            if time.monotonic() > deadline:
                self.close()
                raise JoinError(f"no game from {self.address[0]}:{self.address[1]} "
                                f"within {timeout:.0f} s")
            if self._conn is None and not self.auto_reconnect:
                raise JoinError(self._status.detail or "connection closed")
        if self.refusal is not None:
            raise JoinError(self.refusal)

    def _open(self) -> None:
        try:
            sock = socket.create_connection(self.address, timeout=3.0)
        except OSError as exc:
            if not self.auto_reconnect:
                raise JoinError(f"cannot reach {self.address[0]}:{self.address[1]}: "
                                f"{exc.strerror or exc}") from None
            self._set_status(RECONNECTING, f"cannot reach the host: {exc.strerror or exc}")
            self._start_reconnect()
            return
        sock.settimeout(None)
        with self._lock:
            self._sent_nonce = self.hello_nonce()
        conn = Connection(sock, HOST_SENDS, on_message=self._on_message,
                          on_close=self._on_close, heartbeat=self.heartbeat,
                          timeout=self.timeout, tap=self.tap)
        with self._lock:
            self._conn = conn
        conn.start()
        first = self.token is None
        extra: dict[str, Any] = {"sections": self.sections} if self.sections else {}
        if self.wanted_seat is not None and self.token is None:
            extra["seat"] = self.wanted_seat
        conn.send(make("hello", program=self.program, protocol=PROTOCOL_VERSION,
                       cards=self.cards_version, name=self.name, deck=self.deck,
                       token=self.token, commit=fairness.commit(self._sent_nonce), **extra))
        if first:
            self._save_session_file()

    def hello_nonce(self) -> str:
        """The nonce the next ``hello`` commits to: never one that has been revealed (the host
        would know it, and could try its own nonces against it before a new exchange)."""
        with self._lock:
            if not self.nonce_revealed:
                return self.nonce
            if self._next_nonce is None:
                self._next_nonce = fairness.new_nonce()
                self._save_session_file()
            return self._next_nonce

    def _on_close(self, conn: Connection, reason: str) -> None:
        with self._lock:
            if conn is not self._conn:
                return
            self._conn = None
            self._fail_waiters("the connection was lost")
        if self._closing or self.refusal is not None:
            return
        if self._status.state == LEFT:
            return
        if self.result is not None and self.audited.is_set():
            self._set_status(LEFT, "the game is over")
            return
        log.warning("connection to the host lost: %s", reason)
        self.attempts = 0
        self._set_status(RECONNECTING, self.host_paused or reason)
        if self.auto_reconnect:
            self._start_reconnect()

    def _start_reconnect(self) -> None:
        with self._lock:
            if self._reconnecting:
                return
            self._reconnecting = True
        threading.Thread(target=self._reconnect_loop, name="net-reconnect", daemon=True).start()

    def _reconnect_loop(self) -> None:
        delay = 0.25
        handed_over = False
        try:
            while not self._closing and self.refusal is None:
                self.next_attempt = time.monotonic() + delay
                if self._wake.wait(delay):
                    delay = 0.25  # the player asked: try now, and soon again after that
                self._wake.clear()
                if self._closing:
                    return
                self.attempts += 1
                try:
                    sock = socket.create_connection(self.address, timeout=3.0)
                except OSError:
                    delay = min(delay * 2, 4.0)
                    continue
                sock.close()  # reachable: open a real connection through the normal path
                with self._lock:
                    self._reconnecting = False
                handed_over = True
                try:
                    self._open()
                except JoinError:  # gone again between the probe and the connection
                    self._start_reconnect()
                return
        finally:
            if not handed_over:
                with self._lock:
                    self._reconnecting = False

    def reconnect_now(self) -> bool:
        """The banner's "Reconnect now" button (and F5): try at once, also after the host left
        (a host restarted from its autosave takes the seat's token back).

        Returns:
            False when there is nothing to do (connected, closed or refused).
        """
        with self._lock:
            if self._closing or self.refusal is not None or self._conn is not None:
                return False
            running = self._reconnecting
        if running:
            self._wake.set()
            return True
        self._set_status(RECONNECTING, "reconnecting at the player's request")
        self._wake.set()
        self._start_reconnect()
        return True

    def close(self, reason: str = "the guest left") -> None:
        """Leave the game (a clean ``bye``); no reconnection after this."""
        self._closing = True
        self._wake.set()
        with self._lock:
            conn = self._conn
        if conn is not None:
            conn.close(reason, bye=True)
            conn.join(1.0)

    def status(self) -> PeerStatus:
        with self._lock:
            if self._status.state == CONNECTED and self._conn is not None:
                return PeerStatus(CONNECTED, self._status.since, self._conn.rtt_ms)
            return self._status

    def _set_status(self, state: str, detail: str = "") -> None:
        with self._lock:
            self._status = PeerStatus(state, time.monotonic(), None, detail)
            self.changed.notify_all()
        self.inbox.post("status", self._status)

    # ------------------------------------------------------------------ messages
    def _on_message(self, conn: Connection, msg: Message) -> None:
        self.bytes_received = conn.bytes_received
        kind = msg["type"]
        with self._lock:
            handler = getattr(self, f"_on_{kind}", None)
            if handler is None:
                return
            handler(conn, msg)
            self.changed.notify_all()

    def _on_refused(self, conn: Connection, msg: Message) -> None:
        self.refusal = f"the host refused: {msg['reason']}"
        log.error("%s", self.refusal)
        self._set_status(FAILED, msg["reason"])
        conn.close("refused")

    def _on_error(self, conn: Connection, msg: Message) -> None:
        log.warning("the host reports a protocol error: %s (%s)", msg["message"], msg["code"])
        self.inbox.post("error", msg["message"])

    def _on_bye(self, conn: Connection, msg: Message) -> None:
        if msg.get("resumable") and self.result is None:
            # the host left a game it will resume: wait for it and rejoin by ourselves
            self.host_paused = str(msg["reason"])
            log.warning("the host paused the game: %s", msg["reason"])
            return
        self._set_status(LEFT, msg["reason"])
        if self.result is None:
            log.warning("the host left: %s", msg["reason"])

    def _fail_waiters(self, reason: str) -> None:
        self.changed.notify_all()

    def _send(self, msg: Message) -> None:
        with self._lock:
            conn = self._conn
        if conn is not None:
            conn.send(msg)

    @property
    def is_paused(self) -> bool:
        return self.status().is_paused
