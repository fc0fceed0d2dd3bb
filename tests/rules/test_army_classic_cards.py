"""Classic cards in Army Magic positions, through ``apply``: the shared executors (one-shots,
spell mana, prevention, tutors) with Army's answers to the engine's hooks (reach, lands you
control, new permanents on the home base)."""

from __future__ import annotations

from frontier_desktop.rules.variants.army.board import land_life
from frontier_desktop.rules.views import describe
from tests.rules.army_helpers import army, land, standard_rows
from tests.rules.helpers import creature, of_type, refused, run, unit

BEAR = creature("Test Bear", ["G"], 2, 2)
ZOMBIE = creature("Test Zombie", ["B"], 2, 2)
RITUAL = {"name": "Dark Ritual", "type_line": "Instant", "mana_cost": "{B}", "colors": ["B"],
          "oracle_text": "Add {B}{B}{B}."}
CIRCLE = {"name": "Circle of Protection: Red", "type_line": "Enchantment", "mana_cost": "{1}{W}",
          "colors": ["W"], "oracle_text": "{1}: The next time a red source of your choice would "
                                          "deal damage to you this turn, prevent that damage."}
TUTOR = {"name": "Demonic Tutor", "type_line": "Sorcery", "mana_cost": "{1}{B}", "colors": ["B"],
         "oracle_text": "Search your library for a card, put that card into your hand, then "
                        "shuffle."}
ROWS = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Mountain", 1, 6),
                      (3, 2): land("Mountain", 1, 6), (4, 2): land("Mountain", 1, 6)})


def players(*cards, pool="{R}", ben=None, library=None):
    ann = {"name": "Ann", "hand": list(cards), "mana_pool": pool}
    if library is not None:
        ann["library"] = library
    return [ann, ben or {"name": "Ben"}]


def test_lightning_bolt_hits_an_enemy_land_in_range_and_is_refused_out_of_range():
    state = army(ROWS, players=players("Lightning Bolt"))
    state, _ = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": [[2, 2]]})
    assert land_life(state, (2, 2)) == 3
    state = army(ROWS, players=players("Lightning Bolt"))
    refused(state, {"type": "cast", "card": "Lightning Bolt", "targets": [[4, 2]]},
            match="out of range")


def test_giant_growth_pumps_a_creature_in_range():
    state = army(ROWS, [unit("a", BEAR, 0, (1, 2))], players=players("Giant Growth", pool="{G}"))
    state, _ = run(state, {"type": "cast", "card": "Giant Growth", "targets": ["a"]})
    assert state.perms["a"].pt_mod == (3, 3)


def test_terror_destroys_a_creature_and_is_refused_on_a_black_one():
    units = [unit("b", BEAR, 1, (2, 2)), unit("z", ZOMBIE, 1, (2, 2))]
    state = army(ROWS, units, players=players("Terror", pool="{1}{B}"))
    refused(state, {"type": "cast", "card": "Terror", "targets": ["z"]}, match="black")
    state, _ = run(state, {"type": "cast", "card": "Terror", "targets": ["b"]})
    assert "b" not in state.perms and "z" in state.perms


def test_counterspell_counters_a_spell_in_a_response_window():
    ben = {"name": "Ben", "responses": True, "hand": ["Counterspell"], "mana_pool": "{U}{U}"}
    state = army(ROWS, players=players("Lightning Bolt", ben=ben))
    state, _ = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": [[2, 2]]})
    assert describe(state)["pending"]["kind"] == "priority"
    top = state.stack[-1]["id"]
    state, events = run(state, {"type": "cast", "card": "Counterspell",
                                "targets": [{"stack": top}], "seat": 1})
    assert of_type(events, "countered") and land_life(state, (2, 2)) == 6 and not state.stack


def test_dark_ritual_adds_three_black_mana():
    state = army(ROWS, players=players(RITUAL, pool="{B}"))
    state, _ = run(state, {"type": "cast", "card": "Dark Ritual"})
    assert describe(state)["players"][0]["mana_pool"].count("B") == 3


def test_prodigal_sorcerer_pings_in_range_only():
    units = [unit("p", "Prodigal Sorcerer", 0, (1, 2)), unit("b", BEAR, 1, (2, 2)),
             unit("far", BEAR, 1, (4, 2))]
    state = army(ROWS, units, players=players())
    refused(state, {"type": "activate", "unit": "p", "ability": 0, "targets": ["far"]},
            match="out of range")
    state, _ = run(state, {"type": "activate", "unit": "p", "ability": 0, "targets": [[2, 2]]})
    assert land_life(state, (2, 2)) == 5 and state.perms["p"].tapped


