"""Every **Ruling** of the Army Magic digest (``shared/rules/army.md``) has a test (issue 25's
acceptance): :data:`RULINGS` maps a distinctive phrase of each Ruling to the tests that would
fail if the ruling broke, checked against the digest by
:func:`test_every_ruling_of_the_digest_has_a_test` (``tests/rules/digest_rulings.py``). The
Rulings no other module tested are tested here.

:data:`PENDING_RULINGS` names the Rulings whose tests are still being written with their fixes
(issue 25, ``shared/repros/army-rules``), if any: they are expected to have none yet, and
:func:`test_no_ruling_is_pending` reports them until they are mapped.
"""

from __future__ import annotations

from typing import Any

import pytest

from frontier_desktop.decks.model import Deck, DeckEntry
from frontier_desktop.decks.resolve import CardList
from frontier_desktop.decks.validate import validate_deck
from frontier_desktop.rules import legal_actions
from frontier_desktop.rules.variants.army.board import controller, land_life
from frontier_desktop.rules.views import describe
from tests.rules.army_helpers import army, land, standard_rows
from tests.rules.digest_rulings import check_rulings, digest_rulings
from tests.rules.helpers import creature, of_type, refused, run, unit

SETUP = "tests/rules/test_army_setup_movement.py"
COMBAT = "tests/rules/test_army_combat.py"
SPELLS = "tests/rules/test_army_spells.py"
REACH = "tests/rules/test_army_mana_reach.py"
WALKERS = "tests/rules/test_core_planeswalkers.py"
VALIDATE = "tests/decks/test_validate.py"
SPEC = "tests/cli/test_army_position_spec.py"
ISSUE25 = "tests/rules/test_army_issue25.py"
CORE = "tests/rules/test_core_combat.py"
EQUIP = "tests/rules/test_core_equipment.py"
HERE = "tests/rules/test_army_digest.py"

