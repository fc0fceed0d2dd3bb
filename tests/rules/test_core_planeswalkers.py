"""Planeswalkers in every variant (rules/core/planeswalkers.py).

``shared/rules/army.md`` Ruling (planeswalkers): "a planeswalker enters with its printed
loyalty (Scryfall ``loyalty``), damage to it removes loyalty counters, it dies at 0 loyalty,
and one loyalty ability may be activated per turn at sorcery speed (not the turn it
explored)"; ``conquering.md``: "Planeswalkers follow your targeting restrictions";
``spec/variant-positions.md``: ``counters`` on a permanent, and ``activate`` with the loyalty
abilities counting as activated abilities. Repros: ``shared/repros/army-rules`` 09, 09b, 09c
and ``conquering-rules/08``. Each scenario is a position built here, in each variant the rule
reaches: Frontier, Army Magic, the Conquering and the War Game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from frontier_desktop.position import load_position
from frontier_desktop.rules import GameState, IllegalActionError, apply, legal_actions
from frontier_desktop.rules.views import describe
from tests.rules.army_helpers import army, land, standard_rows
from tests.rules.helpers import creature, of_type, pool, refused, run, unit

WALKER: dict[str, Any] = {
    "name": "Test Walker", "mana_cost": "{3}", "type_line": "Legendary Planeswalker — Jace",
    "colors": ["U"], "keywords": [], "loyalty": "3",
    "oracle_text": "+1: Target player draws a card.\n"
                   "−2: Test Walker deals 2 damage to target creature.\n"
                   "−X: Test Walker deals X damage to target creature.",
}
"""Loyalty 3; ability 0 is "+1", 1 is "−2", 2 is "−X" (Unicode minus, as Scryfall prints)."""

BOLT: dict[str, Any] = {"name": "Lightning Bolt", "mana_cost": "{R}", "type_line": "Instant",
                        "colors": ["R"], "keywords": [],
                        "oracle_text": "Lightning Bolt deals 3 damage to any target."}
BEARS = creature("Grizzly Bears", ["G"], 2, 2, mana_cost="{1}{G}", type_line="Creature — Bear")
GOBLIN = creature("Goblin Raider", ["R"], 1, 1, mana_cost="{R}")

PLUS = {"type": "activate", "unit": "pw", "ability": 0, "targets": [{"player": 0}]}


def walker(pid: str = "pw", owner: int = 0, at: Any = None, **extra: Any) -> dict[str, Any]:
    """A ``permanents`` entry for :data:`WALKER`."""
    return {"id": pid, "card": WALKER, "owner": owner, "at": at, **extra}


def loyalty_of(state: GameState, pid: str = "pw") -> int | None:
    return state.perms[pid].counters.get("loyalty") if pid in state.perms else None


def activations(state: GameState, seat: int = 0, unit_id: str = "pw") -> list[dict[str, Any]]:
    return [a.to_wire() for a in legal_actions(state, seat)
            if a.type == "activate" and a.to_wire()["unit"] == unit_id]


def load(doc: Mapping[str, Any]) -> GameState:
    return load_position(json.loads(json.dumps(doc)), pool().card)


# ---------------------------------------------------------------------- positions per variant
def frontier(units: Sequence[Mapping[str, Any]] = (), *,
             permanents: Sequence[Mapping[str, Any]] = (),
             hand: Sequence[Any] = (), pool_: str = "", phase: str = "main",
             active: int = 0) -> GameState:
    """A 5x5 Frontier board of Plains (a creature of each player's far away: nobody is owed a
    free token)."""
    return load({
        "format": "frontier-position/1", "variant": "frontier", "active": active,
        "phase": phase,
        "players": [{"name": "Ann", "hand": list(hand), "mana_pool": pool_, "library": 10},
                    {"name": "Ben", "library": 10}],
        "board": {"rows": [["Plains"] * 5 for _ in range(5)]},
        "units": [*units, unit("ann", "Hill Giant", 0, (0, 0)),
                  unit("ben", "Hill Giant", 1, (4, 4))],
        "permanents": list(permanents)})


def army_walker(*, counters: Mapping[str, int] | None = None, at: Sequence[int] = (1, 2),
                units: Sequence[Mapping[str, Any]] = (), hand: Sequence[Any] = (),
                pool_: str = "", phase: str = "main", active: int = 0) -> GameState:
    """Army: Ann's land (1, 2) (her walker there), Ben's Forest (2, 2) next to it."""
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Forest", 1, 6)})
    pw = walker(at=list(at), **({"counters": dict(counters)} if counters is not None else {}))
    return army(rows, units, permanents=[pw], active=active, phase=phase,
                players=[{"name": "Ann", "hand": list(hand), "mana_pool": pool_, "library": 10},
                         {"name": "Ben", "library": 10}])


def conquering(units: Sequence[Mapping[str, Any]] = (), *,
               permanents: Sequence[Mapping[str, Any]] = (), hand: Sequence[Any] = (),
               pool_: str = "", phase: str = "main", active: int = 0) -> GameState:
    """The Conquering's 3x3 board (repro conquering-rules/08): Ann's stronghold south of
    (0, 1), Ben's north of (2, 1); (1, 1) a face-up Island, (2, 0) a face-up Plains (a
    creature stands only on a face-up land)."""
    return load({
        "format": "frontier-position/1", "variant": "conquering", "active": active,
        "phase": phase,
        "players": [{"name": "Ann", "hand": list(hand), "mana_pool": pool_, "library": 40},
                    {"name": "Ben", "library": 40}],
        "board": {"rows": [["?", "?", "?"],
                           ["?", {"land": "Island", "face_up": True, "cv": 2}, "?"],
                           [{"land": "Plains", "face_up": True, "cv": 3}, "?", "?"]],
                  "strongholds": [{"player": 0, "land": "Mountain", "beside": [0, 1]},
                                  {"player": 1, "land": "Forest", "beside": [2, 1]}]},
        "units": list(units), "permanents": list(permanents)})


def wargame(units: Sequence[Mapping[str, Any]] = (), *,
            permanents: Sequence[Mapping[str, Any]] = (), hand: Sequence[Any] = (),
            supply: int = 0, phase: str = "casting", active: int = 0) -> GameState:
    """The War Game's 3x5 terrain; Ann's stronghold beside (1, 0), Ben's beside (1, 4)."""
    return load({
        "format": "frontier-position/1", "variant": "wargame", "active": active,
        "phase": phase,
        "players": [{"name": "Ann", "supply": supply, "removed": 0, "hand": list(hand),
                     "library": 10},
                    {"name": "Ben", "supply": 0, "removed": 0, "library": 10}],
        "board": {"rows": [["Island", "Forest", "Plains", "Mountain", "Island"],
                           ["Forest", "Plains", "Swamp", "Mountain", "Forest"],
                           ["Island", "Mountain", "Swamp", "Plains", "Swamp"]],
                  "strongholds": [{"player": 0, "land": "Plains", "beside": [1, 0]},
                                  {"player": 1, "land": "Swamp", "beside": [1, 4]}]},
        "units": list(units), "permanents": list(permanents)})


