"""The reach of the War Game's whole-table effects (``shared/rules/wargame.md``, "Rules
changes" and the ruling "reach of whole-table effects").

Every whole-table effect affects one terrain its controller chooses, its ``origin``:

- an instant or sorcery with no target that reaches "all"/"each" (a wrath, Tremor), or one
  that prevents all combat damage (Fog: the chosen terrain's combat only): ``cast`` with
  ``origin``;
- a non-creature permanent with a whole-table static ability (Crusade, Bad Moon) or a
  triggered one with such an effect: chosen when it is cast (``cast`` with ``origin``), kept
  while it is on the battlefield (``state.extra["origins"]``: permanent id -> place, wire
  form; a position's ``permanents[i].origin``); its statics reach the creatures there, and
  its own "all"/"each" effects reach there; it counts as standing there for another
  whole-table effect (Tranquility's "destroy all enchantments" at that terrain);
- an activated ability with such an effect (Pestilence; a creature's untargeted ability,
  Thrashing Wumpus): ``activate`` with ``origin``; a creature's choice is within its reach,
  its own place or one next to it;
- a triggered ability with such an effect: a creature's (or that of a non-creature with no
  chosen terrain) is asked when it goes on the stack, a ``choice`` ``by: "origin"``
  (``core/trigger_targets.py``), within the creature's reach; a non-creature's with a chosen
  terrain affects that terrain.

An opponent's stronghold is never chosen. A creature's static abilities reach only its own
terrain (the digest's reading of a creature's reach), and so do its abilities that need no
origin.
"""

from __future__ import annotations

import functools
from typing import Any

from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.core.spell_reading import (
    ability_effects, needs_origin, reading_of, spell_effects, triggered_abilities,
)
from frontier_desktop.rules.effects.ability_nodes import StaticAbility
from frontier_desktop.rules.effects.nodes import Effect, Selector
from frontier_desktop.rules.effects.effect_nodes import PreventDamage
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.wargame.board import is_stronghold, stronghold_of

ORIGINS = "origins"
"""``state.extra`` key: the chosen terrain (wire form) of each non-creature permanent with a
whole-table effect, by permanent id."""


def is_fog(effects: tuple[Effect, ...]) -> bool:
    """Whether *effects* prevent all combat damage this turn (Fog, Holy Day)."""
    return any(isinstance(e, PreventDamage) and e.combat_only and e.to is None
               and e.by is None and e.amount.var == "all" for e in effects)


@functools.lru_cache(maxsize=4096)
def whole_table_static(card: Card) -> bool:
    """Whether *card* has a static ability that reaches "all" of something (an anthem)."""
    for ability in reading_of(card).abilities:
        if isinstance(ability, StaticAbility):
            for effect in ability.effects:
                if any(isinstance(node, Selector) and node.ref == "all"
                       for node in effect.walk()):
                    return True
    return False


def permanent_needs_origin(card: Card) -> bool:
    """Whether the non-creature permanent *card* takes an ``origin`` when cast: a
    whole-table static ability, or a triggered ability with a whole-table effect."""
    if card.is_creature or card.is_aura or not card.is_permanent or card.is_land:
        return False
    return whole_table_static(card) or any(
        needs_origin(tuple(a.effects)) for a in triggered_abilities(card))


def spell_needs_origin(card: Card, mode: tuple[int, ...] = (0,)) -> bool:
    """Whether casting *card* (in *mode*) takes an ``origin``."""
    if card.is_instant or card.is_sorcery:
        effects = spell_effects(card, mode)
        return needs_origin(effects) or is_fog(effects)
    return permanent_needs_origin(card)


def ability_needs_origin(card: Card, index: int, mode: tuple[int, ...] = (0,)) -> bool:
    """Whether activating ability *index* of *card* takes an ``origin`` (an untargeted
    whole-table effect: Pestilence, Thrashing Wumpus)."""
    effects = ability_effects(card, index, mode)
    return effects is not None and (needs_origin(effects) or is_fog(effects))


def trigger_needs_origin(state: GameState, item: dict[str, Any]) -> bool:
    """Whether the triggered ability *item* on the stack has a whole-table effect (it then
    affects one chosen terrain: ``WarGameSpells.trigger_origins``)."""
    from frontier_desktop.rules.core.spell_reading import item_effects

    card = state.defs.get(str(item.get("card")))
    effects = item_effects(card, item) if card is not None else None
    return bool(effects) and (needs_origin(tuple(effects or ())) or
                              is_fog(tuple(effects or ())))


def origin_of(state: GameState, obj: str) -> Pos | None:
    """The chosen terrain of the non-creature permanent *obj* (None: none chosen)."""
    place = (state.extra.get(ORIGINS) or {}).get(obj)
    return state.board.pos_from_wire(place) if place is not None else None


def set_origin(state: GameState, obj: str, place: Any) -> None:
    """Record *place* (wire form) as *obj*'s chosen terrain."""
    state.extra[ORIGINS] = {**(state.extra.get(ORIGINS) or {}), obj: place}


def place_of(state: GameState, obj: Any) -> Pos | None:
    """Where *obj* stands for a whole-table effect: a creature's place, a non-creature
    permanent's chosen terrain (None: nowhere on the board)."""
    perm = state.perms.get(obj) if isinstance(obj, str) else None
    if perm is None:
        return None
    if perm.zone == "board":
        return perm.at
    return origin_of(state, perm.id)


def wargame_reach(state: GameState, source: Permanent, perm: Permanent) -> bool:
    """Whether a static "all …" ability of *source* reaches *perm*: a creature's only the
    creatures in its own terrain (lords); a non-creature's those in its chosen terrain."""
    if perm.zone != "board":
        return False
    if source.zone == "board" and source.at is not None and state.card(source.id).is_creature:
        return bool(perm.at == source.at)
    origin = origin_of(state, source.id)
    return origin is not None and bool(perm.at == origin)


def is_opposing_stronghold(state: GameState, place: Pos, seat: int) -> bool:
    """A stronghold that is another player's (never a target or an origin for *seat*)."""
    owner = stronghold_of(state, place)
    return is_stronghold(state, place) and owner is not None and owner != seat


def origin_choices(state: GameState, seat: int, source: Permanent | None = None) -> list[Pos]:
    """The terrains *seat* may choose for a whole-table effect (of *source*: a creature's
    within its reach, its own place or one next to it); never an opponent's stronghold."""
    if source is not None and source.zone == "board" and source.at is not None and \
            state.card(source.id).is_creature:
        places = [source.at, *state.board.neighbours(source.at)]
    else:
        places = list(state.board.places())
    return [p for p in places if not is_opposing_stronghold(state, p, seat)]


def origin_problem(state: GameState, seat: int, name: str, origin: Any,
                   source: Permanent | None = None) -> str | None:
    """Why *origin* won't do as the one terrain *name*'s whole-table effect affects (None:
    it will)."""
    if origin is None:
        return f"{name} affects one terrain of your choice: choose it as the origin"
    if not state.board.is_place(origin):
        return f"{name}'s origin must be a terrain on the board"
    if is_opposing_stronghold(state, origin, seat):
        return "an opponent's stronghold can never be chosen as the origin"
    if origin not in origin_choices(state, seat, source):
        assert source is not None
        return (f"{name}'s origin must be within its reach: its own terrain or one next "
                "to it")
    return None
