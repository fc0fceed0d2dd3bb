"""Digest §§ Revealing (scouting), Mana, Casting; control of lands; land sacrifice."""

from __future__ import annotations

import pytest

from frontier_desktop.rules.mana import format_pool, parse_cost, parse_pool, pay
from frontier_desktop.rules.views import describe
from tests.rules.helpers import (
    at,
    legal_wire,
    of_type,
    position,
    refused,
    run,
    unit,
)

F, M, P, I, S = "Forest", "Mountain", "Plains", "Island", "Swamp"
BEN = unit("ben", "Hill Giant", 1, (4, 4))


def grid(fill=F):
    return [[fill] * 5 for _ in range(5)]


def scout(uid, target):
    return {"type": "scout", "unit": uid, "target": list(target)}


# ---------------------------------------------------------------------- scouting
def test_scouting_taps_the_creature_and_flips_an_adjacent_face_down_land():
    rows = grid()
    rows[3][2] = "?Island"
    state = position(rows, [unit("a", "Grizzly Bears", 0, (2, 2)), BEN])
    state, events = run(state, scout("a", (3, 2)))
    assert state.perms["a"].tapped
    assert state.cells[(3, 2)].face_up and state.name(state.cells[(3, 2)].land) == "Island"
    assert of_type(events, "revealed")[0] == {"type": "revealed", "at": [3, 2], "land": "Island"}
    # Flipped lands are visible to both players.
    for viewer in (0, 1):
        assert describe(state, viewer=viewer)["board"]["rows"][3][2]["land"] == "Island"


@pytest.mark.parametrize("rows_patch, flags, target, reason", [
    ({(3, 3): "?Island"}, {}, (3, 3), "N/S/E/W"),       # diagonal
    ({(4, 2): "?Island"}, {}, (4, 2), "N/S/E/W"),       # two away
    ({}, {}, (3, 2), "already face up"),
    ({(3, 2): "#"}, {}, (3, 2), "hole"),
    ({(3, 2): "?Island"}, {"tapped": True}, (3, 2), "tapped"),
    ({(3, 2): "?Island"}, {"sick": True}, (3, 2), "summoning sick"),
])
def test_scouting_refusals(rows_patch, flags, target, reason):
    rows = grid()
    for (r, c), v in rows_patch.items():
        rows[r][c] = v
    state = position(rows, [unit("a", "Grizzly Bears", 0, (2, 2), **flags), BEN])
    refused(state, scout("a", target), match=reason)


def test_staging_creature_cannot_scout():
    state = position(grid(), [unit("s", "Grizzly Bears", 0, "staging"), BEN])
    refused(state, scout("s", (0, 0)), match="not on the board")


def test_scouting_only_in_your_main_phase():
    rows = grid()
    rows[3][2] = "?Island"
    state = position(rows, [unit("a", "Grizzly Bears", 0, (2, 2)), BEN], phase="upkeep")
    refused(state, scout("a", (3, 2)), match="main phase")
    state = position(rows, [unit("a", "Grizzly Bears", 0, (2, 2)), BEN], active=1)
    refused(state, scout("a", (3, 2)), 0)


def test_by_moving_then_scouting_a_creature_reveals_two_cards_a_turn():
    rows = [["?"] * 5 for _ in range(5)]
    rows[2][2] = F
    state = position(rows, [unit("a", "Grizzly Bears", 0, (2, 2)), BEN], seed=1)
    state, events = run(state, {"type": "move", "unit": "a", "to": [3, 2]}, scout("a", (4, 2)))
    assert len(of_type(events, "revealed")) == 2


# ---------------------------------------------------------------------- mana
def tap(where, via=None, **extra):
    out = {"type": "tap_land", "at": list(where), **extra}
    if via:
        out["via"] = via
    return out


