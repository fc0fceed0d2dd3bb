"""Issue 12, continuous and combat statics (fx-statics): blocking rules read in Frontier's way
(the attacked creature is the blocker), "as long as" bonuses, characteristic-defining P/T,
landwalk taken away, static prevention, and until-end-of-turn marks — each cast or played in a
position and checked on the state."""

from __future__ import annotations

from typing import Any

import pytest

from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects import verdict
from frontier_desktop.rules.variants.frontier.board import has_ability
from frontier_desktop.rules.core.spell_reading import reading_of
from frontier_desktop.rules.core.fx_statics import spell_cost
from tests.rules.helpers import creature, legal_wire, moves, of_type, position, pt, refused, run, unit

I = "Island"
F = "Forest"
S = "Swamp"
GRID = [[I] * 5 for _ in range(5)]  # islands: no terrain bonus for the non-blue creatures
BEN = unit("ben", "Hill Giant", 1, (4, 4))
PASS = {"type": "pass"}


def automated(card_obj: dict[str, Any]) -> bool:
    card = Card.from_scryfall(card_obj)
    return verdict(reading_of(card), card.type_line).automated


def thing(name: str, text: str, type_line: str = "Enchantment") -> dict[str, Any]:
    return {"name": name, "type_line": type_line, "mana_cost": "", "oracle_text": text}


def aura(name: str, text: str) -> dict[str, Any]:
    return thing(name, "Enchant creature\n" + text, "Enchantment — Aura")


def attack(uid: str, target: Any) -> dict[str, Any]:
    return {"type": "attack", "unit": uid,
            "target": list(target) if isinstance(target, tuple) else target}


def damage_to(events: list[dict[str, Any]], uid: str) -> int:
    return sum(e["amount"] for e in of_type(events, "damage") if e["target"] == uid)


WALL = creature("Test Wall", (), 2, 4, type_line="Creature — Wall")
OGRE = creature("Test Ogre", (), 2, 4)


# ---------------------------------------------------------------------- blocking
@pytest.mark.parametrize("text, defender", [
    ("{n} can't be blocked by Walls.", WALL),
    ("{n} can't be blocked by Walls.", OGRE),
    ("{n} can't be blocked except by Walls.", WALL),
    ("{n} can't be blocked except by Walls.", OGRE),
    ("{n} can't be blocked by creatures with power 2 or greater.", OGRE),
    ("{n} can't be blocked by creatures with power 3 or greater.", OGRE),
    ("{n} can't be blocked except by three or more creatures.", OGRE),
    ("Menace", OGRE),
    ("Fear", OGRE),
    ("Fear", creature("Test Shade", ("B",), 2, 4)),
])
def test_an_attacked_creature_still_fights_back_whatever_evasion_the_attacker_has(
        text: str, defender: dict[str, Any]) -> None:
    """The digest's ruling (normal Magic in attacks): the attacked creature is the blocker, and
    evasion does not apply, so it is dealt the attacker's damage and deals its own back; the
    attacker "becomes blocked"."""
    rats = creature("Test Rats", ("B",), 1, 1, oracle_text=text.format(n="Test Rats") +
                    "\nWhenever Test Rats becomes blocked, it gets +1/+0 until end of turn.")
    assert automated(rats)
    state = position(GRID, [unit("r", rats, 0, (2, 2)), unit("d", defender, 1, (3, 2)), BEN])
    state, events = run(state, attack("r", (3, 2)))
    assert [e["card"] for e in of_type(events, "stacked")] == ["Test Rats"]
    assert damage_to(events, "d") == 2  # 1 + 1: it became blocked
    assert "r" not in state.perms and damage_to(events, "r") == 2


def test_a_creature_that_cant_block_is_attacked_and_still_strikes_back() -> None:
    """The digest's ruling (normal Magic in attacks): the attacked creature is the blocker, so
    "can't block" does not stop it from fighting back, but evasion does not apply either.
    Its "blocks" trigger goes off too."""
    familiar = creature("Test Familiar", ("B",), 3, 1,
                        oracle_text="Test Familiar can't block.\nWhenever Test Familiar "
                                    "blocks, it gets +0/+2 until end of turn.")
    assert automated(familiar)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)),
                            unit("f", familiar, 1, (3, 2)), BEN])
    state, events = run(state, attack("a", (3, 2)))
    assert [e["card"] for e in of_type(events, "stacked")] == ["Test Familiar"]
    assert "a" not in state.perms and damage_to(events, "a") == 3
    assert "f" in state.perms and state.perms["f"].damage == 2  # a 3/3 as it blocks


def test_cant_block_creatures_with_power_n_doesnt_stop_it_striking_back() -> None:
    """The digest's ruling (normal Magic in attacks): the attacked creature is the blocker, so
    "can't block" does not stop it from fighting back, but evasion does not apply either."""
    web = creature("Test Web", ("W",), 5, 5, oracle_text="Defender\nTest Web can't block "
                   "creatures with power 2 or less.")
    assert automated(web)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)),
                            unit("g", "Hill Giant", 0, (3, 1)),
                            unit("w", web, 1, (3, 2)), BEN])
    state, events = run(state, attack("a", (3, 2)))  # a 2/2: the Web still strikes back
    assert "a" not in state.perms and damage_to(events, "a") == 5
    assert state.perms["w"].damage == 2
    state, events = run(state, attack("g", (3, 2)))  # a 3/3: as before
    assert "g" not in state.perms and damage_to(events, "g") == 5


