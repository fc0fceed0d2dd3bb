"""Digest § Movement: one square N/S/E/W once a turn, the movement block, one creature per
square, holes, tapped and sick creatures, the staging row, flying, landwalk, shadow, landhome,
responses to a move (a destroyed destination fizzles the move)."""

from __future__ import annotations

import pytest

from tests.rules.helpers import (
    at,
    moves,
    of_type,
    position,
    refused,
    run,
    unit,
)

F = "Forest"
P = "Plains"
M = "Mountain"
S = "Swamp"
I = "Island"

# A plain 5x5 of forests; Ben's Hill Giant sits out of the way in a corner.
GRID = [[F] * 5 for _ in range(5)]
BEN = unit("ben", "Hill Giant", 1, (4, 4))


def bears(uid="a", where=(2, 2), owner=0, **flags):
    return unit(uid, "Grizzly Bears", owner, where, **flags)


def move(uid, to, **extra):
    return {"type": "move", "unit": uid, "to": list(to), **extra}


# ---------------------------------------------------------------------- basic moves
def test_one_square_north_south_east_west_and_no_diagonals():
    state = position(GRID, [bears(), BEN])
    assert moves(state, "a") == {(3, 2), (1, 2), (2, 3), (2, 1)}
    refused(state, move("a", (3, 3)), match="N/S/E/W")
    refused(state, move("a", (4, 2)))
    for dest in [(3, 2), (1, 2), (2, 3), (2, 1)]:
        new, events = run(state, move("a", dest))
        assert at(new, "a") == dest
        assert of_type(events, "moved")[0]["to"] == list(dest)


def test_each_creature_moves_at_most_once_per_turn():
    state, _ = run(position(GRID, [bears(), BEN]), move("a", (3, 2)))
    assert moves(state, "a") == set()
    refused(state, move("a", (3, 3)), match="already moved")


def test_a_creature_may_move_again_next_turn():
    state, _ = run(position(GRID, [bears(), BEN]), move("a", (3, 2)),
                   {"type": "pass"}, {"type": "pass"},  # main -> end -> Ben's upkeep
                   {"type": "pass"}, {"type": "pass"}, {"type": "pass"},  # draw, main, end
                   {"type": "pass"}, {"type": "pass"}, {"type": "pass"})  # Ann: up, draw, main
    assert (state.active, state.phase) == (0, "main")
    state, _ = run(state, move("a", (3, 3)))
    assert at(state, "a") == (3, 3)


def test_moves_only_in_your_own_main_phase():
    for phase in ("upkeep", "draw", "end"):
        refused(position(GRID, [bears(), BEN], phase=phase), move("a", (3, 2)))
    refused(position(GRID, [bears(), BEN]), move("ben", (3, 4)), 1)
    refused(position(GRID, [bears(), BEN]), move("ben", (3, 4)), 0, match="not yours")


def test_entering_a_face_down_land_flips_it():
    rows = [row[:] for row in GRID]
    rows[3][2] = "?Island"
    state = position(rows, [bears(), BEN])
    state, events = run(state, move("a", (3, 2)))
    assert state.cells[(3, 2)].face_up and state.name(state.cells[(3, 2)].land) == "Island"
    assert of_type(events, "revealed") == [{"type": "revealed", "at": [3, 2], "land": "Island"}]


def test_bare_question_mark_land_gets_an_identity_from_the_seed_when_revealed():
    rows = [row[:] for row in GRID]
    rows[3][2] = "?"
    one = run(position(rows, [bears(), BEN], seed=5), move("a", (3, 2)))[0]
    two = run(position(rows, [bears(), BEN], seed=5), move("a", (3, 2)))[0]
    name = one.name(one.cells[(3, 2)].land)
    assert name in ("Plains", "Island", "Swamp", "Mountain", "Forest")
    assert name == two.name(two.cells[(3, 2)].land)  # the same seed reveals the same land


def test_tapped_creature_cannot_move():
    state = position(GRID, [bears(tapped=True), BEN])
    assert moves(state, "a") == set()
    refused(state, move("a", (3, 2)), match="tapped")


