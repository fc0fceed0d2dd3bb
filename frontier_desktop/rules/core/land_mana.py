"""What a land makes and does when tapped for mana, read from its text: its mana abilities
(:class:`LandMana`), restricted mana (Mishra's Workshop), storage and depletion counters, the
mana a land makes for a player (``ability_mana``), and the legendary lands' grants. Pure
functions of the state and the card; the engine's land abilities
(:class:`~.fx_mana.LandAbilities`) and every variant's mana ask them.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping
from typing import Any

from frontier_desktop.rules.card import ActivatedAbility, Card
from frontier_desktop.rules.effects.mana_support import (
    is_land_stack_ability, is_upkeep_storage, tapped_damage,
)
from frontier_desktop.rules.effects.nodes import (
    MayNotUntap, PutCounters, StaticAbility,
    TriggeredAbility,
)
from frontier_desktop.rules.effects.templates_mana import (
    AddManaEqual, AddManaExtra, AddManaOpponentLand, LandManaReplaced, AddManaPerCounter,
    DoesntUntapWithCounter, RemoveCounters,
)
from frontier_desktop.rules.mana import (
    POOL_ORDER, choose_mana, mana_value, parse_pool, pay, pool_total,
)
from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.hooks import Event
from frontier_desktop.rules.core.life import damage_player
from frontier_desktop.rules.core.shared import wire
from frontier_desktop.rules.core.spell_reading import reading_of
from frontier_desktop.rules.core.shared import land_makes


def set_land_tapped(state: GameState, pos: Pos, tapped: bool, seat: int, by: str,
                    events: list[Event], *, tapper: int | None = None) -> bool:
    """Tap or untap the land on square *pos* by an effect *seat* controls (Icy Manipulator,
    Ley Druid, Mana Short): the one way an effect taps or untaps a land square.

    A land tapped this way counts as tapped by *seat*, so it untaps in *seat*'s untap step
    (../shared/rules/frontier.md: each player untaps only the lands they tapped), or by
    *tapper* when the variant says so (``EngineHooks.land_tapper``: Army, the land's
    controller); "whenever
    CARDNAME becomes tapped" damage (City of Brass) goes to the player controlling the land.
    Face down, the land is not named. Returns False when the square has no land or is already
    in that state.
    """
    cell = state.cells.get(pos)
    if cell is None or cell.land is None or (cell.tapped_by is not None) == tapped:
        return False
    cell.tapped_by = (seat if tapper is None else tapper) if tapped else None
    said: Event = {"at": wire(state, pos), "player": seat, "by": by}
    if cell.face_up:
        said["land"] = state.name(cell.land)
    if not tapped:
        events.append({"type": "land_untapped", **said})
        return True
    events.append({"type": "land_tapped_by_effect", **said})
    pain = tapped_damage_of(state.card(cell.land))
    owners = {state.perms[i].controller for i in state.occupants().get(pos, ())}
    if pain and len(owners) == 1:  # "you": the player controlling the land
        damage_player(state, owners.pop(), pain, cell.land, events)
    return True


# ---------------------------------------------------------------------- lands with abilities
_STORAGE_RE = re.compile(r"^add \{(?P<m>[WUBRGC])\} for each (?P<c>\w+) counter removed this "
                         r"way\.?$", re.IGNORECASE)


_REMOVE_ANY_RE = re.compile(r"^remove any number of (?P<c>\w+) counters from (?P<what>.+)$",
                            re.IGNORECASE)


@dataclasses.dataclass(frozen=True)
class LandMana:
    """One way to tap a land for mana: its ability and what the engine does with it."""

    index: int
    """The ability's index in ``Card.activated``."""
    ability: ActivatedAbility
    options: tuple[str, ...]
    """The mana it may add (pool notation); for a storage land, ``{B}`` once per counter."""
    damage: int = 0
    """"CARDNAME deals N damage to you" after the mana."""
    counters: tuple[str, ...] = ()
    """"Put a … counter on CARDNAME" after the mana (depletion)."""
    storage: str = ""
    """The counter a storage land removes (any number; one mana each)."""
    spend_only: str = ""
    """"Spend this mana only to cast artifact spells": ``artifact`` (Mishra's Workshop)."""
    instead: tuple[tuple[str, ...], str] | None = None
    """"If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead": the
    lands' names and the mana."""

    @property
    def is_free(self) -> bool:
        """Costs only {T} and does nothing but add one mana (what automatic payment uses)."""
        ab = self.ability
        return not (ab.mana_cost or ab.sacrifices_self or ab.life_cost or ab.other_cost
                    or self.damage or self.counters or self.storage or self.spend_only) and \
            all(re.fullmatch(r"\{[WUBRGC]\}", o) for o in self.options)


