"""Delayed and timed effects, a part of the effects engine (:class:`~.magic.Magic`; issue 12,
fx-timing). :class:`TimingActions` carries out:

- **delayed effects** (:class:`~frontier_desktop.rules.effects.nodes.Delayed`): remembered in
  ``state.delayed`` with the objects their "it" / "that creature" named when they were set up,
  and carried out "at end of combat" (when an attack is over: Frontier has one combat per
  attack), "at the beginning of the next end step" or "of the next turn's upkeep";
- **step triggers** (:meth:`timing_phase`): "at the beginning of your end step" / "of each end
  step", "at the beginning of the upkeep of enchanted creature's (artifact's …) controller"
  ("that player" is that controller), and **cumulative upkeep** paid in mana: an age counter,
  then a pay-or-sacrifice ``choice`` for the controller;
- "sacrifice CARDNAME / it [unless you pay {…}]", the same ``choice`` when it has a price;
- and, in :class:`~.fx_turns.TurnEffects` on top of it, "doesn't untap", phasing, extra turns
  and the other effects on the turn's walk.

The pay-or-sacrifice ``choice`` is answered with ``choose`` ``pay``/``decline`` like the other
payments (frontier.py ``_do_choose`` calls :meth:`timing_answer`); its ``cost`` says the mana.
"""

from __future__ import annotations

import functools
from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects import timing
from frontier_desktop.rules.effects.engine_support import trigger_key
from frontier_desktop.rules.effects.nodes import (
    Delayed, DoesntUntap, Effect, KeywordLine, Sacrifice, Selector, StaticAbility,
)
from frontier_desktop.rules.effects.targeting import spec_problem
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.shared import leave_battlefield
from frontier_desktop.rules.core.spells import SpellActions
from frontier_desktop.rules.core.spell_context import _Context, _decode_target
from frontier_desktop.rules.core.spell_reading import (
    by_hand_text, item_effects, reading_of, triggered_abilities,
)


def cumulative_upkeep(state: GameState, perm: Permanent) -> str | None:
    """The mana of *perm*'s "Cumulative upkeep {…}" (None: it has none the engine pays)."""
    for ability in reading_of(state.card(perm.id)).abilities:
        if isinstance(ability, KeywordLine):
            for keyword in ability.keywords:
                cost = timing.cumulative_upkeep_cost(keyword.name)
                if cost is not None:
                    return cost
    return None


@functools.lru_cache(maxsize=4096)
def has_phasing(card: Card) -> bool:
    """The card's own "Phasing" keyword."""
    return any(k.name == "phasing" for a in reading_of(card).abilities
               if isinstance(a, KeywordLine) for k in a.keywords)


def granted_upkeeps(state: GameState, perm: Permanent) -> list[tuple[str, bool, str]]:
    """The upkeep costs static abilities on the battlefield give *perm*: ``(cost, cumulative,
    giver's name)`` ("All artifacts have …", "Green creatures have "Cumulative upkeep {1}."")."""
    out: list[tuple[str, bool, str]] = []
    for source in sorted(state.perms.values(), key=lambda p: p.id):
        name = state.cards[source.id][0]
        for ability in reading_of(state.defs[name]).abilities:
            if not isinstance(ability, StaticAbility):
                continue
            for effect in ability.effects:
                if isinstance(effect, timing.GrantedUpkeep) and effect.to.spec is not None and \
                        spec_problem(state, effect.to.spec, perm.id, seat=source.controller,
                                     source=source.id) is None:
                    out.append((effect.cost, effect.cumulative, name))
    return out