def cast_walker(state: GameState) -> tuple[GameState, str]:
    """Cast Test Walker from Ann's hand; the new permanent's id."""
    state, events = run(state, {"type": "cast", "card": "Test Walker"})
    return state, str(of_type(events, "cast")[0]["id"])


# ---------------------------------------------------------------------- entering
@pytest.mark.parametrize("variant", ["frontier", "army", "conquering", "wargame"])
def test_a_cast_planeswalker_enters_with_its_printed_loyalty(variant: str) -> None:
    state = {"frontier": lambda: frontier(hand=[WALKER], pool_="{3}"),
             "army": lambda: army_walker(hand=[WALKER], pool_="{3}", at=(1, 1)),
             "conquering": lambda: conquering(hand=[WALKER], pool_="{3}"),
             "wargame": lambda: wargame(hand=[WALKER], supply=3)}[variant]()
    state, pid = cast_walker(state)
    assert loyalty_of(state, pid) == 3
    shown = next(p for p in describe(state)["permanents"] if p["id"] == pid)
    assert shown["counters"] == {"loyalty": 3}


def test_the_card_model_reads_the_printed_loyalty_and_the_loyalty_abilities() -> None:
    from frontier_desktop.rules.card import Card

    card = Card.from_scryfall(WALKER)
    assert card.loyalty == "3" and card.printed_loyalty == 3
    assert [(a.cost, a.loyalty) for a in card.activated] == [
        ("+1", "+1"), ("−2", "-2"), ("−X", "-X")]
    assert Card.from_scryfall(card.to_scryfall()) == card  # saved and read back


