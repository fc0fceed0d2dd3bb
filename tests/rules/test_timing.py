"""Issue 12 (fx-timing): delayed and timed effects carried out by the engine — "at end of
combat", "at the beginning of the next end step", end step and enchanted-controller upkeep
triggers, "sacrifice CARDNAME unless you pay", cumulative upkeep, "doesn't untap during its
controller's next untap step", static untap locks and extra turns. Each test plays the card
in a position through ``apply`` and checks the state."""

from __future__ import annotations

from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects import verdict
from frontier_desktop.rules.core.spell_reading import reading_of
from tests.rules.helpers import creature, of_type, position, refused, run, unit

ISLANDS = [["Island"] * 5 for _ in range(5)]  # no terrain bonus for the test creatures
PASS = {"type": "pass"}
BEN = unit("ben", "Hill Giant", 1, (4, 4))


def automated(card_obj: dict[str, object]) -> bool:
    card = Card.from_scryfall(card_obj)
    return verdict(reading_of(card), card.type_line).automated


def spell(name: str, text: str, type_line: str = "Instant", cost: str = "") -> dict[str, object]:
    return {"name": name, "type_line": type_line, "mana_cost": cost, "oracle_text": text}


def to_end_step(state):
    """Ann's main phase → her end step."""
    state, events = run(state, PASS)
    assert state.phase == "end"
    return state, events


# ---------------------------------------------------------------------- at end of combat
BASILISK = creature("Test Basilisk", ("G",), 0, 5, oracle_text="Whenever Test Basilisk blocks "
                    "or becomes blocked by a non-Wall creature, destroy that creature at end of "
                    "combat.")


def test_a_basilisk_destroys_the_creature_it_blocks_at_end_of_combat():
    assert automated(BASILISK)
    state = position(ISLANDS, [unit("g", "Grizzly Bears", 0, (2, 2)),
                               unit("s", BASILISK, 1, (3, 2)), BEN])
    state, events = run(state, {"type": "attack", "unit": "g", "target": [3, 2]})
    assert "g" not in state.perms and "s" in state.perms
    damage = next(i for i, e in enumerate(events) if e["type"] == "damage")
    died = next(i for i, e in enumerate(events) if e["type"] == "died")
    assert damage < died  # the Bears dealt their damage first: destroyed at end of combat
    assert not state.delayed


def test_a_basilisk_attacking_waits_for_the_combat_the_defender_responds_to():
    state = position(ISLANDS, [unit("s", BASILISK, 0, (2, 2)),
                               unit("b", "Grizzly Bears", 1, (3, 2)), BEN],
                     players=[{"name": "Ann"}, {"name": "Ben", "hand": ["Giant Growth"],
                                                "mana_pool": "{G}", "responses": True}])
    state, _ = run(state, {"type": "attack", "unit": "s", "target": [3, 2]})
    assert "b" in state.perms and state.pending is not None  # the defender may respond
    state, _ = run(state, {"type": "pass", "seat": 1})  # to the trigger: it resolves
    assert "b" in state.perms and len(state.delayed) == 1  # the combat isn't over yet
    state, events = run(state, {"type": "pass", "seat": 1})  # to the attack: damage, then
    assert "b" not in state.perms and of_type(events, "damage") and not state.delayed


# ---------------------------------------------------------------------- next end step
SALAMANDER = creature("Test Salamander", ("R",), 1, 1, oracle_text="{R}: Test Salamander gets "
                      "+1/+0 until end of turn. Sacrifice Test Salamander at the beginning of the "
                      "next end step.")


def test_an_activated_pump_sacrifices_the_creature_at_the_next_end_step():
    assert automated(SALAMANDER)
    state = position(ISLANDS, [unit("s", SALAMANDER, 0, (1, 1)), BEN],
                     players=[{"name": "Ann", "mana_pool": "{R}"}, {"name": "Ben"}])
    state, _ = run(state, {"type": "activate", "unit": "s"})
    assert "s" in state.perms and len(state.delayed) == 1
    state, events = to_end_step(state)
    assert "s" not in state.perms and "s" in state.players[0].graveyard
    assert not state.delayed


def test_a_wall_token_is_sacrificed_at_the_next_end_step():
    wave = spell("Test Wave", "Create a 5/5 blue Wall creature token with defender. Sacrifice it "
                 "at the beginning of the next end step.")
    assert automated(wave)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[{"name": "Ann", "hand": [wave]}, {"name": "Ben"}])
    state, events = run(state, {"type": "cast", "card": "Test Wave"})
    token = of_type(events, "token")[0]["unit"]
    assert token in state.perms
    state, _ = to_end_step(state)
    assert token not in state.perms and "a" in state.perms


def test_its_controller_sacrifices_the_pumped_creature_at_the_next_end_step():
    sword = creature("Test Sword", (), 0, 0, type_line="Artifact", oracle_text="{3}, {T}: "
                     "Target creature you control gets +3/+3 until end of turn. Its controller "
                     "sacrifices it at the beginning of the next end step.")
    assert automated(sword)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)),
                               unit("w", sword, 0, "staging"), BEN],
                     players=[{"name": "Ann", "mana_pool": "{3}"}, {"name": "Ben"}])
    state, _ = run(state, {"type": "activate", "unit": "w", "targets": ["a"]})
    assert state.perms["a"].pt_mod == (3, 3)
    state, _ = to_end_step(state)
    assert "a" not in state.perms and "a" in state.players[0].graveyard
    assert "w" in state.perms


