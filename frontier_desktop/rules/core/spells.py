"""The effects engine's stack and priority: :class:`SpellActions`, mixed into every variant.

Spells and (non-mana) activated abilities go on :attr:`GameState.stack` (bottom first). After
each addition the other player gets priority only when they have a response window: they asked
for responses (``set_responses``) *and* hold a card or control an ability they could play now.
Otherwise the top resolves at once, so hot-seat play stays quick. A window is
``state.pending = {"kind": "priority", "seat": N, "responder": N, "outer": …}`` (``outer`` is a
move or attack window it interrupted, restored when the stack is empty); it is answered by a
``cast``/``activate`` (a response: it goes on top) or ``pass`` (the top resolves).

On resolution each effect runs with the targets that are still legal; when every target is
illegal the spell fizzles. A clause the engine can't carry out is named in a ``by_hand`` event
for the players to do with manual actions (the fallback).

:class:`SpellActions` holds the stack and its resolution. It stands on a chain of mixins,
one concern each, each the base of the next: :class:`~.spell_targets.TargetActions`
(targets) ← :class:`~.spell_paying.PayingActions` ("Activate only …", paying, "counter it
unless its controller pays {N}") ← :class:`~.spell_executors.ExecutorActions` (running effects
and the executors) ← :class:`~.spell_triggers.TriggerActions` (triggered abilities). Card
readings: :mod:`.spell_reading`; the battlefield's static queries and prevention:
:mod:`.spell_grants`; the resolving spell's context: :mod:`.spell_context`.
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.effects.engine_support import pay_pattern
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.spell_reading import (
    enters_tapped, item_effects, spell_effects, triggered_abilities,
)
from frontier_desktop.rules.core.spell_triggers import TriggerActions



class SpellActions(TriggerActions):
    """The stack and priority, on the targets, paying, executors and triggers of its bases;
    mixed into every variant (the variants' differences: :class:`EngineHooks`; the targets
    of triggered abilities: :class:`TriggerTargets`; statics:
    :class:`fx_statics.StaticsActions`)."""

    def resolve_timed(self, state: GameState, item: dict[str, Any],
                      events: list[Event]) -> None:
        """Cumulative upkeep (fx_timing.TimingActions)."""

    # ------------------------------------------------------------------ the stack
    def push(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None:
        """Put *item* on the stack, then give priority or resolve (see the module docstring)."""
        item = dict(item)
        item["id"] = state.new_id("s")
        if self.needs_targets(state, item):
            item["awaiting"] = True  # its controller is asked first (trigger_targets.py)
        origins = self.variant.trigger_origins(state, item) \
            if item.get("kind") == "trigger" and item.get("origin") is None else None
        if origins is not None and len(origins) == 1:
            item["origin"] = origins[0]  # one place it may affect: no question
        elif origins is not None:
            item["awaiting_origin"] = list(origins)  # asked first too (trigger_targets.py)
        state.stack = state.stack + [item]
        events.append({"type": "stacked", "id": item["id"], "card": item["card"],
                       "controller": item["controller"], "targets": list(item["targets"]),
                       "kind": item["kind"]})
        self.continue_stack(state, events)

    def continue_stack(self, state: GameState, events: list[Event]) -> None:
        """Resolve the top while nobody has a response window; stop at a window or a choice
        (the targets of a triggered ability just put on the stack are asked first)."""
        if state.stack and self.ask_trigger_targets(state, events):
            return
        while state.stack and state.decision is None and not state.game_over:
            top = state.stack[-1]
            other = self.next_responder(state, int(top["controller"]))
            if other is not None:
                outer = state.pending
                if outer is not None and outer.get("kind") == "priority":
                    outer = outer.get("outer")
                state.pending = {"kind": "priority", "seat": other, "responder": other,
                                 "stack": top["id"], "outer": outer}
                events.append({"type": "priority", "player": other, "stack": top["id"]})
                return
            self.resolve_top(state, events)
        if not state.stack and state.pending is not None and \
                state.pending.get("kind") == "priority":
            state.pending = state.pending.get("outer")
        if not state.stack and state.decision is None:
            self.variant.stack_emptied(state, events)

    def has_window(self, state: GameState, seat: int) -> bool:
        """Whether *seat* asked for responses and could play something now."""
        player = state.players[seat]
        if not self.variant.wants_responses(state, seat) or player.lost:
            return False
        for action in self.variant.instant_choices(state, seat):
            if isinstance(action, A.Cast):
                return True
            if isinstance(action, A.Activate) and not action.mana:
                card = state.card(action.unit)
                if not card.activated[action.ability].is_mana_ability:
                    return True
        return False

    def next_responder(self, state: GameState, controller: int,
                       after: int | None = None) -> int | None:
        """The next player with a response window to *controller*'s spell or ability on top
        of the stack: clockwise after *controller* (after *after* when given), one who asked
        for responses and could play something (None: nobody; with two players, the
        opponent or nobody)."""
        seats = state.opponents(controller)
        if after is not None:
            seats = seats[seats.index(after) + 1:] if after in seats else []
        return next((s for s in seats if self.has_window(state, s)), None)

    def pass_priority(self, state: GameState, events: list[Event]) -> None:
        """The player with priority passes: the next player clockwise with a window gets
        it (N seats), else the top of the stack resolves, and play goes on."""
        pending = state.pending
        assert pending is not None and pending["kind"] == "priority"
        top = next((i for i in state.stack if i["id"] == pending.get("stack")), None)
        if top is not None and top is state.stack[-1]:
            nxt = self.next_responder(state, int(top["controller"]), int(pending["seat"]))
            if nxt is not None:
                state.pending = {**pending, "seat": nxt, "responder": nxt}
                events.append({"type": "priority", "player": nxt, "stack": top["id"]})
                return
        state.pending = pending.get("outer")
        if state.stack:
            self.resolve_top(state, events)
        self.continue_stack(state, events)

    def resolve_top(self, state: GameState, events: list[Event]) -> None:
        item = state.stack[-1]
        state.stack = state.stack[:-1]
        if item["kind"] == "spell":
            self.resolve_spell(state, item, events)
        elif item["kind"] in ("ability", "trigger"):
            self.resolve_ability(state, item, events)
        else:
            self.variant.resolve_other(state, item, events)
        self.variant.state_checks(state, events)

    # ------------------------------------------------------------------ resolution
    def resolve_spell(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None:
        obj = str(item["obj"])
        seat = int(item["controller"])
        card = state.card(obj)
        if card.is_instant or card.is_sorcery:
            effects = spell_effects(card, tuple(item.get("mode", (0,))))
            self.run_effects(state, item, effects, "spell", None, events)
            owner = state.owner(obj)
            state.players[owner].graveyard.append(obj)
            return
        if card.is_aura:
            target = item.get("attach")
            if target is None or target not in state.perms and not self._land_id_on_board(
                    state, str(target)):
                state.players[state.owner(obj)].graveyard.append(obj)
                events.append({"type": "fizzled", "id": item["id"], "card": card.name,
                               "player": seat, "reason": "its permanent is gone"})
                return
            state.perms[obj] = Permanent(obj, seat, "attached", attached_to=str(target))
            events.append({"type": "resolved", "id": item["id"], "card": card.name,
                           "player": seat, "attached_to": target, "unit": obj,
                           "to": "attached"})  # "when … enters the battlefield" triggers
            return
        sick = card.is_creature and not card.has("haste")
        where = self.variant.put_onto_battlefield(state, obj, seat, events, sick=sick,
                                          tapped=enters_tapped(card))
        if obj not in state.perms:  # the variant had no room for it (the War Game)
            events.append({"type": "resolved", "id": item["id"], "card": card.name,
                           "player": seat, "to": None})
            return
        events.append({"type": "resolved", "id": item["id"], "card": card.name, "player": seat,
                       "to": where, "unit": obj})

    @staticmethod
    def _land_id_on_board(state: GameState, land_id: str) -> bool:
        return any(cell.land == land_id for cell in state.cells.values())

    def resolve_ability(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None:
        source = str(item["source"])
        card = state.defs[str(item["card"])]
        if item.get("timed"):
            self.resolve_timed(state, item, events)  # fx_timing.py: cumulative upkeep
            return
        effects = item_effects(card, item)
        if item["kind"] == "trigger":
            found = triggered_abilities(card)
            trigger = found[int(item["ability"])].trigger if 0 <= int(item["ability"]) < len(
                found) else None
            paying = pay_pattern(effects or ())
            if paying is not None and trigger is not None:
                self._ask_trigger_payment(state, item, paying[0], events)
                return
            self.run_effects(state, item, effects or (), "triggered", source, events, trigger)
        else:
            self.run_effects(state, item, effects or (), "activated", source, events)
