"""Issue 12 (triggered abilities): upkeep, enters and dies triggers go on the stack and resolve
through the effect executors; what they can't carry out is named for the players."""

from __future__ import annotations

from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects import verdict
from frontier_desktop.rules.core.spell_reading import reading_of
from tests.rules.helpers import creature, of_type, position, pt, refused, run, unit

P = "Plains"
GRID = [[P] * 5 for _ in range(5)]
ANN_BEARS = unit("a", "Grizzly Bears", 0, (1, 1))
BEN = unit("ben", "Hill Giant", 1, (4, 4))
PASS = {"type": "pass"}


def automated(card_obj: dict[str, object]) -> bool:
    card = Card.from_scryfall(card_obj)
    return verdict(reading_of(card), card.type_line).automated


def not_executed(card_obj: dict[str, object]) -> tuple[str, ...]:
    card = Card.from_scryfall(card_obj)
    return verdict(reading_of(card), card.type_line).not_executed


DJINN = creature("Test Djinn", ("B",), 5, 5, oracle_text="At the beginning of your upkeep, "
                 "Test Djinn deals 1 damage to you.")
BANSHEE = creature("Test Banshee", ("B",), 1, 1, oracle_text="At the beginning of each upkeep, "
                   "you lose 1 life.")
ONULET = creature("Test Onulet", (), 2, 2, oracle_text="When Test Onulet dies, you gain 2 life.",
                  type_line="Artifact Creature — Construct")
PIGEONS = creature("Test Pigeons", ("W",), 1, 1, oracle_text="When Test Pigeons enters the "
                   "battlefield, draw a card at the beginning of the next turn's upkeep.",
                   mana_cost="{W}")


def test_upkeep_triggers_of_the_active_player_and_each_upkeep_go_on_the_stack_and_resolve():
    assert automated(DJINN) and automated(BANSHEE)
    state = position(GRID, [ANN_BEARS, unit("d", DJINN, 1, (4, 2)), unit("s", BANSHEE, 0, (1, 3)),
                            BEN])
    state, events = run(state, PASS, PASS)  # Ann's main → Ben's upkeep
    assert state.active == 1 and state.phase == "upkeep"
    stacked = of_type(events, "stacked")
    assert sorted((e["card"], e["kind"], e["controller"]) for e in stacked) == [
        ("Test Banshee", "trigger", 0), ("Test Djinn", "trigger", 1)]
    assert state.players[1].life == 19  # Ben's own upkeep: his Djinn hurts him
    assert state.players[0].life == 19  # each upkeep: Ann's Banshee too
    assert not state.stack and not of_type(events, "by_hand")


def test_an_upkeep_trigger_waits_for_its_controllers_upkeep():
    state = position(GRID, [ANN_BEARS, unit("d", DJINN, 0, (1, 2)), BEN])
    state, events = run(state, PASS, PASS)  # Ben's upkeep, not Ann's
    assert state.players[0].life == 20 and not of_type(events, "stacked")


def test_a_dies_trigger_resolves_after_the_creature_dies():
    assert automated(ONULET)
    state = position(GRID, [ANN_BEARS, unit("o", ONULET, 1, (3, 2)), BEN],
                     players=[{"name": "Ann", "hand": ["Lightning Bolt"], "mana_pool": "{R}"},
                              {"name": "Ben"}])
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["o"]})
    assert "o" not in state.perms
    assert state.players[1].life == 22  # Ben controlled it: he gains the life
    died = next(i for i, e in enumerate(events) if e["type"] == "died")
    trigger = next(i for i, e in enumerate(events) if e["type"] == "stacked"
                   and e["kind"] == "trigger")
    assert died < trigger
    assert [e["card"] for e in of_type(events, "stacked") if e["kind"] == "trigger"] == [
        "Test Onulet"]


def test_an_enters_trigger_fires_when_the_creature_resolves_into_the_staging_row():
    assert automated(PIGEONS)
    state = position(GRID, [ANN_BEARS, BEN],
                     players=[{"name": "Ann", "hand": [PIGEONS], "mana_pool": "{W}",
                               "library": 3}, {"name": "Ben"}])
    state, events = run(state, {"type": "cast", "card": "Test Pigeons"})
    assert any(p.zone == "staging" for p in state.perms.values())
    assert of_type(events, "delayed") and len(state.delayed) == 1
    hand = len(state.players[0].hand)
    state, _ = run(state, PASS, PASS)  # Ben's upkeep: the delayed draw happens
    assert len(state.players[0].hand) == hand + 1 and not state.delayed


