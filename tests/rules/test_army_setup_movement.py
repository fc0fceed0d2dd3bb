"""Army Magic: the board, set-up, the turn, units and movement (``shared/rules/army.md``)."""

from __future__ import annotations

import json

import pytest

from frontier_desktop.rules import InvalidActionError, apply, legal_actions, player_view
from frontier_desktop.rules.variants.army.board import controller, land_life
from tests.rules.army_helpers import (
    ARMY,
    army,
    land,
    read_army,
    sample_game,
    standard_rows,
)
from tests.rules.helpers import card, creature, of_type, refused, run, unit

BEAR = creature("Test Bear", ["G"], 2, 2)
VIGIL = creature("Watchful", ["W"], 2, 2, keywords=["Vigilance"])
WALL = creature("Test Wall", ["W"], 0, 4, keywords=["Defender"])


# ---------------------------------------------------------------------- board
def test_the_board_is_5_wide_6_deep_with_home_bases_at_0_2_and_5_2():
    state = sample_game(1)
    assert (state.board.rows, state.board.cols) == (6, 5)
    for seat, pos in ((0, (0, 2)), (1, (5, 2))):
        cell = state.cells[pos]
        assert cell.face_up and cell.extra["stronghold_of"] == seat
        assert controller(state, pos) == seat and land_life(state, pos) == 20
    others = [p for p in state.cells if p not in ((0, 2), (5, 2))]
    assert len(others) == 28
    assert all(not state.cells[p].face_up and controller(state, p) is None
               and land_life(state, p) is None for p in others)


def test_each_half_is_its_owners_fifteen_lands():
    library, sections = read_army()
    state = ARMY.new_game([library, library], ["Ann", "Ben"], seed=2,
                          sections=[sections, sections])
    for seat, rows in ((0, range(0, 3)), (1, range(3, 6))):
        lands = [state.cells[(r, c)].land for r in rows for c in range(5)]
        assert all(state.owner(x) == seat for x in lands)
        names = sorted(state.name(x) for x in lands)
        assert names == sorted([c.name for c in sections["home_base"]]
                               + [c.name for c in sections["land_grid"]])


def test_a_grid_that_is_not_fifteen_lands_is_refused():
    library, sections = read_army()
    short = dict(sections, land_grid=sections["land_grid"][:10])
    with pytest.raises(ValueError, match="15"):
        ARMY.new_game([library, library], ["Ann", "Ben"], sections=[short, sections])


def test_hidden_treasure_lies_under_a_face_down_land_and_goes_to_who_explores_it():
    state = sample_game(4, options={"hidden_treasure": True},
                        forces=("Benalish Hero", "Sol Ring"))
    hidden = [(pos, cell.extra["_treasure"]) for pos, cell in state.cells.items()
              if cell.extra and cell.extra.get("_treasure")]
    assert len(hidden) == 2 and all(not state.cells[p].face_up for p, _ in hidden)
    assert not any(state.name(p.id) == "Sol Ring" for p in state.perms.values())
    for viewer in (0, 1):  # nobody sees where it lies, nor what it is
        view = json.dumps(player_view(state, viewer))
        assert "Sol Ring" not in view and not any(i in view for _, ids in hidden for i in ids)
    pos, ids = next((p, i) for p, i in hidden if p[0] < 3)
    explorer = next(p for p in state.perms.values() if p.controller == 0)
    state.perms[explorer.id].at = next(n for n in state.board.neighbours(pos))
    state.cells[state.perms[explorer.id].at].extra.update({"controller": 0, "life": 6})
    state.cells[state.perms[explorer.id].at].face_up = True
    state.active, state.phase = 0, "main"
    state, events = apply(state, {"type": "move", "units": [explorer.id], "to": list(pos)})
    assert of_type(events, "treasure")[0]["unit"] == ids[0]
    assert state.perms[ids[0]].controller == 0 and state.perms[ids[0]].at == pos


