"""Army Magic combat: land against land, blocks, normal damage, trample, capture, retreat."""

from __future__ import annotations

from frontier_desktop.rules import apply, legal_actions
from frontier_desktop.rules.variants.army.board import controller, land_life
from frontier_desktop.rules.views import describe
from tests.rules.army_helpers import army, land, standard_rows
from tests.rules.helpers import creature, of_type, refused, run, unit

BEAR = creature("Test Bear", ["G"], 2, 2)
OGRE = creature("Test Ogre", ["R"], 3, 3)
TRAMPLER = creature("Trampler", ["G"], 5, 5, keywords=["Trample"])
FIRST = creature("Quick Blade", ["W"], 2, 1, keywords=["First strike"])
FLYER = creature("Test Bird", ["U"], 1, 1, keywords=["Flying"])
VIGIL = creature("Watchful", ["W"], 2, 2, keywords=["Vigilance"])

# Ann (0) holds (1, 2); Ben (1) holds (2, 2) with 6 life.
ROWS = standard_rows({(1, 2): land("Plains", 0, 6), (2, 2): land("Mountain", 1, 6),
                      (1, 1): land("Plains", 0, 6), (2, 1): land("Mountain", 1, 6),
                      (2, 3): land("Mountain", 1, 6), (3, 2): land("Mountain", 1, 6)})


def test_a_land_attacks_an_adjacent_enemy_land_and_unblocked_damage_hits_its_life():
    state = army(ROWS, [unit("a", OGRE, 0, (1, 2))])
    state, events = run(state, {"type": "attack", "units": ["a"], "target": [2, 2]})
    assert land_life(state, (2, 2)) == 3 and state.perms["a"].tapped
    assert of_type(events, "land_life")[0]["life"] == 3


def test_attacks_go_only_to_adjacent_enemy_lands_from_your_own():
    state = army(ROWS, [unit("a", OGRE, 0, (1, 2))])
    refused(state, {"type": "attack", "units": ["a"], "target": [3, 2]}, match="north, south")
    refused(state, {"type": "attack", "units": ["a"], "target": [1, 1]}, match="opponent")
    refused(state, {"type": "attack", "units": ["a"], "target": [0, 2]}, match="opponent")


def test_an_attack_in_the_first_main_phase_begins_combat_and_ends_moving():
    state = army(ROWS, [unit("a", OGRE, 0, (1, 2)), unit("b", BEAR, 0, (1, 2))])
    state, events = run(state, {"type": "attack", "units": ["a"], "target": [2, 2]})
    assert state.phase == "combat" and of_type(events, "phase")[0]["phase"] == "combat"
    refused(state, {"type": "move", "unit": "b", "to": [0, 2]}, match="main")


def test_all_attackers_from_one_land_against_one_land_attack_together():
    units = [unit("a", BEAR, 0, (1, 2)), unit("b", BEAR, 0, (1, 2))]
    state = army(ROWS, units)
    state, _ = run(state, {"type": "attack", "units": ["a"], "target": [2, 2]})
    refused(state, {"type": "attack", "units": ["b"], "target": [2, 2]}, match="already fought")
    refused(state, {"type": "attack", "units": ["a"], "target": [2, 3]}, match="tapped")


def test_split_attacks_from_one_land_on_two_lands():
    rows = standard_rows({(2, 2): land("Plains", 0, 6), (3, 2): land("Mountain", 1, 6),
                          (2, 1): land("Mountain", 1, 6)})
    units = [unit("a", BEAR, 0, (2, 2)), unit("b", BEAR, 0, (2, 2))]
    state, _ = run(army(rows, units), {"type": "attack", "units": ["a"], "target": [3, 2]},
                   {"type": "attack", "units": ["b"], "target": [2, 1]})
    assert land_life(state, (3, 2)) == 4 and land_life(state, (2, 1)) == 4


def test_the_defender_blocks_with_creatures_on_the_attacked_land():
    state = army(ROWS, [unit("a", OGRE, 0, (1, 2)), unit("d", BEAR, 1, (2, 2))])
    state, events = run(state, {"type": "attack", "units": ["a"], "target": [2, 2]})
    pending = describe(state)["pending"]
    assert pending["seat"] == 1 and pending["kind"] == "blocks"
    assert {"blocker": "d", "attacker": "a"} in pending["options"]
    refused(state, {"type": "pass"}, seat=0)
    state, events = run(state, {"type": "block", "blocker": "d", "attacker": "a", "seat": 1},
                        {"type": "done_blocking", "seat": 1})
    assert "d" not in state.perms and state.perms["a"].damage == 2
    assert land_life(state, (2, 2)) == 6  # blocked: nothing reaches the land


