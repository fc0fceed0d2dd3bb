"""The engine's public functions: ``legal_actions``, ``apply``, and the :class:`Game` wrapper.

``apply`` never changes the state it is given: it clones it, carries the action out on the
clone and returns ``(new_state, events)``. An illegal or malformed action raises and leaves
nothing half-done. Undo is a stack of earlier states (snapshots, never inverse operations).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from frontier_desktop.rules.actions import Action, Pass, action_from_wire
from frontier_desktop.rules.errors import InvalidActionError
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants import find_variant
from frontier_desktop.rules.variants.base import Variant
from frontier_desktop.rules.core.control import update_control

Event = dict[str, Any]

HIDDEN_REVEALING_EVENTS = frozenset({"revealed", "drew", "mulligan", "dice", "land_destroyed"})
"""Event types after which undo is refused: they showed something the seat didn't know."""


def acting_seat(state: GameState) -> int | None:
    """The seat play is waiting for (None when the game is over)."""
    return find_variant(state.variant).acting_seat(state)


def legal_actions(state: GameState, seat: int | None = None) -> list[Action]:
    """Every game action *seat* (default: the acting seat) may take now.

    Manual actions (table actions for card text) are always available and not listed.
    """
    variant = find_variant(state.variant)
    if seat is None:
        seat = variant.acting_seat(state)
        if seat is None:
            return []
    return variant.legal_actions(state, seat)


def apply(state: GameState, action: Action | Mapping[str, Any],
          seat: int | None = None, *,
          variant: Variant | None = None) -> tuple[GameState, list[Event]]:
    """Apply *action* for *seat* (default: the acting seat) and return the new state and events.

    *variant* plays a variant that is not (yet) in the registry (the Conquering's first
    slice, which its tests import directly); by default it is found by ``state.variant``.

    Raises:
        InvalidActionError: the action is malformed or names something that doesn't exist.
        IllegalActionError: the action is not legal now (``reason`` says why).
    """
    if variant is None:
        variant = find_variant(state.variant)
    if not isinstance(action, Action):
        action = action_from_wire(action)
    if seat is None:
        seat = variant.acting_seat(state)
        if seat is None:
            seat = state.active
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise InvalidActionError("seat must be an integer")
    variant.check_may_act(state, seat, action)
    new = state.clone()
    events: list[Event] = []
    variant.perform(new, seat, action, events)
    update_control(new, events)  # changes of control first: the checks see who controls what
    variant.after_action(new, events)
    _control_events(variant, state, new, events)
    new.state_id += 1
    new.log.append({"state_id": new.state_id, "seat": seat, "action": action.to_wire(),
                    "turn": state.turn, "phase": state.phase, "events": events})
    return new, events


def _control_events(variant: Any, before: GameState, after: GameState,
                    events: list[Event]) -> None:
    """One ``control`` event per land whose controller changed (face-down lands stay nameless)."""
    old = variant.land_controllers(before)
    new = variant.land_controllers(after)
    for pos in sorted(set(old) | set(new), key=repr):
        if old.get(pos) == new.get(pos):
            continue
        cell = after.cells.get(pos)
        event: Event = {"type": "control", "at": after.board.pos_to_wire(pos),
                        "from": old.get(pos), "to": new.get(pos)}
        if cell is not None and cell.land is not None and cell.face_up:
            event["land"] = after.name(cell.land)
        events.append(event)


def is_legal(state: GameState, action: Action | Mapping[str, Any], seat: int | None = None) -> bool:
    """Whether :func:`apply` would accept *action* (it is tried on a clone)."""
    from frontier_desktop.rules.errors import RulesError

    try:
        apply(state, action, seat)
    except RulesError:
        return False
    return True


def reveals_hidden(events: list[Event]) -> bool:
    """Whether these events showed hidden information (then undo is not offered)."""
    return any(e.get("type") in HIDDEN_REVEALING_EVENTS for e in events)


