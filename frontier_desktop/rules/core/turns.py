"""One turn machine for every variant: a phase list, per-step hooks, and the next seat.

:class:`TurnMachine` is a part of the effects engine (:class:`~.magic.Magic`); it reads the
turn from the variant (``engine.variant``, a :class:`~.engine_hooks.VariantHooks`), which
declares:

- :attr:`~.base.Variant.phases`: its steps in order (the spec's names,
  ``shared/spec/variant-positions.md`` "Phases"); the **last** one is the end step, where the
  active player discards down to the hand size before passing ends the turn;
- :attr:`turn_based_steps`: steps nobody stops in, carried out by the pass that leaves the
  step before them (no ``phase`` event; by default ``untap``);
- per-step entry hooks: a method ``on_<step>(state, events)`` runs when play enters the step,
  after its ``phase`` event (the defaults here: ``on_untap`` untaps, ``on_upkeep`` and
  ``on_end`` run the delayed effects waiting for them, ``on_draw`` draws :attr:`draw_count`);
- :attr:`draw_count`, :attr:`~.base.Variant.hand_size` (the ``hand_size`` option wins),
  :attr:`pools_empty` (between steps, at the end of the turn, or never),
  :attr:`damage_wears_off` (at the end of the turn), :attr:`discard_one_at_a_time` and
  :attr:`discard_is_decision` (the end step's discard shown as a pending decision);
- :meth:`end_of_turn`: the variant's own cleanup (after damage and "until end of turn" wear
  off and pools empty, before the next seat is chosen; it may end the game);
- :meth:`next_seat`: an extra turn queued by fx_timing, else the next seat clockwise
  (increasing, wrapping) that is not out of the game.

The variant's ``_do_pass`` keeps what is its own (decisions, response windows, the stack)
and calls ``self.magic.pass_step`` when the active player passes with nothing waiting.

The War Game (issue 15, ``shared/rules/wargame.md``) fits with a phase list and hooks
alone, e.g.::

    class WarGame(WarGameSpells, Variant):
        phases = ("untap", "draw", "supply", "heal", "movement", "combat", "casting",
                  "discard")                   # the last step is the end step
        automatic_steps = ("untap", "draw")    # the table passes them (engine.is_automatic)
        hand_size = 8
        pools_empty = "never"                  # unspent supply carries over
        damage_wears_off = False               # damage stays until healed

        def on_supply(self, state, events):    # after the supply step's "phase" event
            ...  # roll a d6 into the pool, unless the stronghold is lost
        def on_heal(self, state, events):
            ...  # upkeep and healing paid with supply (or a "heal" decision)
        def on_discard(self, state, events):
            self.run_delayed(state, "next_end_step", events)
        def end_of_turn(self, state, events):
            ...  # a player alone in an opposing stronghold takes control of it
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.control import end_of_turn as control_ends
from frontier_desktop.rules.core.spell_reading import stays_tapped
from frontier_desktop.rules.core.shared import draw_cards, hand_size_problem, wire

if TYPE_CHECKING:
    from frontier_desktop.rules.core.engine_hooks import VariantHooks

Hook = Callable[[GameState, list[Event]], None]


def clockwise_seat(state: GameState, seat: int) -> int:
    """The next seat after *seat* clockwise (increasing, wrapping) still in the game; *seat*
    itself when nobody else is."""
    n = len(state.players)
    for k in range(1, n):
        other = (seat + k) % n
        if not state.players[other].lost:
            return other
    return seat


class TurnMachine:
    """The turn structure: walk the variant's :attr:`~.engine_hooks.VariantHooks.phases` on
    passes, clean up, hand the turn on (a part of the effects engine)."""

    if TYPE_CHECKING:  # the engine (Magic) and its other parts (fx_timing, decisions)
        variant: VariantHooks

        def run_delayed(self, state: GameState, when: str, events: list[Event]) -> None: ...
        def phase_untap(self, state: GameState, events: list[Event]) -> None: ...
        def skips_untap(self, state: GameState, perm: Permanent) -> bool: ...
        def queued_extra_turn(self, state: GameState) -> int | None: ...
        def _turn_starts(self, state: GameState, active: int) -> None: ...
        def _hand_card(self, state: GameState, seat: int, action: A.Action, ref: str) -> str: ...
        def _discard_chosen(self, state: GameState, seat: int, action: A.Discard,
                            events: list[Event]) -> None: ...

    # ------------------------------------------------------------------ walking the steps
    def start_turn(self, state: GameState, events: list[Event], step: str | None = None) -> None:
        """Turn ``state.turn`` of ``state.active`` begins (a ``turn`` event) at *step*
        (default the first phase)."""
        events.append({"type": "turn", "turn": state.turn, "active": state.active})
        self.enter_step(state, step or self.variant.phases[0], events)

    def pass_step(self, state: GameState, seat: int, action: A.Action,
                  events: list[Event]) -> None:
        """The active player passes with nothing waiting: on to the next step, or from the
        end step (hand size kept) to the next turn."""
        phase = state.phase
        if phase == self.variant.phases[-1]:
            problem = hand_size_problem(state, seat, self.variant.hand_size)
            if problem:
                raise IllegalActionError(action, problem)
            self.end_turn(state, events)
            return
        if phase not in self.variant.phases:
            raise IllegalActionError(action, f"unknown phase {phase!r}")
        if self.variant.pools_empty == "step":
            self.variant.empty_pools(state)
        if phase in self.variant.turn_based_steps:  # a position saved in it
            self._hook(phase)(state, events)
        self.enter_step(state, self.variant.phases[self.variant.phases.index(phase) + 1], events)

    def enter_step(self, state: GameState, phase: str, events: list[Event]) -> None:
        """Enter *phase*: carry out the turn-based steps from it on, then stop in the first
        other one (its ``phase`` event, then its ``on_<step>`` hook)."""
        while phase in self.variant.turn_based_steps:
            state.phase = phase
            self._hook(phase)(state, events)
            phase = self.variant.phases[self.variant.phases.index(phase) + 1]
        state.phase = phase
        events.append({"type": "phase", "phase": phase, "active": state.active,
                       "turn": state.turn})
        self._hook(phase)(state, events)

    def _hook(self, phase: str) -> Hook:
        hook: Hook | None = getattr(self.variant, "on_" + phase, None)
        return hook if hook is not None else _nothing

    # ------------------------------------------------------------------ the default hooks
    def on_untap(self, state: GameState, events: list[Event]) -> None:
        """The active player's permanents untap (phasing first; "doesn't untap" holds), and
        the lands they tapped."""
        seat = state.active
        self.phase_untap(state, events)  # fx_timing.py: phasing, before anything untaps
        for perm in state.perms.values():
            if perm.controller == seat:
                held = self.skips_untap(state, perm)  # fx_timing.py
                if not stays_tapped(state.card(perm.id)) and not held:  # spell_reading.py
                    perm.tapped = False
                perm.sick = perm.moved = perm.attacked = False
        untapped = []
        for pos, cell in state.cells.items():
            if cell.tapped_by == seat and not self.land_stays_tapped(state, pos):
                cell.tapped_by = None
                untapped.append(wire(state, pos))
        events.append({"type": "untap", "player": seat, "lands": untapped})

    def land_stays_tapped(self, state: GameState, pos: Pos) -> bool:
        """Whether the land at *pos* stays tapped in its tapper's untap step (fx_mana's
        depletion and storage lands answer; here: never)."""
        return False

    def on_upkeep(self, state: GameState, events: list[Event]) -> None:
        self.run_delayed(state, "next_upkeep", events)  # fx_timing.py

    def on_draw(self, state: GameState, events: list[Event]) -> None:
        """The draw step's draw, skipped once by a player who starts the game."""
        player = state.players[state.active]
        if player.skip_draw:
            player.skip_draw = False
            events.append({"type": "skip_draw", "player": state.active})
        else:
            draw_cards(state, state.active, self.variant.draw_count, events)

    def on_end(self, state: GameState, events: list[Event]) -> None:
        self.run_delayed(state, "next_end_step", events)  # fx_timing.py

    # ------------------------------------------------------------------ the end of a turn
    def end_turn(self, state: GameState, events: list[Event]) -> None:
        """Cleanup (damage and "until end of turn" wear off, pools empty, the variant's
        :meth:`end_of_turn`), then the next seat's turn (as :attr:`damage_wears_off` and
        :attr:`pools_empty` say)."""
        for perm in state.perms.values():
            if self.variant.damage_wears_off:
                perm.damage = 0
            perm.deathtouched = False
            perm.pt_mod = (0, 0)
            perm.attack_tapped = False
            perm.regen_shield = 0
            perm.granted = ()
            perm.prevent = 0
            perm.activations = {}
        for player in state.players:
            player.prevent = 0
        control_ends(state, events)  # "gain control … until end of turn" (core/control.py)
        if self.variant.pools_empty != "never":
            self.variant.empty_pools(state)
        self.variant.end_of_turn(state, events)
        if state.game_over:
            return
        state.active = self.next_seat(state)
        state.turn += 1
        self.start_turn(state, events)

    def next_seat(self, state: GameState) -> int:
        """Who takes the next turn: the last extra turn set up (fx_timing), else the next
        seat clockwise still in the game."""
        seat = self.queued_extra_turn(state)
        if seat is None:
            seat = clockwise_seat(state, state.active)
        self._turn_starts(state, seat)  # fx_timing.py: "its controller's next turn" locks
        return seat

    # ------------------------------------------------------------------ the hand size
    def end_step_discard(self, state: GameState) -> int:
        """How many cards the active player must discard before leaving the end step (0:
        none, or not shown as a decision); ``pending`` shows it as a ``discard`` decision
        (spec/variant-positions.md)."""
        if not self.variant.discard_is_decision or state.phase != self.variant.phases[-1] \
                or state.game_over \
                or state.decision is not None or state.pending is not None:
            return 0
        return max(0, len(state.players[state.active].hand) - self._hand_limit(state))

    def _hand_limit(self, state: GameState) -> int:
        return int(state.options.get("hand_size", self.variant.hand_size))

    def _do_discard(self, state: GameState, seat: int, action: A.Discard,
                    events: list[Event]) -> None:
        """Discard at the end step down to the hand size, or answer a ``discard`` decision."""
        if state.decision is not None and state.decision["kind"] == "discard":
            self._discard_chosen(state, seat, action, events)  # engine_hooks.py
            return
        limit = self._hand_limit(state)
        player = state.players[seat]
        if state.phase != self.variant.phases[-1] or seat != state.active \
                or len(player.hand) <= limit:
            raise IllegalActionError(action, f"you discard only at end of turn, down to {limit}")
        if self.variant.discard_one_at_a_time and (action.card is None or action.cards):
            raise IllegalActionError(action, "at end of turn discard one card at a time ('card')")
        refs = list(action.cards) or ([action.card] if action.card is not None else [])
        if not refs:
            raise IllegalActionError(action, "name the card to discard")
        excess = len(player.hand) - limit
        if len(refs) > excess:
            raise IllegalActionError(action, f"discard at most {excess} card"
                                     f"{'s' if excess != 1 else ''}: down to {limit}")
        for ref in refs:
            card_id = self._hand_card(state, seat, action, ref)
            player.hand.remove(card_id)
            player.graveyard.append(card_id)
            events.append({"type": "discarded", "player": seat, "card": state.name(card_id),
                           "id": card_id})


def _nothing(state: GameState, events: list[Event]) -> None:
    """The hook of a step with nothing to carry out on entering it."""


__all__ = ["TurnMachine", "clockwise_seat"]
