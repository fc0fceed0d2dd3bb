"""Army Magic: mana from controlled lands, extra lands, land destruction, change of control,
and the area of effect (``target_problem``)."""

from __future__ import annotations

from frontier_desktop.rules import legal_actions
from frontier_desktop.rules.variants.army.board import controller, land_life
from frontier_desktop.rules.variants.base import Variant
from frontier_desktop.rules.views import describe
from tests.rules.army_helpers import ARMY, army, land, standard_rows
from tests.rules.helpers import creature, of_type, refused, run, unit

BEAR = creature("Test Bear", ["G"], 2, 2)
ROWS = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Mountain", 1, 6),
                      (1, 1): land("Plains", 0, 6), (1, 0): land("Island", face_up=True)})


# ---------------------------------------------------------------------- mana
def test_tap_land_taps_a_face_up_land_you_control_with_no_via():
    state, events = run(army(ROWS), {"type": "tap_land", "at": [1, 2]})
    assert state.players[0].pool["G"] == 1 and state.cells[(1, 2)].tapped_by == 0
    refused(army(ROWS), {"type": "tap_land", "at": [2, 2]}, match="don't control")
    refused(army(ROWS), {"type": "tap_land", "at": [1, 0]}, match="don't control")
    refused(army(ROWS), {"type": "tap_land", "at": [3, 3]}, match="face-up")
    refused(state, {"type": "tap_land", "at": [1, 2]}, match="already tapped")


def test_legal_actions_offer_only_controlled_lands_for_mana():
    taps = {tuple(a.to_wire()["at"]) for a in legal_actions(army(ROWS)) if a.type == "tap_land"}
    assert taps == {(0, 2), (1, 2), (1, 1)}


def test_casting_pays_automatically_from_controlled_lands():
    players = [{"name": "Ann", "hand": ["Grizzly Bears"]}, {"name": "Ben"}]
    state, events = run(army(ROWS, players=players), {"type": "cast", "card": "Grizzly Bears"})
    tapped = sorted(tuple(e["at"]) for e in of_type(events, "land_tapped"))
    assert tapped == [(0, 2), (1, 2)] or tapped == [(1, 1), (1, 2)]
    assert of_type(events, "cast")
    players = [{"name": "Ann", "hand": ["Shivan Dragon"]}, {"name": "Ben"}]
    refused(army(ROWS, players=players), {"type": "cast", "card": "Shivan Dragon"},
            match="can't be paid")


def test_an_extra_land_is_played_under_the_home_base_once_a_turn_and_makes_mana():
    players = [{"name": "Ann", "hand": ["Forest", "Forest"]}, {"name": "Ben"}]
    state, events = run(army(ROWS, players=players), {"type": "cast", "card": "Forest"})
    extra = of_type(events, "land_played")[0]
    assert state.perms[extra["id"]].at == (0, 2)
    refused(state, {"type": "cast", "card": "Forest"}, match="one extra land")
    state, _ = run(state, {"type": "tap_land", "at": [0, 2]},
                   {"type": "tap_land", "at": [0, 2]})
    assert state.players[0].pool["W"] == 1 and state.players[0].pool["G"] == 1


# ---------------------------------------------------------------------- land destruction
def test_land_destruction_turns_the_land_face_down_troops_retreat_enchantments_die():
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (1, 1): land("Plains", 0, 6)})
    aura_free = {"name": "Test Glory", "type_line": "Enchantment", "mana_cost": "{W}"}
    state = army(rows, [unit("a", BEAR, 0, (1, 2))],
                 permanents=[{"id": "e", "card": aura_free, "owner": 0, "at": [1, 2]}])
    state, events = run(state, {"type": "destroy_land", "at": [1, 2], "seat": 1})
    cell = state.cells[(1, 2)]
    assert not cell.face_up and controller(state, (1, 2)) is None and land_life(state, (1, 2)) is None
    assert "e" not in state.perms
    # Two lands of Ann's are next to it ((0, 2) and (1, 1)): she chooses.
    assert state.decision["kind"] == "retreat"
    state, _ = run(state, {"type": "retreat", "unit": "a", "to": [1, 1]})
    assert state.perms["a"].at == (1, 1)


# ---------------------------------------------------------------------- change of control
def test_an_artifact_of_bens_lying_on_anns_land_stays_there():
    # Artifacts and non-aura enchantments may lie on any land (the rulings on placing them
    # and on capture): one of Ben's on Ann's land is no change of control and doesn't move
    # (before, it was sent to a land of Ben's).
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (3, 2): land("Mountain", 1, 6)})
    doc_perm = [{"id": "x", "card": "Sol Ring", "owner": 0, "controller": 1, "at": [1, 2]}]
    state = army(rows, permanents=doc_perm)
    assert describe(state)["pending"] is None
    state, events = run(state, {"type": "pass"})
    assert state.perms["x"].at == (1, 2) and state.perms["x"].controller == 1


