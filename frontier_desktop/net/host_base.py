"""What a LAN host holds: the game's source, its seats (the ones played here and the guest
seats), each guest seat's connection status, and the autosave a restarted host resumes from.

:class:`HostBase` is the state every part of :class:`~frontier_desktop.net.host.HostSession`
works on; the parts are :mod:`.host_decks` (the decks and the game's set-up),
:mod:`.host_lobby` (seating the guests), :mod:`.host_play` (play) and :mod:`.host` (the
connections).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from frontier_desktop.net import fairness
from frontier_desktop.net.bridge import CONNECTED, RECONNECTING, WAITING, Inbox, PeerStatus
from frontier_desktop.net.framing import Connection
from frontier_desktop.net.protocol import PROGRAM, Message, card_data_version, make
from frontier_desktop.rules import Card, GameState
from frontier_desktop.session import Listener, Session

DeckChecker = Callable[..., Sequence[str]]
"""Card names of a deck (and, for Army Magic, ``sections``: section name → card names) → the
reasons it may not be played (empty: legal)."""

Sections = dict[str, list[Card]]
"""One player's Army deck sections: ``home_base``, ``land_grid``, ``initial_forces``."""


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


class HostBase(Session):
    """The host's state and what every part of it uses: its seats and their status, the
    players' names, the autosave. The arguments are :class:`~.host.HostSession`'s."""

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

    def _send(self, msg: Message) -> None:
        with self._lock:
            conns = [slot.conn for slot in self.guests.values() if slot.conn is not None]
        for conn in conns:
            conn.send(msg)

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

    def _state(self) -> GameState:
        if self.state is None:
            raise RuntimeError("the game has not started (no guest yet)")
        return self.state

    # ------------------------------------------------------------------ autosave
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
