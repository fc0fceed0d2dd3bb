"""Normal Magic in combat, written once in the Magic core (``rules/core/``), played in every
variant that can reach it (the digests' "normal Magic in combat" rulings).

| rule (core module) | tests | variants |
| --- | --- | --- |
| flying and reach (blocking) | test_flying_needs_flying_or_reach_to_block | army, conquering |
| "can't be blocked" (blocking) | test_cant_be_blocked | army, conquering |
| landwalk (blocking, the variant's land) | test_landwalk_in_the_attacked_land / _area | army, conquering |
| fear, intimidate, shadow, horsemanship (blocking) | test_evasion_keywords | army, conquering |
| menace (blocking: count) | test_menace_needs_two_blockers | army, conquering |
| "can't block" (blocking) | test_cant_block | army, conquering |
| protection: blocks (blocking) | test_protection_stops_blocks_by_its_colour | army, conquering |
| protection: damage (damage) | test_protection_prevents_combat_damage | army, conquering, wargame, frontier |
| defender, "can't attack", Pacifism (attacking) | test_attack_restrictions | army, conquering |
| summoning sickness and haste (attacking) | test_summoning_sickness_and_haste | army, conquering |
| first strike (damage steps) | test_first_strike_kills_before_regular_damage | army, conquering, wargame |
| double strike (damage steps) | test_double_strike_deals_in_both_steps | army, wargame |
| deathtouch lethal with marked damage (damage) | test_deathtouch_trample_over_a_damaged_blocker | army, conquering |
| Fog / Holy Day (damage) | test_fog_prevents_combat_damage | army, conquering, wargame, frontier |
| indestructible (sba) | test_indestructible_survives_lethal_damage / _destroy | all four |
| toughness at or below damage, toughness 0 (sba) | test_toughness_falling_to_damage_kills | conquering, wargame, army |

The repros of the outside audits (``../shared/repros/*-rules``) that these rules answer are
replayed at the end through the position command's own loader.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from frontier_desktop.position import load_position
from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.engine import apply
from frontier_desktop.rules.errors import IllegalActionError, RulesError
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.army.actions import Block, DoneBlocking
from frontier_desktop.rules.variants.conquering.actions import Conquer
from tests.conftest import find_shared_dir
from tests.rules import conquering_helpers as cq
from tests.rules import wargame_helpers as wg
from tests.rules.army_helpers import army, land, standard_rows
from tests.rules.helpers import creature, of_type, pool, refused, run, unit


def cre(name: str, colours: Sequence[str] = (), power: int = 2, toughness: int = 2,
        text: str = "", keywords: Sequence[str] = (), types: str = "Creature — Test") -> dict[str, Any]:
    return creature(name, colours, power, toughness, keywords, oracle_text=text, type_line=types)


BEARS = cre("Grizzly Bears", ("G",))
ZOMBIE = cre("Scathe Zombies", ("B",))
ANGEL = cre("Serra Angel", ("W",), 4, 4, "Flying, vigilance", ("Flying", "Vigilance"))
SPIDER = cre("Giant Spider", ("G",), 2, 4, "Reach", ("Reach",))
PHANTOM = cre("Phantom Warrior", ("U",), 2, 2, "Phantom Warrior can't be blocked.")
WRAITH = cre("Bog Wraith", ("B",), 3, 3, "Swampwalk", ("Swampwalk",))
SPECTER = cre("Dread Specter", ("B",), 2, 2, "Fear", ("Fear",))
SHADE = cre("Soltari Foot Soldier", ("W",), 1, 1, "Shadow", ("Shadow",))
MENACE = cre("Goblin Heelcutter", ("R",), 3, 3, "Menace", ("Menace",))
CRAVEN = cre("Craven Goblin", ("R",), 2, 2, "Craven Goblin can't block.")
KNIGHT = cre("White Knight", ("W",), 2, 2, "First strike\nProtection from black",
             ("First strike", "Protection"))
PRO_BLACK = cre("Ward Bear", ("G",), 2, 2, "Protection from black", ("Protection",))
BLACK_KNIGHT = cre("Black Knight", ("B",), 2, 2, "Protection from white", ("Protection",))
WALL = cre("Wall of Swords", ("W",), 3, 5, "Defender, flying", ("Defender", "Flying"))
STRIKER = cre("Elite Striker", ("W",), 2, 2, "First strike", ("First strike",))
DOUBLE = cre("Twin Blade", ("R",), 2, 2, "Double strike", ("Double strike",))
DEATH_TRAMPLE = cre("Venom Hulk", ("G",), 3, 3, "Deathtouch, trample", ("Deathtouch", "Trample"))
GOLEM = cre("Steel Golem", (), 3, 2, "Indestructible", ("Indestructible",),
            types="Artifact Creature — Golem")
GIANT = cre("Hill Giant", ("R",), 3, 3)
INTIMIDATE = cre("Blind Hunter", ("R",), 2, 2, "Intimidate", ("Intimidate",))
RIDER = cre("Lu Bu Rider", ("R",), 2, 2, "Horsemanship", ("Horsemanship",))


# ====================================================================== Army Magic
def _army(attackers: Sequence[Mapping[str, Any]], blockers: Sequence[Mapping[str, Any]], *,
          attacked_land: str = "Forest", hand: Sequence[Any] = (), pool_mana: str = "",
          sick: bool = False, damage: Mapping[str, int] | None = None,
          permanents: Sequence[Mapping[str, Any]] = ()) -> GameState:
    """Ann's attackers a1, a2 … on her Forest (2,2); Ben's creatures d1, d2 … on his
    *attacked_land* (3,2) at 6 life; Ann's combat."""
    rows = standard_rows({(2, 2): land("Forest", 0, 6), (3, 2): land(attacked_land, 1, 6)})
    units = [unit(f"a{i}", c, 0, [2, 2], **({"sick": True} if sick else {}))
             for i, c in enumerate(attackers, 1)]
    units += [unit(f"d{i}", c, 1, [3, 2]) for i, c in enumerate(blockers, 1)]
    for u in units:
        if damage and u["id"] in damage:
            u["damage"] = damage[u["id"]]
    players = [{"name": "Ann", "hand": list(hand), "mana_pool": pool_mana}, {"name": "Ben"}]
    return army(rows, units, players=players, phase="combat", permanents=permanents)


