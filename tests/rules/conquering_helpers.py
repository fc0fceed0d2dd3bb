"""Helpers for the Conquering rules tests (issue 14, first slice).

The variant is not in the registry yet: tests play it with ``apply(..., variant=CQ)``. A
scenario starts from :func:`game` (the real set-up) and then puts creatures and lands where
the rule under test needs them, as a table would after a few turns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.engine import apply
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.conquering.variant import Conquering
from frontier_desktop.rules.variants.conquering.board import info
from frontier_desktop.rules.core.shared import basic_land
from tests.rules.helpers import card, pass_until as _pass_until, to_phase

CQ = Conquering()
NAMES = ("Edna", "Dale", "Theresa", "Walt")
DECK_CARD = {0: "Grizzly Bears", 1: "White Knight", 2: "Grizzly Bears", 3: "White Knight"}


def game(players: int = 2, *, seed: int = 1, first: int = 0,
         decks: Sequence[Sequence[str]] | None = None) -> GameState:
    """A new game (60-card one-colour decks) with seat *first* starting, in its mana step."""
    lists = decks or [[DECK_CARD[s]] * 60 for s in range(players)]
    return CQ.new_game([[card(n) for n in deck] for deck in lists], NAMES[:players], seed=seed,
                       options={"first_player": first})


def play(state: GameState, action: A.Action | dict[str, Any],
         seat: int | None = None) -> tuple[GameState, list[dict[str, Any]]]:
    return apply(state, action, seat, variant=CQ)


def put(state: GameState, name: str, seat: int, at: Any, *, sick: bool = False,
        tapped: bool = False, moved: bool = False) -> str:
    """Put a creature card *name* of *seat*'s onto the board at *at* (no bookkeeping)."""
    c = card(name)
    state.defs = {**state.defs, c.name: c}
    obj = state.new_id("u")
    state.cards[obj] = (c.name, seat)
    state.perms[obj] = Permanent(obj, seat, "board", at, sick=sick, tapped=tapped, moved=moved)
    return obj


def set_land(state: GameState, at: Any, land_type: str, *, cv: int | None = None,
             controller: int | None = None) -> None:
    """Make the land at *at* a face-up *land_type* with conquer value *cv*."""
    land = basic_land(land_type)
    state.defs = {**state.defs, land.name: land}
    cell = state.cells[at]
    assert cell.land is not None
    state.cards[cell.land] = (land.name, -1)
    cell.face_up = True
    info(cell).update({"cv": cv, "controller": controller})


def pass_until(state: GameState, phase: str, active: int | None = None) -> GameState:
    """Pass until *phase* of *active*'s turn (default: the current player's)."""
    return _pass_until(play, state, phase, active, limit=100)


def clear_board(state: GameState) -> None:
    """Every table land face down and neutral again (for scenario set-ups)."""
    for pos in state.board.positions():
        state.cells[pos].face_up = False
        info(state.cells[pos]).update({"cv": None, "controller": None})
