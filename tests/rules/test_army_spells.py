"""Army Magic on the effects engine: spells and abilities on the stack with targets in range,
damage to a player dealt to a land, life on a land the player chooses, effects with an
``origin``, and the ``origin`` field on the wire."""

from __future__ import annotations

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules import legal_actions
from frontier_desktop.rules.variants.army.board import controller, land_life
from frontier_desktop.rules.views import describe
from tests.rules.army_helpers import army, land, standard_rows
from tests.rules.helpers import creature, of_type, refused, run, unit

BEAR = creature("Test Bear", ["G"], 2, 2)
PINGER = creature("Test Pinger", ["U"], 1, 1,
                  oracle_text="{T}: Test Pinger deals 1 damage to any target.")
SALVE = {"name": "Test Salve", "type_line": "Instant", "mana_cost": "",
         "oracle_text": "You gain 4 life."}
LEECH = {"name": "Test Leech", "type_line": "Sorcery", "mana_cost": "",
         "oracle_text": "You lose 2 life."}
QUAKE = {"name": "Test Quake", "type_line": "Sorcery", "mana_cost": "",
         "oracle_text": "Test Quake deals 1 damage to each creature and each player."}
ROWS = standard_rows({(1, 2): land("Forest", 0, 6), (1, 1): land("Plains", 0, 4),
                      (2, 2): land("Mountain", 1, 6), (3, 2): land("Mountain", 1, 6),
                      (4, 2): land("Mountain", 1, 6)})


def hand(*cards, pool="{R}{R}{R}", ben=None):
    return [{"name": "Ann", "hand": list(cards), "mana_pool": pool},
            ben or {"name": "Ben"}]


# ---------------------------------------------------------------------- targets and the stack
def test_a_spell_goes_on_the_stack_and_resolves_on_a_target_in_range():
    state = army(ROWS, [unit("d", BEAR, 1, (2, 2))], players=hand("Lightning Bolt"))
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["d"]})
    assert of_type(events, "stacked") and of_type(events, "resolved")
    assert "d" not in state.perms and not state.stack
    assert state.players[0].graveyard  # the Bolt, once resolved


def test_a_target_out_of_range_is_refused_with_a_sentence():
    state = army(ROWS, [unit("far", BEAR, 1, (4, 2))], players=hand("Lightning Bolt"))
    refused(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["far"]},
            match="Lightning Bolt can't target Test Bear: out of range")


def test_the_opponent_with_a_window_answers_a_spell_before_it_resolves():
    ben = {"name": "Ben", "responses": True, "hand": ["Lightning Bolt"], "mana_pool": "{R}"}
    state = army(ROWS, [unit("a", BEAR, 0, (1, 2)), unit("d", BEAR, 1, (2, 2))],
                 players=hand("Giant Growth", pool="{G}", ben=ben))
    state, _ = run(state, {"type": "cast", "card": "Giant Growth", "targets": ["a"]})
    assert describe(state)["pending"]["kind"] == "priority" and len(state.stack) == 1
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["a"],
                                "seat": 1})
    # The Bolt resolves first: the Growth's only target is gone, so it fizzles.
    assert "a" not in state.perms and of_type(events, "fizzled") and not state.stack


def test_a_permanents_ability_goes_on_the_stack_within_its_reach():
    state = army(ROWS, [unit("p", PINGER, 0, (1, 2)), unit("d", BEAR, 1, (2, 2)),
                        unit("far", BEAR, 1, (3, 2))])
    refused(state, {"type": "activate", "unit": "p", "ability": 0, "targets": ["far"]},
            match="out of range: Test Pinger reaches only its own land")
    state, events = run(state, {"type": "activate", "unit": "p", "ability": 0,
                                "targets": ["d"]})
    assert state.perms["d"].damage == 1 and state.perms["p"].tapped
    assert of_type(events, "stacked")[0]["kind"] == "ability"
    listed = [a.to_wire() for a in legal_actions(army(ROWS, [unit("p", PINGER, 0, (1, 2)),
                                                             unit("far", BEAR, 1, (3, 2))]))
              if a.type == "activate"]
    assert listed and all(t != "far" for a in listed for t in a.get("targets", ()))


