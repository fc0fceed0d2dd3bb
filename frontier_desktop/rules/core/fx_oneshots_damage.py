"""fx-oneshots' executors for damage, prevention, shields, life, counters, tokens and
tapping (mixed into :class:`.fx_oneshots.OneShotActions`)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from frontier_desktop.rules.effects import nodes as n
from frontier_desktop.rules.effects.mana_support import land_target_problem
from frontier_desktop.rules.effects.oneshots import amount_supported
from frontier_desktop.rules.effects.oneshots_nodes import (
    CantRegenerate, DamageByValue, DamageEachPlus, DamageEvenly, DamageThose, ExchangeLife,
    ExileTopPrevented, FlyerShield, IfColour, NamedToken, RedirectNext, SelfShield, SourceShield,
    TapOrUntap, TwoDamage,
)
from frontier_desktop.rules.effects.targeting import COLOUR_LETTER, describe_target
from frontier_desktop.rules.mana import mana_value
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.spell_context import _Context
from frontier_desktop.rules.core.shared import is_square
from frontier_desktop.rules.core.amounts import amount_of
from frontier_desktop.rules.core.fx_oneshots_base import _card_matches_source, _labels, OneShotBase
from frontier_desktop.rules.core.life import shield_prevents


class OneShotDamage(OneShotBase):
    """Damage, prevention and the like (see :mod:`.fx_oneshots`)."""

    def _exec_additional_cost(self, ctx: _Context, effect: n.AdditionalCost,
                              events: list[Event]) -> list[Any] | None:
        """Paid when the spell was cast (frontier.py _do_cast): nothing to do now, unless the
        cast named nothing to sacrifice (that part was then the players')."""
        if any(isinstance(c, n.SacrificeCost) for c in effect.cost) and \
                "sacrificed_lki" not in ctx.item:
            return None
        return list(ctx.previous)

    def _exec_create_token(self, ctx: _Context, effect: n.CreateToken,
                           events: list[Event]) -> list[Any] | None:
        if effect.who is None:
            return super()._exec_create_token(ctx, effect, events)
        if effect.who.ref == "target":
            seats = self._players(ctx, effect.who)
            if seats is None:
                return None
            made: list[Any] = []
            for seat in seats:
                other = _Context(ctx.state, seat, ctx.source, ctx.name, ctx.x, ctx.chosen,
                                 ctx.previous, ctx.item)
                made += super()._exec_create_token(
                    other, dataclasses.replace(effect, who=None), events) or []
            return made
        if effect.who.ref != "controller":
            return None
        # "Its controller creates …": the controller of what the spell reached (the last
        # known controller of a destroyed creature: the graveyard's owner).
        first = ctx.previous[0] if ctx.previous else None
        owner: int | None = None
        if isinstance(first, str) and first in ctx.state.perms:
            owner = ctx.state.perms[first].controller
        else:
            for event in reversed(events):
                if event.get("unit") == first and "controller" in event:
                    owner = int(event["controller"])
                    break
        if owner is None:
            return None
        other = _Context(ctx.state, owner, ctx.source, ctx.name, ctx.x, ctx.chosen,
                         ctx.previous, ctx.item)
        return super()._exec_create_token(other, dataclasses.replace(effect, who=None), events)

    def _exec_put_counters(self, ctx: _Context, effect: n.PutCounters,
                           events: list[Event]) -> list[Any] | None:
        if effect.counter != "poison":
            return super()._exec_put_counters(ctx, effect, events)
        objs = [("player", s) for s in self.variant.defending_players(ctx.state, ctx.seat)] if \
            effect.to.ref == "defending_player" else ctx.objects(effect.to)
        if objs is None or (not objs and effect.to.ref == "defending_player"):
            return None
        seats = [int(o[1]) for o in objs if isinstance(o, tuple) and o[0] == "player"]
        if len(seats) != len(objs):
            return None
        counts = dict(ctx.state.extra.get("fx_poison", {}))
        for seat in seats:
            counts[str(seat)] = int(counts.get(str(seat), 0)) + ctx.amount(effect.amount)
            events.append({"type": "poison", "player": seat, "count": counts[str(seat)],
                           "by": ctx.name})
        ctx.state.extra["fx_poison"] = counts  # ten lose the game (frontier.py _check_winner)
        return objs

    def _exec_prevent_damage(self, ctx: _Context, effect: n.PreventDamage,
                             events: list[Event]) -> list[Any] | None:
        var = effect.amount.var
        if var == "all" and effect.combat_only and effect.to is None and effect.by is not None:
            objs = ctx.objects(effect.by)
            if objs is None or any(not isinstance(o, str) for o in objs):
                return None
            silent = dict(ctx.state.extra.get("fx_silenced", {}))
            for obj in objs:
                if obj in ctx.state.perms:
                    silent[obj] = ctx.state.turn
                    events.append({"type": "silenced", "unit": obj, "by": ctx.name})
            ctx.state.extra["fx_silenced"] = silent
            return objs
        if var == "the next time" and effect.by is not None and effect.to is not None:
            return self._ask_source(ctx, effect, events)
        if var in ("", "X") and effect.to is not None and effect.by is None and \
                not effect.combat_only:
            amount = ctx.amount(effect.amount)
            objs = ctx.objects(effect.to)
            if objs is None:
                return None
            for obj in objs:
                if isinstance(obj, tuple) and obj[0] == "player":
                    ctx.state.players[obj[1]].prevent += amount
                    events.append({"type": "prevention", "amount": amount, "player": obj[1]})
                elif isinstance(obj, str) and obj in ctx.state.perms:
                    ctx.state.perms[obj].prevent += amount
                    events.append({"type": "prevention", "amount": amount, "unit": obj})
            return objs
        return super()._exec_prevent_damage(ctx, effect, events)

    def _exec_tap(self, ctx: _Context, effect: n.Tap, events: list[Event]) -> list[Any] | None:
        if _land_problem(ctx, effect):
            return None
        return self._set_tapped_any(ctx, effect.to, True, events)

    def _exec_untap(self, ctx: _Context, effect: n.Untap,
                    events: list[Event]) -> list[Any] | None:
        if _land_problem(ctx, effect):
            return None
        return self._set_tapped_any(ctx, effect.to, False, events)

    def _exec_deal_damage(self, ctx: _Context, effect: n.DealDamage,
                          events: list[Event]) -> list[Any] | None:
        if effect.amount.var in ("", "X") and effect.source is None and not effect.divided:
            return super()._exec_deal_damage(ctx, effect, events)

        if effect.divided:
            return self._divided(ctx, effect, events)
        if effect.amount.var not in ("", "X") and not amount_supported(effect.amount):
            return None
        source = ctx.source_label
        if effect.source is not None:
            said = effect.source.text.lower()
            if effect.source.ref != "that" or said not in ("it", "that creature"):
                return None
            if said == "it" and ctx.previous:
                return None  # "It deals …" first in an ability: the permanent (Flame Elemental)
            if said == "that creature":  # Tracker: the creature the first clause reached
                first = ctx.previous[0] if ctx.previous else None
                if not isinstance(first, str) or first not in ctx.state.perms:
                    return []
                source = first
        reached: list[Any] = []
        for sel in effect.to:
            objs = ctx.objects(sel)
            if sel.ref == "that" and sel.text.lower() == "that player" and \
                    ctx.item.get("kind") == "trigger" and not any(
                        isinstance(o, tuple) and o[0] == "player" for o in objs or ()):
                objs = [("player", ctx.state.active)]  # "each player's upkeep …, that player"
            if objs is None:
                return None
            reached.extend(objs)
        for obj in reached:
            if effect.amount.var in ("", "X"):
                amount = ctx.amount(effect.amount)
            elif source != ctx.source_label and re.fullmatch(r"equal to its power",
                                                             effect.amount.var):
                from frontier_desktop.rules.core.hooks import effective_pt

                perm = ctx.state.perms[source]
                amount = max(0, effective_pt(ctx.state, perm, ctx.state.occupants())[0])
            else:
                amount = amount_of(ctx, effect.amount, obj)
            self.variant.damage_one(ctx, source, obj, amount, events)
        return reached

    def damage_one(self, ctx: _Context, source: str, obj: Any, amount: int,
                    events: list[Event]) -> None:
        from frontier_desktop.rules.core.planeswalkers import deal_damage
        from frontier_desktop.rules.core.life import damage_player
        from frontier_desktop.rules.core.spell_grants import prevent, protected_from

        state = ctx.state
        if amount <= 0:
            return
        if isinstance(obj, tuple) and obj[0] == "player":
            damage_player(state, obj[1], amount, source, events)
        elif isinstance(obj, tuple) and len(obj) == 2 and isinstance(obj[0], int):
            self.variant.damage_to_place(ctx, obj, amount, events)  # Army: a land's life (hook)
        elif isinstance(obj, str) and obj in state.perms:
            perm = state.perms[obj]
            left = shield_prevents(state, [source], obj, amount, events)
            dealt = 0 if protected_from(state, perm, source) else prevent(perm, left)
            # A planeswalker loses loyalty counters instead (rules/core/planeswalkers).
            if dealt and not deal_damage(state, perm, dealt, source, events):
                perm.damage += dealt
                events.append({"type": "damage", "source": source, "target": obj,
                               "amount": dealt})
            if left > dealt:
                events.append({"type": "prevented", "unit": obj, "amount": left - dealt})

    def _divided(self, ctx: _Context, effect: n.DealDamage,
                 events: list[Event]) -> list[Any] | None:
        """"N damage divided as you choose among any number of targets": each target slot is
        one point; a target named k times is dealt k (still-legal targets only)."""
        from frontier_desktop.rules.effects.targeting import divided_points

        if len(effect.to) != 1 or divided_points(effect, effect.to[0], ctx.x) is None:
            return None
        shares: dict[Any, int] = {}
        for obj in ctx.chosen.get(id(effect.to[0]), []):
            shares[obj] = shares.get(obj, 0) + 1
        for obj, amount in shares.items():
            self.variant.damage_one(ctx, ctx.source_label, obj, amount, events)
        return list(shares)

    def _exec_if_colour(self, ctx: _Context, effect: IfColour,
                        events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        letter = COLOUR_LETTER[effect.colour]
        state = ctx.state
        done: list[Any] = []
        for obj in objs:
            if isinstance(obj, tuple) and obj[0] == "stack" and effect.verb == "counter":
                item = next((i for i in state.stack if i["id"] == obj[1]), None)
                card = state.defs.get(str(item["card"])) if item else None
                if card is not None and letter in card.colors:
                    self.counter_item(state, str(obj[1]), ctx.name, events)
                    done.append(obj)
            elif isinstance(obj, str) and obj in state.perms and effect.verb == "destroy":
                if letter not in state.card(obj).colors:
                    continue
                from frontier_desktop.rules.core.sba import destroy_by_effect

                destroy_by_effect(state, self.variant.where, state.perms[obj], events,
                                  reason=f"destroyed by {ctx.name}",
                                  regenerate=not effect.no_regenerate)
                done.append(obj)
            elif not isinstance(obj, (str, tuple)):
                return None
        return done

    def _exec_gain_life(self, ctx: _Context, effect: n.GainLife,
                        events: list[Event]) -> list[Any] | None:
        if effect.amount.var == "equal to the damage prevented this way":
            return self._after_prevention(ctx, "gain", events)
        return super()._exec_gain_life(ctx, effect, events)

    def _exec_exile_top_prevented(self, ctx: _Context, effect: ExileTopPrevented,
                                  events: list[Event]) -> list[Any] | None:
        return self._after_prevention(ctx, "exile_top", events)

    def _after_prevention(self, ctx: _Context, then: str,
                          events: list[Event]) -> list[Any] | None:
        """"… equal to the damage prevented this way": carried out by the shield the source
        choice before it makes (shield_prevents), when it prevents damage."""
        pending = ctx.state.decision
        fx = (pending or {}).get("_fx") or {}
        if fx.get("what") == "source" and pending is not None and \
                int(pending["player"]) == ctx.seat:
            fx["then"] = then
            return list(ctx.previous)
        if ctx.state.decision is None and any(
                e.get("type") == "no_choice" and e.get("card") == ctx.name for e in events):
            return []  # no source to choose: nothing will be prevented
        return None

    def _exec_exchange_life(self, ctx: _Context, effect: ExchangeLife,
                            events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or len(objs) != 1 or not (isinstance(objs[0], tuple)
                                                  and objs[0][0] == "player"):
            return None if objs is None or objs else []
        mine, theirs = ctx.state.players[ctx.seat], ctx.state.players[int(objs[0][1])]
        if effect.within and abs(mine.life - theirs.life) > effect.within:
            return objs  # Psychic Transfer: the totals differ by more than that
        mine.life, theirs.life = theirs.life, mine.life
        for seat, p in ((ctx.seat, mine), (int(objs[0][1]), theirs)):
            events.append({"type": "life", "player": seat, "life": p.life, "delta": 0,
                           "exchanged": True})
        return objs

    def _exec_named_token(self, ctx: _Context, effect: NamedToken,
                          events: list[Event]) -> list[Any] | None:
        token = dataclasses.replace(effect.token, types=(effect.name, "Creature"))
        return super()._exec_create_token(ctx, token, events)

    def _exec_two_damage(self, ctx: _Context, effect: TwoDamage,
                         events: list[Event]) -> list[Any] | None:
        first = self._exec_deal_damage(ctx, effect.first, events)
        if first is None:
            return None
        second = self._exec_deal_damage(ctx, effect.second, events)
        return None if second is None else first + second

    def _exec_damage_those(self, ctx: _Context, effect: DamageThose,
                           events: list[Event]) -> list[Any] | None:
        from frontier_desktop.rules.core.keywords import has_ability_id

        hit = [o for o in ctx.previous if isinstance(o, str) and o in ctx.state.perms
               and has_ability_id(ctx.state, o, effect.keyword.replace(" ", "_"))]
        for obj in hit:
            self.variant.damage_one(ctx, ctx.source_label, obj, ctx.amount(effect.amount), events)
        return hit

    def _exec_damage_each_plus(self, ctx: _Context, effect: DamageEachPlus,
                               events: list[Event]) -> list[Any] | None:
        from frontier_desktop.rules.effects.targeting import spec_problem

        state = ctx.state
        base = ctx.amount(effect.amount)
        shares: dict[str, int] = {}
        for pid in sorted(state.perms):
            if state.perms[pid].zone == "attached":
                continue
            total = 0
            if spec_problem(state, effect.first, pid, seat=ctx.seat, source=ctx.source) is None:
                total += base
            if spec_problem(state, effect.second, pid, seat=ctx.seat, source=ctx.source) is None:
                total += effect.extra
            if total:
                shares[pid] = total
        for pid, amount in shares.items():
            self.variant.damage_one(ctx, ctx.source_label, pid, amount, events)
        return list(shares)

    def _exec_damage_by_value(self, ctx: _Context, effect: DamageByValue,
                              events: list[Event]) -> list[Any] | None:
        first = ctx.previous[0] if ctx.previous else None
        if not isinstance(first, str) or first not in ctx.state.cards:
            return []
        seat: int | None = None
        if first in ctx.state.perms:
            seat = ctx.state.perms[first].controller
        else:
            for event in reversed(events):
                if event.get("unit") == first and "controller" in event:
                    seat = int(event["controller"])
                    break
        if seat is None:
            seat = ctx.state.owner(first)
        amount = mana_value(ctx.state.card(first).mana_cost)
        self.variant.damage_one(ctx, ctx.source_label, ("player", seat), amount, events)
        return [("player", seat)]

    def _exec_damage_evenly(self, ctx: _Context, effect: DamageEvenly,
                            events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        state = ctx.state
        hit = [pid for pid, p in sorted(state.perms.items()) if p.controller in seats
               and p.zone != "attached" and state.card(pid).is_creature]
        if not hit:
            return []
        each = ctx.amount(effect.amount) // len(hit)
        for pid in hit:
            self.variant.damage_one(ctx, ctx.source_label, pid, each, events)
        return hit

    def _exec_redirect_next(self, ctx: _Context, effect: RedirectNext,
                            events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs) or ctx.source is None:
            return None
        state = ctx.state
        for obj in objs:
            state.extra["fx_shields"] = list(state.extra.get("fx_shields", [])) + [
                {"turn": state.turn, "source": "", "to": obj, "redirect": ctx.source,
                 "left": ctx.amount(effect.amount)}]
            events.append({"type": "redirection", "unit": obj, "to": ctx.source,
                           "amount": ctx.amount(effect.amount), "by": ctx.name})
        return objs

    def _exec_self_shield(self, ctx: _Context, effect: SelfShield,
                          events: list[Event]) -> list[Any] | None:
        if ctx.source is None:
            return None
        state = ctx.state
        state.extra["fx_shields"] = list(state.extra.get("fx_shields", [])) + [
            {"turn": state.turn, "source": ctx.source, "to": ["player", ctx.seat],
             "seat": ctx.seat, "then": "", "combat": False, "card": ""}]
        events.append({"type": "chosen", "player": ctx.seat, "by": ctx.name,
                       "source": ctx.source, "name": ctx.name})
        return [("player", ctx.seat)]

    def _exec_cant_regenerate(self, ctx: _Context, effect: CantRegenerate,
                              events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        marks = dict(ctx.state.extra.get("fx_no_regen", {}))
        for obj in objs:
            if obj in ctx.state.perms:
                marks[obj] = ctx.state.turn
                events.append({"type": "no_regeneration", "unit": obj, "by": ctx.name})
        ctx.state.extra["fx_no_regen"] = marks
        return objs

    def _ask_source(self, ctx: _Context, effect: n.PreventDamage,
                    events: list[Event]) -> list[Any] | None:
        assert effect.by is not None and effect.to is not None
        if ctx.state.decision is not None:
            return None
        protected = ctx.objects(effect.to)
        if protected is None:
            return None
        if not protected:
            return []
        spec = effect.by.spec
        state = ctx.state
        found: list[str] = []
        for pid in sorted(state.perms):
            found.append(pid)
        found += [str(i["obj"]) for i in state.stack if i.get("kind") == "spell"]
        ids = [c for c in found if spec is None or _card_matches_source(state.card(c), spec)]
        if not ids:
            events.append({"type": "no_choice", "player": ctx.seat, "card": ctx.name,
                           "what": "source"})
            return []
        to = protected[0]
        labels = _labels(state, ids)
        whom = "you" if to == ("player", ctx.seat) else describe_target(state, to)
        what = spec.text if spec is not None and spec.text else "source"
        self._ask(ctx, f"{ctx.name}: choose the {what} whose next damage to {whom} this "
                       "turn is prevented", labels,
                  {"what": "source", "ids": ids, "to": list(to) if isinstance(to, tuple)
                   else to}, events)
        return protected

    def _exec_source_shield(self, ctx: _Context, effect: SourceShield,
                            events: list[Event]) -> list[Any] | None:
        """Reflect Damage, Eye for an Eye, Forcefield: a source chosen on resolution."""
        prevent = n.PreventDamage(n.Amount(1, "the next time"),
                                  effect.to or n.Selector("you", text="you"),
                                  effect.combat_only, effect.by, text=effect.text)
        done = self._ask_source(ctx, prevent, events)
        fx = ((ctx.state.decision or {}).get("_fx") or {})
        if fx.get("what") == "source":
            fx["then"] = effect.mode
            fx["combat"] = effect.combat_only
            fx["card"] = ctx.source_label
            if effect.to is None:
                fx["to"] = "any"
                ctx.state.decision["prompt"] = (  # type: ignore[index]
                    f"{ctx.name}: choose the source whose next damage this turn is dealt to "
                    "its controller instead")
        return done

    def _exec_flyer_shield(self, ctx: _Context, effect: FlyerShield,
                           events: list[Event]) -> list[Any] | None:
        state = ctx.state
        state.extra["fx_shields"] = list(state.extra.get("fx_shields", [])) + [
            {"turn": state.turn, "source": "", "to": ["player", ctx.seat],
             "keyword": effect.keyword}]
        events.append({"type": "shielded_from", "player": ctx.seat,
                       "what": f"creatures with {effect.keyword}", "by": ctx.name})
        return [("player", ctx.seat)]

    def _exec_tap_or_untap(self, ctx: _Context, effect: TapOrUntap,
                           events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or len(objs) > 1 or ctx.state.decision is not None:
            return None
        if not objs:
            return []
        target = objs[0]
        options = ["Tap it", "Untap it"] + (["Leave it"] if effect.may else [])
        self._ask(ctx, f"{ctx.name}: tap or untap {describe_target(ctx.state, target)}?",
                  options, {"what": "tap_or_untap",
                            "target": list(target) if isinstance(target, tuple) else target},
                  events)
        return objs


def _land_problem(ctx: _Context, effect: n.Tap | n.Untap) -> bool:
    """A land square is chosen but the effect's land targets are not followed (more than one,
    "up to", …: mana_support.land_target_problem)."""
    squares = any(is_square(t) for targets in ctx.chosen.values() for t in targets)
    return squares and bool(land_target_problem(effect))
