"""Digest § Terrain bonus, with its rulings: neighbours count only on a matching land (and the
option to count them regardless), tapped creatures get nothing, terrain-pumped attacks keep
the bonus until end of turn, a creature tapped any other way loses it at once."""

from __future__ import annotations

import pytest

from tests.rules.helpers import creature, position, pt, run, unit

F, M, P, I, S = "Forest", "Mountain", "Plains", "Island", "Swamp"


def board(centre, north=P, south=P, east=P, west=P, fill=P):
    rows = [[fill] * 5 for _ in range(5)]
    rows[2][2] = centre
    rows[3][2], rows[1][2], rows[2][3], rows[2][1] = north, south, east, west
    return rows


BEN = unit("ben", "Hill Giant", 1, (4, 4))  # red, on a plains: no bonus, out of the way


def test_shanodin_dryads_on_a_forest_with_four_vacant_forests_is_6_6():
    state = position(board(F, F, F, F, F), [unit("d", "Shanodin Dryads", 0, (2, 2)), BEN])
    assert pt(state, "d") == (6, 6)


def test_hurloon_minotaur_plus_one_on_a_mountain_and_one_more_per_matching_neighbour():
    assert pt(position(board(P), [unit("m", "Hurloon Minotaur", 0, (2, 2)), BEN]), "m") == (2, 3)
    assert pt(position(board(M), [unit("m", "Hurloon Minotaur", 0, (2, 2)), BEN]), "m") == (3, 4)
    for n in range(1, 5):
        sides = [M] * n + [P] * (4 - n)
        state = position(board(M, *sides), [unit("m", "Hurloon Minotaur", 0, (2, 2)), BEN])
        assert pt(state, "m") == (3 + n, 4 + n)


def test_ruling_neighbours_count_only_when_standing_on_a_matching_land():
    state = position(board(P, M, M, M, M), [unit("m", "Hurloon Minotaur", 0, (2, 2)), BEN])
    assert pt(state, "m") == (2, 3)


def test_option_terrain_neighbours_regardless():
    state = position(board(P, M, M, M, M), [unit("m", "Hurloon Minotaur", 0, (2, 2)), BEN],
                     options={"terrain_neighbours_regardless": True})
    assert pt(state, "m") == (6, 7)
    state = position(board(M, M, M, M, M), [unit("m", "Hurloon Minotaur", 0, (2, 2)), BEN],
                     options={"terrain_neighbours_regardless": True})
    assert pt(state, "m") == (7, 8)


def test_neighbour_under_an_opponents_creature_does_not_count_under_a_friend_it_does():
    units = [unit("m", "Hurloon Minotaur", 0, (2, 2)), unit("foe", "Grizzly Bears", 1, (3, 2)),
             unit("pal", "Grizzly Bears", 0, (1, 2))]
    state = position(board(M, M, M, P, P), units)
    assert pt(state, "m") == (4, 5)  # +1 standing, +1 for the friend's mountain


@pytest.mark.parametrize("north", ["?Mountain", "#"])
def test_face_down_and_hole_squares_never_count(north):
    state = position(board(M, north, P, P, P), [unit("m", "Hurloon Minotaur", 0, (2, 2)), BEN])
    assert pt(state, "m") == (3, 4)


def test_standing_on_a_face_down_land_gives_no_bonus():
    state = position(board("?Mountain", M, M, M, M),
                     [unit("m", "Hurloon Minotaur", 0, (2, 2)), BEN],
                     options={"terrain_neighbours_regardless": False})
    assert pt(state, "m") == (2, 3)


def test_colourless_creatures_get_no_bonus_and_a_land_matches_the_colour_it_makes():
    state = position(board(M, M, M, M, M), [unit("t", creature("Golem", (), 2, 2), 0, (2, 2)),
                                            BEN])
    assert pt(state, "t") == (2, 2)
    state = position(board("Savannah", F, P, M, I), [unit("b", "Grizzly Bears", 0, (2, 2)), BEN])
    assert pt(state, "b") == (4, 4)  # on a forest-plains: +1, and +1 for the forest north


def test_multicoloured_creature_matches_either_colour():
    gold = creature("Gold Beast", ("R", "G"), 2, 2)
    state = position(board(F, M, F, I, I), [unit("g", gold, 0, (2, 2)), BEN])
    assert pt(state, "g") == (5, 5)


def test_tapped_creatures_get_no_terrain_bonus():
    state = position(board(F, F, F, F, F), [unit("d", "Shanodin Dryads", 0, (2, 2), tapped=True),
                                            BEN])
    assert pt(state, "d") == (1, 1)


def test_staging_creatures_get_no_terrain_bonus():
    state = position(board(F, F, F, F, F), [unit("d", "Shanodin Dryads", 0, "staging"), BEN])
    assert pt(state, "d") == (1, 1)


def test_bonus_changes_as_creatures_move_and_lands_flip():
    rows = board(F, "?Forest", P, P, P)
    state = position(rows, [unit("d", "Shanodin Dryads", 0, (2, 2)),
                            unit("e", "Grizzly Bears", 0, (2, 1)), BEN])
    assert pt(state, "d") == (2, 2)
    state, _ = run(state, {"type": "move", "unit": "d", "to": [3, 2]})
    # Stepped onto the face-down forest: it flips; now on a forest next to the old forest.
    assert state.cells[(3, 2)].face_up
    assert pt(state, "d") == (3, 3)