def test_a_dying_egg_hatches_a_bird_at_the_next_end_step():
    egg = creature("Test Egg", ("R",), 0, 3, oracle_text="When Test Egg dies, create a 4/4 red "
                   "Bird creature token with flying at the beginning of the next end step.")
    assert automated(egg)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("e", egg, 1, (3, 3)),
                               BEN],
                     players=[{"name": "Ann", "hand": ["Lightning Bolt"], "mana_pool": "{R}"},
                              {"name": "Ben"}])
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["e"]})
    assert "e" not in state.perms and not of_type(events, "token")
    state, events = to_end_step(state)
    made = of_type(events, "token")
    assert len(made) == 1 and "Bird" in made[0]["name"] and made[0]["player"] == 1
    bird = state.perms[made[0]["unit"]]
    assert bird.zone == "staging" and state.card(bird.id).has("flying")


# ---------------------------------------------------------------------- end step triggers
PIT = creature("Test Pit", (), 0, 0, type_line="Enchantment", oracle_text="At the beginning of "
               "your upkeep, sacrifice Test Pit unless you pay {B}{B}.\nAt the beginning of your "
               "end step, create a 0/1 black Thrull creature token.")


def test_an_end_step_trigger_creates_its_token_in_its_controllers_end_step_only():
    assert automated(PIT)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("p", PIT, 0, "staging"),
                               BEN])
    state, events = to_end_step(state)
    assert ["Thrull" in e["name"] for e in of_type(events, "token")] == [True]
    state, events = run(state, PASS, PASS, PASS, PASS)  # Ben's turn to his end step
    assert state.active == 1 and state.phase == "end" and not of_type(events, "token")


# ---------------------------------------------------------------------- sacrifice unless you pay
FORCES = creature("Test Forces", ("U",), 4, 1, keywords=("Flying",), oracle_text="Flying\nAt the "
                  "beginning of your upkeep, sacrifice Test Forces unless you pay {U}.")


def _ben_upkeep(units, rows=ISLANDS):
    """Ben's upkeep; his creatures stand on the lands that pay (the pools empty between)."""
    state = position(rows, [unit("a", "Grizzly Bears", 0, (1, 1)), *units, BEN])
    return run(state, PASS, PASS)  # Ann's main → her end step → Ben's untap and upkeep


def test_sacrifice_unless_you_pay_with_nothing_to_pay_sacrifices():
    assert automated(FORCES)
    plains = [["Plains"] * 5 for _ in range(5)]  # white mana only: {U} can't be paid
    state, events = _ben_upkeep([unit("f", FORCES, 1, (4, 1))], plains)
    assert "f" not in state.perms and state.decision is None


def test_sacrifice_unless_you_pay_asks_and_paying_keeps_it():
    state, events = _ben_upkeep([unit("f", FORCES, 1, (4, 1))])
    assert state.decision is not None and state.decision["cost"] == "{U}"
    assert [e for e in events if e.get("kind") == "pay_upkeep"]
    state, events = run(state, {"type": "choose", "choice": "pay", "seat": 1})
    assert "f" in state.perms and state.decision is None
    assert state.cells[(4, 1)].tapped_by == 1 or state.cells[(4, 4)].tapped_by == 1


def test_sacrifice_unless_you_pay_declined_sacrifices():
    state, _ = _ben_upkeep([unit("f", FORCES, 1, (4, 1))])
    state, events = run(state, {"type": "choose", "choice": "decline", "seat": 1})
    assert "f" not in state.perms and "f" in state.players[1].graveyard
    assert state.cells[(4, 1)].tapped_by is None


def test_a_coloured_upkeep_cost_cant_be_paid_with_the_wrong_colour():
    state, _ = _ben_upkeep([unit("f", FORCES, 1, (4, 1))])
    for cell in state.cells.values():
        cell.tapped_by = 1  # every land used up: only a red mana in the pool
    state.players[1].pool = {**state.players[1].pool, "R": 1}
    refused(state, {"type": "choose", "choice": "pay"}, 1, match="can't pay {U}")


# ---------------------------------------------------------------------- cumulative upkeep
ANTS = creature("Test Ants", ("G",), 5, 1, oracle_text="Cumulative upkeep {1}")


def test_cumulative_upkeep_adds_an_age_counter_and_asks_for_the_cost_each_time():
    assert automated(ANTS)
    state, events = _ben_upkeep([unit("t", ANTS, 1, (4, 1))])
    assert state.perms["t"].counters == {"age": 1}
    assert state.decision is not None and state.decision["cost"] == "{1}"
    state, _ = run(state, {"type": "choose", "choice": "pay", "seat": 1})
    assert "t" in state.perms
    state, events = run(state, *[{"type": "pass", "seat": 1}] * 4,
                        PASS, PASS, PASS, PASS)  # around to Ben's next upkeep
    assert state.active == 1 and state.phase == "upkeep"
    assert state.perms["t"].counters == {"age": 2}
    assert state.decision is not None and state.decision["cost"] == "{2}"  # two lands pay it
    state, _ = run(state, {"type": "choose", "choice": "pay", "seat": 1})
    assert "t" in state.perms
    assert sum(1 for c in state.cells.values() if c.tapped_by == 1) == 2


