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


# ---------------------------------------------------------------------- 1. double strike
DOUBLE_TRAMPLER = creature("Test Double Trampler", ("R",), 3, 3, ("Double strike", "Trample"),
                           "Double strike, trample", mana_cost="{2}{R}")


def test_double_strike_trample_regular_strike_is_all_excess_to_the_player():
    state = position(GRID, [unit("ds", DOUBLE_TRAMPLER, 0, (3, 2)),
                            unit("bears", BEARS, 1, (4, 2)), unit("other", BEARS, 1, (4, 0))])
    state, events = run(state, attack("ds", (4, 2)))
    assert "bears" not in state.perms
    # First strike: 2 lethal to the Bears, 1 to Ben; regular strike: all 3 to Ben.
    to_ben = [e["amount"] for e in of_type(events, "damage") if e["target"] == "player"]
    assert to_ben == [1, 3] and state.players[1].life == 16


def test_double_strike_trample_mid_board_second_strike_goes_beyond():
    state = position(GRID, [unit("ds", DOUBLE_TRAMPLER, 0, (1, 2)),
                            unit("bears", BEARS, 1, (2, 2)), unit("wall", WALL, 1, (3, 2))])
    state, events = run(state, attack("ds", (2, 2)))
    assert state.perms["wall"].damage == 4
    assert [e["amount"] for e in of_type(events, "trample")] == [1, 3]


def test_double_strike_without_trample_deals_nothing_once_the_defender_is_dead():
    striker = creature("Test Double Striker", ("R",), 3, 3, ("Double strike",))
    state = position(GRID, [unit("ds", striker, 0, (3, 2)), unit("bears", BEARS, 1, (4, 2)),
                            unit("other", BEARS, 1, (4, 0))])
    state, events = run(state, attack("ds", (4, 2)))
    assert state.players[1].life == 20 and len(of_type(events, "damage")) == 1


# ---------------------------------------------------------------------- 3. banding division
HERO = creature("Benalish Hero", ("W",), 1, 1, ("Banding",), "Banding", mana_cost="{W}")
KNIGHT = creature("White Knight", ("W",), 2, 2, ("First strike",), "First strike",
                  mana_cost="{W}{W}")


def _stack_defence(assign: bool):
    return position(GRID, [unit("attacker", BEARS, 0, (2, 1)), unit("hero", HERO, 1, (3, 1)),
                           unit("bears", BEARS, 1, (3, 1)), unit("far", BEARS, 0, (0, 4))],
                    players=[{"name": "Ann"}, {"name": "Ben", "assign": assign}])


def test_without_asking_lethal_damage_goes_to_each_member_in_order():
    state, events = run(_stack_defence(False), attack("attacker", (3, 1)))
    assert state.decision is None
    assert {(e["target"], e["amount"]) for e in of_type(events, "damage")
            if e["source"] == "attacker"} == {("hero", 1), ("bears", 1)}
    assert "hero" not in state.perms and state.perms["bears"].damage == 1


def test_the_stack_controller_divides_the_damage_dealt_to_it():
    from frontier_desktop.rules import acting_seat
    from frontier_desktop.rules.views import describe

    state, events = run(_stack_defence(True), attack("attacker", (3, 1)))
    assert acting_seat(state) == 1 and "attacker" in state.perms  # nothing dealt yet
    pending = describe(state)["pending"]
    assert pending == {"seat": 1, "kind": "assign", "options": [{
        "attacker": "attacker", "sources": ["attacker"], "units": ["hero", "bears"],
        "amount": 2, "lethal": {"hero": 1, "bears": 2}, "default": {"hero": 1, "bears": 1}}]}
    assert "_combat" not in describe(state, viewer=0)["decision"]
    answers = [a for a in legal_wire(state, 1) if a["type"] == "assign"]
    assert answers[0]["damage"] == {"hero": 1, "bears": 1}  # the default first
    assert {"type": "assign", "attacker": "attacker", "damage": {"bears": 2}} in answers
    assert legal_wire(state, 0) == []
    refused(state, attack("far", (1, 4)), seat=0, match="waiting for Ben")
    chosen, events = run(state, {"type": "assign", "attacker": "attacker",
                                 "damage": {"bears": 2}, "seat": 1})
    assert "hero" in chosen.perms and "bears" not in chosen.perms  # the banding Hero lives
    assert "attacker" not in chosen.perms  # the stack's 3 came back
    assert of_type(events, "assigned")[0]["damage"] == {"bears": 2}
    # The state the division was made on is untouched: another division still works there.
    other, _ = run(state, {"type": "assign", "attacker": "attacker",
                           "damage": {"hero": 2}, "seat": 1})
    assert "hero" not in other.perms and other.perms["bears"].damage == 0
    # pass: no division given, lethal damage first.
    passed, _ = run(state, {"type": "pass", "seat": 1})
    assert "hero" not in passed.perms and passed.perms["bears"].damage == 1