@pytest.mark.parametrize("variant", ["frontier", "army", "conquering", "wargame"])
def test_a_positions_counters_loyalty_is_kept_and_defaults_to_the_printed_loyalty(
        variant: str) -> None:
    at: Any = {"frontier": [2, 2], "army": [1, 2]}.get(variant)
    other: Any = {"frontier": [2, 3], "army": [1, 2]}.get(variant)
    perms = [walker("pw", at=at, counters={"loyalty": 5}), walker("pw2", at=other)]
    if variant == "frontier":
        state = frontier(permanents=perms)
    elif variant == "army":
        rows = standard_rows({(1, 2): land("Forest", 0, 6)})
        state = army(rows, permanents=perms)
    elif variant == "conquering":
        state = conquering(permanents=perms)
    else:
        state = wargame(permanents=perms)
    assert loyalty_of(state, "pw") == 5 and loyalty_of(state, "pw2") == 3
    shown = {p["id"]: p["counters"] for p in describe(state)["permanents"]}
    assert shown == {"pw": {"loyalty": 5}, "pw2": {"loyalty": 3}}


# ---------------------------------------------------------------------- damage and 0 loyalty
def test_army_combat_damage_removes_loyalty_counters() -> None:
    # Repro army-rules/09: an unblocked 1/1 hits Ben's loyalty-3 walker.
    rows = standard_rows({(2, 2): land("Forest", 0, 6), (3, 2): land("Forest", 1, 6)})
    state = army(rows, [unit("a", GOBLIN, 0, (2, 2))], phase="combat",
                 permanents=[walker("pw", owner=1, at=[3, 2], counters={"loyalty": 3})])
    state, events = run(state, {"type": "attack", "units": ["a"], "target": [3, 2]},
                        {"type": "assign", "attacker": "a", "damage": {"pw": 1}})
    assert loyalty_of(state, "pw") == 2 and not of_type(events, "died")


@pytest.mark.parametrize("variant", ["frontier", "army", "conquering", "wargame"])
def test_a_spells_damage_removes_loyalty_and_a_planeswalker_at_zero_dies(variant: str) -> None:
    def build(counters: int) -> GameState:
        pw = {"counters": {"loyalty": counters}}
        if variant == "frontier":
            return frontier([unit("a", BEARS, 0, (2, 2))], hand=[BOLT], pool_="{R}",
                            permanents=[walker("pw", owner=1, at=[3, 2], **pw)])
        if variant == "army":
            rows = standard_rows({(1, 2): land("Forest", 0, 6),
                                  (2, 2): land("Forest", 1, 6)})
            return army(rows, permanents=[walker("pw", owner=1, at=[2, 2], **pw)],
                        players=[{"name": "Ann", "hand": [BOLT], "mana_pool": "{R}"},
                                 {"name": "Ben"}])
        if variant == "conquering":
            return conquering(hand=[BOLT], pool_="{R}",
                              permanents=[walker("pw", owner=1, **pw)])
        return wargame(hand=[BOLT], supply=1, permanents=[walker("pw", owner=1, **pw)])

    bolt = {"type": "cast", "card": "Lightning Bolt", "targets": ["pw"]}
    state, events = run(build(5), bolt)
    assert loyalty_of(state, "pw") == 2 and state.perms["pw"].damage == 0
    assert of_type(events, "damage")[0]["loyalty"] == 2
    state, events = run(build(3), bolt)
    assert "pw" not in state.perms
    assert of_type(events, "died")[0]["reason"] == "no loyalty left"
    assert "pw" in state.players[1].graveyard