RULINGS: dict[str, list[str]] = {
    '"one version of a character" is judged by planeswalker subtype': [
        f"{VALIDATE}::test_army_one_copy_per_personality",
        f"{VALIDATE}::test_army_one_jace_whatever_the_version",
        f"{VALIDATE}::test_army_one_nicol_bolas_legend_or_planeswalker",
        f"{HERE}::test_one_character_by_the_name_before_the_comma_or_the_subtype_in_any_case",
    ],
    "the two halves join into one 5-wide x 6-deep board": [
        f"{SETUP}::test_the_board_is_5_wide_6_deep_with_home_bases_at_0_2_and_5_2",
        f"{SETUP}::test_each_half_is_its_owners_fifteen_lands",
    ],
    "summoning sickness stops attacking, not moving": [
        f"{SETUP}::test_summoning_sickness_stops_attacking_not_moving_unless_the_option_says_so",
        f"{SETUP}::test_a_creature_cast_this_turn_enters_on_the_home_base_and_may_explore_from_it",
    ],
    "declared in the first main phase ends it and begins combat": [
        f"{COMBAT}::test_an_attack_in_the_first_main_phase_begins_combat_and_ends_moving",
        f"{SETUP}::test_moves_only_in_a_main_phase_never_in_combat",
    ],
    "damage to a player is always dealt to a face-up land they control": [
        f"{SPELLS}::test_damage_to_a_player_is_dealt_to_a_land_of_theirs_in_range",
        f"{SPELLS}::test_legal_casts_name_lands_in_range_for_damage_never_a_player",
        f"{SPELLS}::test_damage_to_each_player_goes_to_their_lands_in_the_area",
        f"{SPELLS}::test_discard_needs_no_range",
        "tests/cli/test_army_position_cli.py::"
        "test_applied_casts_target_a_land_for_player_damage_and_refuse_a_player",
        f"{HERE}::test_a_face_down_land_is_nobodys_and_takes_no_players_damage",
        f"{HERE}::test_discard_and_draw_target_a_player_out_of_every_range",
    ],
    "every attacker of that combat still on the battlefield moves onto it": [
        f"{COMBAT}::test_a_land_at_0_is_captured_untapped_the_attackers_move_in_and_its_die_is_6",
        f"{HERE}::test_only_the_attackers_still_on_the_battlefield_move_onto_the_captured_land",
        f"{SPELLS}::test_a_land_a_bolt_brings_to_0_is_captured_by_the_caster",
        f"{REACH}::"
        "test_a_land_brought_to_0_by_a_spell_is_captured_by_its_caster_no_creature_moving_in",
    ],
    "a losing creature with more than one land to retreat to": [
        f"{COMBAT}::test_with_two_lands_to_retreat_to_the_loser_chooses",
        f"{SPEC}::test_pending_blocks_then_retreat_name_the_seat_kind_and_options",
        f"{SPELLS}::"
        "test_a_permanent_that_changes_control_in_play_moves_at_once_next_to_its_new_controller",
        f"{SPEC}::test_a_creature_on_a_land_its_controller_does_not_control_goes_next_to_it",
    ],
    "ruling (capture and land loss)": [
        f"{ISSUE25}::test_the_losers_planeswalker_retreats_with_the_creatures",
        f"{ISSUE25}::"
        "test_the_losers_planeswalker_is_sacrificed_with_no_land_to_retreat_to_the_anthem_stays",
        f"{COMBAT}::test_the_losers_artifacts_no_unit_carries_stay_on_a_captured_land_still_theirs",
        f"{ISSUE25}::test_a_land_its_own_controllers_spell_brings_to_0_is_destroyed_not_captured",
        f"{SPEC}::test_repro_10_the_losers_walker_is_sacrificed_and_the_anthem_stays_bens",
        f"{SPEC}::test_repro_16_an_own_land_emptied_by_an_own_spell_is_destroyed",
    ],
    "ruling (change of control)": [
        f"{ISSUE25}::test_a_stolen_creature_goes_next_to_where_it_stands_never_to_a_far_land",
        f"{ISSUE25}::"
        "test_a_stolen_creature_with_no_land_of_theirs_next_to_it_goes_to_their_nearest",
        f"{SPEC}::test_repro_13_the_stolen_bears_go_next_to_where_they_stood",
    ],
    "ruling (life on lands)": [
        f"{ISSUE25}::test_life_loss_may_empty_a_land_which_is_then_destroyed",
        f"{ISSUE25}::test_life_loss_that_empties_a_home_base_loses_the_game",
        f"{ISSUE25}::test_a_gain_stops_at_6_the_choice_and_the_event_say_so",
        f"{ISSUE25}::test_a_gain_on_a_home_base_below_20_counts_up_to_20",
        f"{SPELLS}::test_life_lost_may_go_on_any_land_of_theirs_one_it_empties_included",
        f"{SPEC}::test_repro_14_the_gain_event_gives_the_real_change",
        f"{SPEC}::test_repro_15_the_loss_may_empty_a_land_which_is_destroyed",
    ],
    "ruling (paying life)": [
        f"{ISSUE25}::test_life_paid_is_lost_on_a_land_the_payer_chooses",
        f"{ISSUE25}::test_automatic_payment_taps_an_untapped_land_before_paying_life",
        f"{SPEC}::test_repro_12_the_forest_pays_not_life",
    ],
    "ruling (blocking)": [
        f"{ISSUE25}::test_an_untapped_creature_blocks_in_each_combat_against_its_land",
        f"{SPEC}::test_repro_17_the_turtle_blocks_in_both_combats",
        f"{CORE}::test_blocks_follow_normal_magic_in_army_and_the_conquering",
        f"{CORE}::test_flying_needs_flying_or_reach_to_block",
        f"{CORE}::test_landwalk_in_the_attacked_land",
        f"{CORE}::test_menace_needs_two_blockers",
        f"{CORE}::test_cant_block",
        f"{CORE}::test_protection_stops_blocks_by_its_colour",
    ],
    "ruling (placing artifacts and enchantments)": [
        f"{ISSUE25}::test_an_enchantment_may_be_placed_on_an_opponents_land_next_to_yours",
        f"{REACH}::test_a_new_artifact_is_put_on_a_land_in_range_chosen_by_its_caster",
        f"{SPEC}::test_repro_18_the_anthem_goes_on_bens_land_next_to_anns",
    ],
    "ruling (planeswalkers)": [
        f"{WALKERS}::test_a_cast_planeswalker_enters_with_its_printed_loyalty",
        f"{WALKERS}::test_army_combat_damage_removes_loyalty_counters",
        f"{WALKERS}::test_a_spells_damage_removes_loyalty_and_a_planeswalker_at_zero_dies",
        f"{SPELLS}::test_a_planeswalker_dealt_its_loyalty_in_damage_dies",
        f"{WALKERS}::test_army_a_loyalty_ability_pays_its_loyalty_once_a_turn_at_sorcery_speed",
        f"{WALKERS}::test_army_loyalty_abilities_only_in_your_main_phase",
        f"{WALKERS}::test_army_a_planeswalker_that_explored_uses_no_loyalty_ability_that_turn",
        f"{SETUP}::test_planeswalkers_move_and_explore_and_then_use_no_ability_that_turn",
    ],
    "ruling (equipment)": [
        f"{ISSUE25}::"
        "test_a_dropped_equipment_is_picked_up_by_the_other_army_and_carried_then_equipped",
        f"{ISSUE25}::test_a_carried_artifact_is_dropped_on_its_land_when_its_creature_dies",
        f"{ISSUE25}::test_pick_up_is_listed_and_takes_either_armys_artifact_lying_on_the_land",
        f"{EQUIP}::test_army_equip_reaches_only_a_creature_on_the_equipments_land",
        f"{EQUIP}::test_army_equipment_of_a_sacrificed_loser_is_dropped_on_the_captured_land",
    ],
}