def test_a_division_is_checked():
    from frontier_desktop.rules import InvalidActionError

    state, _ = run(_stack_defence(True), attack("attacker", (3, 1)))
    refused(state, {"type": "assign", "attacker": "attacker", "damage": {"bears": 1}}, seat=1,
            match="exactly 2")
    refused(state, {"type": "assign", "attacker": "attacker", "damage": {"bears": 3}}, seat=1,
            match="exactly 2")
    refused(state, {"type": "assign", "attacker": "attacker", "damage": {"far": 2}}, seat=1,
            match="not in the stack")
    refused(state, {"type": "assign", "attacker": "hero", "damage": {"bears": 2}}, seat=1,
            match="attacker's damage")
    refused(state, {"type": "assign", "attacker": "attacker", "damage": {"bears": 3, "hero": -1}},
            seat=1, error=InvalidActionError)
    refused(state, {"type": "assign", "attacker": "attacker", "damage": {"bears": 2}}, seat=0,
            match="waiting for Ben")
    refused(_stack_defence(True), {"type": "assign", "attacker": "attacker",
                                   "damage": {"bears": 2}}, match="no assign")


def test_the_attackers_controller_divides_the_damage_dealt_to_an_attacking_stack():
    wall = creature("Test Biter", ("B",), 3, 9)
    state = position(GRID, [unit("hero", HERO, 0, (2, 1)), unit("bears", BEARS, 0, (2, 1)),
                            unit("biter", wall, 1, (3, 1)), unit("far", BEARS, 1, (4, 4))],
                     players=[{"name": "Ann", "assign": True}, {"name": "Ben"}])
    state, events = run(state, attack("hero", (3, 1)))
    assert state.decision["player"] == 0 and state.decision["attacker"] == "biter"
    refused(state, {"type": "assign", "attacker": "biter", "damage": {"bears": 1}}, seat=0,
            match="exactly 3")
    state, events = run(state, {"type": "assign", "attacker": "biter",
                                "damage": {"bears": 2, "hero": 1}, "seat": 0})
    assert "hero" not in state.perms and "bears" not in state.perms
    state2 = position(GRID, [unit("hero", HERO, 0, (2, 1)), unit("bears", BEARS, 0, (2, 1)),
                             unit("biter", wall, 1, (3, 1)), unit("far", BEARS, 1, (4, 4))],
                      players=[{"name": "Ann", "assign": True}, {"name": "Ben"}])
    state2, _ = run(state2, attack("hero", (3, 1)),
                    {"type": "assign", "attacker": "biter", "damage": {"hero": 3}, "seat": 0})
    assert "hero" not in state2.perms and state2.perms["bears"].damage == 0


def test_set_assign_opts_in_and_out():
    state = _stack_defence(False)
    state, events = run(state, {"type": "set_assign", "on": True, "seat": 1})
    assert state.players[1].assign and of_type(events, "assign_choice")
    state, _ = run(state, attack("attacker", (3, 1)))
    assert state.decision["kind"] == "assign"


