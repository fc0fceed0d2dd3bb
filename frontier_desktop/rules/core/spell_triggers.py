"""Triggered abilities: what sets them off and putting them on the stack.

:class:`TriggerActions` (a base of ``SpellActions``) reads the events of an action and puts
the triggered abilities they set off on the stack (``fire_triggers``): "at the beginning of
upkeep", "when … enters the battlefield", "when … dies" (and "whenever a creature dies"),
"whenever … deals damage", "whenever a player casts …"; and, as an attack is declared,
the combat triggers of both sides ("attacks", "blocks", "becomes blocked",
``fire_combat_triggers``) after flanking and rampage. "You may pay {N}. If you do, …" asks
its payer first (``_ask_trigger_payment`` / ``trigger_paid``). The targets of a triggered
ability are asked by :class:`TriggerTargets` when it is on the stack.
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects.engine_support import pay_pattern, trigger_key
from frontier_desktop.rules.effects.nodes import Selector
from frontier_desktop.rules.effects.targeting import COLOUR_LETTER, spec_problem
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.spell_context import _decode_target
from frontier_desktop.rules.core.spell_executors import ExecutorActions
from frontier_desktop.rules.core.spell_reading import (
    combat_keywords, item_effects, triggered_abilities,
)
from frontier_desktop.rules.core import fx_statics


class TriggerActions(ExecutorActions):
    """Triggered abilities set off by events; a base of ``SpellActions``."""

    # provided by SpellActions (frontier_spells.py)
    def timing_event(self, state: GameState, event: Event, events: list[Event]) -> None:
        """Step and phasing triggers (fx_timing.TimingActions)."""

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
        if not self.variant.can_pay_generic(state, seat, amount):
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
        self.variant.state_checks(state, events)

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
            self.variant.timing_event(state, event, events)  # fx_timing: steps, phasing in
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
            elif kind == "damage" and (damaged := self.variant.damaged_player(event)) is not None:
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
                        self.variant.push(state, {"kind": "trigger", "card": name, "source": source,
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
                self.variant.push(state, {"kind": "trigger", "card": name, "source": source,
                                  "controller": controller, "ability": index, "targets": [],
                                  "x": 0, "that": [source]}, events)

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
        from frontier_desktop.rules.core.keywords import has_ability

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
                self.variant.push(state, {"kind": "trigger", "card": name, "source": unit,
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