# ---------------------------------------------------------------------- damage to a player
def test_damage_to_a_player_is_dealt_to_a_land_of_theirs_in_range():
    state = army(ROWS, players=hand("Lightning Bolt"))
    refused(state, {"type": "cast", "card": "Lightning Bolt", "targets": [{"player": 1}]},
            match="dealt to a land of theirs: target the land")
    refused(state, {"type": "cast", "card": "Lightning Bolt", "targets": [[3, 2]]},
            match="out of range")
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": [[2, 2]]})
    assert land_life(state, (2, 2)) == 3
    assert of_type(events, "land_life")[-1] == {"type": "land_life", "at": [2, 2], "life": 3,
                                                "delta": -3}


def test_a_land_a_bolt_brings_to_0_is_captured_by_the_caster():
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Mountain", 1, 2)})
    state, events = run(army(rows, players=hand("Lightning Bolt")),
                        {"type": "cast", "card": "Lightning Bolt", "targets": [[2, 2]]})
    assert controller(state, (2, 2)) == 0 and land_life(state, (2, 2)) == 6


def test_legal_casts_name_lands_in_range_for_damage_never_a_player():
    state = army(ROWS, players=hand("Lightning Bolt"))
    targets = [a.to_wire()["targets"][0] for a in legal_actions(state)
               if a.type == "cast" and a.to_wire().get("targets")]
    assert [2, 2] in targets and [3, 2] not in targets
    assert not any(isinstance(t, dict) and "player" in t for t in targets)


# ---------------------------------------------------------------------- life on a land
def test_life_gained_goes_on_a_land_the_player_chooses():
    state = army(ROWS, players=hand(SALVE))
    state, events = run(state, {"type": "cast", "card": "Test Salve"})
    pending = describe(state)["pending"]
    assert pending["kind"] == "place" and pending["seat"] == 0
    spots = {tuple(o["at"]) for o in pending["options"]}
    assert spots == {(0, 2), (1, 2), (1, 1)}
    key = pending["options"][0]["id"]
    state, events = run(state, {"type": "place", "id": key, "at": [1, 1]})
    assert land_life(state, (1, 1)) == 6  # 4 + 4, and a d6 shows at most 6
    assert state.decision is None


def test_life_lost_may_go_on_any_land_of_theirs_one_it_empties_included():
    # The ruling (life on lands): any land they control, one it brings to 0 included (the
    # option says the land would be destroyed); before, the Plains at 2 was left out.
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (1, 1): land("Plains", 0, 2)})
    state, _ = run(army(rows, players=hand(LEECH)), {"type": "cast", "card": "Test Leech"})
    options = {tuple(o["at"]): o for o in describe(state)["pending"]["options"]}
    assert set(options) == {(0, 2), (1, 1), (1, 2)}
    assert options[(1, 1)]["life"] == 0 and options[(1, 1)]["destroyed"] is True
    assert options[(0, 2)]["life"] == 18 and "destroyed" not in options[(0, 2)]
    state, _ = run(state, {"type": "place", "id": options[(0, 2)]["id"], "at": [0, 2]})
    assert land_life(state, (0, 2)) == 18


def test_discard_needs_no_range():
    ben = {"name": "Ben", "hand": ["Plains", "Island", "Forest"]}
    state = army(ROWS, players=hand("Mind Rot", pool="{B}{B}{B}", ben=ben))
    state, _ = run(state, {"type": "cast", "card": "Mind Rot", "targets": [{"player": 1}]})
    assert describe(state)["pending"]["kind"] == "discard"
    state, _ = run(state, {"type": "discard", "cards": ["Plains", "Island"], "seat": 1})
    assert len(state.players[1].hand) == 1 and state.decision is None