def test_cumulative_upkeep_declined_sacrifices():
    state, _ = _ben_upkeep([unit("t", ANTS, 1, (4, 1))])
    state, _ = run(state, {"type": "choose", "choice": "decline", "seat": 1})
    assert "t" not in state.perms


# ---------------------------------------------------------------------- enchanted's upkeep
WANDERLUST = {"name": "Test Wanderlust", "type_line": "Enchantment — Aura", "mana_cost": "",
              "oracle_text": "Enchant creature\nAt the beginning of the upkeep of enchanted "
                             "creature's controller, Test Wanderlust deals 1 damage to that "
                             "player."}


def test_an_aura_hurts_the_enchanted_creatures_controller_in_their_upkeep():
    assert automated(WANDERLUST)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[{"name": "Ann", "hand": [WANDERLUST]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Wanderlust", "target": "ben"})
    state, _ = run(state, PASS, PASS)  # Ben's upkeep
    assert state.active == 1 and state.players[1].life == 19 and state.players[0].life == 20
    state, _ = run(state, {"type": "pass", "seat": 1}, {"type": "pass", "seat": 1},
                   {"type": "pass", "seat": 1}, {"type": "pass", "seat": 1})  # Ann's upkeep
    assert state.active == 0 and state.players[0].life == 20


# ---------------------------------------------------------------------- untap locks
CAGE = creature("Test Cage", (), 0, 0, type_line="Artifact", oracle_text="{3}: Target creature "
                "doesn't untap during its controller's next untap step.")


def test_a_creature_held_stays_tapped_through_its_controllers_next_untap_step_only():
    assert automated(CAGE)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("c", CAGE, 0, "staging"),
                               unit("ben", "Hill Giant", 1, (4, 4), tapped=True)],
                     players=[{"name": "Ann", "mana_pool": "{3}"}, {"name": "Ben"}])
    state, _ = run(state, {"type": "activate", "unit": "c", "targets": ["ben"]})
    state, _ = run(state, PASS, PASS)  # Ben's untap step
    assert state.active == 1 and state.perms["ben"].tapped
    state, _ = run(state, *[{"type": "pass", "seat": 1}] * 4, PASS, PASS, PASS, PASS)
    assert state.active == 1 and state.phase == "upkeep" and not state.perms["ben"].tapped


def test_an_attacker_that_locks_itself_stays_tapped():
    golem = creature("Test Golem", (), 3, 5, type_line="Artifact Creature — Golem",
                     oracle_text="Whenever Test Golem attacks, it doesn't untap during its "
                                 "controller's next untap step.")
    assert automated(golem)
    state = position(ISLANDS, [unit("g", golem, 0, (4, 2)), BEN])
    state, _ = run(state, {"type": "attack", "unit": "g", "target": "player"},
                   {"type": "done_attacking"}, PASS, PASS,
                   *[{"type": "pass", "seat": 1}] * 4)  # around to Ann's upkeep
    assert state.active == 0 and state.phase == "upkeep" and state.perms["g"].tapped


def test_a_blocker_locks_the_creature_it_blocks():
    minotaur = creature("Test Minotaur", (), 1, 4, oracle_text="Whenever Test Minotaur "
                        "blocks a creature, that creature doesn't untap during its controller's "
                        "next untap step.")
    assert automated(minotaur)
    state = position(ISLANDS, [unit("g", "Grizzly Bears", 0, (2, 2)),
                               unit("m", minotaur, 1, (3, 2)), BEN])
    state, _ = run(state, {"type": "attack", "unit": "g", "target": [3, 2]},
                   {"type": "done_attacking"}, PASS, PASS,
                   *[{"type": "pass", "seat": 1}] * 4)
    assert state.active == 0 and state.phase == "upkeep"
    assert state.perms["g"].tapped and not state.perms["m"].tapped


def test_a_static_lock_keeps_big_creatures_tapped():
    meek = creature("Test Meekstone", (), 0, 0, type_line="Artifact", oracle_text="Creatures "
                    "with power 3 or greater don't untap during their controllers' untap steps.")
    assert automated(meek)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)),
                               unit("k", meek, 0, "staging"),
                               unit("ben", "Hill Giant", 1, (4, 4), tapped=True),
                               unit("bb", "Grizzly Bears", 1, (4, 3), tapped=True)])
    state, _ = run(state, PASS, PASS)  # Ben's untap step
    assert state.perms["ben"].tapped and not state.perms["bb"].tapped


# ---------------------------------------------------------------------- extra turns
def test_time_walk_gives_the_caster_the_next_turn():
    walk = spell("Test Walk", "Take an extra turn after this one.", "Sorcery")
    assert automated(walk)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[{"name": "Ann", "hand": [walk]}, {"name": "Ben"}])
    turn = state.turn
    state, events = run(state, {"type": "cast", "card": "Test Walk"}, PASS, PASS)
    assert state.active == 0 and state.turn == turn + 1 and of_type(events, "extra_turn")
    state, _ = run(state, PASS, PASS, PASS, PASS)  # that turn ends: Ben's turn
    assert state.active == 1


# ---------------------------------------------------------------------- unless you pay
FORCE = creature("Test Force", ("G",), 8, 8, keywords=("Trample",), oracle_text="Trample\nAt the "
                 "beginning of your upkeep, Test Force deals 8 damage to you unless you pay "
                 "{G}{G}{G}{G}.")