def test_attack_and_damage_events_name_the_band_the_defenders_and_the_true_source():
    wall = creature("Test Wall", ("B",), 0, 9)
    state = position(GRID, [unit("hero", HERO, 0, (2, 1)), unit("knight", KNIGHT, 0, (2, 1)),
                            unit("wall", wall, 1, (3, 1)), unit("far", BEARS, 1, (4, 4))])
    state, events = run(state, attack("hero", (3, 1)))
    event = of_type(events, "attack")[0]
    assert event["band"] == ["hero", "knight"] and event["defenders"] == ["wall"]
    damage = [(e["source"], e.get("sources"), e["amount"]) for e in of_type(events, "damage")]
    # First strike: the White Knight alone; then the Hero (the Knight has no second strike).
    assert damage == [("knight", None, 2), ("hero", None, 1)]
    state = position(GRID, [unit("hero", HERO, 0, (2, 1)), unit("bears", BEARS, 0, (2, 1)),
                            unit("wall", wall, 1, (3, 1)), unit("far", BEARS, 1, (4, 4))])
    state, events = run(state, attack("hero", (3, 1)))
    damage = [(e["source"], e.get("sources"), e["amount"]) for e in of_type(events, "damage")]
    assert damage == [("hero", ["hero", "bears"], 3)]


# ---------------------------------------------------------------------- 8. checks on load
def test_a_loaded_position_gets_the_state_checks_at_once():
    state = position(GRID, [unit("a", BEARS, 0, (2, 1)), unit("dead", BEARS, 1, (2, 3), damage=5)],
                     players=[{"name": "Ann"}, {"name": "Ben", "life": 0}])
    assert state.game_over and state.winner == 0
    assert "dead" not in state.perms
    assert legal_wire(state, 0) == []


def test_a_loaded_position_without_creatures_offers_the_free_token():
    state = position(GRID, [unit("a", BEARS, 0, (2, 1))])
    assert state.decision == {"kind": "place_token", "player": 1, "setup": False}
    assert all(a["type"] == "place_token" for a in legal_wire(state, 1))


def test_the_position_command_prints_the_checked_state_and_its_events(tmp_path):
    import json

    from tests.cli.test_position_cli import ok, write

    doc = {"format": "frontier-position/1", "variant": "frontier", "active": 0, "phase": "main",
           "players": [{"name": "Ann"}, {"name": "Ben", "life": 0}],
           "board": {"rows": GRID},
           "units": [{"id": "a", "card": BEARS, "owner": 0, "at": [2, 1]},
                     {"id": "dead", "card": BEARS, "owner": 1, "at": [2, 3], "damage": 5}]}
    out = ok("position", write(tmp_path, "p.json", json.dumps(doc)))
    assert out["winner"] == 0 and out["game_over"]
    assert [u["id"] for u in out["units"]] == ["a"]
    assert {"died", "lost", "game_over"} <= {e["type"] for e in out["events"]}


def test_a_saved_game_from_a_position_replays_from_the_checked_state():
    from frontier_desktop.record import position_header, replay

    doc = {"format": "frontier-position/1", "variant": "frontier", "active": 0, "phase": "main",
           "players": [{"name": "Ann"}, {"name": "Ben"}], "board": {"rows": GRID},
           "units": [{"id": "a", "card": BEARS, "owner": 0, "at": [2, 1]}]}
    header = position_header(doc)
    state = replay(header, [{"seat": 1, "action": {"type": "place_token", "at": [4, 0]}}])
    assert state.decision is None
    assert any(p.controller == 1 for p in state.creatures())


# ---------------------------------------------------------------------- 9, 10. pinned rulings
def test_a_member_may_leave_the_stack_with_its_own_move_and_the_rest_may_still_move():
    """Ruling (banding): a member may leave the stack with a move of its own."""
    from tests.rules.helpers import moves

    state = position(GRID, [unit("hero", HERO, 0, (1, 1)), unit("bears", BEARS, 0, (1, 1)),
                            unit("far", BEARS, 1, (4, 4))])
    state, events = run(state, {"type": "move", "unit": "hero", "to": [2, 1], "units": ["hero"]})
    assert state.perms["hero"].at == (2, 1) and state.perms["bears"].at == (1, 1)
    assert of_type(events, "moved")[0]["units"] == ["hero"]
    assert moves(state, "hero") == set() and (0, 1) in moves(state, "bears")
    state, _ = run(state, {"type": "move", "unit": "bears", "to": [0, 1]})
    assert state.perms["bears"].at == (0, 1)