def test_tap_the_land_under_your_creature_freely():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN])
    state, events = run(state, tap((2, 2)))
    assert state.cells[(2, 2)].tapped_by == 0
    assert not state.perms["a"].tapped  # the creature is unaffected
    assert format_pool(state.players[0].pool) == "{G}"
    assert of_type(events, "land_tapped")[0]["mana"] == "G"
    refused(state, tap((2, 2)), match="already tapped")


def test_land_under_your_creature_is_tapped_without_via():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)),
                              unit("b", "Grizzly Bears", 0, (2, 3)), BEN])
    refused(state, tap((2, 2), "b"), match="without choosing another creature")


def test_tap_a_creature_to_tap_an_adjacent_land():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN])
    state, _ = run(state, tap((3, 2), "a"))
    assert state.perms["a"].tapped and state.cells[(3, 2)].tapped_by == 0
    assert format_pool(state.players[0].pool) == "{G}"
    refused(state, tap((1, 2), "a"), match="tapped")  # one land per creature tap


@pytest.mark.parametrize("flags, reason", [({"tapped": True}, "tapped"),
                                            ({"sick": True}, "summoning sick")])
def test_the_via_creature_must_be_untapped_and_not_sick(flags, reason):
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2), **flags), BEN])
    refused(state, tap((3, 2), "a"), match=reason)


def test_not_from_under_an_opponents_creature():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)),
                              unit("foe", "Hill Giant", 1, (3, 2))])
    refused(state, tap((3, 2), "a"), match="opponent")
    assert not any(a.get("at") == [3, 2] for a in legal_wire(state) if a["type"] == "tap_land")


def test_via_creature_must_be_adjacent_and_yours():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN])
    refused(state, tap((4, 2), "a"), match="not next to")
    refused(state, tap((3, 4), "ben"), match="not one of yours")
    refused(state, tap((4, 2)), match="none of your creatures stands on that land")


@pytest.mark.parametrize("cell, reason", [("?Forest", "face down"), ("#", "hole"),
                                          ({"land": F, "tapped_by": 1}, "already tapped")])
def test_land_must_be_face_up_untapped_and_a_land(cell, reason):
    rows = grid()
    rows[3][2] = cell
    state = position(rows, [unit("a", "Grizzly Bears", 0, (2, 2)), BEN])
    refused(state, tap((3, 2), "a"), match=reason)


def test_mana_abilities_work_on_the_opponents_turn():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN], active=1)
    state, _ = run(state, {**tap((2, 2)), "seat": 0}, {**tap((2, 3), "a"), "seat": 0})
    assert state.players[0].pool["G"] == 2
    assert state.cells[(2, 2)].tapped_by == 0 and state.active == 1


def test_a_dual_land_makes_either_colour():
    rows = grid()
    rows[2][2] = "Savannah"
    state = position(rows, [unit("a", "Grizzly Bears", 0, (2, 2)), BEN])
    assert format_pool(run(state, tap((2, 2)))[0].players[0].pool) == "{W}"
    assert format_pool(run(state, tap((2, 2), color="G"))[0].players[0].pool) == "{G}"
    refused(state, tap((2, 2), color="U"), match="makes")


def test_legal_actions_list_free_and_adjacent_mana():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN])
    taps = [a for a in legal_wire(state) if a["type"] == "tap_land"]
    assert {"type": "tap_land", "at": [2, 2]} in taps
    assert {"type": "tap_land", "at": [3, 2], "via": "a"} in taps
    assert not any(a["at"] == [4, 2] for a in taps)


# ---------------------------------------------------------------------- control of lands
def test_a_player_controls_exactly_the_lands_their_creatures_stand_on():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)),
                              unit("b", "Hill Giant", 1, (3, 2))])
    rows = describe(state)["board"]["rows"]
    assert rows[2][2]["controller"] == 0 and rows[3][2]["controller"] == 1
    assert rows[1][2]["controller"] is None  # next to a creature: not controlled
    assert sum(c["controller"] is not None for row in rows for c in row) == 2