OGRESS = creature("Test Ogress", ("B",), 3, 2, oracle_text="Whenever Test Ogress attacks, it "
                  "deals 3 damage to you unless you pay {2}.")


def test_damage_unless_you_pay_hurts_when_the_price_cant_be_paid():
    assert automated(FORCE)
    state, events = _ben_upkeep([unit("f", FORCE, 1, (4, 1))])  # one Island: no {G}{G}{G}{G}
    assert state.players[1].life == 12 and state.decision is None
    assert of_type(events, "damage")[0]["source"] == "f"


def test_damage_unless_you_pay_asks_and_paying_spares_the_life():
    assert automated(OGRESS)
    state = position(ISLANDS, [unit("o", OGRESS, 0, (4, 2)), unit("a", "Grizzly Bears", 0, (3, 3)),
                               BEN])
    state, events = run(state, {"type": "attack", "unit": "o", "target": "player"})
    assert state.decision is not None and state.decision["cost"] == "{2}"
    assert state.players[1].life == 20  # the attack waits for the trigger's choice
    state, _ = run(state, {"type": "choose", "choice": "pay"})
    assert state.players[0].life == 20 and state.players[1].life == 17


def test_damage_unless_you_pay_declined_hurts():
    state = position(ISLANDS, [unit("o", OGRESS, 0, (4, 2)), unit("a", "Grizzly Bears", 0, (3, 3)),
                               BEN])
    state, _ = run(state, {"type": "attack", "unit": "o", "target": "player"},
                   {"type": "choose", "choice": "decline"})
    assert state.players[0].life == 17 and state.players[1].life == 17


# ---------------------------------------------------------------------- phasing
RAIDERS = creature("Test Raiders", ("U",), 1, 3, keywords=("Phasing",), oracle_text="Phasing")
DJINN = creature("Test Djinn", ("U",), 3, 4, keywords=("Flying",), oracle_text="Flying\nAt the "
                 "beginning of your upkeep, Test Djinn phases out unless you pay {U}{U}.")


def _next_ben_upkeep(state):
    """Ben's next upkeep: from Ann's main phase, or from Ben's upkeep around the table."""
    if state.active == 1:
        state, _ = run(state, *[{"type": "pass", "seat": 1}] * 4, PASS, PASS)
    state, _ = run(state, PASS, PASS)
    assert state.active == 1 and state.phase == "upkeep"
    return state


def test_phasing_phases_out_and_back_in_on_its_controllers_untap_steps():
    assert automated(RAIDERS)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)),
                               unit("r", RAIDERS, 1, (3, 2), tapped=True), BEN])
    state = _next_ben_upkeep(state)
    assert "r" not in state.perms and not state.occupants().get((3, 2))
    refused(state, {"type": "activate", "unit": "r", "seat": 1})  # it isn't there
    state = _next_ben_upkeep(state)  # Ben's next untap step: back, and untapped
    assert state.perms["r"].at == (3, 2) and not state.perms["r"].tapped
    state = _next_ben_upkeep(state)
    assert "r" not in state.perms


def test_a_creature_phasing_in_onto_a_taken_square_waits_in_the_staging_row():
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (2, 2)),
                               unit("r", RAIDERS, 1, (3, 2)), BEN])
    state = _next_ben_upkeep(state)
    state, _ = run(state, *[{"type": "pass", "seat": 1}] * 4, PASS, PASS)  # Ann's main
    state, _ = run(state, {"type": "move", "unit": "a", "to": [3, 2]}, PASS, PASS)
    assert state.active == 1 and state.perms["r"].zone == "staging"


def test_phases_out_unless_you_pay():
    assert automated(DJINN)
    plains = [["Plains"] * 5 for _ in range(5)]
    state, events = _ben_upkeep([unit("d", DJINN, 1, (4, 1))], plains)
    assert "d" not in state.perms and of_type(events, "phased_out")
    state, _ = run(state, *[{"type": "pass", "seat": 1}] * 4, PASS, PASS, PASS, PASS)
    assert state.active == 1 and "d" not in state.perms  # phased in, then out again
    assert [e for e in state.extra.get("phased_out", []) if e["id"] == "d"]


# ---------------------------------------------------------------------- mana abilities
PRIEST = creature("Test Priest", ("W",), 1, 1, oracle_text="{1}: Add {W}. If this ability has "
                  "been activated four or more times this turn, sacrifice Test Priest at the "
                  "beginning of the next end step.")


def test_a_mana_ability_used_four_times_sacrifices_its_creature_at_the_end_step():
    assert automated(PRIEST)
    state = position(ISLANDS, [unit("p", PRIEST, 0, (1, 1)), unit("q", PRIEST, 0, (1, 3)), BEN],
                     players=[{"name": "Ann", "mana_pool": "{7}"}, {"name": "Ben"}])
    four = [{"type": "activate", "unit": "p"}] * 4
    state, events = run(state, *four, *[{"type": "activate", "unit": "q"}] * 3)
    assert state.players[0].pool["W"] == 7 and len(state.delayed) == 1
    assert not [e for e in of_type(events, "activated") if e.get("note")]
    state, _ = to_end_step(state)
    assert "p" not in state.perms and "q" in state.perms  # three times: kept