_INSTEAD_RE = re.compile(r"^if you control an? (?P<a>.+?) and an? (?P<b>.+?), add "
                         r"(?P<m>(?:\{[WUBRGC]\})+) instead$", re.IGNORECASE)


RESTRICTED = "artifact_mana"
"""``GameState.extra`` key: colourless mana each player may spend only on artifact spells
(``{"0": 3}``), emptied with the pools."""


def spendable_pool(state: GameState, seat: int, card: Card) -> dict[str, int]:
    """The pool *seat* may spend on *card*: with Mishra's Workshop's mana for an artifact."""
    pool = dict(state.players[seat].pool)
    if card.types & {"Artifact"}:
        pool["C"] = pool.get("C", 0) + int(state.extra.get(RESTRICTED, {}).get(str(seat), 0))
    return pool


def settle_restricted(state: GameState, seat: int, card: Card, left: dict[str, int]) -> None:
    """After paying for *card* from :func:`spendable_pool`: the restricted mana is spent
    first; what is left of it stays restricted, *left* keeps only the player's own mana."""
    store = dict(state.extra.get(RESTRICTED, {}))
    have = int(store.get(str(seat), 0))
    if not have or not card.types & {"Artifact"}:
        return
    spent = state.players[seat].pool.get("C", 0) + have - left.get("C", 0)
    keep = max(0, have - spent)
    left["C"] = left.get("C", 0) - keep
    store[str(seat)] = keep
    state.extra[RESTRICTED] = {k: v for k, v in store.items() if v}


def colourless_of(extra: Mapping[str, Any] | None, made: str) -> str:
    """Quarum Trench Gnomes: the land makes {C} instead of that colour."""
    instead = (extra or {}).get("colourless_instead_of")
    if not isinstance(instead, str):
        return made
    if made == instead:
        return "C"
    return made.replace("{" + instead + "}", "{C}")


def controls_land(state: GameState, seat: int, name: str) -> bool:
    """Whether *seat* controls a land named *name*: a face-up land one of their creatures
    stands on (the digest: a player controls exactly the lands their creatures stand on)."""
    occ = state.occupants()
    for pos, cell in state.cells.items():
        if cell.land is not None and cell.face_up and \
                state.name(cell.land).lower() == name.lower() and \
                any(state.perms[i].controller == seat for i in occ.get(pos, ())):
            return True
    return False


def _names(card: Card) -> set[str]:
    return {card.name.lower(), card.name.split(",")[0].lower(), "it"}


def _read_note(note: str, card: Card) -> tuple[int, tuple[str, ...]] | None:
    """``(damage to you, counters put on it)`` of a mana ability's text after "Add …"."""
    damage = 0
    counters: list[str] = []
    names = _names(card)
    for sentence in (s.strip() for s in re.split(r"(?<=\.)\s+", note.strip()) if s.strip()):
        low = sentence.lower().rstrip(".")
        m = re.fullmatch(r"(?P<who>.+?) deals (?P<n>\d+) damage to you", low)
        if m and m.group("who") in names:
            damage += int(m.group("n"))
            continue
        m = re.fullmatch(r"put an? (?P<c>\w+) counter on (?P<who>.+)", low)
        if m and m.group("who") in names:
            counters.append(m.group("c"))
            continue
        return None
    return damage, tuple(counters)


