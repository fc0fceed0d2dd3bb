"""Frontier Magic on the board: stacks, terrain bonus, effective power/toughness, movement.

Functions of a state, shared by the Frontier variant's actions and by its analysis output.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.core.spell_grants import continuous_pt
from frontier_desktop.rules.state import UNKNOWN_LAND, GameState, Permanent
from frontier_desktop.rules.core import fx_statics

Occupancy = dict[Pos, list[str]]


def home_row(state: GameState, seat: int) -> int:
    """Player 0's home row is row 0; player 1's is the last row."""
    return 0 if seat == 0 else state.board.rows - 1  # type: ignore[attr-defined]


def home_squares(state: GameState, seat: int) -> list[Pos]:
    row = home_row(state, seat)
    return [pos for pos in state.board.positions() if pos[0] == row]


def visible_land(state: GameState, pos: Pos) -> Card | None:
    """The land at *pos* when it is face up (None for a face-down square or a hole)."""
    cell = state.cells.get(pos)
    if cell is None or cell.land is None or not cell.face_up:
        return None
    return state.card(cell.land)


def land_has_type(state: GameState, pos: Pos, land_type: str) -> bool:
    land = visible_land(state, pos)
    return land is not None and land_type in land.subtypes


def stack_at(state: GameState, pos: Pos, occ: Occupancy | None = None) -> list[Permanent]:
    ids = (occ if occ is not None else state.occupants()).get(pos, [])
    return [state.perms[i] for i in ids]


def stack_of(state: GameState, perm: Permanent, occ: Occupancy | None = None) -> list[Permanent]:
    """The banding stack *perm* belongs to (itself alone off the board)."""
    if perm.zone != "board":
        return [perm]
    return stack_at(state, perm.at, occ)


def keeps_bonus(perm: Permanent) -> bool:
    """Untapped, or tapped by its own attack this turn (the terrain-pumped attack ruling)."""
    return not perm.tapped or perm.attack_tapped


def terrain_bonus(state: GameState, members: list[Permanent], occ: Occupancy) -> int:
    """The +N/+N a creature (or a stack, counted once) gets from the terrain now.

    +1 when it stands on a face-up land matching one of its colours, and +1 for each face-up
    matching land N/S/E/W not under an opponent's creature — counted only when standing on a
    matching land unless the ``terrain_neighbours_regardless`` option is on. Tapped creatures
    get nothing, except those tapped by their own attack this turn.
    """
    if not members or members[0].zone != "board":
        return 0
    if not all(keeps_bonus(m) for m in members):
        return 0
    colours: set[str] = set()
    for m in members:
        colours.update(state.card(m.id).colors)
    if not colours:
        return 0
    pos = members[0].at
    controller = members[0].controller
    under = visible_land(state, pos)
    on_match = under is not None and bool(colours & (under.mana_colours - {"C"}))
    bonus = 1 if on_match else 0
    if on_match or state.options.get("terrain_neighbours_regardless", False):
        for n in state.board.neighbours(pos):
            land = visible_land(state, n)
            if land is None or not colours & (land.mana_colours - {"C"}):
                continue
            if any(state.perms[i].controller != controller for i in occ.get(n, ())):
                continue
            bonus += 1
    return bonus


def bonus_holder(state: GameState, members: list[Permanent]) -> Permanent | None:
    """The stack member the stack's single terrain bonus is counted on."""
    if not members:
        return None
    land = visible_land(state, members[0].at) if members[0].zone == "board" else None
    if land is not None:
        for m in members:
            if state.card(m.id).matches_colour_of(land):
                return m
    return members[0]


def has_ability(state: GameState, perm: Permanent, name: str) -> bool:
    """Whether *perm* has the simple ability *name* (``Card.abilities`` spelling, e.g.
    ``first_strike``): printed, gained until end of turn, or granted by a static ability."""
    spaced = name.replace("_", " ")
    info = fx_statics.facts(state)
    if (perm.granted or info.lost_keywords) and fx_statics.lost(state, perm, spaced, info):
        return False  # "loses flying until end of turn", "all creatures lose flying"
    if state.card(perm.id).has(name):
        return True
    if spaced in perm.granted:
        return True
    from frontier_desktop.rules.core.spell_grants import static_grants

    return spaced in static_grants(state, perm) or (
        spaced in info.granted_keywords and fx_statics.has_conditional(state, perm, spaced,
                                                                       info))


_WALKS = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
          "mountainwalk": "Mountain", "forestwalk": "Forest"}


def landwalks(state: GameState, perm: Permanent) -> frozenset[str]:
    """The land types *perm* walks: printed, gained until end of turn, or granted."""
    from frontier_desktop.rules.core.spell_grants import static_grants

    walks = state.card(perm.id).landwalk
    extra = {_WALKS[k] for k in (*perm.granted, *static_grants(state, perm)) if k in _WALKS}
    walks = walks | extra if extra else walks
    if not walks:
        return walks
    gone = {t for k, t in _WALKS.items() if fx_statics.lost(state, perm, k)}
    return walks - fx_statics.ignored_walks(state) - gone