def test_no_block_means_the_land_takes_it_and_a_combat_nobody_can_block_resolves_at_once():
    state = army(ROWS, [unit("a", OGRE, 0, (1, 2)), unit("d", BEAR, 1, (2, 2), tapped=True)])
    state, _ = run(state, {"type": "attack", "units": ["a"], "target": [2, 2]})
    assert state.decision is None and land_life(state, (2, 2)) == 3


def test_flyers_are_blocked_only_by_flyers_or_reach():
    state = army(ROWS, [unit("f", FLYER, 0, (1, 2)), unit("d", BEAR, 1, (2, 2))])
    state, _ = run(state, {"type": "attack", "units": ["f"], "target": [2, 2]})
    assert state.decision is None and land_life(state, (2, 2)) == 5


def test_first_strike_kills_before_the_blocker_strikes_back():
    state = army(ROWS, [unit("q", FIRST, 0, (1, 2)), unit("d", BEAR, 1, (2, 2))])
    state, _ = run(state, {"type": "attack", "units": ["q"], "target": [2, 2]},
                   {"type": "block", "blocker": "d", "attacker": "q", "seat": 1},
                   {"type": "done_blocking", "seat": 1})
    assert "d" not in state.perms and state.perms["q"].damage == 0


def test_trample_carries_the_rest_onto_the_land_and_the_attacker_may_assign_it():
    state = army(ROWS, [unit("t", TRAMPLER, 0, (1, 2)), unit("d", BEAR, 1, (2, 2))])
    state, _ = run(state, {"type": "attack", "units": ["t"], "target": [2, 2]},
                   {"type": "block", "blocker": "d", "attacker": "t", "seat": 1},
                   {"type": "done_blocking", "seat": 1})
    pending = describe(state)["pending"]
    assert pending["kind"] == "assign" and pending["seat"] == 0
    assert pending["options"][0]["units"] == ["d", "land"]
    refused(state, {"type": "assign", "attacker": "t", "damage": {"d": 1, "land": 4}},
            match="lethal")
    state, _ = run(state, {"type": "assign", "attacker": "t", "damage": {"d": 2, "land": 3}})
    assert "d" not in state.perms and land_life(state, (2, 2)) == 3


def test_passing_an_assign_takes_lethal_first_then_the_land():
    state = army(ROWS, [unit("t", TRAMPLER, 0, (1, 2)), unit("d", BEAR, 1, (2, 2))])
    state, _ = run(state, {"type": "attack", "units": ["t"], "target": [2, 2]},
                   {"type": "block", "blocker": "d", "attacker": "t", "seat": 1},
                   {"type": "done_blocking", "seat": 1}, {"type": "pass"})
    assert land_life(state, (2, 2)) == 3


def test_several_blockers_the_attacker_divides_among_them():
    units = [unit("a", OGRE, 0, (1, 2)), unit("d", BEAR, 1, (2, 2)), unit("e", BEAR, 1, (2, 2))]
    state, _ = run(army(ROWS, units), {"type": "attack", "units": ["a"], "target": [2, 2]},
                   {"type": "block", "blocker": "d", "attacker": "a", "seat": 1},
                   {"type": "block", "blocker": "e", "attacker": "a", "seat": 1},
                   {"type": "done_blocking", "seat": 1})
    assert state.decision["kind"] == "assign"
    state, _ = run(state, {"type": "assign", "attacker": "a", "damage": {"d": 1, "e": 2}})
    assert "e" not in state.perms and state.perms["d"].damage == 1 and "a" not in state.perms


def test_a_land_at_0_is_captured_untapped_the_attackers_move_in_and_its_die_is_6():
    rows = standard_rows({(1, 2): land("Plains", 0, 6),
                          (2, 2): {**land("Mountain", 1, 3), "tapped_by": 1}})
    state = army(rows, [unit("a", OGRE, 0, (1, 2)), unit("v", VIGIL, 0, (1, 2))])
    state, events = run(state, {"type": "attack", "units": ["a", "v"], "target": [2, 2]})
    assert controller(state, (2, 2)) == 0 and land_life(state, (2, 2)) == 6
    assert state.cells[(2, 2)].tapped_by is None
    assert state.perms["a"].at == (2, 2) and state.perms["v"].at == (2, 2)
    assert of_type(events, "captured")[0]["by"] == 0


def test_the_losers_creatures_retreat_to_their_one_adjacent_land_or_are_sacrificed():
    flyer = unit("f", FLYER, 0, (1, 2))
    # Ben's tapped bear can't block; it retreats to (3, 2), Ben's only land next to (2, 2).
    rows = standard_rows({(1, 2): land("Plains", 0, 6), (2, 2): land("Mountain", 1, 1),
                          (3, 2): land("Mountain", 1, 6)})
    state, events = run(army(rows, [flyer, unit("d", BEAR, 1, (2, 2), tapped=True)]),
                        {"type": "attack", "units": ["f"], "target": [2, 2]})
    assert state.perms["d"].at == (3, 2) and of_type(events, "retreated")
    rows = standard_rows({(1, 2): land("Plains", 0, 6), (2, 2): land("Mountain", 1, 1)})
    state, events = run(army(rows, [flyer, unit("d", BEAR, 1, (2, 2), tapped=True)]),
                        {"type": "attack", "units": ["f"], "target": [2, 2]})
    assert "d" not in state.perms and "sacrificed" in of_type(events, "died")[0]["reason"]


