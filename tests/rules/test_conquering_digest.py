"""The Conquering digest (``shared/rules/conquering.md``), bullet by bullet (issue 14, conq-rules).

Each bullet of the digest is tested once, here or in the named test (``setup`` is
``test_conquering_setup_turn.py``, ``conquer`` ``test_conquering_conquer.py``, ``spells``
``test_conquering_spells.py``, ``reach`` ``test_conquering_reach.py``, ``assign``
``test_conquering_assign.py``, ``validate`` ``tests/decks/test_validate.py``, ``samples``
``tests/cards/test_sample_decks.py``; a bare name is in this module).

| digest bullet | test |
| --- | --- |
| Board: 2 players, two of each basic shuffled, 9 face down as a 3x3, one unused | setup::test_two_players_play_on_3x3_with_strongholds_opposite_beside_the_middle, test_table_lands_by_number_of_players |
| Board: 4 players, three of each, 15 face down as a 3x5 | setup::test_four_players_play_on_3x5_with_a_stronghold_on_each_side, test_table_lands_by_number_of_players |
| Board: 3 players, three of each, 12 as the triangle (ring of nine, three inner lands; degrees 3 / 3+stronghold / 2) | setup::test_three_players_triangle_adjacency, test_table_lands_by_number_of_players |
| Strongholds: each player's basic land, in play, off the board, adjacent only to the middle land of their side (2, 3, 4 players) | setup::test_strongholds_are_each_players_basic_land_in_play_with_cv_7, test_strongholds_are_adjacent_only_to_the_middle_land_of_their_side |
| Unused lands set aside unseen | setup::test_unused_lands_are_set_aside_unseen, setup::test_views_print_areas_strongholds_and_never_the_set_aside_lands |
| Decks: 60+, one colour, no lands, no two-colour multicolour/hybrid/split; colourless allowed | validate::test_conquering_needs_60_cards … test_conquering_colourless_cards_are_fine, samples::test_conquering_deck |
| Decks: banned list of appendix A, flagged by card data with a reason, overridable | validate::test_conquering_appendix_a_flags, test_conquering_player_may_override_a_flag, samples::test_conquering_checks_catch_the_sources_examples |
| Turn: untap, mana production, upkeep, draw 2, main, movement, attack/conquer, main, end; hand size 7 | setup::test_turn_order_of_phases_draws_two_and_passes_clockwise, setup::test_hand_size_is_seven_at_end_of_turn |
| Mana production: a d6 of your colour plus one of each controlled area's colour (two from a conquered opposing stronghold); stays until end of turn; no abilities during it; mana creatures and rocks as usual | setup::test_mana_production_is_a_d6_of_your_colour_plus_each_controlled_area, setup::test_own_stronghold_makes_no_mana_a_conquered_one_makes_two, setup::test_mana_lasts_until_the_end_of_the_turn, setup::test_nothing_may_be_played_during_mana_production, spells::test_mana_creatures_and_rocks_add_to_the_pool |
| Movement: no defender; to an adjacent area; taps (vigilance excepted); only once it could attack (haste excepted) | setup::test_move_one_adjacent_area_taps_and_first_entry_rolls_the_cv, setup::test_vigilance_moves_without_tapping, setup::test_only_creatures_that_could_attack_move_haste_excepted, setup::test_defenders_do_not_move, setup::test_moves_only_in_the_movement_phase_and_strongholds_are_reachable |
| First entry flips the land and rolls its CV; strongholds CV 7 | setup::test_move_one_adjacent_area_taps_and_first_entry_rolls_the_cv, setup::test_a_land_is_flipped_and_rolled_only_the_first_time, setup::test_strongholds_are_each_players_basic_land_in_play_with_cv_7 |
| Summoned creatures start in their controller's stronghold | setup::test_summoned_creatures_start_in_their_stronghold |
| Attack/conquer: untapped creatures able to attack conquer their area; each area separately, in any order | conquer::test_only_untapped_creatures_there_since_the_turn_began_conquer, conquer::test_haste_conquers_the_turn_it_arrives, test_each_area_is_conquered_separately_in_any_order |
| No defenders: total power at least the CV captures | conquer::test_no_defenders_total_power_at_least_the_cv_captures, test_power_exactly_the_cv_captures |
| Defenders block clockwise from the attacker; unblocked damage and damage beyond lethal go to the CV; reaching it captures; otherwise nothing (no persistence) | conquer::test_blocks_are_chosen_clockwise_from_the_attacker, conquer::test_the_cv_damage_does_not_persist_and_an_area_is_attacked_once_a_turn, assign::test_without_asking_the_engine_deals_lethal_in_block_order_and_the_rest_to_the_land |
| The source's example: Yavimaya Wurm vs a Swamp of CV 3 (unblocked; blocked by White Knight; Dale's three White Knights attack the Wurm) | test_source_example_wurm_unblocked, test_source_example_wurm_blocked_by_white_knight, test_source_example_three_white_knights_attack_the_wurm (also conquer::test_example_*) |
| Landwalk: unblockable in an area of its type, not in strongholds | conquer::test_landwalk_is_unblockable_in_its_land_type_but_not_in_a_stronghold |
| Bonuses: +1/+1 in an area of its colour, +0/+1 in one its controller controls; own stronghold only the +1/+1; attackers in an opposing stronghold never the +1/+1 | conquer::test_area_bonuses |
| Creatures affect only creatures in their own area (lords, tappers, removal on entering) | reach::test_a_lord_pumps_only_the_creatures_in_its_own_area, reach::test_a_creatures_entering_trigger_reaches_only_its_area, spells::test_a_creatures_ability_reaches_only_its_own_area, spells::test_a_creatures_ability_without_a_target_reaches_only_its_area |
| Your enchantments and artifacts affect the whole field | reach::test_an_enchantments_anthem_reaches_the_whole_field, spells::test_an_artifacts_ability_reaches_the_whole_field, reach::test_an_aura_enchants_a_creature_in_reach |
| Targeting an opposing creature: control its area or have a creature there | spells::test_an_opposing_creature_needs_its_area_or_a_creature_there, reach::test_an_aura_on_an_opposing_creature_needs_the_reach |
| Targeting an opponent: control or occupy an area next to their stronghold, or the stronghold | spells::test_an_opponent_needs_an_area_next_to_their_stronghold, test_an_opponent_from_their_stronghold_itself |
| Non-targeting effects hit everyone; own creatures, any land (never an opposing stronghold's), opponents' non-creature permanents and spells always | spells::test_each_opponent_reaches_every_other_seat, spells::test_own_creatures_and_oneself_are_always_in_reach, spells::test_any_land_but_an_opposing_strongholds, spells::test_non_creature_permanents_and_spells_are_always_in_reach |
| Planeswalkers follow your targeting restrictions | test_a_planeswalker_follows_its_controllers_reach |
| (engine choice) players have no life: damage and life changes to a player do nothing, said in the log | reach::test_damage_to_a_player_does_nothing_and_is_said, reach::test_a_life_total_changed_by_any_other_path_is_put_back_and_said |
| Winning: more than half the areas at once: 5/9, 7/12, 8/15; strongholds don't count | conquer::test_controlling_more_than_half_the_areas_wins, test_the_win_comes_at_once_mid_turn |
| A conquered stronghold gives its conqueror double mana | setup::test_own_stronghold_makes_no_mana_a_conquered_one_makes_two |
| Its owner: all their areas neutral; conquer nothing (may still defend); no mana | conquer::test_conquering_a_stronghold_neutralises_its_owners_areas, conquer::test_a_player_without_their_stronghold_conquers_nothing_else, test_a_player_without_their_stronghold_may_still_block, setup::test_no_mana_while_your_stronghold_is_held_by_another |
| Retake within 5 of their turns; eliminated at once below 7 total power | conquer::test_the_stronghold_must_be_retaken_within_5_of_its_owners_turns, conquer::test_below_7_power_without_a_stronghold_eliminates, conquer::test_retaking_your_stronghold_restores_it |
| Ruling: effective power, checked whenever it changes while they lack their stronghold | test_the_power_test_counts_effective_power, test_the_power_test_runs_whenever_power_changes |
| An eliminated player's stronghold keeps only the double mana | conquer::test_an_eliminated_players_stronghold_loses_its_special_rules_but_double_mana, test_an_eliminated_players_stronghold_still_makes_double_mana |
| Ruling: seats clockwise in increasing order, blocks in that order after the attacker | setup::test_turn_order_of_phases_draws_two_and_passes_clockwise, conquer::test_blocks_are_chosen_clockwise_from_the_attacker, setup::test_eliminated_players_are_skipped_in_turn_order |
| Ruling: own stronghold makes no mana of its own; a conquered one two of its colour | setup::test_own_stronghold_makes_no_mana_a_conquered_one_makes_two |
"""

