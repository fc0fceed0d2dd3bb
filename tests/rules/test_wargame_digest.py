"""Every **Ruling** of the War Game digest (``shared/rules/wargame.md``) has a test (issue 25's
acceptance): :data:`RULINGS` maps a distinctive phrase of each Ruling to the tests that would
fail if the ruling broke, checked against the digest by
:func:`test_every_ruling_of_the_digest_has_a_test` (``tests/rules/digest_rulings.py``). The
Rulings no other module tested are tested here.

:data:`PENDING_RULINGS` names the Rulings whose tests are still being written with their fixes
(issue 25, ``shared/repros/wargame-rules``): they are expected to have none yet, and
:func:`test_no_ruling_is_pending` reports them until they are mapped.
"""

from __future__ import annotations

from typing import Any

import pytest

from frontier_desktop.config import Settings
from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from tests.rules.digest_rulings import check_rulings, digest_rulings
from tests.rules.wargame_helpers import NAMES, WG, all_plains, deck, game, play, put, to_phase

SETUP = "tests/rules/test_wargame_setup_turn.py"
COMBAT = "tests/rules/test_wargame_combat.py"
MOVEMENT = "tests/rules/test_wargame_movement.py"
REACH = "tests/rules/test_wargame_casting_reach.py"
WHOLE = "tests/rules/test_wargame_reach.py"
MANA = "tests/rules/test_wargame_mana.py"
CORE = "tests/rules/test_core_combat.py"
SPEC = "tests/cli/test_wargame_position_spec.py"
HERE = "tests/rules/test_wargame_digest.py"

RULINGS: dict[str, list[str]] = {
    "a stronghold is adjacent only to the terrain it sits beside": [
        f"{SETUP}::test_a_stronghold_is_adjacent_only_to_its_terrain",
        f"{SETUP}::test_strongholds_by_player_count",
    ],
    "seats are clockwise in increasing seat order (a, b, c, d as used)": [
        f"{SETUP}::test_first_player_by_die_roll_then_clockwise",
        f"{SETUP}::test_strongholds_by_player_count",
        "tests/rules/test_wargame_fast_effects.py::"
        "test_the_window_goes_clockwise_from_the_mover_among_the_combats_players",
        f"{HERE}::test_turns_pass_clockwise_in_seat_order_through_every_seat",
    ],
    "a creature may be given at most the damage that would kill it now": [
        f"{COMBAT}::test_a_creature_takes_at_most_what_would_kill_it_now",
        f"{COMBAT}::test_untapped_power_is_divided_capped_at_lethal",
        f"{COMBAT}::test_power_beyond_what_the_caps_allow_is_lost_and_no_division_waits",
        f"{SPEC}::test_an_assign_that_is_not_the_whole_amount_is_refused_with_its_line",
    ],
    "the division is each side's own choice": [
        f"{COMBAT}::test_attacker_assigns_first_and_damage_is_simultaneous",
        f"{COMBAT}::test_a_creature_takes_at_most_what_would_kill_it_now",
        f"{COMBAT}::test_power_beyond_what_the_caps_allow_is_lost_and_no_division_waits",
        f"{SPEC}::test_the_example_ann_divides_her_giants_damage_between_ben_and_cat",
        f"{SPEC}::test_without_assign_the_engine_divides_and_no_decision_waits",
        f"{HERE}::test_every_side_divides_its_own_damage_unless_it_hands_it_to_the_engine",
    ],
    "ruling (carrying)": [
        f"{MOVEMENT}::test_a_carrier_moves_only_together_with_its_load",
        f"{SPEC}::test_the_audits_carrier_cant_walk_away_from_its_load",
    ],
    "ruling (creatures put onto the battlefield)": [
        f"{REACH}::test_tokens_enter_the_stronghold_under_the_casting_limits",
        f"{SPEC}::test_the_audits_tokens_arent_created_while_the_stronghold_is_held",
        "tests/rules/test_core_manual.py::"
        "test_a_token_by_hand_that_the_stronghold_has_no_room_for_is_refused",
    ],
    "ruling (reach of whole-table effects)": [
        f"{REACH}::test_a_whole_table_spell_hits_only_its_chosen_terrain",
        f"{WHOLE}::test_a_global_enchantment_affects_the_one_terrain_chosen_when_cast",
        f"{WHOLE}::test_a_whole_table_spell_reaches_a_permanent_standing_at_its_chosen_terrain",
        f"{WHOLE}::test_a_non_creatures_ability_affects_only_the_chosen_terrain",
        f"{WHOLE}::test_a_creatures_untargeted_ability_affects_a_terrain_within_its_reach",
        f"{WHOLE}::test_a_creatures_triggered_whole_table_ability_asks_for_a_terrain_within_"
        "its_reach",
        f"{WHOLE}::test_fog_prevents_the_combat_damage_of_the_chosen_terrains_combat_only",
        f"{SPEC}::test_the_audits_crusade_needs_an_origin_and_pumps_that_terrain_only",
        f"{SPEC}::test_the_audits_pestilence_hits_its_chosen_terrain_only",
        f"{SPEC}::test_the_audits_wumpus_chooses_a_terrain_within_its_reach",
        f"{SPEC}::test_the_audits_fog_prevents_its_terrains_combat_damage",
    ],
    "ruling (normal magic in the division)": [
        f"{CORE}::test_first_strike_kills_before_regular_damage",
        f"{CORE}::test_double_strike_deals_in_both_steps",
        f"{CORE}::test_protection_prevents_combat_damage",
        f"{CORE}::test_indestructible_survives_lethal_damage",
        f"{CORE}::test_the_audits_repros_give_what_the_digests_require",
        f"{HERE}::test_protection_caps_what_a_side_gives_at_its_power_not_of_that_colour",
    ],
    "ruling (healing)": [
        f"{SETUP}::test_the_free_regeneration_point_comes_on_top_of_the_two_paid",
        f"{SPEC}::test_the_audits_regenerator_heals_two_paid_points_after_its_free_one",
    ],
    "ruling (the stronghold's tap)": [
        f"{SPEC}::test_the_audits_held_stronghold_is_tapped_by_its_holder_now",
    ],
    "ruling (several sides in one terrain)": [
        f"{SPEC}::test_the_audits_three_sides_the_defenders_there_together_dont_fight",
    ],
    "ruling (no stronghold, no supply)": [
        f"{MANA}::test_no_stronghold_no_supply_creature_mana_included",
        f"{SPEC}::test_the_audits_elves_make_no_supply_while_the_stronghold_is_held",
    ],
    "ruling (removed pile)": [
        f"{REACH}::test_exiled_cards_join_the_removed_pile",
    ],
}