def test_control_follows_the_creature():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN])
    state, _ = run(state, {"type": "move", "unit": "a", "to": [1, 2]})
    rows = describe(state)["board"]["rows"]
    assert rows[2][2]["controller"] is None and rows[1][2]["controller"] == 0


# ---------------------------------------------------------------------- land sacrifice
def test_land_sacrifice_only_under_your_creatures():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)),
                              unit("foe", "Hill Giant", 1, (3, 2))])
    refused(state, {"type": "sacrifice_land", "at": [1, 1]}, match="your creatures stand on")
    refused(state, {"type": "sacrifice_land", "at": [3, 2]}, match="your creatures stand on")
    state, _events = run(state, {"type": "sacrifice_land", "at": [2, 2]})
    assert state.cells[(2, 2)].land is None and at(state, "a") == (2, 2)
    assert [state.name(c) for c in state.players[0].land_graveyard] == ["Forest"] or \
        state.players[0].land_graveyard or state.players[1].land_graveyard


# ---------------------------------------------------------------------- casting
def cast(name, pay=(), **extra):
    return {"type": "cast", "card": name, "pay": [list(p) if isinstance(p, tuple) else p
                                                  for p in pay], **extra}


def hand(*cards, pool=""):
    return [{"name": "Ann", "hand": list(cards), "mana_pool": pool}, {"name": "Ben"}]


def test_cast_a_creature_paying_with_lands_it_goes_to_staging_sick():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand("Grizzly Bears"))
    state, events = run(state, cast("Grizzly Bears", [(2, 2), {"at": [3, 2], "via": "a"}]))
    new = [p for p in state.perms.values() if p.id not in ("a", "ben")]
    assert len(new) == 1 and new[0].zone == "staging" and new[0].sick and new[0].controller == 0
    assert state.players[0].hand == [] and sum(state.players[0].pool.values()) == 0
    assert of_type(events, "cast")[0]["to"] == "staging"


def test_pay_list_finds_an_adjacent_creature_itself():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand("Grizzly Bears"))
    state, _ = run(state, cast("Grizzly Bears", [(2, 2), (3, 2)]))
    assert state.perms["a"].tapped


def test_not_enough_mana_is_refused_and_nothing_is_tapped():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand("Grizzly Bears"))
    refused(state, cast("Grizzly Bears", [(2, 2)]), match="costs")


def test_wrong_colour_is_refused():
    state = position(grid(M), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand("Grizzly Bears"))
    refused(state, cast("Grizzly Bears", [(2, 2), (3, 2)]), match="costs")


def test_cast_from_the_mana_pool():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand("Hill Giant", pool="{R}{1}{1}{1}"))
    state, _ = run(state, cast("Hill Giant"))
    assert any(state.name(p.id) == "Hill Giant" and p.controller == 0 for p in state.perms.values())


def test_hybrid_costs_are_paid_with_either_colour():
    for pool in ("{R}{R}{R}", "{G}{G}{G}", "{R}{G}{R}"):
        state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                         players=hand("Boggart Ram-Gang", pool=pool))
        state, _ = run(state, cast("Boggart Ram-Gang"))
        gang = next(p for p in state.perms.values() if state.name(p.id) == "Boggart Ram-Gang")
        assert gang.zone == "staging" and not gang.sick  # haste
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand("Boggart Ram-Gang", pool="{W}{R}{G}"))
    refused(state, cast("Boggart Ram-Gang"), match="costs")


PHYREXIAN = {"name": "Test Mutagen", "type_line": "Instant", "mana_cost": "{1}{G/P}",
             "colors": ["G"], "oracle_text": "Target creature gets +2/+2 until end of turn."}


def test_phyrexian_symbols_are_paid_with_mana_or_two_life():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand(PHYREXIAN, pool="{G}{1}"))
    by_mana, _ = run(state, cast("Test Mutagen"))
    assert by_mana.players[0].life == 20
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand(PHYREXIAN, pool="{R}"))
    by_life, events = run(state, cast("Test Mutagen"))
    assert by_life.players[0].life == 18
    assert of_type(events, "life")[0]["delta"] == -2