# ---------------------------------------------------------------------- one per square
def test_cannot_enter_a_square_holding_a_friend_or_a_foe():
    state = position(GRID, [bears(), bears("b", (3, 2)), unit("foe", "Hill Giant", 1, (2, 3)),
                            BEN])
    assert moves(state, "a") == {(1, 2), (2, 1)}
    refused(state, move("a", (3, 2)), match="another creature")
    refused(state, move("a", (2, 3)), match="another creature")


# ---------------------------------------------------------------------- holes
def test_nothing_moves_onto_a_hole():
    rows = [row[:] for row in GRID]
    rows[3][2] = "#"
    state = position(rows, [bears(), BEN])
    assert (3, 2) not in moves(state, "a")
    refused(state, move("a", (3, 2)), match="hole")


def test_a_creature_on_a_hole_may_move_off_but_not_back():
    rows = [row[:] for row in GRID]
    rows[2][2] = "#"
    state = position(rows, [bears(), BEN])
    state, _ = run(state, move("a", (3, 2)))
    assert at(state, "a") == (3, 2)
    state.perms["a"].moved = False  # next turn, as far as moving goes
    assert (2, 2) not in moves(state, "a")


# ---------------------------------------------------------------------- movement block
def test_move_then_scout_with_the_same_creature_is_fine():
    rows = [row[:] for row in GRID]
    rows[4][2] = "?Forest"
    state = position(rows, [bears(), BEN])
    state, _events = run(state, move("a", (3, 2)), {"type": "scout", "unit": "a", "target": [4, 2]})
    assert at(state, "a") == (3, 2) and state.cells[(4, 2)].face_up and state.perms["a"].tapped


def test_move_scout_then_move_another_is_refused():
    rows = [row[:] for row in GRID]
    rows[4][2] = "?Forest"
    state = position(rows, [bears(), bears("b", (0, 0)), BEN])
    state, _ = run(state, move("a", (3, 2)), {"type": "scout", "unit": "a", "target": [4, 2]})
    assert state.moves_closed
    refused(state, move("b", (1, 0)), match="moves are over")
    assert moves(state, "b") == set()


@pytest.mark.parametrize("other", [
    {"type": "tap_land", "at": [0, 0]},
    {"type": "done_moving"},
    {"type": "cast", "card": "Giant Growth", "pay": [[0, 0]]},
    {"type": "attack", "unit": "a", "target": [4, 2]},
])
def test_any_other_action_ends_the_movement_block(other):
    state = position(GRID, [bears(), bears("b", (0, 0)), unit("c", "Grizzly Bears", 0, (0, 4)),
                            unit("foe", "Hill Giant", 1, (4, 2)), BEN],
                     players=[{"name": "Ann", "hand": ["Giant Growth"]}, {"name": "Ben"}])
    state, _ = run(state, move("a", (3, 2)))
    if other["type"] == "cast":
        other = {**other, "target": "a"}
    state, _ = run(state, other)
    if other["type"] == "attack":
        state, _ = run(state, {"type": "done_attacking"})
    refused(state, move("b", (1, 0)), match="moves are over")


def test_several_moves_in_one_block_and_the_block_may_start_late():
    state = position(GRID, [bears(), bears("b", (0, 0)), BEN])
    state, _ = run(state, {"type": "tap_land", "at": [0, 0]})  # not a move: no block yet
    state, _ = run(state, move("a", (3, 2)), move("b", (1, 0)))
    assert at(state, "a") == (3, 2) and at(state, "b") == (1, 0)


def test_done_moving_is_offered_once_moving_started():
    state = position(GRID, [bears(), BEN])
    from tests.rules.helpers import legal_wire

    assert {"type": "done_moving"} not in legal_wire(state)
    state, _ = run(state, move("a", (3, 2)))
    assert {"type": "done_moving"} in legal_wire(state)


# ---------------------------------------------------------------------- staging row
def test_summoning_sick_creature_in_staging_cannot_move():
    state = position(GRID, [bears("s", "staging", sick=True), BEN])
    assert moves(state, "s") == set()
    refused(state, move("s", (0, 0)), match="summoning sick")


