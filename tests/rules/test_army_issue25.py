"""Army Magic audit findings 8 and 10-18 (issue 25, ``shared/repros/army-rules``), each against
the digest's ruling that settles it (``shared/rules/army.md``): carried artifacts and
``pick_up``, capture and land loss, land destruction's auras, paying life, change of control,
life on lands, own-spell land loss, blocking in several combats, placing artifacts."""

from __future__ import annotations

from frontier_desktop.rules import legal_actions
from frontier_desktop.rules.variants.army.board import controller, land_life
from frontier_desktop.rules.views import describe
from tests.rules.army_helpers import army, land, standard_rows
from tests.rules.helpers import creature, of_type, refused, run, unit

BEARS = creature("Test Bears", ["G"], 2, 2)
GIANT = creature("Test Giant", ["R"], 3, 3)
TURTLE = creature("Test Turtle", ["U"], 1, 4)
LIFELINKER = creature("Test Lifelinker", ["W"], 3, 3, keywords=["Lifelink"],
                      oracle_text="Lifelink")
RING = {"name": "Test Ring", "mana_cost": "{1}", "type_line": "Artifact", "colors": [],
        "keywords": [], "oracle_text": "{T}: Add {C}{C}."}
SPLITTER = {"name": "Test Splitter", "mana_cost": "{1}", "type_line": "Artifact — Equipment",
            "colors": [], "keywords": [],
            "oracle_text": "Equipped creature gets +2/+0.\nEquip {1}"}
ANTHEM = {"name": "Test Anthem", "mana_cost": "{1}{W}{W}", "type_line": "Enchantment",
          "colors": ["W"], "keywords": [], "oracle_text": "Creatures you control get +1/+1."}
WALKER = {"name": "Test Walker", "mana_cost": "{3}", "type_line": "Legendary Planeswalker — Jace",
          "colors": ["U"], "keywords": [], "oracle_text": "+1: Target player draws a card.",
          "loyalty": "3"}
GROWTH = {"name": "Test Growth", "mana_cost": "{G/P}", "type_line": "Instant", "colors": ["G"],
          "keywords": [], "oracle_text": "({G/P} can be paid with either {G} or 2 life.)\n"
          "Target creature gets +2/+2 until end of turn."}
LOSS = {"name": "Test Loss", "mana_cost": "{B}", "type_line": "Sorcery", "colors": ["B"],
        "keywords": [], "oracle_text": "Target player loses 4 life."}
GAIN = {"name": "Test Gain", "mana_cost": "", "type_line": "Sorcery", "colors": ["W"],
        "keywords": [], "oracle_text": "You gain 3 life."}
QUAKE = {"name": "Test Quake", "mana_cost": "{X}{R}", "type_line": "Sorcery", "colors": ["R"],
         "keywords": [], "oracle_text": "Test Quake deals X damage to each creature without "
         "flying and each player."}
GROWTH_AURA = "Wild Growth"

# Ann's (1, 2) next to Ben's (2, 2); Ben's (3, 2) behind it.
ROWS = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Forest", 1, 6),
                      (3, 2): land("Forest", 1, 6)})


def ring(at=None, **more):
    entry = {"id": "ring", "card": RING, "owner": 0, **more}
    if at is not None:
        entry["at"] = list(at)
    return entry


# ---------------------------------------------------------------- 8: carrying artifacts
def test_a_move_naming_an_artifact_on_its_land_carries_it():
    # Repro 08: "units": ["a", "ring"] was refused ("no creature or planeswalker 'ring'").
    state = army(ROWS, [unit("a", BEARS, 0, (1, 2))], permanents=[ring((1, 2))])
    state, events = run(state, {"type": "move", "units": ["a", "ring"], "to": [1, 1]})
    assert state.perms["ring"].at == (1, 1) and state.perms["a"].at == (1, 1)
    assert of_type(events, "picked_up")[0]["unit"] == "a"
    assert of_type(events, "moved")[0]["carried"] == ["ring"]
    assert {p["id"]: p["carried_by"] for p in describe(state)["permanents"]} == {"ring": "a"}


def test_a_carried_artifact_moves_with_its_unit_without_being_named():
    # Repro 08b: the Bears explore; the artifact they carry goes with them.
    state = army(ROWS, [unit("a", BEARS, 0, (1, 2))], permanents=[ring(carried_by="a")])
    assert state.perms["ring"].at == (1, 2)
    state, _ = run(state, {"type": "move", "units": ["a"], "to": [1, 1]})
    assert state.perms["ring"].at == (1, 1)


