"""What a card's text says, as the effects engine reads it: cached readings by card.

Each function here asks the effects reader (:func:`read_card`) about one :class:`Card` and
caches the answer (card text is immutable): its spell and activated abilities' effects, its
triggered abilities, its "Enchant …", sacrifice costs, keywords read for combat and
protection, its static +P/+T and keyword grants, and whether the engine carries out a clause
(``executed``: its clause key is in ``EXECUTED_BY_ENGINE``) or names it ``by_hand``.
Nothing here looks at a game state.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects.engine_support import (
    EXECUTED_BY_ENGINE, clause_key, trigger_qualifier,
)
from frontier_desktop.rules.effects.nodes import DealDamage, Selector
from frontier_desktop.rules.effects.nodes import (
    ActivatedAbility, CardReading, Effect, GrantKeyword, KeywordLine, Pump, SpellAbility,
    StaticAbility, TargetSpec, Trigger, TriggeredAbility,
)
from frontier_desktop.rules.effects.reader import PLACEHOLDER, read_card
from frontier_desktop.rules.effects.targeting import chosen_effects, target_slots


def reading_of(card: Card) -> CardReading:
    """The card's abilities read from its oracle text (cached by the reader)."""
    return read_card(card.name, card.oracle_text, card.type_line, card.mana_cost)


@functools.lru_cache(maxsize=4096)
def _activated_readings(card: Card) -> tuple[ActivatedAbility, ...] | None:
    """The reader's activated abilities, index for index with ``Card.activated`` (None when
    the two readings disagree on how many there are)."""
    found = tuple(a for a in reading_of(card).abilities if isinstance(a, ActivatedAbility))
    return found if len(found) == len(card.activated) else None


@functools.lru_cache(maxsize=4096)
def enchant_spec(card: Card) -> TargetSpec | None:
    """What an aura may enchant, from its "Enchant …" keyword (None when unread)."""
    for ability in reading_of(card).abilities:
        if isinstance(ability, KeywordLine):
            for kw in ability.keywords:
                if kw.enchant is not None:
                    return kw.enchant
    return None


@functools.lru_cache(maxsize=8192)
def spell_effects(card: Card, modes: tuple[int, ...] = (0,)) -> tuple[Effect, ...]:
    """What an instant or sorcery does, with the chosen modes of a modal one."""
    effects: list[Effect] = []
    for ability in reading_of(card).abilities:
        if isinstance(ability, SpellAbility):
            effects.extend(ability.effects)
    return chosen_effects(effects, modes)


@functools.lru_cache(maxsize=8192)
def ability_effects(card: Card, index: int, modes: tuple[int, ...] = (0,)
                    ) -> tuple[Effect, ...] | None:
    """What activated ability *index* does (None when the reader can't line it up)."""
    found = _activated_readings(card)
    if found is None or not 0 <= index < len(found):
        return None
    return chosen_effects(found[index].effects, modes)


@functools.lru_cache(maxsize=4096)
def stays_tapped(card: Card) -> bool:
    """"CARDNAME doesn't untap during your untap step" (static)."""
    from frontier_desktop.rules.effects.nodes import DoesntUntap

    return any(isinstance(e, DoesntUntap) and e.to.ref == "self" and not e.next_only
               for a in reading_of(card).abilities if isinstance(a, StaticAbility)
               for e in a.effects)


@functools.lru_cache(maxsize=4096)
def combat_keywords(card: Card) -> tuple[str, ...]:
    """The card's "Flanking" and "Rampage N" keywords (carried out as an attack is declared)."""
    return tuple(k.name for a in reading_of(card).abilities if isinstance(a, KeywordLine)
                 for k in a.keywords
                 if k.name == "flanking" or re.fullmatch(r"rampage \d+", k.name))


@functools.lru_cache(maxsize=4096)
def triggered_abilities(card: Card) -> tuple[TriggeredAbility, ...]:
    """The card's triggered abilities, in text order (a stack item's ``ability`` indexes them)."""
    return tuple(a for a in reading_of(card).abilities if isinstance(a, TriggeredAbility))


def item_effects(card: Card, item: dict[str, Any]) -> tuple[Effect, ...] | None:
    """What a stack item (a spell, an activated or a triggered ability) does."""
    modes = tuple(item.get("mode", (0,)))
    if item["kind"] == "spell":
        return spell_effects(card, modes)
    if item["kind"] == "trigger":
        found = triggered_abilities(card)
        index = int(item["ability"])
        return found[index].effects if 0 <= index < len(found) else None
    return ability_effects(card, int(item["ability"]), modes)


