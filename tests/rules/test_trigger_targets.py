"""Issue 12 (fx-targets): a triggered ability that names a target asks its controller for it
as it goes on the stack (``pending`` kind ``targets``, answered by the ``targets`` action)."""

from __future__ import annotations

import pytest

from frontier_desktop.rules.actions import Targets, action_from_wire
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.effects import verdict
from frontier_desktop.rules.errors import InvalidActionError
from frontier_desktop.rules.core.spell_reading import reading_of
from frontier_desktop.rules.views import player_view as state_view
from tests.rules.helpers import creature, legal_wire, of_type, position, refused, run, unit

ISLANDS = [["Island"] * 5 for _ in range(5)]
ANN_BEARS = unit("a", "Grizzly Bears", 0, (1, 1))
BEN = unit("ben", "Hill Giant", 1, (4, 4))
SPARKER = creature("Test Sparker", ("R",), 1, 1, oracle_text="When Test Sparker enters the "
                   "battlefield, Test Sparker deals 1 damage to target creature.",
                   mana_cost="{R}")
SLAYER = creature("Test Slayer", ("B",), 1, 1, oracle_text="When Test Slayer enters the "
                  "battlefield, destroy target nonblack creature.", mana_cost="{B}")
PINGER = creature("Test Pinger", ("R",), 1, 1, oracle_text="At the beginning of your upkeep, "
                  "Test Pinger deals 1 damage to any target.")


def automated(card_obj: dict[str, object]) -> bool:
    card = Card.from_scryfall(card_obj)
    return verdict(reading_of(card), card.type_line).automated


def _cast_sparker(units=(ANN_BEARS, BEN), **player):
    state = position(ISLANDS, list(units),
                     players=[{"name": "Ann", "hand": [SPARKER], "mana_pool": "{R}", **player},
                              {"name": "Ben"}])
    return run(state, {"type": "cast", "card": "Test Sparker"})


def test_the_targets_action_round_trips_on_the_wire():
    wire = {"type": "targets", "targets": ["u3", {"player": 1}, [2, 3], {"stack": "s1"},
                                           {"graveyard": 0, "card": "Bears"}]}
    action = action_from_wire(wire)
    assert isinstance(action, Targets) and action.to_wire() == wire
    assert action_from_wire({"type": "targets", "targets": []}).to_wire() == {
        "type": "targets", "targets": []}
    with pytest.raises(InvalidActionError):
        action_from_wire({"type": "targets"})
    with pytest.raises(InvalidActionError):
        action_from_wire({"type": "targets", "targets": [{"player": "x"}]})


def test_an_enters_trigger_with_a_target_is_counted_as_automated():
    # Formerly "triggered:deal_damage_targeted": left to the players.
    assert automated(SPARKER) and automated(PINGER) and automated(SLAYER)


def test_an_enters_trigger_asks_its_controller_for_the_target_and_resolves_with_it():
    state, events = _cast_sparker()
    assert [e["kind"] for e in of_type(events, "stacked")] == ["spell", "trigger"]
    assert state.stack and state.stack[-1]["kind"] == "trigger"  # waits for its target
    pending = state_view(state, 0)["pending"]
    assert pending["seat"] == 0 and pending["kind"] == "targets"
    unit_id = next(p for p in state.perms if state.name(p) == "Test Sparker")
    assert sorted(pending["options"][0]) == sorted(["a", "ben", unit_id])
    assert sorted(a["targets"][0] for a in legal_wire(state, 0)) == sorted(pending["options"][0])
    assert legal_wire(state, 1) == []
    state, events = run(state, {"type": "targets", "targets": ["ben"]})
    assert state.perms["ben"].damage == 1 and not state.stack and state.decision is None
    assert of_type(events, "targeted")[0]["targets"] == ["ben"]
    assert not of_type(events, "by_hand")


def test_a_refused_target_names_it_and_changes_nothing():
    state, _ = _cast_sparker()
    refused(state, {"type": "targets", "targets": [{"player": 1}]}, match="Ben")
    refused(state, {"type": "targets", "targets": []}, match="needs")
    refused(state, {"type": "targets", "targets": ["a", "ben"]}, match="1 target")
    refused(state, {"type": "pass"}, match="first choose")
    refused(state, {"type": "targets", "targets": ["ben"]}, seat=1, match="waiting")