# The Rulings whose tests are still being written with their fixes: none.
PENDING_RULINGS: frozenset[str] = frozenset()


def test_every_ruling_of_the_digest_has_a_test() -> None:
    check_rulings(digest_rulings("wargame"), RULINGS, PENDING_RULINGS)


def test_no_ruling_is_pending() -> None:
    if PENDING_RULINGS:
        pytest.xfail("no test mapped yet for the War Game Rulings "
                     + "; ".join(sorted(PENDING_RULINGS)))


def _creature(name: str, colour: str, power: int, toughness: int, text: str = "",
              keywords: tuple[str, ...] = ()) -> Card:
    return Card.from_scryfall({"name": name, "type_line": "Creature — Test", "colors": [colour],
                               "power": str(power), "toughness": str(toughness),
                               "keywords": list(keywords), "oracle_text": text, "mana_cost": ""})


# ---------------------------------------------------------------------- seats
@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_pass_clockwise_in_seat_order_through_every_seat(players: int) -> None:
    # Ruling: seats are clockwise in increasing seat order, A, B, C, D as used: from the last
    # seat the turn comes back to seat 0. Each seat's stronghold is its letter's.
    state = WG.new_game([deck()] * players, NAMES[:players], seed=5,
                        options={"first_player": players - 1})
    order = [state.active]
    for _ in range(players):
        turn = state.active
        for _ in range(20):
            state, _ = play(state, A.Pass())
            if state.active != turn:
                break
        order.append(state.active)
    assert order == [players - 1, *range(players)]


# ---------------------------------------------------------------------- the division
def _meet(assign: tuple[bool, bool]) -> tuple[Any, list[str], list[str]]:
    state = to_phase(all_plains(game(2)), "movement")
    for player, on in zip(state.players, assign):
        player.assign = on
    bear = _creature("Test Bear", "G", 2, 2)
    mine = [put(state, _creature("Test Giant", "R", 3, 3), 0, (1, 1))]
    theirs = [put(state, bear, 1, (1, 1)), put(state, bear, 1, (1, 1))]
    return state, mine, theirs


def test_every_side_divides_its_own_damage_unless_it_hands_it_to_the_engine() -> None:
    # Ruling: each side is asked whenever its division is a real choice; the quick-play switch
    # that hands it to the engine starts off (new games and the Settings default ask).
    assert Settings().divide_damage is True
    assert all(p.assign for p in game(3).players)
    # Ann's Giant (3) between Ben's two Bears (cap 2 each) is a real choice: she is asked.
    # Ben's 4 on the one Giant (cap 3) is not: nobody asks him, the rest is lost.
    state, (giant,), (b1, b2) = _meet((True, True))
    state, events = play(state, A.Pass())
    assert state.decision is not None and state.decision["kind"] == "assign"
    assert state.decision["player"] == 0 and not [e for e in events if e["type"] == "damage"]
    state, events = play(state, A.Assign(attacker="side", at=(1, 1),
                                         damage=((b2, 2), (b1, 1))), 0)
    assert state.decision is None
    assert b2 not in state.perms and state.perms[b1].damage == 1 and giant not in state.perms
    # With the switch on for Ann (set_assign off), the engine divides for her: nobody waits.
    state, _, _ = _meet((True, True))
    state, _ = play(state, {"type": "set_assign", "on": False}, 0)
    state, events = play(state, A.Pass())
    assert state.decision is None and [e for e in events if e["type"] == "damage"]


def test_protection_caps_what_a_side_gives_at_its_power_not_of_that_colour() -> None:
    # Ruling (normal Magic in the division): Ben's two white Lions and a green Bear (8 power on
    # Plains) face Ann's 2/5 with protection from white: it may be given at most the Bear's 2.
    # The same 2/5 without protection takes the 5 that kill it.
    lion = _creature("Test Lion", "W", 2, 1)
    bear = _creature("Test Bear", "G", 2, 2)
    for text, keywords, dealt in (("Protection from white", ("Protection",), 2), ("", (), 5)):
        state = to_phase(all_plains(game(2)), "movement")
        state.players[0].assign = False
        knight = put(state, _creature("Test Paladin", "B", 2, 5, text, keywords), 0, (1, 1))
        for c in (lion, lion, bear):
            put(state, c, 1, (1, 1))
        state, events = play(state, A.Pass())
        assert state.decision is None
        assert sum(e["amount"] for e in events
                   if e["type"] == "damage" and e["target"] == knight) == dealt
        assert (knight in state.perms) is (dealt < 5)