from __future__ import annotations

from typing import Any

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.mana import parse_pool
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants.army.actions import Block, DoneBlocking
from frontier_desktop.rules.variants.conquering.actions import Conquer
from frontier_desktop.rules.variants.conquering.board import (
    WIN_AREAS, areas_of, controller, info,
)
from tests.rules.conquering_helpers import CQ, clear_board, game, play, put, set_land, to_phase
from tests.rules.helpers import card

SWAMP = (1, 1)
BASICS = ("Forest", "Island", "Mountain", "Plains", "Swamp")


def _field(players: int = 2, active: int = 0, phase: str = "conquer") -> GameState:
    state = to_phase(game(players, first=active), phase)
    clear_board(state)
    return state


def _hand(state: GameState, seat: int, name: str) -> str:
    c = card(name)
    state.defs = {**state.defs, c.name: c}
    obj = state.new_id("c")
    state.cards[obj] = (c.name, seat)
    state.players[seat].hand.append(obj)
    return obj


def _damage(events: list[dict[str, Any]]) -> list[tuple[str, str, int]]:
    return [(e["source"], e["target"], e["amount"]) for e in events if e["type"] == "damage"]


# ---------------------------------------------------------------------- board
@pytest.mark.parametrize("players, each, laid", [(2, 2, 9), (3, 3, 12), (4, 3, 15)])
def test_table_lands_by_number_of_players(players: int, each: int, laid: int) -> None:
    state = game(players)
    table = [c.land for p, c in state.cells.items() if p in state.board.positions()]
    assert len(table) == len(state.board.positions()) == laid
    names = [state.cards[i][0] for i in [*table, *state.aside]]
    assert sorted(names) == sorted(BASICS * each)
    assert all(not state.cells[p].face_up for p in state.board.positions())


