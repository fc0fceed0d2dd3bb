"""Army Magic on the board: who controls each land, land life, home bases, units, range.

Each grid cell's :attr:`Cell.extra` holds ``controller`` (None: nobody — every face-down land),
``life`` (None until explored; 1-6, a home base 1-20) and ``stronghold_of`` (the seat whose
home base it is, else None). A key starting ``_`` is a secret views never print (the hidden
treasure under a land).
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.core.hooks import Where
from frontier_desktop.rules.state import Cell, GameState, Permanent
from frontier_desktop.rules.core.shared import own_pt, square_words

ROWS = 6
COLS = 5
HOME_SQUARES = {0: (0, 2), 1: (5, 2)}
"""The ruling's joined board: player 0's home base at (0, 2), player 1's at (5, 2)."""
LAND_LIFE = 6
HOME_LIFE = 20
TREASURE = "_treasure"
"""Cell key of the artifacts hidden under a land (ids), secret until someone controls it."""


def info(cell: Cell) -> dict[str, Any]:
    """The cell's Army data, created empty on first use."""
    if cell.extra is None:
        cell.extra = {}
    extra = cell.extra
    extra.setdefault("controller", None)
    extra.setdefault("life", None)
    extra.setdefault("stronghold_of", None)
    return extra


def controller(state: GameState, pos: Pos) -> int | None:
    cell = state.cells.get(pos)
    if cell is None or cell.extra is None:
        return None
    value = cell.extra.get("controller")
    return value if isinstance(value, int) else None


def land_life(state: GameState, pos: Pos) -> int | None:
    cell = state.cells.get(pos)
    if cell is None or cell.extra is None:
        return None
    value = cell.extra.get("life")
    return value if isinstance(value, int) else None


def stronghold_of(state: GameState, pos: Pos) -> int | None:
    cell = state.cells.get(pos)
    if cell is None or cell.extra is None:
        return None
    value = cell.extra.get("stronghold_of")
    return value if isinstance(value, int) else None


def home_of(state: GameState, seat: int) -> Pos | None:
    """Where *seat*'s home base is (None: a position without one)."""
    for pos, cell in state.cells.items():
        if cell.extra is not None and cell.extra.get("stronghold_of") == seat:
            return pos
    return None


def controlled(state: GameState, seat: int) -> list[Pos]:
    return [pos for pos in state.board.positions() if controller(state, pos) == seat]


def in_range(state: GameState, seat: int, pos: Pos) -> bool:
    """A land *seat* controls, or one next to a land they control (a spell's reach)."""
    if controller(state, pos) == seat:
        return True
    return any(controller(state, n) == seat for n in state.board.neighbours(pos))


def reach(state: GameState, pos: Pos) -> set[Pos]:
    """A permanent's reach: its own land and the lands next to it."""
    return {pos, *state.board.neighbours(pos)}


def creatures_at(state: GameState, pos: Pos, seat: int | None = None) -> list[Permanent]:
    """The creatures standing on the land at *pos* (of *seat* only, when given)."""
    return [p for p in state.perms.values()
            if p.zone == "board" and p.at == pos and state.card(p.id).is_creature
            and (seat is None or p.controller == seat)]


def top_card(state: GameState, ids: list[str]) -> str:
    """The creature shown on top of a unit: the largest power + toughness (first on a tie)."""
    best = ids[0]
    best_size = None
    for unit in ids:
        p, t = army_pt(state, state.perms[unit])
        if best_size is None or p + t > best_size:
            best, best_size = unit, p + t
    return best


def land_words(state: GameState, pos: Pos) -> str:
    """A land as a player finds it: "the Plains at column 3, row 1" (face down: "the face-down
    land at ...")."""
    cell = state.cells.get(pos)
    if cell is None or cell.land is None:
        return f"the hole at {square_words(pos)}"
    if not cell.face_up:
        return f"the face-down land at {square_words(pos)}"
    return f"the {state.name(cell.land)} at {square_words(pos)}"


def place_of(state: GameState, obj: str) -> Pos | None:
    """The land a permanent is on (an aura: the land of what it enchants)."""
    perm = state.perms.get(obj)
    seen = 0
    while perm is not None and perm.zone == "attached" and perm.attached_to and seen < 8:
        host = perm.attached_to
        if host not in state.perms:
            for pos, cell in state.cells.items():
                if cell.land == host:
                    return pos
            return None
        perm = state.perms[host]
        seen += 1
    if perm is None or perm.zone != "board":
        return None
    return perm.at


def army_pt(state: GameState, perm: Permanent) -> tuple[int, int]:
    """A creature's power and toughness in Army Magic: its own (counters, until end of turn)
    plus the static bonuses that reach it: an aura on it, an anthem only from its own land or
    the lands next to it (the area of effect)."""
    from frontier_desktop.rules.core.spell_grants import static_bonus

    p, t = own_pt(state, perm)
    bp, bt = static_bonus(state, perm, reaches=_static_reach)
    return p + bp, t + bt


def _static_reach(state: GameState, source: Permanent, perm: Permanent) -> bool:
    here, there = place_of(state, source.id), place_of(state, perm.id)
    return here is not None and there is not None and there in reach(state, here)


class ArmyWhere(Where):
    """Army Magic's answers to the Magic core: P/T and area of effect on the board, landwalk
    in the attacked land's type, regeneration keeps the creature on its land."""

    def pt(self, state: GameState, perm: Permanent) -> tuple[int, int]:
        return army_pt(state, perm)

    def reaches(self, state: GameState, source: Permanent, perm: Permanent) -> bool:
        return _static_reach(state, source, perm)

    def walk_counts(self, state: GameState, attacker: Permanent, blocker: Permanent,
                    land_type: str) -> bool:
        """The ruling: landwalk counts in the attacked land's type (where the blockers
        stand)."""
        cell = state.cells.get(blocker.at) if blocker.at is not None else None
        return cell is not None and cell.land is not None and cell.face_up and \
            land_type in state.card(cell.land).subtypes

    def land_controllers(self, state: GameState) -> dict[Any, int]:
        return {pos: seat for pos in state.cells if (seat := controller(state, pos)) is not None}


WHERE = ArmyWhere()
"""The one :class:`ArmyWhere` the Army modules hand the core."""


def is_walker(state: GameState, obj: str) -> bool:
    """A planeswalker (it moves and explores like a creature, but never attacks)."""
    return "Planeswalker" in state.card(obj).types