# ---------------------------------------------------------------------- set-up
def test_initial_forces_start_on_the_home_base_untapped_and_not_sick():
    state = sample_game(1)
    for seat, home in ((0, (0, 2)), (1, (5, 2))):
        mine = [p for p in state.perms.values() if p.controller == seat]
        assert sorted(state.name(p.id) for p in mine) == ["Benalish Hero", "Mesa Pegasus"]
        assert all(p.at == home and not p.tapped and not p.sick for p in mine)


def test_seven_cards_no_mulligans_and_the_first_player_skips_the_first_draw():
    state = sample_game(1)
    assert [len(p.hand) for p in state.players] == [7, 7]
    assert state.decision is None and state.phase == "upkeep"
    assert not any(a.type in ("mulligan", "keep") for a in legal_actions(state))
    first = state.active
    state, events = apply(state, {"type": "pass"})
    assert of_type(events, "skip_draw") and len(state.players[first].hand) == 7


def test_the_first_player_is_drawn_from_the_seed():
    firsts = {sample_game(seed).first_player for seed in range(12)}
    assert firsts == {0, 1}
    assert sample_game(5).first_player == sample_game(5).first_player
    assert sample_game(5, options={"first_player": 1}).first_player == 1


# ---------------------------------------------------------------------- turn
def test_the_turn_runs_untap_upkeep_draw_main_combat_main2_end():
    state = army(units=[unit("a", BEAR, 0, (0, 2))], phase="upkeep",
                 players=[{"name": "Ann", "library": 5}, {"name": "Ben", "library": 5}])
    seen = []
    for _ in range(6):
        state, events = apply(state, {"type": "pass"})
        seen += [e["phase"] for e in of_type(events, "phase")]
    assert seen == ["draw", "main", "combat", "main2", "end", "upkeep"]
    assert state.active == 1 and state.turn == 3


def test_untap_untaps_the_active_players_lands_and_creatures():
    rows = standard_rows({(1, 2): {**land("Plains", 1, 6), "tapped_by": 1}})
    state = army(rows, [unit("b", BEAR, 1, (1, 2), tapped=True)], active=0, phase="end")
    state, events = apply(state, {"type": "pass"})
    assert state.active == 1
    assert state.cells[(1, 2)].tapped_by is None and not state.perms["b"].tapped


# ---------------------------------------------------------------------- units
def test_creatures_on_one_land_move_together_and_split_freely():
    rows = standard_rows({(1, 2): land("Plains", 0, 6)})
    units = [unit("a", BEAR, 0, (0, 2)), unit("b", BEAR, 0, (0, 2)), unit("c", BEAR, 0, (0, 2))]
    state = army(rows, units)
    state, _ = run(state, {"type": "move", "units": ["a", "b"], "to": [1, 2]})
    assert [state.perms[i].at for i in "abc"] == [(1, 2), (1, 2), (0, 2)]
    state, _ = run(state, {"type": "move", "unit": "c", "to": [1, 2]})
    assert state.perms["c"].at == (1, 2)


def test_units_moving_together_must_stand_on_one_land():
    rows = standard_rows({(1, 2): land("Plains", 0, 6)})
    state = army(rows, [unit("a", BEAR, 0, (0, 2)), unit("b", BEAR, 0, (1, 2))])
    refused(state, {"type": "move", "units": ["a", "b"], "to": [1, 1]}, match="one land")


def test_a_creature_moves_once_a_turn_and_one_that_joined_a_unit_cant_move_with_it():
    rows = standard_rows({(1, 2): land("Plains", 0, 6), (2, 2): land("Plains", 0, 6)})
    state = army(rows, [unit("a", BEAR, 0, (0, 2)), unit("b", BEAR, 0, (1, 2))])
    state, _ = run(state, {"type": "move", "unit": "a", "to": [1, 2]})
    refused(state, {"type": "move", "units": ["b", "a"], "to": [2, 2]}, match="already moved")
    state, _ = run(state, {"type": "move", "unit": "b", "to": [2, 2]})  # b alone may go on


