"""Play on the host: an action checked (the seat from the connection, game over, the state
id, the protocol's bounds, then the rules engine) and fanned out to every seat in its own
view, a guest's resync, the end of the game with its audit, resigning and draws, and the
:class:`~frontier_desktop.session.Session` interface."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from frontier_desktop.net import fairness
from frontier_desktop.net.delta import diff
from frontier_desktop.net.framing import Connection
from frontier_desktop.net.host_base import HostBase
from frontier_desktop.net.protocol import ErrorCode, Message, ProtocolError, check_action, make
from frontier_desktop.rules import Action, IllegalActionError, RulesError, apply
from frontier_desktop.rules.actions import Concede, action_from_wire
from frontier_desktop.rules.engine import acting_seat as rules_acting_seat
from frontier_desktop.rules.engine import legal_actions as rules_legal_actions
from frontier_desktop.rules.views import describe, log_view, redact_event
from frontier_desktop.session import Listener, Result, Update

log = logging.getLogger("frontier_desktop.net.host")
"""The host's log lines keep the name they had before the host was split in modules."""

SYNC_LOG_LIMIT = 200
"""Log entries sent with a full resync (the most recent ones)."""


class HostPlay(HostBase):
    """The host's play (see the module docstring)."""

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
