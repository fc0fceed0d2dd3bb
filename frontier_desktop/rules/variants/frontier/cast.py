"""Frontier Magic's casting and activating, mixed into :class:`~.frontier.Frontier`: a
spell's timing, targets, aura target, costs and payment onto the stack; an ability's costs
(tapping, life, sacrifices), its mana at once, or its effects onto the stack."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.core.planeswalkers import pay_loyalty
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.mana import add_mana, choose_mana, format_pool, parse_cost, pay
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core import fx_statics
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.core.cast_choices import mode_problem
from frontier_desktop.rules.variants.frontier.combat import damage_player, leave_battlefield
from frontier_desktop.rules.core.spell_reading import (
    ability_effects, by_hand_note, spell_effects,
)
from frontier_desktop.rules.core.shared import own_ability
from frontier_desktop.rules.core.land_mana import (
    ability_mana, mana_note_damage, settle_restricted, spendable_pool,
)

if TYPE_CHECKING:
    from frontier_desktop.rules.core.magic import SquareMagic


class FrontierCast:
    """Casting spells and activating abilities in Frontier Magic."""

    if TYPE_CHECKING:  # frontier.py, frontier_mana.py, the effects engine's mixins
        magic: SquareMagic  # the variant's engine (base.Variant)
        def end_move_block(self, state: GameState, seat: int) -> None: ...

        def _label(self, state: GameState, perm: Permanent) -> str: ...

        def _pay_lands(self, state: GameState, seat: int, action: A.Action,
                       pay_list: Sequence[Any], events: list[Event], *,
                       exclude: str | None = None) -> None: ...

        def activation_problem(self, state: GameState, seat: int, perm: Permanent,
                               index: int) -> str | None: ...

        def push(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None: ...

    def _do_cast(self, state: GameState, seat: int, action: A.Cast, events: list[Event]) -> None:
        card_id = self.magic._hand_card(state, seat, action, action.card)
        card = state.card(card_id)
        if card.is_land:
            raise IllegalActionError(action, "in Frontier Magic lands make the board; they are "
                                             "not played from hand")
        if not card.type_line or card.name == "(unknown card)":
            raise IllegalActionError(action, f"{card.name} can't be cast")
        fast = card.is_instant or card.has_flash
        if not fast:
            if seat != state.active or state.phase != "main":
                raise IllegalActionError(action, f"{card.name} can be cast only in your main phase")
            if state.pending is not None or state.stack:
                raise IllegalActionError(action, f"{card.name} can't be cast in response")
        if not 0 <= action.x <= A.MAX_X:
            raise IllegalActionError(action, f"X must be a whole number from 0 to {A.MAX_X}")
        if action.x and "{X}" not in card.mana_cost:
            raise IllegalActionError(action, f"{card.name} has no X in its cost")
        problem = mode_problem(card, action.mode)
        if problem:
            raise IllegalActionError(action, problem)
        target_perm: str | None = None
        targets = action.targets
        automatic_targets = True
        if card.is_aura:
            target_perm = self._aura_target(state, seat, action, card, card_id)
            targets = ()
        elif card.is_instant or card.is_sorcery:
            automatic_targets = self.magic.check_targets(
                state, seat, action, card.name, card_id, spell_effects(card, action.mode),
                "spell", targets, action.x)
        elif targets:
            raise IllegalActionError(action, f"{card.name} has no targets")
        victims = self.magic.additional_victims(state, seat, action, card)  # fx-oneshots
        self.end_move_block(state, seat)
        self._pay_lands(state, seat, action, action.pay, events)
        player = state.players[seat]
        cost = fx_statics.spell_cost(state, seat, card)  # with "spells cost {2} more" etc.
        try:
            parse_cost(cost)
        except ValueError as exc:
            raise IllegalActionError(action, str(exc)) from None
        extra_life = self.magic.additional_life(card, action.mode, action.x) if (
            card.is_instant or card.is_sorcery) else 0  # fx-oneshots: "pay N life"
        if extra_life and player.life < extra_life:
            raise IllegalActionError(action, f"{card.name} costs {extra_life} life as well; "
                                             f"you have {player.life}")
        # fx_mana: Mishra's Workshop's mana may pay for an artifact spell.
        paid = pay(spendable_pool(state, seat, card), cost, x=action.x,
                   life=player.life - extra_life)
        if paid is None:
            raise IllegalActionError(action, f"{card.name} costs {cost or '{0}'}; your "
                                             f"mana pool holds {format_pool(player.pool) or 'nothing'}")
        settle_restricted(state, seat, card, paid[0])
        player.pool, life_paid = paid
        life_paid += extra_life
        if life_paid:
            player.life -= life_paid
            events.append({"type": "life", "player": seat, "life": player.life,
                           "delta": -life_paid})
        player.hand.remove(card_id)
        sacrificed = self.magic.sacrifice_for_spell(state, victims, events)
        event: Event = {"type": "cast", "player": seat, "card": card.name, "id": card_id}
        if targets:
            event["targets"] = [A.target_to_wire(t) for t in targets]
        if card.is_instant or card.is_sorcery:
            note = by_hand_note(card, spell_effects(card, action.mode), 0, automatic_targets)
            if note:
                event["note"] = note
        elif card.is_aura:
            event["attached_to"] = target_perm
        else:
            event["to"] = "staging"
        events.append(event)
        item: dict[str, Any] = {"kind": "spell", "card": card.name, "obj": card_id,
                                "controller": seat,
                                "targets": [A.target_to_wire(t) for t in targets],
                                "x": action.x, **sacrificed}
        if action.mode != (0,):
            item["mode"] = list(action.mode)
        if target_perm is not None:
            item["attach"] = target_perm
        self.push(state, item, events)

    def _aura_target(self, state: GameState, seat: int, action: A.Cast, card: Card,
                     card_id: str) -> str:
        """The permanent an aura will enchant (``target``, or the one entry of ``targets``),
        checked against its "Enchant …" phrase and the variant's reach."""
        target = action.target
        if target is None and len(action.targets) == 1:
            target = action.targets[0]
        if target is None:
            raise IllegalActionError(action, "an aura needs a target permanent ('target')")
        problem = self.aura_problem(state, seat, card, card_id, target)
        if problem:
            raise IllegalActionError(action, problem)
        if isinstance(target, str) and target in state.perms:
            return target
        if isinstance(target, tuple) and state.board.contains(target):
            cell = state.cells[target]
            if cell.land is not None and cell.face_up:
                return cell.land
        raise IllegalActionError(action, "the aura's target is not a permanent you can see")

    def aura_problem(self, state: GameState, seat: int, card: Card, card_id: str,
                     target: Any) -> str | None:
        """Why *card* (an aura) can't enchant *target* (None: it can), in words."""
        from frontier_desktop.rules.effects.targeting import Slot
        from frontier_desktop.rules.core.spell_reading import enchant_spec

        spec = enchant_spec(card)
        if spec is None:
            return None
        if isinstance(target, str) and target in state.perms and \
                state.perms[target].zone == "attached":
            return f"{card.name} can't enchant {state.name(target)}: it is attached to another"
        return self.magic.target_refusal(state, seat, card.name, card_id, Slot(spec, 0, None),
                                   target)

    def _sacrifice_choice(self, state: GameState, seat: int, action: A.Action,
                          perm: Permanent, index: int) -> list[str]:
        """The permanents ``sacrifice`` names for the ability's "Sacrifice a …" cost, checked
        ([] when none are named: that part of the cost is then paid by hand, as before)."""
        from frontier_desktop.rules.effects.targeting import spec_problem
        from frontier_desktop.rules.core.spell_reading import sacrifice_specs

        chosen = action.sacrifice if isinstance(action, A.Activate) else ()
        specs = sacrifice_specs(state.card(perm.id), index)
        if not chosen:
            return []
        name = state.name(perm.id)
        if specs is None or len(chosen) != len(specs):
            wanted = len(specs or ())
            raise IllegalActionError(action, f"{name}'s cost sacrifices {wanted} permanent"
                                             f"{'s' if wanted != 1 else ''}")
        if len(set(chosen)) != len(chosen) or perm.id in chosen:
            raise IllegalActionError(action, "sacrifice different permanents, not the source")
        for victim, spec in zip(chosen, specs):
            victim_perm = state.perms.get(victim)
            if victim_perm is None or victim_perm.controller != seat:
                raise IllegalActionError(action, "you can sacrifice only a permanent you control")
            problem = spec_problem(state, spec, victim, seat=seat, source=perm.id)
            if problem:
                raise IllegalActionError(action, f"{name} can't sacrifice "
                                                 f"{state.name(victim)}: {problem}")
        return list(chosen)

    def _do_activate(self, state: GameState, seat: int, action: A.Activate,
                     events: list[Event]) -> None:
        self._activate(state, seat, action, action.unit, action.ability, action.mana,
                       action.pay, events)

    def _activate(self, state: GameState, seat: int, action: A.Action, unit: str, index: int,
                  mana_choice: str | None, pay_list: Sequence[Any], events: list[Event]) -> None:
        """Activate ability *index* of *unit*: pay its cost, then carry out what the engine can.

        A mana ability adds its mana to the pool at once (mana abilities don't use the stack).
        An effect the engine can't read is logged with ``modelled: false`` and a ``note``
        telling the players to carry it out with manual actions.
        """
        perm, card, ability = own_ability(state, seat, action, unit, index)
        timing = self.activation_problem(state, seat, perm, index)
        if timing:
            raise IllegalActionError(action, timing)
        if ability.taps:
            if perm.tapped:
                raise IllegalActionError(action, f"{self._label(state, perm)} is tapped")
            if card.is_creature and perm.sick:
                raise IllegalActionError(action, f"{self._label(state, perm)} is summoning sick")
        made: str | None = None
        if ability.is_mana_ability:
            made = choose_mana(ability.mana, mana_choice)
            if made is None:
                raise IllegalActionError(action, f"{card.name} makes "
                                                 f"{' or '.join(ability.mana)}, not {mana_choice}")
        player = state.players[seat]
        if ability.life_cost and player.life < ability.life_cost:
            raise IllegalActionError(action, f"the ability costs {ability.life_cost} life; you "
                                             f"have {player.life}")
        own = isinstance(action, A.Activate) and action.unit == unit
        targets: tuple[Any, ...] = action.targets if isinstance(action, A.Activate) and own else ()
        x = action.x if isinstance(action, A.Activate) and own else 0
        modes: tuple[int, ...] = action.mode if isinstance(action, A.Activate) and own else (0,)
        if not 0 <= x <= A.MAX_X:
            raise IllegalActionError(action, f"X must be a whole number from 0 to {A.MAX_X}")
        stack_effects = None
        automated: list[Any] = []
        if made is None and not ability.is_regeneration and not ability.adds_mana:
            stack_effects = ability_effects(card, index, modes)
            if stack_effects is not None:
                from frontier_desktop.rules.core.spell_reading import executed

                automated = [e for e in stack_effects if executed(e, "activated")]
                given = self.magic.check_targets(state, seat, action, card.name, perm.id,
                                           stack_effects, "activated", targets, x)
                if not automated or not given:
                    stack_effects = None
        if stack_effects is None and targets:
            raise IllegalActionError(action, f"the engine doesn't carry out this ability of "
                                             f"{card.name}: leave out its targets")
        sacrificed = self._sacrifice_choice(state, seat, action, perm, index) if own else []
        special = ability_mana(state, seat, perm, index, sacrificed, mana_choice) \
            if made is None and ability.adds_mana else None  # fx_mana: batteries, Fellwar
        if isinstance(special, str):
            raise IllegalActionError(action, special)
        extra_problem = self.magic.oneshot_cost_problem(state, seat, card, index)  # fx-oneshots
        if extra_problem:
            raise IllegalActionError(action, extra_problem)
        lki = self.magic.oneshot_lki(state, sacrificed, perm)
        pay_loyalty(state, action, perm, index, x, events)  # a loyalty cost (rules/core)
        self.end_move_block(state, seat)
        self._pay_lands(state, seat, action, pay_list, events, exclude=perm.id)
        paid = pay(player.pool, ability.mana_cost, life=player.life)
        if paid is None:
            raise IllegalActionError(action, f"the ability costs {ability.mana_cost}; your mana "
                                             f"pool holds {format_pool(player.pool) or 'nothing'}")
        player.pool, life_paid = paid
        player.life -= life_paid + ability.life_cost
        if life_paid + ability.life_cost:
            events.append({"type": "life", "player": seat, "life": player.life,
                           "delta": -(life_paid + ability.life_cost)})
        if ability.taps:
            perm.tapped, perm.attack_tapped = True, False
        perm.activations = {**perm.activations,
                            str(index): perm.activations.get(str(index), 0) + 1}
        if ability.is_regeneration:
            perm.regen_shield += 1
        event: Event = {"type": "activated", "unit": perm.id, "name": card.name,
                        "cost": ability.cost, "effect": ability.effect,
                        "modelled": ability.is_regeneration or made is not None}
        notes: list[str] = []
        if made is not None:
            add_mana(player.pool, made)
            event.update({"player": seat, "mana": made, "pool": format_pool(player.pool)})
            pain = mana_note_damage(card, ability.mana_note)  # fx_mana: Elves of Deep Shadow
            if ability.mana_note and pain is None and not self.magic.mana_riders(
                    state, seat, perm.id, index, events):
                notes.append(f"carry out the rest by hand: {ability.mana_note}")  # fx_timing
        elif special is not None:  # fx_mana: Priest of Yawgmoth, mana batteries, Fellwar
            add_mana(player.pool, special[0])
            perm.counters = dict(special[1])
            event.update({"player": seat, "mana": special[0], "pool": format_pool(player.pool),
                          "modelled": True})
        elif ability.adds_mana:
            notes.append("the engine can't read how much mana this adds: add it by hand "
                         "(Add mana)")
        elif stack_effects is not None:
            event["modelled"] = len(automated) == len(stack_effects)
            manual = [e for e in stack_effects if e not in automated]
            if manual:
                from frontier_desktop.rules.core.spell_reading import by_hand_text

                notes.append("carry out by hand (manual actions): " + "; ".join(
                    by_hand_text(e, card.name) for e in manual))
        elif not ability.is_regeneration:
            notes.append("carry out its text with manual actions")
        if ability.other_cost and not sacrificed and special is None and \
                not self.magic.oneshot_pays_rest(card, index, ability.other_cost):
            notes.append(f"pay the rest of the cost by hand: {ability.other_cost}")
        if notes:
            event["note"] = "; ".join(notes)
        events.append(event)
        if made is not None and pain:
            damage_player(state, seat, pain, perm.id, events)
        lki.update(self.magic.pay_oneshot_costs(state, seat, card, index, events))
        for victim in sacrificed:
            if victim in state.perms:
                leave_battlefield(state, state.perms[victim], "graveyard", events,
                                  reason="sacrificed")
        if ability.sacrifices_self and perm.id in state.perms:
            leave_battlefield(state, perm, "graveyard", events, reason="sacrificed")
        if stack_effects is not None:
            item: dict[str, Any] = {"kind": "ability", "card": card.name, "source": unit,
                                    "ability": index, "controller": seat,
                                    "targets": [A.target_to_wire(t) for t in targets], "x": x,
                                    **lki}
            if modes != (0,):
                item["mode"] = list(modes)
            self.push(state, item, events)