@pytest.mark.parametrize("players, middles", [
    (2, {"S0": (0, 1), "S1": (2, 1)}),
    (3, {"S0": "A2", "S1": "B2", "S2": "C2"}),
    (4, {"S0": (0, 2), "S1": (1, 0), "S2": (2, 2), "S3": (1, 4)}),
])
def test_strongholds_are_adjacent_only_to_the_middle_land_of_their_side(
        players: int, middles: dict[str, Any]) -> None:
    board = game(players).board
    for home, middle in middles.items():
        assert tuple(board.neighbours(home)) == (middle,)
        touching = [p for p in board.places() if home in board.neighbours(p)]
        assert touching == [middle]
        assert not board.contains(home)  # off the board: not one of the areas


# ---------------------------------------------------------------------- attack / conquer
def test_power_exactly_the_cv_captures() -> None:
    state = _field()
    set_land(state, SWAMP, "Swamp", cv=2)
    bears = put(state, "Grizzly Bears", 0, SWAMP)  # green in a Swamp: 2/2
    state, _ = play(state, Conquer(at=SWAMP, units=(bears,)))
    assert controller(state, SWAMP) == 0


def test_each_area_is_conquered_separately_in_any_order() -> None:
    state = _field()
    set_land(state, (0, 0), "Island", cv=2)
    set_land(state, (0, 2), "Island", cv=2)
    one = put(state, "Grizzly Bears", 0, (0, 0))
    two = put(state, "Grizzly Bears", 0, (0, 2))
    for order in (((0, 0), one, (0, 2), two), ((0, 2), two, (0, 0), one)):
        after = state
        for at, unit in zip(order[::2], order[1::2]):
            after, events = play(after, Conquer(at=at, units=(unit,)))
            assert [e["damage"] for e in events if e["type"] == "conquer_damage"] == [2]
        assert controller(after, (0, 0)) == controller(after, (0, 2)) == 0


