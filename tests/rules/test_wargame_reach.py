"""The reach of the War Game's whole-table effects (``shared/rules/wargame.md``, the ruling
"reach of whole-table effects"; audit issue 25, wargame-rules 01, 02, 10 and Fog): every
whole-table effect affects one terrain its controller chooses (``origin``); a creature's
choice is within its reach; "prevent all combat damage" prevents the combat damage of the
chosen terrain's combat."""

from __future__ import annotations

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.rules.variants.wargame.reach import set_origin
from tests.rules.helpers import creature
from tests.rules.wargame_helpers import (
    WG, all_plains, game, play, put, to_phase, wargame_view, with_supply,
)


def _card(name: str, type_line: str, text: str, cost: str = "", colours=(), p=0, t=0) -> Card:
    return Card.from_scryfall(creature(name, colours, p, t, oracle_text=text,
                                       type_line=type_line, mana_cost=cost))


CRUSADE = _card("Crusade", "Enchantment", "White creatures get +1/+1.", "{W}{W}", ("W",))
TRANQUILITY = _card("Tranquility", "Sorcery", "Destroy all enchantments.", "{2}{G}", ("G",))
PESTILENCE = _card("Pestilence", "Enchantment", "{B}: Pestilence deals 1 damage to each "
                   "creature and each player.", "{2}{B}{B}", ("B",))
WUMPUS = _card("Thrashing Wumpus", "Creature — Beast", "{B}: Thrashing Wumpus deals 1 damage "
               "to each creature and each player.", "{3}{B}{B}", ("B",), 5, 5)
HOLY_DAY = _card("Holy Day", "Instant", "Prevent all combat damage that would be dealt this "
                 "turn.", "{W}", ("W",))
LION = _card("Test Lion", "Creature — Cat", "", "{W}", ("W",), 2, 1)


def _state(phase: str = "casting", points: int = 5) -> GameState:
    state = with_supply(to_phase(all_plains(game(2)), phase), 0, points)
    state.players[1].hand = []  # nobody answers
    state.players[0].hand = []
    return state


def _hand(state: GameState, c: Card) -> str:
    state.defs = {**state.defs, c.name: c}
    obj = state.new_id("h")
    state.cards[obj] = (c.name, 0)
    state.players[0].hand.append(obj)
    return obj


def _permanent(state: GameState, c: Card, seat: int) -> str:
    state.defs = {**state.defs, c.name: c}
    obj = state.new_id("u")
    state.cards[obj] = (c.name, seat)
    state.perms[obj] = Permanent(obj, seat, "staging")
    return obj


def _pt(state: GameState, unit: str) -> tuple[int, int]:
    return WG.effective_pt(state, state.perms[unit])


def test_a_global_enchantment_affects_the_one_terrain_chosen_when_cast() -> None:
    # wargame-rules 01: Crusade gave +1/+1 to every white creature in three terrains, and
    # an origin was refused ("Crusade takes no origin").
    state = _state()
    _hand(state, CRUSADE)
    here = put(state, LION, 0, (0, 1))
    mine_there = put(state, LION, 0, (2, 3))
    theirs_there = put(state, LION, 1, (2, 4))
    before = {u: _pt(state, u) for u in (here, mine_there, theirs_there)}
    with pytest.raises(IllegalActionError, match="choose it as the origin"):
        play(state, A.Cast(card="Crusade"))
    with pytest.raises(IllegalActionError, match="opponent's stronghold"):
        play(state, A.Cast(card="Crusade", origin="S1"))
    casts = [a for a in WG.legal_actions(state, 0) if isinstance(a, A.Cast)]
    assert {a.origin for a in casts} == {*state.board.positions(), "S0"}
    state, _ = play(state, A.Cast(card="Crusade", origin=(0, 1)))
    crusade = next(p for p in state.perms if state.name(p) == "Crusade")
    assert _pt(state, here) == (before[here][0] + 1, before[here][1] + 1)
    assert _pt(state, mine_there) == before[mine_there]
    assert _pt(state, theirs_there) == before[theirs_there]
    printed = next(p for p in wargame_view(state, 1)["permanents"] if p["id"] == crusade)
    assert printed["origin"] == [0, 1]
    moved = state.clone()
    moved.perms[mine_there].at = (0, 1)
    assert _pt(moved, mine_there) == (before[mine_there][0] + 1, before[mine_there][1] + 1)