def test_a_mana_ability_with_a_delayed_draw_draws_at_the_next_upkeep():
    bauble = creature("Test Astrolabe", (), 0, 0, type_line="Artifact", oracle_text="{1}, {T}, "
                      "Sacrifice Test Astrolabe: Add two mana of any one color. Draw a card at "
                      "the beginning of the next turn's upkeep.")
    assert automated(bauble)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)),
                               unit("s", bauble, 0, "staging"), BEN],
                     players=[{"name": "Ann", "mana_pool": "{1}", "library": 3},
                              {"name": "Ben"}])
    state, _ = run(state, {"type": "activate", "unit": "s", "mana": "{G}{G}"})
    assert "s" not in state.perms and state.players[0].pool["G"] == 2
    hand = len(state.players[0].hand)
    state, _ = run(state, PASS, PASS)  # Ben's upkeep: "the next turn's upkeep"
    assert len(state.players[0].hand) == hand + 1


# ---------------------------------------------------------------------- a delayed effect's target
CHARM = spell("Test Charm", "Choose one —\n• Target player draws a card at the beginning of the "
              "next turn's upkeep.\n• Target creature gains flying until end of turn.\n• Target "
              "creature an opponent controls phases out.")


def test_a_delayed_draw_keeps_the_target_chosen_on_casting():
    assert automated(CHARM)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[{"name": "Ann", "hand": [CHARM], "library": 3},
                              {"name": "Ben", "library": 3}])
    state, _ = run(state, {"type": "cast", "card": "Test Charm", "targets": [{"player": 1}],
                           "mode": 0})
    hands = [len(p.hand) for p in state.players]
    state, _ = run(state, PASS, PASS)  # Ben's upkeep: the delayed draw is his
    assert [len(p.hand) for p in state.players] == [hands[0], hands[1] + 1]


def test_a_charm_phases_out_an_opponents_creature():
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN,
                               unit("bb", "Grizzly Bears", 1, (4, 1))],
                     players=[{"name": "Ann", "hand": [CHARM]}, {"name": "Ben"}])
    state, events = run(state, {"type": "cast", "card": "Test Charm", "targets": ["ben"],
                                "mode": 2})
    assert "ben" not in state.perms and of_type(events, "phased_out")
    state, _ = run(state, PASS, PASS)  # Ben's untap step: it phases in
    assert state.perms["ben"].at == (4, 4)


# ---------------------------------------------------------------------- upkeep-only abilities
def test_an_ability_only_in_your_upkeep_and_only_once_each_turn():
    gate = creature("Test Gate", (), 0, 0, type_line="Artifact", oracle_text="Sacrifice an "
                    "artifact: Destroy target artifact. Activate only during your upkeep and only "
                    "once each turn.")
    assert automated(gate)
    units = [unit("a", "Grizzly Bears", 0, (1, 1)), unit("g", gate, 0, "staging"),
             unit("x", "Sol Ring", 0, "staging"), unit("y", "Sol Ring", 0, "staging"),
             unit("z", "Sol Ring", 1, "staging"), unit("w", "Sol Ring", 1, "staging"), BEN]
    destroy = {"type": "activate", "unit": "g", "targets": ["z"], "sacrifice": ["x"]}
    refused(position(ISLANDS, units), destroy, match="only during your upkeep")
    state = position(ISLANDS, units, phase="upkeep")
    state, _ = run(state, destroy)
    assert "z" not in state.perms and "x" not in state.perms
    refused(state, {**destroy, "targets": ["w"], "sacrifice": ["y"]}, match="once each turn")


def test_a_dream_fighter_and_the_creature_it_fights_phase_out_before_damage():
    fighter = creature("Test Fighter", (), 1, 1, oracle_text="Whenever Test Fighter blocks or "
                       "becomes blocked by a creature, Test Fighter and that creature phase out.")
    assert automated(fighter)
    state = position(ISLANDS, [unit("g", "Grizzly Bears", 0, (2, 2)),
                               unit("a", "Grizzly Bears", 0, (1, 1)),
                               unit("f", fighter, 1, (3, 2)), BEN])
    state, events = run(state, {"type": "attack", "unit": "g", "target": [3, 2]})
    assert "f" not in state.perms and "g" not in state.perms and not of_type(events, "damage")
    state, _ = run(state, {"type": "done_attacking"}, PASS, PASS)  # Ben's untap: his phases in
    assert state.perms["f"].at == (3, 2) and "g" not in state.perms
    state, _ = run(state, *[{"type": "pass", "seat": 1}] * 4)  # Ann's untap: hers
    assert state.perms["g"].at == (2, 2)


