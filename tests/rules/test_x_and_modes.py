"""A cast's X and modes (issue 12, fx-targets): ``legal_actions`` lists each mode of a "choose
one" spell and each X the player can pay (a table without the game state, a LAN guest, offers
them from there), and the rules refuse a mode the card doesn't have and an X nobody can pay."""

from __future__ import annotations

from tests.rules.helpers import legal_wire, position, refused, run, unit

MOUNTAINS = [["Mountain"] * 5 for _ in range(5)]
CHARM = {"name": "Test Charm", "mana_cost": "{R}", "type_line": "Instant", "colors": ["R"],
         "oracle_text": "Choose one —\n• Test Charm deals 2 damage to target creature.\n"
                        "• Target player gains 3 life."}
BLAZE = {"name": "Blaze", "mana_cost": "{X}{R}", "type_line": "Sorcery", "colors": ["R"],
         "oracle_text": "Blaze deals X damage to any target."}
UNITS = [unit("a", "Grizzly Bears", 0, (1, 1)), unit("b", "Grizzly Bears", 0, (1, 2)),
         unit("c", "Grizzly Bears", 0, (1, 3)), unit("ben", "Hill Giant", 1, (4, 4))]


def _state(hand, pool=""):
    return position(MOUNTAINS, UNITS, players=[{"name": "Ann", "hand": hand, "mana_pool": pool,
                                                "life": 15}, {"name": "Ben"}])


def test_each_mode_of_a_choose_one_spell_is_listed_with_its_targets():
    casts = [a for a in legal_wire(_state([CHARM], "{R}"), 0) if a["type"] == "cast"]
    first = [a for a in casts if a.get("mode", 0) == 0]
    second = [a for a in casts if a.get("mode") == 1]
    assert {a["targets"][0] for a in first} >= {"a", "ben"}
    assert sorted(a["targets"][0]["player"] for a in second) == [0, 1]


def test_the_second_mode_is_cast_and_resolves():
    state, _ = run(_state([CHARM], "{R}"),
                   {"type": "cast", "card": "Test Charm", "mode": 1, "targets": [{"player": 0}]})
    assert state.players[0].life == 18


def test_a_mode_the_card_does_not_have_is_refused():
    state = _state([CHARM, "Lightning Bolt"], "{R}")
    refused(state, {"type": "cast", "card": "Test Charm", "mode": 2,
                    "targets": [{"player": 0}]}, match="2 modes")
    refused(state, {"type": "cast", "card": "Test Charm", "mode": [0, 1],
                    "targets": ["ben"]}, match="choose 1")
    refused(state, {"type": "cast", "card": "Lightning Bolt", "mode": 1,
                    "targets": ["ben"]}, match="no modes")


def _x_casts(state):
    return {a.get("x", 0): a for a in legal_wire(state, 0) if a["type"] == "cast"}


def test_each_x_the_player_can_pay_is_listed_with_its_payment():
    state = _state([BLAZE])  # Ann's bears stand on Mountains and can tap their neighbours
    listed = _x_casts(state)
    top = max(listed)
    assert top >= 2 and sorted(listed) == list(range(top + 1))
    for x, action in listed.items():
        after, _ = run(state, {**action, "targets": ["ben"]})
        assert after.perms["ben"].damage == x or "ben" not in after.perms


def test_an_x_the_player_can_not_pay_is_refused():
    state = _state([BLAZE])
    top_cast = _x_casts(state)[max(_x_casts(state))]
    refused(state, {**top_cast, "x": top_cast["x"] + 1, "targets": ["ben"]}, match="costs")
    refused(state, {"type": "cast", "card": "Blaze", "x": -1, "targets": ["ben"]}, match="X")


def test_x_on_a_card_without_x_is_refused():
    refused(_state(["Lightning Bolt"], "{R}"),
            {"type": "cast", "card": "Lightning Bolt", "x": 2, "targets": ["ben"]},
            match="no X")