@functools.lru_cache(maxsize=4096)
def sacrifice_specs(card: Card, index: int) -> tuple[TargetSpec, ...] | None:
    """What the "Sacrifice a …" parts of ability *index*'s cost ask for (None: unread)."""
    from frontier_desktop.rules.effects.nodes import SacrificeCost

    found = _activated_readings(card)
    if found is None or not 0 <= index < len(found):
        return None
    out: list[TargetSpec] = []
    for part in found[index].cost:
        if isinstance(part, SacrificeCost) and part.what.ref != "self":
            if part.what.spec is None:
                return None
            out.append(part.what.spec)
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def enters_tapped(card: Card) -> bool:
    """"CARDNAME enters the battlefield tapped"."""
    from frontier_desktop.rules.effects.nodes import EntersTapped

    return any(isinstance(e, EntersTapped) and e.to.ref == "self"
               for a in reading_of(card).abilities if isinstance(a, StaticAbility)
               for e in a.effects)


def executed(effect: Effect, where: str, trigger: Trigger | None = None) -> bool:
    """Whether the engine carries out *effect* (its clause key is registered); *trigger*: the
    trigger of the triggered ability it belongs to."""
    key = clause_key(effect, where)
    if trigger is not None:
        key += trigger_qualifier(effect, trigger)
    return key in EXECUTED_BY_ENGINE


@functools.lru_cache(maxsize=4096)
def spell_executed(card: Card) -> bool:
    """Whether the engine carries out any clause of *card*'s spell text (its default modes);
    when none, casting it lists no targets (all by hand). Cached: card text is immutable."""
    return any(executed(e, "spell") for e in spell_effects(card))


def by_hand_text(effect: Effect, card_name: str) -> str:
    return (effect.text or effect.kind.replace("_", " ")).replace(PLACEHOLDER, card_name)


@functools.lru_cache(maxsize=4096)
def protections(card: Card) -> tuple[str, ...]:
    """The card's "protection from …", shroud and hexproof keywords (lower case)."""
    out: list[str] = []
    for ability in reading_of(card).abilities:
        if isinstance(ability, KeywordLine):
            for kw in ability.keywords:
                if kw.name.startswith("protection from") or kw.name in ("shroud", "hexproof"):
                    out.append(kw.name)
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def static_pumps(card: Card) -> tuple[Pump, ...]:
    """The card's static "get +N/+N" abilities the engine applies (anthems, aura bonuses)."""
    out: list[Pump] = []
    for ability in reading_of(card).abilities:
        if isinstance(ability, StaticAbility):
            out.extend(e for e in ability.effects
                       if isinstance(e, Pump) and executed(e, "static"))
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def static_grant_effects(card: Card) -> tuple[Effect, ...]:
    """The card's static keyword grants the engine applies (("Creatures you control have
    flying", "Enchanted creature has first strike")."""
    out: list[Effect] = []
    for ability in reading_of(card).abilities:
        if isinstance(ability, StaticAbility):
            out.extend(e for e in ability.effects
                       if isinstance(e, (GrantKeyword, Pump)) and e.keywords
                       and executed(e, "static"))
    return tuple(out)


def by_hand_note(card: Any, effects: tuple[Effect, ...], x: int, automatic: bool) -> str | None:
    """The ``note`` of a cast instant's or sorcery's ``cast`` event (every variant): the
    clauses left to the players — those the engine doesn't carry out, and the
    targeted ones when it couldn't follow the targets (not *automatic*); its whole text when
    the engine reads none of it. None: nothing is left by hand."""
    targeted = {slot.effect for slot in target_slots(effects, x)}
    manual = [by_hand_text(e, card.name) for i, e in enumerate(effects)
              if not executed(e, "spell") or (not automatic and i in targeted)]
    if not effects and card.oracle_text:
        manual.append(card.oracle_text)
    return "carry out by hand (manual actions): " + "; ".join(manual) if manual else None


_NO_RANGE_PLAYERS = {"player", "opponent"}
"""Nouns an "all"/"each" group may name without reaching the board."""


@functools.lru_cache(maxsize=4096)
def needs_origin(effects: tuple[Effect, ...]) -> bool:
    """Whether a spell's effects reach "all"/"each" of something on the board without a
    target (a wrath, an anthem, damage to each player): it then needs an ``origin``."""
    for effect in effects:
        for node in effect.walk():
            if isinstance(node, Selector) and node.ref == "all" and node.spec is not None and \
                    not set(node.spec.noun.split("_or_")) <= _NO_RANGE_PLAYERS:
                return True
        if isinstance(effect, DealDamage) and any(
                sel.ref in ("each_player", "each_opponent", "opponent", "you", "all")
                for sel in effect.to):
            return True
    return False