def test_final_fortune_loses_the_game_at_the_end_of_the_extra_turn_only():
    fortune = spell("Test Fortune", "Take an extra turn after this one. At the beginning of that "
                    "turn's end step, you lose the game.")
    assert automated(fortune)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[{"name": "Ann", "hand": [fortune]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Fortune"}, PASS)
    assert state.phase == "end" and not state.game_over  # this turn's end step: nothing
    state, _ = run(state, PASS)
    assert state.active == 0  # the extra turn
    state, events = run(state, PASS, PASS, PASS)  # its upkeep, draw, main → end step
    assert state.game_over and state.winner == 1
    assert [e for e in of_type(events, "lost") if e["player"] == 0]


# ---------------------------------------------------------------------- back from the graveyard
def test_a_gargoyle_returns_at_the_next_end_step_and_its_owner_skips_a_draw():
    gargoyle = creature("Test Gargoyle", ("W",), 2, 2, keywords=("Flying",), oracle_text="Flying\n"
                        "When Test Gargoyle dies, return it to the battlefield under its owner's "
                        "control at the beginning of the next end step and you skip your next "
                        "draw step.")
    assert automated(gargoyle)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)),
                               unit("g", gargoyle, 1, (3, 3)), BEN],
                     players=[{"name": "Ann", "hand": ["Lightning Bolt"], "mana_pool": "{R}"},
                              {"name": "Ben", "library": 5}])
    state, _ = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["g"]})
    assert "g" in state.players[1].graveyard and state.players[1].skip_draw
    state, _ = to_end_step(state)
    assert state.perms["g"].zone == "staging" and state.perms["g"].controller == 1
    hand = len(state.players[1].hand)
    state, _ = run(state, PASS, {"type": "pass", "seat": 1})  # Ben's upkeep → draw step
    assert state.phase == "draw" and len(state.players[1].hand) == hand


# ---------------------------------------------------------------------- can't attack next turn
def test_a_wall_keeps_the_creature_it_blocks_from_attacking_in_its_next_turn():
    wall = creature("Test Wall", (), 0, 5, keywords=("Defender",), oracle_text="Defender\n"
                    "Whenever Test Wall blocks a creature, that creature can't attack during its "
                    "controller's next turn.")
    assert automated(wall)
    state = position(ISLANDS, [unit("g", "Grizzly Bears", 0, (2, 2)),
                               unit("w", wall, 1, (3, 2)), BEN])
    state, _ = run(state, {"type": "attack", "unit": "g", "target": [3, 2]},
                   {"type": "done_attacking"}, PASS, PASS,
                   *[{"type": "pass", "seat": 1}] * 4, PASS, PASS)  # Ann's next main phase
    assert state.active == 0 and state.phase == "main" and not state.perms["g"].tapped
    refused(state, {"type": "attack", "unit": "g", "target": [3, 2]}, match="can't attack")
    state, _ = run(state, PASS, PASS, *[{"type": "pass", "seat": 1}] * 4, PASS, PASS)
    state, _ = run(state, {"type": "attack", "unit": "g", "target": [3, 2]})  # a turn later
    assert state.perms["g"].attacked


# ---------------------------------------------------------------------- granted upkeep costs
def test_an_upkeep_cost_given_to_every_artifact_asks_their_controller():
    flux = creature("Test Flux", (), 0, 0, type_line="Enchantment", oracle_text="All artifacts "
                    "have \"At the beginning of your upkeep, sacrifice this artifact unless you "
                    "pay {2}.\"")
    assert automated(flux)
    state, events = _ben_upkeep([unit("f", flux, 0, "staging"), unit("r", "Sol Ring", 1, "staging"),
                                 unit("bb", "Grizzly Bears", 1, (4, 1))])
    assert state.decision is not None and state.decision["cost"] == "{2}"
    assert state.decision["card"] == "Sol Ring"
    state, _ = run(state, {"type": "choose", "choice": "decline", "seat": 1})
    assert "r" not in state.perms and "f" in state.perms


def test_a_granted_cumulative_upkeep_ages_each_creature_it_reaches():
    breath = creature("Test Breath", ("U",), 0, 0, type_line="Enchantment", oracle_text="Green "
                      "creatures have \"Cumulative upkeep {1}.\"")
    assert automated(breath)
    state, _ = _ben_upkeep([unit("b", breath, 0, "staging"), unit("bb", "Grizzly Bears", 1, (4, 1))])
    assert state.perms["bb"].counters == {"age": 1} and state.decision["cost"] == "{1}"
    assert "age" not in state.perms["ben"].counters  # a red Hill Giant: not green
    state, _ = run(state, {"type": "choose", "choice": "pay", "seat": 1})
    assert "bb" in state.perms


# ---------------------------------------------------------------------- auras that hold
KELP = {"name": "Test Kelp", "type_line": "Enchantment — Aura", "mana_cost": "",
        "oracle_text": "Enchant creature\nWhen Test Kelp enters the battlefield, tap enchanted "
                       "creature.\nEnchanted creature doesn't untap during its controller's untap "
                       "step if it attacked during its controller's last turn."}