def test_a_dies_trigger_naming_the_dead_permanent_is_not_counted():
    mummy = creature("Test Mummy", ("B",), 1, 1, oracle_text="When Test Mummy dies, "
                     "tap Test Mummy.")
    assert not automated(mummy) and not_executed(mummy) == ("tap Test Mummy.",)


ISLANDS = [["Island"] * 5 for _ in range(5)]  # no terrain bonus for the test creatures
FOLK = creature("Test Folk", ("G",), 1, 2, oracle_text="Whenever Test Folk blocks, it gets "
                "+2/+0 until end of turn.")
CAVE = creature("Test Cave", ("R",), 1, 4, oracle_text="Whenever Test Cave attacks, it gets "
                "+1/-2 until end of turn.")
SPIDER = creature("Test Spider", ("G",), 2, 3, oracle_text="Whenever Test Spider blocks a "
                  "creature with flying, Test Spider gets +0/+2 until end of turn.")
BIRD = creature("Test Bird", ("R",), 2, 1, keywords=("Flying",), oracle_text="Flying")


def test_a_block_trigger_resolves_before_the_attack_deals_damage():
    assert automated(FOLK)
    state = position(ISLANDS, [unit("g", "Hill Giant", 0, (2, 2)), unit("f", FOLK, 1, (3, 2)),
                               BEN])
    state, events = run(state, {"type": "attack", "unit": "g", "target": [3, 2]})
    stacked = [e for e in events if e["type"] == "stacked"]
    assert [(e["card"], e["kind"], e["controller"]) for e in stacked] == [
        ("Test Folk", "trigger", 1)]
    assert events.index(stacked[0]) < next(i for i, e in enumerate(events)
                                           if e["type"] == "damage")
    assert "g" not in state.perms  # the Folk struck for 3, not 1


def test_an_attack_trigger_pumps_the_attacker():
    assert automated(CAVE)
    state = position(ISLANDS, [unit("c", CAVE, 0, (4, 2)), BEN])
    state, _ = run(state, {"type": "attack", "unit": "c", "target": "player"})
    assert state.players[1].life == 18


def test_a_block_trigger_with_a_condition_needs_a_matching_attacker():
    assert automated(SPIDER)
    state = position(ISLANDS, [unit("g", "Hill Giant", 0, (2, 2)), unit("b", BIRD, 0, (2, 3)),
                               unit("s", SPIDER, 1, (3, 2)), unit("t", SPIDER, 1, (3, 3)), BEN])
    state, events = run(state, {"type": "attack", "unit": "g", "target": [3, 2]})
    assert not of_type(events, "stacked") and "s" not in state.perms  # 3 damage, no +0/+2
    state, events = run(state, {"type": "attack", "unit": "b", "target": [3, 3]})
    assert [e["card"] for e in of_type(events, "stacked")] == ["Test Spider"]
    assert "t" in state.perms and state.perms["t"].damage == 2  # a 2/5 now


def test_with_responses_the_trigger_and_then_the_attack_wait_for_the_defender():
    state = position(ISLANDS, [unit("g", "Hill Giant", 0, (2, 2)), unit("f", FOLK, 1, (3, 2)),
                               BEN],
                     players=[{"name": "Ann"}, {"name": "Ben", "hand": ["Giant Growth"],
                                                "mana_pool": "{G}", "responses": True}])
    state, _ = run(state, {"type": "attack", "unit": "g", "target": [3, 2]})
    assert state.pending["kind"] == "attack" and not state.stack  # the trigger resolved
    state, _ = run(state, {"type": "pass", "seat": 1})
    assert "g" not in state.perms


def test_a_trigger_the_attacker_may_respond_to_holds_the_attack_until_it_resolves():
    state = position(ISLANDS, [unit("g", "Hill Giant", 0, (2, 2)), unit("f", FOLK, 1, (3, 2)),
                               BEN],
                     players=[{"name": "Ann", "hand": ["Giant Growth"], "mana_pool": "{G}",
                               "responses": True}, {"name": "Ben"}])
    state, events = run(state, {"type": "attack", "unit": "g", "target": [3, 2]})
    assert state.pending["kind"] == "priority" and state.pending["seat"] == 0
    assert "g" in state.perms and not of_type(events, "damage") and len(state.stack) == 1
    state, events = run(state, {"type": "pass", "seat": 0})
    assert state.pending is None and not state.stack
    assert "g" not in state.perms and "f" not in state.perms  # the Folk struck for 3


