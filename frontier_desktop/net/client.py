"""The guest: sends its actions with the state id it saw, and keeps the view the host sends.

``GuestSession`` has the :class:`~frontier_desktop.session.Session` interface for the guest's
own seat. It holds only what the host sent: the guest's player view, the redacted events and
the board commitment. An ``update`` whose ``base`` is not the state id held is a gap: the
guest drops it and asks for a full ``sync``. A delta that does not apply does the same.

A lost connection (an error, the host's ``bye``-less close, or a silent heartbeat) pauses play
and reconnects automatically with backoff (0.25 s doubling to 4 s), or at once with
:meth:`reconnect_now`; the session token from ``welcome`` reclaims the seat and a ``sync``
brings the view up to date. With ``session_file`` the token, nonce and commitment survive a
restart of the guest's program.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping
from typing import Any

from frontier_desktop.net import fairness
from frontier_desktop.net.bridge import CONNECTED, FAILED, WAITING
from frontier_desktop.net.delta import PatchError, patch
from frontier_desktop.net.framing import Connection
from frontier_desktop.net.guest_link import GuestLink, JoinError
from frontier_desktop.net.protocol import Message, make
from frontier_desktop.rules import Action, action_from_wire, find_variant
from frontier_desktop.session import Listener, Result, Update

__all__ = ["GuestSession", "JoinError"]
"""Importable from here as before the guest was split: :class:`GuestSession` handles the
game's messages over the connection of :mod:`.guest_link` (where :class:`JoinError` is)."""

log = logging.getLogger(__name__)


def _uncommitted_squares(view: Mapping[str, Any], commitments: Mapping[str, Any]) -> list[str]:
    """Face-down squares of *view* without a commitment (``"row,col"``)."""
    rows = (view.get("board") or {}).get("rows") if isinstance(view.get("board"), dict) else None
    out = []
    for r, row in enumerate(rows if isinstance(rows, list) else []):
        for c, cell in enumerate(row if isinstance(row, list) else []):
            if isinstance(cell, dict) and not cell.get("face_up") and not cell.get("hole") \
                    and f"{r},{c}" not in commitments:
                out.append(f"{r},{c}")
    return out