def test_circle_of_protection_prevents_damage_from_a_red_source_to_a_land():
    # Ben answers Ann's Bolt at his land: his Circle (on his home base) and the Bolt as the
    # red source; damage to a land of his is damage to him, and the shield stops it.
    perms = [{"id": "cop", "card": CIRCLE, "owner": 1, "at": [5, 2]}]
    ben = {"name": "Ben", "responses": True, "mana_pool": "{1}"}
    state = army(ROWS, permanents=perms, players=players("Lightning Bolt", ben=ben))
    state, _ = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": [[2, 2]]})
    assert describe(state)["pending"]["kind"] == "priority"
    state, _ = run(state, {"type": "activate", "unit": "cop", "ability": 0, "seat": 1})
    pending = describe(state, viewer=1)["pending"]
    assert pending["kind"] == "choice" and "Lightning Bolt" in pending["options"], pending
    state, events = run(state, {"type": "choose", "choice": "Lightning Bolt", "seat": 1})
    while describe(state)["pending"] is not None:
        state, more = run(state, {"type": "pass", "seat": describe(state)["pending"]["seat"]})
        events += more
    assert land_life(state, (2, 2)) == 6 and of_type(events, "prevented")


def test_demonic_tutor_puts_the_card_named_in_the_hand():
    state = army(ROWS, players=players(TUTOR, pool="{1}{B}",
                                       library=["Giant Growth", "Lightning Bolt"]))
    state, _ = run(state, {"type": "cast", "card": "Demonic Tutor"})
    pending = describe(state)["pending"]
    assert pending is not None and pending["kind"] == "choice", pending
    state, _ = run(state, {"type": "choose", "choice": "Lightning Bolt"})
    assert [state.name(c) for c in state.players[0].hand] == ["Lightning Bolt"]


def test_a_creature_returned_from_the_graveyard_enters_on_the_home_base():
    state = _from_graveyard("Return target creature card from your graveyard to the "
                            "battlefield.")
    bear = next(p for p in state.perms.values() if state.name(p.id) == "Test Bear")
    assert bear.zone == "board" and bear.at == (0, 2), (bear.zone, bear.at)


def test_a_creature_put_onto_the_battlefield_from_a_graveyard_enters_on_the_home_base():
    # fx_oneshots put it into Frontier's staging row, which Army has not got.
    state = _from_graveyard("Put target creature card from a graveyard onto the battlefield "
                            "under your control.")
    bear = next(p for p in state.perms.values() if state.name(p.id) == "Test Bear")
    assert bear.zone == "board" and bear.at == (0, 2), (bear.zone, bear.at)


def _from_graveyard(text):
    rise = {"name": "Test Rise", "type_line": "Sorcery", "mana_cost": "{B}", "colors": ["B"],
            "oracle_text": text}
    ann = {"name": "Ann", "hand": [rise], "mana_pool": "{B}", "graveyard": [BEAR]}
    state = army(ROWS, players=[ann, {"name": "Ben"}])
    state, events = run(state, {"type": "cast", "card": "Test Rise",
                                "targets": [{"graveyard": 0, "card": "Test Bear"}]})
    assert not any("by hand" in str(e.get("note", "")) for e in events), events
    return state


def test_damage_divided_among_targets_reaches_a_land_too():
    spray = {"name": "Test Spray", "type_line": "Instant", "mana_cost": "{R}", "colors": ["R"],
             "oracle_text": "Test Spray deals 3 damage divided as you choose among any number "
                            "of targets."}
    state = army(ROWS, [unit("b", BEAR, 1, (2, 2))], players=players(spray))
    state, events = run(state, {"type": "cast", "card": "Test Spray",
                                "targets": [[2, 2], [2, 2], "b"]})
    assert not any("by hand" in str(e.get("note", "")) for e in events), events
    assert land_life(state, (2, 2)) == 4 and state.perms["b"].damage == 1


