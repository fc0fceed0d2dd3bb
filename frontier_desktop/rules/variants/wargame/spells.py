"""The War Game on the effects engine (``shared/rules/wargame.md``, "Rules changes").

The stack, targets, executors and response windows are the shared engine's, reached through
the core's pool-paying part (:class:`~frontier_desktop.rules.core.pool_spells.PoolSpells`); the War
Game answers the engine's hooks its own way:

- Paying: every mana symbol costs one supply point, whatever its colour (``{X}`` costs X);
  mana made by creatures joins the supply (:func:`fold_pool`), which carries over. A
  non-creature's mana ability makes none (:meth:`WarGameSpells.makes_mana`): activated for
  its other effects (Astrolabe's draw), it pays its costs and they happen. Upkeep
  costs and "unless you pay" too (:meth:`WarGameSpells.can_pay_cost`, ``choice_answers``).
- Upkeep: the War Game has no upkeep step; the ``heal`` step's start is its upkeep
  (:meth:`WarGameSpells.timing_event`), and "activate only during your upkeep" means the
  heal step.
- The removed pile is the graveyard list (``players[i].removed`` in views); drawing from an
  empty library first shuffles the removed pile into a new library (:func:`draw_refilling`).
- Casting is in the casting phase (instants whenever their caster may act); a creature
  needs its caster's own stronghold, with room (three of their creatures at most), and
  enters it (:meth:`put_onto_battlefield`); so does a creature put onto the battlefield by
  an effect (a token): one that doesn't fit isn't created.
- The reach (:meth:`WarGameSpells.target_problem`): an opponent's stronghold is never a
  target or an origin; a creature's targeted ability reaches only its own terrain; an
  opposing creature only with a creature of yours in its terrain or one next to it.
  A spell that would affect the whole table affects one chosen terrain, its ``origin``
  (:meth:`effect_area`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.mana import empty_pool
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.core.pool_spells import PoolSpells
from frontier_desktop.rules.core.spell_grants import continuous_pt
from frontier_desktop.rules.effects.engine_support import trigger_key
from frontier_desktop.rules.core.spell_reading import spell_effects, triggered_abilities
from frontier_desktop.rules.core.shared import own_ability
from frontier_desktop.rules.core.shared import draw_top, game_rng, save_rng, wire
from frontier_desktop.rules.variants.wargame.board import (
    STRONGHOLD_LIMIT, has_lost_stronghold, is_stronghold, place_words, stronghold,
)
from frontier_desktop.rules.variants.wargame import reach
from frontier_desktop.rules.variants.wargame.reach import (
    ability_needs_origin, is_opposing_stronghold, origin_choices, place_of, set_origin,
    spell_needs_origin, wargame_reach,
)

def wargame_pt(state: GameState, perm: Permanent) -> tuple[int, int]:
    """Printed P/T with counters and changes, +1/+1 on terrain of its colour (not in a
    stronghold)."""
    p, t = continuous_pt(state, perm, wargame_reach)
    if perm.zone != "board" or perm.at is None or is_stronghold(state, perm.at):
        return p, t
    cell = state.cells.get(perm.at)
    if cell is not None and cell.land and cell.face_up and \
            state.card(perm.id).matches_colour_of(state.card(cell.land)):
        return p + 1, t + 1
    return p, t


class WarGameWhere(Where):
    """The War Game's answers to the Magic core: the terrain bonus, a creature's statics
    reach its own terrain and a non-creature's its chosen one (:mod:`.reach`); nobody blocks
    (each side divides its power)."""

    def pt(self, state: GameState, perm: Permanent) -> tuple[int, int]:
        return wargame_pt(state, perm)

    def reaches(self, state: GameState, source: Permanent, perm: Permanent) -> bool:
        return wargame_reach(state, source, perm)


WHERE = WarGameWhere()
"""The one :class:`WarGameWhere` the War Game's modules hand the core."""

_SYMBOL = re.compile(r"\{([^}]*)\}")
_ORIGIN_KEY = "_wg_origin"
_ENTERING_KEY = "_wg_entering"
"""``state.extra``: the origin chosen for each non-creature permanent spell on the stack, by
card id, recorded (:data:`reach.ORIGINS`) when it enters the battlefield."""
_ALL_MANA = ("W", "U", "B", "R", "G", "C")


def mana_count(cost: str, x: int = 0) -> int:
    """The supply points *cost* takes: one per coloured symbol, N for ``{N}``, X for ``{X}``."""
    total = 0
    for symbol in _SYMBOL.findall(cost or ""):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol == "X":
            total += x
        else:
            total += 1
    return total