def test_the_units_top_card_is_its_largest_power_plus_toughness():
    big = creature("Big One", ["G"], 4, 5)
    state = army(units=[unit("a", BEAR, 0, (0, 2)), unit("g", big, 0, (0, 2))])
    facts = ARMY.unit_facts(state, "a")
    assert facts["unit"] == ["a", "g"] and facts["top"] == "g"


def test_moves_only_in_a_main_phase_never_in_combat():
    rows = standard_rows({(1, 2): land("Plains", 0, 6)})
    state = army(rows, [unit("a", BEAR, 0, (0, 2))], phase="main2")
    run(state, {"type": "move", "unit": "a", "to": [1, 2]})
    state = army(rows, [unit("a", BEAR, 0, (0, 2))], phase="combat")
    refused(state, {"type": "move", "unit": "a", "to": [1, 2]}, match="main")


def test_a_move_waits_for_a_response_when_the_opponent_asked_for_one():
    # The move goes on the stack; Ben asked for responses and holds an answer: he gets priority.
    rows = standard_rows({(1, 2): land("Plains", 0, 6)})
    state = army(rows, [unit("a", BEAR, 0, (0, 2))],
                 players=[{"name": "Ann"}, {"name": "Ben", "responses": True,
                                            "hand": ["Lightning Bolt"]}])
    state, events = run(state, {"type": "move", "unit": "a", "to": [1, 2]})
    assert state.perms["a"].at == (0, 2) and state.pending["responder"] == 1
    assert [i["kind"] for i in state.stack] == ["move"]
    state, events = run(state, {"type": "pass", "seat": 1})
    assert state.perms["a"].at == (1, 2) and state.pending is None and not state.stack


def test_a_move_nobody_can_answer_resolves_at_once():
    # "Nothing waits that nobody can answer": Ben wants responses but holds nothing.
    rows = standard_rows({(1, 2): land("Plains", 0, 6)})
    state = army(rows, [unit("a", BEAR, 0, (0, 2))],
                 players=[{"name": "Ann"}, {"name": "Ben", "responses": True}])
    state, _ = run(state, {"type": "move", "unit": "a", "to": [1, 2]})
    assert state.perms["a"].at == (1, 2) and state.pending is None and not state.stack


def test_a_move_answered_by_killing_the_unit_fizzles():
    # Ben answers the move with a Lightning Bolt on the mover, in range of his own land.
    rows = standard_rows({(1, 2): land("Plains", 0, 6), (2, 2): land("Mountain", 1, 6)})
    state = army(rows, [unit("a", BEAR, 0, (1, 2))],
                 players=[{"name": "Ann"}, {"name": "Ben", "responses": True,
                                            "hand": ["Lightning Bolt"], "mana_pool": "{R}"}])
    state, _ = run(state, {"type": "move", "unit": "a", "to": [1, 1]})
    assert state.pending["responder"] == 1
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["a"],
                                "seat": 1})
    assert "a" not in state.perms and not state.stack
    assert of_type(events, "fizzled") and controller(state, (1, 1)) is None


# ---------------------------------------------------------------------- exploring
def test_exploring_taps_the_movers_turns_the_land_and_puts_the_explorers_die_at_6():
    state = army(units=[unit("a", BEAR, 0, (0, 2)), unit("v", VIGIL, 0, (0, 2))])
    state, events = run(state, {"type": "move", "units": ["a", "v"], "to": [1, 2]})
    cell = state.cells[(1, 2)]
    assert cell.face_up and controller(state, (1, 2)) == 0 and land_life(state, (1, 2)) == 6
    assert state.perms["a"].tapped and not state.perms["v"].tapped  # vigilance
    assert of_type(events, "revealed") and of_type(events, "control")[0]["to"] == 0


