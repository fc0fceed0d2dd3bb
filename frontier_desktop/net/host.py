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
import json
import logging
import secrets
import socket
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from frontier_desktop.net import fairness
from frontier_desktop.net.bridge import (
    CONNECTED,
    LEFT,
    RECONNECTING,
    WAITING,
    Inbox,
    PeerStatus,
)
from frontier_desktop.net.delta import diff
from frontier_desktop.net.framing import MAX_HANDSHAKE_FRAME, Connection
from frontier_desktop.net.protocol import (
    GUEST_SENDS,
    PROGRAM,
    ErrorCode,
    Message,
    ProtocolError,
    card_data_version,
    check_action,
    hello_differences,
    make,
)
from frontier_desktop.net.protocol import error as error_msg
from frontier_desktop.rules import (
    Action,
    Card,
    GameState,
    IllegalActionError,
    RulesError,
    apply,
    find_variant,
)
from frontier_desktop.rules.actions import Concede, action_from_wire
from frontier_desktop.rules.engine import acting_seat as rules_acting_seat
from frontier_desktop.rules.engine import legal_actions as rules_legal_actions
from frontier_desktop.rules.views import describe, log_view, redact_event
from frontier_desktop.session import Listener, Result, Session, Update

log = logging.getLogger(__name__)

DeckChecker = Callable[..., Sequence[str]]
"""Card names of a deck (and, for Army Magic, ``sections``: section name → card names) → the
reasons it may not be played (empty: legal)."""

Sections = dict[str, list[Card]]
"""One player's Army deck sections: ``home_base``, ``land_grid``, ``initial_forces``."""

Brought = Mapping[int, tuple[list[Card] | None, Sections | None]]
"""Seat → the deck (and Army sections) its guest brought (``None``: the host's choice)."""

SYNC_LOG_LIMIT = 200
"""Log entries sent with a full resync (the most recent ones)."""


@dataclass
class GameSource:
    """Where the hosted game comes from.

    Exactly one of: ``decks`` (two decks; ``None`` for the guest's slot takes the deck from
    the guest's hello), ``position`` (a position document) or ``record`` (a saved game:
    header and action lines; a header with a ``lan`` section resumes a LAN game).
    """

    decks: list[list[Card] | None] | None = None
    guest_fallback: list[Card] | None = None
    """The guest's deck when its slot in ``decks`` is ``None`` and its hello names none."""
    sections: list[Sections | None] | None = None
    """Army Magic: each seat's deck sections beside ``decks`` (``None`` for the guest's slot
    when the guest brings its army)."""
    guest_fallback_sections: Sections | None = None
    """The sections of ``guest_fallback`` (Army Magic)."""
    points: int | None = None
    """Army Magic: the agreed army size a guest's army is checked against (default 100)."""
    names: list[str] = field(default_factory=lambda: ["Host", "Guest"])
    position: dict[str, Any] | None = None
    record: tuple[dict[str, Any], list[dict[str, Any]]] | None = None
    variant: str = "frontier"
    options: dict[str, Any] | None = None
    seed: int | str | None = None
    """A fixed seed (``--seed``): then the seed is not agreed by commit-reveal."""

    def played_variant(self) -> str:
        """The variant of the game served: a saved game's or a position's own (``variant``
        is only the default of a game started from decks), so that a resumed game checks
        decks and words its refusals by its own rules."""
        if self.record is not None:
            return str(self.record[0].get("variant") or "frontier")
        if self.position is not None:
            return str(self.position.get("variant") or "frontier")
        return self.variant


def _with_consent(variant: str, options: Any) -> dict[str, Any]:
    """*options* with ``manual_consent`` on, where the variant has that option: in LAN play a
    manual action on the other player's things is a request they accept or decline."""
    out = dict(options) if isinstance(options, Mapping) else {}
    try:
        known = find_variant(variant).default_options
    except (KeyError, ValueError):
        return out
    if "manual_consent" in known:
        out["manual_consent"] = True
    return out


def _consent_header(header: Mapping[str, Any]) -> dict[str, Any]:
    """A record header with the consent rule on (see :func:`_with_consent`): in its options,
    or in its position's when the game started from a position."""
    out = dict(header)
    variant = str(out.get("variant", "frontier"))
    if isinstance(out.get("position"), Mapping):
        position = dict(out["position"])
        position["options"] = _with_consent(variant, position.get("options"))
        out["position"] = position
    else:
        out["options"] = _with_consent(variant, out.get("options"))
    return out


def _same_game(a: GameState, b: GameState) -> bool:
    """Whether two states are the same game (options and the log aside)."""
    def game(state: GameState) -> str:
        wire = state.to_wire()
        for key in ("options", "log"):
            wire.pop(key, None)
        return json.dumps(wire, sort_keys=True, default=str)

    return game(a) == game(b)


class GuestDeckError(ValueError):
    """The guest's deck cannot be played; the message is sent to the guest as it is."""


OPEN, LOBBY, REVEAL, REVEALED, PLAYING = "open", "lobby", "reveal", "revealed", "playing"
"""A guest seat's phase: free; taken and waiting for the other guests (games with more than
one guest); asked for its nonce; nonce revealed; in the game."""


@dataclass
class GuestSeat:
    """One seat played over the network: its connection, view, token and nonce."""

    seat: int
    conn: Connection | None = None
    view: dict[str, Any] | None = None
    """The view this seat's guest holds (the base of the next ``update``)."""
    token: str | None = None
    previous_token: str | None = None
    """The token before the last resume: good until the current one has been used."""
    nonce: str | None = None
    commit: str | None = None
    """The commitment to ``nonce`` from this guest's hello."""
    name: str = ""
    deck: list[Card] | None = None
    sections: Sections | None = None
    deck_used: bool = False
    """Whether this seat plays the deck from its hello (the guest audits that)."""
    phase: str = OPEN
    status: PeerStatus = field(default_factory=lambda: PeerStatus(WAITING, time.monotonic()))
    audited: bool = False
    """Whether ``game_end`` and the audit have been queued for this seat's guest."""

    def reset(self) -> None:
        """Free the seat (before the game starts)."""
        self.conn = self.view = self.token = self.previous_token = None
        self.nonce = self.commit = self.deck = self.sections = None
        self.name, self.deck_used, self.phase = "", False, OPEN
        self.status = PeerStatus(WAITING, time.monotonic())

    def meta(self) -> dict[str, Any]:
        return {"token": self.token, "previous_token": self.previous_token,
                "nonce": self.nonce, "commit": self.commit, "name": self.name,
                "deck_used": self.deck_used}


