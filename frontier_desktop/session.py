"""Sessions: the one door through which the table, the LAN host and tests submit actions.

``LocalSession`` holds every seat in one process (hot-seat for two to four, goldfish, tests). The LAN issue
adds ``HostSession``/``GuestSession`` behind the same interface, so every caller uses one code
path: ``submit(seat, action)`` and ``view(seat)`` / ``poll(seat)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from frontier_desktop.rules import Action, Game, GameState, RulesError, acting_seat, legal_actions
from frontier_desktop.rules.views import describe, log_view, redact_event

Listener = Callable[["Update"], None]


@dataclass(frozen=True)
class Update:
    """What one seat learns after an accepted action: its view and the redacted events."""

    seat: int
    state_id: int
    view: dict[str, Any]
    events: list[dict[str, Any]]
    actor: int
    action: dict[str, Any]


@dataclass
class Result:
    """The answer to a submission: accepted, or refused with the rules engine's reason."""

    ok: bool
    reason: str = ""
    events: list[dict[str, Any]] = field(default_factory=list)


class Session:
    """Interface shared by local and networked sessions."""

    def submit(self, seat: int, action: Action | Mapping[str, Any]) -> Result:
        raise NotImplementedError

    def view(self, seat: int) -> dict[str, Any]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def acting_seat(self) -> int | None:
        raise NotImplementedError


class LocalSession(Session):
    """Every seat in one process (two to four); a record of every accepted action is kept
    for saving. Each accepted action gives every seat its own :class:`Update`."""

    def __init__(self, state: GameState, *, record_header: dict[str, Any] | None = None) -> None:
        self.game = Game(state)
        self.record_header = record_header
        self.actions: list[dict[str, Any]] = []
        """Accepted actions as ``{"seat": n, "action": {...}}`` (the game record's lines)."""
        self._listeners: list[Listener] = []

    @property
    def state(self) -> GameState:
        return self.game.state

    def subscribe(self, listener: Listener) -> None:
        """Call *listener* with each seat's :class:`Update` after every accepted action."""
        self._listeners.append(listener)

    def submit(self, seat: int, action: Action | Mapping[str, Any]) -> Result:
        try:
            events = self.game.push(action, seat)
        except RulesError as exc:
            return Result(False, str(exc))
        wire = self.game.state.log[-1]["action"]
        self.actions.append({"seat": seat, "action": wire})
        if self._listeners:
            for viewer in range(len(self.state.players)):
                update = Update(viewer, self.state.state_id, self.view(viewer),
                                [redact_event(e, viewer) for e in events], seat, wire)
                for listener in self._listeners:
                    listener(update)
        return Result(True, events=events)

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether *seat* (default: the acting seat) may take back its last decision.

        Never across a turn boundary, past hidden information that was revealed, past the
        other seat's decision, or once the game is over (see :meth:`Game.undo_depth`).
        """
        return self.game.can_undo(seat)

    def undo_refusal(self, seat: int | None = None) -> str:
        """Why *seat* may not undo now, in words ('' when it may)."""
        return self.game.undo_refusal(seat)

    def undo(self, seat: int | None = None) -> bool:
        """Go back to just before *seat*'s last decision (automatic steps after it go too)."""
        depth = self.game.undo(seat)
        if depth:
            del self.actions[max(0, len(self.actions) - depth):]
        return depth > 0

    def view(self, seat: int) -> dict[str, Any]:
        return describe(self.state, viewer=seat)

    def log(self, seat: int, since: int = 0) -> list[dict[str, Any]]:
        return log_view(self.state, seat, since=since)

    def legal_actions(self, seat: int) -> list[Action]:
        return legal_actions(self.state, seat)

    def acting_seat(self) -> int | None:
        return acting_seat(self.state)
