"""Refusals a player reads name creatures and squares as the board shows them, never ids."""

from __future__ import annotations

from tests.rules.helpers import position, refused, unit

GRID = [["Island"] * 5 for _ in range(5)]


def test_a_tapped_attacker_is_named_by_its_square_not_its_id() -> None:
    state = position(GRID, [unit("cd56f8eec", "Grizzly Bears", 0, (2, 2), tapped=True),
                            unit("g", "Hill Giant", 1, (3, 2))])
    reason = refused(state, {"type": "attack", "unit": "cd56f8eec", "target": [3, 2]})
    assert reason == "Grizzly Bears at column 3, row 3 is tapped"


def test_tapping_a_land_no_creature_can_reach_names_the_square() -> None:
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (0, 0)), unit("g", "Hill Giant", 1, (4, 4))])
    reason = refused(state, {"type": "tap_land", "at": [2, 3]})
    assert reason == "none of your creatures stands on that land: choose one of yours next to it to tap it"


def test_activating_someone_elses_permanent_does_not_show_its_id() -> None:
    state = position(GRID, [unit("a", "Llanowar Elves", 0, (0, 0)),
                            unit("cd56f8eec", "Llanowar Elves", 1, (4, 4))])
    reason = refused(state, {"type": "activate", "unit": "cd56f8eec"}, 0)
    assert "cd56f8eec" not in reason