def static_untap_locks(state: GameState) -> list[tuple[Permanent, Effect]]:
    """The static "… don't untap during their controllers' untap steps" on the battlefield
    (every creature of a kind, or the enchanted one: :class:`DoesntUntap`,
    :class:`~frontier_desktop.rules.effects.timing.LockIfAttacked`)."""
    out: list[tuple[Permanent, Effect]] = []
    for perm in state.perms.values():
        for ability in reading_of(state.card(perm.id)).abilities:
            if not isinstance(ability, StaticAbility):
                continue
            for effect in ability.effects:
                if isinstance(effect, DoesntUntap) and not effect.next_only and \
                        effect.to.ref in ("all", "enchanted") and \
                        timing.untap_qualifier(effect, "static") == "":
                    out.append((perm, effect))
                elif isinstance(effect, timing.LockIfAttacked) and effect.to.ref == "enchanted":
                    out.append((perm, effect))
    return out


def _walk(effects: tuple[Effect, ...]) -> list[Effect]:
    """Every effect of *effects* and inside them (modes, conditions), depth first."""
    return [node for e in effects for node in e.walk() if isinstance(node, Effect)]


def _clause(effect: timing.UnlessPaid, name: str) -> str:
    """"Force of Nature deals 8 damage to you": what happens when the price isn't paid."""
    return " ".join(by_hand_text(e, name).rstrip(".") for e in effect.effects)