def test_with_two_lands_to_retreat_to_the_loser_chooses():
    rows = standard_rows({(1, 2): land("Plains", 0, 6), (2, 2): land("Mountain", 1, 1),
                          (3, 2): land("Mountain", 1, 6), (2, 3): land("Mountain", 1, 6)})
    state = army(rows, [unit("f", FLYER, 0, (1, 2)), unit("d", BEAR, 1, (2, 2), tapped=True)])
    state, _ = run(state, {"type": "attack", "units": ["f"], "target": [2, 2]})
    pending = describe(state)["pending"]
    assert pending["kind"] == "retreat" and pending["seat"] == 1
    assert {"unit": "d", "to": [2, 3]} in pending["options"]
    refused(state, {"type": "retreat", "unit": "d", "to": [1, 2], "seat": 1})
    state, _ = run(state, {"type": "retreat", "unit": "d", "to": [2, 3], "seat": 1})
    assert state.perms["d"].at == (2, 3) and state.decision is None


def test_a_home_base_at_0_ends_the_game():
    rows = standard_rows({(4, 2): land("Plains", 0, 6),
                          (5, 2): land("Mountain", 1, 2, stronghold_of=1)})
    state = army(rows, [unit("a", OGRE, 0, (4, 2))])
    state, events = run(state, {"type": "attack", "units": ["a"], "target": [5, 2]})
    assert state.game_over and state.winner == 0
    assert describe(state)["winner"] == 0
    assert legal_actions(state) == []


def test_defenders_cant_attack_and_each_creature_attacks_or_moves_once():
    wall = creature("Test Wall", ["W"], 0, 4, keywords=["Defender"])
    state = army(ROWS, [unit("w", wall, 0, (1, 2)), unit("a", BEAR, 0, (1, 1))])
    refused(state, {"type": "attack", "units": ["w"], "target": [2, 2]}, match="defender")
    state, _ = run(state, {"type": "move", "unit": "a", "to": [1, 2]})
    refused(state, {"type": "attack", "units": ["a"], "target": [2, 2]}, match="moved")


def test_after_an_attack_the_attacker_cant_move_in_the_second_main_phase():
    state = army(ROWS, [unit("v", VIGIL, 0, (1, 2))])
    state, _ = run(state, {"type": "attack", "units": ["v"], "target": [2, 2]},
                   {"type": "pass"})
    assert state.phase == "main2"
    refused(state, {"type": "move", "unit": "v", "to": [1, 1]}, match="attacked")


def test_the_legal_list_offers_attacks_on_enemy_lands_and_blocks():
    state = army(ROWS, [unit("a", OGRE, 0, (1, 2)), unit("d", BEAR, 1, (2, 2))])
    attacks = [a.to_wire() for a in legal_actions(state) if a.type == "attack"]
    assert {"type": "attack", "unit": "a", "target": [2, 2], "units": ["a"]} in attacks
    state, _ = apply(state, attacks[0])
    blocks = [a.to_wire() for a in legal_actions(state, 1)]
    assert {"type": "block", "blocker": "d", "attacker": "a"} in blocks
    assert {"type": "done_blocking"} in blocks


def test_the_losers_artifacts_no_unit_carries_stay_on_a_captured_land_still_theirs():
    # The ruling (capture and land loss): artifacts not carried by a unit stay on the land,
    # their controller unchanged (before, the capturer took them).
    rows = standard_rows({(1, 2): land("Plains", 0, 6), (2, 2): land("Mountain", 1, 1)})
    state = army(rows, [unit("a", OGRE, 0, (1, 2))],
                 permanents=[{"id": "ring", "card": "Sol Ring", "owner": 1, "at": [2, 2]}])
    state, events = run(state, {"type": "attack", "units": ["a"], "target": [2, 2]})
    assert of_type(events, "captured")
    assert state.perms["ring"].controller == 1 and state.perms["ring"].at == (2, 2)
    assert not of_type(events, "dropped")


def test_a_move_in_a_response_window_shows_as_a_priority_pending():
    rows = standard_rows({(1, 2): land("Plains", 0, 6)})
    state = army(rows, [unit("a", BEAR, 0, (0, 2))],
                 players=[{"name": "Ann"}, {"name": "Ben", "responses": True,
                                            "hand": ["Lightning Bolt"]}])
    state, _ = run(state, {"type": "move", "unit": "a", "to": [1, 2]})
    pending = describe(state)["pending"]
    assert pending["seat"] == 1 and pending["kind"] == "priority"
