"""Spells on a board of places with strongholds, paid from the mana pool, in a game where
players have no life: what the Conquering and the War Game share on the effects engine
(``shared/rules/conquering.md``, "Bonuses and reach"; ``wargame.md``).

- Spells are paid from the mana pool (mana production fills it; mana creatures and rocks add
  to it through their mana abilities): the lands are never tapped for mana.
- Instants, sorceries and abilities go on the stack ("counter unless its controller pays"
  is paid from the pool: ``choice``); every other player who asked for responses and holds
  something playable gets a window, clockwise from the controller.
- New creatures enter their controller's stronghold; other permanents stand off the board.
- The reach (:meth:`PoolSpells.target_problem`): a creature's ability reaches only its own
  place (:meth:`effect_area` too); own creatures, non-creature permanents and spells always;
  each variant answers for players, strongholds and opposing creatures its own way.
- Damage to a player, life loss and life gain do nothing, and the log says so
  (:func:`no_life`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core import keywords as core_keywords
from frontier_desktop.rules.core import planeswalkers
from frontier_desktop.rules.core import sba
from frontier_desktop.rules.effects.nodes import Effect, StaticAbility
from frontier_desktop.rules.effects.targeting import Slot, target_slots
from frontier_desktop.rules.core.decisions import waiting
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.mana import format_pool, pay
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.strongholds import (
    place_words, stronghold,
)
from frontier_desktop.rules.core.spell_context import _Context
from frontier_desktop.rules.core.spell_grants import continuous_pt
from frontier_desktop.rules.core.spell_reading import (
    ability_effects, by_hand_note, by_hand_text, enchant_spec, executed, reading_of,
    spell_effects,
)
from frontier_desktop.rules.core.engine_hooks import VariantHooks
from frontier_desktop.rules.core.shared import (
    draw_cards, game_rng, leave_battlefield, main_phase_check, mana_made,
    own_ability, save_rng, wire,
)


def no_life(state: GameState, seat: int, amount: int, what: str, source: str | None,
            events: list[Event]) -> None:
    """Players have no life (the Conquering, the War Game): damage to a player, life loss and life gain do
    nothing, and the log says so (a ``life_ignored`` event: ``player``, ``amount``, ``what`` one
    of ``damage`` / ``loss`` / ``gain``, ``source`` the card's name)."""
    if amount <= 0:
        return
    name = ""
    if source is not None and source in state.cards:
        name = state.name(source)
    elif source:
        name = str(source)
    events.append({"type": "life_ignored", "player": seat, "amount": amount, "what": what,
                   "source": name})


def static_reach(state: GameState, source: Permanent, perm: Permanent) -> bool:
    """Whether a static "all …" ability of *source* reaches *perm*: a creature's only the
    creatures in its own area (lords); an enchantment's or artifact's the whole field."""
    if source.zone == "board" and source.at is not None and state.card(source.id).is_creature:
        return perm.zone == "board" and perm.at == source.at
    return True


def own_place_pt(state: GameState, perm: Permanent) -> tuple[int, int]:
    """The core's continuous P/T where a creature's statics reach only its own place (auras on
    it, anthems of enchantments and artifacts, lords in its own place); the variant's place
    bonuses come on top."""
    return continuous_pt(state, perm, static_reach)


class PoolSpells(VariantHooks):
    """Casting from the mana pool, activating, and the engine's hooks on a board of places
    with strongholds, where players have no life (the Conquering's
    :class:`~frontier_desktop.rules.variants.conquering.spells.ConqueringSpells`, the War
    Game's :class:`~frontier_desktop.rules.variants.wargame.spells.WarGameSpells`)."""

    # provided by Conquering
    def effective_pt(self, state: GameState, perm: Any,
                     occ: Any = None) -> tuple[int, int]:  # pragma: no cover
        raise NotImplementedError

    def position_loaded(self, state: GameState) -> str | None:
        """Players have no life here: a position's ``life`` is not used (0, as the game keeps
        it), so it is set back without a word in the log (no phantom "gain")."""
        for player in state.players:
            player.life = 0
        return None

    # ------------------------------------------------------------------ engine plumbing
    def perform(self, state: GameState, seat: int, action: A.Action, events: list[Event]) -> None:
        """Carry out *action* (its ``_do_…`` method), then the triggers it set off."""
        handler = getattr(self, "_do_" + action.type, None) or getattr(
            self.magic, "_do_" + action.type, None)
        if handler is None:
            raise IllegalActionError(action, f"{action.type.replace('_', ' ')} is not part of "
                                             f"{self.game_words} yet")
        start = len(events)
        handler(state, seat, action, events)
        self.magic.fire_triggers(state, events, start)  # spell_triggers.py

    def draw(self, state: GameState, seat: int, count: int, events: list[Event]) -> None:
        draw_cards(state, seat, count, events)

    def game_rng(self, state: GameState) -> Any:
        return game_rng(state)

    def save_rng(self, state: GameState, rng: Any) -> None:
        save_rng(state, rng)

    def _label(self, state: GameState, perm: Permanent) -> str:
        if perm.zone == "board" and perm.at is not None:
            return f"{state.name(perm.id)} in {place_words(state, perm.at)}"
        return state.name(perm.id)

    def mana_sources(self, state: GameState, seat: int) -> list[Any]:
        """None: the Conquering's lands make no mana when tapped (mana production does)."""
        return []

    def can_pay_generic(self, state: GameState, seat: int, amount: int) -> bool:
        return pay(state.players[seat].pool, "{%d}" % amount) is not None

    def _pay(self, state: GameState, seat: int, action: A.Action, cost: str,
             pay_list: Any, events: list[Event], x: int = 0) -> None:
        """Pay *cost* from the pool (activate mana creatures and rocks first)."""
        if pay_list:
            raise IllegalActionError(action, "in the Conquering you pay from your mana pool "
                                             "(activate mana abilities first)")
        player = state.players[seat]
        paid = pay(player.pool, cost, x=x)
        if paid is None:
            raise IllegalActionError(action, f"{cost or '{0}'} can't be paid from your mana "
                                             f"pool ({format_pool(player.pool) or 'empty'})")
        player.pool = paid[0]

    def _main_check(self, state: GameState, seat: int, action: A.Action) -> None:
        main_phase_check(state, seat, action, self.main_phases)

    # ------------------------------------------------------------------ no life totals
    def damage_one(self, ctx: _Context, source: str, obj: Any, amount: int,
                    events: list[Event]) -> None:
        """Damage to a player does nothing (players have no life here): said in the log."""
        if isinstance(obj, tuple) and obj and obj[0] == "player":
            no_life(ctx.state, int(obj[1]), amount, "damage", source, events)
            return
        super().damage_one(ctx, source, obj, amount, events)

    def damage_to_player(self, ctx: _Context, seat: int, amount: int,
                         events: list[Event]) -> None:
        no_life(ctx.state, seat, amount, "damage", ctx.source_label, events)

    def life_change(self, ctx: _Context, seat: int, amount: int, events: list[Event]) -> None:
        no_life(ctx.state, seat, abs(amount), "gain" if amount > 0 else "loss",
                ctx.source_label, events)

    # ------------------------------------------------------------------ engine hooks
    def state_checks(self, state: GameState, events: list[Event]) -> None:
        sba.check_deaths(state, self.where, events)

    def put_onto_battlefield(self, state: GameState, obj: str, seat: int, events: list[Event],
                             *, sick: bool, tapped: bool = False) -> Any:
        """A creature enters its controller's stronghold; other permanents stand off the
        board (their reach is the whole field)."""
        if state.card(obj).is_creature:
            at = stronghold(seat)
            state.perms[obj] = Permanent(obj, seat, "board", at, sick=sick, tapped=tapped)
            return wire(state, at)
        state.perms[obj] = Permanent(obj, seat, "staging", sick=sick, tapped=tapped)
        planeswalkers.enter(state, state.perms[obj])  # its loyalty (rules/core)
        return None

    def defending_players(self, state: GameState, seat: int) -> list[int]:
        """The players who may block *seat*'s conquest now (clockwise), else none."""
        d = state.decision
        if d is None or d.get("kind") != "blocks" or int(d["seat"]) != seat:
            return []
        return [int(d["player"]), *(int(o) for o in d["order"])]

    def effect_area(self, state: GameState, item: dict[str, Any],
                    source: str | None) -> Callable[[Any], bool] | None:
        """A creature's ability reaches only its own area; anything else the whole field."""
        perm = state.perms.get(source) if source is not None else None
        if perm is None or perm.zone != "board" or not state.card(perm.id).is_creature:
            return None
        at = perm.at

        def here(obj: Any) -> bool:
            other = state.perms.get(obj) if isinstance(obj, str) else None
            return other is not None and other.zone == "board" and other.at == at
        return here

    reach_unit = "place"
    """A place of the board in words, in "reaches only its own area" (the Conquering's
    "area", the War Game's "terrain")."""

    def target_problem(self, state: GameState, seat: int, source: str | None,
                       target: Any) -> str | None:
        """The reach (see the module docstring), after normal Magic's limits. What the
        Conquering and the War Game share: a creature's ability reaches only its own place;
        own creatures, non-creature permanents and spells always. Each answers for a player
        (:meth:`player_reach_problem`), an opponent's stronghold (:meth:`stronghold_refusal`)
        and an opposing creature (:meth:`creature_reach_problem`) its own way."""
        problem = super().target_problem(state, seat, source, target)
        if problem:
            return problem
        src = state.perms.get(source) if source is not None else None
        creature_source = src is not None and src.zone == "board" and \
            state.card(src.id).is_creature
        if isinstance(target, tuple) and target and target[0] == "player":
            return self.player_reach_problem(state, seat, target)
        place = self.target_place(state, target)
        if place is not None:
            refusal = self.stronghold_refusal(state, place, seat)
            if refusal:
                return refusal
            if creature_source and src is not None and src.at != place:
                return self._own_place_only(state, src)
            return None
        perm = state.perms.get(target) if isinstance(target, str) else None
        if perm is None or perm.zone != "board" or not state.card(perm.id).is_creature:
            return None
        if creature_source and src is not None and src.at != perm.at:
            return self._own_place_only(state, src)
        if perm.controller == seat:
            return None
        return self.creature_reach_problem(state, seat, perm)

    def _own_place_only(self, state: GameState, src: Permanent) -> str:
        return (f"{state.name(src.id)} reaches only its own {self.reach_unit}, "
                f"{place_words(state, src.at)}")

    def player_reach_problem(self, state: GameState, seat: int,
                             target: tuple[Any, ...]) -> str | None:  # pragma: no cover
        """Each variant's (see :meth:`target_problem`)."""
        raise NotImplementedError

    def target_place(self, state: GameState, target: Any) -> Pos | None:
        """The place of a targeted land (None: not a land): :meth:`_land_place`."""
        return self._land_place(state, target)

    def stronghold_refusal(self, state: GameState, place: Pos,
                           seat: int) -> str | None:  # pragma: no cover
        """Each variant's (see :meth:`target_problem`)."""
        raise NotImplementedError

    def creature_reach_problem(self, state: GameState, seat: int,
                               perm: Permanent) -> str | None:  # pragma: no cover
        """Each variant's (see :meth:`target_problem`)."""
        raise NotImplementedError

    @staticmethod
    def _has_creature(state: GameState, seat: int, place: Pos) -> bool:
        return any(p.controller == seat and p.at == place for p in state.board_creatures())

    @staticmethod
    def _land_place(state: GameState, target: Any) -> Pos | None:
        """The place of a land targeted by its id, its square or its place name ("S1", an
        area's name) (None: not a land)."""
        if isinstance(target, tuple) and len(target) == 2 and state.cells.get(target):
            return target
        if isinstance(target, str) and target not in state.perms and state.cells.get(target):
            return target
        if isinstance(target, str):
            for pos, cell in state.cells.items():
                if cell.land == target:
                    return pos
        return None

    def instant_choices(self, state: GameState, seat: int) -> list[A.Action]:
        return self.spell_choices(state, seat, sorcery=False)

    def spell_choices(self, state: GameState, seat: int, *, sorcery: bool) -> list[A.Action]:
        """The casts and activations *seat* may make now (instant speed unless *sorcery*)."""
        out: list[A.Action] = []
        player = state.players[seat]
        seen: set[str] = set()
        for card_id in player.hand:
            card = state.card(card_id)
            if card.name in seen or card.is_land or not card.type_line:
                continue
            seen.add(card.name)
            if not (card.is_instant or card.has_flash or sorcery):
                continue
            if pay(player.pool, card.mana_cost) is None:
                continue
            if card.is_aura:
                out.extend(A.Cast(card=card.name, target=t)
                           for t in self.aura_targets(state, seat, card_id))
            elif card.is_instant or card.is_sorcery:
                effects = spell_effects(card)
                if not any(executed(e, "spell") for e in effects):
                    out.append(A.Cast(card=card.name))
                    continue
                out.extend(A.Cast(card=card.name, targets=t) for t in
                           self.magic.legal_target_lists(state, seat, card.name, card_id, effects))
            else:
                out.append(A.Cast(card=card.name))
        for perm in list(state.perms.values()):
            if perm.controller != seat:
                continue
            card = state.card(perm.id)
            for index, ability in enumerate(card.activated):
                if self._ability_blocked(state, seat, perm, index) or \
                        pay(player.pool, ability.mana_cost) is None:
                    continue
                if ability.is_mana_ability:
                    if not ability.other_cost:
                        out.append(A.Activate(unit=perm.id, ability=index))
                    continue
                found = ability_effects(card, index)
                if not found or not any(executed(e, "activated") for e in found) or \
                        not target_slots(found, 0):
                    out.append(A.Activate(unit=perm.id, ability=index))
                    continue
                out.extend(A.Activate(unit=perm.id, ability=index, targets=t) for t in
                           self.magic.legal_target_lists(state, seat, card.name, perm.id, found))
        return planeswalkers.with_x_choices(state, out)  # each X of a "−X" (rules/core)

    def _ability_blocked(self, state: GameState, seat: int, perm: Permanent,
                         index: int) -> str | None:
        card = state.card(perm.id)
        ability = card.activated[index]
        if ability.taps:
            if perm.tapped:
                return f"{self._label(state, perm)} is tapped"
            if card.is_creature and perm.sick and \
                    not core_keywords.has_keyword(state, self.where, perm.id, "haste"):
                return f"{self._label(state, perm)} is summoning sick"
        return self.activation_problem(state, seat, perm, index)

    def _do_choose(self, state: GameState, seat: int, action: A.Choose,
                   events: list[Event]) -> None:
        """Answer a ``choice``: "counter it unless its controller pays {N}" (and "you may pay
        {N}", cumulative upkeep) with ``pay`` from the pool or ``decline``; or one of a
        one-shot's options (fx_oneshots)."""
        decision = waiting(state, action, "choice", "choice")
        if decision.get("by") == "origin":  # the place a triggered ability affects
            self.magic.answer_trigger_origin(state, seat, action, events)
            return
        if "_fx" in decision:
            self.magic.answer_oneshot(state, seat, action, events)
            return
        self.magic.answer_pay_choice(state, seat, action, events)  # spell_paying.py

    def pay_choice_cost(self, state: GameState, seat: int, action: A.Action, cost: str,
                        events: list[Event]) -> None:
        """The Conquering pays a ``choice``'s *cost* from the pool (see :meth:`_pay`)."""
        self._pay(state, seat, action, cost, (), events)

    def choice_answers(self, state: GameState, seat: int) -> list[A.Action]:
        """The answers to a ``choice`` decision *seat* may give (``pay`` only if the pool
        pays it)."""
        decision = state.decision
        assert decision is not None
        if decision.get("by") == "origin":
            return self.magic.origin_answers(state, seat)
        out: list[A.Action] = []
        for option in decision.get("options", ()):
            if option == "pay" and "_fx" not in decision and pay(
                    state.players[seat].pool,
                    str(decision.get("cost") or "{%d}" % int(decision["amount"]))) is None:
                continue
            out.append(A.Choose(choice=option))
        return out

    # ------------------------------------------------------------------ casting
    def _do_cast(self, state: GameState, seat: int, action: A.Cast, events: list[Event]) -> None:
        """Cast a spell paid from the pool: a permanent at sorcery speed, an instant (or a
        flash card) whenever its caster may act, through the stack."""
        card_id = self.magic._hand_card(state, seat, action, action.card)
        card = state.card(card_id)
        if card.is_land:
            raise IllegalActionError(action, f"{card.name} is a land: in {self.game_words} "
                                             "lands are not played from hand")
        if not card.type_line:
            raise IllegalActionError(action, f"casting {card.name} is not part of "
                                             f"{self.game_words} yet")
        attach: str | None = None
        if card.is_aura:
            attach = self._aura_target(state, seat, action, card_id)
        if not (card.is_instant or card.has_flash):
            self._main_check(state, seat, action)
        if not 0 <= action.x <= A.MAX_X:
            raise IllegalActionError(action, f"X must be a whole number from 0 to {A.MAX_X}")
        effects: tuple[Effect, ...] = ()
        automatic = True
        if card.is_instant or card.is_sorcery:
            effects = spell_effects(card, action.mode)
            automatic = self.magic.check_targets(state, seat, action, card.name, card_id, effects,
                                           "spell", action.targets, action.x)
        elif action.targets and attach is None:
            raise IllegalActionError(action, f"{card.name} has no targets")
        self._pay(state, seat, action, card.mana_cost, action.pay, events, action.x)
        state.players[seat].hand.remove(card_id)
        event: Event = {"type": "cast", "player": seat, "card": card.name, "id": card_id}
        if action.targets and attach is None:
            event["targets"] = [A.target_to_wire(t) for t in action.targets]
        if attach is not None:
            event["attached_to"] = attach
        note = by_hand_note(card, effects, action.x, automatic) \
            if card.is_instant or card.is_sorcery else static_by_hand_note(card)
        if note:
            event["note"] = note
        events.append(event)
        item: dict[str, Any] = {"kind": "spell", "card": card.name, "obj": card_id,
                                "controller": seat,
                                "targets": [] if attach is not None else
                                [A.target_to_wire(t) for t in action.targets],
                                "x": action.x}
        if action.mode != (0,):
            item["mode"] = list(action.mode)
        if attach is not None:
            item["attach"] = attach
        self.push(state, item, events)

    # ------------------------------------------------------------------ auras
    def _aura_target(self, state: GameState, seat: int, action: A.Cast, card_id: str) -> str:
        """The permanent an aura will enchant (``target``, or the one entry of ``targets``),
        checked against its "Enchant …" phrase and the reach."""
        target = action.target
        if target is None and len(action.targets) == 1:
            target = action.targets[0]
        place = _place_named(state, target)  # a land by its place: [r, c], "S0", an area
        if place is not None:
            cell = state.cells[place]
            target = cell.land if cell.land is not None and cell.face_up else None
        if not isinstance(target, str) or (target not in state.perms and not any(
                c.land == target for c in state.cells.values())):
            raise IllegalActionError(action, "an aura needs a permanent you can see to "
                                             "enchant")
        problem = self.aura_problem(state, seat, card_id, target)
        if problem:
            raise IllegalActionError(action, problem)
        return target

    def aura_problem(self, state: GameState, seat: int, card_id: str,
                     target: str) -> str | None:
        """Why the aura *card_id* can't enchant *target* (None: it can): its "Enchant …"
        phrase, then the Conquering's reach."""
        card = state.card(card_id)
        perm = state.perms.get(target)
        if perm is not None and perm.zone == "attached":
            return f"{card.name} can't enchant {state.name(target)}: it is attached to another"
        spec = enchant_spec(card)
        place = None if perm is not None else self._land_place(state, target)
        if spec is not None and (perm is not None or place is not None):
            # A land is checked at its place ("Enchant land", the reach to a stronghold).
            return self.magic.target_refusal(state, seat, card.name, card_id, Slot(spec, 0, None),
                                             target if perm is not None else place)
        return self.target_problem(state, seat, card_id, target)

    def aura_targets(self, state: GameState, seat: int, card_id: str) -> list[Any]:
        """What the aura *card_id* could enchant now: creatures on the board and permanents
        off it by id, face-up lands by their place (``[r, c]``, ``"S0"``, an area's name)."""
        spec = enchant_spec(state.card(card_id))
        if spec is None:
            return []
        out: list[Any] = [pid for pid, p in state.perms.items()
                          if p.zone in ("board", "staging")
                          and self.aura_problem(state, seat, card_id, pid) is None]
        if "land" in spec.noun.split("_or_") or "permanent" in spec.noun.split("_or_"):
            for pos in state.board.places():
                cell = state.cells.get(pos)
                if cell is not None and cell.land is not None and cell.face_up and \
                        self.aura_problem(state, seat, card_id, cell.land) is None:
                    out.append(pos)
        return out

    # ------------------------------------------------------------------ activating
    def makes_mana(self, state: GameState, perm: Permanent) -> bool:
        """Whether *perm*'s mana abilities make mana here (the Conquering: all of them)."""
        return True

    def _do_activate(self, state: GameState, seat: int, action: A.Activate,
                     events: list[Event]) -> None:
        """A mana ability adds to the pool at once (where :meth:`makes_mana` allows) and its
        other effects happen (fx_timing ``mana_riders``); any other goes on the stack."""
        perm, card, ability = own_ability(state, seat, action)
        problem = self._ability_blocked(state, seat, perm, action.ability)
        if problem:
            raise IllegalActionError(action, problem)
        made = mana_made(card, ability, action)
        effects: tuple[Effect, ...] | None = None
        if made is None and not ability.is_regeneration:
            effects = ability_effects(card, action.ability, action.mode)
            if effects is not None:
                given = self.magic.check_targets(state, seat, action, card.name, perm.id, effects,
                                           "activated", action.targets, action.x)
                if not given or not any(executed(e, "activated") for e in effects):
                    effects = None
        if effects is None and action.targets:
            raise IllegalActionError(action, f"the engine doesn't carry out this ability of "
                                             f"{card.name}: leave out its targets")
        planeswalkers.pay_loyalty(state, action, perm, action.ability, action.x, events)
        self._pay(state, seat, action, ability.mana_cost, action.pay, events)
        makes = made if made is not None and self.makes_mana(state, perm) else None
        event = self.magic.record_activation(state, seat, perm, card, ability, action.ability,
                                             makes, effects, "its own area")
        if made is not None and makes is None:  # no mana here, the rest of it still happens
            event.pop("note", None)
            event.update({"modelled": True, "player": seat, "no_mana": self.game_words})
        events.append(event)
        if made is not None and ability.mana_note and not self.magic.mana_riders(
                state, seat, perm.id, action.ability, events):  # fx_timing: Astrolabe's draw
            event["note"] = f"carry out the rest by hand: {ability.mana_note}"
        if ability.sacrifices_self and perm.id in state.perms:
            leave_battlefield(state, perm, "graveyard", events, reason="sacrificed")
        if effects is not None:
            self.push(state, {"kind": "ability", "card": card.name, "source": perm.id,
                              "ability": action.ability, "controller": seat,
                              "targets": [A.target_to_wire(t) for t in action.targets],
                              "x": action.x, **({"mode": list(action.mode)}
                                                if action.mode != (0,) else {})}, events)


def _place_named(state: GameState, target: Any) -> Pos | None:
    """The place *target* names when it names one (a square, or a place's name that is no
    permanent's id), else None."""
    if isinstance(target, (tuple, list)) and state.cells.get(tuple(target)) is not None:
        return tuple(target)
    if isinstance(target, str) and target not in state.perms and target in state.cells:
        return target
    return None


def static_by_hand_note(card: Any) -> str | None:
    """The ``note`` of a permanent spell's ``cast`` event: its static abilities the engine
    doesn't carry out, left to the players (Evil Presence's "Enchanted land is a Swamp.": a
    land's type is not changed by the engine). None: nothing is left by hand."""
    manual = [by_hand_text(e, card.name) for ability in reading_of(card).abilities
              if isinstance(ability, StaticAbility) for e in ability.effects
              if not executed(e, "static")]
    return "carry out by hand (manual actions): " + "; ".join(manual) if manual else None
