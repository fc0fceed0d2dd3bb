"""Every **Ruling** of the Frontier digest (``shared/rules/frontier.md``) has a test (issue 25's
acceptance): :data:`RULINGS` maps a distinctive phrase of each Ruling to the tests that would
fail if the ruling broke, and :func:`test_every_ruling_of_the_digest_has_a_test` checks the
map against the digest (``tests/rules/digest_rulings.py``). The Rulings no other module tested
are tested here.
"""

from __future__ import annotations

from typing import Any

import pytest

from frontier_desktop.record import new_game
from frontier_desktop.rules import apply
from tests.rules.digest_rulings import check_rulings, digest_rulings
from tests.rules.helpers import creature, deck, of_type, position, refused, run, unit

MOVEMENT = "tests/rules/test_movement.py"
TERRAIN = "tests/rules/test_terrain.py"
COMBAT = "tests/rules/test_combat.py"
ISSUE17 = "tests/rules/test_issue17.py"
HERE = "tests/rules/test_frontier_digest.py"

RULINGS: dict[str, list[str]] = {
    'players sit at the two long edges ("wide ends")': [
        "tests/rules/test_setup.py::test_token_goes_on_a_home_row_land_of_the_players_choice",
        f"{MOVEMENT}::test_player_ones_staging_creatures_enter_on_row_four",
        f"{COMBAT}::test_player_one_attacks_player_zero_from_row_zero",
        f"{HERE}::test_player_ones_home_row_is_the_far_row_at_any_board_depth",
    ],
    "a tapped creature cannot move": [
        f"{MOVEMENT}::test_tapped_creature_cannot_move",
    ],
    "may aim a landwalk move through face-down squares": [
        f"{MOVEMENT}::test_ruling_landwalk_may_be_aimed_through_face_down_squares",
        f"{MOVEMENT}::test_landwalk_aimed_through_face_down_swamps_goes_all_the_way",
    ],
    "it may only move onto face-up lands of its type": [
        f"{MOVEMENT}::test_ruling_landhome_moves_only_onto_face_up_lands_of_its_type",
        f"{MOVEMENT}::test_ruling_landhome_enters_the_board_only_onto_a_face_up_land_of_its_type",
        f"{MOVEMENT}::"
        "test_ruling_landhome_creature_is_sacrificed_when_its_square_stops_being_its_type",
        f"{MOVEMENT}::test_landhome_creature_put_on_another_land_is_sacrificed_at_once",
    ],
    "once a player is done attacking, no more attacks that turn": [
        f"{ISSUE17}::test_no_attacks_after_done_attacking_even_after_casting",
        f"{COMBAT}::test_attack_block_nothing_else_until_done_attacking",
    ],
    "the neighbour bonuses count only when the creature stands on a matching land": [
        f"{TERRAIN}::test_ruling_neighbours_count_only_when_standing_on_a_matching_land",
        f"{TERRAIN}::test_option_terrain_neighbours_regardless",
        f"{TERRAIN}::test_face_down_and_hole_squares_never_count",
    ],
    "tapped by its own attack keeps getting its terrain bonus": [
        f"{TERRAIN}::test_ruling_attacker_keeps_its_terrain_bonus_after_its_own_attack_taps_it",
        f"{TERRAIN}::test_pumped_attack_bonus_is_computed_from_the_current_terrain",
        f"{TERRAIN}::test_pumped_attack_bonus_ends_with_the_turn",
        f"{TERRAIN}::test_ruling_a_creature_tapped_any_other_way_loses_the_bonus_at_once",
        f"{TERRAIN}::test_defender_gets_its_bonus_only_if_untapped",
    ],
    "a member may leave the stack with a move of its own": [
        f"{ISSUE17}::"
        "test_a_member_may_leave_the_stack_with_its_own_move_and_the_rest_may_still_move",
        f"{COMBAT}::test_a_member_may_move_out_of_a_stack_alone",
        f"{ISSUE17}::test_the_stack_controller_divides_the_damage_dealt_to_it",
        f"{ISSUE17}::test_the_attackers_controller_divides_the_damage_dealt_to_an_attacking_stack",
        f"{ISSUE17}::test_the_division_is_asked_by_default_as_the_digest_rules",
        f"{ISSUE17}::test_without_asking_lethal_damage_goes_to_each_member_in_order",
    ],
    "a face-down land under the new token is turned face up at once": [
        f"{ISSUE17}::test_the_free_tokens_land_turns_face_up_at_once",
    ],
    "ruling (change of control)": [
        f"{HERE}::test_a_creature_whose_control_changes_stays_on_its_square",
        f"{HERE}::test_a_taken_creature_returns_to_its_owner_where_it_stands_when_the_effect_ends",
        f"{HERE}::test_a_permanent_in_a_staging_row_goes_to_its_new_controllers_staging_row",
    ],
    "ruling (normal magic in attacks)": [
        "tests/rules/test_fx_statics.py::"
        "test_a_creature_that_cant_block_is_attacked_and_still_strikes_back",
        "tests/rules/test_fx_statics.py::"
        "test_cant_block_creatures_with_power_n_doesnt_stop_it_striking_back",
        "tests/rules/test_fx_statics.py::"
        "test_an_attacked_creature_still_fights_back_whatever_evasion_the_attacker_has",
        "tests/rules/test_stack_effects.py::"
        "test_protection_from_black_refuses_terror_and_stops_black_damage",
        f"{COMBAT}::test_first_strike_kills_before_damage_comes_back",
        f"{COMBAT}::test_defender_with_first_strike_strikes_first_too",
        f"{COMBAT}::test_double_strike_deals_damage_twice",
        f"{COMBAT}::test_deathtouch_kills_with_any_damage",
        f"{COMBAT}::test_lifelink_attacker_gains_the_damage_it_deals",
        "tests/rules/test_triggers.py::test_fog_prevents_the_combat_damage_of_the_turn",
        f"{HERE}::test_an_attacked_indestructible_creature_survives_and_strikes_back",
    ],
}