def test_the_card_spec_is_checked_like_a_casts():
    # Terror-like text: a black creature is refused, with the reason.
    black = unit("z", creature("Test Zombie", ("B",), 2, 2), 1, (3, 3))
    state = position(ISLANDS, [ANN_BEARS, BEN, black],
                     players=[{"name": "Ann", "hand": [SLAYER], "mana_pool": "{B}"},
                              {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Slayer"})
    assert "z" not in state_view(state, 0)["pending"]["options"][0]
    refused(state, {"type": "targets", "targets": ["z"]}, match="black")
    state, _ = run(state, {"type": "targets", "targets": ["ben"]})
    assert "ben" not in state.perms


def test_a_trigger_with_no_legal_target_is_removed_from_the_stack():
    black = creature("Test Zombie", ("B",), 2, 2)
    state = position(ISLANDS, [unit("y", black, 0, (1, 1)), unit("z", black, 1, (4, 4))],
                     players=[{"name": "Ann", "hand": [SLAYER], "mana_pool": "{B}"},
                              {"name": "Ben"}])
    state, events = run(state, {"type": "cast", "card": "Test Slayer"})  # itself is black too
    removed = of_type(events, "trigger_removed")
    assert removed and removed[0]["card"] == "Test Slayer"
    assert not state.stack and state.decision is None and "z" in state.perms


def test_an_upkeep_trigger_with_any_target_may_target_a_player():
    state = position(ISLANDS, [ANN_BEARS, unit("p", PINGER, 1, (4, 2)), BEN])
    state, _ = run(state, {"type": "pass"}, {"type": "pass"})  # Ben's upkeep
    pending = state_view(state, 1)["pending"]
    assert pending["kind"] == "targets" and pending["seat"] == 1
    assert {"player": 0} in pending["options"][0] and "a" in pending["options"][0]
    state, _ = run(state, {"type": "targets", "targets": [{"player": 0}], "seat": 1})
    assert state.players[0].life == 19 and state.phase == "upkeep"


def test_a_face_down_land_is_offered_by_its_square_only():
    blaster = creature("Test Blaster", ("R",), 1, 1, oracle_text="When Test Blaster enters "
                       "the battlefield, destroy target land.", mana_cost="{R}")
    rows = [["Island"] * 5 for _ in range(5)]
    rows[3][3] = {"land": "Swamp", "face_up": False}
    state = position(rows, [ANN_BEARS, BEN],
                     players=[{"name": "Ann", "hand": [blaster], "mana_pool": "{R}"},
                              {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Test Blaster"})
    pending = state_view(state, 0)["pending"]
    assert pending["kind"] == "targets" and [3, 3] in pending["options"][0]
    assert "Swamp" not in repr(pending)


def _sparker_against_bolt():
    state = position(ISLANDS, [ANN_BEARS, BEN],
                     players=[{"name": "Ann", "hand": [SPARKER], "mana_pool": "{R}"},
                              {"name": "Ben", "hand": ["Lightning Bolt"], "mana_pool": "{R}",
                               "responses": True}])
    state, _ = run(state, {"type": "cast", "card": "Test Sparker"})
    assert state.pending is not None and state.pending["kind"] == "priority"
    state, _ = run(state, {"type": "pass", "seat": 1})  # the creature spell resolves
    assert state.decision is not None and state.decision["kind"] == "targets"
    state, _ = run(state, {"type": "targets", "targets": ["a"]})
    assert state.pending is not None and state.pending["kind"] == "priority"
    return state


def test_with_responses_the_opponent_may_answer_the_trigger_after_its_targets():
    state = _sparker_against_bolt()
    state, _ = run(state, {"type": "pass", "seat": 1})
    assert state.perms["a"].damage == 1 and not state.stack


def test_the_trigger_fizzles_when_its_target_became_illegal():
    state = _sparker_against_bolt()
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["a"],
                                "seat": 1})
    assert "a" not in state.perms and not state.stack
    assert [e["card"] for e in of_type(events, "fizzled")] == ["Test Sparker"]


def test_an_attack_trigger_with_a_target_is_answered_before_the_attack_deals_damage():
    # The attack's damage was dealt while its trigger still waited for a target.
    raider = creature("Test Raider", ("R",), 2, 2, oracle_text="Whenever Test Raider attacks, "
                      "target creature gets -1/-1 until end of turn.")
    assert automated(raider)
    state = position(ISLANDS, [unit("r", raider, 0, (2, 2)),
                               unit("g", "Grizzly Bears", 1, (3, 2)), BEN])
    state, events = run(state, {"type": "attack", "unit": "r", "target": [3, 2]})
    assert state.decision["kind"] == "targets" and not of_type(events, "damage")
    assert state_view(state, 0)["pending"]["kind"] == "targets"
    refused(state, {"type": "pass"}, seat=1, match="waiting")
    state, events = run(state, {"type": "targets", "targets": ["g"]})
    # Bears 1/1 after the trigger: the Raider's 2 damage kills it, its 1 doesn't kill the Raider
    assert "g" not in state.perms and state.perms["r"].damage == 1
    assert state.pending is None and not state.stack
