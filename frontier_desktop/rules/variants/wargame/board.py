"""The War Game's board and the facts about its places (``shared/rules/wargame.md``).

A 3x5 grid (3 rows, 5 columns; row 0 is the south edge, nearest player 0, and the last row
the north edge, as ``shared/rules/README.md`` has it) of face-up basic lands, three of each
type. The strongholds sit outside it, each beside the middle of one edge and adjacent only
to that terrain: A (west) by ``(1, 0)``, B (north) by ``(2, 2)``, C (east) by ``(1, 4)``,
D (south) by ``(0, 2)``. Two players use A and C, three A, B, C, four all; player *n*'s
stronghold is the outside place ``"Sn"`` (seats are clockwise: A, B, C, D as used).

The place model is the Conquering's (:mod:`~frontier_desktop.rules.core.strongholds`): a
stronghold's cell keeps ``controller`` and ``stronghold_of`` in :attr:`Cell.extra`; its land is face down (only its
owner sees it). Terrain cells keep no controller: a terrain is nobody's.
"""

from __future__ import annotations

from frontier_desktop.rules.board import GridBoard, Pos
from frontier_desktop.rules.card import BASIC_LAND_COLOUR
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.core.strongholds import (
    controller, has_lost_stronghold, info, is_stronghold, land_type, place_words, stronghold,
    stronghold_of,
)

ROWS, COLS = 3, 5
LAND_TYPES = tuple(BASIC_LAND_COLOUR)
"""The five basic land types (three of each make the terrain)."""
EACH_TYPE = 3
BESIDE = {"A": (1, 0), "B": (2, 2), "C": (1, 4), "D": (0, 2)}
"""The terrain each stronghold letter sits beside."""
LETTERS = {2: "AC", 3: "ABC", 4: "ABCD"}
"""The strongholds used, in seat order, by number of players."""
STRONGHOLD_LIMIT = 3
"""A player's stronghold holds at most this many of their creatures."""


def standard_board(players: int) -> GridBoard:
    """The 3x5 terrain with the strongholds of *players* (2-4) outside it.

    Raises:
        ValueError: not 2, 3 or 4 players.
    """
    if players not in LETTERS:
        raise ValueError("the War Game is for two to four players")
    return GridBoard(ROWS, COLS, outside={
        stronghold(seat): BESIDE[letter] for seat, letter in enumerate(LETTERS[players])})


def letter(players: int, seat: int) -> str:
    """The stronghold letter (A-D) of *seat* in a game of *players*."""
    return LETTERS[players][seat]


def diagonal_neighbours(state: GameState, pos: Pos) -> list[Pos]:
    """The terrain diagonally next to *pos* (none from a stronghold)."""
    if not isinstance(pos, tuple):
        return []
    out = []
    for dr in (-1, 1):
        for dc in (-1, 1):
            other = (pos[0] + dr, pos[1] + dc)
            if state.board.contains(other):
                out.append(other)
    return out


def strongholds_held(state: GameState, seat: int) -> list[str]:
    """The strongholds *seat* controls now."""
    return [name for name in state.board.outside if controller(state, name) == seat]


__all__ = [
    "BESIDE", "COLS", "EACH_TYPE", "LAND_TYPES", "LETTERS", "ROWS", "STRONGHOLD_LIMIT",
    "controller", "diagonal_neighbours", "has_lost_stronghold", "info", "is_stronghold",
    "land_type", "letter", "place_words", "standard_board", "stronghold", "stronghold_of",
    "strongholds_held",
]