def test_flanking_shrinks_each_creature_it_attacks_before_damage():
    knight = creature("Test Flanker", ("R",), 2, 2, keywords=("Flanking",), oracle_text="Flanking")
    assert automated(knight)
    state = position(ISLANDS, [unit("k", knight, 0, (2, 2)), unit("g", "Grizzly Bears", 1, (3, 2)),
                               BEN])
    state, events = run(state, {"type": "attack", "unit": "k", "target": [3, 2]})
    assert "g" not in state.perms and state.perms["k"].damage == 1
    assert [(e["unit"], e["power"]) for e in of_type(events, "pumped")] == [("g", -1)]


def test_rampage_grows_for_each_creature_attacked_beyond_the_first():
    brute = creature("Test Brute", ("R",), 2, 2, keywords=("Rampage",), oracle_text="Rampage 2")
    assert automated(brute)
    state = position(ISLANDS, [unit("r", brute, 0, (2, 2)), unit("h1", "Benalish Hero", 1, (3, 2)),
                               unit("h2", "Benalish Hero", 1, (3, 2)), BEN])
    state, events = run(state, {"type": "attack", "unit": "r", "target": [3, 2]})
    assert [(e["unit"], e["power"], e["toughness"]) for e in of_type(events, "pumped")] == [
        ("r", 2, 2)]
    assert "r" in state.perms  # a 4/4 now: two 1/1 Heroes can't kill it


COLOSSUS = creature("Test Colossus", (), 9, 9, oracle_text="Test Colossus doesn't untap during "
                    "your untap step.\n{1}: Untap Test Colossus. Activate only during your upkeep.",
                    type_line="Artifact Creature — Golem")


def test_a_creature_that_doesnt_untap_stays_tapped_through_its_untap_step():
    assert automated(COLOSSUS)
    state = position(ISLANDS, [ANN_BEARS, unit("c", COLOSSUS, 1, (4, 2), tapped=True),
                               unit("b", "Grizzly Bears", 1, (4, 3), tapped=True), BEN])
    state, _ = run(state, PASS, PASS)  # Ben's untap step, then his upkeep
    assert state.active == 1 and state.phase == "upkeep"
    assert state.perms["c"].tapped and not state.perms["b"].tapped


def test_activate_only_during_your_upkeep():
    units = [ANN_BEARS, unit("c", COLOSSUS, 1, (4, 2), tapped=True), BEN]
    players = [{"name": "Ann"}, {"name": "Ben", "mana_pool": "{1}"}]
    untap = {"type": "activate", "unit": "c", "seat": 1}
    main = position(ISLANDS, units, players=players, active=1)
    refused(main, untap, match="only during your upkeep")
    upkeep = position(ISLANDS, units, players=players, active=1, phase="upkeep")
    state, _ = run(upkeep, untap)
    assert not state.perms["c"].tapped


def test_fog_prevents_the_combat_damage_of_the_turn():
    fog = {"name": "Test Fog", "type_line": "Instant", "mana_cost": "{G}",
           "oracle_text": "Prevent all combat damage that would be dealt this turn."}
    assert automated(fog)
    state = position(ISLANDS, [unit("g", "Hill Giant", 0, (2, 2)),
                               unit("b", "Grizzly Bears", 1, (3, 2)), BEN],
                     players=[{"name": "Ann"}, {"name": "Ben", "hand": [fog],
                                                "mana_pool": "{G}", "responses": True}])
    state, _ = run(state, {"type": "attack", "unit": "g", "target": [3, 2]})
    state, events = run(state, {"type": "cast", "card": "Test Fog", "seat": 1},
                        {"type": "pass", "seat": 1})
    assert of_type(events, "fog") and of_type(events, "prevented")
    assert state.perms["b"].damage == 0 and state.perms["g"].damage == 0
    assert not of_type(events, "damage")


def test_prevent_all_damage_to_target_creature_this_turn():
    aura = {"name": "Test Shield", "type_line": "Instant", "mana_cost": "{W}",
            "oracle_text": "Prevent all damage that would be dealt to target creature this turn."}
    assert automated(aura)
    state = position(ISLANDS, [ANN_BEARS, BEN],
                     players=[{"name": "Ann", "hand": [aura, "Lightning Bolt"],
                               "mana_pool": "{W}{R}"}, {"name": "Ben"}])
    state, events = run(state, {"type": "cast", "card": "Test Shield", "targets": ["a"]},
                        {"type": "cast", "card": "Lightning Bolt", "targets": ["a"]})
    assert "a" in state.perms and state.perms["a"].damage == 0
    assert of_type(events, "prevention")[0]["all"] is True