def test_pacifism_stops_attacks_in_the_legal_list_but_the_creature_still_blocks() -> None:
    """"Can't attack" refuses the attack itself. The digest's ruling (normal Magic in attacks):
    the attacked creature is the blocker, so "can't block" does not stop it from fighting
    back."""
    pacifism = aura("Test Pacifism", "Enchanted creature can't attack or block.")
    assert automated(pacifism)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)),
                            unit("o", "Hill Giant", 1, (3, 2)), BEN],
                     players=[{"name": "Ann", "hand": [pacifism]}, {"name": "Ben"}])
    assert any(a["type"] == "attack" and a["unit"] == "a" for a in legal_wire(state))
    state, _ = run(state, {"type": "cast", "card": "Test Pacifism", "target": "a"})
    assert not any(a["type"] == "attack" and a["unit"] == "a" for a in legal_wire(state))
    refused(state, attack("a", (3, 2)), match="can't attack")
    # Ben's Hill Giant attacks the pacified Bears: they still strike back.
    while not (state.active == 1 and state.phase == "main"):
        state, _ = run(state, PASS)
    state, events = run(state, attack("o", (2, 2)))
    assert "a" not in state.perms and state.perms["o"].damage == 2
    assert damage_to(events, "o") == 2


def test_menace_granted_to_your_creatures_doesnt_stop_a_lone_creature_blocking() -> None:
    """The digest's ruling (normal Magic in attacks): the attacked creature is the blocker and
    evasion does not apply, so menace lets a lone creature block as well as a banding pair."""
    drums = thing("Test Drums", "Creatures you control have menace.")
    assert automated(drums)
    bander = creature("Test Bander", (), 1, 3, keywords=("Banding",), oracle_text="Banding")
    state = position(GRID, [unit("a", "Hill Giant", 0, (2, 2)), unit("b", "Hill Giant", 0, (2, 3)),
                            unit("o", OGRE, 1, (3, 2)),
                            unit("p", bander, 1, (3, 3)), unit("q", bander, 1, (3, 3)), BEN],
                     players=[{"name": "Ann", "hand": [drums]}, {"name": "Ben", "assign": False}])
    assert not has_ability(state, state.perms["a"], "menace")
    state, _ = run(state, {"type": "cast", "card": "Test Drums"})
    assert has_ability(state, state.perms["a"], "menace")
    assert not has_ability(state, state.perms["o"], "menace")  # only Ann's creatures
    state, events = run(state, attack("a", (3, 2)))  # a lone creature blocks it all the same
    assert state.perms["a"].damage == 2 and damage_to(events, "o") == 3
    state, events = run(state, attack("b", (3, 3)))  # two banded creatures block, as before
    assert damage_to(events, "b") == 2


def test_cant_be_blocked_by_more_than_one_creature_the_whole_attacked_stack_blocks() -> None:
    """The digest's ruling (normal Magic in attacks): the attacked creatures are the blockers and
    evasion does not apply, so a blocker-count limit leaves every member of the stack
    blocking."""
    tiger = creature("Test Tiger", ("G",), 3, 10, oracle_text="Test Tiger can't be blocked "
                     "by more than one creature.")
    assert automated(tiger)
    bander = creature("Test Bander", (), 2, 3, keywords=("Banding",), oracle_text="Banding")
    state = position(GRID, [unit("t", tiger, 0, (2, 2)),
                            unit("p", bander, 1, (3, 2)), unit("q", bander, 1, (3, 2)), BEN],
                     players=[{"name": "Ann", "assign": False}, {"name": "Ben", "assign": False}])
    state, events = run(state, attack("t", (3, 2)))
    assert damage_to(events, "t") == 4  # both banders strike back
    assert state.perms["t"].damage == 4


def test_can_block_an_additional_creature_blocks_every_attack_made_on_it() -> None:
    giant = creature("Test Two Heads", ("R",), 2, 8, oracle_text="Test Two Heads can block "
                     "an additional creature each combat.")
    assert automated(giant)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)),
                            unit("b", "Grizzly Bears", 0, (3, 1)),
                            unit("g", giant, 1, (3, 2)), BEN])
    state, _ = run(state, attack("a", (3, 2)), attack("b", (3, 2)))
    assert "a" not in state.perms and "b" not in state.perms


def test_cant_be_blocked_this_turn_is_marked_until_the_cleanup_but_doesnt_stop_blocks() -> None:
    """The mark lasts until the cleanup. The digest's ruling (normal Magic in attacks): the
    attacked creature is the blocker and evasion does not apply, so it still strikes back."""
    trail = creature("Test Trailblazer", ("G",), 0, 1,
                     oracle_text="{0}: Target creature can't be blocked this turn.")
    assert automated(trail)
    state = position(GRID, [unit("z", trail, 0, (0, 0)), unit("a", "Hill Giant", 0, (2, 2)),
                            unit("o", OGRE, 1, (3, 2)), BEN])
    state, _ = run(state, {"type": "activate", "unit": "z", "targets": ["a"]})
    assert state.perms["a"].granted == ("can't be blocked",)
    state, events = run(state, attack("a", (3, 2)))
    assert state.perms["a"].damage == 2 and damage_to(events, "o") == 3
    state, _ = run(state, {"type": "done_attacking"}, PASS, PASS)
    assert not state.perms["a"].granted


# ---------------------------------------------------------------------- landwalk
def test_can_be_blocked_as_though_it_didnt_have_islandwalk_takes_the_walk_away() -> None:
    undertow = thing("Test Undertow", "Creatures with islandwalk can be blocked as though "
                     "they didn't have islandwalk.")
    assert automated(undertow)
    eel = creature("Test Eel", ("U",), 1, 1, keywords=("Islandwalk",), oracle_text="Islandwalk")
    state = position(GRID, [unit("e", eel, 0, (0, 2)), BEN],
                     players=[{"name": "Ann", "hand": [undertow]}, {"name": "Ben"}])
    assert (3, 2) in moves(state, "e")
    state, _ = run(state, {"type": "cast", "card": "Test Undertow"})
    assert (3, 2) not in moves(state, "e") and (1, 2) in moves(state, "e")