def _army_attack(state: GameState, *ids: str) -> tuple[GameState, list[dict[str, Any]]]:
    return run(state, {"type": "attack", "units": list(ids or ["a1"]), "target": [3, 2]})


def _options(state: GameState) -> list[tuple[str, str]]:
    d = state.decision
    if d is None or d["kind"] != "blocks":
        return []
    return [(o["blocker"], o["attacker"]) for o in d["options"]]


def _army_block(state: GameState, *pairs: tuple[str, str]) -> tuple[GameState, list[Any]]:
    events: list[Any] = []
    for blocker, attacker in pairs:
        state, more = apply(state, Block(blocker=blocker, attacker=attacker), 1)
        events += more
    state, more = apply(state, DoneBlocking(), 1)
    return state, events + more


def _land_life(state: GameState, pos: tuple[int, int]) -> int:
    extra = state.cells[pos].extra
    assert extra is not None
    return int(extra["life"])


# ====================================================================== the Conquering
AREA = (1, 1)


def _put(state: GameState, data: Mapping[str, Any], seat: int, at: Any, **flags: Any) -> str:
    c = Card.from_scryfall(data)
    state.defs = {**state.defs, c.name: c}
    obj = state.new_id("u")
    state.cards[obj] = (c.name, seat)
    state.perms[obj] = Permanent(obj, seat, "board", at, **flags)
    return obj


def _cq(attackers: Sequence[Mapping[str, Any]], blockers: Sequence[Mapping[str, Any]], *,
        area: str = "Plains", cv: int = 6, sick: bool = False) -> tuple[GameState, list[str],
                                                                           list[str]]:
    """Edna's conquer phase; her creatures and Dale's in the middle area (a face-up *area*
    of conquer value *cv*)."""
    state = cq.to_phase(cq.game(2, first=0), "conquer")
    cq.clear_board(state)
    cq.set_land(state, AREA, area, cv=cv)
    mine = [_put(state, c, 0, AREA, sick=sick) for c in attackers]
    theirs = [_put(state, c, 1, AREA) for c in blockers]
    return state, mine, theirs


def _conquer(state: GameState, *ids: str) -> tuple[GameState, list[dict[str, Any]]]:
    return cq.play(state, Conquer(at=AREA, units=tuple(ids)))