def test_source_example_wurm_unblocked() -> None:
    # "Edna has a Yavimaya Wurm (6/4, trample) in a Swamp with a CV of 3 … it deals 6 ≥ 3."
    state = _field()
    set_land(state, SWAMP, "Swamp", cv=3)
    wurm = put(state, "Yavimaya Wurm", 0, SWAMP)
    state, events = play(state, Conquer(at=SWAMP, units=(wurm,)))
    assert _damage(events) == [(wurm, "land", 6)]
    assert controller(state, SWAMP) == 0


def test_source_example_wurm_blocked_by_white_knight() -> None:
    # The Knight's 2 first-strike damage, then the Wurm deals 2 to it and 4 beyond to the land.
    state = _field()
    set_land(state, SWAMP, "Swamp", cv=3)
    wurm = put(state, "Yavimaya Wurm", 0, SWAMP)
    knight = put(state, "White Knight", 1, SWAMP)
    state, _ = play(state, Conquer(at=SWAMP, units=(wurm,)))
    state, _ = play(state, Block(blocker=knight, attacker=wurm), 1)
    state, first = play(state, DoneBlocking(), 1)
    # The Wurm tramples: Edna divides its 6 as the example does.
    assert state.decision is not None and state.decision["kind"] == "assign"
    state, then = play(state, A.Assign(attacker=wurm, damage=((knight, 2), ("land", 4))), 0)
    assert _damage(first + then) == [(knight, wurm, 2), (wurm, knight, 2), (wurm, "land", 4)]
    assert knight not in state.perms and controller(state, SWAMP) == 0


def test_source_example_three_white_knights_attack_the_wurm() -> None:
    # Dale's three Knights attack the Swamp Edna now holds; her Wurm (6/5 there: +0/+1 in an
    # area she controls) blocks one: it dies, the other two deal 4 ≥ 3 and take the Swamp.
    state = _field(active=1)
    set_land(state, SWAMP, "Swamp", cv=3, controller=0)
    wurm = put(state, "Yavimaya Wurm", 0, SWAMP)
    knights = [put(state, "White Knight", 1, SWAMP) for _ in range(3)]
    assert CQ.effective_pt(state, state.perms[wurm]) == (6, 5)
    state, _ = play(state, Conquer(at=SWAMP, units=tuple(knights)))
    state, _ = play(state, Block(blocker=wurm, attacker=knights[0]), 0)
    state, events = play(state, DoneBlocking(), 0)
    assert (knights[0], wurm, 2) in _damage(events)
    assert knights[0] not in state.perms and state.perms[wurm].damage == 2
    assert {"type": "conquer_damage", "at": [1, 1], "damage": 4, "cv": 3} in events
    assert controller(state, SWAMP) == 1


# ---------------------------------------------------------------------- reach
def test_an_opponent_from_their_stronghold_itself() -> None:
    state = _field(phase="main")
    state.players[0].pool = parse_pool("{B}{B}{B}")
    _hand(state, 0, "Mind Rot")
    assert CQ.target_problem(state, 0, None, ("player", 1)) is not None
    put(state, "Grizzly Bears", 0, "S1")
    assert CQ.target_problem(state, 0, None, ("player", 1)) is None
    state, _ = play(state, A.Cast(card="Mind Rot", targets=(("player", 1),)))
    assert state.decision is not None and state.decision["player"] == 1


def test_a_planeswalker_follows_its_controllers_reach() -> None:
    # A planeswalker stands off the board (like an enchantment): its abilities target with
    # its controller's reach, not held to one area.
    state = _field(phase="main")
    walker = _hand(state, 0, "Chandra Nalaar")
    state.players[0].pool = parse_pool("{R}" * 5)
    state, _ = play(state, A.Cast(card=walker))
    assert state.perms[walker].zone == "staging"
    far = put(state, "Grizzly Bears", 1, (2, 0))
    assert "nor have a creature there" in (CQ.target_problem(state, 0, walker, far) or "")
    put(state, "Grizzly Bears", 0, (2, 0))
    assert CQ.target_problem(state, 0, walker, far) is None