CUP = {"name": "Test Cup", "type_line": "Artifact", "mana_cost": "",
       "oracle_text": "Whenever a player casts a green spell, you may pay {1}. If you do, "
                      "you gain 1 life."}


def _cup_and_growth(pool: str):
    state = position(ISLANDS, [ANN_BEARS, BEN],
                     players=[{"name": "Ann", "hand": [CUP, "Giant Growth", "Lightning Bolt"],
                               "mana_pool": pool}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Cup"})
    return run(state, {"type": "cast", "card": "Giant Growth", "targets": ["a"]})


def test_a_cast_trigger_asks_to_pay_and_gains_the_life_when_paid():
    assert automated(CUP)
    state, events = _cup_and_growth("{G}{G}")
    assert state.decision["kind"] == "choice" and state.decision["player"] == 0
    assert [e["kind"] for e in of_type(events, "choose")] == ["pay_trigger"]
    state, events = run(state, {"type": "choose", "choice": "pay"})
    assert state.players[0].life == 21 and state.decision is None
    assert of_type(events, "paid")


def test_a_cast_trigger_declined_does_nothing():
    state, _ = _cup_and_growth("{G}{G}")
    state, _ = run(state, {"type": "choose", "choice": "decline"})
    assert state.players[0].life == 20 and state.decision is None


def test_a_cast_trigger_ignores_spells_of_other_colours():
    state = position(ISLANDS, [ANN_BEARS, BEN],
                     players=[{"name": "Ann", "hand": [CUP, "Lightning Bolt"],
                               "mana_pool": "{R}{R}"}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Cup"})
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt",
                                "targets": [{"player": 1}]})
    assert state.decision is None and not [e for e in of_type(events, "stacked")
                                           if e["kind"] == "trigger"]


def test_a_static_bonus_for_untapped_creatures_you_control():
    castle = {"name": "Test Castle", "type_line": "Enchantment", "mana_cost": "",
              "oracle_text": "Untapped creatures you control get +0/+2."}
    assert automated(castle)
    state = position(ISLANDS, [ANN_BEARS, unit("t", "Grizzly Bears", 0, (1, 2), tapped=True),
                               unit("g", "Grizzly Bears", 1, (3, 2)), BEN],
                     players=[{"name": "Ann", "hand": [castle]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Castle"})
    assert pt(state, "a") == (2, 4) and pt(state, "t") == (2, 2) and pt(state, "g") == (2, 2)


def test_whenever_a_creature_dies_watches_every_creature():
    net = {"name": "Test Net", "type_line": "Artifact", "mana_cost": "",
           "oracle_text": "Whenever a creature dies, you may pay {1}. If you do, you gain 1 life."}
    assert automated(net)
    state = position(ISLANDS, [ANN_BEARS, unit("g", "Grizzly Bears", 1, (3, 2)), BEN],
                     players=[{"name": "Ann", "hand": [net, "Lightning Bolt"],
                               "mana_pool": "{R}{R}"}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Net"})
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["g"]})
    assert "g" not in state.perms and state.decision["player"] == 0
    state, _ = run(state, {"type": "choose", "choice": "pay"})
    assert state.players[0].life == 21


def test_a_creature_that_damages_a_player_makes_that_player_discard():
    specter = creature("Test Specter", ("B",), 2, 2, keywords=("Flying",),
                       oracle_text="Flying\nWhenever Test Specter deals damage to an opponent, "
                                   "that player discards a card at random.")
    assert automated(specter)
    state = position(ISLANDS, [unit("s", specter, 0, (4, 2)), BEN],
                     players=[{"name": "Ann"},
                              {"name": "Ben", "hand": ["Lightning Bolt", "Giant Growth"]}])
    state, events = run(state, {"type": "attack", "unit": "s", "target": "player"})
    assert state.players[1].life == 18
    assert len(state.players[1].hand) == 1 and len(state.players[1].graveyard) == 1
    assert [e["player"] for e in of_type(events, "discarded")] == [1]


def test_a_chosen_discard_from_a_damage_trigger_asks_the_damaged_player():
    specter = creature("Test Shade", ("B",), 2, 2, oracle_text="Whenever Test Shade deals "
                       "damage to a player, that player discards a card.")
    assert automated(specter)
    state = position(ISLANDS, [unit("s", specter, 0, (4, 2)), BEN],
                     players=[{"name": "Ann"},
                              {"name": "Ben", "hand": ["Lightning Bolt", "Giant Growth"]}])
    state, _ = run(state, {"type": "attack", "unit": "s", "target": "player"})
    assert state.decision["kind"] == "discard" and state.decision["player"] == 1
