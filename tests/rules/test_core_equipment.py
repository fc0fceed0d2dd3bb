"""Equipment in every variant (rules/core/equipment.py).

``shared/rules/army.md`` Ruling (equipment): "equipment is carried by a unit; "Equip" attaches
it to a creature on the same land; it drops on the land when its creature leaves the
battlefield, where any creature (of either army) standing there may pick it up"; normal
Magic elsewhere: "Equipped creature gets +N/+M" applies to the creature it is attached to,
"Equip {N}" is an activated ability (sorcery speed, target creature you control), and the
equipment stays on the battlefield, unattached, when its creature leaves. Repros:
``shared/repros/army-rules`` 06, 06b and 07. Each scenario is a position built here, in
Frontier, Army Magic, the Conquering and the War Game.
"""

from __future__ import annotations

from typing import Any

import pytest

from frontier_desktop.rules import GameState, legal_actions
from frontier_desktop.rules.variants import find_variant
from frontier_desktop.rules.core.spell_grants import static_grants
from tests.rules.army_helpers import army, land, standard_rows
from tests.rules.helpers import creature, of_type, refused, run, unit
from tests.rules.test_core_planeswalkers import BEARS, BOLT, conquering, frontier, wargame

BONESPLITTER: dict[str, Any] = {
    "name": "Bonesplitter", "mana_cost": "{1}", "type_line": "Artifact — Equipment",
    "colors": [], "keywords": ["Equip"],
    "oracle_text": "Equipped creature gets +2/+0.\nEquip {1} (reminder: {1}: Attach to target "
                   "creature you control. Equip only as a sorcery.)"}
WINGS: dict[str, Any] = {
    "name": "Test Wings", "mana_cost": "{2}", "type_line": "Artifact — Equipment",
    "colors": [], "keywords": ["Equip"],
    "oracle_text": "Equipped creature gets +0/+1 and has flying.\nEquip {2}"}
GIANT = creature("Hill Giant", ["R"], 3, 3, mana_cost="{3}{R}", type_line="Creature — Giant")
VARIANTS = ["frontier", "army", "conquering", "wargame"]
EQUIP = {"type": "activate", "unit": "eq", "ability": 0, "targets": ["b"]}


def pt(state: GameState, uid: str) -> tuple[int, int]:
    return find_variant(state.variant).effective_pt(state, state.perms[uid])


def equips(state: GameState, seat: int = 0, eq: str = "eq") -> list[dict[str, Any]]:
    return [a.to_wire() for a in legal_actions(state, seat)
            if a.type == "activate" and a.to_wire()["unit"] == eq]


def army_rows() -> list[list[Any]]:
    """Ann's lands (1, 2), (1, 1) and (2, 2); Ben's (3, 2) with no land of his next to it."""
    return standard_rows({(1, 1): land("Forest", 0, 6), (1, 2): land("Forest", 0, 6),
                          (2, 2): land("Forest", 0, 6), (3, 2): land("Forest", 1, 3)})