def ability_mana(state: GameState, seat: int, perm: Permanent, index: int,
                 sacrificed: list[str], choice: str | None
                 ) -> tuple[str, dict[str, int]] | str | None:
    """The mana a permanent's mana ability adds when its amount depends on the game, and its
    counters after: "Add an amount of {B} equal to the sacrificed artifact's mana value" (the
    one permanent the activation sacrificed), a mana battery's "Add {W}, then add an
    additional {W} for each charge counter removed this way" (*choice* ``"{W}{W}{W}"``
    removes two), Fellwar Stone's colours of the lands under an opponent's creatures.

    Returns:
        ``(mana, counters)``; a refusal in words; None when it is none of these.
    """
    from frontier_desktop.rules.core.spell_reading import ability_effects

    card = state.card(perm.id)
    effects = ability_effects(card, index) or ()
    if len(effects) != 1:
        return None
    effect = effects[0]
    if isinstance(effect, AddManaEqual):
        if len(sacrificed) != 1:
            return None
        return effect.mana * mana_value(state.card(sacrificed[0]).mana_cost), perm.counters
    if isinstance(effect, AddManaPerCounter) and effect.base:
        have = perm.counters.get(effect.counter, 0)
        n = effect.base
        if choice is not None:
            try:
                want = parse_pool(choice if choice.startswith("{") else "{" + choice + "}")
            except ValueError:
                return f"{card.name} adds {effect.mana}, not {choice}"
            kind = effect.mana.strip("{}")
            n = want[kind]
            if n < effect.base or n != pool_total(want):
                return f"{card.name} adds {effect.mana} at least once, only {effect.mana}"
        if n - effect.base > have:
            return (f"{card.name} has {have} {effect.counter} counter{'s' if have != 1 else ''}"
                    f": it can't add {n} mana")
        counters = {**perm.counters, effect.counter: have - (n - effect.base)}
        return effect.mana * n, {k: v for k, v in counters.items() if v}
    if isinstance(effect, AddManaOpponentLand):
        colours = opponent_land_colours(state, seat)
        if not colours:
            return "", perm.counters
        pick = colours[0] if choice is None else choice.strip("{}").upper()
        if pick not in colours:
            return (f"{card.name} adds mana an opponent's land could make "
                    f"({', '.join(colours)}), not {choice}")
        return "{" + pick + "}", perm.counters
    return None


def opponent_land_colours(state: GameState, seat: int) -> list[str]:
    """Colours the lands an opponent controls (face up, under their creatures) could make."""
    occ = state.occupants()
    found: set[str] = set()
    for pos, cell in state.cells.items():
        owners = {state.perms[i].controller for i in occ.get(pos, ())}
        if cell.land is not None and cell.face_up and owners and seat not in owners:
            land = state.card(cell.land)
            found |= set(free_makes(land)) | {o.strip("{}") for lm in land_manas(land)
                                               for o in lm.options if len(o) == 3}
    return [c for c in "WUBRG" if c in found]


def mana_note_damage(card: Card, note: str) -> int | None:
    """N for a mana ability's "CARDNAME deals N damage to you" after its mana (None: the
    text after "Add …" is something else, left to the players)."""
    if not note:
        return None
    read = _read_note(note, card)
    return read[0] if read is not None and not read[1] else None