def test_a_land_that_enters_tapped_is_explored_tapped():
    tapland = {"name": "Slow Land", "type_line": "Land", "produced_mana": ["W"],
               "oracle_text": "Slow Land enters the battlefield tapped.\n{T}: Add {W}."}
    rows = standard_rows({(1, 2): {"land": tapland, "face_up": False}})
    state, _ = run(army(rows, [unit("a", BEAR, 0, (0, 2))]),
                   {"type": "move", "unit": "a", "to": [1, 2]})
    assert state.cells[(1, 2)].tapped_by == 0


def test_moving_onto_your_own_land_keeps_the_unit_untapped_but_it_cant_move_again_or_attack():
    rows = standard_rows({(1, 2): land("Plains", 0, 6), (2, 2): land("Mountain", 1, 6)})
    state = army(rows, [unit("a", BEAR, 0, (0, 2))])
    state, _ = run(state, {"type": "move", "unit": "a", "to": [1, 2]})
    assert not state.perms["a"].tapped
    refused(state, {"type": "move", "unit": "a", "to": [1, 1]}, match="already moved")
    refused(state, {"type": "attack", "units": ["a"], "target": [2, 2]}, match="moved")


def test_a_unit_never_moves_onto_an_enemy_land():
    rows = standard_rows({(1, 2): land("Mountain", 1, 6)})
    state = army(rows, [unit("a", BEAR, 0, (0, 2))])
    refused(state, {"type": "move", "unit": "a", "to": [1, 2]}, match="attack it")


def test_defenders_cant_move():
    state = army(units=[unit("w", WALL, 0, (0, 2))])
    refused(state, {"type": "move", "unit": "w", "to": [1, 2]}, match="defender")


def test_summoning_sickness_stops_attacking_not_moving_unless_the_option_says_so():
    rows = standard_rows({(1, 2): land("Mountain", 1, 6)})
    state = army(rows, [unit("a", BEAR, 0, (0, 2), sick=True)])
    refused(state, {"type": "attack", "units": ["a"], "target": [1, 2]}, match="sick")
    state = army(units=[unit("a", BEAR, 0, (0, 2), sick=True)])
    run(state, {"type": "move", "unit": "a", "to": [0, 1]})
    state = army(units=[unit("a", BEAR, 0, (0, 2), sick=True)],
                 options={"sick_cant_move": True})
    refused(state, {"type": "move", "unit": "a", "to": [0, 1]}, match="sick")


def test_a_creature_cast_this_turn_enters_on_the_home_base_and_may_explore_from_it():
    state = army(units=[], players=[{"name": "Ann", "hand": ["Grizzly Bears"],
                                     "mana_pool": "{G}{G}"}, {"name": "Ben"}])
    state, events = run(state, {"type": "cast", "card": "Grizzly Bears"})
    bear = of_type(events, "cast")[0]["id"]
    assert state.perms[bear].at == (0, 2) and state.perms[bear].sick
    state, _ = run(state, {"type": "move", "unit": bear, "to": [1, 2]})
    assert controller(state, (1, 2)) == 0


def test_planeswalkers_move_and_explore_and_then_use_no_ability_that_turn():
    walker = {"name": "Test Walker", "type_line": "Legendary Planeswalker — Test",
              "oracle_text": "{T}: Add {R}."}
    state = army(permanents=[{"id": "pw", "card": walker, "owner": 0, "at": [0, 2]}])
    moves = [a.to_wire() for a in legal_actions(state) if a.type == "move"]
    assert {"type": "move", "unit": "pw", "to": [1, 2], "units": ["pw"]} in moves
    state, events = run(state, {"type": "move", "unit": "pw", "to": [1, 2]})
    assert state.perms["pw"].at == (1, 2) and controller(state, (1, 2)) == 0
    refused(state, {"type": "activate", "unit": "pw", "ability": 0}, match="explored")
    refused(state, {"type": "attack", "units": ["pw"], "target": [2, 2]}, error=InvalidActionError)