# ---------------------------------------------------------------------- loyalty abilities
def test_army_a_loyalty_ability_pays_its_loyalty_once_a_turn_at_sorcery_speed() -> None:
    state = army_walker()
    listed = activations(state)
    assert {"type": "activate", "unit": "pw", "targets": [{"player": 0}]} in listed
    state, events = run(state, PLUS)
    assert loyalty_of(state, "pw") == 4 and len(state.players[0].hand) == 1
    assert of_type(events, "loyalty")[0]["change"] == 1
    assert activations(state) == []
    refused(state, PLUS, match="already used a loyalty ability this turn")
    refused(state, {"type": "activate", "unit": "pw", "ability": 1, "targets": []},
            match="already used a loyalty ability")


def test_army_loyalty_abilities_only_in_your_main_phase() -> None:
    refused(army_walker(phase="combat"), PLUS, match="only as a sorcery")
    refused(army_walker(active=1), PLUS, seat=0, match="only as a sorcery")


def test_army_a_cost_can_not_remove_more_loyalty_than_the_planeswalker_has() -> None:
    bears = [unit("b", BEARS, 1, (2, 2))]
    state = army_walker(counters={"loyalty": 1}, units=bears)
    minus_two = {"type": "activate", "unit": "pw", "ability": 1, "targets": ["b"]}
    refused(state, minus_two, match="only 1 loyalty")
    refused(state, {"type": "activate", "unit": "pw", "ability": 2, "targets": ["b"], "x": 2},
            match="only 1 loyalty")
    assert {a["ability"] for a in activations(state) if "ability" in a} == {2}


def test_army_minus_x_deals_x_and_a_walker_paying_its_last_loyalty_dies() -> None:
    state = army_walker(counters={"loyalty": 2}, units=[unit("b", BEARS, 1, (2, 2))])
    xs = sorted(a.get("x", 0) for a in activations(state) if a.get("ability") == 2)
    assert xs == [0, 1, 2]
    state, events = run(state, {"type": "activate", "unit": "pw", "ability": 2,
                                "targets": ["b"], "x": 2})
    assert "b" not in state.perms and "pw" not in state.perms
    assert {e["reason"] for e in of_type(events, "died")} == {"lethal damage",
                                                             "no loyalty left"}


def test_army_a_planeswalker_that_explored_uses_no_loyalty_ability_that_turn() -> None:
    # Repro army-rules/09c: a move onto Ann's own land is no exploring: the "+1" works.
    state = army_walker()
    state, _ = run(state, {"type": "move", "unit": "pw", "to": [0, 2]})
    state, _ = run(state, PLUS)
    assert loyalty_of(state, "pw") == 4
    # Onto a face-down land it explores: no loyalty ability this turn.
    state = army_walker()
    state, _ = run(state, {"type": "move", "unit": "pw", "to": [1, 1]})
    assert activations(state) == []
    refused(state, PLUS, match="explored")


def test_army_a_loyalty_ability_reaches_its_land_and_the_next_ones() -> None:
    far = unit("b", BEARS, 1, (3, 2))
    rows = standard_rows({(1, 2): land("Forest", 0, 6), (2, 2): land("Forest", 0, 6),
                          (3, 2): land("Forest", 1, 6)})
    state = army(rows, [far], permanents=[walker(at=[1, 2])])
    refused(state, {"type": "activate", "unit": "pw", "ability": 1, "targets": ["b"]},
            match="out of range")