@functools.lru_cache(maxsize=2048)
def land_manas(card: Card) -> tuple[LandMana, ...]:
    """The mana abilities of a land that the engine carries out, in text order."""
    out: list[LandMana] = []
    for index, ab in enumerate(card.activated):
        if not ab.taps or "X" in ab.mana_cost:
            continue
        storage = _STORAGE_RE.match(ab.effect.strip())
        if storage is not None:
            removed = _REMOVE_ANY_RE.match(ab.other_cost.strip())
            if removed is None or removed.group("c").lower() != storage.group("c").lower() or \
                    removed.group("what").lower() not in _names(card):
                continue
            out.append(LandMana(index, ab, ("{" + storage.group("m").upper() + "}",),
                                storage=storage.group("c").lower()))
            continue
        if not ab.is_mana_ability or ab.other_cost:
            continue
        instead = _INSTEAD_RE.match(ab.mana_note.strip().rstrip("."))
        if instead is not None:
            out.append(LandMana(index, ab, ab.mana, instead=(
                (instead.group("a"), instead.group("b")), instead.group("m").upper())))
            continue
        if re.fullmatch(r"spend this mana only to cast artifact spells\.?",
                        ab.mana_note.strip(), re.IGNORECASE):
            out.append(LandMana(index, ab, ab.mana, spend_only="artifact"))
            continue
        note = _read_note(ab.mana_note, card)
        if note is None:
            continue
        out.append(LandMana(index, ab, ab.mana, damage=note[0], counters=note[1]))
    return tuple(out)


def has_land_abilities(card: Card) -> bool:
    """Whether the land's own text has mana abilities (else its ``produced_mana`` counts)."""
    return any(ab.adds_mana for ab in card.activated)


def free_makes(card: Card) -> tuple[str, ...]:
    """The kinds of mana a land makes for just {T} (automatic payment and mana sources)."""
    if not has_land_abilities(card):
        return land_makes(card)
    kinds = {o.strip("{}") for lm in land_manas(card) if lm.is_free for o in lm.options}
    return tuple(k for k in POOL_ORDER if k in kinds)


def tap_choices(card: Card, pool: Mapping[str, int], counters: Mapping[str, Any]
                ) -> list[str | None]:
    """The ``color`` values a player may tap the land with now (a land without mana abilities
    of its own: None for the first kind it makes, as before)."""
    if not has_land_abilities(card):
        makes = land_makes(card)
        return [None if c == makes[0] else c for c in makes]
    out: list[str | None] = []
    for lm in land_manas(card):
        if lm.ability.mana_cost and pay(pool, lm.ability.mana_cost) is None:
            continue
        options = list(lm.options)
        if lm.storage:
            have = int(counters.get(lm.storage, 0) or 0)
            options = [lm.options[0] * n for n in range(1, have + 1)]
        for option in options:
            colour = option.strip("{}") if re.fullmatch(r"\{[WUBRGC]\}", option) else option
            if colour not in out:
                out.append(colour)
    return list(out)


def choose_land_mana(card: Card, colour: str | None, counters: Mapping[str, Any]
                     ) -> tuple[LandMana, str] | str:
    """The way a land is tapped for *colour* and the mana it adds, or why it can't be."""
    manas = land_manas(card)
    if not manas:
        return f"the engine can't tap {card.name} for mana: tap it and add the mana by hand"
    for lm in manas:
        if lm.storage:
            have = int(counters.get(lm.storage, 0) or 0)
            if colour is None:
                continue
            try:
                want = parse_pool(colour if colour.startswith("{") else "{" + colour + "}")
            except ValueError:
                continue
            kind = lm.options[0].strip("{}")
            n = want[kind]
            if n and n == pool_total(want):
                if n > have:
                    return (f"{card.name} has {have} {lm.storage} counter"
                            f"{'s' if have != 1 else ''}: it can't add {n} mana")
                return lm, lm.options[0] * n
            continue
        made = choose_mana(lm.options, colour)
        if made is not None:
            return lm, made
    makes = " or ".join(o for lm in manas for o in lm.options)
    return f"{card.name} makes {makes}, not {colour}"


@functools.lru_cache(maxsize=2048)
def untap_counters(card: Card) -> tuple[str, ...]:
    """Counters that keep the land tapped ("… if it has a depletion counter on it")."""
    return tuple(e.counter for a in reading_of(card).abilities if isinstance(a, StaticAbility)
                 for e in a.effects
                 if isinstance(e, DoesntUntapWithCounter) and e.to.ref == "self")


