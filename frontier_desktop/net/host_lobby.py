"""Seating the guests: a guest's ``hello`` checked (versions, a seat, its commitment, its
deck), the lobby of a game with several guests, the commit-reveal of the seed, a returning
guest resumed with its token, and a seat freed before the game begins."""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Sequence
from typing import Any

from frontier_desktop.net import fairness
from frontier_desktop.net.bridge import CONNECTED, LEFT, RECONNECTING, PeerStatus
from frontier_desktop.net.framing import Connection
from frontier_desktop.net.host_base import LOBBY, OPEN, PLAYING, REVEAL, REVEALED, GuestSeat
from frontier_desktop.net.host_decks import GuestDeckError, HostDecks
from frontier_desktop.net.host_play import HostPlay
from frontier_desktop.net.protocol import ErrorCode, Message, hello_differences, make
from frontier_desktop.rules import RulesError
from frontier_desktop.rules.views import describe

log = logging.getLogger("frontier_desktop.net.host")
"""The host's log lines keep the name they had before the host was split in modules."""


class HostLobby(HostPlay, HostDecks):
    """The host's handshake with its guests (see the module docstring)."""

    def _tell_away(self, conn: Connection, seat: int) -> None:
        """A guest back in the game hears which other guests are still away."""
        if not self.many:
            return
        for slot in self.guests.values():
            if slot.seat != seat and slot.status.state in (RECONNECTING, LEFT):
                conn.send(make("peer", state=slot.status.state,
                               since=round(slot.status.seconds(), 1), seat=slot.seat))

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