# ---------------------------------------------------------------------- P/T
def test_characteristic_defining_power_and_toughness_count_now() -> None:
    nightmare = creature("Test Nightmare", ("B",), 0, 0, oracle_text="Flying\nTest "
                         "Nightmare's power and toughness are each equal to the number of "
                         "Swamps you control.")
    rats = creature("Test Plague", ("B",), 0, 0, type_line="Creature — Rat",
                    oracle_text="Test Plague's power and toughness are each equal to the "
                                "number of creatures named Test Plague on the battlefield.")
    constable = creature("Test Constable", ("G",), 2, 0, oracle_text="Test Constable's "
                         "toughness is equal to 1 plus the number of green creatures on the "
                         "battlefield.")
    assert automated(nightmare) and automated(rats) and automated(constable)
    rows = [[I] * 5, [S, S, I, I, I], [I] * 5, [I] * 5, [I] * 5]
    state = position(rows, [unit("n", nightmare, 0, (0, 0)), unit("a", "Grizzly Bears", 0, (1, 0)),
                            unit("b", "Grizzly Bears", 0, (1, 1)),
                            unit("r1", rats, 0, (2, 2)), unit("r2", rats, 1, (3, 3)),
                            unit("c", constable, 1, (3, 0)), BEN])
    assert pt(state, "n") == (2, 2)  # two Swamps under Ann's creatures (not the Island under it)
    assert pt(state, "r1") == (2, 2) and pt(state, "r2") == (2, 2)  # both players' Rats
    assert pt(state, "c") == (2, 4)  # itself and two Grizzly Bears: 1 + 3
    state, _ = run(state, {"type": "move", "unit": "b", "to": [1, 2]})
    assert pt(state, "n") == (1, 1)


def test_as_long_as_bonuses_follow_their_condition() -> None:
    ape = creature("Test Ape", ("R",), 1, 1,
                   oracle_text="Test Ape gets +1/+2 as long as you control a Forest.")
    tortoise = creature("Test Tortoise", ("U",), 1, 1,
                        oracle_text="Test Tortoise gets +0/+3 as long as it's untapped.")
    wurm = creature("Test Wurm", ("G",), 1, 1, oracle_text="Test Wurm gets +0/+1 as long as "
                    "an opponent controls an Island.")
    assert automated(ape) and automated(tortoise) and automated(wurm)
    rows = [[S] * 5, [S] * 5, [S, S, F, S, S], [S] * 5, [S, S, S, S, I]]
    state = position(rows, [unit("a", ape, 0, (1, 2)), unit("t", tortoise, 0, (0, 0)),
                            unit("u", tortoise, 0, (0, 3), tapped=True),
                            unit("w", wurm, 0, (0, 1)), BEN])
    assert pt(state, "a") == (1, 1) and pt(state, "t") == (1, 4) and pt(state, "w") == (1, 2)
    assert pt(state, "u") == (1, 1)  # tapped
    state, _ = run(state, {"type": "move", "unit": "a", "to": [2, 2]})
    assert pt(state, "a") == (2, 3)  # on a Forest: Ann controls it


