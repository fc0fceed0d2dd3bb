"""Digest §§ Attacking, Keyword changes (trample, banding, regeneration, free token), Land
destruction, Winning."""

from __future__ import annotations

import pytest

from tests.rules.helpers import (
    at,
    creature,
    facts,
    legal_wire,
    moves,
    of_type,
    position,
    pt,
    refused,
    run,
    unit,
)

P = "Plains"
I = "Island"
GRID = [[I] * 5 for _ in range(5)]  # islands: no bonus for the non-blue creatures below
BEN = unit("ben", "Hill Giant", 1, (4, 4))
ANN = unit("ann", "Hill Giant", 0, (0, 4))


def attack(uid, target):
    return {"type": "attack", "unit": uid,
            "target": list(target) if isinstance(target, tuple) else target}


def beast(name, p, t, *keywords, colours=("G",)):
    return creature(name, colours, p, t, keywords)


# ---------------------------------------------------------------------- attacks
def test_attack_an_adjacent_enemy_damage_is_exchanged_and_the_attacker_taps():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN])
    state, events = run(state, attack("a", (3, 2)))
    assert "a" not in state.perms  # 3 damage kills the 2/2
    assert state.perms["g"].damage == 2
    dmg = {(e["source"], e["target"]): e["amount"] for e in of_type(events, "damage")}
    assert dmg == {("a", "g"): 2, ("g", "a"): 3}
    assert of_type(events, "died")[0]["unit"] == "a"


def test_attacker_taps_unless_it_has_vigilance():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)),
                            unit("v", "Serra Angel", 0, (2, 0)),
                            unit("t", creature("Toad", ("B",), 0, 1), 1, (3, 2)),
                            unit("t2", creature("Toad", ("B",), 0, 1), 1, (3, 0)), BEN])
    state, _ = run(state, attack("a", (3, 2)), attack("v", (3, 0)))
    assert state.perms["a"].tapped and state.perms["a"].attacked
    assert not state.perms["v"].tapped and state.perms["v"].attacked


@pytest.mark.parametrize("target, reason", [
    ((3, 3), "N/S/E/W"),            # diagonal
    ((4, 2), "N/S/E/W"),            # two away
    ((2, 1), "no enemy creature"),  # a friend
    ((1, 2), "no enemy creature"),  # empty
])
def test_attack_targets(target, reason):
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)),
                            unit("pal", "Grizzly Bears", 0, (2, 1)),
                            unit("g", "Hill Giant", 1, (3, 3)),
                            unit("h", "Hill Giant", 1, (4, 2))])
    refused(state, attack("a", target), match=reason)


def test_tapped_defenders_may_be_attacked():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)),
                            unit("g", "Hill Giant", 1, (3, 2), tapped=True), BEN])
    assert facts(state, "a")["attacks"] == [(3, 2)]
    state, _ = run(state, attack("a", (3, 2)))
    assert state.perms["g"].damage == 2


@pytest.mark.parametrize("flags, reason", [({"tapped": True}, "tapped"),
                                            ({"sick": True}, "summoning sick"),
                                            ({"attacked": True}, "already attacked")])
def test_who_can_not_attack(flags, reason):
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2), **flags),
                            unit("g", "Hill Giant", 1, (3, 2))])
    refused(state, attack("a", (3, 2)), match=reason)
    assert facts(state, "a")["attacks"] == []


def test_defender_creatures_cannot_attack():
    state = position(GRID, [unit("w", "Wall of Stone", 0, (2, 2)),
                            unit("g", "Hill Giant", 1, (3, 2))])
    refused(state, attack("w", (3, 2)), match="defender")


def test_staging_creatures_cannot_attack():
    state = position(GRID, [unit("s", "Grizzly Bears", 0, "staging"), ANN, BEN])
    refused(state, attack("s", "player"), match="not on the board")


