"""Issue 17: where the engine differed from the written Frontier rules (and its rulings).

Each test builds its position here (the repros in ``../shared/repros/frontier-rules`` are the
same boards), so none of them skips.
"""

from __future__ import annotations

from tests.rules.helpers import (
    creature,
    facts,
    legal_wire,
    of_type,
    position,
    refused,
    run,
    unit,
)

I = "Island"
GRID = [[I] * 5 for _ in range(5)]
BEARS = creature("Grizzly Bears", ("G",), 2, 2, mana_cost="{1}{G}")
WALL = creature("Wall of Stone", ("R",), 0, 8, ("Defender",), mana_cost="{1}{R}{R}")


def attack(uid, target):
    return {"type": "attack", "unit": uid,
            "target": list(target) if isinstance(target, tuple) else target}


# ---------------------------------------------------------------------- 4. attack block
def test_no_attacks_after_done_attacking_even_after_casting():
    """Ruling: as with moving, once a player is done attacking, no more attacks that turn."""
    state = position(GRID, [unit("a", BEARS, 0, (2, 1)), unit("b", BEARS, 0, (2, 3)),
                            unit("w1", WALL, 1, (3, 1)), unit("w2", WALL, 1, (3, 3))],
                     players=[{"name": "Ann", "hand": [BEARS], "mana_pool": "{G}{G}"},
                              {"name": "Ben"}])
    state, _ = run(state, attack("a", (3, 1)), {"type": "done_attacking"})
    assert not any(a["type"] == "attack" for a in legal_wire(state))
    assert facts(state, "b")["attacks"] == [] and not facts(state, "b")["can_attack_player"]
    refused(state, attack("b", (3, 3)), match="done attacking")
    state, _ = run(state, {"type": "cast", "card": "Grizzly Bears"})
    refused(state, attack("b", (3, 3)), match="done attacking")
    # The next turn attacks again.
    state, _ = run(state, *[{"type": "pass"}] * 8)
    assert state.active == 0 and state.phase == "main"
    assert facts(state, "b")["attacks"] == [(3, 3)]


# ---------------------------------------------------------------------- 6. free token
def test_the_free_tokens_land_turns_face_up_at_once():
    rows = [row[:] for row in GRID]
    rows[4][2] = "?Forest"
    giant = creature("Hill Giant", ("R",), 3, 3, mana_cost="{3}{R}")
    state = position(rows, [unit("giant", giant, 0, (3, 1)), unit("bears", BEARS, 1, (4, 1))])
    state, _ = run(state, attack("giant", (4, 1)))
    assert state.decision == {"kind": "place_token", "player": 1, "setup": False}
    state, events = run(state, {"type": "place_token", "at": [4, 2], "seat": 1})
    assert state.cells[(4, 2)].face_up
    assert [e["at"] for e in of_type(events, "revealed")] == [[4, 2]]
    token = of_type(events, "token")[0]["unit"]
    # Face up, it is a land the token's controller may tap.
    state, _ = run(state, {"type": "done_attacking"}, *[{"type": "pass"}] * 4)
    assert state.active == 1 and state.phase == "main"
    assert {"type": "tap_land", "at": [4, 2]} in legal_wire(state)
    assert state.perms[token].zone == "board"


def test_set_up_tokens_still_wait_for_the_first_main_phase():
    from frontier_desktop.rules.variants import find_variant
    from tests.rules.helpers import card, deck

    frontier = find_variant("frontier")
    d = deck((24, "Forest"), (36, "Grizzly Bears"))
    state = frontier.new_game([d, d], ["Ann", "Ben"], seed=3)
    state, events = run(state, {"type": "place_token", "at": [0, 0]})
    assert not state.cells[(0, 0)].face_up and not of_type(events, "revealed")
    assert card("Forest").is_land


# ---------------------------------------------------------------------- 7. no mana ability
MAZE = {"name": "Maze of Ith", "mana_cost": "", "type_line": "Land", "colors": [],
        "produced_mana": [], "oracle_text": "{T}: Untap target attacking creature. Prevent all "
        "combat damage that would be dealt to and dealt by that creature this turn."}


def test_a_land_with_no_mana_ability_cannot_be_tapped_for_mana():
    rows = [row[:] for row in GRID]
    rows[1][1] = {"land": MAZE, "face_up": True}
    rows[1][2] = {"land": MAZE, "face_up": True}
    rock = {"name": "Test Rock", "mana_cost": "{2}", "type_line": "Artifact"}
    state = position(rows, [unit("a", BEARS, 0, (1, 1)), unit("e", BEARS, 1, (4, 4))],
                     players=[{"name": "Ann", "hand": [rock]}, {"name": "Ben"}])
    refused(state, {"type": "tap_land", "at": [1, 1]}, match="no mana ability")
    refused(state, {"type": "tap_land", "at": [1, 2], "via": "a"}, match="no mana ability")
    taps = [a["at"] for a in legal_wire(state) if a["type"] == "tap_land"]
    assert [1, 1] not in taps and [1, 2] not in taps and [0, 1] in taps
    # Automatic payment never counts it: the one Island the Bears can tap pays {1} of {2}.
    assert not any(a["type"] == "cast" for a in legal_wire(state))


def test_a_land_object_that_says_add_makes_that_mana_without_produced_mana():
    rows = [row[:] for row in GRID]
    rows[1][1] = {"land": {"name": "Test Wastes", "type_line": "Land",
                           "oracle_text": "{T}: Add {C}."}, "face_up": True}
    state = position(rows, [unit("a", BEARS, 0, (1, 1)), unit("e", BEARS, 1, (4, 4))])
    state, events = run(state, {"type": "tap_land", "at": [1, 1]})
    assert of_type(events, "land_tapped")[0]["mana"] == "C"


# ---------------------------------------------------------------------- 2. landwalk fizzle
def test_a_landwalk_move_whose_destination_is_destroyed_in_response_fizzles():
    rows = [row[:] for row in GRID]
    rows[1][1:4] = ["Swamp"] * 3
    wraith = creature("Bog Wraith", ("B",), 3, 3, ("Landwalk", "Swampwalk"), "Swampwalk",
                      mana_cost="{3}{B}")
    state = position(rows, [unit("wraith", wraith, 0, (1, 0)), unit("far", BEARS, 1, (4, 4))],
                     players=[{"name": "Ann"}, {"name": "Ben", "responses": True}])
    state, events = run(state, {"type": "move", "unit": "wraith", "to": [1, 3]},
                        {"type": "destroy_land", "at": [1, 3], "seat": 1},
                        {"type": "pass", "seat": 1})
    assert state.perms["wraith"].at == (1, 0) and state.perms["wraith"].moved
    assert not of_type(events, "moved")
    assert of_type(events, "fizzled")[0]["at"] == [1, 3]
    assert facts(state, "wraith")["moves"] == []
