"""Frontier Magic: the stack, priority, targets and the effects the engine carries out.

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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects.engine_support import pay_pattern, trigger_key
from frontier_desktop.rules.effects.nodes import (
    Bounce, CounterSpell, CreateToken, DealDamage, Destroy, Discard, Draw, Effect, Exile,
    GainLife, GrantKeyword, LoseLife, PreventDamage, Pump, PutCounters, Regenerate,
    ReturnFromGraveyard, Selector, Tap, Trigger, Untap,
)
from frontier_desktop.rules.effects.targeting import COLOUR_LETTER, spec_problem, target_slots
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.variants.frontier_combat import destroy, leave_battlefield
from frontier_desktop.rules.variants.shared import is_square, permanents_in
from frontier_desktop.rules.variants.spell_context import _decode_target
from frontier_desktop.rules.variants.spell_paying import PayingActions
from frontier_desktop.rules.variants.spell_grants import (
    PREVENT_ALL, prevent, protected_from, shield_prevents,
)
from frontier_desktop.rules.variants.spell_reading import (
    combat_keywords, enters_tapped, item_effects,
)
from frontier_desktop.rules.variants import fx_statics

# Re-exported (``x as x``) for the modules in the wg-rules scope (army*.py,
# conquering_spells.py, wargame_spells.py) until they import from the new homes.
from frontier_desktop.rules.variants.spell_context import _Context as _Context
from frontier_desktop.rules.variants.spell_reading import (
    ability_effects as ability_effects, by_hand_text as by_hand_text,
    enchant_spec as enchant_spec, executed as executed, spell_effects as spell_effects,
    triggered_abilities as triggered_abilities,
)
from frontier_desktop.rules.variants.spell_grants import (
    defs_info as defs_info, keyword_grants as keyword_grants,
    no_combat_damage as no_combat_damage, static_bonus as static_bonus,
)


class SpellActions(PayingActions):
    """The stack, targets and effect executors, mixed into :class:`Frontier` and
    :class:`Army` (the variants' differences: :class:`EngineHooks`; the targets of triggered
    abilities: :class:`TriggerTargets`; statics: :class:`fx_statics.StaticsActions`)."""

    land_target_kinds: ClassVar[frozenset[str]] = frozenset()
    """Effect kinds whose executors follow a land square as a target (fx_mana.ManaActions)."""

    LAND_EXECUTORS: frozenset[str] = frozenset()
    """Effect kinds whose executors take a land's square as a target (fx_oneshots)."""

    # provided by Frontier
    def _draw(self, state: GameState, seat: int, count: int, events: list[Event]) -> None:  # pragma: no cover
        raise NotImplementedError

    def _rng(self, state: GameState) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _save_rng(self, state: GameState, rng: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    def timing_event(self, state: GameState, event: Event, events: list[Event]) -> None:
        """Step and phasing triggers (fx_timing.TimingActions)."""

    def resolve_timed(self, state: GameState, item: dict[str, Any],
                      events: list[Event]) -> None:
        """Cumulative upkeep (fx_timing.TimingActions)."""

    def _instant_choices(self, state: GameState, seat: int) -> list[A.Action]:  # pragma: no cover
        raise NotImplementedError

    # ------------------------------------------------------------------ the stack
    def push(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None:
        """Put *item* on the stack, then give priority or resolve (see the module docstring)."""
        item = dict(item)
        item["id"] = state.new_id("s")
        if self.needs_targets(state, item):
            item["awaiting"] = True  # its controller is asked first (trigger_targets.py)
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
            self.stack_emptied(state, events)

    def has_window(self, state: GameState, seat: int) -> bool:
        """Whether *seat* asked for responses and could play something now."""
        player = state.players[seat]
        if not self.wants_responses(state, seat) or player.lost:
            return False
        for action in self._instant_choices(state, seat):
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
            self.resolve_other(state, item, events)
        self.state_checks(state, events)

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
        where = self.put_onto_battlefield(state, obj, seat, events, sick=sick,
                                          tapped=enters_tapped(card))
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

    # ------------------------------------------------------------------ triggered abilities
    def _ask_trigger_payment(self, state: GameState, item: dict[str, Any], amount: int,
                             events: list[Event]) -> None:
        """"You may pay {N}. If you do, …": a pay/decline ``choice`` for the controller
        (answered in frontier.py ``_do_choose`` through :meth:`trigger_paid`); nothing
        happens when they can't pay at all."""
        seat = int(item["controller"])
        name = str(item["card"])
        that = [_decode_target(t) for t in item.get("that", ())]
        effects = item_effects(state.defs[name], item) or ()
        if effects and any(isinstance(s, Selector) and s.text.lower() == "that player"
                           for s in effects[0].walk()):
            # "That player may pay {N}": the player the trigger names pays (fx_timing).
            players = [t for t in that if isinstance(t, tuple) and t[0] == "player"]
            if not players:
                return
            seat = int(players[0][1])
        if not self.can_pay_generic(state, seat, amount):
            events.append({"type": "resolved", "id": item["id"], "card": name, "player": seat})
            return
        state.decision = {"kind": "choice", "player": seat, "amount": amount,
                          "stack": item["id"], "card": name, "by": name,
                          "options": ["pay", "decline"], "_trigger": dict(item)}
        events.append({"type": "choose", "player": seat, "kind": "pay_trigger",
                       "amount": amount, "card": name})

    def trigger_paid(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None:
        """The controller paid for "you may pay {N}. If you do, …": the effects happen."""
        card = state.defs[str(item["card"])]
        found = triggered_abilities(card)
        ability = found[int(item["ability"])]
        paying = pay_pattern(ability.effects)
        assert paying is not None
        self.run_effects(state, item, paying[1], "triggered", str(item["source"]), events,
                         ability.trigger)
        self.state_checks(state, events)

    def fire_triggers(self, state: GameState, events: list[Event], start: int) -> None:
        """Put on the stack the triggered abilities the events from *start* on set off.

        Read here (and registered in ``EXECUTED_BY_ENGINE`` as ``trigger:…``): "at the
        beginning of your upkeep" / "of each upkeep" (a ``phase`` event), "when CARDNAME
        enters the battlefield" (it resolves into the staging row) and "when CARDNAME dies"
        (a ``died`` event). Events the resolving triggers add are looked at too. Each trigger
        goes on the stack as ``{"kind": "trigger", "ability": N}`` (N indexes the card's
        triggered abilities), its clauses the engine doesn't carry out named ``by_hand``.
        """
        i = start
        while i < len(events):
            event = events[i]
            i += 1
            if state.game_over:
                return
            kind = event.get("type")
            found: list[tuple[int, str, str, int]] = []  # (controller, source, card, index)
            self.timing_event(state, event, events)  # fx_timing.py: step triggers, phasing in
            if kind == "phase" and event.get("phase") == "upkeep":
                active = int(event.get("active", state.active))
                order = sorted(state.perms.values(), key=lambda p: (p.controller != active, p.id))
                for perm in order:
                    name = state.cards[perm.id][0]
                    for index, ability in enumerate(triggered_abilities(state.defs[name])):
                        key = trigger_key(ability.trigger)
                        if key == "trigger:upkeep" and (
                                ability.trigger.whose == "each" or perm.controller == active):
                            found.append((perm.controller, perm.id, name, index))
            elif kind == "damage" and (damaged := self.damaged_player(event)) is not None:
                sources = event.get("sources") or [event.get("source")]
                for source in sources:
                    if not isinstance(source, str) or source not in state.cards:
                        continue
                    name = state.cards[source][0]
                    controller = state.perms[source].controller if source in state.perms \
                        else state.owner(source)
                    for index, ability in enumerate(triggered_abilities(state.defs[name])):
                        trigger = ability.trigger
                        if trigger_key(trigger) != "trigger:deals_damage" or (
                                "opponent" in trigger.text and damaged == controller):
                            continue
                        if state.players[controller].lost or state.game_over:
                            continue
                        self.push(state, {"kind": "trigger", "card": name, "source": source,
                                          "controller": controller, "ability": index,
                                          "targets": [], "x": 0,
                                          "that": [{"player": damaged}]}, events)
            elif kind == "cast" and isinstance(event.get("card"), str):
                spell = state.defs.get(str(event["card"]))
                caster = int(event.get("player") or 0)
                if spell is None:
                    continue
                colours = {c for c, letter in COLOUR_LETTER.items() if letter in spell.colors}
                active = state.active
                for perm in sorted(state.perms.values(),
                                   key=lambda p: (p.controller != active, p.id)):
                    name = state.cards[perm.id][0]
                    for index, ability in enumerate(triggered_abilities(state.defs[name])):
                        trigger = ability.trigger
                        if trigger_key(trigger) != "trigger:cast" or (
                                trigger.whose == "you" and caster != perm.controller) or (
                                trigger.whose == "opponent" and caster == perm.controller):
                            continue
                        if trigger.by is not None and trigger.by.colours and not (
                                colours & set(trigger.by.colours)):
                            continue
                        found.append((perm.controller, perm.id, name, index))
            elif kind in ("died", "resolved") and isinstance(event.get("unit"), str):
                if kind == "resolved" and (event.get("to") is None or event.get("to") in (
                        "graveyard", "hand", "library", "exile")):
                    continue  # a permanent spell resolves onto the battlefield (``to``)
                unit = str(event["unit"])
                name = str(event.get("name") or event.get("card") or "")
                card = state.defs.get(name)
                if card is None:
                    continue
                wanted = "trigger:dies" if kind == "died" else "trigger:enters"
                controller = int(event.get("controller", event.get("player")) or 0)
                for index, ability in enumerate(triggered_abilities(card)):
                    if trigger_key(ability.trigger) == wanted:
                        found.append((controller, unit, name, index))
                if kind == "died":
                    found.extend(self._watchers_of_death(state, card, controller))
            for controller, source, name, index in found:
                if state.players[controller].lost:
                    continue
                self.push(state, {"kind": "trigger", "card": name, "source": source,
                                  "controller": controller, "ability": index, "targets": [],
                                  "x": 0, "that": [source]}, events)

    def _flanking_and_rampage(self, state: GameState, band: list[str], defenders: list[str],
                              events: list[Event]) -> None:
        """Flanking and rampage, carried out as the attack is declared (before its damage).

        Flanking: each creature attacked (a blocker, in Frontier's reading) without flanking
        gets -1/-1 until end of turn, once per flanking attacker. Rampage N: an attacker
        attacking a stack of several creatures gets +N/+N until end of turn for each beyond
        the first.
        """
        if not defenders:
            return
        from frontier_desktop.rules.variants.frontier_board import has_ability

        for unit in band:
            keywords = combat_keywords(state.defs[state.cards[unit][0]])
            perm = state.perms.get(unit)
            if perm is None:
                continue
            if "flanking" not in keywords and has_ability(state, perm, "flanking"):
                keywords = keywords + ("flanking",)  # granted (Agility)
            for keyword in keywords:
                if keyword == "flanking":
                    for d in defenders:
                        other = state.perms.get(d)
                        if other is not None and "flanking" not in combat_keywords(
                                state.defs[state.cards[d][0]]) and not has_ability(
                                state, other, "flanking"):
                            other.pt_mod = (other.pt_mod[0] - 1, other.pt_mod[1] - 1)
                            events.append({"type": "pumped", "unit": d, "power": -1,
                                           "toughness": -1, "by": "flanking"})
                elif keyword.startswith("rampage ") and len(defenders) > 1:
                    n = int(keyword.split()[1]) * (len(defenders) - 1)
                    perm.pt_mod = (perm.pt_mod[0] + n, perm.pt_mod[1] + n)
                    events.append({"type": "pumped", "unit": unit, "power": n, "toughness": n,
                                   "by": "rampage"})

    def _watchers_of_death(self, state: GameState, card: Card, controller: int
                           ) -> list[tuple[int, str, str, int]]:
        """The "whenever a creature (you control) dies" triggers a death sets off."""
        out: list[tuple[int, str, str, int]] = []
        type_line = card.type_line.split("—")[0].lower()
        colours = {c for c, letter in COLOUR_LETTER.items() if letter in card.colors}
        active = state.active
        for perm in sorted(state.perms.values(), key=lambda p: (p.controller != active, p.id)):
            name = state.cards[perm.id][0]
            for index, ability in enumerate(triggered_abilities(state.defs[name])):
                trigger = ability.trigger
                if trigger_key(trigger) != "trigger:dies_any" or trigger.subject is None or \
                        trigger.subject.spec is None:
                    continue
                spec = trigger.subject.spec
                if not any(noun in type_line for noun in spec.noun.split("_or_")):
                    continue
                if spec.colours and not colours & set(spec.colours):
                    continue
                mine = controller == perm.controller
                if (spec.controller == "you" and not mine) or (
                        spec.controller in ("opponent", "not_you") and mine):
                    continue
                out.append((perm.controller, perm.id, name, index))
        return out

    def fire_combat_triggers(self, state: GameState, attack: Event, events: list[Event]) -> None:
        """Put on the stack the combat triggers of an attack just declared (before its damage).

        The attacking stack's members "attack" (and "become blocked" when they attack
        creatures); the creatures attacked "block" (Frontier's reading). A trigger's "by …"
        (``Trigger.by``) must match at least one creature on the other side.
        """
        band = [u for u in attack.get("band", ()) if u in state.perms]
        defenders = [u for u in attack.get("defenders", ()) if u in state.perms]
        # Only the attacked creatures that may block it are its blockers (fx_statics).
        defenders = fx_statics.start_combat(state, band, defenders)
        self._flanking_and_rampage(state, band, defenders, events)
        sides = [(u, ("attacks", "attacks_or_blocks") + (
            ("becomes_blocked", "blocks_or_blocked") if defenders else ("attacks_unblocked",)),
            defenders) for u in band]  # no creature attacked: "attacks and isn't blocked"
        sides += [(u, ("blocks", "blocks_or_blocked", "attacks_or_blocks"), band)
                  for u in defenders]
        self.fire_sides(state, sides, events)

    def fire_sides(self, state: GameState, sides: list[Any], events: list[Event]) -> None:
        """Put on the stack the combat triggers of *sides*: ``(creature, the trigger events
        it sets off, the creatures on the other side)`` (Army Magic fires its blocks' own)."""
        for unit, events_of, others in sides:
            perm = state.perms.get(unit)
            if perm is None:
                continue
            name = state.cards[unit][0]
            for index, ability in enumerate(triggered_abilities(state.defs[name])):
                trigger = ability.trigger
                if trigger.event not in events_of or \
                        trigger_key(trigger) != f"trigger:{trigger.event}":
                    continue
                by = trigger.by
                if by is not None and not any(
                        spec_problem(state, by, o, seat=perm.controller, source=unit) is None
                        for o in others if o in state.perms):
                    continue
                if state.game_over or state.players[perm.controller].lost:
                    return
                # "others": the creatures on the other side ("that creature", fx_timing).
                self.push(state, {"kind": "trigger", "card": name, "source": unit,
                                  "controller": perm.controller, "ability": index,
                                  "targets": [], "x": 0, "that": [unit],
                                  "others": [o for o in others if o in state.perms and (
                                      by is None or spec_problem(
                                          state, by, o, seat=perm.controller,
                                          source=unit) is None)]}, events)
        self.aura_combat_triggers(state, sides, events)  # fx_timing.py

    def aura_combat_triggers(self, state: GameState, sides: list[Any],
                             events: list[Event]) -> None:
        """Auras' "whenever enchanted creature blocks …" (fx_timing.TimingActions)."""

    def run_effects(self, state: GameState, item: dict[str, Any], effects: tuple[Effect, ...],
                    where: str, source: str | None, events: list[Event],
                    trigger: Trigger | None = None) -> None:
        seat = int(item["controller"])
        name = str(item["card"])
        x = int(item.get("x", 0))
        targets = [_decode_target(t) for t in item.get("targets", ())]
        slots = target_slots(effects, x)
        legal: dict[int, bool] = {}
        for i, (slot, target) in enumerate(zip(slots, targets)):
            legal[i] = self.target_refusal(state, seat, name, source, slot, target) is None
        if targets and not any(legal.values()):
            events.append({"type": "fizzled", "id": item["id"], "card": name, "player": seat,
                           "reason": "its targets are all illegal now"})
            return
        events.append({"type": "resolved", "id": item["id"], "card": name, "player": seat})
        by_hand: list[str] = []
        previous: list[Any] = [t for t in (_decode_target(v) for v in item.get("that", ()))
                               if t in state.perms or isinstance(t, tuple)]
        for index, effect in enumerate(effects):
            chosen: dict[int, list[Any]] = {}
            for i, (slot, target) in enumerate(zip(slots, targets)):
                if slot.effect == index and slot.selector is not None:
                    chosen.setdefault(id(slot.selector), [])
                    if legal[i]:
                        chosen[id(slot.selector)].append(target)
            had_targets = any(s.effect == index for s in slots)
            if not executed(effect, where, trigger) or (
                    had_targets and not item.get("targets") and not item.get("chosen")):
                by_hand.append(by_hand_text(effect, name))
                continue
            ctx = _Context(state, seat, source, name, x, chosen, previous, item)
            ctx.area = self.effect_area(state, item, source)
            done = self.execute(ctx, effect, events)
            if done is None:
                by_hand.append(by_hand_text(effect, name))
            elif ctx.stopped:
                break  # an intervening "if" that doesn't hold now (fx_timing)
            else:
                previous = done
        if by_hand:
            events.append({"type": "by_hand", "player": seat, "card": name,
                           "clauses": by_hand})

    # ------------------------------------------------------------------ executors
    def execute(self, ctx: _Context, effect: Effect, events: list[Event]) -> list[Any] | None:
        """Carry out one effect; the objects it reached (None: it is left to the players)."""
        handler = getattr(self, "_exec_" + effect.kind, None)
        if handler is None:
            return None
        if effect.kind not in self.land_target_kinds and \
                effect.kind not in self.LAND_EXECUTORS and any(
                isinstance(t, tuple) and len(t) == 2 and isinstance(t[0], int)
                for targets in ctx.chosen.values() for t in targets) and not (
                self.player_damage_to_land and effect.kind == "deal_damage"):
            return None  # a land on the board: carried out by hand
        result: list[Any] | None = handler(ctx, effect, events)
        return result

    def _exec_deal_damage(self, ctx: _Context, effect: DealDamage,
                          events: list[Event]) -> list[Any] | None:
        amount = ctx.amount(effect.amount)
        reached: list[Any] = []
        for sel in effect.to:
            objs = ctx.objects(sel)
            if objs is None:
                return None
            reached.extend(objs)
        state = ctx.state
        for obj in reached:
            if isinstance(obj, tuple) and obj[0] == "player":
                self.damage_to_player(ctx, obj[1], amount, events)
            elif is_square(obj):
                if not self.damage_to_place(ctx, obj, amount, events):
                    return None
            elif isinstance(obj, str) and obj in state.perms:
                perm = state.perms[obj]
                left = shield_prevents(state, [ctx.source_label], obj, amount, events)
                dealt = 0 if protected_from(state, perm, ctx.source_label) else \
                    prevent(perm, left)
                if dealt:
                    perm.damage += dealt
                    events.append({"type": "damage", "source": ctx.source_label, "target": obj,
                                   "amount": dealt})
                if left > dealt:
                    events.append({"type": "prevented", "unit": obj, "amount": left - dealt})
        return reached

    def _exec_pump(self, ctx: _Context, effect: Pump, events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        p, t = ctx.amount(effect.power), ctx.amount(effect.toughness)
        for perm in permanents_in(ctx.state, objs):
            perm.pt_mod = (perm.pt_mod[0] + p, perm.pt_mod[1] + t)
            events.append({"type": "pumped", "unit": perm.id, "power": p, "toughness": t})
            self._grant(perm, effect.keywords, events)
        return objs

    def _grant(self, perm: Permanent, keywords: tuple[str, ...], events: list[Event]) -> None:
        if "haste" in keywords:
            perm.sick = False  # fx-statics: haste until end of turn = no summoning sickness
        new = tuple(k for k in keywords if k not in perm.granted)
        if new:
            perm.granted = perm.granted + new
            events.append({"type": "gained", "unit": perm.id, "keywords": list(new)})

    def _exec_grant_keyword(self, ctx: _Context, effect: GrantKeyword,
                            events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        for perm in permanents_in(ctx.state, objs):
            self._grant(perm, effect.keywords, events)
        return objs

    def _exec_destroy(self, ctx: _Context, effect: Destroy, events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        for perm in permanents_in(ctx.state, objs):
            if effect.no_regenerate:
                leave_battlefield(ctx.state, perm, "graveyard", events,
                                  reason=f"destroyed by {ctx.name}")
            else:
                destroy(ctx.state, perm, events, reason=f"destroyed by {ctx.name}")
        return objs

    # _exec_delayed and run_delayed: fx_timing.TimingActions (delayed and timed effects).

    def _exec_return_from_graveyard(self, ctx: _Context, effect: ReturnFromGraveyard,
                                    events: list[Event]) -> list[Any] | None:
        """A card from a graveyard to its owner's hand, or onto the battlefield (the staging
        row of the player who returns it)."""
        objs = ctx.objects(effect.to)
        if objs is None or effect.destination not in ("hand", "battlefield"):
            return None
        state = ctx.state
        moved: list[Any] = []
        for obj in objs:
            if not (isinstance(obj, tuple) and obj[0] == "graveyard"):
                return None
            seat, name = int(obj[1]), str(obj[2])
            yard = state.players[seat].graveyard
            card_id = next((c for c in yard if state.name(c) == name), None)
            if card_id is None:
                continue
            yard.remove(card_id)
            owner = state.owner(card_id)
            if effect.destination == "hand":
                state.players[owner].hand.append(card_id)
                events.append({"type": "returned", "player": owner, "card": name,
                               "to": "hand"})
            else:
                card = state.card(card_id)
                if not card.is_permanent or card.is_aura:
                    yard.append(card_id)
                    return None
                where = self.put_onto_battlefield(
                    state, card_id, ctx.seat, events,
                    sick=card.is_creature and not card.has("haste"), tapped=enters_tapped(card))
                events.append({"type": "returned", "player": ctx.seat, "card": name,
                               "to": where, "unit": card_id})
            moved.append(card_id)
        return moved

    def _exec_exile(self, ctx: _Context, effect: Exile, events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        for obj in objs:
            perm = ctx.state.perms.get(obj)
            if perm is not None:
                leave_battlefield(ctx.state, perm, "exile", events,
                                  reason=f"exiled by {ctx.name}")
        return objs

    def _exec_restriction(self, ctx: _Context, effect: Effect,
                          events: list[Event]) -> list[Any] | None:
        """"Activate only …" was checked when the ability was activated: nothing to do."""
        return list(ctx.previous)

    def _exec_tap(self, ctx: _Context, effect: Tap, events: list[Event]) -> list[Any] | None:
        return self._set_tapped(ctx, effect.to, True, events)

    def _exec_untap(self, ctx: _Context, effect: Untap, events: list[Event]) -> list[Any] | None:
        return self._set_tapped(ctx, effect.to, False, events)

    def _set_tapped(self, ctx: _Context, sel: Selector, tapped: bool,
                    events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(sel)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        for obj in objs:
            perm = ctx.state.perms.get(obj)
            if perm is not None:
                self._set_perm_tapped(ctx, perm, tapped, events)
        return objs

    def _set_perm_tapped(self, ctx: _Context, perm: Permanent, tapped: bool,
                         events: list[Event]) -> None:
        """Tap or untap *perm* by an effect (a land square: fx_mana.set_land_tapped)."""
        if perm.tapped == tapped:
            return
        perm.tapped, perm.attack_tapped = tapped, False
        events.append({"type": "tapped" if tapped else "untapped", "unit": perm.id,
                       "by": ctx.name})

    def _players(self, ctx: _Context, sel: Selector) -> list[int] | None:
        objs = ctx.objects(sel)
        if objs is None or any(not (isinstance(o, tuple) and o[0] == "player") for o in objs):
            return None
        return [int(o[1]) for o in objs]

    def _exec_draw(self, ctx: _Context, effect: Draw, events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        for seat in seats:
            self._draw(ctx.state, seat, ctx.amount(effect.amount), events)
        return [("player", s) for s in seats]

    def _exec_discard(self, ctx: _Context, effect: Discard, events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        count = ctx.amount(effect.amount)
        if not effect.at_random:
            choosers = [s for s in seats if len(ctx.state.players[s].hand) > count]
            if len(choosers) > 1 or ctx.state.decision is not None:
                return None  # several players choose at once: carried out by hand
            for seat in seats:
                hand = ctx.state.players[seat].hand
                if seat in choosers:
                    ctx.state.decision = {"kind": "discard", "player": seat, "count": count,
                                          "by": ctx.name}
                    events.append({"type": "choose", "player": seat, "kind": "discard",
                                   "count": count, "by": ctx.name})
                    continue
                for card_id in list(hand):  # no more cards than asked: all of them
                    hand.remove(card_id)
                    ctx.state.players[seat].graveyard.append(card_id)
                    events.append({"type": "discarded", "player": seat,
                                   "card": ctx.state.name(card_id), "id": card_id})
            return [("player", s) for s in seats]
        for seat in seats:
            hand = ctx.state.players[seat].hand
            rng = self._rng(ctx.state)
            for _ in range(min(count, len(hand))):
                card_id = hand.pop(rng.randbelow(len(hand)))
                ctx.state.players[seat].graveyard.append(card_id)
                events.append({"type": "discarded", "player": seat,
                               "card": ctx.state.name(card_id), "id": card_id})
            self._save_rng(ctx.state, rng)
        return [("player", s) for s in seats]

    def _exec_gain_life(self, ctx: _Context, effect: GainLife, events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        for seat in seats:
            self.life_change(ctx, seat, ctx.amount(effect.amount), events)
        return [("player", s) for s in seats]

    def _exec_lose_life(self, ctx: _Context, effect: LoseLife, events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        for seat in seats:
            self.life_change(ctx, seat, -ctx.amount(effect.amount), events)
        return [("player", s) for s in seats]

    def _exec_put_counters(self, ctx: _Context, effect: PutCounters,
                           events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        n = ctx.amount(effect.amount)
        for obj in objs:
            perm = ctx.state.perms.get(obj)
            if perm is None:
                continue
            perm.counters = {**perm.counters, effect.counter: perm.counters.get(effect.counter, 0) + n}
            events.append({"type": "counters", "unit": obj, "kind": effect.counter, "delta": n,
                           "count": perm.counters[effect.counter]})
        return objs

    def _exec_regenerate(self, ctx: _Context, effect: Regenerate,
                         events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        for perm in permanents_in(ctx.state, objs):
            perm.regen_shield += 1
            events.append({"type": "shielded", "unit": perm.id})
        return objs

    def _exec_prevent_damage(self, ctx: _Context, effect: PreventDamage,
                             events: list[Event]) -> list[Any] | None:
        everything = effect.amount.var == "all"
        if everything and effect.to is None and effect.by is None and effect.combat_only \
                and effect.duration == "end_of_turn":
            # "Prevent all combat damage that would be dealt this turn" (Fog).
            ctx.state.extra["no_combat_damage_turn"] = ctx.state.turn
            events.append({"type": "fog", "player": ctx.seat, "card": ctx.name})
            return []
        if effect.to is None or effect.by is not None or effect.combat_only or (
                effect.amount.var and not (everything and effect.duration == "end_of_turn")):
            return None
        amount = PREVENT_ALL if everything else ctx.amount(effect.amount)
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        for obj in objs:
            event: Event = {"type": "prevention", "amount": amount}
            if everything:
                event["all"] = True
            if isinstance(obj, tuple) and obj[0] == "player":
                player = ctx.state.players[obj[1]]
                player.prevent += amount
                events.append({**event, "player": obj[1]})
                continue
            perm = ctx.state.perms.get(obj) if isinstance(obj, str) else None
            if perm is not None:
                perm.prevent += amount
                events.append({**event, "unit": obj})
        return objs

    def _exec_bounce(self, ctx: _Context, effect: Bounce, events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        for obj in objs:
            perm = ctx.state.perms.get(obj)
            if perm is not None:
                leave_battlefield(ctx.state, perm, "hand", events,
                                  reason=f"returned by {ctx.name}")
        return objs

    def _exec_counter_spell(self, ctx: _Context, effect: CounterSpell,
                            events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        for obj in objs:
            if not (isinstance(obj, tuple) and obj[0] == "stack"):
                return None
            if effect.unless_pays is not None:
                self.ask_to_pay(ctx, str(obj[1]), ctx.amount(effect.unless_pays), events)
                continue
            self.counter_item(ctx.state, str(obj[1]), ctx.name, events)
        return objs

    def _exec_create_token(self, ctx: _Context, effect: CreateToken,
                           events: list[Event]) -> list[Any] | None:
        from frontier_desktop.rules.variants.frontier_manual import token_card

        if effect.who is not None or "Creature" not in effect.types:
            return None
        colours = tuple(COLOUR_LETTER[c] for c in effect.colours if c in COLOUR_LETTER)
        subtypes = [t for t in effect.types if t not in ("Creature", "Artifact")]
        name = " ".join(subtypes) or "Token"
        card = token_card(None, name, effect.power, effect.toughness,
                          tuple(k.capitalize() for k in effect.keywords), colours=colours)
        state = ctx.state
        if card.name not in state.defs:
            state.defs = {**state.defs, card.name: card}
        made: list[Any] = []
        for _ in range(ctx.amount(effect.amount)):
            unit_id = state.new_id("t")
            state.cards[unit_id] = (card.name, ctx.seat)
            where = self.put_onto_battlefield(state, unit_id, ctx.seat, events, sick=True)
            events.append({"type": "token", "player": ctx.seat, "unit": unit_id,
                           "name": card.name, "at": where})
            made.append(unit_id)
        return made


def item_wire(item: dict[str, Any]) -> dict[str, Any]:
    """A stack item as position files print it."""
    out = {"id": item["id"], "card": item["card"], "controller": item["controller"],
           "targets": list(item.get("targets", ())), "x": item.get("x", 0)}
    if item.get("kind") == "ability":
        out["source"] = item.get("source")
    return out


def seq(items: Sequence[Any]) -> list[Any]:
    return list(items)