def test_each_creature_attacks_at_most_once_per_turn_even_with_vigilance():
    state = position(GRID, [unit("v", "Serra Angel", 0, (2, 2)),
                            unit("t", creature("Wall", ("B",), 0, 9), 1, (3, 2)),
                            unit("u", creature("Wall2", ("B",), 0, 9), 1, (2, 3))])
    state, _ = run(state, attack("v", (3, 2)))
    refused(state, attack("v", (2, 3)), match="already attacked")


def test_attack_block_nothing_else_until_done_attacking():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)),
                            unit("b", "Grizzly Bears", 0, (2, 0)),
                            unit("c", "Grizzly Bears", 0, (0, 0)),
                            unit("t", creature("Wall", ("B",), 0, 9), 1, (3, 2)),
                            unit("u", creature("Wall2", ("B",), 0, 9), 1, (3, 0))],
                     players=[{"name": "Ann", "hand": ["Giant Growth"], "mana_pool": "{G}"},
                              {"name": "Ben"}])
    state, _ = run(state, attack("a", (3, 2)))
    assert state.attacking
    for other in ({"type": "move", "unit": "c", "to": [1, 0]},
                  {"type": "scout", "unit": "c", "target": [1, 0]},
                  {"type": "tap_land", "at": [0, 0]},
                  {"type": "cast", "card": "Giant Growth"},
                  {"type": "pass"}):
        refused(state, other, match="attacking")
    assert {a["type"] for a in legal_wire(state)} == {"attack", "done_attacking"}
    state, _ = run(state, attack("b", (3, 0)))  # another attack is fine
    state, _ = run(state, {"type": "done_attacking"})
    assert not state.attacking
    state, _ = run(state, {"type": "tap_land", "at": [0, 0]})
    refused(state, {"type": "done_attacking"}, match="no attack")


def test_no_limit_on_the_number_of_combats():
    units = [unit(f"a{c}", "Grizzly Bears", 0, (2, c)) for c in range(5)]
    units += [unit(f"t{c}", creature(f"Wall{c}", ("B",), 0, 9), 1, (3, c)) for c in range(5)]
    state = position(GRID, units)
    state, events = run(state, *[attack(f"a{c}", (3, c)) for c in range(5)])
    assert len(of_type(events, "attack")) == 5


# ---------------------------------------------------------------------- the player
def test_attack_the_player_from_their_home_row_the_move_does_not_tap_the_attack_does():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (3, 2)), BEN])
    assert not facts(state, "a")["can_attack_player"]
    refused(state, attack("a", "player"), match="home row")
    state, _ = run(state, {"type": "move", "unit": "a", "to": [4, 2]})
    assert not state.perms["a"].tapped
    assert facts(state, "a")["can_attack_player"]
    state, events = run(state, attack("a", "player"))
    assert state.players[1].life == 18 and state.perms["a"].tapped
    assert of_type(events, "life")[0] == {"type": "life", "player": 1, "life": 18, "delta": -2}


def test_player_one_attacks_player_zero_from_row_zero():
    state = position(GRID, [unit("g", "Hill Giant", 1, (0, 2)), ANN], active=1)
    state, _ = run(state, attack("g", "player"))
    assert state.players[0].life == 17


def test_attack_on_the_player_deals_effective_power():
    rows = [r[:] for r in GRID]
    rows[4] = ["Forest"] * 5
    state = position(rows, [unit("d", "Shanodin Dryads", 0, (4, 2)), BEN])
    assert pt(state, "d") == (4, 4)  # +1, and +1 for each of the forests east and west
    state, _ = run(state, attack("d", "player"))
    assert state.players[1].life == 16


def test_tapped_creature_cannot_attack_the_player():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (4, 2), tapped=True), BEN])
    refused(state, attack("a", "player"), match="tapped")


# ---------------------------------------------------------------------- strikes etc.
def test_first_strike_kills_before_damage_comes_back():
    state = position(GRID, [unit("k", "White Knight", 0, (2, 2)),
                            unit("b", "Grizzly Bears", 1, (3, 2)), BEN])
    state, _ = run(state, attack("k", (3, 2)))
    assert "b" not in state.perms and state.perms["k"].damage == 0