# ---------------------------------------------------------------------- area of effect
def test_the_variant_base_allows_every_target_by_default():
    assert Variant().target_problem(army(ROWS), 0, None, (5, 4)) is None


def test_a_spell_targets_only_in_lands_you_control_or_next_to_them():
    state = army(ROWS, [unit("near", BEAR, 1, (2, 2)), unit("far", BEAR, 1, (4, 4))],
                 players=[{"name": "Ann", "hand": ["Lightning Bolt"]}, {"name": "Ben"}])
    bolt = state.players[0].hand[0]
    assert ARMY.target_problem(state, 0, bolt, "near") is None
    assert ARMY.target_problem(state, 0, bolt, (2, 2)) is None      # a land: its life
    assert "out of range" in ARMY.target_problem(state, 0, bolt, "far")
    assert "out of range" in ARMY.target_problem(state, 0, bolt, (4, 4))
    assert ARMY.target_problem(state, 0, bolt, ("player", 1)) is None  # discard: no range


def test_a_permanents_abilities_reach_its_land_and_the_next_ones_only():
    sorcerer = creature("Test Pinger", ["U"], 1, 1, oracle_text="{T}: It deals 1 damage to any target.")
    units = [unit("p", sorcerer, 0, (1, 1)), unit("n", BEAR, 1, (2, 1)), unit("f", BEAR, 1, (2, 2))]
    rows = standard_rows({(1, 1): land("Plains", 0, 6), (2, 1): land("Mountain", 1, 6),
                          (2, 2): land("Mountain", 1, 6), (1, 2): land("Forest", 0, 6)})
    state = army(rows, units)
    assert ARMY.target_problem(state, 0, "p", "n") is None
    # (2, 2) is next to Ann's (1, 2), so a spell could reach it, but not the pinger at (1, 1).
    assert "out of range" in ARMY.target_problem(state, 0, "p", "f")
    assert ARMY.target_problem(state, 0, None, "f") is None


def test_damage_to_a_player_is_dealt_to_a_land():
    assert ARMY.player_damage_to_land and not Variant.player_damage_to_land


def test_an_aura_needs_a_target_in_range():
    holy = "Holy Strength"
    units = [unit("a", BEAR, 0, (1, 2)), unit("far", BEAR, 1, (4, 4))]
    players = [{"name": "Ann", "hand": [holy], "mana_pool": "{W}"}, {"name": "Ben"}]
    state = army(ROWS, units, players=players)
    refused(state, {"type": "cast", "card": holy, "target": "far"}, match="out of range")
    state, _ = run(state, {"type": "cast", "card": holy, "target": "a"})
    assert any(p.attached_to == "a" for p in state.perms.values())


def test_a_new_artifact_is_put_on_a_land_in_range_chosen_by_its_caster():
    players = [{"name": "Ann", "hand": ["Sol Ring"], "mana_pool": "{1}"}, {"name": "Ben"}]
    state, events = run(army(ROWS, players=players), {"type": "cast", "card": "Sol Ring"})
    pending = describe(state)["pending"]
    assert pending["kind"] == "place" and pending["seat"] == 0
    spots = {tuple(o["at"]) for o in pending["options"]}
    # Any land that is Ann's or next to one of hers, Ben's Mountain at (2, 2) included (the
    # ruling on placing artifacts and enchantments); not (4, 4), far from hers.
    assert (1, 2) in spots and (0, 2) in spots and (2, 2) in spots and (4, 4) not in spots
    ring = of_type(events, "cast")[0]["id"]
    state, _ = run(state, {"type": "place", "id": ring, "at": [1, 1]})
    assert state.perms[ring].at == (1, 1) and state.decision is None


def test_a_land_brought_to_0_by_a_spell_is_captured_by_its_caster_no_creature_moving_in():
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Mountain", 1, 3),
                          (3, 2): land("Mountain", 1, 6)})
    state = army(rows, [unit("d", BEAR, 1, (2, 2)), unit("a", BEAR, 0, (1, 2))])
    events: list = []
    ARMY.damage_land(state, 0, (2, 2), 3, events)
    assert controller(state, (2, 2)) == 0 and land_life(state, (2, 2)) == 6
    assert state.perms["d"].at == (3, 2) and state.perms["a"].at == (1, 2)
    home = standard_rows({(4, 2): land("Plains", 0, 6),
                          (5, 2): land("Mountain", 1, 3, stronghold_of=1)})
    state = army(home)
    ARMY.damage_land(state, 0, (5, 2), 3, events)
    ARMY.after_action(state, events)
    assert state.game_over and state.winner == 0