def test_non_sick_staging_creature_moves_onto_any_enterable_home_row_square():
    rows = [row[:] for row in GRID]
    rows[0][3] = "#"
    rows[0][4] = "?Forest"
    state = position(rows, [bears("s", "staging"), bears("b", (0, 1)), BEN])
    assert moves(state, "s") == {(0, 0), (0, 2), (0, 4)}
    refused(state, move("s", (1, 0)), match="home row")
    state, _events = run(state, move("s", (0, 4)))
    assert at(state, "s") == (0, 4) and state.cells[(0, 4)].face_up
    assert state.moves_started  # part of the movement block


def test_player_ones_staging_creatures_enter_on_row_four():
    state = position(GRID, [bears(), bears("s", "staging", owner=1)], active=1)
    assert moves(state, "s") == {(4, c) for c in range(5)}


def test_entering_from_staging_uses_the_creatures_move():
    state, _ = run(position(GRID, [bears("s", "staging"), BEN]), move("s", (0, 0)))
    assert moves(state, "s") == set()


# ---------------------------------------------------------------------- flying
def flyer(uid="f", where=(1, 2), owner=0):
    return unit(uid, "Serra Angel", owner, where)


def test_flyer_moves_exactly_two_in_a_line_or_one():
    state = position(GRID, [flyer(), BEN])
    assert moves(state, "f") == {(0, 2), (2, 2), (1, 1), (1, 3), (3, 2), (1, 0), (1, 4)}
    refused(state, move("f", (4, 2)))
    refused(state, move("f", (2, 3)))


def test_flyer_flies_over_an_enemy_creature():
    state = position(GRID, [flyer(), unit("g", "Hill Giant", 1, (2, 2)), BEN])
    assert (3, 2) in moves(state, "f")
    state, _ = run(state, move("f", (3, 2)))
    assert at(state, "f") == (3, 2)


def test_flyer_flies_over_a_face_down_land_which_stays_face_down():
    rows = [row[:] for row in GRID]
    rows[2][2] = "?Island"
    rows[3][2] = "?Swamp"
    state = position(rows, [flyer(), BEN])
    state, events = run(state, move("f", (3, 2)))
    assert not state.cells[(2, 2)].face_up
    assert state.cells[(3, 2)].face_up  # the square it lands on flips
    assert [e["at"] for e in of_type(events, "revealed")] == [[3, 2]]


def test_flyer_flies_over_a_hole_but_not_onto_one():
    rows = [row[:] for row in GRID]
    rows[2][2] = "#"
    rows[1][4] = "#"
    state = position(rows, [flyer(), BEN])
    assert (3, 2) in moves(state, "f") and (1, 4) not in moves(state, "f")
    state, _ = run(state, move("f", (3, 2)))
    assert at(state, "f") == (3, 2)


def test_flyer_cannot_land_on_an_occupied_square():
    state = position(GRID, [flyer(), unit("g", "Hill Giant", 1, (3, 2)), BEN])
    assert (3, 2) not in moves(state, "f")


def test_non_flyer_cannot_jump():
    state = position(GRID, [bears(), unit("g", "Hill Giant", 1, (3, 2)), BEN])
    refused(state, move("a", (4, 2)))


# ---------------------------------------------------------------------- landwalk
WALK_ROW = [M, S, S, I, S]


def walk_board(row):
    rows = [[F] * 5 for _ in range(5)]
    rows[2] = list(row)
    return rows


def wraith(where=(2, 0)):
    return unit("w", "Bog Wraith", 0, where)


def test_bog_wraith_swamp_swamp_island_stops_on_the_island():
    state = position(walk_board(WALK_ROW), [wraith(), BEN])
    assert {(2, 1), (2, 2), (2, 3)} <= moves(state, "w")
    assert (2, 4) not in moves(state, "w")  # beyond the island: can't
    state, _events = run(state, move("w", (2, 3)))
    assert at(state, "w") == (2, 3)
    refused(position(walk_board(WALK_ROW), [wraith(), BEN]), move("w", (2, 4)))


def test_landwalker_may_stop_where_its_controller_chooses():
    state, _ = run(position(walk_board(WALK_ROW), [wraith(), BEN]), move("w", (2, 2)))
    assert at(state, "w") == (2, 2) and state.perms["w"].moved


def test_landwalk_path_may_not_pass_through_a_creature_or_a_hole():
    state = position(walk_board(WALK_ROW), [wraith(), unit("g", "Hill Giant", 1, (2, 2)), BEN])
    assert (2, 3) not in moves(state, "w") and (2, 1) in moves(state, "w")
    state = position(walk_board([M, S, "#", S, S]), [wraith(), BEN])
    assert moves(state, "w") & {(2, 2), (2, 3), (2, 4)} == set()