def test_defender_with_first_strike_strikes_first_too():
    state = position(GRID, [unit("b", "Grizzly Bears", 0, (2, 2)), ANN,
                            unit("k", "White Knight", 1, (3, 2))])
    state, _ = run(state, attack("b", (3, 2)))
    assert "b" not in state.perms and state.perms["k"].damage == 0


def test_deathtouch_kills_with_any_damage():
    state = position(GRID, [unit("r", "Typhoid Rats", 0, (2, 2)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN])
    state, _ = run(state, attack("r", (3, 2)))
    assert "g" not in state.perms and "r" not in state.perms


def test_double_strike_deals_damage_twice():
    state = position(GRID, [unit("f", "Fencing Ace", 0, (2, 2)),
                            unit("w", creature("Wall", ("B",), 0, 2), 1, (3, 2)), BEN])
    state, _ = run(state, attack("f", (3, 2)))  # a 1/1 double striker: 1 + 1 kills a 0/2
    assert "w" not in state.perms


def test_lifelink_attacker_gains_the_damage_it_deals():
    link = beast("Linker", 3, 3, "Lifelink")
    state = position(GRID, [unit("l", link, 0, (4, 2)), BEN])
    state, _ = run(state, attack("l", "player"))
    assert (state.players[0].life, state.players[1].life) == (23, 17)


# ---------------------------------------------------------------------- responses
def test_an_attack_waits_for_the_response_then_resolves():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[{"name": "Ann"}, {"name": "Ben", "responses": True,
                                                "hand": ["Giant Growth"], "mana_pool": "{G}"}])
    state, _events = run(state, attack("a", (3, 2)))
    assert state.pending and state.perms["g"].damage == 0 and state.perms["a"].tapped
    state, _ = run(state, {"type": "cast", "card": "Giant Growth", "seat": 1},
                   {"type": "pt_change", "unit": "g", "power": 3, "toughness": 3, "seat": 1},
                   {"type": "pass", "seat": 1})
    assert state.pending is None and state.perms["g"].damage == 2 and "a" not in state.perms


# ---------------------------------------------------------------------- trample
TRAMPLER = beast("Trampler", 5, 5, "Trample", colours=("R",))


def test_trample_excess_goes_to_the_creature_beyond_the_defender():
    state = position(GRID, [unit("t", TRAMPLER, 0, (1, 2)),
                            unit("b", "Grizzly Bears", 1, (2, 2)),
                            unit("g", creature("Wall", ("B",), 0, 9), 1, (3, 2)), BEN])
    state, events = run(state, attack("t", (2, 2)))
    assert "b" not in state.perms and state.perms["g"].damage == 3
    assert of_type(events, "trample")[0]["at"] == [3, 2]
    assert state.players[1].life == 20


def test_trample_continues_the_attacks_direction():
    state = position(GRID, [unit("t", TRAMPLER, 0, (2, 1)),
                            unit("b", "Grizzly Bears", 1, (2, 2)),
                            unit("g", "Hill Giant", 1, (2, 3)),
                            unit("h", "Hill Giant", 1, (3, 2))])
    state, events = run(state, attack("t", (2, 2)))
    assert "g" not in state.perms and state.perms["h"].damage == 0
    assert of_type(events, "trample")[0]["at"] == [2, 3]


def test_trample_from_the_home_row_goes_to_the_player():
    state = position(GRID, [unit("t", TRAMPLER, 0, (3, 2)),
                            unit("b", "Grizzly Bears", 1, (4, 2)), BEN])
    state, _ = run(state, attack("t", (4, 2)))
    assert "b" not in state.perms and state.players[1].life == 17