def test_an_aura_taps_as_it_enters_and_holds_a_creature_that_attacked():
    assert automated(KELP)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN],
                     players=[{"name": "Ann", "hand": [KELP]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Kelp", "target": "ben"})
    assert state.perms["ben"].tapped  # its "enters the battlefield" trigger
    state, _ = run(state, PASS, PASS)  # Ben's untap: it didn't attack last turn
    assert state.active == 1 and not state.perms["ben"].tapped
    state.perms["ben"].attacked = True  # as if it had attacked this turn
    state.perms["ben"].tapped = True
    state, _ = run(state, *[{"type": "pass", "seat": 1}] * 4, PASS, PASS, PASS, PASS)
    assert state.active == 1 and state.perms["ben"].tapped


def test_an_aura_that_says_enchanted_creature_doesnt_untap():
    cage = {"name": "Test Sleep", "type_line": "Enchantment — Aura", "mana_cost": "",
            "oracle_text": "Enchant creature\nEnchanted creature doesn't untap during its "
                           "controller's untap step."}
    assert automated(cage)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)),
                               unit("ben", "Hill Giant", 1, (4, 4), tapped=True)],
                     players=[{"name": "Ann", "hand": [cage]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Sleep", "target": "ben"}, PASS, PASS)
    assert state.active == 1 and state.perms["ben"].tapped


def test_paralyze_holds_until_the_enchanted_creatures_controller_pays():
    paralyze = {"name": "Test Paralyze", "type_line": "Enchantment — Aura", "mana_cost": "",
                "oracle_text": "Enchant creature\nWhen Test Paralyze enters the battlefield, tap "
                               "enchanted creature.\nEnchanted creature doesn't untap during its "
                               "controller's untap step.\nAt the beginning of the upkeep of "
                               "enchanted creature's controller, that player may pay {4}. If the "
                               "player does, untap the creature."}
    assert automated(paralyze)
    bens = [unit(f"b{i}", "Grizzly Bears", 1, (4, i)) for i in range(3)]
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)), BEN, *bens],
                     players=[{"name": "Ann", "hand": [paralyze]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Paralyze", "target": "ben"}, PASS, PASS)
    assert state.active == 1 and state.perms["ben"].tapped  # held through the untap step
    assert state.decision is not None and state.decision["player"] == 1  # Ben may pay {4}
    state, _ = run(state, {"type": "choose", "choice": "pay", "seat": 1})
    assert not state.perms["ben"].tapped
    assert sum(1 for c in state.cells.values() if c.tapped_by == 1) == 4


# ---------------------------------------------------------------------- intervening "if"s
PESTILENCE = creature("Test Pestilence", (), 0, 0, type_line="Enchantment", oracle_text="At the "
                      "beginning of the end step, if no creatures are on the battlefield, "
                      "sacrifice Test Pestilence.\n{B}: Test Pestilence deals 1 damage to each "
                      "creature and each player.")


def test_an_end_step_trigger_with_a_condition_that_holds():
    assert automated(PESTILENCE)
    state = position(ISLANDS, [unit("p", PESTILENCE, 0, "staging")])
    state.decision = None  # no free tokens yet: no creature anywhere as the end step begins
    state, events = run(state, PASS)
    assert "p" not in state.perms and of_type(events, "died")


def test_an_end_step_trigger_whose_condition_fails_doesnt_trigger():
    state = position(ISLANDS, [unit("p", PESTILENCE, 0, "staging"),
                               unit("a", "Grizzly Bears", 0, (1, 1)), BEN])
    state, events = to_end_step(state)
    assert "p" in state.perms and not of_type(events, "stacked")


def test_an_opponents_upkeep_trigger_with_a_hand_size_condition():
    cage = creature("Test Cage", (), 0, 0, type_line="Artifact", oracle_text="At the beginning of "
                    "each opponent's upkeep, if that player has five or more cards in hand, Test "
                    "Cage deals 2 damage to that player.")
    assert automated(cage)
    units = [unit("c", cage, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)), BEN]
    few = position(ISLANDS, units, players=[{"name": "Ann"}, {"name": "Ben", "hand": ["Grizzly Bears"] * 4}])
    few, _ = run(few, PASS, PASS)
    assert few.active == 1 and few.players[1].life == 20
    many = position(ISLANDS, units, players=[{"name": "Ann"}, {"name": "Ben", "hand": ["Grizzly Bears"] * 5}])
    many, _ = run(many, PASS, PASS)
    assert many.players[1].life == 18 and many.players[0].life == 20
    many, _ = run(many, *[{"type": "pass", "seat": 1}] * 4)  # Ann's own upkeep: nothing
    assert many.players[0].life == 20


def test_an_intervening_if_is_checked_again_as_the_trigger_resolves():
    cage = creature("Test Cage", (), 0, 0, type_line="Artifact", oracle_text="At the beginning of "
                    "each opponent's upkeep, if that player has five or more cards in hand, Test "
                    "Cage deals 2 damage to that player.")
    rows = [list(r) for r in ISLANDS]
    rows[4][1] = "Forest"
    state = position(rows, [unit("c", cage, 0, "staging"), unit("a", "Grizzly Bears", 0, (1, 1)),
                            unit("bb", "Grizzly Bears", 1, (4, 1)), BEN],
                     players=[{"name": "Ann"},
                              {"name": "Ben", "hand": ["Giant Growth"] + ["Grizzly Bears"] * 4,
                               "responses": True}])
    state, _ = run(state, PASS, PASS)  # Ben's upkeep: the Cage's trigger waits for him
    assert state.stack and state.pending["kind"] == "priority"
    state, events = run(state, {"type": "cast", "card": "Giant Growth", "targets": ["bb"],
                                "pay": [[4, 1]], "seat": 1})  # then the trigger resolves
    assert len(state.players[1].hand) == 4 and state.players[1].life == 20
    assert [e for e in of_type(events, "fizzled") if e.get("card") == "Test Cage"]


def test_spectral_bears_stay_tapped_only_when_the_defender_has_no_black_permanent():
    bears = creature("Test Bears", ("G",), 3, 3, oracle_text="Whenever Test Bears attacks, if "
                     "defending player controls no black nontoken permanents, it doesn't untap "
                     "during your next untap step.")
    assert automated(bears)
    for ben_unit, held in ((BEN, True), (unit("ben", creature("Test Knight", ("B",), 2, 2), 1, (4, 4)), False)):
        state = position(ISLANDS, [unit("s", bears, 0, (4, 2)), ben_unit])
        state, _ = run(state, {"type": "attack", "unit": "s", "target": "player"},
                       {"type": "done_attacking"}, PASS, PASS,
                       *[{"type": "pass", "seat": 1}] * 4)  # Ann's next untap step
        assert state.active == 0 and state.perms["s"].tapped == held


ERG = creature("Test Raiders", ("B",), 2, 3, oracle_text="At the beginning of your end step, if "
               "Test Raiders didn't attack this turn, Test Raiders deals 2 damage to you unless "
               "it came under your control this turn.")


def test_raiders_hurt_their_controller_when_they_didnt_attack():
    assert automated(ERG)
    state = position(ISLANDS, [unit("r", ERG, 0, (1, 1)), BEN])
    state, _ = to_end_step(state)
    assert state.players[0].life == 18


def test_raiders_that_attacked_or_just_arrived_dont_hurt():
    attacked = position(ISLANDS, [unit("r", ERG, 0, (4, 2)), BEN])
    attacked, _ = run(attacked, {"type": "attack", "unit": "r", "target": "player"},
                      {"type": "done_attacking"}, PASS)
    assert attacked.phase == "end" and attacked.players[0].life == 20
    new = position(ISLANDS, [unit("r", ERG, 0, "staging", sick=True),
                             unit("a", "Grizzly Bears", 0, (1, 1)), BEN])
    new, _ = to_end_step(new)
    assert new.players[0].life == 20


def test_a_creature_that_phases_in_gets_its_counter():
    wurm = creature("Test Wurm", ("G", "U"), 1, 1, keywords=("Phasing",), oracle_text="Phasing\n"
                    "At the beginning of your upkeep, Test Wurm phases out unless you pay "
                    "{2}{G}{U}.\nWhenever Test Wurm phases in, put a +1/+1 counter on it.")
    assert automated(wurm)
    state = position(ISLANDS, [unit("a", "Grizzly Bears", 0, (1, 1)), unit("w", wurm, 1, (3, 2)),
                               BEN])
    state = _next_ben_upkeep(state)  # phases out at the untap step
    assert "w" not in state.perms
    state = _next_ben_upkeep(state)  # back in: the counter; then its upkeep cost can't be paid
    entry = next(e for e in state.extra.get("phased_out", []) if e["id"] == "w")
    assert entry["counters"] == {"+1/+1": 1}


# ---------------------------------------------------------------------- auras in combat
VENOM = {"name": "Test Venom", "type_line": "Enchantment — Aura", "mana_cost": "",
         "oracle_text": "Enchant creature\nWhenever enchanted creature blocks or becomes blocked "
                        "by a non-Wall creature, destroy the other creature at end of combat."}


def test_an_aura_destroys_what_its_creature_fought_at_end_of_combat():
    assert automated(VENOM)
    state = position(ISLANDS, [unit("g", "Hill Giant", 0, (2, 2)),
                               unit("b", "Grizzly Bears", 1, (3, 2)), BEN],
                     players=[{"name": "Ann"}, {"name": "Ben", "hand": [VENOM]}],
                     active=1)
    state, _ = run(state, {"type": "cast", "card": "Test Venom", "target": "b", "seat": 1},
                   *[{"type": "pass", "seat": 1}] * 2, PASS, PASS)  # Ann's main phase
    assert state.active == 0 and state.phase == "main"
    state, events = run(state, {"type": "attack", "unit": "g", "target": [3, 2]})
    assert "b" not in state.perms  # the Giant's 3 damage
    assert "g" not in state.perms  # and the Venom's end of combat
    assert [e["card"] for e in of_type(events, "stacked")] == ["Test Venom"]


def test_an_aura_pumps_its_creature_when_it_becomes_blocked():
    fury = {"name": "Test Fury", "type_line": "Enchantment — Aura", "mana_cost": "",
            "oracle_text": "Enchant creature\nWhenever enchanted creature becomes blocked, it "
                           "gets +4/+0 and gains trample until end of turn."}
    assert automated(fury)
    state = position(ISLANDS, [unit("g", "Grizzly Bears", 0, (2, 2)),
                               unit("b", creature("Test Wall", (), 0, 6), 1, (3, 2)), BEN],
                     players=[{"name": "Ann", "hand": [fury]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Fury", "target": "g"},
                   {"type": "attack", "unit": "g", "target": [3, 2]})
    assert "b" not in state.perms  # 6 damage, not 2


def test_an_unblocked_attacker_gets_its_bonus_until_end_of_combat_only():
    dwellers = creature("Test Dwellers", ("B",), 2, 2, oracle_text="Whenever Test Dwellers attacks "
                        "and isn't blocked, it gets +2/+0 until end of combat.")
    assert automated(dwellers)
    state = position(ISLANDS, [unit("d", dwellers, 0, (4, 2)), unit("e", dwellers, 0, (2, 2)),
                               unit("b", "Grizzly Bears", 1, (3, 2)), BEN])
    state, _ = run(state, {"type": "attack", "unit": "d", "target": "player"})
    assert state.players[1].life == 16  # 2 + 2 until end of combat
    assert state.perms["d"].pt_mod == (0, 0) and not state.extra.get("combat_pumps")
    state, events = run(state, {"type": "attack", "unit": "e", "target": [3, 2]})  # blocked
    assert not of_type(events, "stacked")