class TimingActions(SpellActions):
    """Delayed effects, step triggers, upkeep payments, untap locks and extra turns."""

    # ------------------------------------------------------------------ remembered effects
    @staticmethod
    def _record(ctx: _Context, effect: Effect) -> dict[str, Any] | None:
        """Where *effect* sits in its card (to find it again later), with what its "it" /
        "that creature" names now; None when it can't be found."""
        item = ctx.item
        effects = item_effects(ctx.state.defs[ctx.name], item)
        index = next((i for i, e in enumerate(_walk(effects or ())) if e is effect), None)
        if index is None:
            return None
        that: list[Any] = []
        for sel in (s for s in effect.walk() if isinstance(s, Selector)):
            if sel.ref == "that":
                that = ctx.objects(sel) or []
                break
        selectors = [s for s in effect.walk() if isinstance(s, Selector)]
        chosen = [[i, [A.target_to_wire(t) for t in ctx.chosen.get(id(s), [])]]
                  for i, s in enumerate(selectors) if s.ref == "target"]
        return {"card": ctx.name, "controller": ctx.seat, "kind": item["kind"],
                "chosen": chosen,
                "ability": item.get("ability"), "source": ctx.source,
                "mode": list(item.get("mode", (0,))), "walk": index,
                "that": [A.target_to_wire(t) for t in that]}

    @staticmethod
    def _recall(state: GameState, record: dict[str, Any]) -> tuple[Effect, _Context]:
        """The effect a :meth:`_record` names, and a context to carry it out now."""
        card = state.defs[str(record["card"])]
        effects = item_effects(card, record) or ()
        effect = _walk(effects)[int(record["walk"])] if "walk" in record else \
            effects[int(record["index"])]  # saved before nested effects were remembered
        item = {"id": "", "card": record["card"], "controller": record["controller"],
                "kind": record["kind"], "targets": []}
        that = [t for t in (_decode_target(v) for v in record.get("that", ()))
                if isinstance(t, tuple) or t in state.perms]
        selectors = [s for s in effect.walk() if isinstance(s, Selector)]
        chosen = {id(selectors[int(i)]): [_decode_target(t) for t in targets]
                  for i, targets in record.get("chosen", ()) if int(i) < len(selectors)}
        return effect, _Context(state, int(record["controller"]), record.get("source"),
                                str(record["card"]), 0, chosen, that, item)

    def _run_all(self, ctx: _Context, effects: tuple[Effect, ...], events: list[Event]) -> None:
        for effect in effects:
            if self.execute(ctx, effect, events) is None:
                events.append({"type": "by_hand", "player": ctx.seat, "card": ctx.name,
                               "clauses": [by_hand_text(effect, ctx.name)]})

    # ------------------------------------------------------------------ delayed effects
    def _exec_delayed(self, ctx: _Context, effect: Delayed,
                      events: list[Event]) -> list[Any] | None:
        """Remember the effects for the moment named, with what "it" names now."""
        if effect.when not in timing.DELAYED_WHEN:
            return None
        record = self._record(ctx, effect)
        if record is None:
            return None
        if effect.when == "that_turn_end_step":  # the extra turn an earlier clause gave
            turns = ctx.state.extra.get("extra_turns", [])
            if not turns:
                return None
            record["turn_id"] = turns[-1]["id"]
        ctx.state.delayed = ctx.state.delayed + [{"when": effect.when, **record}]
        events.append({"type": "delayed", "player": ctx.seat, "card": ctx.name,
                       "text": by_hand_text(effect, ctx.name)})
        return list(ctx.previous)

    def run_delayed(self, state: GameState, when: str, events: list[Event]) -> None:
        """Carry out the delayed effects waiting for *when* (each happens once); at an end
        step also those waiting for the end step of this (extra) turn."""
        turn_id = state.extra.get("turn_id")
        due = [d for d in state.delayed if d["when"] == when or (
            when == "next_end_step" and d["when"] == "that_turn_end_step"
            and turn_id is not None and d.get("turn_id") == turn_id)]
        if not due:
            return
        state.delayed = [d for d in state.delayed if not any(d is e for e in due)]
        for d in due:
            delayed, ctx = self._recall(state, d)
            assert isinstance(delayed, Delayed)
            self._run_all(ctx, delayed.effects, events)
        self.variant.state_checks(state, events)  # engine_hooks: the variant's deaths

    @staticmethod
    def in_combat(state: GameState) -> bool:
        """Whether an attack is still being fought (its window, its triggers, its damage)."""
        pending = state.pending
        while pending is not None:
            if pending.get("kind") == "attack" or pending.get("after_triggers"):
                return True
            pending = pending.get("outer")
        decision = state.decision
        return bool(state.stack) or (decision is not None and decision.get("kind") == "assign")

    def after_combat(self, state: GameState, events: list[Event]) -> None:
        """"At end of combat": once no attack is being fought, the effects waiting for the end
        of combat happen (each attack is a combat of its own in Frontier)."""
        if state.game_over or self.in_combat(state) or not (any(
                d["when"] == "end_of_combat" for d in state.delayed)
                or state.extra.get("combat_pumps")):
            return
        start = len(events)
        for pump in state.extra.pop("combat_pumps", []):  # "until end of combat" ends
            perm = state.perms.get(pump["id"])
            if perm is not None:
                perm.pt_mod = (perm.pt_mod[0] - int(pump["power"]),
                               perm.pt_mod[1] - int(pump["toughness"]))
                events.append({"type": "pumped", "unit": perm.id, "power": -int(pump["power"]),
                               "toughness": -int(pump["toughness"]), "by": "end of combat"})
        self.run_delayed(state, "end_of_combat", events)
        self.variant.state_checks(state, events)  # engine_hooks: the variant's deaths
        self.fire_triggers(state, events, start)

    def _exec_pump_until_end_of_combat(self, ctx: _Context, effect: Effect,
                                       events: list[Event]) -> list[Any] | None:
        """"… gets +N/+M until end of combat": undone once the attack is over."""
        assert isinstance(effect, timing.CombatPump)
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        pumps = list(ctx.state.extra.get("combat_pumps", []))
        for obj in objs:
            perm = ctx.state.perms.get(obj)
            if perm is None:
                continue
            perm.pt_mod = (perm.pt_mod[0] + effect.power, perm.pt_mod[1] + effect.toughness)
            pumps.append({"id": obj, "power": effect.power, "toughness": effect.toughness})
            events.append({"type": "pumped", "unit": obj, "power": effect.power,
                           "toughness": effect.toughness, "until": "end of combat"})
        ctx.state.extra["combat_pumps"] = pumps
        return objs

    # ------------------------------------------------------------------ step triggers
    def timing_event(self, state: GameState, event: Event, events: list[Event]) -> None:
        """The triggers of this scope an event sets off: step triggers on a ``phase`` event,
        "whenever CARDNAME phases in" on a ``phased_in`` one."""
        if event.get("type") == "phase":
            self.timing_phase(state, event, events)
        elif event.get("type") == "phased_in" and event.get("unit") in state.perms:
            unit = str(event["unit"])
            perm = state.perms[unit]
            name = state.cards[unit][0]
            for index, ability in enumerate(triggered_abilities(state.defs[name])):
                if trigger_key(ability.trigger) == "trigger:phases_in" and \
                        not state.players[perm.controller].lost and not state.game_over:
                    self.variant.push(state, {"kind": "trigger", "card": name, "source": unit,
                                      "controller": perm.controller, "ability": index,
                                      "targets": [], "x": 0, "that": [unit]}, events)

    def aura_combat_triggers(self, state: GameState, sides: list[Any],
                             events: list[Event]) -> None:
        """"Whenever enchanted creature blocks / becomes blocked [by …]": the auras on each
        creature of an attack just declared (``sides``: ``(unit, events it takes part in,
        the creatures on the other side)``, see spell_triggers.fire_combat_triggers)."""
        for unit, events_of, others in sides:
            if unit not in state.perms:
                continue
            auras = sorted((p for p in state.perms.values() if p.attached_to == unit),
                           key=lambda p: p.id)
            for aura in auras:
                name = state.cards[aura.id][0]
                for index, ability in enumerate(triggered_abilities(state.defs[name])):
                    trigger = ability.trigger
                    if trigger.event not in events_of or \
                            trigger_key(trigger) != f"trigger:{trigger.event}_enchanted":
                        continue
                    by = trigger.by
                    matching = [o for o in others if o in state.perms and (
                        by is None or spec_problem(state, by, o, seat=aura.controller,
                                                   source=aura.id) is None)]
                    if not matching or state.game_over or \
                            state.players[aura.controller].lost:
                        continue
                    self.variant.push(state, {"kind": "trigger", "card": name, "source": aura.id,
                                      "controller": aura.controller, "ability": index,
                                      "targets": [], "x": 0, "that": [unit],
                                      "others": matching}, events)

    def timing_phase(self, state: GameState, event: Event, events: list[Event]) -> None:
        """The step triggers a ``phase`` event sets off (see the module docstring)."""
        phase = event.get("phase")
        active = int(event.get("active", state.active))
        order = sorted(state.perms.values(), key=lambda p: (p.controller != active, p.id))
        for perm in order:
            if perm.id not in state.perms or state.game_over:
                continue
            name = state.cards[perm.id][0]
            for index, ability in enumerate(triggered_abilities(state.defs[name])):
                trigger = ability.trigger
                key = trigger_key(trigger)
                that: list[Any] = [perm.id]
                if phase == "end" and key == "trigger:end_step":
                    if trigger.whose != "each" and perm.controller != active:
                        continue
                elif phase == "upkeep" and key == "trigger:upkeep_opponent":
                    if perm.controller == active:
                        continue
                    that = [{"player": active}]
                elif phase == "upkeep" and key == "trigger:upkeep_enchanted_controller":
                    host = state.perms.get(perm.attached_to or "")
                    if host is None or host.controller != active:
                        continue
                    that = [{"player": active}]
                else:
                    continue
                if state.players[perm.controller].lost or not self.conditions_hold(
                        state, ability.effects, that, perm.controller):
                    continue
                self.variant.push(state, {"kind": "trigger", "card": name, "source": perm.id,
                                  "controller": perm.controller, "ability": index,
                                  "targets": [], "x": 0, "that": that}, events)
            if phase == "upkeep" and perm.controller == active and perm.id in state.perms:
                own = cumulative_upkeep(state, perm)
                costs = ([(own, True, name)] if own is not None else []) + \
                    granted_upkeeps(state, perm)
                for cost, cumulative, by in costs:
                    if perm.id not in state.perms or state.game_over:
                        break
                    self.variant.push(state, {"kind": "trigger", "card": name, "source": perm.id,
                                      "controller": perm.controller, "ability": -1,
                                      "timed": "cumulative_upkeep" if cumulative else
                                      "upkeep_cost", "cost": cost, "by": by, "targets": [],
                                      "x": 0, "that": [perm.id]}, events)

    @staticmethod
    def conditions_hold(state: GameState, effects: tuple[Effect, ...], that: list[Any],
                        seat: int) -> bool:
        """Whether the intervening "if"s among *effects* hold now (*that*: what the trigger
        names, wire form; *seat*: its controller)."""
        for effect in effects:
            if not isinstance(effect, timing.StepCondition):
                continue
            units = [t for t in that if isinstance(t, str)]
            if effect.what == "self_didnt_attack" and (
                    not units or units[0] not in state.perms or state.perms[units[0]].attacked):
                return False
            if effect.what == "defender_controls_none" and effect.spec is not None and any(
                    p.controller != seat and spec_problem(
                        state, effect.spec, p.id, seat=p.controller, source=None) is None
                    for p in state.perms.values()):
                return False
            if effect.what == "no_creatures" and any(True for _ in state.creatures()):
                return False
            if effect.what == "hand_at_least":
                players = [t["player"] for t in that if isinstance(t, dict) and "player" in t]
                if not players or len(state.players[int(players[0])].hand) < effect.n:
                    return False
        return True

    def _exec_step_condition(self, ctx: _Context, effect: Effect,
                             events: list[Event]) -> list[Any] | None:
        """An intervening "if", checked again as the ability resolves."""
        that = [A.target_to_wire(t) for t in ctx.previous]
        if not self.conditions_hold(ctx.state, (effect,), that, ctx.seat):
            ctx.stopped = True
            events.append({"type": "fizzled", "id": ctx.item.get("id", ""), "card": ctx.name,
                           "player": ctx.seat, "reason": "its condition no longer holds"})
        return list(ctx.previous)

    def _exec_unless_new(self, ctx: _Context, effect: Effect,
                         events: list[Event]) -> list[Any] | None:
        """"… unless it came under your control this turn": a permanent that did is still
        summoning sick (Frontier clears that flag as its controller's turn begins)."""
        assert isinstance(effect, timing.UnlessNewlyControlled)
        perm = ctx.state.perms.get(ctx.source or "")
        if perm is None or not perm.sick:
            self._run_all(ctx, effect.effects, events)
        return list(ctx.previous)

    def resolve_timed(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None:
        """Cumulative upkeep: an age counter, then pay the cost once per counter or sacrifice;
        a granted upkeep cost: pay it or sacrifice."""
        source = str(item["source"])
        perm = state.perms.get(source)
        events.append({"type": "resolved", "id": item["id"], "card": item["card"],
                       "player": item["controller"]})
        cost = str(item.get("cost") or "")
        if perm is None or not cost:
            return
        if item.get("timed") == "upkeep_cost":
            self.pay_or_sacrifice(state, int(item["controller"]), [source], cost,
                                  str(item["card"]), str(item["id"]), events)
            return
        age = perm.counters.get("age", 0) + 1
        perm.counters = {**perm.counters, "age": age}
        events.append({"type": "counters", "unit": source, "kind": "age", "delta": 1,
                       "count": age})
        self.pay_or_sacrifice(state, int(item["controller"]), [source], timing.times(cost, age),
                              str(item["card"]), str(item["id"]), events)

    # ------------------------------------------------------------------ paying or sacrificing
    def pay_or_sacrifice(self, state: GameState, seat: int, units: list[str], cost: str,
                         name: str, stack_id: str, events: list[Event]) -> None:
        """*seat* pays *cost* or sacrifices *units*: a ``choice`` (the stack waits), or the
        sacrifice at once when they can't pay."""
        if not cost or not self.variant.can_pay_cost(state, seat, cost) \
                or state.decision is not None:
            self.sacrifice(state, seat, units, name, events)
            return
        state.decision = {"kind": "choice", "player": seat, "amount": timing.mana_value(cost),
                          "cost": cost, "stack": stack_id, "card": name, "by": name,
                          "options": ["pay", "decline"],
                          "prompt": f"pay {cost} or sacrifice {name}",
                          "_timing": {"sacrifice": list(units), "seat": seat}}
        events.append({"type": "choose", "player": seat, "kind": "pay_upkeep", "cost": cost,
                       "card": name})

    def timing_answer(self, state: GameState, decision: dict[str, Any], paid: bool,
                      events: list[Event]) -> None:
        """The answer to a pay-or-else ``choice`` (the mana is paid already when *paid*)."""
        if paid:
            return
        info = decision["_timing"]
        if "run" in info:  # "… unless you pay": the effects happen
            effect, ctx = self._recall(state, info["run"])
            assert isinstance(effect, timing.UnlessPaid)
            self._run_all(ctx, timing.unless_inner(effect), events)
        else:
            self.sacrifice(state, int(info["seat"]), list(info["sacrifice"]),
                           str(decision["card"]), events)
        self.variant.state_checks(state, events)  # engine_hooks: the variant's deaths

    def _exec_unless_paid(self, ctx: _Context, effect: Effect,
                          events: list[Event]) -> list[Any] | None:
        """"<effect> unless you pay {…}": a pay-or-not ``choice``; the effect at once when the
        controller can't pay."""
        assert isinstance(effect, timing.UnlessPaid)
        record = self._record(ctx, effect)
        if record is None:
            return None
        state = ctx.state
        if state.decision is not None \
                or not self.variant.can_pay_cost(state, ctx.seat, effect.cost):
            self._run_all(ctx, timing.unless_inner(effect), events)
            return list(ctx.previous)
        state.decision = {"kind": "choice", "player": ctx.seat,
                          "amount": timing.mana_value(effect.cost), "cost": effect.cost,
                          "stack": str(ctx.item.get("id", "")), "card": ctx.name, "by": ctx.name,
                          "options": ["pay", "decline"],
                          "prompt": f"pay {effect.cost} or {_clause(effect, ctx.name)}",
                          "_timing": {"run": record}}
        events.append({"type": "choose", "player": ctx.seat, "kind": "pay_or_else",
                       "cost": effect.cost, "card": ctx.name,
                       "text": _clause(effect, ctx.name)})
        return list(ctx.previous)

    def sacrifice(self, state: GameState, seat: int, units: list[str], name: str,
                  events: list[Event]) -> None:
        """*seat* sacrifices those of *units* they control."""
        for unit in units:
            perm = state.perms.get(unit)
            if perm is not None and perm.controller == seat:
                leave_battlefield(state, perm, "graveyard", events,
                                  reason=f"sacrificed for {name}")

    def _exec_sacrifice(self, ctx: _Context, effect: Sacrifice,
                        events: list[Event]) -> list[Any] | None:
        """"Sacrifice CARDNAME / it [unless you pay {…}]" (other forms: by hand)."""
        if effect.what.ref not in ("self", "that") or effect.who.ref not in ("you",
                                                                             "controller"):
            return None
        objs = ctx.objects(effect.what)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        units = [o for o in objs if o in ctx.state.perms]
        if effect.who.ref == "controller":  # "its controller sacrifices it"
            for unit in units:
                self.sacrifice(ctx.state, ctx.state.perms[unit].controller, [unit], ctx.name,
                               events)
            return objs
        if effect.who.ref != "you":
            return None
        if effect.unless_pays:
            self.pay_or_sacrifice(ctx.state, ctx.seat, units, effect.unless_pays, ctx.name,
                                  str(ctx.item.get("id", "")), events)
        else:
            self.sacrifice(ctx.state, ctx.seat, units, ctx.name, events)
        return objs


__all__ = ["TimingActions", "cumulative_upkeep", "static_untap_locks"]