@pytest.mark.parametrize("beyond", ["empty", "hole", "off-board"])
def test_trample_excess_is_lost_when_nothing_is_beyond(beyond):
    rows = [r[:] for r in GRID]
    where_t, where_b = (1, 2), (2, 2)
    if beyond == "hole":
        rows[3][2] = "#"
    if beyond == "off-board":
        where_t, where_b = (2, 1), (2, 0)
    state = position(rows, [unit("t", TRAMPLER, 0, where_t),
                            unit("b", "Grizzly Bears", 1, where_b), BEN])
    state, events = run(state, attack("t", where_b))
    assert "b" not in state.perms and state.players[1].life == 20
    assert sum(e["amount"] for e in of_type(events, "damage")
               if e["source"] == "t") == 2
    assert of_type(events, "trample")[0].get("lost") is True


def test_non_trampler_excess_is_simply_lost():
    big = beast("Big", 5, 5, colours=("R",))
    state = position(GRID, [unit("t", big, 0, (1, 2)), unit("b", "Grizzly Bears", 1, (2, 2)),
                            unit("g", "Hill Giant", 1, (3, 2))])
    state, _ = run(state, attack("t", (2, 2)))
    assert state.perms["g"].damage == 0


# ---------------------------------------------------------------------- banding
def test_banding_creature_may_join_a_friend_and_the_stack_moves_as_one():
    state = position(GRID, [unit("hero", "Benalish Hero", 0, (2, 2)),
                            unit("bear", "Grizzly Bears", 0, (2, 3)), BEN])
    assert (2, 3) in moves(state, "hero")
    state, _ = run(state, {"type": "move", "unit": "hero", "to": [2, 3]})
    assert at(state, "hero") == at(state, "bear") == (2, 3)
    assert facts(state, "bear")["stack"]["units"] == ["hero", "bear"] or \
        set(facts(state, "bear")["stack"]["units"]) == {"hero", "bear"}
    state, _ = run(state, {"type": "pass"}, {"type": "pass"})
    state.active, state.phase = 0, "main"
    for m in state.perms.values():
        m.moved = False
    state, _ = run(state, {"type": "move", "unit": "bear", "to": [3, 3]})
    assert at(state, "hero") == at(state, "bear") == (3, 3)


def test_two_creatures_without_banding_never_share_a_square():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)),
                            unit("b", "Grizzly Bears", 0, (2, 3)), BEN])
    refused(state, {"type": "move", "unit": "a", "to": [2, 3]}, match="another creature")


def test_a_stack_holds_any_number_of_banding_creatures_and_at_most_one_without():
    units = [unit("h1", "Benalish Hero", 0, (2, 2)), unit("h2", "Timber Wolves", 0, (2, 2)),
             unit("bear", "Grizzly Bears", 0, (2, 2)), unit("x", "Grizzly Bears", 0, (2, 3)),
             unit("h3", "Benalish Hero", 0, (1, 2)), BEN]
    state = position(GRID, units)
    assert (2, 2) not in moves(state, "x")
    assert (2, 2) in moves(state, "h3")


def test_an_enemy_banding_creature_cannot_join():
    state = position(GRID, [unit("hero", "Benalish Hero", 0, (2, 2)),
                            unit("wolf", "Timber Wolves", 1, (2, 3))])
    assert (2, 3) not in moves(state, "hero")


def test_position_file_refuses_an_illegal_stack():
    from frontier_desktop.rules import InvalidPositionError

    with pytest.raises(InvalidPositionError, match="banding"):
        position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)),
                        unit("b", "Grizzly Bears", 0, (2, 2))])


def test_stack_attacks_as_one_with_combined_power_and_toughness():
    wall = creature("Wall", ("B",), 3, 5)
    state = position(GRID, [unit("h1", "Benalish Hero", 0, (2, 2)),
                            unit("h2", "Timber Wolves", 0, (2, 2)),
                            unit("bear", "Grizzly Bears", 0, (2, 2)),
                            unit("w", wall, 1, (3, 2)), BEN])
    stack = facts(state, "bear")["stack"]
    assert (stack["power"], stack["toughness"]) == (4, 4)
    state, events = run(state, attack("h1", (3, 2)))
    # The wall's 3 damage to the attacking stack is its controller's to divide: the combat
    # waits (nothing is dealt yet) until Ann divides it or passes for the default.
    assert state.decision is not None and state.decision["kind"] == "assign"
    assert state.decision["player"] == 0 and state.perms["w"].damage == 0
    state, more = run(state, {"type": "pass", "seat": 0})
    events += more
    assert state.perms["w"].damage == 4  # the stack's combined power
    assert all(state.perms[u].tapped and state.perms[u].attacked
               for u in ("h2", "bear") if u in state.perms)
    # Ann gave no division (she passed): lethal damage goes to each member in order (digest
    # ruling).
    dead = [e["unit"] for e in of_type(events, "died")]
    assert dead == ["h1", "h2"] and state.perms["bear"].damage == 1