def test_every_ruling_of_the_digest_has_a_test() -> None:
    check_rulings(digest_rulings("frontier"), RULINGS)


ISLANDS = [["Island"] * 5 for _ in range(5)]  # no terrain bonus for the non-blue creatures
DECK_A = deck((12, "Forest"), (11, "Swamp"), (20, "Grizzly Bears"), (4, "Giant Growth"))
DECK_B = deck((12, "Plains"), (12, "Mountain"), (20, "Hill Giant"), (4, "Lightning Bolt"))


def _attack(uid: str, target: tuple[int, int]) -> dict[str, Any]:
    return {"type": "attack", "unit": uid, "target": list(target)}


# ---------------------------------------------------------------------- wide ends
@pytest.mark.parametrize("depth", [4, 5, 6])
def test_player_ones_home_row_is_the_far_row_at_any_board_depth(depth: int) -> None:
    # Ruling: player 0's home row is row 0, player 1's the last row (row 4 at the default
    # depth; the option's other depths move it with the board's far edge).
    state, _ = new_game("frontier", [DECK_A, DECK_B], ["Ann", "Ben"], seed=3,
                        options={"board_depth": depth})
    assert state.board.rows == depth and state.board.cols > depth  # the long edges face the players
    refused(state, {"type": "place_token", "at": [depth - 1, 0]}, 0, match="home row")
    state, _ = apply(state, {"type": "place_token", "at": [0, 0]}, 0)
    for row in range(depth - 1):
        refused(state, {"type": "place_token", "at": [row, 1]}, 1, match="home row")
    state, _ = apply(state, {"type": "place_token", "at": [depth - 1, 1]}, 1)
    assert sorted((p.controller, p.at) for p in state.perms.values()) == [
        (0, (0, 0)), (1, (depth - 1, 1))]


# ---------------------------------------------------------------------- change of control
def test_a_creature_whose_control_changes_stays_on_its_square() -> None:
    # Ann's Control Magic takes Ben's only creature: it stays on its square, now Ann's, and
    # Ben, who has no creature left, gets the free token.
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)),
                               unit("b", "Grizzly Bears", 1, (3, 3))],
                     players=[{"name": "Ann", "hand": ["Control Magic"], "mana_pool": "{2}{U}{U}"},
                              {"name": "Ben"}])
    state, events = run(state, {"type": "cast", "card": "Control Magic", "targets": ["b"]})
    taken = state.perms["b"]
    assert (taken.controller, taken.zone, taken.at) == (0, "board", (3, 3))
    assert taken.sick  # under its new controller since this turn
    assert [(e["unit"], e["from"], e["to"]) for e in of_type(events, "control")
            if "unit" in e] == [("b", 1, 0)]
    assert state.decision is not None and state.decision["kind"] == "place_token"
    assert state.decision["player"] == 1


