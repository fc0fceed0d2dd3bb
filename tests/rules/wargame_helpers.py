"""Helpers for the War Game rules tests (issue 15, first slice; ``shared/rules/wargame.md``).

The variant is not in the registry yet: tests play it with ``apply(..., variant=WG)``. A
scenario starts from :func:`game` (the real set-up, in the first player's heal phase) and puts
creatures and terrain where the rule under test needs them.

Digest bullet → test (files ``tests/rules/test_wargame_*.py``):

| digest bullet | test |
| --- | --- |
| Deck: one basic land is the stronghold | setup_turn::test_the_decks_one_basic_is_the_stronghold |
| Terrain: 15 basics, 3 of each, shuffled, face up, 3x5 | setup_turn::test_terrain_is_fifteen_face_up_basics_three_of_each_shuffled_by_seed |
| Strongholds A W, C E, B N, D S; 2: A C, 3: A B C, 4: all | setup_turn::test_strongholds_by_player_count |
| Ruling: adjacent only to the terrain beside it | setup_turn::test_a_stronghold_is_adjacent_only_to_its_terrain |
| Strongholds face down | setup_turn::test_a_stronghold_is_face_down_to_the_others |
| Whole-table effects: one chosen terrain | casting_reach::test_a_whole_table_spell_hits_only_its_chosen_terrain |
| An opponent's stronghold never chosen or targeted | casting_reach::test_an_opponents_stronghold_is_never_an_origin_or_target |
| A creature's targeted ability: its own terrain | casting_reach::test_a_creatures_ability_reaches_only_its_own_terrain |
| Opposing creatures: a creature of yours same/adjacent | casting_reach::test_opposing_creatures_need_a_creature_of_yours_near |
| Supply: any colour one for one | casting_reach::test_supply_pays_any_colour_one_for_one |
| Supply carries over | setup_turn::test_supply_accumulates_and_carries_over |
| Mana creatures | casting_reach::test_a_mana_creature_adds_supply, mana::test_a_creatures_mana_ability_adds_supply_and_its_rider_happens |
| Mana only from supply and creatures (ruling: a non-creature's mana ability makes none, its other effects happen) | mana::test_an_artifact_that_only_makes_mana_adds_no_supply_and_is_not_offered, mana::test_an_artifacts_mana_ability_with_a_rider_makes_no_mana_but_its_rider_happens, mana::test_a_spell_that_only_makes_mana_is_not_cast, mana::test_a_spell_that_makes_mana_and_more_makes_no_mana_but_the_rest_happens |
| Removed pile instead of graveyard | combat::test_lethal_damage_goes_to_the_removed_pile_survivors_keep_damage |
| Removed pile shuffled into a new library | setup_turn::test_an_empty_library_is_refilled_from_the_removed_pile |
| Damage stays until healed | setup_turn::test_damage_stays_over_turns |
| Turn order of steps | setup_turn::test_the_turn_walks_the_war_games_steps |
| Clockwise, first player by die roll (ruling A B C D) | setup_turn::test_first_player_by_die_roll_then_clockwise |
| Start with 5, draw 1 | setup_turn::test_five_cards_then_one_a_turn |
| Supply: d6 each turn, accumulating | setup_turn::test_supply_accumulates_and_carries_over |
| Upkeep/heal: pay upkeep with supply | upkeep::test_an_upkeep_cost_is_asked_as_the_heal_step_begins_and_paid_with_supply, upkeep::test_an_upkeep_cost_declined_sends_the_creature_to_the_removed_pile, upkeep::test_an_upkeep_cost_the_supply_cannot_pay_sacrifices, upkeep::test_cumulative_upkeep_grows_each_heal_step, upkeep::test_healing_waits_for_the_upkeep_payment, upkeep::test_an_effect_for_the_next_upkeep_happens_in_the_next_heal_step, upkeep::test_an_ability_for_the_upkeep_is_activated_in_the_heal_step |
| Heal: 1 supply per damage, at most 2 | setup_turn::test_heal_costs_supply_at_most_two_a_turn |
| Regeneration heals 1 free | setup_turn::test_regeneration_heals_one_for_free |
| Move one terrain orthogonally, flyers diagonally | movement::test_one_terrain_orthogonally_flyers_also_diagonally |
| Moving doesn't tap; tapped creatures move | movement::test_moving_does_not_tap_and_tapped_creatures_move |
| Landwalk's extra move | movement::test_landwalk_gives_a_second_move_after_entering_its_land |
| Islands only flyers and islandhome | movement::test_only_flyers_and_islandhome_enter_islands |
| Islandhome carried; both tapped; carrier stays put | movement::test_an_islandhome_creature_is_carried_across_land |
| Mountains tap at the end of movement | movement::test_entering_a_mountain_taps_when_movement_ends |
| Neither rule in strongholds | movement::test_island_and_mountain_rules_do_not_apply_in_strongholds |
| The stronghold's owner taps one attacker | combat::test_the_strongholds_owner_taps_one_attacker |
| Combat after all movement where creatures meet | combat::test_combat_after_movement_in_every_terrain_where_sides_meet |
| +1/+1 on matching terrain until it moves | combat::test_matching_terrain_gives_plus_one_until_it_moves |
| Fast effects first (a window for the combat's players, clockwise from the mover) | fast_effects::test_fast_effects_come_before_the_combats_damage, fast_effects::test_the_window_goes_clockwise_from_the_mover_among_the_combats_players, fast_effects::test_nobody_who_asked_with_something_playable_means_no_window, fast_effects::test_a_player_who_concedes_with_the_window_passes_it_on |
| Untapped power divided, none beyond toughness (ruling) | combat::test_untapped_power_is_divided_capped_at_lethal |
| Attacker assigns first; damage simultaneous | combat::test_attacker_assigns_first_and_damage_is_simultaneous |
| Against banding, the banding side divides | combat::test_against_banding_the_banding_side_divides_the_damage_dealt_to_it |
| Ruling: at most what would kill it now; the rest lost | combat::test_a_creature_takes_at_most_what_would_kill_it_now |
| Then healing spells and prevention (before the deaths) | fast_effects::test_healing_and_prevention_come_after_the_damage_before_the_deaths |
| Lethal → removed pile; counters persist | combat::test_lethal_damage_goes_to_the_removed_pile_survivors_keep_damage |
| Casting: supply; creatures enter the stronghold, max 3 | casting_reach::test_creatures_enter_the_stronghold_at_most_three, movement::test_at_most_three_of_a_players_creatures_in_their_stronghold |
| Discard to 8 | setup_turn::test_discard_down_to_eight |
| Capture: alone in a stronghold at end of turn | casting_reach::test_a_player_alone_in_a_stronghold_takes_it_at_end_of_turn |
| Without a stronghold: no supply, no creatures | casting_reach::test_without_a_stronghold_no_supply_and_no_creatures |
| The game ends when one holds every stronghold | casting_reach::test_holding_every_stronghold_wins |

Views: views::test_views_print_supply_removed_units_and_places,
views::test_no_view_or_event_shows_another_players_stronghold. Properties: properties.

Every digest bullet has a test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.engine import apply
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.core.shared import basic_land
from frontier_desktop.rules.variants.wargame.variant import WarGame
from frontier_desktop.rules.views import describe
from frontier_desktop.rules.variants.wargame.spells import set_supply, supply
from tests.rules.helpers import card, pass_until, to_phase

WG = WarGame()
NAMES = ("Ann", "Ben", "Cat", "Dan")


def wargame_view(state: GameState, viewer: int | None = None, *, legal: bool = True,
                 reveal: bool = False) -> dict[str, Any]:
    """:func:`~frontier_desktop.rules.views.describe` of a War Game state."""
    return describe(state, viewer=viewer, legal=legal, reveal=reveal, variant=WG)


def deck(name: str = "Grizzly Bears", land: str = "Forest") -> list[Any]:
    return [card(name)] * 40 + [card(land)]


def game(players: int = 2, *, seed: int = 1, first: int = 0,
         decks: Sequence[Sequence[Any]] | None = None) -> GameState:
    """A new game with seat *first* starting, in their heal phase."""
    return WG.new_game(list(decks or [deck()] * players), NAMES[:players], seed=seed,
                       options={"first_player": first})


def play(state: GameState, action: A.Action | dict[str, Any],
         seat: int | None = None) -> tuple[GameState, list[dict[str, Any]]]:
    return apply(state, action, seat, variant=WG)


def put(state: GameState, name: str | Card, seat: int, at: Any, *, tapped: bool = False,
        damage: int = 0) -> str:
    """Put a creature card *name* (a pool card's name, or a :class:`Card`) of *seat*'s at *at*
    (no bookkeeping)."""
    c = card(name) if isinstance(name, str) else name
    state.defs = {**state.defs, c.name: c}
    obj = state.new_id("u")
    state.cards[obj] = (c.name, seat)
    state.perms[obj] = Permanent(obj, seat, "board", at, tapped=tapped, damage=damage)
    return obj


def give(state: GameState, seat: int, name: str) -> str:
    """Put a card *name* into *seat*'s hand."""
    c = card(name)
    state.defs = {**state.defs, c.name: c}
    obj = state.new_id("h")
    state.cards[obj] = (c.name, seat)
    state.players[seat].hand.append(obj)
    return obj


def set_land(state: GameState, at: Any, land_type: str) -> None:
    """Make the terrain at *at* a face-up *land_type*."""
    land = basic_land(land_type)
    state.defs = {**state.defs, land.name: land}
    cell = state.cells[at]
    assert cell.land is not None
    state.cards[cell.land] = (land.name, -1 if isinstance(at, tuple) else state.owner(cell.land))


def all_plains(state: GameState) -> GameState:
    """Every terrain Plains (no creature of the tests' colours matches, no island or
    mountain rule), so a test sets only the terrain it is about."""
    state = state.clone()
    for pos in state.board.positions():
        set_land(state, pos, "Plains")
    return state


def with_supply(state: GameState, seat: int, value: int) -> GameState:
    state = state.clone()
    set_supply(state, seat, value)
    return state


def pass_to(state: GameState, phase: str, active: int | None = None) -> GameState:
    return pass_until(play, state, phase, active)


__all__ = ["NAMES", "WG", "all_plains", "deck", "game", "give", "pass_to", "play", "put",
           "set_land", "supply", "to_phase", "wargame_view", "with_supply"]