def _cq_block(state: GameState, *pairs: tuple[str, str]) -> tuple[GameState, list[Any]]:
    events: list[Any] = []
    for blocker, attacker in pairs:
        state, more = cq.play(state, Block(blocker=blocker, attacker=attacker), 1)
        events += more
    state, more = cq.play(state, DoneBlocking(), 1)
    return state, events + more


# ====================================================================== blocking
@pytest.mark.parametrize("attacker, blocker, may", [
    (ANGEL, BEARS, False), (ANGEL, SPIDER, True), (ANGEL, ANGEL, True),
    (PHANTOM, BEARS, False), (SPECTER, BEARS, False), (SPECTER, ZOMBIE, True),
    (SPECTER, GOLEM, True), (SHADE, BEARS, False), (BEARS, SHADE, False),
    (INTIMIDATE, BEARS, False), (INTIMIDATE, GIANT, True), (RIDER, BEARS, False),
    (CRAVEN, BEARS, True), (BEARS, CRAVEN, False), (BLACK_KNIGHT, KNIGHT, False),
    (ZOMBIE, KNIGHT, True), (BLACK_KNIGHT, ZOMBIE, True),
], ids=lambda v: v["name"] if isinstance(v, dict) else str(v))
def test_blocks_follow_normal_magic_in_army_and_the_conquering(attacker: Any, blocker: Any,
                                                               may: bool) -> None:
    """Flying and reach, "can't be blocked", fear, shadow both ways, intimidate, horsemanship,
    "can't block", protection: the defender may block only as normal Magic allows."""
    state, _ = _army_attack(_army([attacker], [blocker]))
    assert (("d1", "a1") in _options(state)) is may
    if not may and state.decision is not None:
        with pytest.raises(IllegalActionError):
            apply(state, Block(blocker="d1", attacker="a1"), 1)
    cstate, (a,), (d,) = _cq([attacker], [blocker])
    cstate, _ = _conquer(cstate, a)
    options = [(o["blocker"], o["attacker"]) for o in (cstate.decision or {}).get("options", [])]
    assert ((d, a) in options) is may


def test_flying_needs_flying_or_reach_to_block() -> None:
    state, _ = _army_attack(_army([ANGEL], [BEARS, SPIDER]))
    assert _options(state) == [("d2", "a1")]
    refusal = refused(state, {"type": "block", "blocker": "d1", "attacker": "a1"}, 1)
    assert "flying" in refusal


def test_cant_be_blocked_sends_the_damage_to_the_land() -> None:
    state, events = _army_attack(_army([PHANTOM], [BEARS]))
    assert state.decision is None  # nobody can block: the combat resolved
    assert _land_life(state, (3, 2)) == 4 and "d1" in state.perms


def test_landwalk_in_the_attacked_land() -> None:
    state, _ = _army_attack(_army([WRAITH], [BEARS], attacked_land="Swamp"))
    assert _options(state) == [] and _land_life(state, (3, 2)) == 3
    state, _ = _army_attack(_army([WRAITH], [BEARS], attacked_land="Forest"))
    assert _options(state) == [("d1", "a1")]


def test_landwalk_in_the_area_but_not_a_stronghold() -> None:
    state, (a,), (d,) = _cq([WRAITH], [BEARS], area="Swamp")
    state, events = _conquer(state, a)
    assert state.decision is None  # 4: the black Wraith gets +1/+1 in a Swamp
    assert of_type(events, "conquer_damage")[0]["damage"] == 4
    state, (a,), (d,) = _cq([WRAITH], [BEARS], area="Forest")
    state, _ = _conquer(state, a)
    assert state.decision is not None and state.decision["kind"] == "blocks"


def test_menace_needs_two_blockers() -> None:
    state, _ = _army_attack(_army([MENACE], [BEARS]))
    assert _options(state) == [] and _land_life(state, (3, 2)) == 3
    state, _ = _army_attack(_army([MENACE], [BEARS, BEARS]))
    assert set(_options(state)) == {("d1", "a1"), ("d2", "a1")}
    # One block only: taken back when the defender is done; the damage goes to the land.
    after, events = _army_block(state, ("d1", "a1"))
    assert of_type(events, "unblocked")[0]["reason"].startswith("Goblin Heelcutter has menace")
    assert _land_life(after, (3, 2)) == 3 and after.perms["d1"].damage == 0
    after, events = _army_block(state, ("d1", "a1"), ("d2", "a1"))
    assert not of_type(events, "unblocked") and _land_life(after, (3, 2)) == 6
    cstate, (a,), ds = _cq([MENACE], [BEARS])
    cstate, _ = _conquer(cstate, a)
    assert cstate.decision is None  # a lone creature can't block a menace attacker


