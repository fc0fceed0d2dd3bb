"""Mid-game War Game positions for the table tests and the screenshots: a real set-up
(``tests/rules/wargame_helpers.py``) in seat 0's heal or movement phase, with creatures on
the terrain and in the strongholds, damage marked and supply in hand; and a combat waiting
for seat 0's division."""

from __future__ import annotations

from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.state import GameState
from frontier_desktop.session import LocalSession
from tests.rules.wargame_helpers import game, play, put, set_land, to_phase, with_supply


def midgame(players: int = 4, *, phase: str = "movement") -> tuple[GameState, dict[str, str]]:
    """A game of *players* in seat 0's *phase*; the ids of its creatures by a short name
    (``giant``: Ann's damaged Hill Giant at row 2, column 2...)."""
    state = game(players, seed=5)
    for pos, land in (((1, 1), "Plains"), ((1, 2), "Island"), ((0, 1), "Forest"),
                      ((1, 0), "Forest"), ((2, 1), "Mountain"), ((2, 0), "Island"),
                      ((0, 0), "Plains")):
        set_land(state, pos, land)
    ids = {"giant": put(state, "Hill Giant", 0, (1, 0), damage=2),
           "angel": put(state, "Serra Angel", 0, (1, 1)),
           "bears": put(state, "Grizzly Bears", 0, "S0"),
           "knight": put(state, "White Knight", 1, (0, 2), damage=1),
           "wolves": put(state, "Grizzly Bears", 2, (1, 3))}
    if players > 3:
        ids["walt"] = put(state, "Hill Giant", 3, (2, 2))
    state = with_supply(state, 0, 4)
    state.turn = 6
    return to_phase(state, phase), ids


def division(players: int = 4, at: Any = (1, 1)) -> tuple[GameState, dict[str, str]]:
    """Seat 0's Serra Angel (5 power) against a damaged Hill Giant (cap 1), Grizzly Bears
    (cap 2) and a Serra Angel (cap 4): seat 0 divides its 5 damage, the caps allow 7. At
    another place than row 2, column 2 (*at*: a square or a stronghold "S1"...) a second
    Serra Angel of seat 0's fights there."""
    state, ids = midgame(players)
    state.players[0].assign = True
    if at != (1, 1):
        ids["angel2"] = put(state, "Serra Angel", 0, at)
    ids["foe_giant"] = put(state, "Hill Giant", 1, at, damage=2)
    ids["foe_bears"] = put(state, "Grizzly Bears", 1, at)
    ids["foe_angel"] = put(state, "Serra Angel", 1, at, damage=1)
    state, _ = play(state, A.Pass())
    if state.decision is not None and state.decision.get("by") == "stronghold":
        state, _ = play(state, A.Pass(), state.decision["player"])  # taps none
    assert state.decision is not None and state.decision["kind"] == "assign"
    return state, ids


def session(players: int = 4, **kw: Any) -> tuple[LocalSession, dict[str, str]]:
    state, ids = midgame(players, **kw)
    return LocalSession(state), ids