def test_an_artifact_nobody_carries_stays_behind():
    state = army(ROWS, [unit("a", BEARS, 0, (1, 2))], permanents=[ring((1, 2))])
    state, _ = run(state, {"type": "move", "units": ["a"], "to": [1, 1]})
    assert state.perms["ring"].at == (1, 2)
    assert describe(state)["permanents"][0]["carried_by"] is None


def test_pick_up_is_listed_and_takes_either_armys_artifact_lying_on_the_land():
    # Ben's artifact lies on Ann's land: her Bears pick it up, and she controls it.
    state = army(ROWS, [unit("a", BEARS, 0, (1, 2))],
                 permanents=[ring((1, 2), owner=1, controller=1)])
    listed = [a.to_wire() for a in legal_actions(state)]
    assert {"type": "pick_up", "unit": "a", "permanent": "ring"} in listed
    state, events = run(state, {"type": "pick_up", "unit": "a", "permanent": "ring"})
    assert state.perms["ring"].controller == 0
    assert of_type(events, "picked_up")[0]["from"] == 1
    assert {"type": "pick_up", "unit": "a", "permanent": "ring"} not in [
        a.to_wire() for a in legal_actions(state)]
    refused(state, {"type": "pick_up", "unit": "a", "permanent": "ring"}, match="already")


def test_pick_up_is_refused_from_another_land_or_for_a_creature_not_yours():
    state = army(ROWS, [unit("a", BEARS, 0, (1, 2)), unit("d", BEARS, 1, (2, 2))],
                 permanents=[ring((0, 2))])
    refused(state, {"type": "pick_up", "unit": "a", "permanent": "ring"}, match="does not lie")
    refused(state, {"type": "pick_up", "unit": "d", "permanent": "ring"}, match="not yours")


def test_a_carried_artifact_is_dropped_on_its_land_when_its_creature_dies():
    players = [{"name": "Ann", "hand": ["Lightning Bolt"], "mana_pool": "{R}"}, {"name": "Ben"}]
    state = army(ROWS, [unit("a", BEARS, 0, (1, 2))], permanents=[ring(carried_by="a")],
                 players=players)
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["a"]})
    assert "a" not in state.perms and state.perms["ring"].at == (1, 2)
    assert of_type(events, "dropped")[0]["unit"] == "ring"
    assert describe(state)["permanents"][0]["carried_by"] is None


def test_a_retreating_creature_takes_what_it_carries():
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Forest", 1, 1),
                          (3, 2): land("Forest", 1, 6)})
    state = army(rows, [unit("a", GIANT, 0, (1, 2)), unit("d", BEARS, 1, (2, 2), tapped=True)],
                 permanents=[ring(owner=1, controller=1, carried_by="d")])
    state, _ = run(state, {"type": "attack", "units": ["a"], "target": [2, 2]})
    assert state.perms["d"].at == (3, 2) and state.perms["ring"].at == (3, 2)
    assert state.perms["ring"].controller == 1


def test_a_dropped_equipment_is_picked_up_by_the_other_army_and_carried_then_equipped():
    # The ruling (equipment): dropped on the land, any creature standing there may pick it up.
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Forest", 1, 1),
                          (2, 1): land("Forest", 0, 6)})
    state = army(rows, [unit("a", GIANT, 0, (1, 2)), unit("d", BEARS, 1, (2, 2), tapped=True)],
                 permanents=[{"id": "eq", "card": SPLITTER, "owner": 1, "attached_to": "d"}],
                 players=[{"name": "Ann", "mana_pool": "{1}"}, {"name": "Ben"}])
    state, _ = run(state, {"type": "attack", "units": ["a"], "target": [2, 2]},
                   {"type": "pass"})
    assert "d" not in state.perms and state.perms["eq"].at == (2, 2)
    assert state.phase == "main2" and state.perms["a"].at == (2, 2)
    assert {"type": "pick_up", "unit": "a", "permanent": "eq"} in [
        a.to_wire() for a in legal_actions(state)]
    state, _ = run(state, {"type": "pick_up", "unit": "a", "permanent": "eq"})
    assert describe(state)["permanents"][0]["carried_by"] == "a"
    state, _ = run(state, {"type": "activate", "unit": "eq", "ability": 0, "targets": ["a"]})
    assert state.perms["eq"].attached_to == "a"
    assert describe(state)["permanents"][0]["carried_by"] is None  # attached now


