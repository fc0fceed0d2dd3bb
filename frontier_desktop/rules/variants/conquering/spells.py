"""The Conquering on the effects engine: the core's casting from the pool on a board of places
(:class:`~frontier_desktop.rules.core.pool_spells.PoolSpells`) with the Conquering's answers
(``shared/rules/conquering.md``, "Bonuses and reach"): its two main phases, its area bonuses
(:class:`ConqueringWhere`), keywords in reach of a creature's own area.

The reach (:meth:`ConqueringSpells.target_problem`): an opposing creature only where the
caster controls its area or has a creature; an opponent only from an area next to their
stronghold (or the stronghold itself), and never by a creature's ability; own creatures,
lands other than opposing strongholds, non-creature permanents and spells always. A
creature's ability reaches only its own area; enchantments and artifacts the whole field.
"""

from __future__ import annotations

from frontier_desktop.rules.core import keywords as core_keywords
from frontier_desktop.rules.core import sba
from frontier_desktop.rules.core.hooks import Where
from typing import Any

from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.base import Event
from frontier_desktop.rules.variants.conquering.board import (
    controller, is_opposing_stronghold, place_words, stronghold, stronghold_of,
)
from frontier_desktop.rules.core.spell_grants import keyword_grants
from frontier_desktop.rules.core.pool_spells import PoolSpells, no_life as no_life, own_place_pt
from frontier_desktop.rules.core.pool_spells import static_reach as static_reach

MAIN_PHASES = ("main", "main2")


def has_keyword(state: GameState, obj: str, name: str) -> bool:
    """Whether the permanent *obj* has the keyword *name* (``Card.abilities`` spelling, e.g.
    ``first_strike``): the Magic core's answer with the Conquering's area of effect (a
    creature's grant only in its own area, an aura's on what it enchants, an enchantment's or
    artifact's everywhere). A card that left play: its printed keywords."""
    return core_keywords.has_keyword(state, WHERE, obj, name)


def granted_keywords(state: GameState, perm: Permanent) -> frozenset[str]:
    """The keywords static abilities in reach give *perm* now."""
    return frozenset(keyword_grants(state, perm, reaches=static_reach))


def landwalks(state: GameState, perm: Permanent) -> frozenset[str]:
    """The basic land types *perm* walks: printed, gained or granted in reach."""
    return core_keywords.landwalks(state, WHERE, perm)




def is_attacking(state: GameState, perm: Permanent) -> bool:
    """Whether *perm* is among the attackers of the conquest being resolved now."""
    return perm.id in (state.extra.get("turn") or {}).get("attacking", ())


def conquering_pt(state: GameState, perm: Permanent) -> tuple[int, int]:
    """Printed P/T with counters and changes, plus the area bonuses (+1/+1 in an area of the
    creature's colour, not while attacking an opposing stronghold; +0/+1 in an area its
    controller controls, not its own stronghold). "Ruling (bonus in a held stronghold)": a
    conqueror's creatures defending (or standing in) a stronghold they hold get both."""
    p, t = own_place_pt(state, perm)
    if perm.zone != "board" or perm.at is None:
        return p, t
    cell = state.cells.get(perm.at)
    land = state.card(cell.land) if cell is not None and cell.land and cell.face_up else None
    if land is not None and state.card(perm.id).matches_colour_of(land) and not (
            is_attacking(state, perm)
            and is_opposing_stronghold(state, perm.at, perm.controller)):
        p, t = p + 1, t + 1
    if controller(state, perm.at) == perm.controller \
            and stronghold_of(state, perm.at) != perm.controller:
        t += 1
    return p, t


def destroy(state: GameState, perm: Permanent, events: list[Event], *, reason: str) -> None:
    """Destroy a permanent (not an indestructible one); a regeneration shield taps a creature
    and keeps it in its area."""
    sba.destroy(state, WHERE, perm, events, reason=reason)


class ConqueringWhere(Where):
    """The Conquering's answers to the Magic core: area bonuses, a creature's statics reach
    its own area, blocks within the area, landwalk in an area of that type but not in a
    stronghold (unless its owner is out)."""

    def pt(self, state: GameState, perm: Permanent) -> tuple[int, int]:
        return conquering_pt(state, perm)

    def reaches(self, state: GameState, source: Permanent, perm: Permanent) -> bool:
        return static_reach(state, source, perm)

    def walk_counts(self, state: GameState, attacker: Permanent, blocker: Permanent,
                    land_type: str) -> bool:
        from frontier_desktop.rules.variants.conquering.board import is_stronghold, land_type \
            as area_type

        if area_type(state, attacker.at) != land_type:
            return False
        owner = stronghold_of(state, attacker.at)
        return not is_stronghold(state, attacker.at) or (
            owner is not None and state.players[owner].lost)

    def block_problem(self, state: GameState, blocker: Permanent,
                      attacker: Permanent) -> str | None:
        if blocker.zone != "board" or blocker.at != attacker.at:
            return f"{state.name(blocker.id)} is not in the area attacked"
        return None


WHERE = ConqueringWhere()
"""The one :class:`ConqueringWhere` the Conquering's modules hand the core."""


class ConqueringSpells(PoolSpells):
    """Casting, activating and the engine's hooks for the Conquering (mixed into
    :class:`~frontier_desktop.rules.variants.conquering.variant.Conquering`): the core's
    pool casting with the Conquering's two main phases and its reach."""

    main_phases = MAIN_PHASES
    game_words = "the Conquering"
    """The game in words, as in "… is not part of the Conquering yet"."""

    reach_unit = "area"

    def target_problem(self, state: GameState, seat: int, source: str | None,
                       target: Any) -> str | None:
        """The reach (:class:`PoolSpells`), and "Ruling (creatures' abilities and
        opponents)": a creature's ability never targets an opponent (the source's Ravenous
        Rats); spells and non-creature permanents' abilities follow the stronghold rule."""
        if isinstance(target, tuple) and target and target[0] == "player" \
                and int(target[1]) != seat and source is not None and source in state.perms \
                and state.card(source).is_creature:
            return (f"{state.name(source)} is a creature: in {self.game_words} a creature's "
                    "ability never targets an opponent")
        return super().target_problem(state, seat, source, target)

    def player_reach_problem(self, state: GameState, seat: int,
                             target: tuple[Any, ...]) -> str | None:
        """An opponent only from their stronghold or an area next to it, controlled or
        occupied."""
        other = int(target[1])
        if other == seat:
            return None
        home = stronghold(other)
        near = [home, *state.board.neighbours(home)]
        if any(controller(state, p) == seat or self._has_creature(state, seat, p)
               for p in near):
            return None
        return (f"you neither control nor occupy {place_words(state, home)} or an area "
                "next to it")

    def stronghold_refusal(self, state: GameState, place: Pos, seat: int) -> str | None:
        """Why *seat* can't target the land at *place* (None: they may)."""
        if is_opposing_stronghold(state, place, seat):
            return "a stronghold's land can't be targeted by its opponents"
        return None

    def creature_reach_problem(self, state: GameState, seat: int,
                               perm: Permanent) -> str | None:
        """An opposing creature: only where *seat* controls its area or has a creature."""
        if controller(state, perm.at) == seat or self._has_creature(state, seat, perm.at):
            return None
        return (f"you neither control {place_words(state, perm.at)} nor have a creature "
                "there")