def build(variant: str, *, attached: bool = True, pool_: str = "",
          hand: list[Any] | None = None, phase: str | None = None,
          equipment: dict[str, Any] = BONESPLITTER,
          extra: list[dict[str, Any]] | None = None) -> GameState:
    """Ann's Grizzly Bears ``b`` with an equipment ``eq`` (attached to it, or unattached
    where the variant keeps it), Ben's Bears ``x``; *pool_* mana (supply in the War Game)."""
    eq: dict[str, Any] = {"id": "eq", "card": equipment, "owner": 0}
    eq["attached_to" if attached else "at"] = "b" if attached else (
        [2, 2] if variant == "army" else None)
    more = extra or []
    if variant == "army":
        units = [unit("b", BEARS, 0, (2, 2)), unit("x", BEARS, 1, (3, 2)), *more]
        return army(army_rows(), units, permanents=[eq], phase=phase or "main",
                    players=[{"name": "Ann", "hand": hand or [], "mana_pool": pool_},
                             {"name": "Ben"}])
    if variant == "frontier":
        units = [unit("b", BEARS, 0, (1, 1)), unit("x", BEARS, 1, (3, 3)), *more]
        if not attached:  # Frontier keeps artifacts in the staging row: cast it there
            state = frontier(units, hand=[*(hand or []), equipment], phase=phase or "main",
                             pool_=pool_ + "{1}")
            state, events = run(state, {"type": "cast", "card": equipment["name"]})
            cast = str(of_type(events, "cast")[0]["id"])
            state.perms["eq"] = state.perms.pop(cast)
            state.perms["eq"].id = "eq"
            state.cards["eq"] = state.cards.pop(cast)
            return state
        return frontier(units, permanents=[eq], hand=hand or [], pool_=pool_,
                        phase=phase or "main")
    if variant == "conquering":
        units = [unit("b", BEARS, 0, (1, 1)), unit("x", BEARS, 1, (1, 1)), *more]
        return conquering(units, permanents=[eq], hand=hand or [], pool_=pool_,
                          phase=phase or "main")
    units = [unit("b", BEARS, 0, (1, 1)), unit("x", BEARS, 1, (1, 2)), *more]
    return wargame(units, permanents=[eq], hand=hand or [], supply=pool_.count("{"),
                   phase=phase or "casting")


# ---------------------------------------------------------------------- the bonus
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_equipped_creature_gets_the_equipments_bonus(variant: str) -> None:
    state = build(variant)
    p, t = pt(state, "x")  # the same Grizzly Bears, unequipped
    assert pt(state, "b") == (p + 2, t)


def test_the_equipped_creature_has_the_equipments_keywords() -> None:
    state = build("army", equipment=WINGS)
    assert pt(state, "b") == (2, 3)
    assert "flying" in static_grants(state, state.perms["b"])
    assert "flying" not in static_grants(state, state.perms["x"])


# ---------------------------------------------------------------------- equip
@pytest.mark.parametrize("variant", VARIANTS)
def test_equip_attaches_it_to_a_creature_you_control_at_sorcery_speed(variant: str) -> None:
    state = build(variant, attached=False, pool_="{1}")
    p, t = pt(state, "b")
    assert {"type": "activate", "unit": "eq", "targets": ["b"]} in equips(state)
    assert not any(a.get("targets") == ["x"] for a in equips(state))
    refused(state, {**EQUIP, "targets": ["x"]}, match="it is not yours")
    state, events = run(state, EQUIP)
    assert state.perms["eq"].attached_to == "b" and state.perms["eq"].zone == "attached"
    assert of_type(events, "attached")[0]["to"] == "b"
    assert pt(state, "b") == (p + 2, t)
    off_phase = {"frontier": "upkeep", "army": "combat", "conquering": "movement",
                 "wargame": "movement"}[variant]
    state = build(variant, attached=False, pool_="{1}")
    state.phase = off_phase
    refused(state, EQUIP, match="only as a sorcery")
    assert equips(state) == []


def test_equip_moves_the_equipment_from_one_creature_to_another() -> None:
    state = build("army", pool_="{1}", extra=[unit("c", GIANT, 0, (2, 2))])
    state, _ = run(state, {**EQUIP, "targets": ["c"]})
    assert state.perms["eq"].attached_to == "c"
    assert pt(state, "c") == (5, 3) and pt(state, "b") == (2, 2)


def test_army_equip_reaches_only_a_creature_on_the_equipments_land() -> None:
    # Repro army-rules/07: a second Bonesplitter on the Bears' land, {1} in the pool.
    state = build("army", attached=False, pool_="{1}{1}",
                  extra=[unit("c", GIANT, 0, (1, 2))])
    refused(state, {**EQUIP, "targets": ["c"]}, match="equips only a creature on its own land")
    assert not any(a.get("targets") == ["c"] for a in equips(state))
    state, _ = run(state, EQUIP)
    assert state.perms["eq"].attached_to == "b"
    # It moves with the creature carrying it (the unit), and equips one on its new land.
    state, _ = run(state, {"type": "move", "unit": "b", "to": [1, 2]})
    assert state.perms["b"].at == (1, 2) and state.perms["eq"].attached_to == "b"
    state, _ = run(state, {**EQUIP, "targets": ["c"]})
    assert state.perms["eq"].attached_to == "c" and pt(state, "c") == (5, 3)