# ---------------------------------------------------------------- 10: capture
def test_the_losers_planeswalker_is_sacrificed_with_no_land_to_retreat_to_the_anthem_stays():
    # Repro 10: before, both were offered lands of Ben's three rows away.
    rows = standard_rows({(2, 2): land("Forest", 0, 6), (3, 2): land("Forest", 1, 3),
                          (5, 1): land("Forest", 1, 6)})
    state = army(rows, [unit("a", GIANT, 0, (2, 2))],
                 permanents=[{"id": "pw", "card": WALKER, "owner": 1, "at": [3, 2]},
                             {"id": "an", "card": ANTHEM, "owner": 1, "at": [3, 2]}])
    state, events = run(state, {"type": "attack", "units": ["a"], "target": [3, 2]},
                        {"type": "assign", "attacker": "a", "damage": {"land": 3}})
    assert controller(state, (3, 2)) == 0 and state.decision is None
    assert "pw" not in state.perms and "pw" in state.players[1].graveyard
    assert state.perms["an"].at == (3, 2) and state.perms["an"].controller == 1


def test_the_losers_planeswalker_retreats_with_the_creatures():
    rows = standard_rows({(2, 2): land("Forest", 0, 6), (3, 2): land("Forest", 1, 3),
                          (4, 2): land("Forest", 1, 6)})
    state = army(rows, [unit("a", GIANT, 0, (2, 2)), unit("d", BEARS, 1, (3, 2), tapped=True)],
                 permanents=[{"id": "pw", "card": WALKER, "owner": 1, "at": [3, 2]}])
    state, events = run(state, {"type": "attack", "units": ["a"], "target": [3, 2]},
                        {"type": "assign", "attacker": "a", "damage": {"land": 3}})
    assert state.perms["pw"].at == (4, 2) and state.perms["d"].at == (4, 2)
    assert {e["unit"] for e in of_type(events, "retreated")} == {"d", "pw"}


# ---------------------------------------------------------------- 11: land destruction
def test_an_aura_on_a_destroyed_land_is_destroyed_too():
    # Repro 11: Wild Growth stayed attached to the face-down land.
    players = [{"name": "Ann", "hand": [GROWTH_AURA], "mana_pool": "{G}"}, {"name": "Ben"}]
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Forest", 0, 6),
                          (3, 2): land("Forest", 1, 6), (4, 2): land("Forest", 1, 6)})
    state = army(rows, [unit("e", BEARS, 1, (3, 2))],
                 permanents=[{"id": "an", "card": ANTHEM, "owner": 1, "at": [3, 2]}],
                 players=players)
    state, events = run(state, {"type": "cast", "card": GROWTH_AURA, "target": [3, 2]})
    aura = of_type(events, "cast")[0]["id"]
    assert state.perms[aura].zone == "attached"
    state, events = run(state, {"type": "destroy_land", "at": [3, 2]})
    assert aura not in state.perms and aura in state.players[0].graveyard
    assert "an" not in state.perms and state.perms["e"].at == (4, 2)


# ---------------------------------------------------------------- 12: paying life
def test_automatic_payment_taps_an_untapped_land_before_paying_life():
    # Repro 12: the Forest stayed untapped and 2 life left a hidden total.
    rows = standard_rows({(1, 2): land("Forest", 0, 6)})
    players = [{"name": "Ann", "hand": [GROWTH]}, {"name": "Ben"}]
    state = army(rows, [unit("a", BEARS, 0, (1, 2))], players=players)
    state, events = run(state, {"type": "cast", "card": "Test Growth", "targets": ["a"]})
    assert [tuple(e["at"]) for e in of_type(events, "land_tapped")] == [(1, 2)]
    assert land_life(state, (0, 2)) == 20 and land_life(state, (1, 2)) == 6
    assert not of_type(events, "life_paid")


def test_life_paid_is_lost_on_a_land_the_payer_chooses():
    rows = standard_rows({(1, 2): land("Plains", 0, 6)})
    players = [{"name": "Ann", "hand": [GROWTH]}, {"name": "Ben"}]
    state = army(rows, [unit("a", BEARS, 0, (1, 2))], players=players)
    state, events = run(state, {"type": "cast", "card": "Test Growth", "targets": ["a"]})
    pending = describe(state)["pending"]
    assert pending["kind"] == "place" and pending["seat"] == 0
    assert state.decision["purpose"] == "lose" and state.decision["amount"] == 2
    assert {tuple(o["at"]) for o in pending["options"]} == {(0, 2), (1, 2)}
    assert not of_type(events, "land_tapped")  # no land makes {G}: life it is
    key = pending["options"][0]["id"]
    state, events = run(state, {"type": "place", "id": key, "at": [1, 2]})
    assert land_life(state, (1, 2)) == 4 and land_life(state, (0, 2)) == 20
    assert of_type(events, "pumped")  # the spell resolves once the cost is paid
    assert state.players[0].life == 20