# ---------------------------------------------------------------------- pumped attacks
def attack(uid, target):
    return {"type": "attack", "unit": uid, "target": list(target) if isinstance(target, tuple)
            else target}


def test_ruling_attacker_keeps_its_terrain_bonus_after_its_own_attack_taps_it():
    # Dryads 5/5 (the west forest is under the beast) attack a blue 4/4: the 4 damage back
    # must not kill the Dryads, though the attack has tapped them.
    beast = creature("Test Beast", ("U",), 4, 4)
    state = position(board(F, F, F, F, F), [unit("d", "Shanodin Dryads", 0, (2, 2)),
                                            unit("b", beast, 1, (2, 1)), BEN])
    assert pt(state, "d") == (5, 5)
    state, _events = run(state, attack("d", (2, 1)))
    assert state.perms["d"].tapped and "d" in state.perms
    assert "b" not in state.perms
    assert pt(state, "d") == (6, 6)  # the beast is gone; the bonus counts from terrain now
    assert state.perms["d"].damage == 4


def test_pumped_attack_bonus_is_computed_from_the_current_terrain():
    state = position(board(F, F, F, F, F), [unit("d", "Shanodin Dryads", 0, (2, 2)),
                                            unit("foe", "Hill Giant", 1, (3, 2), tapped=True),
                                            BEN])
    assert pt(state, "d") == (5, 5)
    state, _ = run(state, attack("d", (3, 2)), {"type": "done_attacking"})
    assert "foe" not in state.perms and pt(state, "d") == (6, 6)
    state, _ = run(state, {"type": "destroy_land", "at": [1, 2]})
    assert pt(state, "d") == (5, 5)


def test_pumped_attack_bonus_ends_with_the_turn():
    state = position(board(F, F, F, F, F), [unit("d", "Shanodin Dryads", 0, (2, 2)),
                                            unit("foe", "Grizzly Bears", 1, (4, 0)),
                                            unit("pl", creature("Toad", ("B",), 0, 1), 1, (3, 2))])
    state, _ = run(state, attack("d", (3, 2)), {"type": "done_attacking"})
    assert state.perms["d"].tapped and pt(state, "d")[0] > 1
    state, _ = run(state, {"type": "pass"}, {"type": "pass"})
    assert state.active == 1 and state.perms["d"].tapped
    assert pt(state, "d") == (1, 1)


@pytest.mark.parametrize("how", ["scout", "mana", "manual_tap"])
def test_ruling_a_creature_tapped_any_other_way_loses_the_bonus_at_once(how):
    rows = board(F, "?Forest", F, F, F)
    state = position(rows, [unit("d", "Shanodin Dryads", 0, (2, 2)), BEN])
    assert pt(state, "d") == (5, 5)
    action = {"scout": {"type": "scout", "unit": "d", "target": [3, 2]},
              "mana": {"type": "tap_land", "at": [1, 2], "via": "d"},
              "manual_tap": {"type": "manual_tap", "target": "d"}}[how]
    state, _ = run(state, action)
    assert pt(state, "d") == (1, 1)


def test_scouting_after_a_pumped_attack_loses_the_bonus():
    # Vigilance keeps it untapped after the attack; a later scout taps it the other way.
    angel_rows = [[P] * 5 for _ in range(5)]
    angel_rows[1][2] = "?Plains"
    state = position(angel_rows, [unit("a", "Serra Angel", 0, (2, 2)),
                                  unit("foe", creature("Toad", ("B",), 0, 1), 1, (3, 2)), BEN])
    assert pt(state, "a") == (7, 7)  # the south plains is face down, the north one taken
    state, _ = run(state, attack("a", (3, 2)), {"type": "done_attacking"})
    assert not state.perms["a"].tapped and pt(state, "a") == (8, 8)
    state, _ = run(state, {"type": "scout", "unit": "a", "target": [1, 2]})
    assert pt(state, "a") == (4, 4)


def test_defender_gets_its_bonus_only_if_untapped():
    rows = board(M, F, M, M, M)
    giant = unit("g", "Hill Giant", 1, (3, 2))
    rows[4][2] = F
    assert pt(position(rows, [unit("a", "Grizzly Bears", 0, (2, 2)), giant]), "g") == (3, 3)
    rows[3][2] = M
    rows[4][2] = M
    untapped = position(rows, [unit("a", "Grizzly Bears", 0, (2, 2)), giant])
    tapped = position(rows, [unit("a", "Grizzly Bears", 0, (2, 2)),
                             {**giant, "tapped": True}])
    assert pt(untapped, "g")[0] > 3 and pt(tapped, "g") == (3, 3)
    # Attack the tapped giant: 2 damage does not kill a 3/3 ...
    after, _ = run(tapped, attack("a", (3, 2)))
    assert "g" in after.perms and after.perms["g"].damage == 2