# ---------------------------------------------------------------------- origin
def test_an_effect_with_no_target_needs_an_origin_in_range_and_reaches_its_neighbours():
    units = [unit("a", BEAR, 0, (1, 1)), unit("d", BEAR, 1, (2, 2)), unit("far", BEAR, 1, (4, 2))]
    state = army(ROWS, units, players=hand("Wrath of God", pool="{W}{W}{W}{W}"))
    refused(state, {"type": "cast", "card": "Wrath of God"}, match="choose its origin")
    refused(state, {"type": "cast", "card": "Wrath of God", "origin": [4, 2]},
            match="out of range")
    state, _ = run(state, {"type": "cast", "card": "Wrath of God", "origin": [1, 2]})
    # (1, 2) and its neighbours (0, 2), (2, 2), (1, 1), (1, 3): the bears there die.
    assert "a" not in state.perms and "d" not in state.perms and "far" in state.perms
    origins = {tuple(a.to_wire()["origin"]) for a in legal_actions(
        army(ROWS, units, players=hand("Wrath of God", pool="{W}{W}{W}{W}")))
        if a.type == "cast"}
    assert (1, 2) in origins and (4, 2) not in origins


def test_an_origin_for_a_spell_with_a_target_is_refused():
    state = army(ROWS, [unit("d", BEAR, 1, (2, 2))], players=hand("Lightning Bolt"))
    refused(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["d"],
                    "origin": [1, 2]}, match="takes no origin")


def test_damage_to_each_player_goes_to_their_lands_in_the_area():
    units = [unit("a", BEAR, 0, (1, 2)), unit("far", BEAR, 1, (4, 2))]
    state = army(ROWS, units, players=hand(QUAKE))
    state, events = run(state, {"type": "cast", "card": "Test Quake", "origin": [1, 2]})
    # Ann chooses where her own damage goes first (three lands of hers in the area).
    pending = describe(state)["pending"]
    assert pending["kind"] == "place"
    assert state.perms["a"].damage == 1 and state.perms["far"].damage == 0
    assert land_life(state, (2, 2)) == 5  # Ben's only land in the area


def test_origin_is_on_the_wire_and_in_the_protocol_schema():
    from frontier_desktop.net.protocol import ACTION_SCHEMAS

    cast = A.Cast.from_wire({"type": "cast", "card": "Wrath of God", "origin": [1, 2]})
    assert cast.origin == (1, 2) and cast.to_wire()["origin"] == [1, 2]
    assert "origin" not in A.Cast(card="Lightning Bolt").to_wire()
    assert "origin" in ACTION_SCHEMAS["cast"]


@pytest.mark.parametrize("card", ["Grizzly Bears"])
def test_a_creature_spell_resolves_onto_the_home_base(card):
    state, events = run(army(ROWS, players=hand(card, pool="{G}{G}")),
                        {"type": "cast", "card": card})
    resolved = of_type(events, "resolved")[0]
    assert resolved["to"] == [0, 2] and state.perms[resolved["unit"]].at == (0, 2)


# ---------------------------------------------------------------------- planeswalkers, control
WALKER = {"name": "Test Walker", "type_line": "Legendary Planeswalker — Test",
          "oracle_text": "{T}: Add {R}."}


def _walker_attack():
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Mountain", 1, 6)})
    state = army(rows, [unit("a", BEAR, 0, (1, 2)), unit("b", BEAR, 0, (1, 2))],
                 permanents=[{"id": "pw", "card": WALKER, "owner": 1, "at": [2, 2]}])
    state.perms["pw"].counters = {"loyalty": 3}
    return state