def test_a_staging_creature_enters_its_controllers_home_row():
    """Digest: "onto any enterable square of its controller's home row" (not its owner's)."""
    from tests.rules.helpers import moves

    state = position(GRID, [unit("stolen", BEARS, 1, "staging", controller=0),
                            unit("mine", BEARS, 0, (2, 2)), unit("theirs", BEARS, 1, (4, 4))])
    assert moves(state, "stolen") == {(0, c) for c in range(5)}
    refused(state, {"type": "move", "unit": "stolen", "to": [4, 0]}, match="home row")


def test_a_negative_x_does_not_pay_for_a_spell():
    """Same mistake elsewhere (17.5): a number taken without its range, here X of a cast."""
    blast = {"name": "Test Blast", "mana_cost": "{X}{2}{R}", "type_line": "Sorcery"}
    state = position(GRID, [unit("a", BEARS, 0, (2, 1)), unit("e", BEARS, 1, (4, 4))],
                     players=[{"name": "Ann", "hand": [blast], "mana_pool": "{R}"},
                              {"name": "Ben"}])
    refused(state, {"type": "cast", "card": "Test Blast", "x": -2}, match="X must be")


def test_both_divisions_of_one_strike_attacker_first_then_dealt_together():
    state = position(GRID, [unit("ah", HERO, 0, (2, 1)), unit("ab", BEARS, 0, (2, 1)),
                            unit("bh", HERO, 1, (3, 1)), unit("bb", BEARS, 1, (3, 1))],
                     players=[{"name": "Ann", "assign": True}, {"name": "Ben", "assign": True}])
    state, events = run(state, attack("ah", (3, 1)))
    assert (state.decision["player"], state.decision["attacker"]) == (0, "bh")
    assert not of_type(events, "damage")
    state, events = run(state, {"type": "assign", "attacker": "bh", "damage": {"ab": 3},
                                "seat": 0})
    assert (state.decision["player"], state.decision["attacker"]) == (1, "ah")
    assert not of_type(events, "damage")  # nothing is dealt until both have divided
    state, events = run(state, {"type": "assign", "attacker": "ah", "damage": {"bb": 3},
                                "seat": 1})
    assert sorted(e["unit"] for e in of_type(events, "died")) == ["ab", "bb"]
    assert "ah" in state.perms and "bh" in state.perms and state.decision is None


def test_the_division_is_asked_by_default_as_the_digest_rules():
    """Repro 03 as written (no ``assign`` field): Ben is asked, and 2 on the Bears keeps the Hero."""
    state = position(GRID, [unit("attacker", BEARS, 0, (2, 1)), unit("hero", HERO, 1, (3, 1)),
                            unit("bears", BEARS, 1, (3, 1)), unit("far", BEARS, 0, (0, 4))])
    state, _ = run(state, attack("attacker", (3, 1)))
    assert state.decision is not None and state.decision["kind"] == "assign"
    assert state.decision["player"] == 1
    state, _ = run(state, {"type": "assign", "attacker": "attacker", "damage": {"bears": 2},
                           "seat": 1})
    assert "hero" in state.perms and "bears" not in state.perms


def test_set_assign_off_stops_the_question():
    state = position(GRID, [unit("attacker", BEARS, 0, (2, 1)), unit("hero", HERO, 1, (3, 1)),
                            unit("bears", BEARS, 1, (3, 1)), unit("far", BEARS, 0, (0, 4))])
    state, _ = run(state, {"type": "set_assign", "on": False, "seat": 1})
    state, _ = run(state, attack("attacker", (3, 1)))
    assert state.decision is None and "hero" not in state.perms


def test_a_player_who_lost_on_load_is_offered_no_free_token():
    """Repro 08: Ben at 0 life with his only creature dead loses; no place_token decision."""
    from frontier_desktop.position import load_position

    doc = {"format": "frontier-position/1", "variant": "frontier", "active": 0, "phase": "main",
           "players": [{"name": "Ann"}, {"name": "Ben", "life": 0}],
           "board": {"rows": [["Island"] * 5 for _ in range(5)]},
           "units": [{"id": "a", "card": BEARS, "owner": 0, "at": [0, 0]},
                     {"id": "dead", "card": BEARS, "owner": 1, "at": [2, 3], "damage": 5}]}
    events: list = []
    state = load_position(doc, events=events)
    assert state.game_over and state.players[1].lost
    assert not [e for e in events if e["type"] == "choose"]
