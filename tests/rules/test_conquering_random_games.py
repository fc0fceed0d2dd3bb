"""The Conquering (issue 14, first slice): random legal play for two, three and four players.

Every listed legal action must be accepted (``legal_actions`` and ``apply`` agree), the turn
must keep going clockwise among the players left, and the invariants of the board hold.
"""

from __future__ import annotations

import random

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.variants.conquering.board import (
    WIN_AREAS, areas_of, conquer_value, controller,
)
from tests.rules.conquering_helpers import CQ, game, play

DECKS = {
    2: [["Grizzly Bears", "Raging Goblin", "Serra Angel"] * 20,
        ["White Knight", "Serra Angel", "Wall of Stone"] * 20],
}


@pytest.mark.parametrize("players, seed", [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_random_legal_play_is_accepted_and_keeps_the_invariants(players: int, seed: int) -> None:
    rnd = random.Random(seed)
    decks = DECKS.get(players) or [
        ["Grizzly Bears", "Raging Goblin", "Llanowar Elves"] * 20 if s % 2 == 0 else
        ["White Knight", "Serra Angel"] * 30 for s in range(players)]
    state = game(players, seed=seed, decks=decks)
    turns_seen = [state.active]
    for _ in range(1500):
        if state.game_over:
            break
        seat = CQ.acting_seat(state)
        assert seat is not None
        actions = CQ.legal_actions(state, seat)
        assert actions, f"nothing legal for seat {seat} in {state.phase}"
        moves = [a for a in actions if not isinstance(a, A.Pass)]
        action = rnd.choice(moves) if moves and rnd.random() < 0.85 else actions[0]
        before = state.active
        state, _ = play(state, action, seat)
        if state.active != before:
            turns_seen.append(state.active)
            left = [s for s, p in enumerate(state.players) if not p.lost]
            expected = next(s for k in range(1, players + 1)
                            if (s := (before + k) % players) in left)
            assert state.active == expected  # clockwise, skipping eliminated players
        for pos in state.board.positions():
            cell = state.cells[pos]
            cv = conquer_value(state, pos)
            assert (cv is not None and 1 <= cv <= 6) if cell.face_up else cv is None
            assert cell.face_up or controller(state, pos) is None
        for perm in state.board_creatures():
            assert state.board.is_place(perm.at)
        if not state.game_over:
            assert all(len(areas_of(state, s)) < WIN_AREAS[players] for s in range(players))
    assert len(turns_seen) > players  # play went round the table
