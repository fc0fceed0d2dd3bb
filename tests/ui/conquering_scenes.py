"""Mid-game Conquering positions for the table tests and the screenshots: a real set-up
(``tests/rules/conquering_helpers.py``) moved on to the movement phase of seat 0's turn,
with lands turned up, conquer values rolled, areas controlled and creatures about."""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules.state import GameState
from frontier_desktop.session import LocalSession
from tests.rules.conquering_helpers import game, pass_until, put, set_land, to_phase

NAMES = ("Edna", "Dale", "Theresa", "Walt")


def midgame(players: int, *, phase: str = "movement") -> tuple[GameState, dict[str, str]]:
    """A game of *players* (3: the triangle; 4: the 3x5) in seat 0's *phase*, and the ids of
    its creatures by a short name (``bears`` Edna's Grizzly Bears in her side's middle...)."""
    state = pass_until(game(players, seed=3), "movement")
    ids: dict[str, str] = {}
    if players == 3:
        set_land(state, "A2", "Forest", cv=3, controller=0)
        set_land(state, "A1", "Swamp", cv=5, controller=0)
        set_land(state, "Ai", "Island", cv=2)
        set_land(state, "B2", "Plains", cv=4, controller=1)
        set_land(state, "B1", "Mountain", cv=6, controller=1)
        set_land(state, "C2", "Forest", cv=1, controller=2)
        set_land(state, "Ci", "Swamp", cv=4, controller=2)
        ids["bears"] = put(state, "Grizzly Bears", 0, "A2")
        ids["elves"] = put(state, "Llanowar Elves", 0, "A2")
        ids["giant"] = put(state, "Hill Giant", 0, "Ai")
        ids["fresh"] = put(state, "Grizzly Bears", 0, "S0", sick=True)
        ids["knight"] = put(state, "White Knight", 1, "B2")
        ids["hero"] = put(state, "Benalish Hero", 1, "Ai")
        ids["wolves"] = put(state, "Grizzly Bears", 2, "Ci")
    else:
        set_land(state, (0, 2), "Forest", cv=3, controller=0)
        set_land(state, (0, 1), "Swamp", cv=2, controller=0)
        set_land(state, (1, 2), "Island", cv=5)
        set_land(state, (1, 0), "Plains", cv=4, controller=1)
        set_land(state, (2, 2), "Mountain", cv=6, controller=2)
        set_land(state, (1, 4), "Forest", cv=2, controller=3)
        set_land(state, (2, 3), "Plains", cv=3, controller=3)
        ids["bears"] = put(state, "Grizzly Bears", 0, (0, 2))
        ids["elves"] = put(state, "Llanowar Elves", 0, (0, 2))
        ids["giant"] = put(state, "Hill Giant", 0, (1, 2))
        ids["fresh"] = put(state, "Grizzly Bears", 0, "S0", sick=True)
        ids["knight"] = put(state, "White Knight", 1, (1, 0))
        ids["hero"] = put(state, "Benalish Hero", 1, (1, 2))
        ids["wolves"] = put(state, "Grizzly Bears", 2, (2, 2))
        ids["walt"] = put(state, "Grizzly Bears", 3, (1, 4))
    state.turn = 7
    if phase != "movement":
        state = to_phase(state, phase)
    return state, ids


def session(players: int, **kw: Any) -> tuple[LocalSession, dict[str, str]]:
    state, ids = midgame(players, **kw)
    return LocalSession(state), ids
