"""Army Magic on the effects engine: the stack, targets and executors of
:class:`~frontier_desktop.rules.core.spells.SpellActions`, with Army's answers to
the engine's variant hooks.

What differs from Frontier (``shared/rules/army.md``, "Area of effect" and "Mana and other
rules"):

- New permanents enter on their controller's home base; an artifact or a non-aura enchantment
  is then put on a land in range (a ``place`` decision when there is a choice: below).
- Targets reach only lands the caster controls or lands next to them; a permanent's abilities
  reach its own land and the lands next to it (``Army.target_problem``).
- An effect with no target that reaches "all"/"each" needs an ``origin`` (a land the caster
  controls or next to one); it reaches that land and its neighbours (:meth:`effect_area`).
- Damage to a player is dealt to a land of theirs in range: the spell targets the land (its
  square); damage to a player without a target (each player, you) goes to a land of theirs in
  the effect's area, chosen by the source's controller (a ``place`` decision with
  ``purpose: "damage"``).
- Life gain and loss go to a land the player chooses (``purpose: "gain"`` / ``"lose"``): a
  gain stops at 6 (a home base at 20), a loss may empty a land (then destroyed); each option
  says the ``life`` the land would show and what is ``lost`` or ``destroyed``.
- New artifacts and non-aura enchantments go on a land of the caster's or next to one, an
  opponent's included.
- Discard, draw and the other non-damage player effects need no range.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core import equipment, planeswalkers
from frontier_desktop.rules.effects.nodes import Effect
from frontier_desktop.rules.effects.targeting import Slot
from frontier_desktop.rules.core.decisions import waiting
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core import fx_statics
from frontier_desktop.rules.variants.army.board import (
    controller, home_of, in_range, info, land_life, land_words, place_of, reach,
)
from frontier_desktop.rules.variants.army.control import life_cap, life_option
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.core.spell_context import _Context
from frontier_desktop.rules.core.spell_reading import needs_origin as needs_origin  # re-exported
from frontier_desktop.rules.core.spell_reading import (
    ability_effects, by_hand_note, enchant_spec, executed, spell_effects,
)
from frontier_desktop.rules.core.engine_hooks import VariantHooks
from frontier_desktop.rules.core.shared import plan_payment, wire


# Army keeps artifacts on its lands: a dropped equipment stays on its creature's land, and
# "Equip" reaches a creature on the equipment's land (the ruling; rules/core/equipment.py).
equipment.keep_on_lands("army", place_of, controller)


class Area:
    """The lands an effect reaches (its origin's or its permanent's land and the next ones),
    callable on an object id: whether that object stands in them."""

    def __init__(self, state: GameState, places: set[Pos]) -> None:
        self.state = state
        self.places = frozenset(places)

    def __call__(self, obj: Any) -> bool:
        if isinstance(obj, tuple) and len(obj) == 2 and isinstance(obj[0], int):
            return obj in self.places
        if isinstance(obj, str):
            place = place_of(self.state, obj)
            return place is not None and place in self.places
        return True


class ArmySpells(VariantHooks):
    """Casting, activating and the engine's hooks for Army Magic (mixed into :class:`Army`),
    with the one-shot executors (fx_oneshots: tutors, prevention shields, divided damage …)
    and the spell mana of fx_mana (Dark Ritual), as Frontier has them."""

    # Spell mana only: fx_mana's other executors carry out effects on Frontier's land squares
    # (a destroyed land becomes a hole), which Army reads differently (Army.destroy_land).

    # provided by Army
    def _main_check(self, state: GameState, seat: int, action: A.Action) -> None:  # pragma: no cover
        raise NotImplementedError

    def _pay(self, state: GameState, seat: int, action: A.Action, cost: str,
             pay_list: Any, events: list[Event], x: int = 0, *,
             source: str | None = None) -> None:  # pragma: no cover
        raise NotImplementedError

    def mana_sources(self, state: GameState, seat: int) -> list[Any]:  # pragma: no cover
        raise NotImplementedError

    def _label(self, state: GameState, perm: Permanent) -> str:  # pragma: no cover
        raise NotImplementedError

    # ------------------------------------------------------------------ engine hooks
    def wants_responses(self, state: GameState, seat: int) -> bool:
        """A player who asked for responses, or everyone under the ``responses`` option."""
        return bool(state.players[seat].responses or state.options.get("responses"))

    def damaged_player(self, event: Event) -> int | None:
        """Damage to a land is damage to its player (the digest: "that land loses the
        life")."""
        if event.get("target") == "land" and event.get("player") is not None:
            return int(event["player"])
        return super().damaged_player(event)

    def state_checks(self, state: GameState, events: list[Event]) -> None:
        from frontier_desktop.rules.variants.army.combat import check_deaths

        check_deaths(state, events)

    def put_onto_battlefield(self, state: GameState, obj: str, seat: int, events: list[Event],
                             *, sick: bool, tapped: bool = False) -> Any:
        """On the controller's home base; an artifact or non-aura enchantment is then put on
        a land in range (``place``)."""
        home = home_of(state, seat)
        if home is None:
            lands = sorted(p for p, c in self.land_controllers(state).items() if c == seat)
            home = lands[0] if lands else None
        if home is None:  # a puzzle position without a land of theirs: nowhere to enter
            if not state.card(obj).type_line.startswith("Token"):
                state.players[state.owner(obj)].graveyard.append(obj)
            return None
        state.perms[obj] = Permanent(obj, seat, "board", home, sick=sick, tapped=tapped)
        planeswalkers.enter(state, state.perms[obj])  # its loyalty (rules/core)
        card = state.card(obj)
        if not card.is_creature and "Planeswalker" not in card.types and not card.is_aura and (
                "Artifact" in card.types or "Enchantment" in card.types):
            self._ask_place(state, seat, obj, events)
        return wire(state, home)

    def _ask_place(self, state: GameState, seat: int, obj: str, events: list[Event]) -> None:
        """A new artifact or non-aura enchantment is put on a land its controller controls or
        next to one, an opponent's included (the ruling on placing artifacts and enchantments;
        a ``place`` decision when there is more than one)."""
        if state.decision is not None:
            return  # another choice waits: it stays on the home base
        lands = sorted(p for p in state.board.positions()
                       if state.cells[p].land is not None and in_range(state, seat, p))
        if len(lands) <= 1:
            return  # only the home base: it stays there
        state.decision = {"kind": "place", "player": seat, "id": obj,
                          "options": [{"id": obj, "at": wire(state, p)} for p in lands]}
        events.append({"type": "choose", "player": seat, "kind": "place", "unit": obj})

    def damage_land(self, state: GameState, seat: int, pos: Pos, amount: int,
                    events: list[Event], *, source: str | None = None) -> None:
        """*seat*'s spell or ability (*source*) deals *amount* damage to the land at *pos*
        (damage to a player lands here too: a ``damage`` event names the land's player, for
        "deals damage to a player" triggers). A land other than a home base brought to 0 is
        captured by *seat*: untapped, their die at 6, with no creature moving in (the digest's
        ruling)."""
        life = info(state.cells[pos])["life"]
        if life is None or amount <= 0:
            return
        from frontier_desktop.rules.variants.army.combat import capture, damage_land

        owner = controller(state, pos)
        if source is not None and owner is not None:
            events.append({"type": "damage", "source": source, "target": "land",
                           "at": wire(state, pos), "player": owner, "amount": amount})

        damage_land(state, pos, amount, events)
        extra = info(state.cells[pos])
        if extra["life"] > 0 or extra["stronghold_of"] is not None:
            return  # a home base at 0: its owner is out (Army.after_action)
        if controller(state, pos) != seat:
            capture(state, pos, seat, [], events)
        else:  # a land of one's own brought to 0: lost, as if destroyed
            self.destroy_land(state, seat, pos, events)

    def destroy_land(self, state: GameState, seat: int, pos: Pos,
                     events: list[Event]) -> None:  # pragma: no cover
        raise NotImplementedError  # Army's

    def damage_to_place(self, ctx: _Context, place: Any, amount: int,
                        events: list[Event]) -> bool:
        """Damage to a land targeted for its player: their prevention shields apply (a
        "source of your choice" shield too: fx_oneshots)."""
        from frontier_desktop.rules.core.life import shield_prevents

        state = ctx.state
        owner = controller(state, place)
        if owner is not None:
            amount = shield_prevents(state, [ctx.source_label], ("player", owner), amount,
                                     events)
        if owner is not None and state.players[owner].prevent:
            player = state.players[owner]
            stopped = min(player.prevent, amount)
            player.prevent -= stopped
            amount -= stopped
            events.append({"type": "prevented", "player": owner, "amount": stopped})
        if land_life(state, place) is not None:
            self.damage_land(state, ctx.seat, place, amount, events, source=ctx.source_label)
        return True

    def damage_to_player(self, ctx: _Context, seat: int, amount: int,
                         events: list[Event]) -> None:
        """Damage to a player without a target: to a land of theirs in the effect's area,
        chosen by the source's controller."""
        state = ctx.state
        area = ctx.area if isinstance(ctx.area, Area) else Area(state, {
            p for p in state.board.positions() if in_range(state, ctx.seat, p)})
        lands = sorted(p for p in area.places
                       if controller(state, p) == seat and land_life(state, p) is not None)
        self._land_for(ctx, ctx.seat, seat, "damage", amount, lands, events)

    def life_change(self, ctx: _Context, seat: int, amount: int, events: list[Event]) -> None:
        """Life gained or lost goes to a land the player chooses among those they control: a
        loss on any of them, one it brings to 0 included (that land is destroyed; a home base
        at 0 loses the game), a gain up to 6 (a home base 20), the excess lost (the
        ruling on life on lands)."""
        state = ctx.state
        lands = sorted(p for p, c in self.land_controllers(state).items() if c == seat
                       and land_life(state, p) is not None)
        self._land_for(ctx, seat, seat, "gain" if amount >= 0 else "lose", abs(amount), lands,
                       events)

    def _land_for(self, ctx: _Context, chooser: int, seat: int, purpose: str, amount: int,
                  lands: list[Pos], events: list[Event]) -> None:
        state = ctx.state
        if amount <= 0:
            return
        if not lands:  # no land of theirs to take it: damage is lost, life is not gained
            if purpose == "damage":
                events.append({"type": "prevented", "player": seat, "amount": amount})
            return
        home = home_of(state, seat)
        if len(lands) == 1 or state.decision is not None:
            at = home if home in lands else lands[0]
            self.land_amount(state, ctx.seat, purpose, at, amount, events,
                             source=ctx.source_label)
            return
        # The decision and its event name the source (the spell's card, or the permanent whose
        # ability it is), so that the table says "Ann chooses a land for Lightning Bolt".
        key = str(ctx.source or ctx.item.get("obj") or ctx.item.get("id") or ctx.name)
        state.decision = {"kind": "place", "player": chooser, "id": key, "purpose": purpose,
                          "amount": amount, "of": seat, "by": ctx.seat, "card": ctx.name,
                          "options": [life_option(state, key, p, purpose, amount)
                                      for p in lands]}
        events.append({"type": "choose", "player": chooser, "kind": "place", "unit": key,
                       "purpose": purpose, "amount": amount, "of": seat, "card": ctx.name})

    def land_amount(self, state: GameState, by: int, purpose: str, at: Pos, amount: int,
                    events: list[Event], *, source: str | None = None) -> None:
        """Carry out damage (*by*'s, from *source*), a life gain or a life loss of *amount*
        on the land at *at*. A loss that brings a land other than a home base to 0 destroys
        it (a home base at 0 loses the game: ``Army.after_action``); a gain stops at 6 (a home
        base at 20), the ``land_life`` event giving the real change (``delta``) and the life
        ``lost`` beyond."""
        from frontier_desktop.rules.variants.army.combat import damage_land

        if purpose == "damage":
            self.damage_land(state, by, at, amount, events, source=source)
        elif purpose == "lose":
            damage_land(state, at, amount, events)
            extra = info(state.cells[at])
            if extra["life"] is not None and extra["life"] <= 0 and \
                    extra["stronghold_of"] is None:
                owner = controller(state, at)
                self.destroy_land(state, by if owner is None else owner, at, events)
        else:
            extra = info(state.cells[at])
            life = int(extra["life"] or 0)
            after = max(life, min(life_cap(state, at), life + amount))
            extra["life"] = after
            event: Event = {"type": "land_life", "at": wire(state, at), "life": after,
                            "delta": after - life}
            if life + amount > after:
                event["lost"] = life + amount - after
            events.append(event)

    def effect_area(self, state: GameState, item: dict[str, Any],
                    source: str | None) -> Callable[[Any], bool] | None:
        """A permanent's ability: its land and the next ones; a spell: its origin's."""
        place = place_of(state, source) if source is not None else None
        if place is None and item.get("origin") is not None:
            place = state.board.pos_from_wire(item["origin"])
        return Area(state, reach(state, place)) if place is not None else None

    def can_pay_generic(self, state: GameState, seat: int, amount: int) -> bool:
        player = state.players[seat]
        return plan_payment(player.pool, player.life, "{%d}" % amount,
                            self.mana_sources(state, seat)) is not None

    def instant_choices(self, state: GameState, seat: int) -> list[A.Action]:
        from frontier_desktop.rules.variants.army.legal import instants

        return instants(self, state, seat, sorcery=False)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ combat triggers
    @staticmethod
    def _wait_for_triggers(state: GameState, waiting: dict[str, Any]) -> None:
        """Part of a combat waits for the triggers on the stack (``stack_emptied``)."""
        if state.pending is not None and state.pending.get("kind") == "priority":
            state.pending = {**state.pending, "outer": waiting}
        else:
            state.pending = waiting

    def _blocks_declared(self, state: GameState, combat: dict[str, Any],
                         events: list[Event]) -> None:
        """The blocks are known: flanking and rampage, then "whenever … blocks / becomes
        blocked / attacks and isn't blocked" triggers (Frontier's, per attacker and its
        blockers); the damage is dealt once they have resolved."""
        from frontier_desktop.rules.variants.army.combat import resolve_combat

        attackers = [a for a in combat["attackers"] if a in state.perms]
        blocks: dict[str, str] = combat["blocks"]
        blocked_by = {a: [b for b, x in blocks.items() if x == a and b in state.perms]
                      for a in attackers}
        fx_statics.start_combat(state, attackers, list(blocks))
        for attacker in attackers:
            self.magic._flanking_and_rampage(state, [attacker], blocked_by[attacker], events)
        sides: list[Any] = [
            (a, ("becomes_blocked", "blocks_or_blocked") if blocked_by[a]
             else ("attacks_unblocked",), blocked_by[a]) for a in attackers]
        sides += [(b, ("blocks", "blocks_or_blocked", "attacks_or_blocks"), [a])
                  for b, a in blocks.items() if b in state.perms and a in state.perms]
        self.magic.fire_sides(state, sides, events)
        if not state.stack and state.decision is None:
            resolve_combat(state, combat, events)
            return
        self._wait_for_triggers(state, {
            "kind": "combat", "seat": combat["seat"], "responder": combat["seat"],
            "units": list(combat["attackers"]), "from": combat["from"],
            "target": combat["target"], "after_triggers": True, "_combat": combat})

    def stack_emptied(self, state: GameState, events: list[Event]) -> None:
        """A combat that waited for its attack triggers begins (its blocks are asked); one
        that waited for its blocks' triggers deals its damage."""
        from frontier_desktop.rules.variants.army.combat import resolve_combat, start_combat

        pending = state.pending
        if pending is None or pending.get("kind") != "combat":
            return
        state.pending = None
        if "_combat" in pending:
            resolve_combat(state, pending["_combat"], events)
            return
        board = state.board
        ids = [i for i in pending["units"] if i in state.perms]
        defender = controller(state, board.pos_from_wire(pending["target"]))
        if not ids or defender is None or defender == int(pending["seat"]):
            events.append({"type": "combat_over", "at": pending["target"], "life": None})
            return
        combat = start_combat(state, int(pending["seat"]), ids,
                              board.pos_from_wire(pending["from"]),
                              board.pos_from_wire(pending["target"]), events)
        if combat is not None:
            self._blocks_declared(state, combat, events)

    # ------------------------------------------------------------------ casting
    def origin_problem(self, state: GameState, seat: int, name: str,
                       effects: tuple[Effect, ...], origin: Any) -> str | None:
        """Why *origin* won't do for a spell with *effects* (None: it will)."""
        if not needs_origin(effects):
            if origin is not None:
                return f"{name} has no effect without a target: it takes no origin"
            return None
        if origin is None:
            return (f"{name} affects everything around one land: choose its origin, a land "
                    "you control or next to one")
        if not isinstance(origin, tuple) or not state.board.contains(origin) or \
                state.cells[origin].land is None:
            return f"{name}'s origin must be a land on the board"
        if not in_range(state, seat, origin):
            return (f"out of range: {land_words(state, origin)} is neither a land you control "
                    "nor next to one")
        return None

    def _do_cast(self, state: GameState, seat: int, action: A.Cast, events: list[Event]) -> None:
        card_id = self.magic._hand_card(state, seat, action, action.card)
        card = state.card(card_id)
        player = state.players[seat]
        home = home_of(state, seat)
        if home is None:
            raise IllegalActionError(action, "you have no home base")
        if card.is_land:
            self._main_check(state, seat, action)
            if state.extra.get("land_played"):
                raise IllegalActionError(action, "one extra land a turn")
            player.hand.remove(card_id)
            state.perms[card_id] = Permanent(card_id, seat, "board", home)
            state.extra["land_played"] = True
            events.append({"type": "land_played", "player": seat, "card": card.name,
                           "id": card_id, "at": wire(state, home)})
            return
        if not card.type_line or card.name == "(unknown card)":
            raise IllegalActionError(action, f"{card.name} can't be cast")
        if not (card.is_instant or card.has_flash):
            self._main_check(state, seat, action)
        if not 0 <= action.x <= A.MAX_X:
            raise IllegalActionError(action, f"X must be a whole number from 0 to {A.MAX_X}")
        targets = action.targets
        attach: str | None = None
        automatic = True
        effects: tuple[Effect, ...] = ()
        if card.is_aura:
            attach = self._aura_target(state, seat, action, card_id)
            targets = ()
        elif card.is_instant or card.is_sorcery:
            effects = spell_effects(card, action.mode)
            automatic = self.magic.check_targets(state, seat, action, card.name, card_id, effects,
                                           "spell", targets, action.x)
        elif targets:
            raise IllegalActionError(action, f"{card.name} has no targets")
        problem = self.origin_problem(state, seat, card.name, effects, action.origin)
        if problem:
            raise IllegalActionError(action, problem)
        self._pay(state, seat, action, card.mana_cost, action.pay, events, action.x,
                  source=card_id)
        player.hand.remove(card_id)
        event: Event = {"type": "cast", "player": seat, "card": card.name, "id": card_id}
        if targets:
            event["targets"] = [A.target_to_wire(t) for t in targets]
        if action.origin is not None:
            event["origin"] = wire(state, action.origin)
        if card.is_instant or card.is_sorcery:
            note = by_hand_note(card, effects, action.x, automatic)
            if note:
                event["note"] = note
        elif card.is_aura:
            event["attached_to"] = attach
        else:
            event["to"] = wire(state, home)
        events.append(event)
        item: dict[str, Any] = {"kind": "spell", "card": card.name, "obj": card_id,
                                "controller": seat,
                                "targets": [A.target_to_wire(t) for t in targets],
                                "x": action.x}
        if action.mode != (0,):
            item["mode"] = list(action.mode)
        if attach is not None:
            item["attach"] = attach
        if action.origin is not None:
            item["origin"] = wire(state, action.origin)
        self.push(state, item, events)

    def _aura_target(self, state: GameState, seat: int, action: A.Cast, card_id: str) -> str:
        """The permanent an aura will enchant (``target``, or the one entry of ``targets``),
        checked against its "Enchant …" phrase and the reach."""
        target = action.target
        if target is None and len(action.targets) == 1:
            target = action.targets[0]
        card = state.card(card_id)
        if isinstance(target, tuple) and state.board.contains(target):
            cell = state.cells[target]
            target = cell.land if cell.land is not None and cell.face_up else None
        if not isinstance(target, str) or (target not in state.perms and not any(
                c.land == target for c in state.cells.values())):
            raise IllegalActionError(action, "an aura needs a permanent you can see ('target')")
        problem = self.aura_problem(state, seat, card_id, target)
        if problem:
            raise IllegalActionError(action, problem)
        return target

    def aura_problem(self, state: GameState, seat: int, card_id: str,
                     target: str) -> str | None:
        """Why the aura *card_id* can't enchant *target* (a permanent or a land's id), or
        None: its "Enchant …" phrase, then the reach."""
        card = state.card(card_id)
        if target in state.perms and state.perms[target].zone == "attached":
            return f"{card.name} can't enchant {state.name(target)}: it is attached to another"
        spec = enchant_spec(card)
        if spec is not None and target in state.perms:
            return self.magic.target_refusal(state, seat, card.name, card_id, Slot(spec, 0, None),
                                       target)
        return self.target_problem(state, seat, card_id, target)

    # ------------------------------------------------------------------ activating
    def stack_ability(self, state: GameState, seat: int, action: A.Activate, perm: Permanent,
                      index: int) -> tuple[Effect, ...] | None:
        """The effects ability *index* puts on the stack (None: carried out by hand), with
        *action*'s targets checked."""
        card = state.card(perm.id)
        effects = ability_effects(card, index, action.mode)
        if effects is None:
            return None
        automated = [e for e in effects if executed(e, "activated")]
        given = self.magic.check_targets(state, seat, action, card.name, perm.id, effects,
                                   "activated", action.targets, action.x)
        return effects if automated and given else None

    def push_ability(self, state: GameState, seat: int, action: A.Activate, perm: Permanent,
                     index: int, events: list[Event], *, origin: Any = None) -> None:
        """Put ability *index* of *perm* on the stack (*origin*: the land of a permanent that
        left play paying the cost, whose reach the ability keeps)."""
        item: dict[str, Any] = {"kind": "ability", "card": state.name(perm.id),
                                "source": perm.id, "ability": index, "controller": seat,
                                "targets": [A.target_to_wire(t) for t in action.targets],
                                "x": action.x}
        if action.mode != (0,):
            item["mode"] = list(action.mode)
        place = place_of(state, perm.id) if perm.id in state.perms else None
        if place is not None:  # its reach, should it leave play before resolving
            origin = wire(state, place)
        if origin is not None:
            item["origin"] = origin
        self.push(state, item, events)

    # ------------------------------------------------------------------ decisions
    def _do_choose(self, state: GameState, seat: int, action: A.Choose,
                   events: list[Event]) -> None:
        """Answer "counter it unless its controller pays {N}", "you may pay {N}" or an upkeep
        cost: ``pay`` (tapping lands for what the pool lacks) or ``decline``
        (:meth:`answer_pay_choice`); or one of the options of a one-shot's choice
        (fx_oneshots)."""
        decision = waiting(state, action, "choice", "choice")
        if "_fx" in decision:  # fx_oneshots: a chosen option (a tutor's card, a source)
            self.magic.answer_oneshot(state, seat, action, events)
            return
        self.magic.answer_pay_choice(state, seat, action, events)  # spell_paying.py

    def pay_choice_cost(self, state: GameState, seat: int, action: A.Action, cost: str,
                        events: list[Event]) -> None:
        """Army Magic pays a ``choice``'s *cost* from the pool, tapping lands for what it
        lacks (see :meth:`_pay`)."""
        self._pay(state, seat, action, cost, (), events)


def origin_choices(state: GameState, seat: int, card_id: str,
                   modes: tuple[int, ...] = (0,)) -> list[object]:
    """For the table: the lands (wire form) a card in *seat*'s hand may take as its
    ``origin``, or [] when it needs none (it has a target, or reaches nothing around it)."""
    card = state.card(card_id)
    if not (card.is_instant or card.is_sorcery) or not needs_origin(spell_effects(card, modes)):
        return []
    return [wire(state, p) for p in sorted(state.board.positions())
            if state.cells[p].land is not None and in_range(state, seat, p)]
