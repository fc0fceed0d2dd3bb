"""Frontier Magic's attacks, mixed into :class:`~.frontier.Frontier`: who may attack what
(a creature N/S/E/W, or the player from their home row), declaring an attack with its
banding stack and its response window, and "done attacking"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core import fx_statics
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.variants.frontier.board import (
    Occupancy, has_ability, home_row, stack_of,
)
from frontier_desktop.rules.variants.frontier.combat import resolve_attack, wire

if TYPE_CHECKING:
    from frontier_desktop.rules.core.magic import SquareMagic


class FrontierAttack:
    """Attacks in Frontier Magic."""

    if TYPE_CHECKING:  # frontier.py, frontier_spells.py, fx_timing.py
        magic: SquareMagic  # the variant's engine (base.Variant)
        def end_move_block(self, state: GameState, seat: int) -> None: ...

        def _label(self, state: GameState, perm: Permanent) -> str: ...

        def _main_phase_check(self, state: GameState, seat: int, action: A.Action) -> None: ...

        def _unit(self, state: GameState, action: A.Action, unit_id: str,
                  seat: int) -> Permanent: ...

    def attack_problem(self, state: GameState, seat: int, perm: Permanent, target: Any,
                       occ: Occupancy) -> str | None:
        """Why *perm* may not attack *target* now (None when it may)."""
        return self.band_attack_problem(state, perm, occ) or \
            self.attack_target_problem(state, seat, perm, target, occ)

    def band_attack_problem(self, state: GameState, perm: Permanent,
                            occ: Occupancy) -> str | None:
        """Why *perm* (with its banding stack) may not attack anything now (None: it may
        attack a target :meth:`attack_target_problem` accepts)."""
        if perm.zone != "board":
            return f"{self._label(state, perm)} is not on the board"
        band = stack_of(state, perm, occ)
        for m in band:
            if m.tapped:
                return f"{self._label(state, m)} is tapped"
            if m.sick:
                return f"{self._label(state, m)} is summoning sick"
            if m.attacked:
                return f"{self._label(state, m)} has already attacked this turn"
            if has_ability(state, m, "defender") and not fx_statics.ignores_defender(state, m):
                return f"{self._label(state, m)} has defender"
            restriction = fx_statics.attack_restriction(state, m, len(band))  # "can't attack"
            if restriction:
                return restriction
            locked = self.magic.timing_attack_problem(state, m)  # fx_timing.py
            if locked:
                return locked
        return None

    def attack_target_problem(self, state: GameState, seat: int, perm: Permanent, target: Any,
                              occ: Occupancy) -> str | None:
        """Why *target* is no square (or player) *perm*, on the board, may attack from where it
        stands (None: it may, if :meth:`band_attack_problem` allows an attack at all)."""
        opponent = state.opponent(seat)
        if target == "player":
            if perm.at is None or perm.at[0] != home_row(state, opponent):
                return "attack the player from the row nearest them (their home row)"
            return None
        if not state.board.contains(target):
            return "that square is not on the board"
        if target not in state.board.neighbours(perm.at):
            return "attacks go to a creature directly N/S/E/W"
        if not any(state.perms[i].controller != seat for i in occ.get(target, ())):
            return "there is no enemy creature there"
        return None

    def _do_attack(self, state: GameState, seat: int, action: A.Attack,
                   events: list[Event]) -> None:
        perm = self._unit(state, action, action.unit, seat)
        self._main_phase_check(state, seat, action)
        if state.pending is not None:
            raise IllegalActionError(action, "an attack is already waiting to resolve")
        if state.attacks_closed:
            raise IllegalActionError(action, "your attacks are over for this turn (you said "
                                             "done attacking)")
        occ = state.occupants()
        problem = self.attack_problem(state, seat, perm, action.target, occ)
        if problem:
            raise IllegalActionError(action, problem)
        self.end_move_block(state, seat)
        state.attacking = True
        members = stack_of(state, perm, occ)
        for m in members:
            m.attacked = True
            if not has_ability(state, m, "vigilance"):
                m.tapped, m.attack_tapped = True, True
        ids = [m.id for m in members]
        target_wire = "player" if action.target == "player" else wire(state, action.target)
        defenders = [] if action.target == "player" else [
            i for i in occ.get(action.target, ()) if state.perms[i].controller != seat]
        attack: Event = {"type": "attack", "unit": perm.id, "units": ids, "band": ids,
                         "defenders": defenders, "target": target_wire}
        events.append(attack)
        window = {"kind": "attack", "seat": seat, "responder": state.opponent(seat),
                  "units": ids, "target": target_wire, "action": action.to_wire()}
        if state.players[state.opponent(seat)].responses:
            state.pending = window
            events.append({"type": "pending", "action": action.to_wire(), "seat": seat})
        # "Whenever … attacks / blocks": on the stack before the damage (spell_triggers.py).
        self.magic.fire_combat_triggers(state, attack, events)
        if state.pending is not None and state.pending.get("kind") == "priority" and \
                state.pending.get("outer") is None:
            # The attack resolves once the stack is empty (frontier_spells.continue_stack).
            state.pending["outer"] = {**window, "after_triggers": True}
        if state.pending is None and (state.stack or state.decision is not None):
            # A trigger waits for its targets or a choice (pay or not): the attack resolves
            # once that is answered and the stack is empty (frontier_spells.continue_stack).
            state.pending = {**window, "after_triggers": True}
        if state.pending is not None:
            return
        resolve_attack(state, seat, ids, action.target, events)

    def _do_done_attacking(self, state: GameState, seat: int, action: A.DoneAttacking,
                           events: list[Event]) -> None:
        if not state.attacking:
            raise IllegalActionError(action, "no attack has been declared")
        problem = fx_statics.must_attack_problem(self, state, seat)  # "attacks each combat"
        if problem:
            raise IllegalActionError(action, problem)
        state.attacking = False
        state.attacks_closed = True  # as with moving: no more attacks this turn
        events.append({"type": "done_attacking", "player": seat})
