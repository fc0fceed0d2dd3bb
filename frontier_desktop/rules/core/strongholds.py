"""A board of places with strongholds: the facts about a place that the Conquering and the
War Game share (``shared/rules/conquering.md``, ``wargame.md``).

A place's cell keeps the variant's data in :attr:`~frontier_desktop.rules.state.Cell.extra`:
``controller`` (None: nobody), ``stronghold_of`` (the seat whose stronghold it is) and what
the variant adds. Strongholds are the board's outside places (:attr:`Board.outside`), named
``S0``, ``S1`` … by seat.
"""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules.board import Pos
from frontier_desktop.rules.card import BASIC_LAND_COLOUR
from frontier_desktop.rules.state import Cell, GameState

LAND_TYPES = tuple(BASIC_LAND_COLOUR)
"""The five basic land types, in WUBRG order."""


def stronghold(seat: int) -> str:
    """The place name of *seat*'s stronghold."""
    return f"S{seat}"


def is_stronghold(state: GameState, pos: Pos) -> bool:
    return isinstance(pos, str) and pos in state.board.outside


def info(cell: Cell) -> dict[str, Any]:
    if cell.extra is None:
        cell.extra = {}
    return cell.extra


def controller(state: GameState, pos: Pos) -> int | None:
    cell = state.cells.get(pos)
    if cell is None or cell.extra is None:
        return None
    value = cell.extra.get("controller")
    return int(value) if value is not None else None


def stronghold_of(state: GameState, pos: Pos) -> int | None:
    cell = state.cells.get(pos)
    if cell is None or cell.extra is None or cell.extra.get("stronghold_of") is None:
        return None
    return int(cell.extra["stronghold_of"])


def land_type(state: GameState, pos: Pos) -> str | None:
    """The basic land type of a face-up land (None: face down, or not a basic type)."""
    cell = state.cells.get(pos)
    if cell is None or cell.land is None or not cell.face_up:
        return None
    card = state.card(cell.land)
    return next((t for t in LAND_TYPES if t in card.subtypes), None)


def areas_of(state: GameState, seat: int) -> list[Pos]:
    """The areas (never strongholds) *seat* controls."""
    return [pos for pos in state.board.positions() if controller(state, pos) == seat]


def has_lost_stronghold(state: GameState, seat: int) -> bool:
    """Whether another player holds *seat*'s stronghold (and *seat* is still in the game)."""
    return controller(state, stronghold(seat)) not in (seat, None) \
        and not state.players[seat].lost


def is_opposing_stronghold(state: GameState, pos: Pos, seat: int) -> bool:
    """A stronghold of another player still in the game (its special rules still hold)."""
    owner = stronghold_of(state, pos)
    return owner is not None and owner != seat and not state.players[owner].lost


def clockwise_from(state: GameState, seat: int) -> list[int]:
    """The other seats still in the game, clockwise (increasing, wrapping) after *seat*."""
    return state.opponents(seat)


def place_words(state: GameState, pos: Pos) -> str:
    """A place as players read it: "the Swamp at column 2, row 1", "Ben's stronghold",
    "area B2"."""
    from frontier_desktop.rules.core.shared import square_words

    owner = stronghold_of(state, pos)
    if is_stronghold(state, pos) and owner is not None:
        return f"{state.players[owner].name}'s stronghold"
    kind = land_type(state, pos)
    where = square_words(pos) if isinstance(pos, tuple) else f"area {pos}"
    return f"the {kind} at {where}" if kind else f"the face-down land at {where}"