def test_stack_terrain_bonus_is_counted_once_and_any_member_matching_is_enough():
    rows = [["Forest"] * 5 for _ in range(5)]
    state = position(rows, [unit("hero", "Benalish Hero", 0, (2, 2)),
                            unit("bear", "Grizzly Bears", 0, (2, 2)), BEN])
    stack = facts(state, "hero")["stack"]
    assert (stack["power"], stack["toughness"]) == (1 + 2 + 5, 1 + 2 + 5)
    rows[2][2] = "Plains"
    state = position(rows, [unit("hero", "Benalish Hero", 0, (2, 2)),
                            unit("wolf", "Timber Wolves", 0, (2, 2)), BEN])
    stack = facts(state, "hero")["stack"]
    # On a plains: the white hero matches (+1); the neighbours are forests, matching the
    # green wolves, and count because the stack stands on a matching land.
    assert (stack["power"], stack["toughness"]) == (2 + 1 + 4, 2 + 1 + 4)


def test_stack_is_attacked_as_one():
    state = position(GRID, [unit("g", "Hill Giant", 0, (2, 2)),
                            unit("hero", "Benalish Hero", 1, (3, 2)),
                            unit("bear", "Grizzly Bears", 1, (3, 2))])
    state, events = run(state, attack("g", (3, 2)))
    # 3 damage against a 3/3 stack: the defender divides it; 3 back kills the giant.
    assert state.decision is not None and state.decision["player"] == 1
    state, more = run(state, {"type": "assign", "attacker": "g", "damage": {"bear": 3},
                              "seat": 1})
    events += more
    assert "g" not in state.perms
    hurt = {e["target"] for e in of_type(events, "damage") if e["source"] == "g"}
    assert hurt == {"bear"} and "hero" in state.perms


def test_a_member_may_move_out_of_a_stack_alone():
    state = position(GRID, [unit("hero", "Benalish Hero", 0, (2, 2)),
                            unit("bear", "Grizzly Bears", 0, (2, 2)), BEN])
    state, _ = run(state, {"type": "move", "unit": "hero", "to": [1, 2], "units": ["hero"]})
    assert at(state, "hero") == (1, 2) and at(state, "bear") == (2, 2)


# ---------------------------------------------------------------------- regeneration
def test_regenerated_creature_goes_to_staging_tapped_and_returns_next_turn():
    state = position(GRID, [unit("sk", "Drudge Skeletons", 0, (2, 2)),
                            unit("g", "Hill Giant", 1, (3, 2)), BEN],
                     players=[{"name": "Ann", "mana_pool": "{B}"}, {"name": "Ben"}])
    state, events = run(state, {"type": "activate", "unit": "sk", "ability": 0})
    assert state.perms["sk"].regen_shield == 1
    state, events = run(state, attack("sk", (3, 2)))
    sk = state.perms["sk"]
    assert sk.zone == "staging" and sk.tapped and sk.damage == 0
    assert of_type(events, "regenerated")
    assert moves(state, "sk") == set()  # not this turn
    state, _ = run(state, {"type": "done_attacking"}, {"type": "pass"}, {"type": "pass"},
                   *[{"type": "pass"}] * 4, {"type": "pass"}, {"type": "pass"})
    assert (state.active, state.phase) == (0, "main")
    assert not state.perms["sk"].tapped
    assert moves(state, "sk") == {(0, c) for c in range(5)}