# The Rulings whose tests other helpers of issue 25 are still writing (none now: the seven
# fixed with the audit's findings 8 and 10-18 are mapped to tests/rules/test_army_issue25.py and
# the repros' runs in tests/cli/test_army_position_spec.py).
PENDING_RULINGS: frozenset[str] = frozenset()


def test_every_ruling_of_the_digest_has_a_test() -> None:
    check_rulings(digest_rulings("army"), RULINGS, PENDING_RULINGS)


def test_no_ruling_is_pending() -> None:
    if PENDING_RULINGS:
        pytest.xfail("no test mapped yet for the Army Rulings "
                     + "; ".join(sorted(PENDING_RULINGS)))


# ---------------------------------------------------------------------- one version of a character
def _legend(name: str, type_line: str = "Legendary Creature — Giant") -> dict[str, Any]:
    return {"name": name, "type_line": type_line, "mana_cost": "{2}{G}", "cmc": 3,
            "rarity": "rare", "colors": ["G"], "power": "3", "toughness": "3",
            "oracle_text": "", "legalities": {}}


@pytest.mark.parametrize("names, same", [
    (("Gorm, the Elder", "GORM, the Younger"), True),   # the name before the comma, any case
    (("Gorm, the Elder", "Gormless Giant"), False),     # a legend's whole name is not a prefix
    (("Old Walker", "gorm, the Wanderer"), True),       # a planeswalker by its subtype (Gorm)
    (("Old Walker", "Gormless Giant"), False),
])
def test_one_character_by_the_name_before_the_comma_or_the_subtype_in_any_case(
        names: tuple[str, str], same: bool) -> None:
    walker = {**_legend("Old Walker", "Legendary Planeswalker — Gorm"), "loyalty": "3"}
    del walker["power"], walker["toughness"]
    cards = CardList([_legend("Gorm, the Elder"), _legend("GORM, the Younger"),
                      _legend("gorm, the Wanderer"), _legend("Gormless Giant"), walker])
    deck = Deck(tuple(DeckEntry(1, n) for n in names))
    problems = [p for p in validate_deck(deck, "army", cards, points=500).problems
                if p.code == "personality"]
    assert bool(problems) is same
    if same:
        assert f"{names[0]}, {names[1]} are 2 copies of the same character" in problems[0].message


# ---------------------------------------------------------------------- damage to a player
BEAR = creature("Test Bear", ["G"], 2, 2)
OGRE = creature("Test Ogre", ["R"], 3, 3)