def test_landwalk_first_step_may_be_any_land_then_only_walked_type():
    # from (2,0): east onto a Forest is an ordinary step and the walk ends there.
    state = position(walk_board([S, F, S, S, S]), [wraith(), BEN])
    assert (2, 1) in moves(state, "w") and (2, 2) not in moves(state, "w")


def test_ruling_landwalk_may_be_aimed_through_face_down_squares():
    row = [M, "?Swamp", "?Swamp", "?Island", "?Swamp"]
    state = position(walk_board(row), [wraith(), BEN])
    assert {(2, 1), (2, 2), (2, 3), (2, 4)} <= moves(state, "w")
    state, events = run(state, move("w", (2, 4)))
    # Flipped one by one: swamp, swamp, island -> it stops on the island, move used.
    assert at(state, "w") == (2, 3)
    assert [e["at"] for e in of_type(events, "revealed")] == [[2, 1], [2, 2], [2, 3]]
    assert not state.cells[(2, 4)].face_up
    stopped = of_type(events, "stopped")
    assert stopped and stopped[0]["at"] == [2, 3]
    assert of_type(events, "moved")[0]["to"] == [2, 3]
    assert state.perms["w"].moved and moves(state, "w") == set()


def test_landwalk_aimed_through_face_down_swamps_goes_all_the_way():
    row = [M, "?Swamp", "?Swamp", "?Swamp", "?Island"]
    state, _events = run(position(walk_board(row), [wraith(), BEN]), move("w", (2, 4)))
    assert at(state, "w") == (2, 4)
    assert all(state.cells[(2, c)].face_up for c in range(1, 5))


def test_landwalk_works_north_south_and_west_too():
    rows = [[F] * 5 for _ in range(5)]
    for r in range(5):
        rows[r][2] = S
    state = position(rows, [wraith((0, 2)), BEN])
    assert {(1, 2), (2, 2), (3, 2), (4, 2)} <= moves(state, "w")
    state = position(walk_board([S, S, S, S, M]), [wraith((2, 4)), BEN])
    assert {(2, 3), (2, 2), (2, 1), (2, 0)} <= moves(state, "w")


# ---------------------------------------------------------------------- shadow
def test_soltari_lancer_moves_past_a_friend_and_a_foe_to_the_first_vacant_square():
    rows = [[P] * 5 for _ in range(5)]
    state = position(rows, [unit("lancer", "Soltari Lancer", 0, (0, 1)),
                            unit("healer", "Samite Healer", 0, (1, 1)),
                            unit("giant", "Hill Giant", 1, (2, 1))])
    m = moves(state, "lancer")
    assert (3, 1) in m and (4, 1) not in m and (2, 1) not in m and (1, 1) not in m
    state, _ = run(state, move("lancer", (3, 1)))
    assert at(state, "lancer") == (3, 1)


def test_shadow_with_an_empty_neighbour_is_a_normal_move():
    rows = [[P] * 5 for _ in range(5)]
    state = position(rows, [unit("lancer", "Soltari Lancer", 0, (2, 2)), BEN])
    assert moves(state, "lancer") == {(1, 2), (3, 2), (2, 1), (2, 3)}


def test_shadow_must_stop_on_the_first_unoccupied_square_and_not_a_hole():
    rows = [[P] * 5 for _ in range(5)]
    rows[3][1] = "#"
    state = position(rows, [unit("lancer", "Soltari Lancer", 0, (0, 1)),
                            unit("healer", "Samite Healer", 0, (1, 1)),
                            unit("giant", "Hill Giant", 1, (2, 1))])
    assert moves(state, "lancer") & {(3, 1), (4, 1)} == set()


# ---------------------------------------------------------------------- landhome
def serpent(where=(2, 2), uid="sea", owner=0):
    return unit(uid, "Sea Serpent", owner, where)


def test_sea_serpent_reads_as_islandhome():
    from tests.rules.helpers import card

    assert card("Sea Serpent").landhome == frozenset({"Island"})