class HostSession(Session):
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

    def __init__(self, source: GameSource, *, host_seat: int = 0, autosave: Path | None = None,
                 resolve_card: Callable[[str], Card | None] | None = None,
                 check_deck: DeckChecker | None = None,
                 program: str = PROGRAM, cards_version: str | None = None,
                 heartbeat: float = 1.0, timeout: float = 4.0,
                 handshake_timeout: float = 15.0, max_pending: int = 16,
                 max_pending_per_address: int = 4,
                 tap: Callable[[bytes], None] | None = None,
                 guest_seats: Sequence[int] | None = None) -> None:
        self.source = source
        lan = (source.record[0].get("lan") if source.record else None) or {}
        if isinstance(lan.get("guest_seats"), list):
            guest_seats = [int(s) for s in lan["guest_seats"]]
        if guest_seats is None:
            guest_seats = [1 - host_seat]
        players = max([len(source.names), host_seat + 1, *(s + 1 for s in guest_seats)])
        if source.record is not None:
            players = max(players, len(source.record[0].get("players") or []))
        elif source.position is not None:
            players = max(players, len(source.position.get("players") or []))
        if not guest_seats or len(set(guest_seats)) != len(guest_seats) or \
                any(not 0 <= s < players for s in guest_seats) or len(guest_seats) > 3:
            raise ValueError("one to three distinct guest seats of the game's players")
        self.players = players
        self.local_seats = [s for s in range(players) if s not in guest_seats]
        if not self.local_seats:
            raise ValueError("the host plays at least one seat")
        self.host_seat = host_seat if host_seat in self.local_seats else self.local_seats[0]
        """The first seat played on this computer (its chat and draw offers)."""
        self.guests: dict[int, GuestSeat] = {s: GuestSeat(s) for s in sorted(guest_seats)}
        self.lobby = len(self.guests) > 1
        """More than one guest: they wait in a lobby and all agree the seed (``commits``)."""
        self.many = self.lobby or players > 2
        """More than two players or guests: the game never pauses for an absent guest (the
        other seats play on where the rules let them) and draws are not offered."""
        self.autosave = autosave
        self.resolve_card = resolve_card
        self.check_deck = check_deck
        self.program = program
        self.cards_version = cards_version if cards_version is not None else card_data_version()
        self.heartbeat = heartbeat
        self.timeout = timeout
        self.handshake_timeout = handshake_timeout
        """A connection that has not finished the handshake by then is dropped."""
        self.max_pending = max_pending
        self.max_pending_per_address = max_pending_per_address
        """Unfinished handshakes held at once (in all, and per address): a new connection
        beyond either limit pushes out the oldest unfinished one, so squatters can neither
        use up the host's file descriptors nor keep the rightful guest out."""
        self.tap = tap
        self.inbox = Inbox()
        self.state: GameState | None = None
        self.header: dict[str, Any] | None = None
        self.actions: list[dict[str, Any]] = []
        """Accepted actions (record lines) since the record's start."""
        self.result: dict[str, Any] | None = None
        """``{"result": "win"|"draw", "winner": seat|None}`` once the game is over."""
        self.started = threading.Event()
        self.end_delivered = threading.Event()
        """Set once ``game_end`` and the audit have been queued for the bound guest (a host
        restarted after the end waits for this before it quits)."""
        self.changed = threading.Condition(threading.RLock())
        """Notified after every accepted action and connection change (``with`` it to wait)."""
        self._lock = self.changed
        self._listeners: list[Listener] = []
        self._server: socket.socket | None = None
        self._pending: dict[int, dict[str, Any]] = {}
        self._offer_from: int | None = None
        self._autosave_handle: Any = None
        self._closing = False
        self.host_nonce: str = lan.get("host_nonce") or fairness.new_nonce()
        self.host_commit = fairness.commit(self.host_nonce)
        first = self.guests[self.guest_seat]
        first.nonce, first.token = lan.get("guest_nonce"), lan.get("token")
        first.previous_token = lan.get("previous_token")
        first.name = lan.get("guest_name", "")
        first.deck_used = bool(lan.get("guest_deck_used", False))
        for key, meta in (lan.get("guests") or {}).items():
            slot = self.guests.get(int(key))
            if slot is not None and isinstance(meta, Mapping):
                slot.token, slot.previous_token = meta.get("token"), meta.get("previous_token")
                slot.nonce, slot.commit = meta.get("nonce"), meta.get("commit")
                slot.name, slot.deck_used = meta.get("name", ""), bool(meta.get("deck_used"))
        self.seed_mode: str = lan.get("seed_mode") or (
            "fixed" if source.record is not None or source.seed is not None
            else "position" if source.position is not None else "commit-reveal")
        """``commit-reveal`` (the seed agreed), ``position`` (the seed agreed, the board the
        host's position file) or ``fixed`` (``--seed`` or a saved game: nothing agreed)."""
        self._served: tuple[dict[str, Any], GameState] | None = None
        self.setup_commit: str | None = lan.get("setup_commit")
        """The commitment to every deck (or the position), sent in ``welcome`` (in
        ``commits`` when more than one guest joins)."""
        self.salts: dict[str, str] = dict(lan.get("salts") or {})
        self.commitments: dict[str, str] = dict(lan.get("commitments") or {})
        self.base_actions: int = int(lan.get("base_actions", 0))
        self.saved_port: int | None = lan.get("port") if isinstance(lan.get("port"), int) \
            else None
        """The port the game was served on before a restart (the guest comes back there)."""
        self._port: int | None = None
        if lan and source.record is not None:
            self._resume_from_record(*source.record)

    # ------------------------------------------------------------------ seats
    @property
    def guest_seat(self) -> int:
        """The first seat open to a guest (the guest's seat in a two-player game)."""
        return next(iter(self.guests))

    @property
    def _conn(self) -> Connection | None:
        """The first guest seat's connection (two-player games and their tests)."""
        return self.guests[self.guest_seat].conn

    @property
    def guest_nonce(self) -> str | None:
        return self.guests[self.guest_seat].nonce

    @property
    def guest_token(self) -> str | None:
        return self.guests[self.guest_seat].token

    @property
    def guest_name(self) -> str:
        return self.guests[self.guest_seat].name

    def seat_status(self, seat: int) -> PeerStatus:
        """The connection state of the guest playing *seat* (for the lobby and banner)."""
        with self._lock:
            slot = self.guests[seat]
            status = slot.status
            if status.state == CONNECTED and slot.conn is not None:
                return PeerStatus(CONNECTED, status.since, slot.conn.rtt_ms)
            return status

    def seats(self) -> list[dict[str, Any]]:
        """Every seat for the lobby: ``{"seat", "name", "local", "joined", "status"}``."""
        with self._lock:
            names = self._names()
            out = []
            for seat in range(self.players):
                slot = self.guests.get(seat)
                name = names[seat] if seat < len(names) else f"Player {seat + 1}"
                if slot is None:
                    out.append({"seat": seat, "name": name, "local": True, "joined": True,
                                "status": CONNECTED})
                else:
                    out.append({"seat": seat, "name": slot.name or name, "local": False,
                                "joined": slot.phase != OPEN, "status": slot.status.state})
            return out

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
        """Stop serving: say goodbye to the guest and close everything."""
        self._closing = True
        with self._lock:
            conns = [slot.conn for slot in self.guests.values() if slot.conn is not None]
        for conn in conns:
            conn.close("the host closed the game", bye=True)
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

    def status(self) -> PeerStatus:
        """The guest's connection state, for the banner.

        With more than one guest: ``waiting`` until every seat is taken, then ``connected``
        (the game never waits for one guest: the others play on where the rules let them),
        with the absent guests named in ``detail``; :meth:`seat_status` tells each seat's.
        """
        if not self.many:
            return self.seat_status(self.guest_seat)
        with self._lock:
            states = {seat: self.seat_status(seat) for seat in self.guests}
            if not self.started.is_set():
                waiting = [s for s in states.values() if s.state != CONNECTED]
                if waiting:
                    return PeerStatus(WAITING, min(s.since for s in waiting), None,
                                      f"{len(waiting)} of {len(states)} guest seats open")
                return PeerStatus(CONNECTED, min(s.since for s in states.values()))
            names = self._names()
            away = [names[seat] if seat < len(names) else f"seat {seat + 1}"
                    for seat, s in states.items() if s.state != CONNECTED]
            rtts = [s.latency_ms for s in states.values() if s.latency_ms is not None]
            since = min(s.since for s in states.values())
            return PeerStatus(CONNECTED, since, max(rtts) if rtts else None,
                              ("away: " + ", ".join(away)) if away else "")

    def _set_status(self, state: str, detail: str = "", seat: int | None = None) -> None:
        with self._lock:
            for slot in self.guests.values():
                if seat is None or slot.seat == seat:
                    slot.status = PeerStatus(state, time.monotonic(), None, detail)
            self.changed.notify_all()
            posted = self.status() if seat is None or not self.many else \
                self.guests[seat].status
            others = [g.conn for g in self.guests.values() if g.seat != seat and
                      g.conn is not None] if self._tells_seats(seat) else []
        self.inbox.post("status", posted)
        if self._tells_seats(seat):
            assert seat is not None
            self.inbox.post("seat_status", {"seat": seat, "state": state,
                                            "name": self._seat_name(seat)})
            for conn in others:  # the other guests hear it too, in their own words
                conn.send(make("peer", state=state, since=0.0, seat=seat))

    def _tells_seats(self, seat: int | None) -> bool:
        """Whether a change of *seat*'s connection is told to the table and the other
        guests (``peer`` with ``seat``): games of more than two, once under way."""
        return seat is not None and self.many and self.started.is_set() and \
            self.result is None and not self._closing

    def _seat_name(self, seat: int) -> str:
        names = self._names()
        return names[seat] if seat < len(names) and names[seat] else f"Player {seat + 1}"

    def _tell_away(self, conn: Connection, seat: int) -> None:
        """A guest back in the game hears which other guests are still away."""
        if not self.many:
            return
        for slot in self.guests.values():
            if slot.seat != seat and slot.status.state in (RECONNECTING, LEFT):
                conn.send(make("peer", state=slot.status.state,
                               since=round(slot.status.seconds(), 1), seat=slot.seat))

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

    def _free_before_start(self, slot: GuestSeat, reason: str) -> None:
        """A guest left before the game began: its seat is open again. If the guests were
        already agreeing the seed, that round is over: the others are sent away to join
        again with fresh nonces (no nonce is ever revealed twice, and nobody commits after
        seeing another's nonce)."""
        in_round = slot.phase in (REVEAL, REVEALED)
        slot.reset()
        if self.lobby and in_round:
            for other in self.guests.values():
                if other.phase in (REVEAL, REVEALED) and other.conn is not None:
                    conn = other.conn
                    other.reset()
                    self._pending.pop(id(conn), None)
                    self._refuse(conn, ErrorCode.NOT_NOW, "a guest left while the seed was "
                                 "being agreed: join again")
            self.setup_commit = None
        self.changed.notify_all()
        self.inbox.post("lobby", self.seats())
        log.info("seat %d is open again: %s", slot.seat, reason)

    def release(self, seat: int) -> bool:
        """Free *seat* before the game starts (the lobby's "Free seat"): its guest is sent
        away in words and the seat is open to the next guest. If the guests were already
        agreeing the seed, the others are sent away to join again (see
        :meth:`_free_before_start`). False when there is nothing to free: the game has
        begun, the seat is not a guest's, or nobody sits on it."""
        with self._lock:
            slot = self.guests.get(seat)
            if slot is None or self.started.is_set() or slot.phase == OPEN:
                return False
            conn = slot.conn
            if conn is not None:
                self._pending.pop(id(conn), None)
            self._free_before_start(slot, "the host freed the seat")
        if conn is not None:
            self._refuse(conn, ErrorCode.SEAT_TAKEN,
                         f"the host freed seat {seat + 1}: you are no longer in this game")
        return True

    def _send(self, msg: Message) -> None:
        with self._lock:
            conns = [slot.conn for slot in self.guests.values() if slot.conn is not None]
        for conn in conns:
            conn.send(msg)

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

    def _refuse(self, conn: Connection, code: ErrorCode, reason: str,
                differences: Sequence[str] = ()) -> None:
        log.warning("refusing a guest: %s", reason)
        conn.send(make("refused", code=code.value, reason=reason, differences=list(differences)))
        conn.close(reason)

    def _on_hello(self, conn: Connection, info: dict[str, Any], msg: Message) -> None:
        differences = hello_differences(msg, program=self.program, cards=self.cards_version)
        if differences:
            self._refuse(conn, ErrorCode.VERSION_MISMATCH,
                         "versions differ: " + "; ".join(differences), differences)
            return
        mine = self._slot_for_token(msg["token"]) if self.started.is_set() else None
        if self.started.is_set() and mine is None:
            self._refuse(conn, ErrorCode.SEAT_TAKEN, "this game already has its guest"
                         if not self.lobby else "this game already has all its guests")
            return
        if mine is not None:
            self._resume(conn, info, mine, msg)
            return
        slot, why = self._free_seat(msg.get("seat"))
        if slot is None:
            self._refuse(conn, ErrorCode.SEAT_TAKEN, why)
            return
        if not fairness.is_valid_nonce(msg["commit"]):
            self._refuse(conn, ErrorCode.BAD_COMMIT, "the commitment must be hex")
            return
        if msg["commit"] == self.host_commit or any(
                g.commit == msg["commit"] for g in self.guests.values() if g is not slot):
            # a replayed commitment (another guest's, or the host's): it could only be
            # opened by the nonce of someone else, so it is refused before it takes a seat
            self._refuse(conn, ErrorCode.BAD_COMMIT, "this commitment is already in use: "
                         "commit to a fresh nonce of your own")
            return
        try:  # the decks are fixed (and committed to) before any nonce is revealed
            guest_deck, guest_sections = self._guest_deck(msg, slot.seat)
            document = None if self.lobby else self._setup_document(
                {slot.seat: (guest_deck, guest_sections)})
        except GuestDeckError as exc:
            self._refuse(conn, ErrorCode.BAD_DECK, str(exc))
            return
        info.update(phase=LOBBY if self.lobby else "reveal", hello=msg, seat=slot.seat,
                    held=self.lobby)
        slot.conn, slot.commit = conn, msg["commit"]
        slot.deck, slot.sections = guest_deck, guest_sections
        slot.name = msg["name"][:40] or ("Guest" if not self.many else f"Guest {slot.seat + 1}")
        slot.phase = LOBBY if self.lobby else REVEAL
        slot.token = secrets.token_hex(16)
        slot.deck_used = guest_deck is not None and msg.get("deck") is not None
        if document is not None:
            self.setup_commit = fairness.setup_commit(self.host_nonce, document)
        if self.lobby:
            conn.seat = slot.seat  # a seat in the lobby: no handshake timeout while it waits,
            conn.frames_only = True  # but the heartbeat's: whole frames (pongs) or it is freed
            slot.status = PeerStatus(CONNECTED, time.monotonic())
        conn.send(self._welcome(slot, resume=False))
        if self.lobby:
            self.inbox.post("lobby", self.seats())
            self._maybe_start_round()

    def _free_seat(self, wanted: Any) -> tuple[GuestSeat | None, str]:
        """The seat a new guest gets: the one it asked for (a number or a player's name) or
        the first open one; ``(None, why)`` when there is none."""
        def taken(slot: GuestSeat) -> bool:
            return slot.phase != OPEN and slot.conn is not None and slot.conn.is_open

        if self.lobby and any(g.phase in (REVEAL, REVEALED) for g in self.guests.values()):
            return None, "the game is starting: every seat is taken"
        if wanted is not None:
            names = self._names()
            seat = wanted if isinstance(wanted, int) else next(
                (i for i, n in enumerate(names) if n.casefold() == str(wanted).casefold()), None)
            if seat is None:
                return None, f"no seat of this game is called {str(wanted)[:40]!r}"
            if seat not in self.guests:
                return None, (f"seat {seat + 1} is not open to guests" if seat < self.players
                              else f"this game has no seat {seat + 1}")
            slot = self.guests[seat]
            if taken(slot):
                return None, f"seat {seat + 1} is taken"
            return slot, ""
        for slot in self.guests.values():
            if not taken(slot):
                return slot, ""
        return None, ("another guest is joining this game" if not self.lobby
                      else "every seat open to guests is taken")

    def _maybe_start_round(self) -> None:
        """With every guest seat taken, fix the decks (the setup commitment) and ask every
        guest for its nonce, showing each the others' commitments: nobody reveals before all
        have committed."""
        if any(g.phase != LOBBY or g.conn is None for g in self.guests.values()):
            return
        try:
            document = self._setup_document({g.seat: (g.deck, g.sections)
                                             for g in self.guests.values()})
        except GuestDeckError as exc:
            for slot in list(self.guests.values()):
                conn = slot.conn
                slot.reset()
                if conn is not None:
                    self._refuse(conn, ErrorCode.BAD_DECK, str(exc))
            return
        self.setup_commit = fairness.setup_commit(self.host_nonce, document)
        commits = {str(g.seat): g.commit for g in self.guests.values()}
        now = time.monotonic()
        for slot in self.guests.values():
            conn = slot.conn
            assert conn is not None
            slot.phase = REVEAL
            info = self._pending.get(id(conn))
            if info is not None:
                info["phase"] = "reveal"
            conn.seat = None           # the reveal is bounded by the handshake timeout
            conn.frames_only = False
            conn.opened = now
            conn.send(make("commits", commits=commits, setup=self.setup_commit,
                           names=self._start_names()))

    def _resume(self, conn: Connection, info: dict[str, Any], slot: GuestSeat,
                msg: Message) -> None:
        old = slot.conn
        if old is not None and old is not conn:
            self._pending.pop(id(old), None)
            old.close("replaced by a new connection from the guest")
        self._bind(conn, info, slot)
        # A fresh token on every resume (kept in the autosave before the guest hears of
        # it): a token seen on the wire once is worth nothing after the next rejoin. The
        # one it replaces stays good until the new one is used, in case this welcome
        # never arrives.
        if msg["token"] == slot.token:
            slot.previous_token = slot.token
        slot.token = secrets.token_hex(16)
        self._write_autosave_header()
        conn.send(self._welcome(slot, resume=True))
        self._send_sync(conn, since=0)
        self._tell_away(conn, slot.seat)
        self._set_status(CONNECTED, seat=slot.seat)
        log.info("the guest of seat %d is back", slot.seat)

    def _slot_for_token(self, token: Any) -> GuestSeat | None:
        if not isinstance(token, str):
            return None
        for slot in self.guests.values():
            if any(known is not None and secrets.compare_digest(token, known)
                   for known in (slot.token, slot.previous_token)):
                return slot
        return None

    def _welcome(self, slot: GuestSeat, *, resume: bool) -> Message:
        assert slot.token is not None
        extra: dict[str, Any] = {"lobby": True} if self.lobby and not resume else {}
        if self.many:  # who plays at the host's computer (a game of two: the other seat)
            extra["host_seats"] = list(self.local_seats)
        return make("welcome", seat=slot.seat, token=slot.token,
                    names=self._names(), commit=self.host_commit, seed_mode=self.seed_mode,
                    setup=self.setup_commit or "", guest_deck=slot.deck_used,
                    resume=resume, your_actions=self._count(slot.seat),
                    program=self.program, **extra)

    def _uses_sections(self) -> bool:
        """Whether this game starts from deck sections beside the decks (Army Magic)."""
        return self.source.sections is not None

    def _guest_deck(self, hello: Mapping[str, Any],
                    seat: int) -> tuple[list[Card] | None, Sections | None]:
        """The guest's deck (and its Army sections) when the host plays one for the guest's
        seat from the hello (or its fallback), checked now; ``(None, None)`` when the host
        fixed it (or the source has no decks).

        Raises:
            GuestDeckError: the deck cannot be played (the message says why).
        """
        src = self.source
        if src.record is not None or src.position is not None or src.decks is None \
                or seat >= len(src.decks) or src.decks[seat] is not None:
            return None, None
        sent = hello.get("deck")
        if sent is None and src.guest_fallback is not None:
            return list(src.guest_fallback), (
                {k: list(v) for k, v in src.guest_fallback_sections.items()}
                if self._uses_sections() and src.guest_fallback_sections is not None else None)
        return self._resolve_deck(sent, hello.get("sections"))

    def _decks(self, brought: Brought) -> list[list[Card]]:
        """Every deck in the canonical order the game shuffles from (*brought*: seat → the
        deck and sections its guest brought)."""
        decks = list(self.source.decks or [None] * self.players)
        for seat, (deck, _) in brought.items():
            if deck is not None:
                decks[seat] = deck
        if any(d is None for d in decks):
            raise GuestDeckError("this host has no deck for the guest's seat")
        return [fairness.canonical_deck(d) for d in decks if d is not None]

    def _sections(self, brought: Brought) -> list[Sections] | None:
        """Every player's Army deck sections in the canonical order (None: not Army)."""
        if not self._uses_sections():
            return None
        sections = list(self.source.sections or [None] * self.players)
        for seat, (_, parts) in brought.items():
            if parts is not None:
                sections[seat] = parts
        if any(s is None for s in sections):
            raise GuestDeckError("your army has no home base, land grid or initial forces: "
                                 "this host needs an Army deck with its sections")
        return [fairness.canonical_sections(s) for s in sections if s is not None]

    def _served_record(self) -> tuple[dict[str, Any], GameState]:
        """The saved game served (``GameSource.record``): its header and state, with the
        consent rule turned on when its log means the same under it (a manual action in a
        hot-seat save that touched the other player's things would become a request). Else
        it plays on without the rule, and the guest sees that and says so."""
        from frontier_desktop.record import replay

        if self._served is None:
            assert self.source.record is not None
            header, actions = self.source.record
            header = {k: v for k, v in header.items() if k != "lan"}
            state = replay(header, actions)
            consent = _consent_header(header)
            try:
                ruled: GameState | None = replay(consent, actions)
            except (RulesError, ValueError, KeyError):
                ruled = None
            if ruled is not None and _same_game(ruled, state):
                header, state = consent, ruled
            self._served = (header, state)
        return self._served

    def _lan_position(self) -> dict[str, Any]:
        """The position file's document with the consent rule turned on (see
        :func:`_with_consent`): what the host commits to and plays."""
        position = dict(self.source.position or {})
        position["options"] = _with_consent(str(position.get("variant", "frontier")),
                                            position.get("options"))
        return position

    def _setup_document(self, brought: Brought) -> dict[str, Any]:
        """What the game will start from besides the seed (committed to in ``welcome``)."""
        from frontier_desktop.record import position_header
        from frontier_desktop.rules import find_variant

        src = self.source
        if src.record is not None:
            return fairness.setup_document(self._served_record()[0])
        if src.position is not None:
            return fairness.setup_document(position_header(self._lan_position()))
        document: dict[str, Any] = {
            "variant": find_variant(src.variant).name,
            "decks": [[card.name for card in deck] for deck in self._decks(brought)]}
        sections = self._sections(brought)
        if sections is not None:  # the same as the record header's ``players[i].sections``
            document["sections"] = [{k: [card.name for card in v] for k, v in s.items()}
                                    for s in sections]
        return document

    def _names(self) -> list[str]:
        if self.state is not None:
            return [p.name for p in self.state.players]
        if self.many:  # the guests seated so far under their own names
            return self._start_names()
        return list(self.source.names)

    def _start_names(self) -> list[str]:
        """Every seat's player name as the game will start (the guests' own names)."""
        names = list(self.source.names) + [f"Player {i + 1}" for i in range(
            len(self.source.names), self.players)]
        for slot in self.guests.values():
            if slot.name:
                names[slot.seat] = slot.name
        return names

    def _count(self, seat: int) -> int:
        """Actions by *seat* since this LAN game began (a restarted script skips as many)."""
        return sum(1 for line in self.actions[self.base_actions:] if line["seat"] == seat)

    def _bind(self, conn: Connection, info: dict[str, Any], slot: GuestSeat) -> None:
        conn.seat = slot.seat
        info["phase"] = "playing"
        info["seat"] = slot.seat
        slot.conn = conn
        slot.phase = PLAYING

    def _on_reveal(self, conn: Connection, info: dict[str, Any], msg: Message) -> None:
        slot = self.guests[info["seat"]]
        nonce = msg["nonce"]
        if not fairness.is_valid_nonce(nonce) or slot.commit is None or \
                not secrets.compare_digest(fairness.commit(nonce), slot.commit):
            self._refuse(conn, ErrorCode.BAD_COMMIT, "the revealed nonce does not match "
                         "the commitment in hello")
            return
        slot.nonce = nonce
        slot.phase = REVEALED
        info["phase"] = REVEALED
        conn.seat = slot.seat  # revealed: the handshake timeout is over for this guest
        if any(g.phase != REVEALED for g in self.guests.values()):
            return
        try:
            self._create_game()
        except GuestDeckError as exc:
            self._refuse_all(ErrorCode.BAD_DECK, str(exc))
            return
        except (RulesError, ValueError) as exc:
            self._refuse_all(ErrorCode.BAD_DECK, f"cannot start the game: {exc}")
            return
        for guest in self.guests.values():
            assert guest.conn is not None
            self._bind(guest.conn, self._pending.setdefault(id(guest.conn), {}), guest)
            guest.status = PeerStatus(CONNECTED, time.monotonic())
        self._write_autosave_header()
        for guest in self.guests.values():
            assert guest.conn is not None
            guest.view = describe(self._state(), viewer=guest.seat)
            guest.conn.send(make("start", state_id=self._state().state_id, view=guest.view,
                                 commitments=self.commitments))
        self.started.set()
        self._set_status(CONNECTED)
        self.inbox.post("started", None)

    def _refuse_all(self, code: ErrorCode, reason: str) -> None:
        for slot in self.guests.values():
            conn = slot.conn
            slot.reset()
            if conn is not None:
                self._refuse(conn, code, reason)

    # ------------------------------------------------------------------ game set-up
    def _create_game(self) -> None:
        from frontier_desktop.record import initial_state, new_game, position_header

        src = self.source
        nonces = [g.nonce for g in self.guests.values()]
        assert all(n is not None for n in nonces)
        seed: int | str = fairness.derive_seed(self.host_nonce, *[str(n) for n in nonces]) \
            if self.seed_mode in fairness.DRAWN_FAIRLY \
            else (src.seed if src.seed is not None else 0)
        names = self._start_names()
        if src.record is not None:
            _, actions = src.record
            self.header, self.state = self._served_record()
            self.actions = [dict(a) for a in actions]
        elif src.position is not None:
            position = self._lan_position()
            position["seed"] = seed
            self.header = position_header(position)
            self.state = initial_state(self.header)
        else:
            brought = {g.seat: (g.deck, g.sections) for g in self.guests.values()}
            decks = self._decks(brought)
            self.state, self.header = new_game(src.variant, decks, names, seed=seed,
                                               options=_with_consent(src.variant, src.options),
                                               sections=self._sections(brought))
        self.base_actions = len(self.actions)
        self.salts = fairness.make_salts(self.state)
        self.commitments = fairness.commitments(self.state, self.salts)

    def _resolve_deck(self, names: Any, sections: Any = None
                      ) -> tuple[list[Card], Sections | None]:
        """The guest's deck (and, in an Army game, its sections) from its hello, checked
        against the card data and the deck rules.

        Raises:
            GuestDeckError: no deck, an unknown card, or a deck the rules forbid (the
                message, sent to the guest, says which).
        """
        if not isinstance(names, list) or not names or len(names) > 500:
            raise GuestDeckError("your deck is empty or too large (a list of 1-500 card names)")
        if self.resolve_card is None:
            raise GuestDeckError("this host takes no deck from the guest")
        deck = self._cards(names, "your deck")
        parts: Sections | None = None
        if self._uses_sections():
            parts = self._resolve_sections(sections)
        elif sections is not None:
            raise GuestDeckError("your deck has Army Magic sections (home base, land grid or "
                                 "initial forces), but this host plays "
                                 f"{find_variant(self.source.played_variant()).title}")
        if self.check_deck is not None:
            problems = list(self.check_deck(names) if parts is None else self.check_deck(
                names, sections={k: [c.name for c in v] for k, v in parts.items()}))
            if problems:
                raise GuestDeckError("your deck is not legal for this game: "
                                     + "; ".join(problems)[:250])
        return deck, parts

    def _cards(self, names: Sequence[Any], what: str) -> list[Card]:
        """Rules cards for card names sent by the guest (:meth:`_resolve_deck`)."""
        assert self.resolve_card is not None
        cards = []
        for name in names:
            card = self.resolve_card(name) if isinstance(name, str) else None
            if card is None:
                raise GuestDeckError(f"{what} names a card this host does not know: "
                                     f"{name!r:.60}")
            cards.append(card)
        return cards

    def _resolve_sections(self, sections: Any) -> Sections:
        """The guest's Army sections from its hello (the protocol has bounded their shape).

        Raises:
            GuestDeckError: none sent, or a section naming a card the host does not know.
        """
        if not isinstance(sections, Mapping) or not sections.get("land_grid"):
            raise GuestDeckError("your army has no land grid: an Army deck lists its home base "
                                 "and the 14 other lands of its half of the board")
        words = {"home_base": "your home base", "land_grid": "your land grid",
                 "initial_forces": "your initial forces"}
        return {key: self._cards(list(sections[key]), words[key])
                for key in fairness.SECTION_NAMES if key in sections}

    def _resume_from_record(self, header: dict[str, Any], actions: list[dict[str, Any]]) -> None:
        from frontier_desktop.record import replay

        self.header = {k: v for k, v in header.items() if k != "lan"}
        self.state = replay(self.header, actions)
        self.actions = [dict(a) for a in actions]
        self.started.set()
        for slot in self.guests.values():
            slot.phase = PLAYING
        self._set_status(RECONNECTING, "the host restarted")
        self._write_autosave_header()
        if self.state.game_over:
            self.result = {"result": "win", "winner": self.state.winner}

    def _lan_meta(self) -> dict[str, Any]:
        first = self.guests[self.guest_seat]
        meta: dict[str, Any] = {"token": first.token, "previous_token": first.previous_token,
                "host_nonce": self.host_nonce,
                "guest_nonce": first.nonce, "seed_mode": self.seed_mode,
                "setup_commit": self.setup_commit, "guest_deck_used": first.deck_used,
                "salts": self.salts, "commitments": self.commitments,
                "base_actions": self.base_actions, "guest_name": first.name,
                "host_seat": self.host_seat,
                "port": self._port if self._port is not None else self.saved_port}
        if list(self.guests) != [1 - self.host_seat]:  # N seats: every guest seat's own
            meta["guest_seats"] = list(self.guests)
            meta["guests"] = {str(seat): slot.meta() for seat, slot in self.guests.items()}
        return meta

    def _write_autosave_header(self) -> None:
        if self.autosave is None or self.header is None:
            return
        from frontier_desktop.record import write_record

        write_record(self.autosave, {**self.header, "lan": self._lan_meta()}, self.actions)
        if self._autosave_handle is not None:
            self._autosave_handle.close()
        self._autosave_handle = self.autosave.open("a", encoding="utf-8")

    def _append_autosave(self, line: Mapping[str, Any]) -> None:
        if self._autosave_handle is not None:
            self._autosave_handle.write(json.dumps(line, ensure_ascii=False) + "\n")
            self._autosave_handle.flush()

    def _state(self) -> GameState:
        if self.state is None:
            raise RuntimeError("the game has not started (no guest yet)")
        return self.state

    # ------------------------------------------------------------------ actions
    def _on_action(self, conn: Connection, msg: Message) -> None:
        seat = conn.seat                       # identity from the connection, never the message
        assert seat is not None
        state = self._state()
        code, reason = None, ""
        if self.result is not None:
            code, reason = ErrorCode.GAME_OVER, "the game is over"
        elif msg["state_id"] != state.state_id:
            code, reason = ErrorCode.STALE_STATE, (f"stale state {msg['state_id']} (the game "
                                                   f"is at {state.state_id})")
        elif (bad := _out_of_bounds(msg["action"])) is not None:
            code, reason = ErrorCode.BAD_VALUE, bad
        else:
            result, code = self._push(seat, msg["action"], ref=msg["ref"])
            reason = result.reason
            if result.ok:
                return
        assert code is not None
        conn.send(make("rejected", ref=msg["ref"], code=code.value, reason=reason[:300],
                       state_id=state.state_id))

    def submit(self, seat: int, action: Action | Mapping[str, Any]) -> Result:
        """Submit an action for one of the seats played here (from the UI or a script).

        With more than one guest the game never waits for an absent guest: the seats
        played here act whenever the rules let them."""
        with self._lock:
            if seat not in self.local_seats:
                return Result(False, f"this computer plays seat {self.host_seat}"
                              if len(self.local_seats) == 1 else "this computer plays seats "
                              + ", ".join(str(s) for s in self.local_seats))
            if self.state is None:
                return Result(False, "the game has not started (waiting for the guest)")
            if self.result is not None:
                return Result(False, "the game is over")
            if not self.many and self._conn is None:
                return Result(False, "paused: waiting for the guest to reconnect")
            result, _ = self._push(seat, action, ref=None)
            return result

    def _push(self, seat: int, action: Any, *, ref: int | None) -> tuple[Result, ErrorCode | None]:
        state = self._state()
        try:
            if not isinstance(action, Action):
                action = action_from_wire(action)
            new, events = apply(state, action, seat)
        except IllegalActionError as exc:
            return Result(False, str(exc)), ErrorCode.ILLEGAL
        except RulesError as exc:
            return Result(False, str(exc)), ErrorCode.INVALID
        except Exception:  # an engine bug must not take the host down; the state is untouched
            log.exception("the rules engine failed on %r from seat %d", action, seat)
            return Result(False, "internal error in the rules engine"), ErrorCode.INTERNAL
        self.state = new
        wire = new.log[-1]["action"]
        line = {"seat": seat, "action": wire}
        self.actions.append(line)
        self._append_autosave(line)          # durable before anyone hears of it
        self._offer_from = None
        self._fan_out(seat, wire, events, ref)
        if new.game_over and self.result is None:
            self._finish("win", new.winner)
        self.changed.notify_all()
        return Result(True, events=events), None

    def _fan_out(self, actor: int, wire: dict[str, Any], events: list[dict[str, Any]],
                 ref: int | None) -> None:
        state = self._state()
        for slot in self.guests.values():
            if slot.conn is None or slot.view is None:
                continue
            view = describe(state, viewer=slot.seat)
            guest_events = [self._with_salt(redact_event(e, slot.seat)) for e in events]
            action = wire if actor == slot.seat else _public_action(wire)
            slot.conn.send(make("update", state_id=state.state_id,
                                base=slot.view["state_id"], actor=actor, action=action,
                                events=guest_events, diff=diff(slot.view, view),
                                ref=ref if actor == slot.seat else None))
            slot.view = view
        if self._listeners:
            for viewer in [self.host_seat] + [s for s in range(self.players)
                                              if s != self.host_seat]:
                update = Update(viewer, state.state_id, describe(state, viewer=viewer),
                                [redact_event(e, viewer) for e in events], actor, wire)
                for listener in self._listeners:
                    listener(update)
        self.inbox.post("update", Update(self.host_seat, state.state_id, {},
                                         [redact_event(e, self.host_seat) for e in events],
                                         actor, wire))

    def _with_salt(self, event: dict[str, Any]) -> dict[str, Any]:
        if event.get("type") == "revealed":
            salt = self.salts.get(fairness.key_of_wire(event.get("at")))
            if salt is not None:
                return {**event, "salt": salt}
        return event

    def _send_sync(self, conn: Connection, *, since: int) -> None:
        state = self._state()
        seat = conn.seat
        assert seat is not None
        slot = self.guests[seat]
        view = describe(state, viewer=seat)
        entries = log_view(state, seat, since=max(0, since))[-SYNC_LOG_LIMIT:]
        entries = [{**e, "action": e["action"] if e["seat"] == seat
                    else _public_action(e["action"]),
                    "events": [self._with_salt(ev) for ev in e["events"]]} for e in entries]
        face_up = {fairness.square_key(state, pos) for pos, cell in state.cells.items()
                   if cell.face_up}
        salts = {k: v for k, v in self.salts.items() if k in face_up}
        conn.send(make("sync", state_id=state.state_id, view=view, log=entries,
                       commitments=self.commitments, salts=salts,
                       your_actions=self._count(seat)))
        if conn is slot.conn:
            slot.view = view
        if self.result is not None:
            conn.send(make("game_end", result=self.result["result"],
                           winner=self.result["winner"]))
            self._send_audit(conn)

    # ------------------------------------------------------------------ end of game
    def _finish(self, result: str, winner: int | None) -> None:
        self.result = {"result": result, "winner": winner}
        log.info("game over: %s (winner %s)", result, winner)
        self.inbox.post("game_end", dict(self.result))
        for slot in self.guests.values():
            if slot.conn is not None:
                slot.conn.send(make("game_end", result=result, winner=winner))
                self._send_audit(slot.conn)
        self.changed.notify_all()

    def _send_audit(self, conn: Connection) -> None:
        assert self.header is not None
        seat = conn.seat
        slot = self.guests.get(seat) if seat is not None else None
        if slot is None:
            return
        extra: dict[str, Any] = {}
        if self.lobby:  # every guest's nonce, to check against the commitments of `commits`
            extra["guest_nonces"] = {str(g.seat): g.nonce for g in self.guests.values()
                                     if g.nonce is not None}
        sent = conn.send(make("audit", host_nonce=self.host_nonce,
                              guest_nonce=slot.nonce or "", salts=self.salts,
                              record=[self.header] + self.actions, **extra))
        if sent and conn is slot.conn:
            slot.audited = True
            if all(g.audited for g in self.guests.values()):
                self.end_delivered.set()
            self.changed.notify_all()

    def _resign(self, seat: int) -> Result:
        result, _ = self._push(seat, Concede(), ref=None)
        if not result.ok:
            log.warning("seat %d could not resign: %s", seat, result.reason)
        elif self.result is None and not self.many:
            # The rules mark the player lost but end the game only after the set-up phase
            # (no state-based check runs there): a resignation ends a LAN game at any time.
            self._finish("win", 1 - seat)
        return result

    def resign(self, seat: int | None = None) -> Result:
        """The host's player (or the player of *seat*, one of the seats played here)
        concedes."""
        with self._lock:
            if self.state is None or self.result is not None:
                return Result(False, "no game in progress")
            if seat is not None and seat not in self.local_seats:
                return Result(False, "that seat is not played on this computer")
            return self._resign(self.host_seat if seat is None else seat)

    def offer_draw(self) -> None:
        with self._lock:
            if self.many:
                return  # a draw is agreed only in a game of two
            self._offer_from = self.host_seat
            self._send(make("offer", kind="draw"))

    def answer_draw(self, accept: bool) -> None:
        """Answer the guest's draw offer."""
        with self._lock:
            if self._offer_from != self.guest_seat:
                return
            self._send(make("answer", kind="draw", accept=accept))
            self._on_answer(self.host_seat, accept, answered_here=True)

    def _on_answer(self, seat: int, accept: bool, *, answered_here: bool = False) -> None:
        expected_from = self.guest_seat if answered_here else self.host_seat
        if self._offer_from != expected_from:
            return
        self._offer_from = None
        if not answered_here:
            self.inbox.post("answer", {"kind": "draw", "seat": seat, "accept": accept})
        if accept and self.result is None and self.state is not None:
            self._finish("draw", None)

    def chat(self, text: str) -> None:
        """Send a chat line to the guest."""
        self._send(make("chat", text=text[:500], **{"from": self.host_seat}))

    # ------------------------------------------------------------------ Session interface
    def subscribe(self, listener: Listener) -> None:
        """Call *listener* (on the network thread) with each seat's Update per action."""
        self._listeners.append(listener)

    def view(self, seat: int) -> dict[str, Any]:
        with self._lock:
            return describe(self._state(), viewer=seat)

    def log(self, seat: int, since: int = 0) -> list[dict[str, Any]]:
        with self._lock:
            return log_view(self._state(), seat, since=since)

    def legal_actions(self, seat: int) -> list[Action]:
        with self._lock:
            return rules_legal_actions(self._state(), seat)

    def acting_seat(self) -> int | None:
        with self._lock:
            if self.state is None or self.result is not None:
                return None
            return rules_acting_seat(self.state)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (by the rules, a resignation or an agreed draw)."""
        state = self.state
        return self.result is not None or (state is not None and state.game_over)


def _out_of_bounds(action: Mapping[str, Any]) -> str | None:
    """Why *action* breaks the protocol's bounds (``ACTION_SCHEMAS``), or None."""
    try:
        check_action(action)
    except ProtocolError as exc:
        return str(exc)
    return None


def _public_action(wire: Mapping[str, Any]) -> dict[str, Any]:
    """The host's action as the guest may see it (a kept hand's bottom cards stay secret)."""
    out = dict(wire)
    if out.get("type") == "keep":
        out.pop("bottom", None)
    return out
