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
from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects.engine_support import pay_pattern, trigger_key
from frontier_desktop.rules.effects.nodes import Selector
from frontier_desktop.rules.effects.targeting import COLOUR_LETTER, spec_problem
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.variants.spell_context import _decode_target
from frontier_desktop.rules.variants.spell_executors import ExecutorActions
from frontier_desktop.rules.variants.spell_reading import (
    combat_keywords, enters_tapped, item_effects,
)
from frontier_desktop.rules.variants import fx_statics

# Re-exported (``x as x``) for the modules in the wg-rules scope (army*.py,
# conquering_spells.py, wargame_spells.py) until they import from the new homes.
from frontier_desktop.rules.variants.spell_context import _Context as _Context
from frontier_desktop.rules.variants.spell_grants import (
    defs_info as defs_info, keyword_grants as keyword_grants,
    no_combat_damage as no_combat_damage, static_bonus as static_bonus,
)
from frontier_desktop.rules.variants.spell_reading import (
    ability_effects as ability_effects, by_hand_text as by_hand_text,
    enchant_spec as enchant_spec, executed as executed, spell_effects as spell_effects,
    triggered_abilities as triggered_abilities,
)


class SpellActions(ExecutorActions):
    """The stack, targets and effect executors, mixed into :class:`Frontier` and
    :class:`Army` (the variants' differences: :class:`EngineHooks`; the targets of triggered
    abilities: :class:`TriggerTargets`; statics: :class:`fx_statics.StaticsActions`)."""

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

    # _exec_delayed and run_delayed: fx_timing.TimingActions (delayed and timed effects).


def item_wire(item: dict[str, Any]) -> dict[str, Any]:
    """A stack item as position files print it."""
    out = {"id": item["id"], "card": item["card"], "controller": item["controller"],
           "targets": list(item.get("targets", ())), "x": item.get("x", 0)}
    if item.get("kind") == "ability":
        out["source"] = item.get("source")
    return out


def seq(items: Sequence[Any]) -> list[Any]:
    return list(items)