class GuestSession(GuestLink):
    """Play the guest's seat of a game hosted at *address*.

    Args:
        address: ``(host, port)``.
        name: the player's name.
        deck: card names of the guest's deck (the host may use its own choice instead).
        sections: Army Magic: the deck's sections, ``home_base``, ``land_grid`` and
            ``initial_forces``, each a list of card names (sent with the deck).
        session_file: where the token, nonce and commitments are kept for a rejoin.
    """

    def _on_peer(self, conn: Connection, msg: Message) -> None:
        """Another guest's connection changed (games of more than two): said in words by
        the table (``seat_status``); the game waits for that seat only at its decisions."""
        seat = msg.get("seat")
        if not isinstance(seat, int) or seat == self.seat:
            return
        if msg["state"] == CONNECTED:
            self.away.pop(seat, None)
        else:
            self.away[seat] = msg["state"]
        name = self.names[seat] if seat < len(self.names) and self.names[seat] \
            else f"Player {seat + 1}"
        self.inbox.post("seat_status", {"seat": seat, "state": msg["state"], "name": name})

    def host_names(self) -> list[str]:
        """The names of the players at the host's computer."""
        return [self.names[s] if s < len(self.names) and self.names[s] else f"Player {s + 1}"
                for s in self.host_seats]

    def _on_welcome(self, conn: Connection, msg: Message) -> None:
        if msg["resume"] and self.host_commit is not None and msg["commit"] != self.host_commit:
            self.verifier._fail("the host's seed commitment changed after a reconnect")
        if msg["resume"] and self.setup_commit and msg["setup"] != self.setup_commit:
            self.verifier._fail("the host's commitment to the decks changed after a reconnect")
        self.seat, self.token, self.names = msg["seat"], msg["token"], msg["names"]
        self.host_seats = [int(s) for s in msg.get("host_seats") or [1 - msg["seat"]]
                           if s != msg["seat"]]
        self.away = {}  # the host tells again who is still away (``peer``)
        self.host_commit, self.seed_mode = msg["commit"], msg["seed_mode"]
        if not msg["resume"] or not self.setup_commit:
            self.setup_commit = msg["setup"] or None
            self.host_plays_my_deck = msg["guest_deck"] and self.deck is not None
        self.your_actions = msg["your_actions"]
        if msg["seed_mode"] != "commit-reveal" and not msg["resume"]:
            log.warning("the host fixed the seed (%s): the board and shuffles were not agreed "
                        "by commit-reveal", msg["seed_mode"])
        if not msg["resume"] and msg.get("lobby"):
            # Several guests: nobody reveals before all have committed (``commits``).
            self.in_lobby = True
            self.guest_commits = None
            self._save_session_file()
            self._set_status(WAITING, "waiting for the other guests to join")
            self.inbox.post("lobby", None)
            return
        if not msg["resume"]:
            self._reveal(conn)
            return
        self._save_session_file()

    def _on_commits(self, conn: Connection, msg: Message) -> None:
        """Every guest seat is taken: check our own commitment is the one listed for our seat,
        keep the others' (the audit checks their nonces), then reveal."""
        if not self.in_lobby or self.seat is None:
            self.inbox.post("error", "the host sent the guests' commitments out of turn")
            return
        sent = self._sent_nonce
        commits = {str(k): str(v) for k, v in msg["commits"].items()}
        if sent is None or commits.get(str(self.seat)) != fairness.commit(sent):
            self.verifier._fail("the host listed another commitment for our seat than the "
                                "one we sent")
            conn.close("wrong commitment listed")
            return
        self.in_lobby = False
        self.guest_commits = commits
        if msg.get("names"):
            self.names = [str(n) for n in msg["names"]]
        self.setup_commit = msg["setup"] or None
        self._reveal(conn)

    def _reveal(self, conn: Connection) -> None:
        nonce = self._sent_nonce
        if nonce is None or nonce == self.nonce and self.nonce_revealed:
            self.verifier._fail("the host asked to see a nonce we had already revealed")
            conn.close("no nonce is revealed twice")
            return
        if self.nonce_revealed and not self.game_started:
            self.verifier._fail(
                "the host started the seed exchange again after it had seen our revealed "
                "nonce (the connection ended between our reveal and the start of the "
                "game). A host can do this to draw the board again until it likes it; "
                "a fresh nonce was used")
        self.nonce, self._next_nonce = nonce, None
        self.nonce_revealed, self.game_started = True, False
        self.verifier.commitments = {}  # a new game: nothing of an earlier one applies
        self._save_session_file()  # before the reveal leaves: a restart must know it
        conn.send(make("reveal", nonce=nonce))

    def _on_start(self, conn: Connection, msg: Message) -> None:
        uncommitted = _uncommitted_squares(msg["view"], msg["commitments"])
        if uncommitted:
            self.verifier._fail(f"the host started a game without committing to its face-down "
                                f"lands ({len(uncommitted)} squares, e.g. {uncommitted[0]}), so "
                                "it could change them at will. The game was refused")
            self.refusal = ("the host did not commit to the face-down lands: this board "
                            "cannot be checked, so the game was refused")
            self._set_status(FAILED, self.refusal)
            conn.close("no board commitment")
            return
        self.game_started = True
        self.verifier.adopt(msg["commitments"])
        self._save_session_file()
        self._take_view(msg["view"], msg["state_id"])
        self.host_paused = None
        self._set_status(CONNECTED)
        self.started.set()

    def _on_sync(self, conn: Connection, msg: Message) -> None:
        if not self.game_started:
            self.game_started = True
            self._save_session_file()
        self.verifier.adopt(msg["commitments"])
        self.your_actions = msg["your_actions"]
        view = msg["view"]
        uncommitted = _uncommitted_squares(view, self.verifier.commitments)
        if uncommitted:
            self.verifier._fail(f"face-down squares without a commitment: "
                                f"{', '.join(uncommitted[:5])}")
        self._verify_face_up(view, msg["salts"])
        known = {e.get("state_id") for e in self.log_entries}
        self.log_entries += [e for e in msg["log"] if isinstance(e, dict)
                             and e.get("state_id") not in known]
        self._take_view(view, msg["state_id"])
        self.resyncs += 1
        if self._status.state != CONNECTED:
            self.host_paused = None
            self._set_status(CONNECTED)
        self.started.set()
        self.inbox.post("update", Update(self.seat or 0, self.state_id, view, [], -1, {}))

    def _verify_face_up(self, view: Mapping[str, Any], salts: Mapping[str, Any]) -> None:
        rows = (view.get("board") or {}).get("rows") or []
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                if isinstance(cell, dict) and cell.get("face_up") and cell.get("land"):
                    key = f"{r},{c}"
                    if key in self.verifier.commitments:
                        self.verifier.check([r, c], cell["land"], salts.get(key))

    def _take_view(self, view: dict[str, Any], state_id: int) -> None:
        self.last_update = time.monotonic()
        self._view = view
        self.state_id = state_id

    def _on_update(self, conn: Connection, msg: Message) -> None:
        if self._view is None or msg["base"] != self.state_id:
            self._resync(conn, f"gap: update from {msg['base']}, holding {self.state_id}")
            return
        try:
            view = patch(self._view, msg["diff"])
        except PatchError as exc:
            self._resync(conn, f"delta did not apply ({exc})")
            return
        if not isinstance(view, dict) or view.get("state_id") != msg["state_id"]:
            self._resync(conn, "the delta gave a view with the wrong state id")
            return
        for event in msg["events"]:
            if isinstance(event, dict) and event.get("type") == "revealed":
                self.verifier.check(event.get("at"), event.get("land"), event.get("salt"))
        self._take_view(view, msg["state_id"])
        events = [e for e in msg["events"] if isinstance(e, dict)]
        self.log_entries.append({"state_id": msg["state_id"], "seat": msg["actor"],
                                 "action": msg["action"], "events": events})
        update = Update(self.seat or 0, msg["state_id"], view, events, msg["actor"],
                        msg["action"])
        if msg["ref"] is not None:
            self._answer(msg["ref"], Result(True, events=events))
        for listener in self._listeners:
            listener(update)
        self.inbox.post("update", update)

    def _answer(self, ref: int, result: Result) -> None:
        if ref in self._outstanding:  # never an answer to something we did not ask
            self._outstanding.discard(ref)
            self._answers[ref] = result

    def _resync(self, conn: Connection, why: str) -> None:
        log.info("asking for a full resync: %s", why)
        conn.send(make("resync", state_id=max(self.state_id, 0)))

    def _on_rejected(self, conn: Connection, msg: Message) -> None:
        self._answer(msg["ref"], Result(False, msg["reason"]))
        self.inbox.post("rejected", {"reason": msg["reason"], "code": msg["code"]})
        if msg["code"] == "stale_state" and msg["state_id"] > self.state_id:
            self._resync(conn, "our state is stale")

    def _on_game_end(self, conn: Connection, msg: Message) -> None:
        first = self.result is None
        self.result = {"result": msg["result"], "winner": msg["winner"]}
        self.inbox.post("game_end", dict(self.result))
        if first and not self.audited.is_set():
            timer = threading.Timer(self.audit_grace, self._check_audit_arrived)
            timer.daemon = True
            timer.start()

    def _check_audit_arrived(self) -> None:
        with self._lock:
            if self.audited.is_set() or self._audit_missing_flagged:
                return
            self._audit_missing_flagged = True
            self.verifier._fail("the game ended but the host sent no audit, so the seed, the "
                                "decks and the board cannot be checked")
            self.changed.notify_all()

    def wait_for_audit(self, timeout: float | None = None) -> bool:
        """Wait for the end-of-game audit (at most *timeout*, by default ``audit_grace``);
        a missing audit becomes a fairness warning. Returns whether it arrived."""
        if self.audited.wait(self.audit_grace if timeout is None else timeout):
            return True
        self._check_audit_arrived()
        return False

    @property
    def unfair_board(self) -> str | None:
        """Why this board was not drawn fairly, in plain words (None: it was). Not a sign of
        cheating, but the guest should know (the UI shows it in the lobby and at the table)."""
        if self.seed_mode == "fixed":
            return ("the host fixed the seed (a test seed or a saved game): the board and the "
                    "shuffles were not agreed by both computers")
        if self.seed_mode == "position":
            return ("the host set up the board from a position file: the host chose the "
                    "face-down lands")
        return None

    def _on_audit(self, conn: Connection, msg: Message) -> None:
        if self.audited.is_set():
            return  # a second audit (after a resync) changes nothing
        if self.host_commit is None:
            self.audit_problems = ["the host sent an audit without having committed to a seed"]
            self.audited.set()
            return
        self.audit_problems = fairness.audit(
            host_commit=self.host_commit, host_nonce=msg["host_nonce"], guest_nonce=self.nonce,
            seed_mode=self.seed_mode, commitments=self.verifier.commitments, salts=msg["salts"],
            record=msg["record"], final_view=self._view, seat=self.seat or 0,
            setup=self.setup_commit,
            own_deck=self.deck if self.host_plays_my_deck else None,
            own_sections=self.sections if self.host_plays_my_deck else None,
            guest_commits=self.guest_commits,
            guest_nonces=msg.get("guest_nonces") if self.guest_commits is not None else None)
        for problem in self.audit_problems:
            self.inbox.post("fairness", problem)
        self.audited.set()

    def _on_chat(self, conn: Connection, msg: Message) -> None:
        sender = msg.get("from")
        seat = sender if isinstance(sender, int) and sender != self.seat else 1 - (self.seat or 0)
        self.inbox.post("chat", {"seat": seat, "name": self.names[seat] if len(self.names) > seat
                                 else "", "text": msg["text"]})

    def _on_offer(self, conn: Connection, msg: Message) -> None:
        self.inbox.post("offer", {"kind": msg["kind"], "seat": 1 - (self.seat or 0)})

    def _on_answer(self, conn: Connection, msg: Message) -> None:
        self.inbox.post("answer", {"kind": msg["kind"], "seat": 1 - (self.seat or 0),
                                   "accept": msg["accept"]})

    # ------------------------------------------------------------------ actions
    def send_action(self, action: Action | Mapping[str, Any]) -> int | None:
        """Send an action without waiting (the UI's path); returns its ref, None if offline."""
        wire = action.to_wire() if isinstance(action, Action) else dict(action)
        with self._lock:
            conn = self._conn
            if conn is None or self._view is None:
                return None
            self._ref += 1
            ref = self._ref
            self._outstanding.add(ref)
            conn.send(make("action", state_id=self.state_id, action=wire, ref=ref))
            return ref

    def submit(self, seat: int, action: Action | Mapping[str, Any],
               timeout: float = 10.0) -> Result:
        """Send an action and wait for the host's answer (the view is updated on return)."""
        if seat != self.seat:
            return Result(False, f"this computer plays seat {self.seat}")
        ref = self.send_action(action)
        if ref is None:
            return Result(False, "paused: not connected to the host")
        deadline = time.monotonic() + timeout
        with self._lock:
            while ref not in self._answers:
                left = deadline - time.monotonic()
                if left <= 0 or self._conn is None:
                    return Result(False, "no answer from the host (connection lost)")
                self.changed.wait(left)
            return self._answers.pop(ref)

    def chat(self, text: str) -> None:
        self._send(make("chat", text=text[:500]))

    def offer_draw(self) -> None:
        self._send(make("offer", kind="draw"))

    def answer_draw(self, accept: bool) -> None:
        self._send(make("answer", kind="draw", accept=accept))

    def resign(self) -> None:
        self._send(make("resign"))

    # ------------------------------------------------------------------ Session interface
    def subscribe(self, listener: Listener) -> None:
        """Call *listener* (on the network thread) with each Update for this seat."""
        self._listeners.append(listener)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """This seat's latest view (a guest knows no other view)."""
        with self._lock:
            if self._view is None:
                raise RuntimeError("no view yet: the game has not started")
            if seat is not None and seat != self.seat:
                raise ValueError(f"a guest only has seat {self.seat}'s view")
            return self._view

    def log(self, seat: int, since: int = 0) -> list[dict[str, Any]]:
        with self._lock:
            return [e for e in self.log_entries if e.get("state_id", 0) > since]

    def legal_actions(self, seat: int) -> list[Action]:
        with self._lock:
            if self._view is None or seat != self.seat:
                return []
            return [action_from_wire(a) for a in self._view.get("legal_actions", [])]

    def acting_seat(self) -> int | None:
        with self._lock:
            if self._view is None or self.result is not None:
                return None
            acting = self._view.get("acting")
            return acting if isinstance(acting, int) else None

    @property
    def is_over(self) -> bool:
        return self.result is not None or bool(self._view and self._view.get("game_over"))

    @property
    def fairness_warnings(self) -> list[str]:
        """Every fairness problem seen so far, in plain words (empty: none). The UI shows
        these; ``join --headless`` prints them and exits with status 3."""
        with self._lock:
            consent = [self.consent_problem] if self.consent_problem else []
            return list(self.verifier.problems) + list(self.audit_problems or []) + consent

    @property
    def consent_problem(self) -> str | None:
        """Why the host's manual actions on our things need not wait for our consent, in
        plain words (None: they must). Every LAN game of a variant with the option
        ``manual_consent`` has it on; a host that turns it off could change our life, cards
        and lands by hand without asking."""
        view = self._view
        if view is None:
            return None
        try:
            known = find_variant(str(view.get("variant"))).default_options
        except ValueError:
            return None
        options = view.get("options")
        on = isinstance(options, dict) and options.get("manual_consent") is True
        if "manual_consent" in known and not on:
            return ("the host did not turn on the consent rule: the host's player can change "
                    "your life, cards and lands by hand without asking you")
        return None