def test_cant_block() -> None:
    state, _ = _army_attack(_army([BEARS], [CRAVEN]))
    assert _options(state) == [] and _land_life(state, (3, 2)) == 4


def test_protection_stops_blocks_by_its_colour() -> None:
    state, _ = _army_attack(_army([BLACK_KNIGHT], [KNIGHT, ZOMBIE]))
    assert _options(state) == [("d2", "a1")]
    assert "protection from white" in refused(
        state, {"type": "block", "blocker": "d1", "attacker": "a1"}, 1)


# ====================================================================== combat damage
def test_protection_prevents_combat_damage() -> None:
    # Army: a black attacker blocked by a pro-black creature deals it nothing.
    state, _ = _army_attack(_army([ZOMBIE], [PRO_BLACK]))
    state, events = _army_block(state, ("d1", "a1"))
    assert "d1" in state.perms and state.perms["d1"].damage == 0
    assert {"type": "prevented", "unit": "d1", "amount": 2} in events
    assert "a1" not in state.perms
    # The Conquering: the same in a conquest.
    cstate, (a,), (d,) = _cq([ZOMBIE], [PRO_BLACK])
    cstate, _ = _conquer(cstate, a)
    cstate, events = _cq_block(cstate, (d, a))
    assert d in cstate.perms and cstate.perms[d].damage == 0
    assert any(e["type"] == "prevented" and e["unit"] == d for e in events)
    # The War Game: the white side's power can't be given to the pro-white knight.
    wstate = wg.to_phase(wg.all_plains(wg.game(2)), "movement")
    knight = wg.put(wstate, Card.from_scryfall(BLACK_KNIGHT), 0, (1, 1))
    wg.put(wstate, Card.from_scryfall(cre("Savannah Lions", ("W",), 2, 1)), 1, (1, 1))
    wstate, events = wg.play(wstate, A.Pass())
    assert knight in wstate.perms and wstate.perms[knight].damage == 0


def test_first_strike_kills_before_regular_damage() -> None:
    state, _ = _army_attack(_army([STRIKER], [BEARS]))
    state, _ = _army_block(state, ("d1", "a1"))
    assert "d1" not in state.perms and state.perms["a1"].damage == 0
    cstate, (a,), (d,) = _cq([STRIKER], [BEARS])
    cstate, _ = _conquer(cstate, a)
    cstate, _ = _cq_block(cstate, (d, a))
    assert d not in cstate.perms and cstate.perms[a].damage == 0
    # The War Game: first-strikers' power is divided and dealt first; the dead deal nothing.
    wstate = wg.to_phase(wg.all_plains(wg.game(2)), "movement")
    striker = wg.put(wstate, Card.from_scryfall(STRIKER), 0, (1, 1))
    bear = wg.put(wstate, Card.from_scryfall(BEARS), 1, (1, 1))
    wstate, events = wg.play(wstate, A.Pass())
    assert bear not in wstate.perms and wstate.perms[striker].damage == 0
    assert not any(e["type"] == "damage" and e["target"] == striker for e in events)


def test_double_strike_deals_in_both_steps() -> None:
    state, events = _army_attack(_army([DOUBLE], []))
    assert [e["life"] for e in of_type(events, "land_life")] == [4, 2]
    wstate = wg.to_phase(wg.all_plains(wg.game(2)), "movement")
    wg.put(wstate, Card.from_scryfall(DOUBLE), 0, (1, 1))
    giant = wg.put(wstate, Card.from_scryfall(cre("Big Wall", ("G",), 0, 4)), 1, (1, 1))
    wstate, events = wg.play(wstate, A.Pass())
    assert giant not in wstate.perms  # 2 + 2 damage on a 0/4
    assert len([e for e in events if e["type"] == "damage" and e["target"] == giant]) == 2