# ---------------------------------------------------------------- 13: change of control
def test_a_stolen_creature_goes_next_to_where_it_stands_never_to_a_far_land():
    # Repro 13: Ann's home base (0, 2) and (1, 0) were offered too.
    rows = standard_rows({(1, 0): land("Forest", 0, 6), (1, 2): land("Forest", 0, 6),
                          (2, 2): land("Forest", 0, 6), (3, 2): land("Forest", 1, 6),
                          (4, 2): land("Forest", 1, 6)})
    state = army(rows, [unit("e", BEARS, 1, (3, 2), controller=0)])
    assert state.perms["e"].at == (2, 2) and state.decision is None


def test_a_stolen_creature_with_no_land_of_theirs_next_to_it_goes_to_their_nearest():
    rows = standard_rows({(1, 1): land("Forest", 0, 6), (1, 3): land("Forest", 0, 6),
                          (3, 2): land("Forest", 1, 6)})
    state = army(rows, [unit("e", BEARS, 1, (3, 2), controller=0)])
    pending = describe(state)["pending"]
    assert pending["kind"] == "place" and pending["seat"] == 0
    # None next to (3, 2): the nearest, three steps away, tie (her home base among them).
    assert {tuple(o["at"]) for o in pending["options"]} == {(0, 2), (1, 1), (1, 3)}
    state, _ = run(state, {"type": "place", "id": "e", "at": [1, 3], "seat": 0})
    assert state.perms["e"].at == (1, 3)


# ---------------------------------------------------------------- 14, 15: life on lands
def test_a_gain_stops_at_6_the_choice_and_the_event_say_so():
    # Repro 14: land_life said delta 3 for 4 -> 6.
    rows = standard_rows({(2, 2): land("Forest", 0, 4), (3, 2): land("Forest", 1, 6),
                          (4, 2): land("Forest", 1, 6)})
    state = army(rows, [unit("a", LIFELINKER, 0, (2, 2)), unit("e", BEARS, 1, (3, 2))])
    state, _ = run(state, {"type": "attack", "units": ["a"], "target": [3, 2]},
                   {"type": "done_blocking", "seat": 1})
    options = {tuple(o["at"]): o for o in describe(state)["pending"]["options"]}
    assert options[(2, 2)]["life"] == 6 and options[(2, 2)]["lost"] == 1
    assert options[(0, 2)]["life"] == 20 and options[(0, 2)]["lost"] == 3  # home base at 20
    state, events = run(state, {"type": "place", "id": "a", "at": [2, 2], "seat": 0})
    gained = of_type(events, "land_life")[-1]
    assert (gained["life"], gained["delta"], gained["lost"]) == (6, 2, 1)