def test_an_unblocked_attacker_may_hit_a_planeswalker_on_the_land_instead():
    state, _ = run(_walker_attack(), {"type": "attack", "units": ["a", "b"], "target": [2, 2]})
    pending = describe(state)["pending"]
    assert pending["kind"] == "assign" and set(pending["options"][0]["units"]) == {"land", "pw"}
    # All of one attacker's damage to one of them: a split is refused.
    refused(state, {"type": "assign", "attacker": "a", "damage": {"land": 1, "pw": 1}},
            match="to the land or to one planeswalker")
    listed = [a.to_wire()["damage"] for a in legal_actions(state, 0) if a.type == "assign"]
    assert listed == [{"land": 2}, {"pw": 2}]
    state, events = run(state, {"type": "assign", "attacker": "a", "damage": {"pw": 2}},
                        {"type": "assign", "attacker": "b", "damage": {"land": 2}})
    assert state.perms["pw"].counters["loyalty"] == 1 and land_life(state, (2, 2)) == 4


def test_a_planeswalker_dealt_its_loyalty_in_damage_dies():
    state, _ = run(_walker_attack(), {"type": "attack", "units": ["a", "b"], "target": [2, 2]},
                   {"type": "assign", "attacker": "a", "damage": {"pw": 2}})
    state, events = run(state, {"type": "assign", "attacker": "b", "damage": {"pw": 2}})
    assert "pw" not in state.perms and of_type(events, "died")[0]["reason"] == "no loyalty left"


def test_without_a_planeswalker_unblocked_damage_goes_to_the_land_without_asking():
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Mountain", 1, 6)})
    state, _ = run(army(rows, [unit("a", BEAR, 0, (1, 2))]),
                   {"type": "attack", "units": ["a"], "target": [2, 2]})
    assert state.decision is None and land_life(state, (2, 2)) == 4


def test_a_permanent_that_changes_control_in_play_moves_at_once_next_to_its_new_controller():
    # Ben's bear on Ben's land comes under Ann's control (an effect's executor changes
    # perm.controller): after the action it stands next to a land of Ann's, not among Ben's.
    from frontier_desktop.rules.variants import find_variant

    rows = standard_rows({(2, 1): land("Forest", 0, 6), (2, 3): land("Forest", 0, 6),
                          (2, 2): land("Mountain", 1, 6), (3, 2): land("Mountain", 1, 6)})
    state = army(rows, [unit("d", BEAR, 1, (2, 2)), unit("e", BEAR, 1, (2, 2))])
    state.perms["d"].controller = 0
    events: list = []
    find_variant("army").after_action(state, events)
    # The ruling (change of control): a land Ann controls next to the one where it stands,
    # (2, 1) or (2, 3); her home base, farther, is not offered.
    assert state.decision["kind"] == "place" and state.decision["player"] == 0
    assert {tuple(o["at"]) for o in state.decision["options"]} == {(2, 1), (2, 3)}
    state, _ = run(state, {"type": "place", "id": "d", "at": [2, 3]})
    assert state.perms["d"].at == (2, 3) and state.perms["e"].at == (2, 2)


def test_a_planeswalker_that_explored_lists_and_uses_no_ability_that_turn():
    state = army(permanents=[{"id": "pw", "card": WALKER, "owner": 0, "at": [0, 2]}])
    state, _ = run(state, {"type": "move", "unit": "pw", "to": [1, 2]})
    assert not [a for a in legal_actions(state) if a.type == "activate"]
    refused(state, {"type": "activate", "unit": "pw", "ability": 0}, match="explored")


def test_the_table_learns_the_origins_a_spell_may_take():
    from frontier_desktop.rules.variants.army.spells import origin_choices

    state = army(ROWS, players=hand("Wrath of God", "Lightning Bolt"))
    wrath, bolt = state.players[0].hand
    assert [1, 2] in origin_choices(state, 0, wrath) and [4, 2] not in origin_choices(state, 0, wrath)
    assert origin_choices(state, 0, bolt) == []


def test_a_pending_life_choice_and_a_move_on_the_stack_say_what_they_are():
    state, _ = run(army(ROWS, players=hand(SALVE)), {"type": "cast", "card": "Test Salve"})
    pending = describe(state)["pending"]
    assert (pending["purpose"], pending["amount"], pending["of"], pending["card"]) == \
        ("gain", 4, 0, "Test Salve")
    ben = {"name": "Ben", "responses": True, "hand": ["Lightning Bolt"]}
    state, _ = run(army(ROWS, [unit("a", BEAR, 0, (0, 2))], players=hand(ben=ben)),
                   {"type": "move", "unit": "a", "to": [1, 2]})
    item = describe(state)["stack"][0]
    assert (item["kind"], item["units"], item["to"]) == ("move", ["a"], [1, 2])