@functools.lru_cache(maxsize=2048)
def upkeep_removals(card: Card) -> tuple[str, ...]:
    """Counters removed at the beginning of "your" upkeep (one each)."""
    return tuple(e.counter for a in reading_of(card).abilities if isinstance(a, TriggeredAbility)
                 and a.trigger.event == "upkeep" and a.trigger.whose == "you"
                 and a.trigger.subject is None
                 for e in a.effects
                 if isinstance(e, RemoveCounters) and e.to.ref == "self" and not e.amount.var)


def land_stack_ability(card: Card, index: int) -> bool:
    """Whether ``tap_land`` may use the land's ability *index* (mana_support's
    ``is_land_stack_ability``, on the reader's ability lined up with ``Card.activated``)."""
    from frontier_desktop.rules.core.spell_reading import _activated_readings

    found = _activated_readings(card)
    return found is not None and 0 <= index < len(found) and is_land_stack_ability(found[index])


@functools.lru_cache(maxsize=2048)
def may_keep_tapped(card: Card) -> bool:
    """"You may choose not to untap CARDNAME during your untap step"."""
    return any(isinstance(e, MayNotUntap) and e.to.ref == "self"
               for a in reading_of(card).abilities if isinstance(a, StaticAbility)
               for e in a.effects)


@functools.lru_cache(maxsize=2048)
def upkeep_storage(card: Card) -> tuple[str, ...]:
    """Counters put on the land at the beginning of "your" upkeep if it is tapped."""
    out: list[str] = []
    for a in reading_of(card).abilities:
        if isinstance(a, TriggeredAbility) and is_upkeep_storage(a):
            out.extend(e.counter for e in a.effects if isinstance(e, PutCounters))
    return tuple(out)


@functools.lru_cache(maxsize=2048)
def tapped_damage_of(card: Card) -> int:
    """Damage "whenever CARDNAME becomes tapped" deals to "you" (City of Brass), or 0."""
    return sum(tapped_damage(a) or 0 for a in reading_of(card).abilities
               if isinstance(a, TriggeredAbility))


def extra_land_mana(state: GameState, land: Card) -> list[Event]:
    """"Whenever a Mountain is tapped for mana, its controller adds an additional {R}" on the
    battlefield (any player's): the extra mana for the player tapping *land*."""
    from frontier_desktop.rules.effects.engine_support import trigger_qualifier

    out: list[Event] = []
    for perm in state.perms.values():
        card = state.card(perm.id)
        if "tapped for mana" not in card.oracle_text:
            continue
        for ability in reading_of(card).abilities:
            if not isinstance(ability, TriggeredAbility) or \
                    ability.trigger.event != "tapped_for_mana" or ability.trigger.by is None:
                continue
            if not set(ability.trigger.by.subtypes) & set(land.subtypes):
                continue
            for effect in ability.effects:
                if isinstance(effect, AddManaExtra) and not trigger_qualifier(effect,
                                                                               ability.trigger):
                    out.append({"type": "_extra_mana", "mana": effect.mana, "by": card.name})
    return out


def replaced_land_mana(state: GameState, land: Card, made: str) -> str:
    """What a land tapped for *made* (a letter, or symbols) makes under Ritual of Subdual
    ({C} of the same amount) or Naked Singularity (a basic type's new colour) on the
    battlefield."""
    for perm in state.perms.values():
        card = state.card(perm.id)
        if "tapped for mana" not in card.oracle_text:
            continue
        for ability in reading_of(card).abilities:
            if not isinstance(ability, StaticAbility):
                continue
            for effect in ability.effects:
                if not isinstance(effect, LandManaReplaced):
                    continue
                new = "C" if not effect.mapping else next(
                    (c for t, c in effect.mapping if t in land.subtypes), "")
                if not new:
                    continue
                if not made.startswith("{"):
                    return new
                return ("{" + new + "}") * pool_total(parse_pool(made))
    return made