def test_first_strike_as_long_as_it_is_attacking_and_attacking_creatures_get_plus_one() -> None:
    spirit = creature("Test Spirit", ("B",), 2, 2,
                      oracle_text="Test Spirit has first strike as long as it's attacking.")
    stone = thing("Test Mightstone", "Attacking creatures get +1/+0.", "Artifact")
    assert automated(spirit) and automated(stone)
    state = position(GRID, [unit("s", spirit, 0, (2, 2)), unit("a", "Grizzly Bears", 0, (2, 0)),
                            unit("o", "Grizzly Bears", 1, (3, 2)),
                            unit("p", "Hill Giant", 1, (3, 0)), BEN],
                     players=[{"name": "Ann", "hand": [stone]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Mightstone"})
    assert pt(state, "a") == (2, 2)  # not attacking
    state, events = run(state, attack("s", (3, 2)))
    assert "o" not in state.perms and state.perms["s"].damage == 0  # first strike killed it
    state, events = run(state, attack("a", (3, 0)))
    assert damage_to(events, "p") == 3 and "p" not in state.perms  # 2 + 1 while attacking
    assert pt(state, "s") == (2, 2)  # the combat is over


# ---------------------------------------------------------------------- prevention
def test_static_prevention_from_artifacts_and_from_the_creatures_it_blocks() -> None:
    treefolk = creature("Test Treefolk", ("G",), 1, 2, oracle_text="Prevent all damage that "
                        "would be dealt to Test Treefolk by artifact sources.")
    vapor = creature("Test Vapor", ("U",), 0, 1, type_line="Creature — Wall",
                     oracle_text="Defender\nPrevent all damage that would be dealt to Test "
                                 "Vapor by creatures it's blocking.")
    golem = creature("Test Golem", (), 3, 3, type_line="Artifact Creature — Golem")
    assert automated(treefolk) and automated(vapor)
    state = position(GRID, [unit("g", golem, 0, (2, 2)), unit("t", treefolk, 1, (3, 2)),
                            unit("a", "Hill Giant", 0, (2, 0)), unit("v", vapor, 1, (3, 0)), BEN])
    state, events = run(state, attack("g", (3, 2)), attack("a", (3, 0)))
    assert "t" in state.perms and state.perms["t"].damage == 0
    assert "v" in state.perms and state.perms["v"].damage == 0


# ---------------------------------------------------------------------- until end of turn
def test_loses_flying_and_switch_power_and_toughness_until_end_of_turn() -> None:
    spirit = creature("Test Radjan", ("G",), 3, 2,
                      oracle_text="{0}: Target creature loses flying until end of turn.")
    fiend = creature("Test Fiend", ("B",), 1, 5, oracle_text="{0}: Switch Test Fiend's power "
                     "and toughness until end of turn.")
    assert automated(spirit) and automated(fiend)
    state = position(GRID, [unit("r", spirit, 0, (0, 0)), unit("f", fiend, 0, (0, 4)),
                            unit("s", "Serra Angel", 0, (2, 2)), BEN])
    assert (0, 2) in moves(state, "s") or (4, 2) in moves(state, "s")
    state, _ = run(state, {"type": "activate", "unit": "r", "targets": ["s"]})
    assert not {(0, 2), (4, 2)} & moves(state, "s")  # no two-square flying moves
    state, _ = run(state, {"type": "activate", "unit": "f"})
    assert pt(state, "f") == (5, 1)
    state, _ = run(state, PASS, PASS)  # Ann's cleanup
    assert pt(state, "f") == (1, 5) and not state.perms["s"].granted


def test_an_aura_granting_flanking_shrinks_the_creature_it_attacks() -> None:
    agility = aura("Test Agility", "Enchanted creature gets +1/+1 and has flanking.")
    assert automated(agility)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)), unit("o", OGRE, 1, (3, 2)),
                            BEN], players=[{"name": "Ann", "hand": [agility]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Agility", "target": "a"})
    state, events = run(state, attack("a", (3, 2)))
    assert [e for e in of_type(events, "pumped") if e.get("by") == "flanking"]
    assert "o" not in state.perms  # 2/4 - 1/1 = 1/3, dealt 3


# ---------------------------------------------------------------------- costs
DOWN = [["?Island"] * 5 for _ in range(5)]  # face down: no land makes mana here


def _casts(state: Any, name: str) -> list[dict[str, Any]]:
    return [a for a in legal_wire(state) if a["type"] == "cast" and a["card"] == name]


def test_spells_cost_more_or_less_in_payment_and_the_legal_list() -> None:
    ban = thing("Test Ban", "Creature spells cost {2} more to cast.", "Artifact")
    gate = thing("Test Gate", "Creature spells you cast cost up to {2} less to cast.", "Artifact")
    derelor = thing("Test Derelor", "Black spells you cast cost {B} more to cast.")
    assert automated(ban) and automated(gate) and automated(derelor)
    state = position(DOWN, [unit("a", "Grizzly Bears", 0, (0, 0)), BEN],
                     players=[{"name": "Ann", "hand": [ban, gate, derelor, "Grizzly Bears",
                                                       "Hill Giant"],
                               "mana_pool": "{G}{G}"}, {"name": "Ben"}])
    assert _casts(state, "Grizzly Bears")
    state, _ = run(state, {"type": "cast", "card": "Test Ban"})
    assert not _casts(state, "Grizzly Bears")  # {1}{G} + {2}
    refused(state, {"type": "cast", "card": "Grizzly Bears"}, match="costs {3}{G}")
    state, _ = run(state, {"type": "cast", "card": "Test Gate"})
    assert _casts(state, "Grizzly Bears")  # {3}{G} - {2}: {1}{G}
    state, _ = run(state, {"type": "cast", "card": "Grizzly Bears"})
    assert not any(state.players[0].pool.values())  # {1}{G} paid from {G}{G}
    state, _ = run(state, {"type": "cast", "card": "Test Derelor"})
    # Derelor touches only black spells Ann casts; the Ban every creature spell, the Gate
    # only Ann's.
    shade = Card.from_scryfall(creature("Test Black", ("B",), 1, 1, mana_cost="{B}"))
    sorcery = Card.from_scryfall({**thing("Test Rite", "", "Sorcery"), "mana_cost": "{1}{B}",
                                  "colors": ["B"]})
    assert spell_cost(state, 0, shade) == "{B}{B}"  # {B} +{2} -{2} +{B}
    assert spell_cost(state, 1, shade) == "{2}{B}"
    assert spell_cost(state, 0, sorcery) == "{1}{B}{B}"
    assert spell_cost(state, 1, sorcery) == "{1}{B}"


# ---------------------------------------------------------------------- attack conditions
def test_cant_attack_if_the_defending_player_controls_a_big_untapped_creature() -> None:
    orgg = creature("Test Orgg", ("R",), 6, 6, oracle_text="Trample\nTest Orgg can't attack "
                    "if defending player controls an untapped creature with power 3 or greater.")
    shauku = creature("Test Shauku", ("B",), 1, 1, oracle_text="Test Shauku can't attack if "
                      "there's another creature on the battlefield.")
    assert automated(orgg) and automated(shauku)
    state = position(GRID, [unit("o", orgg, 0, (2, 2)), unit("s", shauku, 0, (0, 0)),
                            unit("b", "Grizzly Bears", 1, (3, 2)),
                            unit("g", "Hill Giant", 1, (4, 4))])
    refused(state, attack("o", (3, 2)), match="defending player controls")
    assert not any(a["type"] == "attack" for a in legal_wire(state))
    tapped = position(GRID, [unit("o", orgg, 0, (2, 2)), unit("b", "Grizzly Bears", 1, (3, 2)),
                             unit("g", "Hill Giant", 1, (4, 4), tapped=True)])
    state, _ = run(tapped, attack("o", (3, 2)))  # the Giant is tapped: Orgg attacks
    assert "b" not in state.perms


def test_non_eye_creatures_you_control_cant_attack() -> None:
    eye = creature("Test Eye", ("B",), 3, 6, type_line="Creature — Eye",
                   oracle_text="Non-Eye creatures you control can't attack.")
    assert automated(eye)
    state = position(GRID, [unit("e", eye, 0, (2, 1)), unit("a", "Grizzly Bears", 0, (2, 2)),
                            unit("b", "Grizzly Bears", 1, (3, 2)),
                            unit("c", "Grizzly Bears", 1, (3, 1)), BEN])
    refused(state, attack("a", (3, 2)), match="can't attack")
    state, _ = run(state, attack("e", (3, 1)))
    assert "c" not in state.perms


def test_can_attack_as_though_it_didnt_have_defender() -> None:
    animate = aura("Test Animate", "Enchanted Wall can attack as though it didn't have defender.")
    animate = {**animate, "oracle_text": animate["oracle_text"].replace("creature", "Wall")}
    wonder = creature("Test Wonder", ("U",), 1, 5, type_line="Creature — Wall",
                      oracle_text="Defender\n{0}: Test Wonder gets +4/-4 until end of turn and "
                                  "can attack this turn as though it didn't have defender.")
    wall = creature("Test Wall", (), 3, 3, type_line="Creature — Wall", oracle_text="Defender")
    assert automated(animate) and automated(wonder)
    state = position(GRID, [unit("w", wonder, 0, (2, 2)), unit("v", wall, 0, (2, 0)),
                            unit("b", "Grizzly Bears", 1, (3, 2)),
                            unit("c", "Grizzly Bears", 1, (3, 0)), BEN],
                     players=[{"name": "Ann", "hand": [animate]}, {"name": "Ben"}])
    refused(state, attack("w", (3, 2)), match="defender")
    refused(state, {"type": "cast", "card": "Test Animate", "target": "b"}, match="wall")
    state, _ = run(state, {"type": "activate", "unit": "w"},
                   {"type": "cast", "card": "Test Animate", "target": "v"})
    state, _ = run(state, attack("w", (3, 2)), attack("v", (3, 0)))
    assert "b" not in state.perms and "c" not in state.perms


def test_attacks_each_combat_if_able_holds_the_turn_until_it_attacks() -> None:
    juggernaut = creature("Test Juggernaut", (), 5, 3, type_line="Artifact Creature — Juggernaut",
                          oracle_text="Test Juggernaut attacks each combat if able.")
    assert automated(juggernaut)
    state = position(GRID, [unit("j", juggernaut, 0, (2, 2)), unit("a", "Grizzly Bears", 0, (2, 0)),
                            unit("b", "Grizzly Bears", 1, (3, 2)),
                            unit("c", "Grizzly Bears", 1, (3, 0)), BEN])
    assert not any(a["type"] == "pass" for a in legal_wire(state))
    refused(state, PASS, match="attacks each combat")
    state, _ = run(state, attack("a", (3, 0)))
    assert not any(a["type"] == "done_attacking" for a in legal_wire(state))
    refused(state, {"type": "done_attacking"}, match="attack with it first")
    state, _ = run(state, attack("j", (3, 2)), {"type": "done_attacking"}, PASS)
    assert state.phase == "end"
    alone = position(GRID, [unit("j", juggernaut, 0, (0, 0)), BEN])  # nothing to attack
    state, _ = run(alone, PASS)
    assert state.phase == "end"


def test_lure_and_walls_that_must_block_change_nothing_but_walls_do_no_combat_damage() -> None:
    lure = aura("Test Lure", "All creatures able to block enchanted creature do so.")
    priest = creature("Test Priest", (), 3, 3, type_line="Artifact Creature — Cleric",
                      oracle_text="All Walls able to block Test Priest do so.\nPrevent all combat "
                                  "damage that would be dealt to Test Priest by Walls.")
    assert automated(lure) and automated(priest)
    state = position(GRID, [unit("p", priest, 0, (2, 2)), unit("w", WALL, 1, (3, 2)),
                            unit("a", "Grizzly Bears", 0, (2, 0)), unit("o", OGRE, 1, (3, 0)),
                            BEN], players=[{"name": "Ann", "hand": [lure]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Lure", "target": "a"})
    state, events = run(state, attack("p", (3, 2)), attack("a", (3, 0)))
    assert state.perms["p"].damage == 0  # the Wall blocks, its damage is prevented
    assert damage_to(events, "a") == 2  # the Ogre blocks the lured Bears as always


# ---------------------------------------------------------------------- more statics
def test_shroud_as_long_as_untapped_and_all_creatures_lose_flying() -> None:
    cloak = aura("Test Cloak", "Enchanted creature has shroud as long as it's untapped.")
    decree = thing("Test Decree", "All creatures lose flying and islandwalk.")
    assert automated(cloak) and automated(decree)
    state = position(GRID, [unit("s", "Serra Angel", 0, (2, 2)), BEN],
                     players=[{"name": "Ann", "hand": [cloak, decree]},
                              {"name": "Ben", "hand": ["Lightning Bolt"], "mana_pool": "{R}"}])
    state, _ = run(state, {"type": "cast", "card": "Test Cloak", "target": "s"})
    refused(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["s"]}, seat=1,
            match="shroud")
    assert (4, 2) in moves(state, "s")
    state, _ = run(state, {"type": "cast", "card": "Test Decree"})
    assert (4, 2) not in moves(state, "s") and (3, 2) in moves(state, "s")


def test_ironclaw_curse_and_a_condition_on_what_you_control() -> None:
    """The curse's +0/-1 counts; its "can't block" doesn't stop the creature striking back (the
    digest's ruling, normal Magic in attacks: the attacked creature is the blocker)."""
    curse = aura("Test Curse", "Enchanted creature gets +0/-1.\nEnchanted creature can't block "
                 "creatures with power equal to or greater than the enchanted creature's "
                 "toughness.")
    voices = thing("Test Voices", "Creatures you control get +1/+1 as long as you control no "
                   "nonartifact, nonwhite creatures.")
    assert automated(curse) and automated(voices)
    knight = creature("Test Knight", ("W",), 2, 2)
    state = position(GRID, [unit("k", knight, 0, (2, 2)), unit("o", OGRE, 1, (3, 2)), BEN],
                     players=[{"name": "Ann", "hand": [curse, voices]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Voices"})
    assert pt(state, "k") == (3, 3)  # only white creatures: the bonus holds
    state, _ = run(state, {"type": "cast", "card": "Test Curse", "target": "o"})
    assert pt(state, "o") == (2, 3)
    state, events = run(state, attack("k", (3, 2)))  # power 3 >= the Ogre's toughness 3
    assert state.perms["k"].damage == 2 and "o" not in state.perms
    bears = position(GRID, [unit("k", knight, 0, (2, 2)), unit("a", "Grizzly Bears", 0, (0, 0)),
                            BEN], players=[{"name": "Ann", "hand": [voices]}, {"name": "Ben"}])
    bears, _ = run(bears, {"type": "cast", "card": "Test Voices"})
    assert pt(bears, "k") == (2, 2)  # a green creature: no bonus


# ---------------------------------------------------------------------- until end of turn, more
def spell(name: str, text: str, type_line: str = "Instant") -> dict[str, Any]:
    return thing(name, text, type_line)


def test_haste_gained_until_end_of_turn_lets_a_new_creature_move_and_attack() -> None:
    charm = spell("Test Charm", "Target creature gains haste until end of turn.")
    assert automated(charm)
    assert not automated(thing("Test Drums", "Creatures you control have haste."))
    state = position(GRID, [unit("n", "Grizzly Bears", 0, (2, 2), sick=True),
                            unit("o", "Grizzly Bears", 1, (3, 2)), BEN],
                     players=[{"name": "Ann", "hand": [charm]}, {"name": "Ben"}])
    refused(state, attack("n", (3, 2)), match="summoning sick")
    state, _ = run(state, {"type": "cast", "card": "Test Charm", "targets": ["n"]})
    state, _ = run(state, attack("n", (3, 2)))
    assert "o" not in state.perms


def test_a_combat_trigger_grants_first_strike_before_the_damage() -> None:
    hounds = creature("Test Hounds", ("B",), 3, 3, oracle_text="Whenever Test Hounds blocks or "
                      "becomes blocked by a white creature, Test Hounds gains first strike until "
                      "end of turn.")
    assert automated(hounds)
    knight = creature("Test Knight", ("W",), 3, 3)
    state = position(GRID, [unit("h", hounds, 0, (2, 2)), unit("k", knight, 1, (3, 2)), BEN])
    state, _ = run(state, attack("h", (3, 2)))
    assert "k" not in state.perms and state.perms["h"].damage == 0


def test_cant_be_blocked_this_turn_except_by_walls_and_plus_x_toughness_by_mana_value() -> None:
    """The digest's ruling (normal Magic in attacks): the attacked creature is the blocker and
    evasion does not apply, so a non-Wall strikes back as a Wall does."""
    tools = creature("Test Tools", (), 0, 1, type_line="Artifact Creature — Construct",
                     oracle_text="{0}: Target creature can't be blocked this turn except by "
                                 "Walls.")
    defender = spell("Test Defender", "Target creature gets +0/+X until end of turn, where X is "
                     "its mana value.")
    assert automated(tools) and automated(defender)
    state = position(GRID, [unit("z", tools, 0, (0, 0)), unit("a", "Hill Giant", 0, (2, 2)),
                            unit("b", "Hill Giant", 0, (2, 0)), unit("o", OGRE, 1, (3, 2)),
                            unit("w", WALL, 1, (3, 0)), BEN],
                     players=[{"name": "Ann", "hand": [defender]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "activate", "unit": "z", "targets": ["a"]},
                   {"type": "activate", "unit": "z", "targets": ["b"]})
    state, _ = run(state, {"type": "cast", "card": "Test Defender", "targets": ["a"]})
    assert pt(state, "a") == (3, 7)  # Hill Giant: mana value 4
    assert all(any(g.startswith("can't be blocked except by ") for g in state.perms[u].granted)
               for u in ("a", "b"))  # the marks
    state, events = run(state, attack("a", (3, 2)), attack("b", (3, 0)))
    assert damage_to(events, "a") == 2  # the Ogre strikes back all the same
    assert damage_to(events, "b") == 2  # and so does the Wall


def test_each_creature_as_long_as_it_is_not_attacking_looks_at_each_creature() -> None:
    sabboth = thing("Test Sabboth", "Each untapped creature you control gets +0/+2 as long as "
                    "it's not attacking.")
    assert automated(sabboth)
    state = position(GRID, [unit("s", "Serra Angel", 0, (2, 2)), unit("a", "Grizzly Bears", 0, (0, 0)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[{"name": "Ann", "hand": [sabboth]},
                              {"name": "Ben", "responses": True}])
    state, _ = run(state, {"type": "cast", "card": "Test Sabboth"})
    assert pt(state, "s") == (4, 6) and pt(state, "a") == (2, 4)
    state, _ = run(state, attack("s", (3, 2)))  # vigilance: untapped, but attacking
    assert state.pending is not None and pt(state, "s") == (4, 4) and pt(state, "a") == (2, 4)
    state, _ = run(state, {"type": "pass", "seat": 1})
    assert pt(state, "s") == (4, 6)


def test_cant_attack_unless_two_others_do_counts_the_banding_stack_but_it_always_blocks(
        ) -> None:
    """"Can't attack unless …" refuses the attack itself. The digest's ruling (normal Magic in
    attacks): the attacked creature is the blocker, so "can't block unless …" does not stop a
    lone one fighting back."""
    conscripts = creature("Test Conscripts", ("R",), 2, 2, oracle_text="Test Conscripts can't "
                          "attack unless at least two other creatures attack.\nTest Conscripts "
                          "can't block unless at least two other creatures block.")
    assert automated(conscripts)
    bander = creature("Test Bander", (), 1, 3, keywords=("Banding",), oracle_text="Banding")
    state = position(GRID, [unit("c", conscripts, 0, (2, 2)), unit("o", OGRE, 1, (3, 2)),
                            unit("d", conscripts, 0, (2, 0)), unit("p", bander, 0, (2, 0)),
                            unit("q", bander, 0, (2, 0)), unit("x", OGRE, 1, (3, 0)), BEN],
                     players=[{"name": "Ann", "assign": False}, {"name": "Ben", "assign": False}])
    refused(state, attack("c", (3, 2)), match="other creatures attack with it")
    state, events = run(state, attack("d", (3, 0)))  # a stack of three attacks together
    assert damage_to(events, "x") == 4
    lone = position(GRID, [unit("g", "Hill Giant", 0, (2, 2)), unit("c", conscripts, 1, (3, 2)),
                           BEN])
    lone, events = run(lone, attack("g", (3, 2)))
    assert "c" not in lone.perms and lone.perms["g"].damage == 2  # it blocked alone
    assert damage_to(events, "g") == 2


def test_base_power_and_toughness_until_end_of_turn_for_another_creature() -> None:
    queen = creature("Test Queen", ("B",), 1, 1, oracle_text="{0}: Target creature other than "
                     "Test Queen has base power and toughness 0/2 until end of turn.")
    assert automated(queen)
    state = position(GRID, [unit("q", queen, 0, (0, 0)), unit("g", "Hill Giant", 1, (3, 2)),
                            BEN])
    refused(state, {"type": "activate", "unit": "q", "targets": ["q"]}, match="itself")
    state, _ = run(state, {"type": "activate", "unit": "q", "targets": ["g"]})
    assert pt(state, "g") == (0, 2)
    state, _ = run(state, PASS, PASS)  # Ann's cleanup
    assert pt(state, "g") == (3, 3)


def test_combat_damage_dealt_by_the_enchanted_creature_is_prevented() -> None:
    torment = aura("Test Torment", "Enchanted creature can't attack.\nPrevent all combat damage "
                   "that would be dealt by enchanted creature.")
    assert automated(torment)
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)), unit("g", "Hill Giant", 1, (3, 2)),
                            BEN], players=[{"name": "Ann", "hand": [torment]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Torment", "target": "g"})
    state, events = run(state, attack("a", (3, 2)))
    assert state.perms["a"].damage == 0 and state.perms["g"].damage == 2
    assert [e for e in of_type(events, "prevented") if e.get("dealt_by")]


def test_attack_alone_and_no_more_than_two_creatures_attack_each_combat_but_all_block() -> None:
    """"Attack alone" and "no more than two creatures can attack" refuse the attack. The
    digest's ruling (normal Magic in attacks): the attacked creatures are the blockers, so
    "no more than two creatures can block" leaves the whole attacked stack blocking."""
    errantry = aura("Test Errantry", "Enchanted creature gets +3/+0 and can only attack alone.")
    caverns = thing("Test Caverns", "No more than two creatures can attack each combat.\nNo more "
                    "than two creatures can block each combat.")
    assert automated(errantry) and automated(caverns)
    bander = creature("Test Bander", (), 1, 3, keywords=("Banding",), oracle_text="Banding")
    state = position(GRID, [unit("a", bander, 0, (2, 2)), unit("b", bander, 0, (2, 2)),
                            unit("c", bander, 0, (2, 0)), unit("d", bander, 0, (2, 0)),
                            unit("e", bander, 0, (2, 0)), unit("o", OGRE, 1, (3, 2)),
                            unit("x", bander, 1, (3, 0)), BEN],
                     players=[{"name": "Ann", "hand": [errantry, caverns]},
                              {"name": "Ben", "assign": False}])
    state, _ = run(state, {"type": "cast", "card": "Test Errantry", "target": "a"})
    refused(state, attack("a", (3, 2)), match="alone")
    state, _ = run(state, {"type": "cast", "card": "Test Caverns"})
    refused(state, attack("c", (3, 0)), match="no more than 2")
    blocked = position(GRID, [unit("g", "Hill Giant", 0, (2, 2)), unit("p", bander, 1, (3, 2)),
                              unit("q", bander, 1, (3, 2)), unit("r", bander, 1, (3, 2)), BEN],
                       players=[{"name": "Ann", "hand": [caverns]},
                                {"name": "Ben", "assign": False}])
    blocked, _ = run(blocked, {"type": "cast", "card": "Test Caverns"})
    blocked, events = run(blocked, attack("g", (3, 2)))
    assert damage_to(events, "g") == 3  # all three block
    assert "g" not in blocked.perms


def test_damage_of_an_attack_on_the_player_goes_to_the_bodyguard_instead() -> None:
    bodyguard = creature("Test Bodyguard", ("W",), 2, 5, oracle_text="As long as Test Bodyguard "
                         "is untapped, all damage that would be dealt to you by unblocked "
                         "creatures is dealt to Test Bodyguard instead.")
    guard = creature("Test Guard", ("W",), 1, 5, oracle_text="{T}: All combat damage that would "
                     "be dealt to you by unblocked creatures this turn is dealt to Test Guard "
                     "instead.")
    assert automated(bodyguard) and automated(guard)
    state = position(GRID, [unit("g", "Hill Giant", 0, (4, 1)), unit("b", bodyguard, 1, (2, 4)),
                            unit("h", "Hill Giant", 0, (4, 3))])
    state, events = run(state, attack("g", "player"))
    assert state.players[1].life == 20 and state.perms["b"].damage == 3
    tapped = position(GRID, [unit("g", "Hill Giant", 0, (4, 1)),
                             unit("b", bodyguard, 1, (2, 4), tapped=True)])
    tapped, _ = run(tapped, attack("g", "player"))
    assert tapped.players[1].life == 17
    guarded = position(GRID, [unit("g", "Hill Giant", 0, (4, 1)), unit("r", guard, 1, (2, 4))])
    guarded, _ = run(guarded, {"type": "activate", "unit": "r", "seat": 1})
    guarded, _ = run(guarded, attack("g", "player"))
    assert guarded.players[1].life == 20 and guarded.perms["r"].damage == 3


def test_creatures_banded_with_it_gain_first_strike_when_it_attacks() -> None:
    skirmishers = creature("Test Skirmishers", ("W",), 1, 1, keywords=("First strike", "Banding"),
                           oracle_text="First strike; banding\nWhenever Test Skirmishers attacks, "
                                       "all creatures banded with it gain first strike until end "
                                       "of turn.")
    engine = creature("Test Engine", (), 1, 5, type_line="Artifact Creature — Construct",
                      oracle_text="{0}: Attacking creatures banded with Test Engine gain trample "
                                  "until end of turn.")
    assert automated(skirmishers) and automated(engine)
    bander = creature("Test Bander", (), 2, 3, keywords=("Banding",), oracle_text="Banding")
    state = position(GRID, [unit("s", skirmishers, 0, (2, 2)), unit("b", bander, 0, (2, 2)),
                            unit("g", "Hill Giant", 1, (3, 2)), unit("e", engine, 0, (0, 0)),
                            unit("c", bander, 0, (0, 0)), BEN],
                     players=[{"name": "Ann", "assign": False}, {"name": "Ben"}])
    state, _ = run(state, {"type": "activate", "unit": "e"})  # nothing of its stack attacks
    assert "trample" not in state.perms["c"].granted
    state, events = run(state, attack("s", (3, 2)))
    assert "first strike" in state.perms["b"].granted
    assert "g" not in state.perms and not damage_to(events, "s") and not damage_to(events, "b")


def test_damage_to_you_this_turn_by_creatures_with_flying_is_prevented() -> None:
    scarecrow = creature("Test Scarecrow", (), 2, 2, type_line="Artifact Creature — Scarecrow",
                         oracle_text="{0}: Prevent all damage that would be dealt to you this "
                                     "turn by creatures with flying.")
    assert automated(scarecrow)
    state = position(GRID, [unit("a", "Serra Angel", 0, (4, 1)), unit("g", "Hill Giant", 0, (4, 3)),
                            unit("s", scarecrow, 1, (2, 4))])
    state, _ = run(state, {"type": "activate", "unit": "s", "seat": 1})
    state, _ = run(state, attack("a", "player"))
    assert state.players[1].life == 20
    state, _ = run(state, attack("g", "player"))
    assert state.players[1].life == 17


def test_cant_be_the_target_of_spells_unless_it_attacked_or_blocked_this_turn() -> None:
    lurker = creature("Test Lurker", ("G",), 2, 6, oracle_text="Test Lurker can't be the target "
                      "of spells unless it attacked or blocked this turn.")
    shield = aura("Test Shield", "Enchanted creature gets +0/+2 and can't be the target of "
                  "spells.")
    pinger = creature("Test Pinger", ("R",), 1, 1, oracle_text="{0}: Test Pinger deals 1 damage "
                      "to any target.")
    assert automated(lurker) and automated(shield)
    bolt = {"type": "cast", "card": "Lightning Bolt", "targets": ["l"]}
    state = position(GRID, [unit("l", lurker, 0, (2, 2)), unit("b", "Grizzly Bears", 1, (3, 2)),
                            unit("p", pinger, 0, (0, 0)), BEN],
                     players=[{"name": "Ann", "hand": [shield, "Lightning Bolt"],
                               "mana_pool": "{R}"}, {"name": "Ben"}])
    refused(state, bolt, match="can't be the target of spells")
    state, _ = run(state, {"type": "activate", "unit": "p", "targets": ["l"]})  # an ability
    assert state.perms["l"].damage == 1
    state, _ = run(state, attack("l", (3, 2)), {"type": "done_attacking"})
    state, events = run(state, bolt)  # it attacked this turn
    assert damage_to(events, "l") == 3
    shielded = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                        players=[{"name": "Ann", "hand": [shield, "Lightning Bolt"],
                                  "mana_pool": "{R}"}, {"name": "Ben"}])
    shielded, _ = run(shielded, {"type": "cast", "card": "Test Shield", "target": "a"})
    refused(shielded, {"type": "cast", "card": "Lightning Bolt", "targets": ["a"]},
            match="can't be the target of spells")


def test_half_the_forests_you_control_rounded_down_and_up() -> None:
    wolf = aura("Test Wolf", "Enchanted creature gets +X/+Y, where X is half the number of "
                "Forests you control, rounded down, and Y is half the number of Forests you "
                "control, rounded up.")
    assert automated(wolf)
    rows = [[F, F, F, I, I]] + [[I] * 5 for _ in range(4)]
    state = position(rows, [unit("a", "Hill Giant", 0, (0, 0)), unit("b", "Hill Giant", 0, (0, 1)),
                            unit("c", "Hill Giant", 0, (0, 2)), unit("d", "Hill Giant", 0, (0, 4)),
                            BEN], players=[{"name": "Ann", "hand": [wolf]}, {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Wolf", "target": "d"})
    assert pt(state, "d") == (3 + 1, 3 + 2)  # three Forests under Ann's creatures


def test_an_attacked_creature_that_cant_block_is_blocking_for_targets() -> None:
    """The digest's ruling (normal Magic in attacks): the attacked creature is the blocker and
    evasion does not apply, so a Wall attacked by a creature that "can't be blocked by Walls"
    is a "target blocking creature" during the attack's window."""
    rats = creature("Test Rats", ("B",), 1, 1, oracle_text="Test Rats can't be blocked by Walls.")
    rally = spell("Test Rally", "Target blocking creature gets +0/+3 until end of turn.")
    assert automated(rally)
    state = position(GRID, [unit("r", rats, 0, (2, 2)), unit("w", WALL, 1, (3, 2)),
                            unit("a", "Grizzly Bears", 0, (2, 0)), unit("o", OGRE, 1, (3, 0)),
                            BEN],
                     players=[{"name": "Ann"}, {"name": "Ben", "responses": True,
                                                "hand": [rally, rally]}])
    state, _ = run(state, attack("r", (3, 2)))
    assert state.pending is not None
    state, _ = run(state, {"type": "cast", "card": "Test Rally", "targets": ["w"], "seat": 1})
    assert pt(state, "w") == (2, 7)
    state, events = run(state, {"type": "pass", "seat": 1})
    assert "r" not in state.perms and damage_to(events, "r") == 2  # the Wall struck back
    state, _ = run(state, attack("a", (3, 0)))
    state, _ = run(state, {"type": "cast", "card": "Test Rally", "targets": ["o"], "seat": 1})
    assert pt(state, "o") == (2, 7)