def supply(state: GameState, seat: int) -> int:
    """*seat*'s supply points (mana made and not yet folded in counts too)."""
    points = list(state.extra.get("supply") or [])
    own = int(points[seat]) if seat < len(points) else 0
    return own + sum(state.players[seat].pool.values())


def set_supply(state: GameState, seat: int, value: int) -> None:
    points = list(state.extra.get("supply") or [0] * len(state.players))
    while len(points) < len(state.players):
        points.append(0)
    points[seat] = value
    state.extra["supply"] = points


def fold_pool(state: GameState, seat: int) -> None:
    """Mana in *seat*'s pool (a mana creature's) becomes supply points."""
    pool = state.players[seat].pool
    made = sum(pool.values())
    if made:
        total = supply(state, seat)
        state.players[seat].pool = empty_pool()
        set_supply(state, seat, total)


def draw_refilling(state: GameState, seat: int, count: int, events: list[Event]) -> None:
    """Draw *count* cards; an empty library is first refilled from the shuffled removed pile
    (a ``shuffled`` event); with both empty the draw does nothing."""
    player = state.players[seat]
    for _ in range(count):
        if not player.library and player.graveyard:
            rng = game_rng(state)
            pile = list(player.graveyard)
            rng.shuffle(pile)
            save_rng(state, rng)
            player.library, player.graveyard = pile, []
            events.append({"type": "shuffled", "player": seat, "cards": len(pile),
                           "by": "the removed pile"})
        if not player.library:
            events.append({"type": "draw_empty", "player": seat})
            return
        draw_top(state, seat, events)


_MANA_KINDS = frozenset({"add_mana", "add_mana_per_card"})


def only_makes_mana(card: Any, mode: tuple[int, ...] = (0,)) -> bool:
    """Whether the instant or sorcery *card* does nothing but add mana (Dark Ritual): in the
    War Game it would do nothing."""
    if not (card.is_instant or card.is_sorcery):
        return False
    effects = spell_effects(card, mode)
    return bool(effects) and all(e.kind in _MANA_KINDS for e in effects)


def own_creatures_at(state: GameState, seat: int, place: Pos) -> list[Permanent]:
    return [p for p in state.board_creatures() if p.controller == seat and p.at == place]