# ---------------------------------------------------------------------- winning, strongholds
def test_the_win_comes_at_once_mid_turn() -> None:
    state = _field(4)
    need = WIN_AREAS[4]
    for pos in state.board.positions()[:need - 1]:
        info(state.cells[pos])["controller"] = 0
    last = state.board.positions()[need]
    set_land(state, last, "Island", cv=1)
    bears = put(state, "Grizzly Bears", 0, last)
    other = state.board.positions()[need + 1]
    put(state, "Grizzly Bears", 0, other)
    state, events = play(state, Conquer(at=last, units=(bears,)))
    assert len(areas_of(state, 0)) == need
    assert state.game_over and state.winner == 0 and state.phase == "conquer"
    assert CQ.legal_actions(state, 0) == []


def _without_stronghold(state: GameState) -> GameState:
    info(state.cells["S1"]).update({"controller": 0, "turns_left": 5})
    return state


def test_a_player_without_their_stronghold_may_still_block() -> None:
    state = _without_stronghold(_field())
    set_land(state, SWAMP, "Swamp", cv=3)
    for _ in range(4):
        put(state, "White Knight", 1, (2, 2))  # power 8: still in
    knight = put(state, "White Knight", 1, SWAMP)
    wurm = put(state, "Yavimaya Wurm", 0, SWAMP)
    state, _ = play(state, Conquer(at=SWAMP, units=(wurm,)))
    assert state.decision is not None and state.decision["player"] == 1
    assert Block(blocker=knight, attacker=wurm) in CQ.legal_actions(state, 1)


def test_the_power_test_counts_effective_power() -> None:
    # Three Grizzly Bears (printed power 6) in a Forest: 3/3 each, 9 in all: Dale stays in.
    state = _without_stronghold(_field(active=1, phase="main"))
    set_land(state, (2, 2), "Forest", cv=2)
    for _ in range(3):
        put(state, "Grizzly Bears", 1, (2, 2))
    state, _ = play(state, A.Pass())
    assert not state.players[1].lost
    set_land(state, (2, 2), "Island", cv=2)  # now 2/2 each: 6 < 7
    state, events = play(state, A.Pass())
    assert state.players[1].lost
    assert any(e["type"] == "eliminated" and "6" in e["reason"] for e in events)


def test_the_power_test_runs_whenever_power_changes() -> None:
    # Edna's Lightning Bolt kills one of Dale's four White Knights (8 power → 6) in her main
    # phase: he is out at once, without waiting for a turn to end.
    state = _without_stronghold(_field(phase="main"))
    knights = [put(state, "White Knight", 1, (2, 1)) for _ in range(4)]
    put(state, "Grizzly Bears", 0, (2, 1))
    state.players[0].pool = parse_pool("{R}")
    _hand(state, 0, "Lightning Bolt")
    state, events = play(state, A.Cast(card="Lightning Bolt", targets=(knights[0],)))
    assert state.players[1].lost and state.game_over and state.winner == 0
    assert state.phase == "main"


def test_an_eliminated_players_stronghold_still_makes_double_mana() -> None:
    state = to_phase(game(3, first=2), "end", active=2)
    state.players[2].hand = state.players[2].hand[:7]
    info(state.cells["S1"])["controller"] = 0
    state.players[1].lost = True
    state, events = play(state, A.Pass())
    assert state.active == 0
    roll = int(next(e["result"] for e in events if e.get("purpose") == "mana production"))
    assert state.players[0].pool == parse_pool("{G}" * roll + "{W}{W}")


# ====================================================================== the digest's Rulings
# Every **Ruling** of the digest has a test (issue 25's acceptance): a distinctive phrase of
# each Ruling, mapped to the tests that would fail if it broke, checked against
# ``shared/rules/conquering.md`` (``tests/rules/digest_rulings.py``).
_SETUP = "tests/rules/test_conquering_setup_turn.py"
_CONQUER = "tests/rules/test_conquering_conquer.py"
_ASSIGN = "tests/rules/test_conquering_assign.py"
_SPELLS = "tests/rules/test_conquering_spells.py"
_AUDIT = "tests/rules/test_conquering_audit.py"
_CORE = "tests/rules/test_core_combat.py"
_CLI = "tests/cli/test_conquering_position_spec.py"
_HERE = "tests/rules/test_conquering_digest.py"

