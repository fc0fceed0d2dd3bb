"""Where the War Game's mana comes from (``shared/rules/wargame.md``, "Rules changes"): "Mana
comes only from a d6 rolled each turn ("supply points") and creatures that tap for mana."

Product ruling (docs/rules-notes.md, "The War Game: mana abilities of non-creatures"): a
non-creature's mana ability (Sol Ring, a Mox, Astrolabe) adds no supply; one with another
effect (Astrolabe's delayed draw) may still be activated for it: it pays its costs, makes no
mana (the log says so) and its other effect happens; one with nothing else to do is not
offered and is refused in words. A creature's mana ability adds supply, riders included."""

from __future__ import annotations

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState, Permanent
from frontier_desktop.ui.table.words import Namer, event_words
from frontier_desktop.rules.variants.wargame.board import info
from tests.rules.helpers import card, creature
from tests.rules.wargame_helpers import (
    WG, all_plains, game, pass_to, play, put, supply, to_phase, with_supply,
)

ASTROLABE = Card.from_scryfall(creature(
    "Test Astrolabe", (), 0, 0, type_line="Artifact", oracle_text="{1}, {T}, Sacrifice Test "
    "Astrolabe: Add two mana of any one color. Draw a card at the beginning of the next turn's "
    "upkeep."))
SEER_ELF = Card.from_scryfall(creature(
    "Test Seer Elf", ("G",), 1, 1, oracle_text="{T}: Add {G}. Draw a card at the beginning of "
    "the next turn's upkeep."))


def _casting(points: int) -> GameState:
    state = with_supply(to_phase(all_plains(game(2)), "casting"), 0, points)
    state.players[1].hand = []  # Ben gets no window to answer with
    return state


def _artifact(state: GameState, c: Card | str, seat: int = 0) -> str:
    """A non-creature permanent of *seat*'s, standing off the board as cast ones do."""
    found = card(c) if isinstance(c, str) else c
    state.defs = {**state.defs, found.name: found}
    obj = state.new_id("u")
    state.cards[obj] = (found.name, seat)
    state.perms[obj] = Permanent(obj, seat, "staging")
    return obj


def _activations(state: GameState, unit: str) -> list[A.Action]:
    return [a for a in WG.legal_actions(state, 0) if isinstance(a, A.Activate) and a.unit == unit]


def test_an_artifact_that_only_makes_mana_adds_no_supply_and_is_not_offered() -> None:
    state = _casting(3)
    ring = _artifact(state, "Sol Ring")
    assert _activations(state, ring) == []
    with pytest.raises(IllegalActionError, match="Sol Ring makes no mana in the War Game"):
        play(state, A.Activate(unit=ring, ability=0))
    assert supply(state, 0) == 3 and not state.perms[ring].tapped


def test_an_artifacts_mana_ability_with_a_rider_makes_no_mana_but_its_rider_happens() -> None:
    state = _casting(3)
    astrolabe = _artifact(state, ASTROLABE)
    assert _activations(state, astrolabe) == [A.Activate(unit=astrolabe, ability=0)]
    state, events = play(state, A.Activate(unit=astrolabe, ability=0, mana="{G}{G}"))
    assert supply(state, 0) == 2  # its {1} paid, no mana made
    assert astrolabe not in state.perms and astrolabe in state.players[0].graveyard  # removed
    activated = next(e for e in events if e["type"] == "activated")
    assert "mana" not in activated and not activated.get("note")
    line = event_words(activated, Namer(["Ann", "Ben"]))
    assert line is not None and "Test Astrolabe makes no mana in the War Game" in line
    hand = len(state.players[0].hand)
    state = pass_to(state, "heal", 1)  # the next turn's upkeep: Ben's heal step
    assert len(state.players[0].hand) == hand + 1
    assert supply(state, 0) == 2


def test_a_creatures_mana_ability_adds_supply_and_its_rider_happens() -> None:
    state = _casting(0)
    elf = put(state, SEER_ELF, 0, (1, 1))
    assert A.Activate(unit=elf, ability=0) in WG.legal_actions(state, 0)
    state, events = play(state, A.Activate(unit=elf, ability=0))
    assert supply(state, 0) == 1 and state.perms[elf].tapped
    activated = next(e for e in events if e["type"] == "activated")
    assert activated["mana"] == "{G}" and not activated.get("note")
    hand = len(state.players[0].hand)
    state = pass_to(state, "heal", 1)
    assert len(state.players[0].hand) == hand + 1


def test_no_stronghold_no_supply_creature_mana_included() -> None:
    # wargame-rules 15, the ruling: a player whose stronghold another holds gains no supply of
    # any kind; the ability may still be activated for its other effects.
    state = with_supply(to_phase(all_plains(game(3)), "casting"), 0, 0)
    state.players[1].hand = state.players[2].hand = []  # no windows to answer with
    info(state.cells["S0"])["controller"] = 1  # Ben holds Ann's stronghold (Cid his own)
    elves = put(state, "Llanowar Elves", 0, (1, 1))
    seer = put(state, SEER_ELF, 0, (1, 1))
    assert _activations(state, elves) == []
    with pytest.raises(IllegalActionError, match="makes no supply while another player holds"):
        play(state, A.Activate(unit=elves, ability=0))
    assert _activations(state, seer) == [A.Activate(unit=seer, ability=0)]
    state, events = play(state, A.Activate(unit=seer, ability=0))
    assert supply(state, 0) == 0 and state.perms[seer].tapped
    activated = next(e for e in events if e["type"] == "activated")
    assert "mana" not in activated and activated["no_mana"] == "the War Game"
    hand = len(state.players[0].hand)
    state = pass_to(state, "heal", 1)
    assert len(state.players[0].hand) == hand + 1 and supply(state, 0) == 0


RITUAL = Card.from_scryfall(creature("Test Ritual", ("B",), 0, 0, type_line="Instant",
                                     mana_cost="{B}", oracle_text="Add {B}{B}{B}."))
SURGE = Card.from_scryfall(creature("Test Surge", ("B",), 0, 0, type_line="Sorcery",
                                    mana_cost="{1}", oracle_text="Add {B}{B}. Draw a card."))


def _in_hand(state: GameState, c: Card) -> str:
    state.defs = {**state.defs, c.name: c}
    obj = state.new_id("h")
    state.cards[obj] = (c.name, 0)
    state.players[0].hand.append(obj)
    return obj


def test_a_spell_that_only_makes_mana_is_not_cast() -> None:
    state = _casting(3)
    _in_hand(state, RITUAL)
    assert not any(isinstance(a, A.Cast) and a.card == "Test Ritual"
                   for a in WG.legal_actions(state, 0))
    with pytest.raises(IllegalActionError, match="Test Ritual makes no mana in the War Game"):
        play(state, A.Cast(card="Test Ritual"))
    assert supply(state, 0) == 3


def test_a_spell_that_makes_mana_and_more_makes_no_mana_but_the_rest_happens() -> None:
    state = _casting(3)
    _in_hand(state, SURGE)
    assert A.Cast(card="Test Surge") in WG.legal_actions(state, 0)
    hand = len(state.players[0].hand)
    state, events = play(state, A.Cast(card="Test Surge"))
    assert supply(state, 0) == 2 and len(state.players[0].hand) == hand  # cast, then drew 1
    added = next(e for e in events if e["type"] == "mana_added")
    line = event_words(added, Namer(["Ann", "Ben"]))
    assert line is not None and "Test Surge makes no mana in the War Game" in line