def test_an_enters_trigger_fires_when_a_creature_resolves_onto_the_home_base():
    scout = creature("Test Scout", ["G"], 1, 1, mana_cost="{G}",
                     oracle_text="When Test Scout enters the battlefield, draw a card.")
    players = [{"name": "Ann", "hand": [scout], "mana_pool": "{G}", "library": ["Forest"]},
               {"name": "Ben"}]
    state, events = run(army(ROWS, players=players), {"type": "cast", "card": "Test Scout"})
    assert [state.name(c) for c in state.players[0].hand] == ["Forest"]


def test_a_sorcery_speed_ability_works_in_the_second_main_phase():
    sorc = creature("Test Drummer", ["R"], 1, 1, oracle_text=(
        "{T}: Test Drummer deals 1 damage to any target. Activate only as a sorcery."))
    state = army(ROWS, [unit("p", sorc, 0, (1, 2)), unit("d", BEAR, 1, (2, 2))], phase="main2")
    state, _ = run(state, {"type": "activate", "unit": "p", "ability": 0, "targets": ["d"]})
    assert state.perms["d"].damage == 1


# ---------------------------------------------------------------------- statics in the area
KNIGHT = creature("Test Knight", ["W"], 2, 2)


def test_an_anthem_reaches_only_its_land_and_the_next_ones_and_an_aura_its_creature():
    units = [unit("near", KNIGHT, 0, (1, 2)), unit("far", KNIGHT, 0, (3, 3))]
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Plains", 0, 6),
                          (3, 2): land("Plains", 0, 6), (3, 3): land("Plains", 0, 6)})
    state = army(rows, units, permanents=[{"id": "cru", "card": "Crusade", "owner": 0,
                                            "at": [0, 2]}])
    from frontier_desktop.rules.variants import find_variant

    variant = find_variant("army")
    assert variant.effective_pt(state, state.perms["near"]) == (3, 3)
    assert variant.effective_pt(state, state.perms["far"]) == (2, 2)
    players = [{"name": "Ann", "hand": ["Holy Strength"], "mana_pool": "{W}"}, {"name": "Ben"}]
    state, _ = run(army(rows, units, players=players),
                   {"type": "cast", "card": "Holy Strength", "targets": ["near"]})
    assert variant.effective_pt(state, state.perms["near"]) == (3, 4)


def test_an_anthem_counts_in_combat():
    # A white 2/2 under Crusade is a 3/3: it kills a blocking 2/2 and survives it.
    rows = standard_rows({(1, 2): land("Plains", 0, 6), (2, 2): land("Mountain", 1, 6)})
    state = army(rows, [unit("k", KNIGHT, 0, (1, 2)), unit("d", BEAR, 1, (2, 2))],
                 permanents=[{"id": "cru", "card": "Crusade", "owner": 0, "at": [1, 2]}])
    state, _ = run(state, {"type": "attack", "units": ["k"], "target": [2, 2]},
                   {"type": "block", "blocker": "d", "attacker": "k", "seat": 1},
                   {"type": "done_blocking", "seat": 1})
    assert "k" in state.perms and "d" not in state.perms


# ---------------------------------------------------------------------- "unless its controller pays"
LEAK = {"name": "Test Leak", "type_line": "Instant", "mana_cost": "",
        "oracle_text": "Counter target spell unless its controller pays {3}."}


def _leaked():
    ben = {"name": "Ben", "responses": True, "hand": [LEAK]}
    state, events = run(army(ROWS, players=hand("Grizzly Bears", pool="{G}{G}", ben=ben)),
                        {"type": "cast", "card": "Grizzly Bears"})
    spell = of_type(events, "stacked")[0]["id"]
    state, _ = run(state, {"type": "cast", "card": "Test Leak", "targets": [{"stack": spell}],
                           "seat": 1})
    return state


