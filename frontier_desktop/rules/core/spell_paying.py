"""Activating and paying: "Activate only …", an activation's bookkeeping, what can be paid.

:class:`PayingActions` (a base of ``SpellActions``) checks an ability's "Activate only as a
sorcery / during your turn / during your upkeep / once each turn" (``activation_problem``),
records a paid activation (tapping, the count for this turn, a regeneration shield, the mana
it made, what is left to the players), says whether a player can pay a cost now (from the
pool or by tapping lands, ``can_pay_cost``), and carries out "counter it unless its
controller pays {N}": the ``choice`` for that player (``ask_to_pay``), its answer
(``answer_pay_choice``, shared by every variant that asks it, each paying its own way through
``pay_choice_cost``) and the countering (``counter_item``).
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.core import equipment, planeswalkers
from frontier_desktop.rules.effects.nodes import Effect
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.mana import add_mana, format_pool
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.spell_context import _Context
from frontier_desktop.rules.core.spell_reading import ability_effects, by_hand_text, executed
from frontier_desktop.rules.core.spell_targets import TargetActions


class PayingActions(TargetActions):
    """Activation limits, activation bookkeeping and paying; a base of ``SpellActions``."""

    # provided by TriggerActions (spell_triggers.py) and TimingActions (fx_timing.py)
    def trigger_paid(self, state: GameState, item: dict[str, Any],
                     events: list[Event]) -> None:  # pragma: no cover
        raise NotImplementedError

    def timing_answer(self, state: GameState, decision: dict[str, Any], paid: bool,
                      events: list[Event]) -> None:  # pragma: no cover
        raise NotImplementedError

    def activation_problem(self, state: GameState, seat: int, perm: Permanent,
                           index: int) -> str | None:
        """Why ability *index* of *perm* can't be activated now by its "Activate only …"
        (None: it can); loyalty abilities and "Equip" only as a sorcery, one loyalty
        ability a turn (rules/core)."""
        from frontier_desktop.rules.effects.nodes import Restriction

        mains = self.variant.main_phases
        core = planeswalkers.activation_problem(state, seat, perm, index, mains) \
            or equipment.activation_problem(state, seat, perm, index, mains)
        if core:
            return core
        card = state.card(perm.id)
        effects = ability_effects(card, index)
        whens = [w for e in effects or () if isinstance(e, Restriction) for w in e.when.split("+")]
        for when in whens:  # "upkeep+once_each_turn": both (fx_timing)
            effect = Restriction(when)
            limit = _TIMES.get(effect.when)
            if limit is not None and perm.activations.get(str(index), 0) >= limit:
                return (f"{card.name}'s ability can be activated only "
                        f"{effect.when.replace('_', ' ')}")
            if effect.when == "sorcery" and (seat != state.active
                                             or state.phase not in self.variant.main_phases
                                             or state.stack or state.pending is not None):
                return f"{card.name}'s ability can be activated only as a sorcery"
            if effect.when == "your_turn" and seat != state.active:
                return f"{card.name}'s ability can be activated only during your turn"
            if effect.when == "upkeep" and (seat != state.active or state.phase != "upkeep"):
                return f"{card.name}'s ability can be activated only during your upkeep"
        return None

    def record_activation(self, state: GameState, seat: int, perm: Permanent, card: Card,
                          ability: Any, index: int, made: str | None,
                          effects: tuple[Effect, ...] | None, reach: str) -> Event:
        """The paid activation's bookkeeping (Army, the Conquering): tap, count it, a
        regeneration shield, the mana it made; the ``activated`` event with what is left to
        the players (*reach*: where its text reaches, in words)."""
        if ability.taps:
            perm.tapped = True
        perm.activations = {**perm.activations, str(index):
                            perm.activations.get(str(index), 0) + 1}
        if ability.is_regeneration:
            perm.regen_shield += 1
        event: Event = {"type": "activated", "unit": perm.id, "name": card.name,
                        "cost": ability.cost, "effect": ability.effect,
                        "modelled": ability.is_regeneration or made is not None}
        player = state.players[seat]
        if made is not None:
            add_mana(player.pool, made)
            event.update({"player": seat, "mana": made, "pool": format_pool(player.pool)})
        elif effects is not None:
            manual = [e for e in effects if not executed(e, "activated")]
            event["modelled"] = not manual
            if manual:
                event["note"] = "carry out by hand (manual actions): " + "; ".join(
                    by_hand_text(e, card.name) for e in manual)
        elif not ability.is_regeneration:
            event["note"] = f"carry out its text with manual actions (its reach: {reach})"
        return event

    def can_pay_cost(self, state: GameState, seat: int, cost: str) -> bool:
        """Whether *seat* can pay *cost* now: from the pool, or by tapping lands and using mana
        abilities (the variant's :meth:`mana_sources`, ``shared.plan_payment``)."""
        from frontier_desktop.rules.core.shared import ability_payers, plan_payment
        from frontier_desktop.rules.mana import pay

        player = state.players[seat]
        if pay(player.pool, cost) is not None:
            return True
        return plan_payment(player.pool, player.life, cost, self.variant.mana_sources(state, seat),
                            ability_payers(state, seat)) is not None

    def ask_to_pay(self, ctx: _Context, stack_id: str, amount: int, events: list[Event]) -> None:
        """"Counter it unless its controller pays {N}": a ``choice`` for that player (the
        stack waits for the answer); countered at once when they can't pay at all."""
        state = ctx.state
        item = next((i for i in state.stack if i["id"] == stack_id), None)
        if item is None:
            return
        payer = int(item["controller"])
        if amount <= 0:
            return
        if not self.variant.can_pay_generic(state, payer, amount):
            self.counter_item(state, stack_id, ctx.name, events)
            return
        state.decision = {"kind": "choice", "player": payer, "amount": amount,
                          "stack": stack_id, "card": item["card"], "by": ctx.name,
                          "options": ["pay", "decline"]}
        events.append({"type": "choose", "player": payer, "kind": "pay",
                       "amount": amount, "card": item["card"], "by": ctx.name})

    def counter_item(self, state: GameState, stack_id: str, by: str,
                     events: list[Event]) -> None:
        item = next((i for i in state.stack if i["id"] == stack_id), None)
        if item is None:
            return
        state.stack = [i for i in state.stack if i["id"] != stack_id]
        if item["kind"] == "spell":
            obj = str(item["obj"])
            state.players[state.owner(obj)].graveyard.append(obj)
        events.append({"type": "countered", "id": stack_id, "card": item["card"],
                       "player": item["controller"], "by": by})

    def answer_pay_choice(self, state: GameState, seat: int, action: A.Choose,
                          events: list[Event]) -> None:
        """Answer a pay-or-decline ``choice``: "counter it unless its controller pays {N}"
        (declined: countered), "you may pay {N}. If you do, …" (``_trigger``: paid, its
        effects happen) or cumulative upkeep (``_timing``: declined, fx_timing sacrifices);
        then play goes on. The variant pays ``cost`` (or ``{N}``) its own way
        (:meth:`pay_choice_cost`).

        Raises:
            IllegalActionError: an answer other than pay or decline, or a cost *seat* can't
                pay.
        """
        decision = state.decision
        assert decision is not None and decision["kind"] == "choice"  # check_may_act
        if action.choice not in ("pay", "decline", True, False):
            raise IllegalActionError(action, "choose pay or decline")
        trigger = decision.get("_trigger")  # "you may pay {N}. If you do, …"
        upkeep = decision.get("_timing")  # pay or sacrifice (fx_timing.py)
        amount = int(decision["amount"])
        if action.choice in ("pay", True):
            cost = str(decision.get("cost") or "{%d}" % amount)
            self.variant.pay_choice_cost(state, seat, action, cost, events)
            events.append({"type": "paid", "player": seat, "amount": amount, "cost": cost,
                           "card": decision["card"]})
            if trigger is not None:
                state.decision = None
                self.trigger_paid(state, dict(trigger), events)
        elif upkeep is not None:
            state.decision = None
            self.timing_answer(state, decision, False, events)
        elif trigger is None:
            self.counter_item(state, str(decision["stack"]), str(decision["by"]), events)
        if state.decision is decision:
            state.decision = None
        self.continue_stack(state, events)

_TIMES = {"once_each_turn": 1, "twice_each_turn": 2, "three_times_each_turn": 3}
"""How many activations a turn "Activate only once/twice/three times each turn" allows."""