def test_regenerated_defender_goes_to_its_controllers_staging_row():
    state = position(GRID, [unit("g", "Hill Giant", 0, (2, 2)),
                            unit("sk", "Drudge Skeletons", 1, (3, 2)), BEN])
    state, _ = run(state, {"type": "regenerate", "unit": "sk", "seat": 1}, attack("g", (3, 2)))
    assert state.perms["sk"].zone == "staging" and state.perms["sk"].controller == 1
    assert state.perms["sk"].tapped


def test_a_regeneration_shield_ends_with_the_turn():
    state = position(GRID, [unit("sk", "Drudge Skeletons", 0, (2, 2)), BEN], phase="end")
    state, _ = run(state, {"type": "regenerate", "unit": "sk"}, {"type": "pass"})
    assert state.perms["sk"].regen_shield == 0


# ---------------------------------------------------------------------- free token
def test_free_token_on_a_vacant_home_row_land_of_the_players_choice():
    rows = [r[:] for r in GRID]
    rows[4][0] = "#"
    state = position(rows, [unit("g", "Hill Giant", 0, (3, 1)),
                            unit("b", "Grizzly Bears", 1, (4, 1))])
    state, _ = run(state, attack("g", (4, 1)))
    assert state.decision == {"kind": "place_token", "player": 1, "setup": False}
    from tests.rules.helpers import legal_wire as lw

    spots = {tuple(a["at"]) for a in lw(state, 1) if a["type"] == "place_token"}
    assert spots == {(4, 1), (4, 2), (4, 3), (4, 4)}  # vacant lands: not the hole
    refused(state, {"type": "done_attacking"}, 0, match="waiting")
    state, _events = run(state, {"type": "place_token", "at": [4, 3], "seat": 1})
    tok = [p for p in state.perms.values() if p.controller == 1]
    assert len(tok) == 1 and tok[0].at == (4, 3) and tok[0].zone == "board"
    card = state.card(tok[0].id)
    assert (card.base_power, card.base_toughness) == (1, 1)


def test_free_token_goes_to_staging_not_sick_when_no_home_square_is_vacant():
    rows = [r[:] for r in GRID]
    rows[4] = ["#", "#", I, "#", "#"]
    state = position(rows, [unit("g", "Hill Giant", 0, (2, 2)), unit("sit", "Hill Giant", 0, (4, 2)),
                            unit("b", "Grizzly Bears", 1, (3, 2))])
    state, _events = run(state, attack("g", (3, 2)))
    tok = [p for p in state.perms.values() if p.controller == 1]
    assert len(tok) == 1 and tok[0].zone == "staging" and not tok[0].sick
    assert state.decision is None


def test_a_creature_in_staging_counts_no_free_token():
    state = position(GRID, [unit("g", "Hill Giant", 0, (3, 2)),
                            unit("b", "Grizzly Bears", 1, (4, 2)),
                            unit("s", "Grizzly Bears", 1, "staging", sick=True)])
    state, _ = run(state, attack("g", (4, 2)))
    assert state.decision is None and len([p for p in state.perms.values()
                                           if p.controller == 1]) == 1


# ---------------------------------------------------------------------- land destruction
def test_destroyed_land_becomes_a_hole_the_creature_stays_and_cannot_come_back():
    state = position(GRID, [unit("a", "Grizzly Bears", 0, (2, 2)), BEN])
    state, events = run(state, {"type": "destroy_land", "at": [2, 2], "seat": 1})
    assert state.cells[(2, 2)].land is None and at(state, "a") == (2, 2)
    gy = state.players[0].land_graveyard + state.players[1].land_graveyard
    assert [state.name(c) for c in gy] == ["Island"]
    assert of_type(events, "land_destroyed")[0]["at"] == [2, 2]
    state, _ = run(state, {"type": "move", "unit": "a", "to": [3, 2]})
    state.perms["a"].moved = False
    assert (2, 2) not in moves(state, "a")
    refused(state, {"type": "move", "unit": "a", "to": [2, 2]}, match="hole")