def test_a_spell_countered_unless_paid_is_paid_for_with_the_casters_lands():
    state = _leaked()
    pending = describe(state)["pending"]
    assert pending["kind"] == "choice" and pending["seat"] == 0
    assert {a.to_wire()["choice"] for a in legal_actions(state, 0)
            if a.type == "choose"} == {"pay", "decline"}
    state, events = run(state, {"type": "choose", "choice": "pay"})
    assert len(of_type(events, "land_tapped")) == 3
    assert any(state.name(p) == "Grizzly Bears" for p in state.perms)


def test_a_spell_countered_unless_paid_is_countered_when_declined():
    state, events = run(_leaked(), {"type": "choose", "choice": "decline"})
    assert of_type(events, "countered") and not state.stack
    assert not any(state.name(p) == "Grizzly Bears" for p in state.perms)


def test_an_x_spell_pays_x_from_the_lands_and_deals_x_to_a_land():
    blast = {"name": "Test Blast", "type_line": "Sorcery", "mana_cost": "{X}{R}",
             "colors": ["R"], "oracle_text": "Test Blast deals X damage to any target."}
    state = army(ROWS, players=hand(blast, pool="{R}"))
    state, events = run(state, {"type": "cast", "card": "Test Blast", "x": 2,
                                "targets": [[2, 2]]})
    assert land_life(state, (2, 2)) == 4 and len(of_type(events, "land_tapped")) == 2


def test_a_change_of_control_during_a_resolution_moves_the_permanent_before_the_next():
    # The state checks after each resolution (not only after the whole action) place it.
    from frontier_desktop.rules.variants import find_variant

    rows = standard_rows({(2, 1): land("Forest", 0, 6), (2, 3): land("Forest", 0, 6),
                          (2, 2): land("Mountain", 1, 6)})
    state = army(rows, [unit("d", BEAR, 1, (2, 2))])
    state.perms["d"].controller = 0
    find_variant("army").state_checks(state, [])
    assert state.decision["kind"] == "place" and state.decision["id"] == "d"


# ---------------------------------------------------------------------- attack triggers
CAVE = creature("Test Cave", ["R"], 1, 4, oracle_text="Whenever Test Cave attacks, it gets "
                "+1/-2 until end of turn.")
COMBAT_ROWS = standard_rows({(1, 2): land("Plains", 0, 6), (2, 2): land("Mountain", 1, 6)})


def test_an_attack_trigger_resolves_before_the_combat_damage():
    state, events = run(army(COMBAT_ROWS, [unit("c", CAVE, 0, (1, 2))]),
                        {"type": "attack", "units": ["c"], "target": [2, 2]})
    assert [e["card"] for e in of_type(events, "stacked")] == ["Test Cave"]
    assert land_life(state, (2, 2)) == 4  # 1 + 1 power


def test_an_attack_waits_for_an_answered_trigger_then_asks_for_blocks():
    ben = {"name": "Ben", "responses": True, "hand": ["Lightning Bolt"], "mana_pool": "{R}"}
    state = army(COMBAT_ROWS, [unit("c", CAVE, 0, (1, 2)), unit("d", BEAR, 1, (2, 2))],
                 players=[{"name": "Ann"}, ben])
    state, _ = run(state, {"type": "attack", "units": ["c"], "target": [2, 2]})
    assert describe(state)["pending"]["kind"] == "priority" and state.decision is None
    state, _ = run(state, {"type": "pass", "seat": 1})
    assert state.decision["kind"] == "blocks" and state.pending is None
    state, _ = run(state, {"type": "done_blocking", "seat": 1})
    assert land_life(state, (2, 2)) == 4