def test_deathtouch_trample_over_a_damaged_blocker() -> None:
    """Lethal damage counts the damage marked; with deathtouch 1 is lethal (audit Army 5)."""
    state, _ = _army_attack(_army([DEATH_TRAMPLE], [BEARS], damage={"d1": 1}))
    state = state.clone()
    state.players[0].assign = True
    state, _ = _army_block(state, ("d1", "a1"))
    assert state.decision is not None and state.decision["lethal"] == {"d1": 1}
    refused(state, {"type": "assign", "attacker": "a1", "damage": {"land": 3}}, match="lethal")
    state, _ = run(state, {"type": "assign", "attacker": "a1", "damage": {"d1": 1, "land": 2}})
    assert "d1" not in state.perms and _land_life(state, (3, 2)) == 4
    cstate, (a,), (d,) = _cq([DEATH_TRAMPLE], [BEARS])
    cstate.perms[d].damage = 1
    cstate, _ = _conquer(cstate, a)
    cstate.players[0].assign = True
    cstate, _ = _cq_block(cstate, (d, a))
    assert cstate.decision is not None and cstate.decision["lethal"] == {d: 1}


def test_fog_prevents_combat_damage() -> None:
    holy_day = {"name": "Holy Day", "type_line": "Instant", "mana_cost": "{W}",
                "colors": ["W"], "oracle_text": "Prevent all combat damage that would be dealt "
                                                "this turn."}
    state = _army([GIANT], [BEARS], hand=[holy_day], pool_mana="{W}")
    state, _ = run(state, {"type": "cast", "card": "Holy Day"})
    state, _ = _army_attack(state)
    state, _ = _army_block(state, ("d1", "a1"))
    assert state.perms["d1"].damage == 0 and state.perms["a1"].damage == 0
    # The War Game (repro 03): Holy Day before the combat prevents its damage.
    wstate = wg.to_phase(wg.all_plains(wg.game(2)), "movement")
    giant = wg.put(wstate, Card.from_scryfall(GIANT), 0, (1, 1))
    bear = wg.put(wstate, Card.from_scryfall(BEARS), 1, (1, 1))
    wstate.extra["no_combat_damage_turn"] = wstate.turn
    wstate, events = wg.play(wstate, A.Pass())
    assert bear in wstate.perms and wstate.perms[giant].damage == 0
    assert {e["unit"] for e in of_type(events, "prevented")} == {giant, bear}


def test_indestructible_survives_lethal_damage() -> None:
    state, _ = _army_attack(_army([GIANT], [GOLEM]))
    state, _ = _army_block(state, ("d1", "a1"))
    assert "d1" in state.perms and state.perms["d1"].damage == 3
    cstate, (a,), (d,) = _cq([GIANT], [GOLEM])
    cstate, _ = _conquer(cstate, a)
    cstate, _ = _cq_block(cstate, (d, a))
    assert d in cstate.perms
    wstate = wg.to_phase(wg.all_plains(wg.game(2)), "movement")
    wg.put(wstate, Card.from_scryfall(GIANT), 0, (1, 1))
    golem = wg.put(wstate, Card.from_scryfall(GOLEM), 1, (1, 1))
    wstate, _ = wg.play(wstate, A.Pass())
    assert golem in wstate.perms and wstate.perms[golem].damage == 2  # the damage stays marked


def test_indestructible_survives_destroy_and_toughness_zero_still_kills() -> None:
    from frontier_desktop.rules.core import sba
    from frontier_desktop.rules.variants.army.board import WHERE

    state = _army([], [GOLEM])
    events: list[Any] = []
    assert not sba.destroy_by_effect(state, WHERE, state.perms["d1"], events, reason="test")
    assert "d1" in state.perms
    state.perms["d1"].pt_mod = (0, -2)
    sba.check_deaths(state, WHERE, events)
    assert "d1" not in state.perms and events[-1]["reason"] == "toughness 0"


def test_toughness_falling_to_damage_kills() -> None:
    """Audit Conquering 04: the Bears leave the area that gave them +0/+1 with 3 damage."""
    state = cq.to_phase(cq.game(2, first=0), "movement")
    cq.clear_board(state)
    cq.set_land(state, AREA, "Forest", cv=2, controller=0)
    cq.set_land(state, (1, 0), "Island", cv=2)
    bears = _put(state, BEARS, 0, AREA, damage=3)  # 3/4 in her own Forest
    state, events = cq.play(state, A.Move(unit=bears, to=(1, 0)))
    assert bears not in state.perms and of_type(events, "died")[0]["reason"] == "lethal damage"