def test_a_whole_table_spell_reaches_a_permanent_standing_at_its_chosen_terrain() -> None:
    # wargame-rules 01 (Tranquility): no whole-table effect could ever reach a global
    # enchantment; it stands at its chosen terrain.
    state = _state()
    _hand(state, TRANQUILITY)
    near = _permanent(state, CRUSADE, 1)
    set_origin(state, near, [0, 1])
    far = _permanent(state, CRUSADE, 1)
    set_origin(state, far, [2, 4])
    state, _ = play(state, A.Cast(card="Tranquility", origin=(0, 1)))
    assert near not in state.perms and far in state.perms


def test_a_non_creatures_ability_affects_only_the_chosen_terrain() -> None:
    # wargame-rules 02: Pestilence hit every creature on the table, the inside of an
    # opponent's stronghold too, and its origin was ignored.
    state = _state(points=3)
    pest = _permanent(state, PESTILENCE, 0)
    here = put(state, "Hill Giant", 0, (0, 1))
    elsewhere = put(state, "Hill Giant", 1, (2, 4))
    inside = put(state, "Hill Giant", 1, "S1")
    with pytest.raises(IllegalActionError, match="choose it as the origin"):
        play(state, A.Activate(unit=pest, ability=0))
    with pytest.raises(IllegalActionError, match="opponent's stronghold"):
        play(state, A.Activate(unit=pest, ability=0, origin="S1"))
    offered = {a.origin for a in WG.legal_actions(state, 0)
               if isinstance(a, A.Activate) and a.unit == pest}
    assert "S1" not in offered and (0, 1) in offered and (2, 4) in offered
    state, events = play(state, A.Activate(unit=pest, ability=0, origin=(0, 1)))
    assert state.perms[here].damage == 1
    assert state.perms[elsewhere].damage == 0 and state.perms[inside].damage == 0
    assert [e["target"] for e in events if e["type"] == "damage"] == [here]


def test_a_creatures_untargeted_ability_affects_a_terrain_within_its_reach() -> None:
    # wargame-rules 10, the ruling: the Wumpus's controller chooses its own terrain or one
    # next to it (before, only its own, with no choice).
    state = _state(points=3)
    wumpus = put(state, WUMPUS, 0, (0, 1))
    next_door = put(state, LION, 0, (0, 2))
    further = put(state, LION, 1, (0, 3))
    offered = {a.origin for a in WG.legal_actions(state, 0)
               if isinstance(a, A.Activate) and a.unit == wumpus}
    assert offered == {(0, 1), (0, 0), (0, 2), (1, 1)}
    with pytest.raises(IllegalActionError, match="within its reach"):
        play(state, A.Activate(unit=wumpus, ability=0, origin=(0, 3)))
    state, _ = play(state, A.Activate(unit=wumpus, ability=0, origin=(0, 2)))
    assert state.perms[next_door].damage == 1  # a 3/2 on Plains
    assert state.perms[wumpus].damage == 0 and state.perms[further].damage == 0


def test_an_effect_without_a_whole_table_part_takes_no_origin() -> None:
    state = _state()
    _hand(state, LION)
    elves = put(state, "Llanowar Elves", 0, (1, 1))
    with pytest.raises(IllegalActionError, match="takes no origin"):
        play(state, A.Cast(card=LION.name, origin=(1, 1)))
    with pytest.raises(IllegalActionError, match="takes no origin"):
        play(state, A.Activate(unit=elves, ability=0, origin=(1, 1)))


def test_fog_prevents_the_combat_damage_of_the_chosen_terrains_combat_only() -> None:
    # The ruling: "Prevent all combat damage" prevents the combat damage of the chosen
    # terrain's combat (before, every combat of that turn).
    state = _state(phase="movement", points=1)
    _hand(state, HOLY_DAY)
    for player in state.players:
        player.assign = False
    giant = put(state, "Hill Giant", 0, (1, 1))
    bears = put(state, "Grizzly Bears", 1, (1, 1))
    other = put(state, "Hill Giant", 0, (2, 3))
    other_bears = put(state, "Grizzly Bears", 1, (2, 3))
    with pytest.raises(IllegalActionError, match="choose it as the origin"):
        play(state, A.Cast(card="Holy Day"))
    state, events = play(state, A.Cast(card="Holy Day", origin=(1, 1)))
    assert [e.get("at") for e in events if e["type"] == "fog"] == [[1, 1]]
    state, events = play(state, A.Pass())  # movement ends: both combats
    assert bears in state.perms and state.perms[giant].damage == 0
    assert other_bears not in state.perms and state.perms[other].damage == 2
    assert {tuple(e["at"]) for e in events if e["type"] == "prevented"} == {(1, 1)}