def test_ruling_landhome_moves_only_onto_face_up_lands_of_its_type():
    rows = [[F] * 5 for _ in range(5)]
    rows[2][2] = I
    rows[3][2] = I
    rows[1][2] = "?Island"
    rows[2][1] = F
    rows[2][3] = I
    state = position(rows, [serpent(), BEN])
    assert moves(state, "sea") == {(3, 2), (2, 3)}
    refused(state, move("sea", (1, 2)), match="face-up Island")
    refused(state, move("sea", (2, 1)), match="Island")


def test_ruling_landhome_enters_the_board_only_onto_a_face_up_land_of_its_type():
    rows = [[F, I, "?Island", I, F]] + [[F] * 5 for _ in range(4)]
    state = position(rows, [serpent("staging"), BEN])
    assert moves(state, "sea") == {(0, 1), (0, 3)}


def test_ruling_landhome_creature_is_sacrificed_when_its_square_stops_being_its_type():
    rows = [[F] * 5 for _ in range(5)]
    rows[2][2] = I
    state = position(rows, [serpent(), BEN])
    state, events = run(state, {"type": "destroy_land", "at": [2, 2], "seat": 1})
    assert "sea" not in state.perms
    died = of_type(events, "died")
    assert died and died[0]["unit"] == "sea" and state.players[0].graveyard


def test_landhome_creature_on_its_land_is_kept():
    rows = [[F] * 5 for _ in range(5)]
    rows[2][2] = I
    state = position(rows, [serpent(), BEN])
    state, _ = run(state, {"type": "pass"})
    assert "sea" in state.perms


def test_landhome_creature_put_on_another_land_is_sacrificed_at_once():
    # The state-based check runs as the position is loaded (issue 17.8), before any action.
    state = position(GRID, [serpent(), BEN])
    assert "sea" not in state.perms


# ---------------------------------------------------------------------- responses
def test_a_move_waits_for_the_opponents_response_when_asked():
    state = position(GRID, [bears(), BEN], players=[{"name": "Ann"},
                                                     {"name": "Ben", "responses": True}])
    state, _ = run(state, move("a", (3, 2)))
    assert state.pending is not None and at(state, "a") == (2, 2)
    refused(state, move("a", (3, 3)), 0, match="response")
    refused(state, {"type": "pass"}, 0, match="response")
    state, _events = run(state, {"type": "pass", "seat": 1})
    assert state.pending is None and at(state, "a") == (3, 2)


def test_set_responses_turns_the_window_on():
    state = position(GRID, [bears(), BEN])
    state, _ = run(state, {"type": "set_responses", "on": True, "seat": 1}, move("a", (3, 2)))
    assert state.pending is not None


def test_move_fizzles_when_the_destination_is_destroyed_in_response():
    state = position(GRID, [bears(), bears("b", (0, 0)), BEN],
                     players=[{"name": "Ann"}, {"name": "Ben", "responses": True}])
    state, _ = run(state, move("a", (3, 2)))
    state, events = run(state, {"type": "destroy_land", "at": [3, 2], "seat": 1},
                        {"type": "pass", "seat": 1})
    assert at(state, "a") == (2, 2)  # stays put
    assert state.perms["a"].moved  # and has used its move
    assert of_type(events, "fizzled")
    assert state.cells[(3, 2)].land is None
    # The block goes on: another creature may still move.
    state, _ = run(state, move("b", (1, 0)), {"type": "pass", "seat": 1})
    assert at(state, "b") == (1, 0)


def test_landwalk_stops_short_when_a_square_on_its_path_is_destroyed_in_response():
    state = position(walk_board(WALK_ROW), [wraith(), BEN],
                     players=[{"name": "Ann"}, {"name": "Ben", "responses": True}])
    state, _ = run(state, move("w", (2, 3)), {"type": "destroy_land", "at": [2, 2], "seat": 1},
                   {"type": "pass", "seat": 1})
    assert at(state, "w") == (2, 1) and state.perms["w"].moved


def test_opponent_may_only_act_at_instant_speed_in_the_window():
    state = position(GRID, [bears(), BEN], players=[{"name": "Ann"},
                                                     {"name": "Ben", "responses": True}])
    state, _ = run(state, move("a", (3, 2)))
    refused(state, move("ben", (3, 4)), 1, match="instant")