# ---------------------------------------------------------------------- its creature leaves
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_equipment_stays_unattached_when_its_creature_dies(variant: str) -> None:
    # Repro army-rules/06b: Ann bolts her own equipped Bears.
    state = build(variant, hand=[BOLT], pool_="{R}")
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["b"]})
    assert "b" not in state.perms and "eq" in state.perms
    eq = state.perms["eq"]
    assert eq.attached_to is None and eq.controller == 0
    assert "eq" not in state.players[0].graveyard
    if variant == "army":
        assert eq.zone == "board" and eq.at == (2, 2)
    else:
        assert eq.zone == "staging" and eq.at is None
    assert of_type(events, "unattached")[0]["unit"] == "eq"


def test_an_aura_still_goes_to_the_graveyard_with_its_creature_the_equipment_stays() -> None:
    aura = {"name": "Test Strength", "mana_cost": "{W}", "type_line": "Enchantment — Aura",
            "colors": ["W"], "keywords": [],
            "oracle_text": "Enchant creature\nEnchanted creature gets +1/+1."}
    rows = army_rows()
    state = army(rows, [unit("b", BEARS, 0, (2, 2))],
                 permanents=[{"id": "eq", "card": BONESPLITTER, "owner": 0, "attached_to": "b"},
                             {"id": "au", "card": aura, "owner": 0, "attached_to": "b"}],
                 players=[{"name": "Ann", "hand": [BOLT], "mana_pool": "{R}"}, {"name": "Ben"}])
    assert pt(state, "b") == (5, 3)
    state, events = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["b"]})
    assert "au" not in state.perms and "au" in state.players[0].graveyard
    assert state.perms["eq"].at == (2, 2) and state.perms["eq"].attached_to is None


def test_army_equipment_of_a_sacrificed_loser_is_dropped_on_the_captured_land() -> None:
    # Repro army-rules/06: Ben's tapped Bears carry a Bonesplitter on a 3-life land with no
    # land of Ben's next to it; Ann's Hill Giant takes the land.
    rows = army_rows()
    state = army(rows, [unit("a", GIANT, 0, (2, 2)), unit("d", BEARS, 1, (3, 2), tapped=True)],
                 permanents=[{"id": "eq", "card": BONESPLITTER, "owner": 1, "controller": 1,
                              "attached_to": "d"}],
                 phase="combat", players=[{"name": "Ann", "mana_pool": "{1}"}, {"name": "Ben"}])
    state, events = run(state, {"type": "attack", "units": ["a"], "target": [3, 2]})
    assert "d" not in state.perms and "d" in state.players[1].graveyard
    eq = state.perms["eq"]
    assert (eq.zone, eq.at, eq.attached_to, eq.controller) == ("board", (3, 2), None, 0)
    assert "eq" not in state.players[1].graveyard
    # Whoever holds the land picks it up: Ann's Giant, standing there, equips it.
    state.phase = "main2"
    state, _ = run(state, {"type": "activate", "unit": "eq", "ability": 0, "targets": ["a"]})
    assert state.perms["eq"].attached_to == "a" and pt(state, "a") == (5, 3)


def test_a_position_equipment_attached_to_a_creature_is_equipment_not_an_aura() -> None:
    # The position's attached_to makes it attached; destroying the creature drops it.
    state = build("conquering", hand=[BOLT], pool_="{R}")
    assert state.perms["eq"].zone == "attached"
    state, _ = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["b"]})
    assert state.perms["eq"].zone == "staging"
    # Another creature of Ann's picks it up.
    state = build("conquering", hand=[BOLT], pool_="{R}{1}",
                  extra=[unit("c", GIANT, 0, (1, 1))])
    state, _ = run(state, {"type": "cast", "card": "Lightning Bolt", "targets": ["b"]},
                   {**EQUIP, "targets": ["c"]})
    assert state.perms["eq"].attached_to == "c"