@dataclasses.dataclass(frozen=True)
class _Step:
    """One accepted action on the undo stack: the state before it and what undo must know."""

    before: GameState
    revealed: bool
    """The action showed hidden information: undo may not go back past it."""
    seat: int
    """The seat that took the action."""
    automatic: bool
    """A pass through a step with nothing to decide (see :func:`is_automatic`)."""


def is_automatic(state: GameState, action: Action) -> bool:
    """Whether *action* on *state* only moves play through a step with nothing to decide.

    Passing out of the variant's :attr:`~Variant.automatic_steps` (untap, upkeep, draw) is not
    a decision: the table takes those passes by itself, and undo steps over them to the player's
    last real decision instead of rewinding into the draw step.
    """
    variant = find_variant(state.variant)
    return (isinstance(action, Pass) and state.pending is None and state.decision is None
            and state.phase in variant.automatic_steps)


class Game:
    """A state plus its undo stack: the object sessions hold.

    Undo (:meth:`can_undo` / :meth:`undo`) takes back the last *decision* of the seat that asks,
    with every automatic step after it. It never goes back across a turn boundary, past an
    action that revealed hidden information, past another seat's decision, or out of a finished
    game.
    """

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._undo: list[_Step] = []

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        return legal_actions(self.state, seat)

    def push(self, action: Action | Mapping[str, Any], seat: int | None = None) -> list[Event]:
        """Apply *action*; on success keep the previous state for :meth:`undo` and :meth:`pop`."""
        if not isinstance(action, Action):
            action = action_from_wire(action)
        new, events = apply(self.state, action, seat)
        actor = int(new.log[-1]["seat"])
        self._undo.append(_Step(self.state, reveals_hidden(events), actor,
                                is_automatic(self.state, action)))
        self.state = new
        return events

    def undo_depth(self, seat: int | None = None) -> int:
        """How many actions :meth:`undo` would take back for *seat* (0: undo is not offered).

        *seat* defaults to the acting seat. The count reaches down to *seat*'s last decision:
        only automatic steps may lie above it, and none of them (nor the decision) may have
        revealed hidden information or started a new turn.
        """
        if self.state.game_over:
            return 0
        if seat is None:
            seat = acting_seat(self.state)
            if seat is None:
                return 0
        for depth, step in enumerate(reversed(self._undo), start=1):
            if step.revealed or step.before.turn != self.state.turn or step.before.game_over:
                return 0
            if step.automatic:
                continue
            return depth if step.seat == seat else 0
        return 0

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether *seat* (default: the acting seat) has a decision this turn to take back."""
        return self.undo_depth(seat) > 0

    def undo_refusal(self, seat: int | None = None) -> str:
        """Why :meth:`undo` would take nothing back for *seat*, in words ('' when it would).

        Hidden information is named only when it is the reason (the seat's last decision, or
        an automatic step after it, showed something); otherwise the seat has nothing of its
        own to take back this turn.
        """
        if self.undo_depth(seat) > 0:
            return ""
        if self.state.game_over:
            return "The game is over."
        if seat is None:
            seat = acting_seat(self.state)
        for step in reversed(self._undo):
            if step.before.turn != self.state.turn or step.before.game_over:
                break
            if not step.automatic and step.seat != seat:
                break
            if step.revealed:
                return "Nothing to undo (the last action revealed hidden information)."
            if not step.automatic:
                break
        return "Nothing of yours to undo this turn."

    def undo(self, seat: int | None = None) -> int:
        """Go back to just before *seat*'s last decision; returns how many actions were undone.

        Returns 0 (and changes nothing) when :meth:`can_undo` is false.
        """
        depth = self.undo_depth(seat)
        for _ in range(depth):
            self.pop()
        return depth

    def pop(self) -> GameState:
        """Restore the state before the last action, whoever took it (no checks: see :meth:`undo`).

        Raises:
            IndexError: nothing to undo.
        """
        previous = self._undo.pop().before
        restored = previous.clone()
        restored.state_id = self.state.state_id + 1  # ids stay monotonic across undo
        self.state = restored
        return restored