def has_ability_id(state: GameState, obj_id: str, name: str) -> bool:
    """:func:`has_ability` for an id that may have left the battlefield (its card then)."""
    perm = state.perms.get(obj_id)
    if perm is not None:
        return has_ability(state, perm, name)
    return obj_id in state.cards and state.card(obj_id).has(name)


def own_pt(state: GameState, perm: Permanent) -> tuple[int, int]:
    """The core's continuous P/T (the whole battlefield's statics reach it); the terrain bonus
    comes last, in :func:`effective_pt`."""
    return continuous_pt(state, perm)


def effective_pt(state: GameState, perm: Permanent, occ: Occupancy | None = None) -> tuple[int, int]:
    """A unit's effective power and toughness now, terrain bonus included.

    In a banding stack the stack's bonus is counted once, on :func:`bonus_holder`.
    """
    occ = occ if occ is not None else state.occupants()
    p, t = own_pt(state, perm)
    members = stack_of(state, perm, occ)
    if bonus_holder(state, members) is perm:
        bonus = terrain_bonus(state, members, occ)
        p, t = p + bonus, t + bonus
    return p, t


def stack_pt(state: GameState, members: list[Permanent], occ: Occupancy) -> tuple[int, int]:
    total_p = total_t = 0
    for m in members:
        p, t = effective_pt(state, m, occ)
        total_p += p
        total_t += t
    return total_p, total_t


# ---------------------------------------------------------------------- movement
def can_stack(state: GameState, movers: Iterable[Permanent], occupants: list[Permanent]) -> bool:
    """A square may hold any number of banding creatures plus at most one without banding."""
    group = list(movers) + occupants
    if len({m.controller for m in group}) > 1:
        return False
    return sum(1 for m in group if not has_ability(state, m, "banding")) <= 1


def enterable(state: GameState, pos: Pos, movers: list[Permanent], occ: Occupancy) -> bool:
    """Whether *movers* may end a move on *pos*: a land (no hole), room, landhome satisfied."""
    cell = state.cells.get(pos)
    if cell is None or cell.land is None:
        return False
    there = [state.perms[i] for i in occ.get(pos, ()) if state.perms[i] not in movers]
    if there and not can_stack(state, movers, there):
        return False
    for m in movers:
        homes = state.card(m.id).landhome
        if homes and not any(land_has_type(state, pos, h) for h in homes):
            return False
    return True


def may_start_move(members: list[Permanent]) -> bool:
    return all(not m.moved and not m.tapped and not m.sick for m in members)


def move_options(state: GameState, members: list[Permanent], occ: Occupancy) -> dict[Pos, dict[str, Any]]:
    """Every square *members* (a creature or a stack) may end a move on, with how.

    Judged from what the controller knows: a landwalk path may run on through face-down
    squares. Values are ``{"kind": ..., "path": [...]}`` where ``path`` lists the squares
    entered in order (the last is the destination).
    """
    out: dict[Pos, dict[str, Any]] = {}
    if not members or not may_start_move(members):
        return out
    lead = members[0]
    if lead.zone == "staging":
        for pos in home_squares(state, lead.controller):
            if enterable(state, pos, members, occ):
                out[pos] = {"kind": "enter", "path": [pos]}
        return out
    if lead.zone != "board":
        return out
    cards = [state.card(m.id) for m in members]
    start = lead.at
    board = state.board
    for n in board.neighbours(start):
        if enterable(state, n, members, occ):
            out[n] = {"kind": "step", "path": [n]}
    if all(has_ability(state, m, "flying") for m in members):
        for d in board.directions():
            mid = board.step(start, d)
            dest = board.step(mid, d) if mid is not None else None
            if dest is not None and dest not in out and enterable(state, dest, members, occ):
                out[dest] = {"kind": "flying", "path": [dest]}
    walks = frozenset.intersection(*(landwalks(state, m) for m in members)) if cards \
        else frozenset()
    for land_type in sorted(walks):
        for d in board.directions():
            path: list[Pos] = []
            for pos in board.ray(start, d):
                if not enterable(state, pos, members, occ):
                    break
                path.append(pos)
                if pos not in out:
                    out[pos] = {"kind": "landwalk", "path": list(path), "walk": land_type}
                cell = state.cells[pos]
                if cell.face_up and not land_has_type(state, pos, land_type):
                    break  # a known non-matching square: the walk must end here
    if all(has_ability(state, m, "shadow") for m in members):
        for d in board.directions():
            for pos in board.ray(start, d):
                if occ.get(pos):
                    continue  # pass through squares holding creatures
                if pos not in out and enterable(state, pos, members, {}):
                    out[pos] = {"kind": "shadow", "path": [pos]}
                break
    return out


def is_unknown(state: GameState, land_id: str | None) -> bool:
    return land_id is not None and state.cards[land_id][0] == UNKNOWN_LAND