def test_conquering_minus_x_follows_the_casters_reach() -> None:
    # Repro conquering-rules/08: Ann's Gray Ogre shares (1, 1) with Ben's Bears.
    ogre = unit("ogre", creature("Gray Ogre", ["R"], 2, 2), 0, (1, 1))
    near, far = unit("bears", BEARS, 1, (1, 1)), unit("far", BEARS, 1, (2, 0))
    state = conquering([ogre, near, far], permanents=[walker("pw", counters={"loyalty": 6})])
    minus_x = {"type": "activate", "unit": "pw", "ability": 2, "x": 2}
    refused(state, {**minus_x, "targets": ["far"]}, match="nor have a creature there")
    listed = activations(state)
    assert {"type": "activate", "unit": "pw", "ability": 2, "targets": ["bears"], "x": 2} \
        in listed
    assert not any(a.get("targets") == ["far"] for a in listed)
    state, events = run(state, {**minus_x, "targets": ["bears"]})
    assert "bears" not in state.perms and loyalty_of(state, "pw") == 4


def test_conquering_one_loyalty_ability_a_turn_in_the_main_phases_only() -> None:
    state = conquering(permanents=[walker("pw")])
    state, _ = run(state, PLUS)
    assert loyalty_of(state, "pw") == 4
    refused(state, PLUS, match="already used a loyalty ability")
    refused(conquering(permanents=[walker("pw")], phase="movement"), PLUS,
            match="only as a sorcery")


def test_war_game_loyalty_abilities_in_the_casting_step_only_once_a_turn() -> None:
    state = wargame(permanents=[walker("pw")])
    assert {"type": "activate", "unit": "pw", "targets": [{"player": 0}]} in activations(state)
    state, _ = run(state, PLUS)
    assert loyalty_of(state, "pw") == 4
    refused(state, PLUS, match="already used a loyalty ability")
    refused(wargame(permanents=[walker("pw")], phase="movement"), PLUS,
            match="only as a sorcery")


def test_frontier_loyalty_abilities_once_a_turn_in_the_main_phase() -> None:
    state = frontier(hand=[WALKER], pool_="{3}")
    state, pid = cast_walker(state)
    plus = {**PLUS, "unit": pid}
    assert {"type": "activate", "unit": pid, "targets": [{"player": 0}]} in activations(
        state, unit_id=pid)
    state, _ = run(state, plus)
    assert loyalty_of(state, pid) == 4 and len(state.players[0].hand) == 1
    refused(state, plus, match="already used a loyalty ability")
    refused(frontier(permanents=[walker("pw", at=[2, 2])], phase="upkeep"), PLUS,
            match="only as a sorcery")


def test_the_next_turn_allows_a_loyalty_ability_again() -> None:
    state = conquering(permanents=[walker("pw")])
    state, _ = run(state, PLUS)
    for _ in range(40):  # to Ann's next main phase
        if state.active == 0 and state.phase == "main" and state.turn > 2:
            break
        seat = state.decision["player"] if state.decision else (
            state.pending["responder"] if state.pending else state.active)
        state, _ = apply(state, {"type": "pass"}, seat)
    assert state.active == 0 and state.phase == "main" and state.turn > 2
    state, _ = run(state, PLUS)
    assert loyalty_of(state, "pw") == 5


def test_an_unread_loyalty_ability_still_pays_and_is_named_to_the_players() -> None:
    odd = {**WALKER, "name": "Odd Walker",
           "oracle_text": "−1: Odd Walker juggles three cards in a peculiar way."}
    rows = standard_rows({(1, 2): land("Forest", 0, 6)})
    state = army(rows, permanents=[{"id": "pw", "card": odd, "owner": 0, "at": [1, 2]}])
    state, events = run(state, {"type": "activate", "unit": "pw", "ability": 0})
    assert loyalty_of(state, "pw") == 2
    note = of_type(events, "activated")[0].get("note", "")
    assert "manual actions" in note
    with pytest.raises(IllegalActionError):
        apply(state, {"type": "activate", "unit": "pw", "ability": 0}, 0)