RULINGS: dict[str, list[str]] = {
    "the validator flags these by card data": [
        "tests/decks/test_validate.py::test_conquering_appendix_a_flags",
        "tests/decks/test_validate.py::test_conquering_allowed_cards_are_not_flagged",
        "tests/decks/test_validate.py::test_conquering_player_may_override_a_flag",
        "tests/cards/test_sample_decks.py::test_conquering_checks_catch_the_sources_examples",
    ],
    "seats are clockwise in increasing seat order; blocks are chosen in that order": [
        f"{_SETUP}::test_turn_order_of_phases_draws_two_and_passes_clockwise",
        f"{_SETUP}::test_eliminated_players_are_skipped_in_turn_order",
        f"{_CONQUER}::test_blocks_are_chosen_clockwise_from_the_attacker",
        f"{_CLI}::test_four_seats_block_in_turn_clockwise_from_the_attacker_wrapping_round",
        f"{_CLI}::test_worked_example_block_order_is_clockwise_from_the_attacker",
    ],
    "a player's own stronghold makes no mana of its own": [
        f"{_SETUP}::test_own_stronghold_makes_no_mana_a_conquered_one_makes_two",
        f"{_HERE}::test_an_eliminated_players_stronghold_still_makes_double_mana",
    ],
    'the "below 7 total power" test counts the effective power': [
        f"{_HERE}::test_the_power_test_counts_effective_power",
        f"{_HERE}::test_the_power_test_runs_whenever_power_changes",
        f"{_CONQUER}::test_below_7_power_without_a_stronghold_eliminates",
    ],
    "has its damage divided by its controller": [
        f"{_ASSIGN}::test_asking_gives_the_attacker_an_assign_decision",
        f"{_ASSIGN}::test_the_attacker_may_put_all_on_one_blocker",
        f"{_ASSIGN}::test_the_land_only_after_lethal_to_every_blocker_and_the_whole_amount",
        f"{_ASSIGN}::test_one_blocker_and_no_trample_is_no_choice",
        f"{_ASSIGN}::test_a_trampler_with_more_than_lethal_for_its_one_blocker_is_asked",
        f"{_ASSIGN}::"
        "test_without_asking_the_engine_deals_lethal_in_block_order_and_the_rest_to_the_land",
        f"{_HERE}::test_source_example_wurm_blocked_by_white_knight",
    ],
    "ruling (creatures' abilities and opponents)": [
        f"{_SPELLS}::test_a_creatures_trigger_never_targets_an_opponent",
        f"{_SPELLS}::"
        "test_a_creatures_ability_never_targets_an_opponent_but_may_target_its_controller",
        f"{_SPELLS}::test_an_artifacts_target_opponent_is_one_in_reach_among_several",
        f"{_AUDIT}::test_repro_07_ravenous_rats_never_target_an_opponent",
    ],
    "ruling (bonus in a held stronghold)": [
        f"{_CONQUER}::test_only_attackers_of_an_opposing_stronghold_lose_the_plus_one",
        f"{_CONQUER}::"
        "test_a_conquerors_creature_defending_the_stronghold_it_holds_gets_both_bonuses",
        f"{_AUDIT}::test_repro_09_the_conquerors_zombies_defend_the_held_stronghold_at_3_4",
    ],
    "ruling (elimination)": [
        f"{_AUDIT}::test_repro_10_a_stronghold_held_by_an_eliminated_player_returns_to_its_owner",
        f"{_AUDIT}::test_repro_11_a_borrowed_creature_returns_to_its_owner_where_it_stands",
        f"{_AUDIT}::test_an_eliminated_player_gives_back_what_they_held_on_a_standard_board",
    ],
    "ruling (puzzle boards)": [
        f"{_AUDIT}::test_the_win_is_more_than_half_of_the_boards_areas",
        f"{_AUDIT}::test_repro_12_two_of_three_areas_already_win",
    ],
    "ruling (normal magic in combat)": [
        f"{_CORE}::test_blocks_follow_normal_magic_in_army_and_the_conquering",
        f"{_CORE}::test_landwalk_in_the_area_but_not_a_stronghold",
        f"{_CONQUER}::test_landwalk_is_unblockable_in_its_land_type_but_not_in_a_stronghold",
        f"{_CORE}::test_menace_needs_two_blockers",
        f"{_CORE}::test_attack_restrictions",
        f"{_CORE}::test_protection_prevents_combat_damage",
        f"{_CORE}::test_first_strike_kills_before_regular_damage",
        f"{_CORE}::test_deathtouch_trample_over_a_damaged_blocker",
        f"{_CORE}::test_indestructible_survives_lethal_damage",
        f"{_CORE}::test_the_audits_repros_give_what_the_digests_require",
        f"{_HERE}::test_a_double_striker_deals_its_damage_in_both_steps",
        f"{_HERE}::test_lifelink_deals_its_damage_and_gives_no_life_where_players_have_none",
    ],
}

