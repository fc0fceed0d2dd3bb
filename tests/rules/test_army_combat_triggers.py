"""Army Magic combat with the effects engine's combat triggers: "whenever … blocks / becomes
blocked / attacks and isn't blocked" once the blocks are known, flanking and rampage per
attacker and its blockers (Frontier's, reused), and "deals damage to a player" when combat
or an ability's damage lands on that player's land."""

from __future__ import annotations

from frontier_desktop.rules.views import describe
from tests.rules.army_helpers import army, land, standard_rows
from tests.rules.helpers import creature, of_type, run, unit

BEAR = creature("Test Bear", ["G"], 2, 2)
SENTRY = creature("Test Sentry", ["W"], 1, 4,
                  oracle_text="Whenever Test Sentry blocks, draw a card.")
RAIDER = creature("Test Raider", ["R"], 2, 2,
                  oracle_text="Whenever Test Raider becomes blocked, draw a card.")
SNEAK = creature("Test Sneak", ["B"], 1, 1,
                 oracle_text="Whenever Test Sneak attacks and isn't blocked, draw a card.")
STRIKER = creature("Test Striker", ["R"], 1, 1,
                   oracle_text="Whenever Test Striker deals damage to a player, draw a card.")
FLANKER = creature("Test Knight", ["W"], 2, 2, oracle_text="Flanking")
RAMPAGER = creature("Test Wurm", ["G"], 3, 3, oracle_text="Rampage 2")
PINGER = creature("Test Pinger", ["U"], 1, 1, oracle_text=(
    "{T}: Test Pinger deals 1 damage to any target.\n"
    "Whenever Test Pinger deals damage to an opponent, draw a card."))
ROWS = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Mountain", 1, 6),
                      (3, 2): land("Mountain", 1, 6)})
PLAYERS = [{"name": "Ann", "library": 5}, {"name": "Ben", "library": 5}]
ATTACK = {"type": "attack", "target": [2, 2]}


def fight(units, attackers, blocks=()):
    state = army(ROWS, units, players=PLAYERS)
    actions = [{**ATTACK, "units": list(attackers)}]
    actions += [{"type": "block", "blocker": b, "attacker": a, "seat": 1} for b, a in blocks]
    if describe(run(state, *actions)[0])["pending"] is not None:
        actions.append({"type": "done_blocking", "seat": 1})
    return run(state, *actions)


def test_a_blocker_s_whenever_it_blocks_trigger_resolves_before_the_damage():
    state, events = fight([unit("r", BEAR, 0, (1, 2)), unit("s", SENTRY, 1, (2, 2))],
                          ["r"], [("s", "r")])
    assert len(state.players[1].hand) == 1
    kinds = [e["type"] for e in events]
    assert kinds.index("drew") < max(i for i, k in enumerate(kinds) if k == "damage")


def test_an_attacker_s_becomes_blocked_trigger_fires_only_when_it_is_blocked():
    state, _ = fight([unit("r", RAIDER, 0, (1, 2)), unit("b", BEAR, 1, (2, 2))],
                     ["r"], [("b", "r")])
    assert len(state.players[0].hand) == 1
    state, _ = fight([unit("r", RAIDER, 0, (1, 2)), unit("b", BEAR, 1, (2, 2))], ["r"])
    assert len(state.players[0].hand) == 0


def test_attacks_and_is_not_blocked_waits_for_the_blocks():
    # It fired as the attack was declared, blocked or not.
    state, _ = fight([unit("n", SNEAK, 0, (1, 2)), unit("b", BEAR, 1, (2, 2))],
                     ["n"], [("b", "n")])
    assert len(state.players[0].hand) == 0
    state, _ = fight([unit("n", SNEAK, 0, (1, 2)), unit("b", BEAR, 1, (2, 2))], ["n"])
    assert len(state.players[0].hand) == 1


def test_flanking_shrinks_the_blocker_without_flanking():
    state, events = fight([unit("k", FLANKER, 0, (1, 2)), unit("b", BEAR, 1, (2, 2))],
                          ["k"], [("b", "k")])
    assert any(e.get("by") == "flanking" and e.get("unit") == "b" for e in of_type(
        events, "pumped"))
    assert "b" not in state.perms and "k" in state.perms  # a 1/1 Bear deals the Knight 1


def test_rampage_grows_per_blocker_beyond_the_first():
    state, events = fight([unit("w", RAMPAGER, 0, (1, 2)), unit("b1", BEAR, 1, (2, 2)),
                           unit("b2", BEAR, 1, (2, 2))], ["w"], [("b1", "w"), ("b2", "w")])
    assert any(e.get("by") == "rampage" and e.get("power") == 2 for e in of_type(
        events, "pumped"))
    assert "w" in state.perms  # a 5/5 takes 4


def test_combat_damage_to_a_land_is_damage_to_its_player():
    state, events = fight([unit("t", STRIKER, 0, (1, 2))], ["t"])
    assert any(e.get("target") == "land" and e.get("player") == 1 for e in of_type(
        events, "damage"))
    assert len(state.players[0].hand) == 1


def test_an_ability_s_damage_to_an_opponent_s_land_sets_off_deals_damage_to_an_opponent():
    state = army(ROWS, [unit("p", PINGER, 0, (1, 2))], players=PLAYERS)
    state, _ = run(state, {"type": "activate", "unit": "p", "ability": 0, "targets": [[2, 2]]})
    assert len(state.players[0].hand) == 1
    state = army(ROWS, [unit("p", PINGER, 0, (1, 2))], players=PLAYERS)
    state, _ = run(state, {"type": "activate", "unit": "p", "ability": 0, "targets": [[1, 2]]})
    assert len(state.players[0].hand) == 0  # Ann's own land: not an opponent


def test_until_end_of_combat_ends_when_the_army_combat_is_over():
    dweller = creature("Test Dweller", ["B"], 2, 2, oracle_text=(
        "Whenever Test Dweller attacks and isn't blocked, it gets +2/+0 until end of combat."))
    state, events = fight([unit("d", dweller, 0, (1, 2))], ["d"])
    assert any(e.get("target") == "land" and e.get("amount") == 4 for e in of_type(
        events, "damage"))
    assert state.perms["d"].pt_mod == (0, 0)