QUAKER = _card("Test Quaker", "Creature — Beast", "When Test Quaker enters the battlefield, "
               "Test Quaker deals 1 damage to each creature.", "{1}", (), 3, 3)
GRUDGE = _card("Test Grudge", "Creature — Spirit", "When Test Grudge dies, Test Grudge deals 1 "
               "damage to each creature.", "{1}", (), 1, 1)


def _origin_decision(state: GameState) -> dict:
    d = state.decision
    assert d is not None and d["kind"] == "choice" and d["by"] == "origin", d
    return d


def test_a_creatures_triggered_whole_table_ability_asks_for_a_terrain_within_its_reach() -> None:
    # The ruling "reach of whole-table effects": a creature's untargeted ability affects one
    # terrain its controller chooses within its reach; its triggered ones too (before: only
    # its own terrain, with no choice).
    state = _state(points=1)
    _hand(state, QUAKER)
    beside = state.board.outside["S0"]  # the terrain the stronghold sits beside
    next_door = put(state, LION, 1, beside)
    far = put(state, LION, 1, (2, 4))
    state, events = play(state, A.Cast(card=QUAKER.name))
    d = _origin_decision(state)
    assert d["player"] == 0 and sorted(map(str, d["options"])) == sorted(
        map(str, ["S0", list(beside)]))
    assert len(d["words"]) == 2 and "stronghold" in " ".join(d["words"])
    pending = wargame_view(state, 1)["pending"]
    assert pending["kind"] == "choice" and pending["by"] == "origin"
    assert set(map(str, pending["options"])) == set(map(str, d["options"]))
    answers = [a for a in WG.legal_actions(state, 0)]
    assert {a.choice for a in answers} == {"S0", tuple(beside)}
    with pytest.raises(IllegalActionError, match="may affect only one of"):
        play(state, A.Choose(choice=(2, 4)))
    with pytest.raises(IllegalActionError):
        play(state, A.Choose(choice=(2, 4)), seat=1)  # not theirs to choose
    state, events = play(state, {"type": "choose", "choice": list(beside)})
    assert state.decision is None and not state.stack
    assert [e["target"] for e in events if e["type"] == "damage"] == [next_door]
    assert state.perms[far].damage == 0
    quaker = next(p for p in state.perms if state.name(p) == QUAKER.name)
    assert state.perms[quaker].damage == 0  # in its stronghold, not at the chosen terrain


def test_a_triggered_abilitys_terrain_may_be_answered_by_its_index() -> None:
    state = _state(points=1)
    _hand(state, QUAKER)
    beside = state.board.outside["S0"]
    lion = put(state, LION, 1, beside)
    state, _ = play(state, A.Cast(card=QUAKER.name))
    index = [state.board.pos_from_wire(o) for o in _origin_decision(state)["options"]].index(
        "S0")
    state, events = play(state, A.Choose(choice=index))
    assert state.perms[lion].damage == 0 and state.decision is None
    assert [e["origin"] for e in events if e["type"] == "origin_chosen"] == ["S0"]


def test_a_dead_creatures_whole_table_trigger_affects_any_terrain_but_an_opponents_stronghold(
        ) -> None:
    state = _state(points=1)
    state.players[0].hand = []
    _hand(state, _card("Test Bolt", "Instant", "Test Bolt deals 3 damage to target creature.",
                       "{R}", ("R",)))
    grudge = put(state, GRUDGE, 0, (1, 1))
    theirs = put(state, LION, 1, (2, 4))
    inside = put(state, LION, 1, "S1")
    state, _ = play(state, A.Cast(card="Test Bolt", targets=(grudge,)))
    d = _origin_decision(state)
    places = {str(o) for o in d["options"]}
    assert "S1" not in places and str([2, 4]) in places and "S0" in places
    state, events = play(state, A.Choose(choice=(2, 4)))
    assert [e["target"] for e in events if e["type"] == "damage"] == [theirs]
    assert state.perms[inside].damage == 0