def test_an_attack_whose_attacker_dies_to_a_response_ends_without_damage():
    ben = {"name": "Ben", "responses": True, "hand": ["Lightning Bolt"], "mana_pool": "{R}"}
    raider = creature("Test Raider", ["R"], 2, 2, oracle_text="Whenever Test Raider attacks, "
                      "it gets +1/+0 until end of turn.")
    state = army(COMBAT_ROWS, [unit("r", raider, 0, (1, 2))], players=[{"name": "Ann"}, ben])
    state, _ = run(state, {"type": "attack", "units": ["r"], "target": [2, 2]},
                   {"type": "cast", "card": "Lightning Bolt", "targets": ["r"], "seat": 1})
    assert "r" not in state.perms and land_life(state, (2, 2)) == 6
    assert state.pending is None and state.decision is None


def test_lifelink_life_goes_on_a_land_its_player_chooses_after_the_damage():
    priest = creature("Test Priest", ["W"], 2, 2, keywords=["Lifelink"])
    rows = standard_rows({(1, 2): land("Plains", 0, 3), (2, 2): land("Mountain", 1, 6)})
    state, events = run(army(rows, [unit("p", priest, 0, (1, 2))]),
                        {"type": "attack", "units": ["p"], "target": [2, 2]})
    assert land_life(state, (2, 2)) == 4
    pending = describe(state)["pending"]
    assert (pending["kind"], pending["purpose"], pending["amount"]) == ("place", "gain", 2)
    assert {tuple(o["at"]) for o in pending["options"]} == {(0, 2), (1, 2)}
    state, _ = run(state, {"type": "place", "id": pending["options"][0]["id"], "at": [1, 2]})
    assert land_life(state, (1, 2)) == 5 and land_life(state, (0, 2)) == 20


def test_a_fog_cast_before_the_attack_prevents_the_combat_damage():
    fog = {"name": "Test Fog", "type_line": "Instant", "mana_cost": "",
           "oracle_text": "Prevent all combat damage that would be dealt this turn."}
    state = army(COMBAT_ROWS, [unit("k", KNIGHT, 0, (1, 2)), unit("d", BEAR, 1, (2, 2))],
                 players=hand(fog))
    state, _ = run(state, {"type": "cast", "card": "Test Fog"},
                   {"type": "attack", "units": ["k"], "target": [2, 2]},
                   {"type": "block", "blocker": "d", "attacker": "k", "seat": 1},
                   {"type": "done_blocking", "seat": 1})
    assert state.perms["k"].damage == 0 and state.perms["d"].damage == 0
    assert land_life(state, (2, 2)) == 6


def test_a_players_prevention_shield_covers_damage_to_their_land():
    state = army(ROWS, players=hand("Lightning Bolt"))
    state.players[1].prevent = 2
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": [[2, 2]]})
    assert land_life(state, (2, 2)) == 5 and state.players[1].prevent == 0


def test_a_move_window_saved_before_moves_went_on_the_stack_still_resolves():
    state = army(standard_rows(), [unit("a", BEAR, 0, (0, 2))])
    state.perms["a"].moved = True
    state.pending = {"kind": "move", "seat": 0, "responder": 1, "units": ["a"], "to": [1, 2]}
    state, _ = run(state, {"type": "pass", "seat": 1})
    assert state.perms["a"].at == (1, 2) and state.pending is None


def test_a_rocks_mana_ability_with_a_rider_adds_mana_and_its_rider_happens():
    """Astrolabe's "Draw a card at the beginning of the next turn's upkeep." (fx_timing
    mana_riders) happens in Army Magic too, beside the mana; before, it was dropped with no
    word to the players."""
    astrolabe = creature("Test Astrolabe", (), 0, 0, type_line="Artifact",
                         oracle_text="{1}, {T}, Sacrifice Test Astrolabe: Add two mana of any "
                         "one color. Draw a card at the beginning of the next turn's upkeep.")
    del astrolabe["power"], astrolabe["toughness"]
    ann = {"name": "Ann", "mana_pool": "{1}", "library": ["Grizzly Bears"] * 5}
    state = army(ROWS, [], players=[ann, {"name": "Ben", "library": ["Grizzly Bears"] * 5}],
                 permanents=[{"id": "rock", "card": astrolabe, "owner": 0, "controller": 0,
                              "at": [1, 2]}])
    state, events = run(state, {"type": "activate", "unit": "rock", "ability": 0,
                                "mana": "{G}{G}"})
    assert describe(state)["players"][0]["mana_pool"].count("G") == 2
    assert "rock" not in state.perms
    assert not of_type(events, "activated")[0].get("note")
    hand = len(state.players[0].hand)
    for _ in range(40):  # on to the next turn's upkeep
        if state.active == 1 and state.phase == "draw":
            break
        state, _ = run(state, {"type": "pass", "seat": state.active})
    assert state.active == 1 and len(state.players[0].hand) == hand + 1