def test_tap_target_land_taps_an_enemy_land_in_range_until_its_controller_untaps():
    frost = {"name": "Test Frost", "type_line": "Instant", "mana_cost": "{U}", "colors": ["U"],
             "oracle_text": "Tap target land."}
    state = army(ROWS, players=players(frost, pool="{U}"))
    state, events = run(state, {"type": "cast", "card": "Test Frost", "targets": [[2, 2]]})
    assert state.cells[(2, 2)].tapped_by == 1, events  # Ben's: it untaps in his untap step
    state = army(ROWS, players=players(frost, pool="{U}"))
    refused(state, {"type": "cast", "card": "Test Frost", "targets": [[4, 2]]},
            match="out of range")


def test_a_creature_that_returns_to_the_battlefield_when_it_dies_enters_on_the_home_base():
    # fx_timing put it into Frontier's staging row, which Army has not got.
    from frontier_desktop.rules.variants import find_variant

    gargoyle = creature("Test Gargoyle", ["W"], 2, 2, oracle_text=(
        "When Test Gargoyle dies, return it to the battlefield under its owner's control at "
        "the beginning of the next end step."))
    state = army(ROWS, [unit("x", gargoyle, 1, (2, 2))], players=players("Lightning Bolt"))
    state, _ = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["x"]})
    assert "x" in state.players[1].graveyard
    for _ in range(12):  # on to the end step, where it comes back
        if "x" in state.perms:
            break
        state, _ = run(state, {"type": "pass", "seat": find_variant("army").acting_seat(state)})
    assert "x" in state.perms and state.perms["x"].zone == "board"
    assert state.perms["x"].at == (5, 2)  # Ben's home base


def _next_turn(state):
    from frontier_desktop.rules.variants import find_variant

    turn = state.turn
    for _ in range(12):
        if state.turn != turn:
            return state
        state, _ = run(state, {"type": "pass", "seat": find_variant("army").acting_seat(state)})
    raise AssertionError("the turn did not end")


def test_until_end_of_turn_wears_off_and_poison_counters_stay():
    # Army's end of turn forgot the granted abilities (Leaping Master flew for good) and
    # wiped every record, poison counters among them.
    state = army(ROWS, [unit("m", "Leaping Master", 0, (1, 2))],
                 players=players(pool="{2}{W}"))
    state.extra["fx_poison"] = {"1": 3}
    state, _ = run(state, {"type": "activate", "unit": "m", "ability": 0})
    assert state.perms["m"].granted
    state = _next_turn(state)
    assert not state.perms["m"].granted
    assert state.extra.get("fx_poison") == {"1": 3}


def test_a_creature_that_does_not_untap_stays_tapped_in_army_s_untap_step():
    colossus = creature("Test Colossus", [], 3, 3, oracle_text=(
        "Test Colossus doesn't untap during your untap step."))
    state = army(ROWS, [unit("c", colossus, 1, (2, 2), tapped=True),
                        unit("b", BEAR, 1, (2, 2), tapped=True)], players=players())
    state = _next_turn(state)
    assert state.active == 1 and state.perms["c"].tapped and not state.perms["b"].tapped


def test_time_walk_gives_an_extra_turn():
    walk = {"name": "Test Walk", "type_line": "Sorcery", "mana_cost": "{U}", "colors": ["U"],
            "oracle_text": "Take an extra turn after this one."}
    state = army(ROWS, players=players(walk, pool="{U}"))
    turn = state.turn
    state, _ = run(state, {"type": "cast", "card": "Test Walk"})
    state = _next_turn(state)
    assert state.active == 0 and state.turn == turn + 1


def test_a_creature_blocked_by_the_wall_can_t_attack_in_its_controller_s_next_turn():
    wall = creature("Test Wall", [], 0, 5, keywords=["Defender"], oracle_text=(
        "Defender\nWhenever Test Wall blocks a creature, that creature can't attack during "
        "its controller's next turn."))
    state = army(ROWS, [unit("a", BEAR, 0, (1, 2)), unit("w", wall, 1, (2, 2))],
                 players=players())
    state, _ = run(state, {"type": "attack", "units": ["a"], "target": [2, 2]},
                   {"type": "block", "blocker": "w", "attacker": "a", "seat": 1},
                   {"type": "done_blocking", "seat": 1})
    state = _next_turn(_next_turn(state))
    while state.phase != "main":
        state, _ = run(state, {"type": "pass"})
    assert state.active == 0 and "a" in state.perms
    refused(state, {"type": "attack", "units": ["a"], "target": [2, 2]}, match="can't attack")