class WarGameSpells(PoolSpells):
    """Casting, activating and the engine's hooks for the War Game (mixed into
    :class:`~frontier_desktop.rules.variants.wargame.variant.WarGame`)."""

    main_phases = ("casting",)
    game_words = "the War Game"

    # ------------------------------------------------------------------ plumbing
    def draw(self, state: GameState, seat: int, count: int, events: list[Event]) -> None:
        draw_refilling(state, seat, count, events)

    def can_pay_generic(self, state: GameState, seat: int, amount: int) -> bool:
        return supply(state, seat) >= amount

    def can_pay_cost(self, state: GameState, seat: int, cost: str) -> bool:
        """Whether *seat*'s supply pays *cost* (an upkeep cost, "unless you pay {…}"): one
        point a mana symbol, whatever its colour."""
        return supply(state, seat) >= mana_count(cost)

    def choice_answers(self, state: GameState, seat: int) -> list[A.Action]:
        """The answers to a ``choice``: ``pay`` only when the supply pays it."""
        decision = state.decision
        assert decision is not None
        out = super().choice_answers(state, seat)
        if "_fx" in decision or "pay" not in decision.get("options", ()):
            return out
        cost = str(decision.get("cost") or "{%d}" % int(decision["amount"]))
        out = [a for a in out if not (isinstance(a, A.Choose) and a.choice == "pay")]
        if self.can_pay_cost(state, seat, cost):
            out.insert(list(decision["options"]).index("pay"), A.Choose(choice="pay"))
        return out

    def makes_mana(self, state: GameState, perm: Permanent) -> bool:
        """"Mana comes only from a d6 rolled each turn ("supply points") and creatures that
        tap for mana": a creature's mana abilities add supply; a non-creature's (Sol Ring, a
        Mox, Astrolabe) make none, though their other effects happen (docs/rules-notes.md).
        A player whose stronghold another holds gains no supply of any kind, creature mana
        included (the ruling; the ability's other effects still happen)."""
        return state.card(perm.id).is_creature and \
            not has_lost_stronghold(state, perm.controller)

    def activation_problem(self, state: GameState, seat: int, perm: Permanent,
                           index: int) -> str | None:
        """As the engine's; "Activate only during your upkeep": in your heal step (the War
        Game's "Upkeep/heal"). A non-creature's mana ability with nothing else to do (Sol
        Ring) isn't activated: it makes no mana here (:meth:`makes_mana`)."""
        ability = state.card(perm.id).activated[index]
        if ability.is_mana_ability and not ability.mana_note and \
                not self.makes_mana(state, perm):
            if state.card(perm.id).is_creature:
                return (f"{state.name(perm.id)} makes no supply while another player holds "
                        "your stronghold, and its ability does nothing else")
            return (f"{state.name(perm.id)} makes no mana in the War Game (mana comes only "
                    "from supply and creatures), and its ability does nothing else")
        if state.phase != "heal":
            return super().activation_problem(state, seat, perm, index)
        state.phase = "upkeep"  # asked as if in the upkeep; put back at once
        try:
            return super().activation_problem(state, seat, perm, index)
        finally:
            state.phase = "heal"

    def timing_event(self, state: GameState, event: Event, events: list[Event]) -> None:
        """The War Game has no upkeep step: its upkeep is the start of the heal step
        ("Upkeep/heal"). A ``phase`` event for ``heal`` sets off what an ``upkeep`` one does
        elsewhere: cumulative upkeep and granted upkeep costs, "at the beginning of your /
        each / each opponent's upkeep" (fx_timing, spell_triggers.fire_triggers); their
        costs are paid with supply (:meth:`can_pay_cost`, :meth:`_pay`)."""
        if event.get("type") != "phase" or event.get("phase") != "heal":
            super().timing_event(state, event, events)
            return
        upkeep = {**event, "phase": "upkeep"}
        super().timing_event(state, upkeep, events)  # fx_timing: cumulative upkeep & co.
        active = int(event.get("active", state.active))
        found: list[tuple[int, str, str, int]] = []
        for perm in sorted(state.perms.values(), key=lambda p: (p.controller != active, p.id)):
            name = state.cards[perm.id][0]
            for index, ability in enumerate(triggered_abilities(state.defs[name])):
                if trigger_key(ability.trigger) == "trigger:upkeep" and (
                        ability.trigger.whose == "each" or perm.controller == active):
                    found.append((perm.controller, perm.id, name, index))
        for controller, source, name, index in found:
            if state.players[controller].lost or state.game_over or source not in state.perms:
                continue
            self.push(state, {"kind": "trigger", "card": name, "source": source,
                              "controller": controller, "ability": index, "targets": [],
                              "x": 0, "that": [source]}, events)

    def _pay(self, state: GameState, seat: int, action: A.Action, cost: str,
             pay_list: Any, events: list[Event], x: int = 0) -> None:
        """Pay *cost* with supply points, one per mana symbol of any colour."""
        if pay_list:
            raise IllegalActionError(action, "in the War Game you pay with supply points")
        fold_pool(state, seat)
        need = mana_count(cost, x)
        have = supply(state, seat)
        if need > have:
            raise IllegalActionError(action, f"{cost or '{0}'} takes {need} supply point"
                                             f"{'s' if need != 1 else ''}; you have {have}")
        set_supply(state, seat, have - need)

    def _main_check(self, state: GameState, seat: int, action: A.Action) -> None:
        if seat != state.active or state.phase != "casting":
            raise IllegalActionError(action, "only in your casting phase")
        if state.pending is not None or state.stack or state.decision is not None:
            raise IllegalActionError(action, "not while something waits to resolve")

    def creature_problem(self, state: GameState, seat: int) -> str | None:
        """Why *seat* can't cast a creature now (None: they can)."""
        if has_lost_stronghold(state, seat):
            return "you cast no creatures until you retake your stronghold"
        if len(own_creatures_at(state, seat, stronghold(seat))) >= STRONGHOLD_LIMIT:
            return f"your stronghold already holds {STRONGHOLD_LIMIT} of your creatures"
        return None

    def put_onto_battlefield(self, state: GameState, obj: str, seat: int, events: list[Event],
                             *, sick: bool, tapped: bool = False) -> Any:
        """A creature put onto the battlefield by any effect (a token, a card returned, a
        creature spell resolving) enters its controller's stronghold under the casting
        limits (the ruling): none while another player holds it, none beyond three. One that
        doesn't fit isn't created: a token ceases to exist, a card goes to its owner's
        removed pile (a ``not_created`` event with the ``reason``); returns None then."""
        card = state.card(obj)
        if card.is_creature and (has_lost_stronghold(state, seat) or len(own_creatures_at(
                state, seat, stronghold(seat))) >= STRONGHOLD_LIMIT):
            reason = "their stronghold is held by another player" if has_lost_stronghold(
                state, seat) else f"their stronghold already holds {STRONGHOLD_LIMIT} of " \
                "their creatures"
            token = card.type_line.startswith("Token")
            if token:
                del state.cards[obj]
            else:
                state.players[state.owner(obj)].graveyard.append(obj)
            events.append({"type": "not_created", "player": seat, "card": card.name,
                           "unit": obj, "token": token, "reason": reason})
            return None
        entering = dict(state.extra.get(_ENTERING_KEY) or {})
        origin = entering.pop(obj, None)
        if entering:
            state.extra[_ENTERING_KEY] = entering
        else:
            state.extra.pop(_ENTERING_KEY, None)
        where = super().put_onto_battlefield(state, obj, seat, events, sick=sick,
                                             tapped=tapped)
        if origin is not None and not card.is_creature:
            set_origin(state, obj, origin)  # the terrain its whole-table effects reach
        return where

    def origin_problem(self, state: GameState, seat: int, name: str, origin: Any,
                       source: Permanent | None = None) -> str | None:
        """Why *origin* won't do as the one terrain a whole-table effect affects
        (:func:`reach.origin_problem`)."""
        return reach.origin_problem(state, seat, name, origin, source)

    def _do_cast(self, state: GameState, seat: int, action: A.Cast, events: list[Event]) -> None:
        """Cast as the engine does, after the War Game's checks: a creature needs its own
        stronghold with room; a whole-table spell needs its ``origin``."""
        card_id = self.magic._hand_card(state, seat, action, action.card)
        card = state.card(card_id)
        if only_makes_mana(card, action.mode):
            raise IllegalActionError(action, f"{card.name} makes no mana in the War Game (mana "
                                             "comes only from supply and creatures), and it "
                                             "does nothing else")
        if card.is_creature:
            problem = self.creature_problem(state, seat)
            if problem:
                raise IllegalActionError(action, problem)
        if spell_needs_origin(card, action.mode):
            problem = self.origin_problem(state, seat, card.name, action.origin)
            if problem:
                raise IllegalActionError(action, problem)
            state.extra[_ORIGIN_KEY] = wire(state, action.origin)
        elif action.origin is not None:
            raise IllegalActionError(action, f"{card.name} takes no origin (it has no "
                                             "whole-table effect)")
        try:
            super()._do_cast(state, seat, action, events)
        finally:
            state.extra.pop(_ORIGIN_KEY, None)

    def _do_activate(self, state: GameState, seat: int, action: A.Activate,
                     events: list[Event]) -> None:
        """Activate as the engine does; an ability with an untargeted whole-table effect
        needs its ``origin`` (a creature's within its reach), any other takes none."""
        perm, card, _ = own_ability(state, seat, action)
        if ability_needs_origin(card, action.ability, action.mode):
            problem = self.origin_problem(state, seat, card.name, action.origin, perm)
            if problem:
                raise IllegalActionError(action, problem)
            state.extra[_ORIGIN_KEY] = wire(state, action.origin)
        elif action.origin is not None:
            raise IllegalActionError(action, f"this ability of {card.name} takes no origin "
                                             "(it has no whole-table effect)")
        try:
            super()._do_activate(state, seat, action, events)
        finally:
            state.extra.pop(_ORIGIN_KEY, None)

    def push(self, state: GameState, item: dict[str, Any], events: list[Event]) -> None:
        """A spell or ability cast or activated with an ``origin`` carries it; a permanent
        spell's is kept for when it enters (:meth:`put_onto_battlefield`)."""
        if item.get("kind") in ("spell", "ability") and _ORIGIN_KEY in state.extra:
            item["origin"] = state.extra.pop(_ORIGIN_KEY)
            if item.get("kind") == "spell" and item.get("obj") is not None:
                state.extra[_ENTERING_KEY] = {**(state.extra.get(_ENTERING_KEY) or {}),
                                              str(item["obj"]): item["origin"]}
        super().push(state, item, events)

    def no_mana_from(self, state: GameState, source: str | None) -> str | None:
        """A creature's ability adds supply; any other source's "Add …" makes none (the log
        says so): :meth:`makes_mana`."""
        perm = state.perms.get(source or "")
        if perm is not None and self.makes_mana(state, perm):
            return None
        return self.game_words

    # ------------------------------------------------------------------ engine hooks
    def trigger_origins(self, state: GameState, item: dict[str, Any]) -> list[Any] | None:
        """A triggered ability with a whole-table effect affects one terrain its controller
        chooses (the ruling "reach of whole-table effects"): a creature's within its reach,
        its own terrain or one next to it (:func:`reach.origin_choices`); a non-creature's
        where it was aimed when cast (none asked), else any terrain. Never an opponent's
        stronghold."""
        if not reach.trigger_needs_origin(state, item):
            return None
        source = state.perms.get(str(item.get("source") or ""))
        if source is not None and reach.origin_of(state, source.id) is not None:
            return None  # a non-creature's chosen terrain (effect_area)
        on_board = source if source is not None and source.zone == "board" else None
        seat = int(item["controller"])
        return [wire(state, p) for p in origin_choices(state, seat, on_board)]

    def effect_area(self, state: GameState, item: dict[str, Any],
                    source: str | None) -> Callable[[Any], bool] | None:
        """A whole-table effect: its one chosen terrain (the spell's or ability's
        ``origin``, else a non-creature source's chosen terrain), where a non-creature
        permanent with a chosen terrain stands too; a creature's ability with none: its own
        terrain; anything else everything."""
        origin = item.get("origin")
        at = state.board.pos_from_wire(origin) if origin is not None else \
            reach.origin_of(state, source) if source is not None else None
        if at is not None:
            def there(obj: Any) -> bool:
                if isinstance(obj, str) and obj in state.perms:
                    return bool(place_of(state, obj) == at)
                return bool(obj == at) or (isinstance(obj, str) and state.cells[at].land == obj)
            return there
        return super().effect_area(state, item, source)

    # The reach (see the module docstring): PoolSpells.target_problem, with the War
    # Game's answers for a player, a place and an opposing creature.
    reach_unit = "terrain"

    def player_reach_problem(self, state: GameState, seat: int,
                             target: tuple[Any, ...]) -> str | None:
        return None  # players have no life: such effects do nothing (no_life)

    def target_place(self, state: GameState, target: Any) -> Pos | None:
        """A land's place, or a place named by its name ("S1")."""
        place = self._land_place(state, target)
        if place is None and isinstance(target, str) and state.board.is_place(target):
            place = target
        return place

    def stronghold_refusal(self, state: GameState, place: Pos, seat: int) -> str | None:
        if is_opposing_stronghold(state, place, seat):
            return "an opponent's stronghold can never be targeted"
        return None

    def creature_reach_problem(self, state: GameState, seat: int,
                               perm: Permanent) -> str | None:
        """An opposing creature only with a creature of *seat*'s in its terrain or next to
        it."""
        near = (perm.at, *state.board.neighbours(perm.at))
        if any(p.controller == seat and p.at in near for p in state.board_creatures()):
            return None
        return (f"out of reach: you have no creature in {place_words(state, perm.at)} or "
                "next to it")

    # ------------------------------------------------------------------ what may be cast
    def spell_choices(self, state: GameState, seat: int, *, sorcery: bool) -> list[A.Action]:
        """The casts and activations *seat*'s supply pays for now (a creature only with room
        in their stronghold; a whole-table spell once per terrain it may be aimed at)."""
        player = state.players[seat]
        have = supply(state, seat)
        real = player.pool
        player.pool = {k: have for k in _ALL_MANA}  # every colour: the count is checked below
        try:
            found = super().spell_choices(state, seat, sorcery=sorcery)
        finally:
            player.pool = real
        creature_ok = self.creature_problem(state, seat) is None
        out: list[A.Action] = []
        for action in found:
            if isinstance(action, A.Cast):
                card = state.defs[action.card]
                if mana_count(card.mana_cost) > have or (card.is_creature and not creature_ok) \
                        or only_makes_mana(card):
                    continue
                if spell_needs_origin(card, action.mode):
                    out.extend(dataclasses.replace(action, origin=pos)
                               for pos in origin_choices(state, seat))
                    continue
            elif isinstance(action, A.Activate):
                card = state.card(action.unit)
                ability = card.activated[action.ability]
                if mana_count(ability.mana_cost) > have:
                    continue
                if ability_needs_origin(card, action.ability, action.mode):
                    out.extend(dataclasses.replace(action, origin=pos) for pos in
                               origin_choices(state, seat, state.perms[action.unit]))
                    continue
            out.append(action)
        return out
