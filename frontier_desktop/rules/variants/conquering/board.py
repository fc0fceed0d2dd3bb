"""The Conquering's boards and the facts about its places (``shared/rules/conquering.md``).

- Two players: a 3x3 grid; the strongholds ``S0`` and ``S1`` beside the middle squares of
  rows 0 and 2 (opposite sides).
- Three players: the triangle, a graph board. The outer ring of nine is ``A1 A2 A3 B1 B2 B3
  C1 C2 C3`` in a cycle (side A belongs to seat 0, B to seat 1, C to seat 2; ``A2`` is side
  A's middle land); the inner lands ``Ai Bi Ci`` are adjacent to each other and to their
  side's middle land. Stronghold ``Sn`` is beside the middle land of seat n's side.
- Four players: a 3x5 grid (3 rows, 5 columns), one stronghold beside the middle of each
  side, clockwise from seat 0 as seen from above with row 0 nearest seat 0: ``S0`` by
  ``(0, 2)``, ``S1`` by ``(1, 0)``, ``S2`` by ``(2, 2)``, ``S3`` by ``(1, 4)``.

Strongholds are the board's outside places (:attr:`Board.outside`): adjacent only to the land
they are beside. A place's cell keeps the variant's data in :attr:`Cell.extra`:
``controller`` (None: nobody), ``cv`` (None until rolled; 7 for strongholds),
``stronghold_of`` and, for strongholds, ``turns_left`` (None while the owner holds it).
"""

from __future__ import annotations


from frontier_desktop.rules.board import Board, GraphBoard, GridBoard, Pos
from frontier_desktop.rules.state import GameState
# the places' facts, shared with the War Game:
from frontier_desktop.rules.core.strongholds import (
    LAND_TYPES as LAND_TYPES, areas_of as areas_of, clockwise_from as clockwise_from,
    controller as controller, has_lost_stronghold as has_lost_stronghold, info as info,
    is_opposing_stronghold as is_opposing_stronghold, is_stronghold as is_stronghold,
    land_type as land_type, place_words as place_words, stronghold as stronghold,
    stronghold_of as stronghold_of,
)

STRONGHOLD_CV = 7
"""Every stronghold's conquer value."""
WIN_AREAS = {2: 5, 3: 7, 4: 8}
"""Areas whose control wins at once on the standard boards, by number of players (what
:func:`win_areas` gives there: 5 of 9, 7 of 12, 8 of 15)."""
TABLE_LANDS_EACH = {2: 2, 3: 3, 4: 3}
"""Copies of each basic land shuffled for the board, by number of players."""
RETAKE_TURNS = 5
"""Turns of their own a player has to retake a conquered stronghold."""
RETAKE_POWER = 7
"""A player without their stronghold is eliminated when their creatures' power falls below."""

_SIDES = "ABC"


def triangle_areas() -> dict[str, tuple[str, ...]]:
    """The three-player triangle: each area's neighbours (see the module docstring)."""
    ring = [f"{side}{i}" for side in _SIDES for i in (1, 2, 3)]
    areas: dict[str, list[str]] = {name: [] for name in ring}
    for i, name in enumerate(ring):
        areas[name] += [ring[i - 1], ring[(i + 1) % len(ring)]]
    for side in _SIDES:
        inner = f"{side}i"
        others = [f"{s}i" for s in _SIDES if s != side]
        areas[inner] = [f"{side}2", *others]
        areas[f"{side}2"].append(inner)
    return {name: tuple(ns) for name, ns in areas.items()}


def standard_board(players: int) -> Board:
    """The board of a game of *players* (2-4), strongholds included.

    Raises:
        ValueError: not 2, 3 or 4 players.
    """
    if players == 2:
        return GridBoard(3, 3, outside={"S0": (0, 1), "S1": (2, 1)})
    if players == 3:
        return GraphBoard(triangle_areas(),
                          outside={f"S{seat}": f"{side}2" for seat, side in enumerate(_SIDES)})
    if players == 4:
        return GridBoard(3, 5, outside={"S0": (0, 2), "S1": (1, 0), "S2": (2, 2), "S3": (1, 4)})
    raise ValueError("the Conquering is for two to four players")


def win_areas(state: GameState) -> int:
    """The areas whose control wins at once: more than half of the board's areas, strongholds
    not counted (``conquering.md``, "Ruling (puzzle boards)"), so a puzzle board of any size
    has its own threshold."""
    return len(state.board.positions()) // 2 + 1


def conquer_value(state: GameState, pos: Pos) -> int | None:
    """The area's conquer value (None while its land is face down and unrolled)."""
    if is_stronghold(state, pos):
        return int(info(state.cells[pos]).get("cv") or STRONGHOLD_CV)
    cell = state.cells.get(pos)
    if cell is None or cell.extra is None or cell.extra.get("cv") is None:
        return None
    return int(cell.extra["cv"])


