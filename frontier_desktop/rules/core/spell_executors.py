"""Running a resolving spell's or ability's effects: the executors of the effects engine.

:class:`ExecutorActions` (a base of ``SpellActions``) runs the effects of a stack item with
the targets still legal (``run_effects``: it fizzles when none is, and names the clauses the
engine doesn't carry out in a ``by_hand`` event), one :class:`_Context` per effect, and
dispatches each effect to its ``_exec_<kind>`` executor: damage, pump and keyword grants,
destroy, exile, bounce, return from a graveyard, tap/untap, draw, discard, life, counters,
regeneration, damage prevention (and Fog), counterspells and creature tokens. More executors
live in fx_oneshots, fx_timing, fx_statics and fx_mana (mixed in above ``SpellActions``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from frontier_desktop.rules.core import equipment, planeswalkers
from frontier_desktop.rules.effects.nodes import (
    Attach, Bounce, CounterSpell, CreateToken, DealDamage, Destroy, Discard, Draw, Effect, Exile,
    GainLife, GrantKeyword, LoseLife, PreventDamage, Pump, PutCounters, Regenerate,
    ReturnFromGraveyard, Selector, Tap, Trigger, Untap,
)
from frontier_desktop.rules.effects.targeting import COLOUR_LETTER, target_slots
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.sba import destroy_by_effect
from frontier_desktop.rules.core.shared import leave_battlefield
from frontier_desktop.rules.core.shared import is_square, permanents_in
from frontier_desktop.rules.core.life import shield_prevents
from frontier_desktop.rules.core.spell_context import _Context, _decode_target
from frontier_desktop.rules.core.spell_grants import (
    PREVENT_ALL, prevent, protected_from,
)
from frontier_desktop.rules.core.spell_paying import PayingActions
from frontier_desktop.rules.core.spell_reading import by_hand_text, enters_tapped, executed


class ExecutorActions(PayingActions):
    """Runs effects and carries them out; a base of ``SpellActions``."""

    land_target_kinds: ClassVar[frozenset[str]] = frozenset()
    """Effect kinds whose executors follow a land square as a target (fx_mana.ManaActions)."""

    LAND_EXECUTORS: frozenset[str] = frozenset()
    """Effect kinds whose executors take a land's square as a target (fx_oneshots)."""

    # provided by Frontier
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
            ctx.area = self.variant.effect_area(state, item, source)
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
                self.variant.player_damage_to_land and effect.kind == "deal_damage"):
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
                self.variant.damage_to_player(ctx, obj[1], amount, events)
            elif is_square(obj):
                if not self.variant.damage_to_place(ctx, obj, amount, events):
                    return None
            elif isinstance(obj, str) and obj in state.perms:
                perm = state.perms[obj]
                left = shield_prevents(state, [ctx.source_label], obj, amount, events)
                dealt = 0 if protected_from(state, perm, ctx.source_label) else \
                    prevent(perm, left)
                # A planeswalker loses loyalty counters instead (rules/core/planeswalkers).
                if dealt and not planeswalkers.deal_damage(state, perm, dealt,
                                                           ctx.source_label, events):
                    perm.damage += dealt
                    events.append({"type": "damage", "source": ctx.source_label, "target": obj,
                                   "amount": dealt})
                if left > dealt:
                    events.append({"type": "prevented", "unit": obj, "amount": left - dealt})
        return reached

    def _exec_attach(self, ctx: _Context, effect: Attach,
                     events: list[Event]) -> list[Any] | None:
        """"Equip": attach the source to its target creature (rules/core/equipment.py)."""
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        return equipment.attach(ctx.state, ctx.source, objs, events)

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
            destroy_by_effect(ctx.state, self.variant.where, perm, events,
                              reason=f"destroyed by {ctx.name}",
                              regenerate=not effect.no_regenerate)
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
                where = self.variant.put_onto_battlefield(
                    state, card_id, ctx.seat, events,
                    sick=card.is_creature and not card.has("haste"), tapped=enters_tapped(card))
                if card_id not in state.perms:
                    continue  # the variant has no room for it (the War Game's stronghold)
                events.append({"type": "returned", "player": ctx.seat, "card": name,
                               "to": where, "unit": card_id})
            moved.append(card_id)
        return moved

    def _exec_exile(self, ctx: _Context, effect: Exile, events: list[Event]) -> list[Any] | None:
        return _send_away(ctx, effect.to, "exile", "exiled", events)

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
            self.variant.draw(ctx.state, seat, ctx.amount(effect.amount), events)
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
            rng = self.variant.game_rng(ctx.state)
            for _ in range(min(count, len(hand))):
                card_id = hand.pop(rng.randbelow(len(hand)))
                ctx.state.players[seat].graveyard.append(card_id)
                events.append({"type": "discarded", "player": seat,
                               "card": ctx.state.name(card_id), "id": card_id})
            self.variant.save_rng(ctx.state, rng)
        return [("player", s) for s in seats]

    def _exec_gain_life(self, ctx: _Context, effect: GainLife, events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        for seat in seats:
            self.variant.life_change(ctx, seat, ctx.amount(effect.amount), events)
        return [("player", s) for s in seats]

    def _exec_lose_life(self, ctx: _Context, effect: LoseLife, events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        for seat in seats:
            self.variant.life_change(ctx, seat, -ctx.amount(effect.amount), events)
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
            # "Prevent all combat damage that would be dealt this turn" (Fog); the War Game:
            # only in the combat of the terrain chosen as its origin (damage.fog).
            origin = ctx.item.get("origin")
            if origin is not None:
                marked = ctx.state.extra.get("no_combat_damage_at") or {}
                places = list(marked.get("places", ())) if marked.get("turn") == \
                    ctx.state.turn else []
                ctx.state.extra["no_combat_damage_at"] = {"turn": ctx.state.turn,
                                                          "places": [*places, origin]}
                events.append({"type": "fog", "player": ctx.seat, "card": ctx.name,
                               "at": origin})
                return []
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
        return _send_away(ctx, effect.to, "hand", "returned", events)

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
        from frontier_desktop.rules.core.shared import token_card

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
            where = self.variant.put_onto_battlefield(state, unit_id, ctx.seat, events, sick=True)
            if unit_id not in state.perms:
                continue  # the variant has no room for it (the War Game's stronghold)
            events.append({"type": "token", "player": ctx.seat, "unit": unit_id,
                           "name": card.name, "at": where})
            made.append(unit_id)
        return made


def _send_away(ctx: _Context, to: Any, zone: str, verb: str,
               events: list[Event]) -> list[Any] | None:
    """Exile or bounce: the permanents *to* names leave the battlefield for *zone* ("exiled
    by …", "returned by …"); None when it names something that is no permanent."""
    objs = ctx.objects(to)
    if objs is None or any(not isinstance(o, str) for o in objs):
        return None
    for obj in objs:
        perm = ctx.state.perms.get(obj)
        if perm is not None:
            leave_battlefield(ctx.state, perm, zone, events, reason=f"{verb} by {ctx.name}")
    return objs