def test_a_face_down_land_is_nobodys_and_takes_no_players_damage() -> None:
    # Ann's Plains (1,1) touches the face-down (2,1): in range, but nobody controls it, so
    # a Bolt can't go there as damage to a player, and it is not among the legal targets.
    rows = standard_rows({(1, 1): land("Plains", 0, 6), (2, 2): land("Mountain", 1, 6)})
    players = [{"name": "Ann", "hand": ["Lightning Bolt"], "mana_pool": "{R}"}, {"name": "Ben"}]
    state = army(rows, players=players)
    assert not state.cells[(2, 1)].face_up
    assert "nobody controls that land" in refused(
        state, {"type": "cast", "card": "Lightning Bolt", "targets": [[2, 1]]})
    targets = [a.to_wire()["targets"][0] for a in legal_actions(state)
               if a.type == "cast" and a.to_wire().get("targets")]
    assert [2, 1] not in targets and [2, 2] not in targets  # (2,2) is next to no land of Ann's
    state, _ = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": [[1, 1]]})
    assert land_life(state, (1, 1)) == 3  # a face-up land of hers, in range: it takes it


def test_discard_and_draw_target_a_player_out_of_every_range() -> None:
    # Only the home bases are face up, five rows apart: Ben's lands are all out of Ann's range,
    # yet discard and draw target Ben; damage still needs a land in range.
    insight = {"name": "Test Insight", "type_line": "Sorcery", "mana_cost": "{U}",
               "colors": ["U"], "oracle_text": "Target player draws two cards."}
    players = [{"name": "Ann", "hand": ["Mind Rot", insight, "Lightning Bolt"],
                "mana_pool": "{B}{B}{B}{U}{R}"},
               {"name": "Ben", "hand": ["Plains", "Island", "Forest"], "library": 10}]
    state = army(standard_rows(), players=players)
    assert "out of range" in refused(
        state, {"type": "cast", "card": "Lightning Bolt", "targets": [[5, 2]]})
    assert "dealt to a land of theirs" in refused(
        state, {"type": "cast", "card": "Lightning Bolt", "targets": [{"player": 1}]})
    state, _ = run(state, {"type": "cast", "card": "Test Insight", "targets": [{"player": 1}]})
    assert (len(state.players[1].hand), len(state.players[1].library)) == (5, 8)
    state, _ = run(state, {"type": "cast", "card": "Mind Rot", "targets": [{"player": 1}]})
    pending = describe(state)["pending"]
    assert (pending["kind"], pending["seat"], pending["count"]) == ("discard", 1, 2)


# ---------------------------------------------------------------------- capture
def test_only_the_attackers_still_on_the_battlefield_move_onto_the_captured_land() -> None:
    # Ann's Ogre, Bear and second Ogre attack Ben's Mountain at 3 life. Ben's Ogre blocks and
    # kills the Bear; Ben's Bear blocks the second Ogre and dies. The first Ogre's 3 bring the
    # land to 0: both Ogres (the blocked one included) move in, the dead Bear doesn't.
    rows = standard_rows({(1, 2): land("Plains", 0, 6), (2, 2): land("Mountain", 1, 3),
                          (3, 2): land("Mountain", 1, 6)})
    state = army(rows, [unit("a", OGRE, 0, (1, 2)), unit("b", BEAR, 0, (1, 2)),
                        unit("c", OGRE, 0, (1, 2)), unit("d1", OGRE, 1, (2, 2)),
                        unit("d2", BEAR, 1, (2, 2))])
    state, _ = run(state, {"type": "attack", "units": ["a", "b", "c"], "target": [2, 2]})
    state, events = run(state, {"type": "block", "blocker": "d1", "attacker": "b", "seat": 1},
                        {"type": "block", "blocker": "d2", "attacker": "c", "seat": 1},
                        {"type": "done_blocking", "seat": 1})
    assert controller(state, (2, 2)) == 0 and land_life(state, (2, 2)) == 6
    assert "b" not in state.perms
    assert state.perms["a"].at == state.perms["c"].at == (2, 2)
    assert sorted(of_type(events, "moved")[0]["units"]) == ["a", "c"]
    assert state.perms["d1"].at == (3, 2)  # the loser's survivor retreats