def test_a_gain_on_a_home_base_below_20_counts_up_to_20():
    rows = standard_rows({(0, 2): land("Plains", stronghold_of=0, life=18),
                          (1, 2): land("Forest", 0, 6)})
    state = army(rows, players=[{"name": "Ann", "hand": [GAIN]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Gain"},
                   {"type": "place", "id": state.players[0].hand[0], "at": [0, 2]})
    assert land_life(state, (0, 2)) == 20


def test_life_loss_may_empty_a_land_which_is_then_destroyed():
    # Repro 15: choosing (3, 2) at 3 life for a loss of 4 was refused.
    rows = standard_rows({(2, 2): land("Forest", 0, 6), (3, 2): land("Forest", 1, 3),
                          (4, 2): land("Forest", 1, 6)})
    players = [{"name": "Ann", "hand": [LOSS], "mana_pool": "{B}"}, {"name": "Ben"}]
    state = army(rows, [unit("e", BEARS, 1, (3, 2))], players=players)
    state, _ = run(state, {"type": "cast", "card": "Test Loss", "targets": [{"player": 1}]})
    options = {tuple(o["at"]): o for o in describe(state)["pending"]["options"]}
    assert set(options) == {(3, 2), (4, 2), (5, 2)} and options[(3, 2)]["destroyed"] is True
    key = options[(3, 2)]["id"]
    state, events = run(state, {"type": "place", "id": key, "at": [3, 2], "seat": 1})
    assert of_type(events, "land_destroyed") and not state.cells[(3, 2)].face_up
    assert controller(state, (3, 2)) is None and state.perms["e"].at == (4, 2)


def test_life_loss_that_empties_a_home_base_loses_the_game():
    rows = standard_rows({(5, 2): land("Plains", stronghold_of=1, life=3),
                          (4, 2): land("Forest", 1, 6)})
    players = [{"name": "Ann", "hand": [LOSS], "mana_pool": "{B}"}, {"name": "Ben"}]
    state = army(rows, players=players)
    state, _ = run(state, {"type": "cast", "card": "Test Loss", "targets": [{"player": 1}]})
    assert describe(state)["pending"]["options"][-1]["loses_game"] is True
    key = state.decision["id"]
    state, _ = run(state, {"type": "place", "id": key, "at": [5, 2], "seat": 1})
    assert state.game_over and state.winner == 0


# ---------------------------------------------------------------- 16: own spell, own land
def test_a_land_its_own_controllers_spell_brings_to_0_is_destroyed_not_captured():
    # Repro 16, the ruling on capture and land loss: face down, as land destruction.
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Forest", 0, 1),
                          (3, 2): land("Forest", 1, 6)})
    players = [{"name": "Ann", "hand": [QUAKE], "mana_pool": "{1}{R}"}, {"name": "Ben"}]
    state = army(rows, [unit("e", BEARS, 1, (3, 2)), unit("a", BEARS, 0, (2, 2))],
                 players=players)
    state, _ = run(state, {"type": "cast", "card": "Test Quake", "x": 1, "origin": [2, 2]})
    key = state.decision["id"]
    state, events = run(state, {"type": "place", "id": key, "at": [2, 2]})
    assert not of_type(events, "captured") and of_type(events, "land_destroyed")
    assert not state.cells[(2, 2)].face_up and controller(state, (2, 2)) is None
    assert state.perms["a"].at == (1, 2)


# ---------------------------------------------------------------- 17: blocking
def test_an_untapped_creature_blocks_in_each_combat_against_its_land():
    # Repro 17, the ruling on blocking: two combats against (3, 2), the Turtle blocks both.
    rows = standard_rows({(2, 2): land("Forest", 0, 6), (3, 1): land("Forest", 0, 6),
                          (3, 2): land("Forest", 1, 6), (4, 2): land("Forest", 1, 6)})
    state = army(rows, [unit("a", BEARS, 0, (2, 2)), unit("b", BEARS, 0, (3, 1)),
                        unit("d", TURTLE, 1, (3, 2))])
    state, _ = run(state, {"type": "attack", "units": ["a"], "target": [3, 2]},
                   {"type": "block", "blocker": "d", "attacker": "a", "seat": 1},
                   {"type": "done_blocking", "seat": 1},
                   {"type": "attack", "units": ["b"], "target": [3, 2]})
    assert {"blocker": "d", "attacker": "b"} in describe(state)["pending"]["options"]
    state, events = run(state, {"type": "block", "blocker": "d", "attacker": "b", "seat": 1},
                        {"type": "done_blocking", "seat": 1})
    assert "d" not in state.perms and land_life(state, (3, 2)) == 6


# ---------------------------------------------------------------- 18: placing
def test_an_enchantment_may_be_placed_on_an_opponents_land_next_to_yours():
    # Repro 18: (3, 2) next to Ann's (2, 2) was refused.
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Forest", 0, 6),
                          (3, 2): land("Forest", 1, 6)})
    players = [{"name": "Ann", "hand": [ANTHEM], "mana_pool": "{1}{W}{W}"}, {"name": "Ben"}]
    state = army(rows, players=players)
    state, events = run(state, {"type": "cast", "card": "Test Anthem"})
    spots = {tuple(o["at"]) for o in describe(state)["pending"]["options"]}
    assert (3, 2) in spots and (4, 2) not in spots
    anthem = of_type(events, "cast")[0]["id"]
    state, _ = run(state, {"type": "place", "id": anthem, "at": [3, 2]})
    assert state.perms[anthem].at == (3, 2) and state.perms[anthem].controller == 0
    state, _ = run(state, {"type": "pass"})
    assert state.perms[anthem].at == (3, 2)  # no change of control read into it
