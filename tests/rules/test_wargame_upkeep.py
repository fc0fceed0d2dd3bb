"""The War Game's upkeep (``shared/rules/wargame.md``, turn step 4 "Upkeep/heal: pay upkeep
with supply"): upkeep triggers and cumulative upkeep happen as the heal step begins, and
their costs are paid with supply points, one per mana symbol of any colour."""

from __future__ import annotations

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from tests.rules.helpers import creature
from tests.rules.wargame_helpers import (
    WG, all_plains, game, pass_to, play, put, supply, with_supply,
)

ANTS = Card.from_scryfall(creature("Test Ants", ("G",), 5, 1,
                                   oracle_text="Cumulative upkeep {1}"))


def _bens_heal(name: str | Card, ben_supply: int):
    """Ben's creature *name* in the middle, his supply set, then on to his heal step."""
    state = all_plains(game(2))
    unit = put(state, name, 1, (1, 2))
    state = with_supply(state, 1, ben_supply)
    return pass_to(state, "heal", 1), unit


def test_an_upkeep_cost_is_asked_as_the_heal_step_begins_and_paid_with_supply() -> None:
    state, bolas = _bens_heal("Nicol Bolas", 10)
    d = state.decision
    assert d is not None and d["kind"] == "choice" and d["player"] == 1
    assert d["cost"] == "{U}{B}{R}" and "Nicol Bolas" in d["prompt"]
    assert A.Choose(choice="pay") in WG.legal_actions(state, 1)
    before = supply(state, 1)
    state, events = play(state, A.Choose(choice="pay"), 1)
    assert bolas in state.perms and supply(state, 1) == before - 3  # one point a symbol
    assert any(e["type"] == "paid" for e in events)
    assert state.decision is None and state.phase == "heal" and state.active == 1


def test_an_upkeep_cost_declined_sends_the_creature_to_the_removed_pile() -> None:
    state, keeper = _bens_heal("Peacekeeper", 10)
    assert state.decision is not None and state.decision["cost"] == "{1}{W}"
    before = supply(state, 1)
    state, _ = play(state, A.Choose(choice="decline"), 1)
    assert keeper not in state.perms and supply(state, 1) == before
    assert [state.name(c) for c in state.players[1].graveyard] == ["Peacekeeper"]


def test_an_upkeep_cost_the_supply_cannot_pay_sacrifices() -> None:
    state = all_plains(game(3))
    bolas = put(state, "Nicol Bolas", 1, (1, 2))
    state.cells["S1"].extra["controller"] = 2  # Cat holds Ben's stronghold: no supply roll
    state = with_supply(state, 1, 2)
    state = pass_to(state, "heal", 1)
    assert supply(state, 1) == 2 and bolas not in state.perms
    assert state.decision is None


def test_cumulative_upkeep_grows_each_heal_step() -> None:
    state, ants = _bens_heal(ANTS, 10)
    assert state.perms[ants].counters == {"age": 1}
    assert state.decision is not None and state.decision["cost"] == "{1}"
    state, _ = play(state, A.Choose(choice="pay"), 1)
    state = with_supply(pass_to(state, "heal", 0), 1, 10)
    assert state.perms[ants].counters == {"age": 1} and state.decision is None  # not Ann's
    state = pass_to(state, "heal", 1)
    assert state.perms[ants].counters == {"age": 2}
    assert state.decision is not None and state.decision["cost"] == "{2}"
    before = supply(state, 1)
    state, _ = play(state, A.Choose(choice="pay"), 1)
    assert ants in state.perms and supply(state, 1) == before - 2


def test_healing_waits_for_the_upkeep_payment() -> None:
    state, bolas = _bens_heal("Nicol Bolas", 10)
    assert not any(isinstance(a, A.Pass) for a in WG.legal_actions(state, 1))



INSIGHT = Card.from_scryfall(creature(
    "Test Insight", ("U",), 0, 0, type_line="Instant", mana_cost="{U}",
    oracle_text="Draw a card at the beginning of the next turn's upkeep."))


def test_an_effect_for_the_next_upkeep_happens_in_the_next_heal_step() -> None:
    state = pass_to(with_supply(all_plains(game(2)), 0, 1), "casting", 0)
    state.defs = {**state.defs, INSIGHT.name: INSIGHT}
    state.cards["i1"] = (INSIGHT.name, 0)
    state.players[0].hand.append("i1")
    state, _ = play(state, A.Cast(card="Test Insight"))
    assert "i1" not in state.players[0].hand and state.delayed
    hand = len(state.players[0].hand)
    state = pass_to(state, "heal", 1)
    assert len(state.players[0].hand) == hand + 1  # Ann draws in Ben's upkeep/heal


BELL = Card.from_scryfall(creature(
    "Test Bell Ringer", ("W",), 1, 1, mana_cost="{W}",
    oracle_text="{1}: Draw a card. Activate only during your upkeep."))


def test_an_ability_for_the_upkeep_is_activated_in_the_heal_step() -> None:
    state, ringer = _bens_heal(BELL, 3)
    hand = len(state.players[1].hand)
    assert any(isinstance(a, A.Activate) for a in WG.legal_actions(state, 1))
    state, _ = play(state, A.Activate(unit=ringer, ability=0), 1)
    assert len(state.players[1].hand) == hand + 1
    state = pass_to(state, "casting", 1)
    assert not any(isinstance(a, A.Activate) for a in WG.legal_actions(state, 1))