# The Rulings whose tests other helpers of issue 25 are still writing (none now).
PENDING_RULINGS: frozenset[str] = frozenset()


def test_every_ruling_of_the_digest_has_a_test() -> None:
    from tests.rules.digest_rulings import check_rulings, digest_rulings

    check_rulings(digest_rulings("conquering"), RULINGS, PENDING_RULINGS)


def test_no_ruling_is_pending() -> None:
    if PENDING_RULINGS:
        pytest.xfail("no test mapped yet for the Conquering Rulings "
                     + "; ".join(sorted(PENDING_RULINGS)))


def test_a_double_striker_deals_its_damage_in_both_steps() -> None:
    # Ruling (normal Magic in combat): double strike. Fencing Ace (1/1, white) alone in a
    # Swamp of CV 2 deals 1 in each step: 2, captured; the same 1/1 without it doesn't.
    state = _field()
    set_land(state, SWAMP, "Swamp", cv=2)
    ace = put(state, "Fencing Ace", 0, SWAMP)
    state, events = play(state, Conquer(at=SWAMP, units=(ace,)))
    assert _damage(events) == [(ace, "land", 1), (ace, "land", 1)]
    assert controller(state, SWAMP) == 0
    state = _field()
    set_land(state, SWAMP, "Swamp", cv=2)
    elves = put(state, "Llanowar Elves", 0, SWAMP)
    state, events = play(state, Conquer(at=SWAMP, units=(elves,)))
    assert _damage(events) == [(elves, "land", 1)] and controller(state, SWAMP) is None


def test_lifelink_deals_its_damage_and_gives_no_life_where_players_have_none() -> None:
    # Ruling (normal Magic in combat): lifelink applies; with no life in the Conquering its
    # gain changes nothing, and the lifelinker's damage is dealt as usual.
    from frontier_desktop.rules.card import Card
    from frontier_desktop.rules.state import Permanent

    linker = Card.from_scryfall({"name": "Test Linker", "type_line": "Creature — Cleric",
                                 "colors": ["B"], "power": "3", "toughness": "3",
                                 "keywords": ["Lifelink"], "oracle_text": "Lifelink",
                                 "mana_cost": "{2}{B}"})
    state = _field()
    set_land(state, SWAMP, "Island", cv=5)
    state.defs = {**state.defs, linker.name: linker}
    state.cards["link"] = (linker.name, 0)
    state.perms["link"] = Permanent("link", 0, "board", SWAMP)
    bears = put(state, "Grizzly Bears", 1, SWAMP)
    lives = [p.life for p in state.players]
    state, _ = play(state, Conquer(at=SWAMP, units=("link",)))
    state, _ = play(state, Block(blocker=bears, attacker="link"), 1)
    state, events = play(state, DoneBlocking(), 1)
    assert (("link", bears, 2) in _damage(events)) and (("link", "land", 1) in _damage(events))
    assert bears not in state.perms
    assert [p.life for p in state.players] == lives