def test_attack_restrictions() -> None:
    pacifism = {"name": "Pacifism", "type_line": "Enchantment — Aura", "mana_cost": "{1}{W}",
                "colors": ["W"], "oracle_text": "Enchant creature\nEnchanted creature can't "
                                                "attack or block."}
    state = _army([WALL], [BEARS])
    assert "defender" in refused(state, {"type": "attack", "units": ["a1"], "target": [3, 2]})
    state = _army([BEARS], [BEARS], permanents=[
        {"id": "p", "card": pacifism, "owner": 1, "attached_to": "a1"}])
    assert "can't attack" in refused(state, {"type": "attack", "units": ["a1"],
                                             "target": [3, 2]})
    cstate, (a,), _ = _cq([WALL], [])
    with pytest.raises(IllegalActionError, match="defender"):
        _conquer(cstate, a)


def test_summoning_sickness_and_haste() -> None:
    state = _army([BEARS], [], sick=True)
    assert "summoning sick" in refused(state, {"type": "attack", "units": ["a1"],
                                               "target": [3, 2]})
    haste = cre("Raging Goblin", ("R",), 1, 1, "Haste", ("Haste",))
    state, _ = _army_attack(_army([haste], [], sick=True))
    assert _land_life(state, (3, 2)) == 5


# ====================================================================== the audits' repros
REPROS = {
    # folder/name: what the digest requires, checked on the events and the state
    "army-rules/01-cant-be-blocked-is-blocked": "refused:2",
    "army-rules/01b-swampwalk-is-blocked": "refused:2",
    "army-rules/01c-fear-is-blocked": "refused:2",
    "army-rules/01d-shadow-is-blocked": "refused:2",
    "army-rules/02-menace-one-blocker": "refused:2",
    "army-rules/03-cant-block-creature-blocks": "refused:2",
    "army-rules/04-protection-blocked-by-its-colour": "survives:d",
    "army-rules/04b-protection-attacker-blocked-by-its-colour": "refused:2",
    "army-rules/05-deathtouch-trample-damaged-blocker": "refused:4",
    "conquering-rules/01-fear-blocked-by-green": "refused:2",
    "conquering-rules/01b-protection-from-black-blocked-by-black": "refused:2",
    # Ihsan's Shade has protection from white: the White Knight can't block it at all.
    "conquering-rules/02-protection-no-damage-prevention": "refused:2",
    "conquering-rules/03-defender-conquers": "refused:1",
    "conquering-rules/03b-pacified-creature-conquers": "refused:1",
    "conquering-rules/04-damaged-creature-survives-toughness-drop": "dies:bears",
    "conquering-rules/04b-blocker-survives-after-capture-removes-bonus": "dies:merfolk",
    # The War Game's Fog affects the one terrain chosen as its origin (the ruling "reach of
    # whole-table effects"): cast without one, it is refused; with one, test_wargame_reach.
    "wargame-rules/03-fog-prevents-nothing": "refused:1",
    "wargame-rules/11-first-strike-protection-ignored": "survives:pk,fs",
    "wargame-rules/16-indestructible-dies": "survives:g",
}


def _replay(folder: Path, name: str) -> tuple[GameState | None, int | None]:
    """Load the repro's position and apply its lines as the position command does; the state
    after, or the number of the first refused line."""
    doc = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    state = load_position(doc, pool().card)
    lines = (folder / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        action = json.loads(line)
        seat = action.pop("seat", None)
        try:
            state, _ = apply(state, action, seat)
        except RulesError:
            return None, number
    return state, None


@pytest.mark.parametrize("case", sorted(REPROS))
def test_the_audits_repros_give_what_the_digests_require(case: str) -> None:
    shared = find_shared_dir()
    folder = (shared / "repros" / case).parent if shared else None
    if folder is None or not (folder / f"{Path(case).name}.json").exists():
        pytest.skip("../shared/repros is not beside the repository")
    state, refused_line = _replay(folder, Path(case).name)
    kind, _, what = REPROS[case].partition(":")
    if kind == "refused":
        assert refused_line == int(what)
        return
    assert state is not None, f"line {refused_line} was refused"
    for uid in what.split(","):
        assert (uid in state.perms) is (kind == "survives"), uid