def test_mana_module_pays_hybrid_and_phyrexian():
    assert parse_cost("{2}{G/W}{G/P}") == ["2", "G/W", "G/P"]
    assert pay(parse_pool("{W}{G}{1}"), "{1}{G/W}{G/P}", life=20) == (
        {"W": 0, "U": 0, "B": 0, "R": 0, "G": 0, "C": 0}, 0)
    assert pay(parse_pool("{W}{1}"), "{1}{G/W}{G/P}", life=20)[1] == 2
    assert pay(parse_pool("{W}{1}"), "{1}{G/W}{G/P}", life=1) is None
    assert pay(parse_pool("{1}{1}"), "{2/G}", life=0) is not None  # monocoloured hybrid
    assert pay(parse_pool("{G}"), "{X}{G}", x=1) is None
    assert pay(parse_pool("{G}{G}"), "{X}{G}", x=1) is not None


def test_instants_go_to_the_graveyard_and_may_be_cast_on_the_opponents_turn():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN], active=1,
                     players=hand("Giant Growth", pool="{G}"))
    state, events = run(state, {**cast("Giant Growth"), "seat": 0})
    assert [state.name(c) for c in state.players[0].graveyard] == ["Giant Growth"]
    assert "manual" in of_type(events, "cast")[0]["note"]


def test_sorcery_speed_spells_only_in_your_main_phase():
    for kwargs in ({"active": 1}, {"phase": "upkeep"}, {"phase": "end"}):
        state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                         players=hand("Grizzly Bears", pool="{G}{G}"), **kwargs)
        refused(state, cast("Grizzly Bears"), 0, match="main phase")


def test_global_enchantments_and_artifacts_go_to_the_staging_row():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand("Crusade", "Sol Ring", pool="{W}{W}{1}"))
    state, _ = run(state, cast("Crusade"), cast("Sol Ring"))
    staged = {state.name(p.id): p.zone for p in state.perms.values() if p.controller == 0}
    assert staged["Crusade"] == "staging" and staged["Sol Ring"] == "staging"


def test_auras_attach_to_a_chosen_permanent():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand("Holy Strength", pool="{W}"))
    refused(state, cast("Holy Strength"), match="target")
    state, _events = run(state, cast("Holy Strength", target="a"))
    aura = next(p for p in state.perms.values() if state.name(p.id) == "Holy Strength")
    assert aura.zone == "attached" and aura.attached_to == "a"


def test_lands_are_not_cast():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand("Forest"))
    refused(state, cast("Forest"), match="not played from hand")


def test_cannot_cast_a_card_not_in_hand():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand(pool="{G}{G}"))
    refused(state, cast("Grizzly Bears"), match="not in your hand")


def test_legal_actions_offer_castable_spells_with_a_payment_that_works():
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand("Grizzly Bears", "Hill Giant"))
    casts = [a for a in legal_wire(state) if a["type"] == "cast"]
    assert [c["card"] for c in casts] == ["Grizzly Bears"]
    run(state, casts[0])  # the offered payment is accepted


def test_phyrexian_is_paid_with_mana_when_the_pool_can():
    # Bug: with {W}{G}{1} in the pool, {1}{G/W}{G/P} took G for the hybrid, then paid 2 life
    # for {G/P} instead of paying the hybrid with W: the player lost life for nothing.
    assert pay(parse_pool("{W}{G}{1}"), "{1}{G/W}{G/P}", life=20)[1] == 0
    state = position(grid(), [unit("a", "Grizzly Bears", 0, (2, 2)), BEN],
                     players=hand({**PHYREXIAN, "mana_cost": "{1}{G/W}{G/P}"}, pool="{W}{G}{1}"))
    state, _ = run(state, cast("Test Mutagen"))
    assert state.players[0].life == 20