FORCES = creature("Test Forces", ["U"], 4, 1, keywords=["Flying"], oracle_text="Flying\nAt the "
                  "beginning of your upkeep, sacrifice Test Forces unless you pay {U}.")
BEN_ISLANDS = standard_rows({(3, 2): land("Island", 1, 6), (3, 1): land("Island", 1, 6)})


def _ben_upkeep(pool: str = "") -> object:
    """Ben's upkeep with Test Forces on his Island: the payment is asked."""
    players = [{"name": "Ann", "library": ["Grizzly Bears"] * 5},
               {"name": "Ben", "library": ["Grizzly Bears"] * 5, "mana_pool": pool}]
    state = army(BEN_ISLANDS, [unit("f", FORCES, 1, (3, 2))], players=players, phase="end")
    for _ in range(6):
        if state.decision is not None:
            break
        state, _ = run(state, {"type": "pass", "seat": state.active})
    assert state.decision is not None and state.decision["cost"] == "{U}", state.decision
    return state


def test_an_upkeep_cost_declined_sacrifices_in_army_magic():
    # Army's own pay-or-decline answer took a declined upkeep cost for a declined "counter
    # unless its controller pays" and looked for a spell on the stack to counter.
    state, events = run(_ben_upkeep(), {"type": "choose", "choice": "decline", "seat": 1})
    assert "f" not in state.perms and "f" in state.players[1].graveyard


def test_an_upkeep_cost_is_paid_in_its_own_colour_in_army_magic():
    # Army paid any such cost as generic mana: {U} with a red mana in the pool.
    state = _ben_upkeep()
    for cell in state.cells.values():
        cell.tapped_by = 1 if cell.land is not None else cell.tapped_by  # lands used up
    state.players[1].pool = {**state.players[1].pool, "R": 1}
    refused(state, {"type": "choose", "choice": "pay"}, 1, match="{U} can't be paid")
    state = _ben_upkeep()
    state, events = run(state, {"type": "choose", "choice": "pay", "seat": 1})
    assert "f" in state.perms and state.decision is None
    assert of_type(events, "paid")[0]["cost"] == "{U}"


def test_a_triggered_abilitys_targets_are_among_the_legal_actions():
    """Ravenous Rats in Army ("target opponent discards a card"): the trigger waits for its
    controller to choose targets, and the legal actions offer that choice (before, none were
    listed: a bot, selfplay or a LAN seat driven by legal actions stalled there)."""
    state = army(ROWS, [], players=hand("Ravenous Rats", pool="{B}{B}",
                                        ben={"name": "Ben",
                                             "hand": ["Hill Giant", "Giant Growth"]}))
    state, _ = run(state, {"type": "cast", "card": "Ravenous Rats"})
    assert state.decision is not None and state.decision["kind"] == "targets"
    answers = legal_actions(state, 0)
    assert answers and all(isinstance(a, A.Targets) for a in answers)
    state, events = run(state, answers[0].to_wire())
    assert state.decision is not None and state.decision["kind"] == "discard"
    assert legal_actions(state, 1)  # Ben chooses the card
    state, _ = run(state, {**legal_actions(state, 1)[0].to_wire(), "seat": 1})
    assert len(state.players[1].graveyard) == 1 and len(state.players[1].hand) == 1
