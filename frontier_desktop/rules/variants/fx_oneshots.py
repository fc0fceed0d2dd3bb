"""One-shot effect executors (fx-oneshots), mixed into :class:`Frontier` before SpellActions.

What they carry out (the forms: ``rules/effects/oneshots.py`` ``oneshot_qualifier``):

- a permanent put on top of its owner's library; a card exiled from a graveyard or put from
  a graveyard onto the battlefield (the staging row of the spell's controller);
- "its controller creates …" tokens; poison counters for players (ten lose the game);
- prevention: the next N (or X) damage to a target or to you; all combat damage a target
  creature would deal this turn (its power counts 0 in combat); "the next time a … source of
  your choice would deal damage to you (any target) this turn, prevent that damage" (the source
  is chosen on resolution through a ``choice`` decision);
- tap / untap a target land (a square: ``tapped_by`` is the land's controller, or the caster
  when nobody stands on it) and "(you may) tap or untap" (a ``choice``);
- counted amounts ("equal to its mana value", "the sacrificed creature's toughness",
  "CARDNAME's power", "the number of Mountains you control": the lands your creatures stand
  on, "cards in that player's hand", half your life rounded up);
- life exchange; Wheel of Fortune, Timetwister, Winds of Change; "look at target player's hand"
  (a private event for the caster); Brainstorm's put-back (a ``choice``, one card at a time);
- tutors: the library is hidden, so the searcher chooses among the matching cards through a
  ``choice`` whose options only they see (``_options``; views.py shows them to that seat only);
- costs: "As an additional cost to cast this spell, pay N life"; "Discard a card at random".

A ``choice`` of this module carries ``"prompt"`` (what is asked, in words) and ``"_fx"`` (the
engine's bookkeeping, never shown); it is answered by ``choose`` with an option (its text or
its index) through :meth:`OneShotActions.answer_oneshot`.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects import nodes as n
from frontier_desktop.rules.effects.oneshots import (
    HALF_LIFE, BounceOwn, CantRegenerate, ChooseFromHand, DiscardThose, ExchangeLife,
    ExileGraveyard, ExileTopCost, GraveyardToBottom, GraveyardToTop, HandToTop, LookAtHand,
    LookTop, MayDraw, PutFromHand, PutLooked, Refill, ReturnAllOwned, SearchExile,
    ShuffleLibrary, TapOrUntap, cost_supported, land_type_of, ExileTopPrevented, IfColour,
    DamageByValue, DamageEachPlus, DamageEvenly, DamageThose, ExileRandomRest, NamedToken,
    ReturnAuras, TwoDamage, is_land_search, FlyerShield, SourceShield, IfLand, RedirectNext,
    RevealCard, DiscardHand, MayBottom, SelfShield,
)
from frontier_desktop.rules.effects.targeting import COLOUR_LETTER, describe_target
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.variants.frontier_combat import gain_life
from frontier_desktop.rules.variants.shared import leave_battlefield
from frontier_desktop.rules.variants.frontier_spells import (
    PREVENT_ALL, SpellActions, _Context, enters_tapped, reading_of,
)

POISON_LIMIT = 10
"""A player with this many poison counters loses the game."""


# ====================================================================== state helpers
def poison(state: GameState, seat: int) -> int:
    """The poison counters *seat* has."""
    return int(state.extra.get("fx_poison", {}).get(str(seat), 0))


def silenced(state: GameState, unit: str) -> bool:
    """Whether all combat damage *unit* would deal this turn is prevented (Horn of
    Deafening): its power counts 0 in combat."""
    return bool(state.extra.get("fx_silenced", {}).get(unit) == state.turn)


def shield_prevents(state: GameState, sources: list[str], target: Any, amount: int,
                    events: list[Event], *, combat: bool = False) -> int:
    """Use the shields on *target* (``("player", N)`` or a unit id) against damage from
    *sources*; the damage still dealt.

    A "the next time a source of your choice would deal damage" shield is used once: it
    prevents the damage (``then``: and gains life / exiles the library's top as much), reflects
    it to the source's controller, prevents all but 1, or lets it through while its card deals
    as much to that controller (Eye for an Eye). When several creatures deal one packet of
    combat damage, the shielded source's share is its power. A "by creatures with flying"
    shield prevents all such damage this turn.
    """
    shields = state.extra.get("fx_shields")
    if not shields or amount <= 0:
        return amount
    key = list(target) if isinstance(target, tuple) else target
    for shield in list(shields):
        if shield["turn"] != state.turn or shield["to"] not in (key, "any"):
            continue
        if shield.get("redirect"):  # "… is dealt to CARDNAME instead" (Daughter of Autumn)
            into = state.perms.get(str(shield["redirect"]))
            if into is None or into.id == key:
                continue
            moved = min(int(shield["left"]), amount)
            rest = int(shield["left"]) - moved
            state.extra["fx_shields"] = [s for s in shields if s is not shield] + (
                [{**shield, "left": rest}] if rest else [])
            into.damage += moved
            events.append({"type": "damage", "source": sources[0], "target": into.id,
                           "amount": moved, "redirected": True})
            return amount - moved
        if shield.get("keyword"):
            from frontier_desktop.rules.variants.frontier_board import has_ability_id

            if any(s in state.perms and state.card(s).is_creature
                   and has_ability_id(state, s, str(shield["keyword"])) for s in sources):
                _prevented_event(key, amount, sources[0], events)
                return 0
            continue
        if shield["source"] not in sources or (shield.get("combat") and not combat):
            continue
        share = amount
        if len(sources) > 1:
            from frontier_desktop.rules.variants.frontier_board import effective_pt

            perm = state.perms.get(shield["source"])
            share = max(0, effective_pt(state, perm, state.occupants())[0]) if perm else 0
        share = min(share, amount)
        state.extra["fx_shields"] = [s for s in shields if s is not shield]
        then, seat = shield.get("then", ""), shield.get("seat")
        controller = _controller(state, str(shield["source"]))
        if then == "eye":  # the damage is dealt; the Eye deals as much to the controller
            if controller is not None and share:
                from frontier_desktop.rules.variants.frontier_combat import damage_player

                damage_player(state, controller, share, str(shield.get("card") or ""), events)
            return amount
        stopped = max(0, share - 1) if then == "all_but_1" else share
        if stopped:
            _prevented_event(key, stopped, shield["source"], events)
            if then == "gain" and isinstance(seat, int):
                gain_life(state, seat, stopped, events)  # Reverse Damage
            elif then == "exile_top" and isinstance(seat, int):
                player = state.players[seat]  # Bone Mask
                for _ in range(min(stopped, len(player.library))):
                    card_id = player.library.pop(0)
                    player.exile.append(card_id)
                    events.append({"type": "exiled", "player": seat, "card": state.name(card_id),
                                   "from": "library", "by": "the prevention"})
            elif then == "reflect" and controller is not None:  # Reflect Damage
                from frontier_desktop.rules.variants.frontier_combat import damage_player

                damage_player(state, controller, stopped, str(shield["source"]), events)
        return amount - stopped
    return amount


def _prevented_event(key: Any, amount: int, source: str, events: list[Event]) -> None:
    event: Event = {"type": "prevented", "amount": amount, "source": source}
    event.update({"player": key[1]} if isinstance(key, list) else {"unit": key})
    events.append(event)


def _controller(state: GameState, obj: str) -> int | None:
    """The controller of a permanent or of a spell on the stack (its owner otherwise)."""
    if obj in state.perms:
        return state.perms[obj].controller
    for item in state.stack:
        if item.get("obj") == obj:
            return int(item["controller"])
    return state.owner(obj) if obj in state.cards else None


def _mana_value(card: Card) -> int:
    total = 0
    for sym in re.findall(r"\{([^}]+)\}", card.mana_cost or ""):
        total += int(sym) if sym.isdigit() else (0 if sym.upper() == "X" else 1)
    return total


def _card_matches(card: Card, spec: n.TargetSpec) -> bool:
    """Whether a card in a hidden zone (a library) fits "a blue instant card"."""
    from frontier_desktop.rules.effects.targeting import _card_problem

    nouns = spec.noun.split("_or_")
    kinds = {t.lower() for t in card.types}
    if "card" not in nouns and not kinds & set(nouns):
        return False
    return _card_problem(spec, card.colors, card.types, card.subtypes, "", nouns,
                         spell=True) is None


def amount_of(ctx: _Context, amount: n.Amount, target: Any = None) -> int:
    """A counted amount (``oneshots.AMOUNT_PATTERNS``); *target*: the object it goes to (for
    "that player's hand"). An amount it doesn't know counts its number (as before)."""
    state, var = ctx.state, amount.var
    if var == HALF_LIFE:
        return max(0, (state.players[ctx.seat].life + 1) // 2)
    m = re.fullmatch(r"half the number of (\w+) you control, rounded up", var)
    if m:
        count = _lands_of(state, ctx.seat, str(land_type_of(f"number of {m.group(1)} you control")))
        return (count + 1) // 2
    m = re.fullmatch(r"equal to the number of (\w+|nonbasic lands) they control", var)
    if m:
        if not (isinstance(target, tuple) and target[0] == "player"):
            return 0
        what = m.group(1)
        if what == "nonbasic lands":
            return _lands_of(state, int(target[1]), "") * amount.n
        return _lands_of(state, int(target[1]),
                         str(land_type_of(f"number of {what} you control"))) * amount.n
    m = re.fullmatch(r"(\d+) minus the number of cards in their hand", var)
    if m:
        if not (isinstance(target, tuple) and target[0] == "player"):
            return 0
        return max(0, int(m.group(1)) - len(state.players[int(target[1])].hand))
    m = re.fullmatch(r"(\d+) plus the number of (\w+) creatures on the battlefield", var)
    if m:
        letter = COLOUR_LETTER[m.group(2)]
        return int(m.group(1)) + sum(1 for pid, p in state.perms.items()
                                     if p.zone != "attached" and state.card(pid).is_creature
                                     and letter in state.card(pid).colors)
    m = re.fullmatch(r"(\d+) plus the number of creatures that died this way", var)
    if m:
        return int(m.group(1)) + sum(1 for o in ctx.previous if isinstance(o, str)
                                     and o not in state.perms)
    if re.fullmatch(r"equal to (?:its|that creature's|that card's) mana value", var):
        first = next((o for o in ctx.previous if isinstance(o, str) and o in state.cards), None)
        return _mana_value(state.card(first)) * amount.n if first else 0
    m = re.fullmatch(r"equal to the sacrificed creature's (power|toughness|mana value)", var)
    if m:
        lki = (ctx.item.get("sacrificed_lki") or [{}])[0]
        return int(lki.get(m.group(1), 0)) * amount.n
    if re.fullmatch(r"equal to (?:its|cardname's) power", var):
        return _source_power(ctx) * amount.n
    land = land_type_of(var)
    if land is not None:
        from frontier_desktop.rules.variants import find_variant

        owned = find_variant(state.variant).land_controllers(state)
        return sum(1 for pos, seat in owned.items() if seat == ctx.seat
                   and state.cells[pos].face_up and state.cells[pos].land is not None
                   and land in state.card(str(state.cells[pos].land)).subtypes) * amount.n
    if var == "equal to the number of cards in that player's hand":
        if isinstance(target, tuple) and target[0] == "player":
            return len(state.players[int(target[1])].hand) * amount.n
        return 0
    if var == "equal to the number of cards in your hand":
        return len(state.players[ctx.seat].hand) * amount.n
    m = re.fullmatch(r"cards in your hand minus (\d+)", var)
    if m:
        return max(0, len(state.players[ctx.seat].hand) - int(m.group(1))) * amount.n
    m = re.fullmatch(r"X plus (\d+)", var)
    if m:
        return ctx.x + int(m.group(1))
    if re.fullmatch(r"equal to (?:its|cardname's) toughness", var):
        first = next((o for o in ctx.previous if isinstance(o, str)), None)
        perm = state.perms.get(first) if first else None
        if perm is not None:
            from frontier_desktop.rules.variants.frontier_board import effective_pt

            return max(0, effective_pt(state, perm, state.occupants())[1]) * amount.n
        return 0
    if var == "twice the number of white creatures that player controls":
        if not (isinstance(target, tuple) and target[0] == "player"):
            return 0
        return 2 * sum(1 for pid, p in state.perms.items() if p.controller == int(target[1])
                       and p.zone != "attached" and state.card(pid).is_creature
                       and "W" in state.card(pid).colors)
    if var == "equal to the number of attacking creatures":
        from frontier_desktop.rules.variants import find_variant

        variant = find_variant(state.variant)
        attacking = variant.attacking_ids(state) if isinstance(variant, SpellActions) else []
        return len(attacking) * amount.n
    return amount.n


def _lands_of(state: GameState, seat: int, land_type: str) -> int:
    """Face-up lands *seat* controls (their creatures stand on them) of *land_type*; ""
    counts the nonbasic ones."""
    from frontier_desktop.rules.variants import find_variant

    owned = find_variant(state.variant).land_controllers(state)
    count = 0
    for pos, who in owned.items():
        cell = state.cells[pos]
        if who != seat or not cell.face_up or cell.land is None:
            continue
        card = state.card(str(cell.land))
        if (land_type and land_type in card.subtypes) or (
                not land_type and "Basic" not in card.type_line):
            count += 1
    return count


def _source_power(ctx: _Context) -> int:
    """The power of the ability's permanent, or its last known power once it is gone."""
    from frontier_desktop.rules.variants.frontier_board import effective_pt

    perm = ctx.state.perms.get(ctx.source) if ctx.source else None
    if perm is not None:
        return max(0, effective_pt(ctx.state, perm, ctx.state.occupants())[0])
    return int((ctx.item.get("self_lki") or {}).get("power", 0))


class OneShotActions(SpellActions):
    """The fx-oneshots executors; :class:`Frontier` lists this mixin before SpellActions."""

    LAND_EXECUTORS = frozenset({"tap", "untap", "tap_or_untap"})
    """Effects whose executors take a land's square as a target."""

    # ------------------------------------------------------------------ amounts
    @staticmethod
    def oneshot_lki(state: GameState, sacrificed: list[str],
                    perm: Permanent | None) -> dict[str, Any]:
        """Last known power/toughness/mana value of what an activation sacrifices (and of the
        permanent itself), kept on the stack item for "equal to the sacrificed creature's …"."""
        from frontier_desktop.rules.variants.frontier_board import effective_pt

        occ = state.occupants()

        def lki(unit: str) -> dict[str, int]:
            p = state.perms[unit]
            power, toughness = effective_pt(state, p, occ)
            return {"power": power, "toughness": toughness,
                    "mana value": _mana_value(state.card(unit))}

        out: dict[str, Any] = {"sacrificed_lki": [lki(u) for u in sacrificed
                                                  if u in state.perms]}
        if perm is not None:
            out["self_lki"] = lki(perm.id)
        return out

    # ------------------------------------------------------------------ costs
    def oneshot_cost_problem(self, state: GameState, seat: int, card: Card,
                             index: int) -> str | None:
        """Why the fx-oneshots part of ability *index*'s cost can't be paid (None: it can)."""
        for part in self._oneshot_costs(card, index):
            if isinstance(part, ExileTopCost):
                if len(state.players[seat].library) < part.amount.n:
                    return f"{card.name}'s ability needs {part.amount.n} card" \
                           f"{'s' if part.amount.n != 1 else ''} in your library to exile"
            elif cost_supported(part) and not state.players[seat].hand:
                return f"{card.name}'s ability needs a card to discard at random"
        return None

    def pay_oneshot_costs(self, state: GameState, seat: int, card: Card, index: int,
                          events: list[Event]) -> dict[str, Any]:
        """Pay "Discard a card at random" (the generator stays stable: rules/rng.py) and
        "Exile the top N cards of your library"; what the stack item keeps of it (the cards
        exiled, for "if the exiled card is …")."""
        exiled: list[str] = []
        for part in self._oneshot_costs(card, index):
            if not cost_supported(part):
                continue
            if isinstance(part, ExileTopCost):
                library = state.players[seat].library
                for _ in range(min(part.amount.n, len(library))):
                    card_id = library.pop(0)
                    exiled.append(card_id)
                    state.players[seat].exile.append(card_id)
                    events.append({"type": "exiled", "player": seat, "card": state.name(card_id),
                                   "from": "library", "by": card.name})
                continue
            hand = state.players[seat].hand
            if not hand:
                continue
            rng = self._rng(state)
            card_id = hand.pop(rng.randbelow(len(hand)))
            self._save_rng(state, rng)
            state.players[seat].graveyard.append(card_id)
            events.append({"type": "discarded", "player": seat, "card": state.name(card_id),
                           "id": card_id, "random": True})
        return {"exiled_top": exiled} if exiled else {}

    def oneshot_pays_rest(self, card: Card, index: int, other_cost: str) -> bool:
        """Whether the part of ability *index*'s cost the card model leaves over
        (*other_cost*) is one this module pays ("Discard a card at random")."""
        parts = [p for p in self._oneshot_costs(card, index) if cost_supported(p)]
        left = [t.strip().lower() for t in other_cost.split(",") if t.strip()]
        return bool(parts) and left == [p.text.strip().lower() for p in parts]

    @staticmethod
    def _oneshot_costs(card: Card, index: int) -> tuple[n.CostPart, ...]:
        found = [a for a in reading_of(card).abilities if isinstance(a, n.ActivatedAbility)]
        return found[index].cost if 0 <= index < len(found) else ()

    def additional_life(self, card: Card, modes: tuple[int, ...] = (0,), x: int = 0) -> int:
        """The life "As an additional cost to cast this spell, pay N (or X) life" asks."""
        from frontier_desktop.rules.variants.frontier_spells import spell_effects

        total = 0
        for effect in spell_effects(card, modes):
            if isinstance(effect, n.AdditionalCost):
                total += sum(c.amount.n * (x if c.amount.var == "X" else 1)
                             for c in effect.cost if isinstance(c, n.PayLifeCost))
        return total

    @staticmethod
    def additional_sacrifice_specs(card: Card, modes: tuple[int, ...] = (0,)
                                   ) -> tuple[n.TargetSpec, ...]:
        """What "As an additional cost to cast this spell, sacrifice a creature" asks for."""
        from frontier_desktop.rules.variants.frontier_spells import spell_effects

        return tuple(c.what.spec for e in spell_effects(card, modes)
                     if isinstance(e, n.AdditionalCost) for c in e.cost
                     if isinstance(c, n.SacrificeCost) and c.what.spec is not None)

    def additional_victims(self, state: GameState, seat: int, action: A.Cast,
                           card: Card) -> list[str]:
        """The permanents a cast's ``sacrifice`` names for its additional sacrifice, checked
        ([] when none are named: that part of the cost is paid by hand)."""
        from frontier_desktop.rules.effects.targeting import spec_problem

        specs = self.additional_sacrifice_specs(card, action.mode) if (
            card.is_instant or card.is_sorcery) else ()
        chosen = list(action.sacrifice)
        if not chosen:
            return []
        if len(chosen) != len(specs) or len(set(chosen)) != len(chosen):
            raise IllegalActionError(action, f"{card.name}'s cost sacrifices {len(specs)} "
                                             f"permanent{'s' if len(specs) != 1 else ''}")
        for victim, spec in zip(chosen, specs):
            perm = state.perms.get(victim)
            if perm is None or perm.controller != seat:
                raise IllegalActionError(action, "you can sacrifice only a permanent you control")
            problem = spec_problem(state, spec, victim, seat=seat, source=None)
            if problem:
                raise IllegalActionError(action, f"{card.name} can't sacrifice "
                                                 f"{state.name(victim)}: {problem}")
        return chosen

    def sacrifice_for_spell(self, state: GameState, victims: list[str],
                            events: list[Event]) -> dict[str, Any]:
        """Sacrifice *victims*; their last known power/toughness for the stack item."""
        if not victims:
            return {}
        lki = self.oneshot_lki(state, victims, None)["sacrificed_lki"]
        for victim in victims:
            if victim in state.perms:
                leave_battlefield(state, state.perms[victim], "graveyard", events,
                                  reason="sacrificed")
        return {"sacrificed_lki": lki}

    # ------------------------------------------------------------------ executors
    def _exec_additional_cost(self, ctx: _Context, effect: n.AdditionalCost,
                              events: list[Event]) -> list[Any] | None:
        """Paid when the spell was cast (frontier.py _do_cast): nothing to do now, unless the
        cast named nothing to sacrifice (that part was then the players')."""
        if any(isinstance(c, n.SacrificeCost) for c in effect.cost) and \
                "sacrificed_lki" not in ctx.item:
            return None
        return list(ctx.previous)

    def _exec_put_on_library(self, ctx: _Context, effect: n.PutOnLibrary,
                             events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        for obj in objs:
            perm = ctx.state.perms.get(obj)
            if perm is None:
                continue
            owner = ctx.state.owner(obj)
            leave_battlefield(ctx.state, perm, "library", events,
                              reason=f"put on top of its owner's library by {ctx.name}")
            library = ctx.state.players[owner].library
            if obj in library:  # to the top (index 0), not the bottom
                library.remove(obj)
                library.insert(0, obj)
        return objs

    def _graveyard_card(self, ctx: _Context, obj: Any) -> str | None:
        if not (isinstance(obj, tuple) and obj[0] == "graveyard"):
            return None
        yard = ctx.state.players[int(obj[1])].graveyard
        return next((c for c in yard if ctx.state.name(c) == obj[2]), None)

    def _exec_exile(self, ctx: _Context, effect: n.Exile,
                    events: list[Event]) -> list[Any] | None:
        if effect.to.ref == "that" and not ctx.previous and ctx.item.get("kind") == "trigger":
            # "When CARDNAME dies, exile it": the card, now in its owner's graveyard.
            done: list[Any] = []
            for card_id in ctx.item.get("that", ()):
                if not isinstance(card_id, str) or card_id not in ctx.state.cards:
                    continue
                keeper = ctx.state.players[ctx.state.owner(card_id)]
                if card_id in keeper.graveyard:
                    keeper.graveyard.remove(card_id)
                    keeper.exile.append(card_id)
                    events.append({"type": "exiled", "player": ctx.state.owner(card_id),
                                   "card": ctx.state.name(card_id), "from": "graveyard",
                                   "by": ctx.name})
                    done.append(card_id)
            return done
        if effect.to.spec is None or not effect.to.spec.zone:
            return super()._exec_exile(ctx, effect, events)
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        exiled: list[Any] = []
        for obj in objs:
            card_id = self._graveyard_card(ctx, obj)
            if card_id is None:
                continue
            owner = int(obj[1])
            ctx.state.players[owner].graveyard.remove(card_id)
            ctx.state.players[owner].exile.append(card_id)
            events.append({"type": "exiled", "player": owner, "card": obj[2],
                           "from": "graveyard", "by": ctx.name})
            exiled.append(card_id)
        return exiled

    def _exec_put_onto_battlefield(self, ctx: _Context, effect: n.PutOntoBattlefield,
                                   events: list[Event]) -> list[Any] | None:
        """A card from a graveyard into the staging row of the spell's controller."""
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        state = ctx.state
        done: list[Any] = []
        for obj in objs:
            card_id = self._graveyard_card(ctx, obj)
            if card_id is None:
                continue
            card = state.card(card_id)
            if not card.is_permanent or card.is_aura:
                return None
            state.players[int(obj[1])].graveyard.remove(card_id)
            state.perms[card_id] = Permanent(card_id, ctx.seat, "staging",
                                             sick=card.is_creature and not card.has("haste"),
                                             tapped=effect.tapped or enters_tapped(card))
            events.append({"type": "returned", "player": ctx.seat, "card": obj[2],
                           "to": "staging", "unit": card_id})
            done.append(card_id)
        return done

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
        objs = [("player", ctx.state.opponent(ctx.seat))] if \
            effect.to.ref == "defending_player" else ctx.objects(effect.to)
        if objs is None:
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
        return self._set_tapped_any(ctx, effect.to, True, events)

    def _exec_untap(self, ctx: _Context, effect: n.Untap,
                    events: list[Event]) -> list[Any] | None:
        return self._set_tapped_any(ctx, effect.to, False, events)

    def _set_tapped_any(self, ctx: _Context, sel: n.Selector, tapped: bool,
                        events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(sel)
        if objs is None:
            return None
        for obj in objs:
            if isinstance(obj, tuple) and len(obj) == 2 and isinstance(obj[0], int):
                self._tap_land(ctx, obj, tapped, events)
            elif isinstance(obj, str):
                perm = ctx.state.perms.get(obj)
                if perm is None or perm.tapped == tapped:
                    continue
                perm.tapped, perm.attack_tapped = tapped, False
                events.append({"type": "tapped" if tapped else "untapped", "unit": obj,
                               "by": ctx.name})
            else:
                return None
        return objs

    def _tap_land(self, ctx: _Context, pos: Any, tapped: bool, events: list[Event]) -> None:
        """A land is a square: tapped, it untaps in its controller's untap step (the caster's
        when no creature stands on it)."""
        from frontier_desktop.rules.variants.frontier_combat import wire

        cell = ctx.state.cells.get(pos)
        if cell is None or cell.land is None or (cell.tapped_by is not None) == tapped:
            return
        if tapped:
            owner = self.land_controllers(ctx.state).get(pos)  # type: ignore[attr-defined]
            cell.tapped_by = ctx.seat if owner is None else int(owner)
        else:
            cell.tapped_by = None
        events.append({"type": "tapped_land" if tapped else "untapped_land", "player": ctx.seat,
                       "at": wire(ctx.state, pos), "by": ctx.name})

    def _exec_deal_damage(self, ctx: _Context, effect: n.DealDamage,
                          events: list[Event]) -> list[Any] | None:
        if effect.amount.var in ("", "X") and effect.source is None and not effect.divided:
            return super()._exec_deal_damage(ctx, effect, events)
        from frontier_desktop.rules.effects.oneshots import amount_supported

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
                from frontier_desktop.rules.variants.frontier_board import effective_pt

                perm = ctx.state.perms[source]
                amount = max(0, effective_pt(ctx.state, perm, ctx.state.occupants())[0])
            else:
                amount = amount_of(ctx, effect.amount, obj)
            self._damage_one(ctx, source, obj, amount, events)
        return reached

    def _damage_one(self, ctx: _Context, source: str, obj: Any, amount: int,
                    events: list[Event]) -> None:
        from frontier_desktop.rules.variants.frontier_combat import damage_player
        from frontier_desktop.rules.variants.frontier_spells import prevent, protected_from

        state = ctx.state
        if amount <= 0:
            return
        if isinstance(obj, tuple) and obj[0] == "player":
            damage_player(state, obj[1], amount, source, events)
        elif isinstance(obj, str) and obj in state.perms:
            perm = state.perms[obj]
            left = shield_prevents(state, [source], obj, amount, events)
            dealt = 0 if protected_from(state, perm, source) else prevent(perm, left)
            if dealt:
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
            self._damage_one(ctx, ctx.source_label, obj, amount, events)
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
                from frontier_desktop.rules.variants.frontier_combat import destroy

                if effect.no_regenerate:
                    leave_battlefield(state, state.perms[obj], "graveyard", events,
                                      reason=f"destroyed by {ctx.name}")
                else:
                    destroy(state, state.perms[obj], events, reason=f"destroyed by {ctx.name}")
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

    def _exec_refill(self, ctx: _Context, effect: Refill,
                     events: list[Event]) -> list[Any] | None:
        state = ctx.state
        seats = [s for s, p in enumerate(state.players) if not p.lost]
        counts: dict[int, int] = {}
        rng = self._rng(state)
        for seat in seats:
            player = state.players[seat]
            counts[seat] = len(player.hand)
            if effect.what == "discard_hand":
                for card_id in list(player.hand):
                    player.hand.remove(card_id)
                    player.graveyard.append(card_id)
                    events.append({"type": "discarded", "player": seat,
                                   "card": state.name(card_id), "id": card_id})
                continue
            moved = list(player.hand)
            player.hand.clear()
            if effect.what == "hand_and_graveyard":
                moved += player.graveyard
                player.graveyard.clear()
            player.library.extend(moved)
            rng.shuffle(player.library)
            events.append({"type": "shuffled", "player": seat, "cards": len(moved),
                           "by": ctx.name})
        self._save_rng(state, rng)
        for seat in seats:
            self._draw(state, seat, effect.draw or counts[seat], events)
        return [("player", s) for s in seats]

    def _exec_look_at_hand(self, ctx: _Context, effect: LookAtHand,
                           events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        for obj in objs:
            if isinstance(obj, tuple) and obj[0] == "player":
                seat = int(obj[1])
                events.append({"type": "looked", "player": ctx.seat, "at": seat,
                               "cards": [ctx.state.name(c) for c in ctx.state.players[seat].hand],
                               "_private": {"seat": ctx.seat, "fields": ["cards"]}})
        return objs



    # ------------------------------------------------------------------ batch 4
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

    def _exec_pump(self, ctx: _Context, effect: n.Pump, events: list[Event]) -> list[Any] | None:
        if effect.toughness.var != "its own mana value":
            return super()._exec_pump(ctx, effect, events)
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        for obj in objs:
            perm = ctx.state.perms.get(obj) if isinstance(obj, str) else None
            if perm is None:
                continue
            t = _mana_value(ctx.state.card(obj))
            perm.pt_mod = (perm.pt_mod[0], perm.pt_mod[1] + t)
            events.append({"type": "pumped", "unit": obj, "power": 0, "toughness": t})
        return objs

    def _exec_return_auras(self, ctx: _Context, effect: ReturnAuras,
                           events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        state = ctx.state
        for obj in objs:
            if obj not in state.perms or state.owner(obj) != ctx.seat:
                continue  # "target permanent you own"
            for aura in [p for p in state.perms.values() if p.attached_to == obj
                         and state.card(p.id).is_aura]:
                leave_battlefield(state, aura, "hand", events, reason=f"returned by {ctx.name}")
        return objs

    def _exec_damage_those(self, ctx: _Context, effect: DamageThose,
                           events: list[Event]) -> list[Any] | None:
        from frontier_desktop.rules.variants.frontier_board import has_ability_id

        hit = [o for o in ctx.previous if isinstance(o, str) and o in ctx.state.perms
               and has_ability_id(ctx.state, o, effect.keyword.replace(" ", "_"))]
        for obj in hit:
            self._damage_one(ctx, ctx.source_label, obj, ctx.amount(effect.amount), events)
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
            self._damage_one(ctx, ctx.source_label, pid, amount, events)
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
        amount = _mana_value(ctx.state.card(first))
        self._damage_one(ctx, ctx.source_label, ("player", seat), amount, events)
        return [("player", seat)]

    def _exec_exile_random_rest(self, ctx: _Context, effect: ExileRandomRest,
                                events: list[Event]) -> list[Any] | None:
        if ctx.state.decision is not None:
            return None
        player = ctx.state.players[ctx.seat]
        looked = [c for c in ctx.previous if isinstance(c, str) and c in player.library]
        rng = self._rng(ctx.state)
        for _ in range(min(effect.count, len(looked))):
            card_id = looked.pop(rng.randbelow(len(looked)))
            player.library.remove(card_id)
            player.exile.append(card_id)
            events.append({"type": "exiled", "player": ctx.seat, "card": ctx.state.name(card_id),
                           "from": "library", "by": ctx.name})
        self._save_rng(ctx.state, rng)
        self._ask_pick(ctx, ctx.seat, "order", looked, len(looked) - 1,
                       f"{ctx.name}: choose the card to put on top (then the next)", events,
                       owner=ctx.seat)
        return looked

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
            self._damage_one(ctx, ctx.source_label, pid, each, events)
        return hit


    # ------------------------------------------------------------------ batch 6
    def _exec_reveal_card(self, ctx: _Context, effect: RevealCard,
                          events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None or len(seats) != 1:
            return None
        seat = seats[0]
        library = ctx.state.players[seat].library
        if effect.draw:
            self._draw(ctx.state, seat, 1, events)
            hand = ctx.state.players[seat].hand
            card_id = hand[-1] if hand and not ctx.state.players[seat].drew_from_empty else None
        else:
            card_id = library[0] if library else None
        if card_id is None:
            return [("player", seat)]
        events.append({"type": "revealed_card", "player": seat, "card": ctx.state.name(card_id),
                       "by": ctx.name})
        return [card_id, ("player", seat)]

    def _exec_if_land(self, ctx: _Context, effect: IfLand,
                      events: list[Event]) -> list[Any] | None:
        state = ctx.state
        if effect.then == "pump_self":
            ids = [str(c) for c in ctx.item.get("exiled_top", ())]
        else:
            ids = [c for c in ctx.previous if isinstance(c, str) and c in state.cards][:1]
        for card_id in ids:
            card = state.card(card_id)
            land = card.is_land and (not effect.snow or "Snow" in card.type_line)
            if land != effect.land:
                continue
            if effect.then == "discard":
                self._discard_ids(state, state.owner(card_id), [card_id], events)
            elif effect.then == "gain_1":
                gain_life(state, ctx.seat, 1, events)
            elif effect.then == "pump_self" and ctx.source in state.perms:
                perm = state.perms[str(ctx.source)]
                perm.pt_mod = (perm.pt_mod[0] + 1, perm.pt_mod[1] + 1)
                events.append({"type": "pumped", "unit": perm.id, "power": 1, "toughness": 1})
        return list(ctx.previous)

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


    # ------------------------------------------------------------------ batch 7
    def _exec_discard_hand(self, ctx: _Context, effect: DiscardHand,
                           events: list[Event]) -> list[Any] | None:
        if effect.who.ref == "that":
            found = [int(o[1]) for o in ctx.previous if isinstance(o, tuple) and o[0] == "player"]
            seats: list[int] | None = found or None
        else:
            seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        for seat in seats:
            self._discard_ids(ctx.state, seat, list(ctx.state.players[seat].hand), events)
        return [("player", s) for s in seats]

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

    def _exec_may_bottom(self, ctx: _Context, effect: MayBottom,
                         events: list[Event]) -> list[Any] | None:
        if ctx.state.decision is not None:
            return None
        top = [c for c in ctx.previous if isinstance(c, str) and c in ctx.state.cards]
        if not top:
            return list(ctx.previous)
        owner = ctx.state.owner(top[0])
        if top[0] not in ctx.state.players[owner].library:
            return list(ctx.previous)
        self._ask(ctx, f"{ctx.name}: put the card you looked at on the bottom of "
                       f"{ctx.state.players[owner].name}'s library?",
                  ["Put it on the bottom", "Leave it on top"],
                  {"what": "may_bottom", "card": top[0], "owner": owner}, events)
        return list(ctx.previous)

    # ------------------------------------------------------------------ more zones
    def _exec_return_all_owned(self, ctx: _Context, effect: ReturnAllOwned,
                               events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        state = ctx.state
        done: list[Any] = []
        for pid in sorted(state.perms):
            perm = state.perms.get(pid)
            if perm is None or state.owner(pid) not in seats:
                continue
            kinds = {t.lower() for t in state.card(pid).types}
            if effect.noun in kinds or effect.noun == "permanent":
                leave_battlefield(state, perm, "hand", events, reason=f"returned by {ctx.name}")
                done.append(pid)
        return done

    def _exec_bounce_own(self, ctx: _Context, effect: BounceOwn,
                         events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None or any(not isinstance(o, str) for o in objs):
            return None
        state = ctx.state
        todo = list(objs)
        if effect.with_self and ctx.source in state.perms:
            todo.insert(0, ctx.source)
        for obj in todo:
            perm = state.perms.get(obj)
            if perm is None or (not effect.with_self and state.owner(obj) != ctx.seat):
                continue  # "you both own and control": another's card stays
            leave_battlefield(state, perm, "hand", events, reason=f"returned by {ctx.name}")
        return objs

    def _exec_shuffle_library(self, ctx: _Context, effect: ShuffleLibrary,
                              events: list[Event]) -> list[Any] | None:
        if effect.who.ref == "that":  # "that player": the player among what came before
            found = [int(o[1]) for o in ctx.previous if isinstance(o, tuple) and o[0] == "player"]
            seats: list[int] | None = found[:1] or None
        else:
            seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        if effect.may:
            if ctx.state.decision is not None or len(seats) != 1:
                return None
            self._ask(ctx, f"{ctx.name}: have {ctx.state.players[seats[0]].name} shuffle "
                           "their library?", ["Shuffle", "Don't shuffle"],
                      {"what": "may_shuffle", "seat": seats[0]}, events)
            return [("player", s) for s in seats]
        pending = ctx.state.decision
        if pending is not None and (pending.get("_fx") or {}).get("what") == "search_exile" \
                and [int(pending["_fx"]["owner"])] == seats:
            pending["_fx"]["shuffle"] = True  # "Then that player shuffles": after the search
            return [("player", s) for s in seats]
        for seat in seats:
            self._shuffle_library(ctx.state, seat, ctx.name, events)
        return [("player", s) for s in seats]

    def _exec_exile_graveyard(self, ctx: _Context, effect: ExileGraveyard,
                              events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None:
            return None
        for seat in seats:
            player = ctx.state.players[seat]
            for card_id in list(player.graveyard):
                player.graveyard.remove(card_id)
                player.exile.append(card_id)
                events.append({"type": "exiled", "player": seat, "card": ctx.state.name(card_id),
                               "from": "graveyard", "by": ctx.name})
        return [("player", s) for s in seats]

    def _exec_graveyard_to_bottom(self, ctx: _Context, effect: GraveyardToBottom,
                                  events: list[Event]) -> list[Any] | None:
        player = ctx.state.players[ctx.seat]
        if player.graveyard:
            card_id = player.graveyard.pop()  # the top of a graveyard: the last card put there
            player.library.append(card_id)
            events.append({"type": "to_library", "player": ctx.seat,
                           "card": ctx.state.name(card_id), "where": "bottom", "by": ctx.name})
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

    def _exec_graveyard_to_top(self, ctx: _Context, effect: GraveyardToTop,
                               events: list[Event]) -> list[Any] | None:
        objs = ctx.objects(effect.to)
        if objs is None:
            return None
        moved: list[Any] = []
        for obj in objs:  # the first named ends on top
            card_id = self._graveyard_card(ctx, obj)
            if card_id is None:
                continue
            owner = int(obj[1])
            ctx.state.players[owner].graveyard.remove(card_id)
            moved.append((owner, card_id))
        for owner, card_id in reversed(moved):
            ctx.state.players[owner].library.insert(0, card_id)
            events.append({"type": "to_library", "player": owner,
                           "card": ctx.state.name(card_id), "where": "top", "by": ctx.name})
        return [c for _, c in moved]

    def _exec_may_draw(self, ctx: _Context, effect: MayDraw,
                       events: list[Event]) -> list[Any] | None:
        if effect.who.ref == "defending_player":
            seats: list[int] | None = [ctx.state.opponent(ctx.seat)]
        else:
            seats = self._players(ctx, effect.who)
        if seats is None or len(seats) != 1 or ctx.state.decision is not None:
            return None
        seat = seats[0]
        count = ctx.amount(effect.amount)
        asker = _Context(ctx.state, seat, ctx.source, ctx.name, ctx.x, ctx.chosen,
                         ctx.previous, ctx.item)
        self._ask(asker, f"{ctx.name}: draw {count} card{'s' if count != 1 else ''}?",
                  ["Draw", "Don't draw"], {"what": "may_draw", "count": count}, events)
        return [("player", seat)]

    # ------------------------------------------------------------------ picks (one at a time)
    def _ask_pick(self, ctx: _Context, chooser: int, what: str, ids: list[str], left: int,
                  prompt: str, events: list[Event], stop: str = "", **extra: Any) -> bool:
        """Ask *chooser* to pick one of *ids* (hidden cards: only they see the options); the
        answer is carried on by :meth:`_picked`. False when there is nothing to ask."""
        if left <= 0 or not ids:
            return False
        labels = _labels(ctx.state, ids) + ([stop] if stop else [])
        asker = _Context(ctx.state, chooser, ctx.source, ctx.name, ctx.x, ctx.chosen,
                         ctx.previous, ctx.item)
        self._ask(asker, prompt, labels, {"what": what, "ids": list(ids), "left": left,
                                          "stop": bool(stop), "picked": [], **extra},
                  events, secret=True)
        return True

    def _exec_look_top(self, ctx: _Context, effect: LookTop,
                       events: list[Event]) -> list[Any] | None:
        seats = [ctx.state.opponent(ctx.seat)] if effect.who.ref == "defending_player" else \
            self._players(ctx, effect.who)
        if seats is None or len(seats) != 1 or ctx.state.decision is not None:
            return None
        owner = seats[0]
        count = ctx.x if effect.x else effect.count
        top = list(ctx.state.players[owner].library[:count])
        events.append({"type": "looked", "player": ctx.seat, "at": owner, "library": True,
                       "cards": [ctx.state.name(c) for c in top],
                       "_private": {"seat": ctx.seat, "fields": ["cards"]}})
        if effect.keep:
            self._ask_pick(ctx, ctx.seat, "keep", top, effect.keep,
                           f"{ctx.name}: choose a card to put into your hand", events,
                           owner=owner, to=effect.keep_to, rest=effect.rest)
        elif effect.rest == "back":
            self._ask_pick(ctx, ctx.seat, "order", top, len(top) - 1,
                           f"{ctx.name}: choose the card to put on top (then the next)", events,
                           owner=owner)
        return top

    def _exec_put_looked(self, ctx: _Context, effect: PutLooked,
                         events: list[Event]) -> list[Any] | None:
        if ctx.state.decision is not None:
            return None
        ids = [c for c in ctx.previous if isinstance(c, str) and c in ctx.state.cards]
        owner = ctx.state.owner(ids[0]) if ids else ctx.seat
        top = [c for c in ids if c in ctx.state.players[owner].library]
        where = "into your hand" if effect.keep_to == "hand" else "to exile"
        if not self._ask_pick(ctx, ctx.seat, "keep", top, effect.keep,
                              f"{ctx.name}: choose a card to put {where}", events,
                              owner=owner, to=effect.keep_to, rest=effect.rest):
            self._finish_keep(ctx.state, owner, ctx.name, [], top, effect.keep_to,
                              effect.rest, events)
        return top

    def _exec_search_exile(self, ctx: _Context, effect: SearchExile,
                           events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None or len(seats) != 1 or ctx.state.decision is not None:
            return None
        owner = seats[0]
        # by name: the options tell nothing of the library's order
        library = sorted(ctx.state.players[owner].library, key=ctx.state.name)
        whose = "your" if owner == ctx.seat else f"{ctx.state.players[owner].name}'s"
        if not self._ask_pick(ctx, ctx.seat, "search_exile", library, effect.count,
                              f"{ctx.name}: choose a card of {whose} library to exile", events,
                              stop="Stop searching", owner=owner, shuffle=effect.shuffle):
            if effect.shuffle:
                self._shuffle_library(ctx.state, owner, ctx.name, events)
        return [("player", owner)]

    def _exec_hand_to_top(self, ctx: _Context, effect: HandToTop,
                          events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None or len(seats) != 1 or ctx.state.decision is not None:
            return None
        seat = seats[0]
        asker = _Context(ctx.state, seat, ctx.source, ctx.name, ctx.x, ctx.chosen,
                         ctx.previous, ctx.item)
        self._ask_put_back(asker, effect.count, events)
        return [("player", seat)]

    def _exec_choose_from_hand(self, ctx: _Context, effect: ChooseFromHand,
                               events: list[Event]) -> list[Any] | None:
        seats = self._players(ctx, effect.who)
        if seats is None or len(seats) != 1 or ctx.state.decision is not None:
            return None
        owner = seats[0]
        hand = list(ctx.state.players[owner].hand)
        events.append({"type": "looked", "player": ctx.seat, "at": owner,
                       "cards": [ctx.state.name(c) for c in hand],
                       "_private": {"seat": ctx.seat, "fields": ["cards"]}})
        count = ctx.amount(effect.amount)
        if count >= len(hand):
            self._discard_ids(ctx.state, owner, hand, events)
        else:
            self._ask_pick(ctx, ctx.seat, "discard_chosen", hand, count,
                           f"{ctx.name}: choose a card for "
                           f"{ctx.state.players[owner].name} to discard", events, owner=owner)
        return [("player", owner)]

    def _exec_discard_those(self, ctx: _Context, effect: DiscardThose,
                            events: list[Event]) -> list[Any] | None:
        """Done with the choice before it (:meth:`_exec_choose_from_hand`)."""
        return list(ctx.previous)

    @staticmethod
    def _discard_ids(state: GameState, owner: int, ids: list[str], events: list[Event]) -> None:
        player = state.players[owner]
        for card_id in ids:
            if card_id in player.hand:
                player.hand.remove(card_id)
                player.graveyard.append(card_id)
                events.append({"type": "discarded", "player": owner, "card": state.name(card_id),
                               "id": card_id})

    def _finish_keep(self, state: GameState, seat: int, by: str, kept: list[str],
                     rest: list[str], to: str, rest_to: str, events: list[Event],
                     chooser: int | None = None) -> None:
        """*kept* to the hand (or exile), *rest* to exile, the graveyard, or back on top in an
        order *chooser* picks; *seat* owns the library."""
        player = state.players[seat]
        for card_id in kept:
            if card_id in player.library and to == "exile":
                player.library.remove(card_id)
                player.exile.append(card_id)
                events.append({"type": "exiled", "player": seat, "card": state.name(card_id),
                               "from": "library", "by": by})
            elif card_id in player.library:
                player.library.remove(card_id)
                player.hand.append(card_id)
                events.append({"type": "kept_looked", "player": seat, "card": state.name(card_id),
                               "by": by, "_private": {"seat": seat, "fields": ["card"]}})
        if rest_to == "back":
            ctx = _Context(state, seat if chooser is None else chooser, None, by, 0, {}, [],
                           {"obj": by})
            self._ask_pick(ctx, ctx.seat, "order", rest, len(rest) - 1,
                           f"{by}: choose the card to put on top (then the next)", events,
                           owner=seat)
            return
        for card_id in rest:
            if card_id not in player.library:
                continue
            player.library.remove(card_id)
            getattr(player, "exile" if rest_to == "exile" else "graveyard").append(card_id)
            events.append({"type": "exiled" if rest_to == "exile" else "milled", "player": seat,
                           "card": state.name(card_id), "from": "library", "by": by})

    def _picked(self, state: GameState, seat: int, by: str, fx: dict[str, Any], index: int,
                events: list[Event]) -> None:
        """One pick of a :meth:`_ask_pick` choice: ask again or finish."""
        ids = list(fx["ids"])
        picked = list(fx["picked"])
        stopped = fx.get("stop") and index == len(ids)
        if not stopped:
            picked.append(ids.pop(index))
        left = int(fx["left"]) - 1
        what = fx["what"]
        if not stopped and left > 0 and ids:
            ctx = _Context(state, seat, None, by, 0, {}, [], {"obj": by})
            state.decision = None
            self._ask(ctx, str(fx.get("prompt_again") or _again(what, by, state, fx)),
                      _labels(state, ids) + (["Stop searching"] if fx.get("stop") else []),
                      {**fx, "ids": ids, "picked": picked, "left": left}, events, secret=True)
            return
        owner = int(fx.get("owner", seat))
        if what == "keep":
            self._finish_keep(state, owner, by, picked, ids, str(fx["to"]), str(fx["rest"]),
                              events, chooser=seat)
        elif what == "order":
            library = state.players[owner].library
            order = picked + ids  # the first chosen on top
            for card_id in order:
                if card_id in library:
                    library.remove(card_id)
            library[0:0] = order
            events.append({"type": "reordered", "player": seat, "at": owner,
                           "count": len(order), "by": by})
        elif what == "search_exile":
            library = state.players[owner].library
            for card_id in picked:
                if card_id in library:
                    library.remove(card_id)
                    state.players[owner].exile.append(card_id)
                    events.append({"type": "exiled", "player": owner,
                                   "card": state.name(card_id), "from": "library", "by": by})
            if fx.get("shuffle"):
                self._shuffle_library(state, owner, by, events)
        elif what == "discard_chosen":
            self._discard_ids(state, owner, picked, events)

    # ------------------------------------------------------------------ choices
    def _ask(self, ctx: _Context, prompt: str, options: list[str], fx: dict[str, Any],
             events: list[Event], *, secret: bool = False, kind: str = "") -> None:
        """A ``choice`` for the controller; *secret*: the options are theirs alone."""
        decision: dict[str, Any] = {
            "kind": "choice", "player": ctx.seat, "amount": 0, "card": ctx.name,
            "by": ctx.name, "prompt": prompt, "options": [] if secret else list(options),
            "_options": list(options), "_fx": fx}
        ctx.state.decision = decision
        events.append({"type": "choose", "player": ctx.seat, "kind": kind or fx["what"],
                       "card": ctx.name})

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

    def _exec_put_from_hand(self, ctx: _Context, effect: PutFromHand,
                            events: list[Event]) -> list[Any] | None:
        if ctx.state.decision is not None:
            return None
        self._ask_put_back(ctx, ctx.amount(effect.amount), events)
        return [("player", ctx.seat)]

    def _ask_put_back(self, ctx: _Context, left: int, events: list[Event]) -> None:
        hand = ctx.state.players[ctx.seat].hand
        if left <= 0 or not hand:
            return
        self._ask(ctx, f"{ctx.name}: choose a card to put on top of your library "
                       f"({left} to go; the last one chosen ends on top)",
                  _labels(ctx.state, list(hand)), {"what": "put_back", "left": left,
                                                   "ids": list(hand)},
                  events, secret=True)

    def _exec_search_library(self, ctx: _Context, effect: n.SearchLibrary,
                             events: list[Event]) -> list[Any] | None:
        if is_land_search(effect.card):
            # Frontier: lands make the board, libraries hold none (../shared/rules/frontier.md)
            self._shuffle_library(ctx.state, ctx.seat, ctx.name, events)
            events.append({"type": "searched", "player": ctx.seat, "card": None,
                           "by": ctx.name, "no_lands": True})
            return [("player", ctx.seat)]
        if ctx.state.decision is not None or effect.destination not in ("hand", "top"):
            return None
        library = ctx.state.players[ctx.seat].library
        ids = [c for c in library if _card_matches(ctx.state.card(c), effect.card)]
        names = sorted({ctx.state.name(c) for c in ids})
        if not names:
            self._shuffle_library(ctx.state, ctx.seat, ctx.name, events)
            events.append({"type": "searched", "player": ctx.seat, "card": None,
                           "by": ctx.name})
            return [("player", ctx.seat)]
        self._ask(ctx, f"{ctx.name}: choose a card from your library", names + ["Find nothing"],
                  {"what": "search", "destination": effect.destination,
                   "reveal": effect.reveal}, events, secret=True)
        return [("player", ctx.seat)]

    def _shuffle_library(self, state: GameState, seat: int, by: str,
                         events: list[Event]) -> None:
        rng = self._rng(state)
        rng.shuffle(state.players[seat].library)
        self._save_rng(state, rng)
        events.append({"type": "shuffled", "player": seat, "cards": 0, "by": by})

    def oneshot_options(self, decision: dict[str, Any]) -> list[str]:
        """The options of a ``choice`` this module asked (for legal actions)."""
        return list(decision.get("_options", ()))

    def answer_oneshot(self, state: GameState, seat: int, action: A.Choose,
                       events: list[Event]) -> None:
        """Carry out the answer to a ``choice`` this module asked, then go on with the stack."""
        decision = state.decision
        assert decision is not None and "_fx" in decision
        options = list(decision["_options"])
        choice = action.choice
        if isinstance(choice, int) and not isinstance(choice, bool) and \
                0 <= choice < len(options):
            index = choice
        elif isinstance(choice, str) and choice in options:
            index = options.index(choice)
        else:
            shown = options if decision.get("options") else ["one of the options offered"]
            raise IllegalActionError(action, "choose " + " or ".join(
                f"'{o}'" for o in shown[:6]))
        fx = decision["_fx"]
        by = str(decision["by"])
        state.decision = None
        what = fx["what"]
        if what == "source":
            source = fx["ids"][index]
            to = fx["to"]
            state.extra["fx_shields"] = list(state.extra.get("fx_shields", [])) + [
                {"turn": state.turn, "source": source, "to": to, "seat": seat,
                 "then": fx.get("then", ""), "combat": bool(fx.get("combat")),
                 "card": fx.get("card", "")}]
            events.append({"type": "chosen", "player": seat, "by": by,
                           "source": source, "name": state.name(source)})
        elif what == "tap_or_untap":
            target = fx["target"]
            target = tuple(target) if isinstance(target, list) else target
            ctx = _Context(state, seat, None, by, 0, {}, [], {"obj": by})
            if index < 2:
                self._set_tapped_any_obj(ctx, target, index == 0, events)
        elif what == "put_back":
            card_id = fx["ids"][index]
            player = state.players[seat]
            if card_id in player.hand:
                player.hand.remove(card_id)
                player.library.insert(0, card_id)
                events.append({"type": "put_back", "player": seat, "card": state.name(card_id),
                               "_private": {"seat": seat, "fields": ["card"]}})
            ctx = _Context(state, seat, None, by, 0, {}, [], {"obj": by})
            self._ask_put_back(ctx, int(fx["left"]) - 1, events)
        elif what == "search":
            self._finish_search(state, seat, by, fx, options[index], index == len(options) - 1,
                                events)
        elif what == "may_draw":
            if index == 0:
                self._draw(state, seat, int(fx["count"]), events)
            else:
                events.append({"type": "declined", "player": seat, "by": by})
        elif what == "may_bottom":
            library = state.players[int(fx["owner"])].library
            if index == 0 and fx["card"] in library:
                library.remove(fx["card"])
                library.append(fx["card"])
                events.append({"type": "to_bottom", "player": int(fx["owner"]), "by": by})
        elif what == "may_shuffle":
            if index == 0:
                self._shuffle_library(state, int(fx["seat"]), by, events)
        elif what in ("keep", "order", "search_exile", "discard_chosen"):
            self._picked(state, seat, by, fx, index, events)
        self.continue_stack(state, events)

    def _set_tapped_any_obj(self, ctx: _Context, target: Any, tapped: bool,
                            events: list[Event]) -> None:
        if isinstance(target, tuple) and len(target) == 2 and isinstance(target[0], int):
            self._tap_land(ctx, target, tapped, events)
            return
        perm = ctx.state.perms.get(target) if isinstance(target, str) else None
        if perm is not None and perm.tapped != tapped:
            perm.tapped, perm.attack_tapped = tapped, False
            events.append({"type": "tapped" if tapped else "untapped", "unit": perm.id,
                           "by": ctx.name})

    def _finish_search(self, state: GameState, seat: int, by: str, fx: dict[str, Any],
                       name: str, nothing: bool, events: list[Event]) -> None:
        player = state.players[seat]
        card_id = None if nothing else next(
            (c for c in player.library if state.name(c) == name), None)
        if card_id is not None:
            player.library.remove(card_id)
        event: Event = {"type": "searched", "player": seat, "by": by,
                        "card": state.name(card_id) if card_id else None,
                        "to": fx["destination"]}
        if not fx.get("reveal"):
            event["_private"] = {"seat": seat, "fields": ["card"]}
        if fx["destination"] == "hand":
            if card_id is not None:
                player.hand.append(card_id)
            events.append(event)
            self._shuffle_library(state, seat, by, events)
        else:  # "then shuffle and put that card on top"
            self._shuffle_library(state, seat, by, events)
            if card_id is not None:
                player.library.insert(0, card_id)
            events.append(event)


def _again(what: str, by: str, state: GameState, fx: dict[str, Any]) -> str:
    """The prompt for the next pick of a :meth:`OneShotActions._ask_pick` choice."""
    left = int(fx["left"]) - 1
    more = f" ({left} more)"
    if what == "keep":
        return f"{by}: choose another card to put into your hand{more}"
    if what == "order":
        return f"{by}: choose the next card from the top{more}"
    if what == "search_exile":
        return f"{by}: choose another card to exile{more}"
    return f"{by}: choose another card to discard{more}"


def _card_matches_source(card: Card, spec: n.TargetSpec) -> bool:
    """"a red source", "an artifact source", "a black or red source"."""
    colours = {c for c, letter in COLOUR_LETTER.items() if letter in card.colors}
    if spec.colours and not colours & set(spec.colours):
        return False
    kinds = {t.lower() for t in card.types}
    if spec.noun == "creature" and not card.is_creature:
        return False
    return all(t.lower() in kinds for t in spec.types)


def _labels(state: GameState, ids: list[str]) -> list[str]:
    """Option words for objects: names, numbered when a name repeats."""
    names = [state.name(i) for i in ids]
    out: list[str] = []
    for i, name in enumerate(names):
        if names.count(name) > 1:
            out.append(f"{name} ({names[:i + 1].count(name)})")
        else:
            out.append(name)
    return out


__all__ = ["OneShotActions", "amount_of", "POISON_LIMIT", "PREVENT_ALL", "gain_life", "poison",
           "shield_prevents", "silenced"]