def test_a_taken_creature_returns_to_its_owner_where_it_stands_when_the_effect_ends() -> None:
    # The ruling: "When the effect ends it returns to its owner's control where it stands."
    # Ann's Control Magic on Ben's Bears; Ben's Disenchant destroys it.
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)),
                               unit("b", "Hill Giant", 1, (3, 3)),
                               unit("c", "Grizzly Bears", 1, (3, 1))],
                     players=[{"name": "Ann", "hand": ["Control Magic"], "mana_pool": "{2}{U}{U}"},
                              {"name": "Ben", "hand": ["Disenchant"], "mana_pool": "{1}{W}"}])
    state, _ = run(state, {"type": "cast", "card": "Control Magic", "targets": ["b"]})
    assert state.perms["b"].controller == 0
    aura = state.perms["b"] and next(p for p in state.perms if state.name(p) == "Control Magic")
    state, events = run(state, {"type": "cast", "card": "Disenchant", "targets": [aura],
                                "seat": 1})
    assert aura not in state.perms
    back = state.perms["b"]
    assert (back.controller, back.zone, back.at) == (1, "board", (3, 3))
    assert [(e["unit"], e["to"]) for e in of_type(events, "control") if "unit" in e] == \
        [("b", 1)]


def test_a_permanent_in_a_staging_row_goes_to_its_new_controllers_staging_row() -> None:
    # Steal Artifact on Ben's Test Tome in his staging row: it is Ann's, in hers.
    from frontier_desktop.rules.card import Card
    from frontier_desktop.rules.state import Permanent
    from frontier_desktop.rules.views import describe

    steal = Card.from_scryfall(creature(
        "Steal Artifact", ("U",), oracle_text="Enchant artifact\nYou control enchanted "
        "artifact.", mana_cost="{2}{U}{U}", type_line="Enchantment — Aura"))
    tome = Card.from_scryfall(creature(
        "Test Tome", (), oracle_text="{2}, {T}: Draw a card.", mana_cost="{4}",
        type_line="Artifact"))
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)),
                               unit("b", "Grizzly Bears", 1, (3, 3))],
                     players=[{"name": "Ann", "mana_pool": "{2}{U}{U}"}, {"name": "Ben"}])
    state.defs = {**state.defs, steal.name: steal, tome.name: tome}
    state.cards["t"] = (tome.name, 1)
    state.perms["t"] = Permanent("t", 1, "staging")
    state.cards["h"] = (steal.name, 0)
    state.players[0].hand.append("h")
    state, _ = run(state, {"type": "cast", "card": "Steal Artifact", "targets": ["t"]})
    taken = state.perms["t"]
    assert (taken.controller, taken.zone) == (0, "staging")
    printed = next(p for p in describe(state, viewer=0)["permanents"] if p["id"] == "t")
    assert printed["controller"] == 0 and printed["owner"] == 1


# ---------------------------------------------------------------------- normal Magic in attacks
def test_an_attacked_indestructible_creature_survives_and_strikes_back() -> None:
    # Ruling (normal Magic in attacks): indestructible applies as usual. A 2/2 indestructible
    # Golem attacked by a Hill Giant takes lethal damage and stays; its 2 come back.
    golem = creature("Test Golem", (), 2, 2, ("Indestructible",), "Indestructible",
                     type_line="Artifact Creature — Golem")
    state = position(ISLANDS, [unit("g", "Hill Giant", 0, (2, 2)),
                               unit("golem", golem, 1, (3, 2))])
    state, events = run(state, _attack("g", (3, 2)))
    assert "golem" in state.perms and state.perms["golem"].damage == 3
    assert not [e for e in of_type(events, "died") if e["unit"] == "golem"]
    assert state.perms["g"].damage == 2
    # The same creature without the keyword dies: the test sees indestructible, not the board.
    plain = creature("Test Golem", (), 2, 2, type_line="Artifact Creature — Golem")
    state = position(ISLANDS, [unit("g", "Hill Giant", 0, (2, 2)),
                               unit("golem", plain, 1, (3, 2))])
    state, _ = run(state, _attack("g", (3, 2)))
    assert "golem" not in state.perms