def test_destroyed_land_goes_to_its_owners_land_graveyard():
    from frontier_desktop.record import new_game
    from tests.rules.helpers import deck

    state, _ = new_game("frontier", [deck((10, "Forest"), (10, "Grizzly Bears")),
                                     deck((10, "Mountain"), (10, "Hill Giant"))], ["A", "B"],
                        seed=1, options={"mulligans": False})
    state, _ = run(state, {"type": "place_token", "at": [0, 0], "seat": 0},
                   {"type": "place_token", "at": [4, 0], "seat": 1})
    land = state.cells[(2, 1)].land
    owner = state.owner(land)
    state, events = run(state, {"type": "destroy_land", "at": [2, 1], "seat": 0})
    assert state.players[owner].land_graveyard == [land]
    assert of_type(events, "revealed")  # a face-down land is shown as it goes


def test_a_hole_cannot_be_destroyed_again():
    rows = [r[:] for r in GRID]
    rows[2][2] = "#"
    state = position(rows, [ANN, BEN])
    refused(state, {"type": "destroy_land", "at": [2, 2]}, match="already a hole")


def test_a_hole_cannot_be_tapped_or_scouted():
    rows = [r[:] for r in GRID]
    rows[2][2] = "#"
    state = position(rows, [unit("a", "Grizzly Bears", 0, (2, 2)), BEN])
    refused(state, {"type": "tap_land", "at": [2, 2]}, match="hole")


# ---------------------------------------------------------------------- winning
def test_a_player_at_zero_life_loses():
    state = position(GRID, [unit("g", "Hill Giant", 0, (4, 2)), BEN],
                     players=[{"name": "Ann"}, {"name": "Ben", "life": 3}])
    state, events = run(state, attack("g", "player"))
    assert state.game_over and state.winner == 0 and state.players[1].lost
    assert of_type(events, "game_over") == [{"type": "game_over", "winner": 0}]
    refused(state, {"type": "done_attacking"}, match="over")
    from frontier_desktop.rules import legal_actions

    assert legal_actions(state) == []


def test_life_below_zero_by_card_text_loses_too():
    state = position(GRID, [ANN, BEN])
    state, _ = run(state, {"type": "life", "player": 0, "delta": -25})
    assert state.game_over and state.winner == 1


def test_drawing_from_an_empty_library_loses():
    state = position(GRID, [ANN, BEN], active=1, phase="upkeep",
                     players=[{"name": "Ann"}, {"name": "Ben", "library": 0}])
    state, events = run(state, {"type": "pass"})
    assert state.game_over and state.winner == 0
    assert any(e["type"] == "lost" and e["player"] == 1 for e in events)


def test_an_empty_library_is_fine_until_a_draw():
    state = position(GRID, [ANN, BEN], players=[{"name": "Ann", "library": 0}, {"name": "Ben"}])
    state, _ = run(state, {"type": "pass"})
    assert not state.game_over


def test_concede():
    state = position(GRID, [ANN, BEN])
    state, _ = run(state, {"type": "concede", "seat": 1})
    assert state.winner == 0


def test_creatures_that_kill_each_other_on_matching_terrain_both_die() -> None:
    # Bug: check_deaths destroyed the attacker, then recomputed the defender's terrain bonus
    # against a board that still listed the dead attacker next to it (KeyError). Found by a
    # LAN bot playing the sample decks; all deaths are now decided on one board.
    state = position(
        [["Forest", "Forest", "Mountain"], ["Mountain", "Mountain", "Mountain"]],
        [unit("a", creature("Green A", ["G"], 2, 2), 0, [0, 0]),
         unit("b", creature("Green B", ["G"], 2, 2), 1, [0, 1])],
    )
    assert pt(state, "a") == (3, 3) and pt(state, "b") == (3, 3)
    state, events = run(state, {"type": "attack", "unit": "a", "target": [0, 1]})
    assert sorted(e["unit"] for e in of_type(events, "died")) == ["a", "b"]
    assert "a" not in state.perms and "b" not in state.perms
