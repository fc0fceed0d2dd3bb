"""What the battlefield's static abilities and prevention shields do to a permanent now.

Queries over a game state, asked on the hot paths (P/T, legal actions, targets, damage):
the keywords static abilities grant (``keyword_grants``, ``static_grants`` with Frontier's
legendary lands), the +P/+T they give (``static_bonus``), protection, shroud and hexproof
(``protection_keywords``, ``protected_from``), and damage prevention (``prevent``,
``PREVENT_ALL``, Fog's ``no_combat_damage``, fx-oneshots' ``shield_prevents``). Which cards
of ``GameState.defs`` can grant or pump at all is cached per ``defs`` (``defs_info``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects.nodes import GrantKeyword, Pump, Selector
from frontier_desktop.rules.effects.targeting import COLOUR_LETTER
from frontier_desktop.rules.state import GameState, Permanent, per_defs
from frontier_desktop.rules.core.spell_reading import (
    protections, static_grant_effects, static_pumps,
)
from frontier_desktop.rules.core import fx_statics


def _reaches(state: GameState, source: Permanent, sel: Selector, perm: Permanent) -> bool:
    """Whether a static grant or pump of *source* with selector *sel* applies to *perm*
    (fx_statics' selector rules; a "self" one is never a grant here)."""
    return sel.ref != "self" and fx_statics.applies(state, source, sel, perm)


class _DefsInfo:
    """What the cards of one ``GameState.defs`` hold that the hot paths ask about, by name."""

    __slots__ = ("defs", "grants", "pumps", "protections")

    def __init__(self, defs: dict[str, Card]) -> None:
        self.defs = defs
        self.grants = frozenset(n for n, c in defs.items()
                                if c.oracle_text and static_grant_effects(c))
        self.pumps = frozenset(n for n, c in defs.items() if c.oracle_text and static_pumps(c))
        self.protections = {n: protections(c) for n, c in defs.items() if c.oracle_text}


defs_info = per_defs(_DefsInfo)
"""Per-``defs`` facts, cached (:func:`~frontier_desktop.rules.state.per_defs`)."""


def keyword_grants(state: GameState, perm: Permanent,
                   reaches: Callable[[GameState, Permanent, Permanent], bool] | None = None
                   ) -> set[str]:
    """The keywords static abilities of permanents ("… have flying", auras) give *perm* now.

    *reaches* (a variant's area of effect, the Conquering's) says whether an "all …" ability
    of a permanent reaches *perm*; None: the whole battlefield (as :func:`static_bonus`)."""
    out: set[str] = set()
    names = defs_info(state).grants
    if not names:
        return out
    for source in state.perms.values():
        if state.cards[source.id][0] not in names:
            continue
        for grant in static_grant_effects(state.card(source.id)):
            assert isinstance(grant, (GrantKeyword, Pump))
            if not _reaches(state, source, grant.to, perm):
                continue
            if reaches is not None and grant.to.ref == "all" and not reaches(state, source, perm):
                continue
            out.update(grant.keywords)
    return out


def static_grants(state: GameState, perm: Permanent) -> frozenset[str]:
    """Keywords static abilities on the battlefield give *perm* now (with Frontier's
    legendary lands' grants)."""
    names = defs_info(state).grants
    if not names:
        return frozenset()
    out = keyword_grants(state, perm)
    out.update(land_grants(state, perm, names))  # fx-mana: the legendary lands
    return frozenset(out)


def protection_keywords(state: GameState, perm: Permanent) -> set[str]:
    """Printed, gained and granted protection, shroud and hexproof of *perm*."""
    out = set(defs_info(state).protections.get(state.cards[perm.id][0], ()))
    out.update(k for k in perm.granted if k.startswith("protection") or k in ("shroud", "hexproof"))
    out.update(k for k in static_grants(state, perm)
               if k.startswith("protection") or k in ("shroud", "hexproof"))
    info = fx_statics.facts(state)
    if info.granted_keywords & _SHROUDS:  # "has shroud as long as it's untapped"
        out.update(k for k in _SHROUDS if fx_statics.has_conditional(state, perm, k, info))
    return out


_SHROUDS = frozenset({"shroud", "hexproof"})


def protected_from(state: GameState, perm: Permanent, source: str | None) -> bool:
    """Whether *perm* has protection from a colour of *source* (damage from it is prevented)."""
    if source is None or source not in state.cards:
        return False
    if fx_statics.prevents(state, perm, source):
        return True  # "prevent all damage that would be dealt to CARDNAME by …"
    colours = {c for c, letter in COLOUR_LETTER.items() if letter in state.card(source).colors}
    return any(k[len("protection from "):] in colours for k in protection_keywords(state, perm)
               if k.startswith("protection from "))


def static_bonus(state: GameState, perm: Permanent,
                 reaches: Callable[[GameState, Permanent, Permanent], bool] | None = None
                 ) -> tuple[int, int]:
    """The +P/+T static abilities on the battlefield give *perm* now (anthems, auras).

    *reaches* (a variant's area of effect, Army Magic's) says whether an "all …" ability of a
    permanent reaches *perm*; None: the whole battlefield."""
    p = t = 0
    names = defs_info(state).pumps
    if not names:
        return 0, 0
    for source in state.perms.values():
        if state.cards[source.id][0] not in names:
            continue
        for pump in static_pumps(state.card(source.id)):
            if not _reaches(state, source, pump.to, perm):
                continue
            if reaches is not None and pump.to.ref == "all" and not reaches(state, source, perm):
                continue
            p += pump.power.n
            t += pump.toughness.n
    return p, t


PREVENT_ALL = 1_000_000
"""A prevention shield for "prevent all damage … this turn" (shields end in cleanup)."""


def no_combat_damage(state: GameState) -> bool:
    """Whether a "prevent all combat damage that would be dealt this turn" resolved this turn."""
    return state.extra.get("no_combat_damage_turn") == state.turn


def prevent(perm: Permanent, amount: int) -> int:
    """Use *perm*'s prevention shield on *amount* damage; the damage still dealt."""
    stopped = min(perm.prevent, amount)
    perm.prevent -= stopped
    return amount - stopped




def continuous_pt(state: GameState, perm: Permanent,
                  reaches: Callable[[GameState, Permanent, Permanent], bool] | None = None
                  ) -> tuple[int, int]:
    """A permanent's P/T from its continuous effects, in layer order: printed or
    characteristic-defining (set), then until-end-of-turn changes, counters, the static
    bonuses that reach it (auras, anthems, "as long as" bonuses; *reaches*: the variant's area
    of effect of an "all …" one) and last a switch of the two. A variant adds its board's
    bonus (terrain, areas) on top."""
    card = state.card(perm.id)
    p, t = fx_statics.base_pt(state, perm, card)
    plus = perm.counters.get("+1/+1", 0) - perm.counters.get("-1/-1", 0)
    sp, st = static_bonus(state, perm, reaches=reaches)
    cp, ct = fx_statics.conditional_bonus(state, perm)
    p += perm.pt_mod[0] + plus + sp + cp
    t += perm.pt_mod[1] + plus + st + ct
    return (t, p) if perm.granted and fx_statics.switched(perm) else (p, t)


# ---------------------------------------------------------------------- the lands' grants
_LAND_GRANTS: dict[int, tuple[frozenset[str], frozenset[str]]] = {}


def _land_names(state: GameState, names: frozenset[str]) -> frozenset[str]:
    """The lands among *names* (cards with static grants), cached per names set (the hot path
    of ``has_ability`` asks for every creature)."""
    cached = _LAND_GRANTS.get(id(names))
    if cached is None or cached[0] is not names:
        if len(_LAND_GRANTS) > 64:
            _LAND_GRANTS.clear()
        cached = (names, frozenset(n for n in names if n in state.defs and state.defs[n].is_land))
        _LAND_GRANTS[id(names)] = cached
    return cached[1]


def land_grants(state: GameState, perm: Permanent, names: frozenset[str]) -> set[str]:
    """Keywords the face-up lands' static grants give *perm*: "White legendary creatures you
    control have 'bands with other legendary creatures'" reaches the creatures of the player
    whose creatures stand on the land (a player controls the lands their creatures stand
    on); a land nobody stands on grants nothing."""
    from frontier_desktop.rules.effects.targeting import spec_problem
    from frontier_desktop.rules.core.spell_reading import static_grant_effects

    out: set[str] = set()
    if perm.zone == "attached" or not _land_names(state, names):
        return out
    occ: dict[Any, list[str]] | None = None
    for pos, cell in state.cells.items():
        if cell.land is None or not cell.face_up or state.cards[cell.land][0] not in names:
            continue
        if occ is None:
            occ = state.occupants()
        owners = {state.perms[i].controller for i in occ.get(pos, ())}
        if len(owners) != 1:
            continue
        seat = owners.pop()
        for grant in static_grant_effects(state.card(cell.land)):
            sel = getattr(grant, "to", None)
            if sel is not None and sel.ref == "all" and sel.spec is not None and \
                    spec_problem(state, sel.spec, perm.id, seat=seat, source=cell.land) is None:
                out.update(getattr(grant, "keywords", ()))
    return out
