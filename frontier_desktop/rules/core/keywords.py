"""Keywords a permanent has now, and what its protection stops: one answer for every variant.

A keyword counts when it is printed, gained until end of turn (``Permanent.granted``), or
granted by a static ability that reaches the permanent (the variant's :meth:`Where.reaches`),
and not when it was lost ("loses flying"). Protection ("DEBT") is read here for blocking and
damage; its targeting half lives with targeting.
"""

from __future__ import annotations

from frontier_desktop.rules.core.hooks import Where, where_of
from frontier_desktop.rules.state import GameState, Permanent

WALKS = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
         "mountainwalk": "Mountain", "forestwalk": "Forest"}
"""Landwalk keywords and the basic land type each walks."""

_COLOUR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _granted(state: GameState, where: Where, perm: Permanent) -> frozenset[str]:
    from frontier_desktop.rules.core.spell_grants import land_grants
    from frontier_desktop.rules.core.spell_grants import defs_info, keyword_grants

    names = defs_info(state).grants
    if not names:
        return frozenset()
    out = keyword_grants(state, perm, reaches=where.reaches)
    out.update(land_grants(state, perm, names))  # a face-up land's grants (legendary lands)
    return frozenset(out)


def has_keyword(state: GameState, where: Where, obj: str, name: str) -> bool:
    """Whether *obj* has the keyword *name* (``Card.abilities`` spelling: ``first_strike``).

    A card that left the battlefield: its printed keywords (last known information)."""
    from frontier_desktop.rules.core import fx_statics

    perm = state.perms.get(obj)
    if perm is None:
        return obj in state.cards and state.card(obj).has(name)
    spaced = name.replace("_", " ")
    info = fx_statics.facts(state)
    if (perm.granted or info.lost_keywords) and fx_statics.lost(state, perm, spaced, info):
        return False  # "loses flying until end of turn", "all creatures lose flying"
    if state.card(obj).has(name) or spaced in perm.granted:
        return True
    if spaced in _granted(state, where, perm):
        return True
    return spaced in info.granted_keywords and fx_statics.has_conditional(state, perm, spaced,
                                                                          info)


def landwalks(state: GameState, where: Where, perm: Permanent) -> frozenset[str]:
    """The land types *perm* walks now: printed, gained or granted; less those lost or made
    blockable ("can be blocked as though it didn't have islandwalk")."""
    from frontier_desktop.rules.core import fx_statics

    walks = state.card(perm.id).landwalk
    extra = {WALKS[k] for k in perm.granted if k in WALKS}
    extra.update(WALKS[k] for k in _granted(state, where, perm) if k in WALKS)
    walks = walks | extra if extra else walks
    if not walks:
        return walks
    gone = {t for k, t in WALKS.items() if fx_statics.lost(state, perm, k)}
    return frozenset(walks - fx_statics.ignored_walks(state) - gone)


def protections(state: GameState, perm: Permanent) -> frozenset[str]:
    """*perm*'s protection keywords now ("protection from black"), printed, gained, granted."""
    from frontier_desktop.rules.core.spell_grants import protection_keywords

    return frozenset(k for k in protection_keywords(state, perm) if k.startswith("protection"))


def quality_matches(state: GameState, quality: str, source: str) -> bool:
    """Whether the object *source* has the *quality* a protection names ("black",
    "artifacts", "creatures", "everything", "black and from red")."""
    if source not in state.cards:
        return False
    card = state.card(source)
    for part in quality.replace(" and from ", ",").replace(" and ", ",").split(","):
        part = part.strip()
        if part in _COLOUR_WORDS and _COLOUR_WORDS[part] in card.colors:
            return True
        if part == "everything" or (part == "artifacts" and "Artifact" in card.types) or \
                (part == "creatures" and card.is_creature) or \
                (part in ("multicolored", "multicoloured") and len(card.colors) > 1) or \
                (part in ("monocolored", "monocoloured") and len(card.colors) == 1):
            return True
        if part.endswith("s") and part[:-1].capitalize() in card.subtypes:
            return True  # "protection from Goblins"
    return False


def protected_against(state: GameState, perm: Permanent, source: str) -> str | None:
    """The protection of *perm* that *source* runs into ("protection from black"), or None."""
    for keyword in sorted(protections(state, perm)):
        if quality_matches(state, keyword[len("protection from "):], source):
            return keyword
    return None


def has_ability(state: GameState, perm: Permanent, name: str) -> bool:
    """:func:`has_keyword` in the variant playing *state*."""
    return has_keyword(state, where_of(state), perm.id, name)


def has_ability_id(state: GameState, obj: str, name: str) -> bool:
    """:func:`has_keyword` for an object that may have left the battlefield (its printed
    keywords then), in the variant playing *state*."""
    return has_keyword(state, where_of(state), obj, name)
