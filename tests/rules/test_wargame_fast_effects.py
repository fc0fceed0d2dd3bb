"""The War Game's combat windows (``shared/rules/wargame.md``, turn step 6): "Fast effects
first", then the damage, "then healing spells and prevention" before creatures with lethal
damage go to the removed pile. A window is a ``priority`` pending for the players in that
combat who asked for responses (``set_responses``) and hold something playable, clockwise
from the mover, as the engine's other response windows."""

from __future__ import annotations

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from tests.rules.helpers import creature
from tests.rules.wargame_helpers import (
    WG, all_plains, game, give, play, put, supply, to_phase, wargame_view, with_supply,
)

SALVE = Card.from_scryfall(creature(
    "Test Salve", ("W",), 0, 0, type_line="Instant", mana_cost="{W}",
    oracle_text="Prevent the next 3 damage that would be dealt to target creature this turn."))


def _meeting(ben_supply: int = 1):
    """Ann's Grizzly Bears and Ben's meet at (1, 1) in Ann's movement phase; Ben asked for
    responses and has supply."""
    state = with_supply(to_phase(all_plains(game(2)), "movement"), 1, ben_supply)
    mine = put(state, "Grizzly Bears", 0, (1, 1))
    theirs = put(state, "Grizzly Bears", 1, (1, 1))
    state.players[1].responses = True
    return state, mine, theirs


def _give_card(state, seat: int, c: Card) -> str:
    state.defs = {**state.defs, c.name: c}
    obj = state.new_id("h")
    state.cards[obj] = (c.name, seat)
    state.players[seat].hand.append(obj)
    return obj


def test_fast_effects_come_before_the_combats_damage() -> None:
    state, mine, theirs = _meeting()
    give(state, 1, "Giant Growth")
    state, events = play(state, A.Pass())  # movement ends: the combat at (1, 1)
    assert state.phase == "combat" and mine in state.perms and theirs in state.perms
    p = state.pending
    assert p is not None and p["kind"] == "priority" and p["responder"] == 1
    assert not any(e["type"] == "damage" for e in events)
    assert A.Pass() in WG.legal_actions(state, 1) and WG.legal_actions(state, 0) == []
    shown = wargame_view(state, 0)["pending"]
    assert (shown["kind"], shown["responder"], shown["stage"]) == ("priority", 1, "fast")
    state, _ = play(state, A.Cast(card="Giant Growth", targets=(theirs,)), 1)
    assert supply(state, 1) == 0
    assert mine not in state.perms  # the 5/5 bear took 2 and dealt 2
    assert state.perms[theirs].damage == 2 and state.pending is None


def test_nobody_who_asked_with_something_playable_means_no_window() -> None:
    state, mine, theirs = _meeting(ben_supply=0)
    give(state, 1, "Giant Growth")  # nothing pays for it: no window
    state, _ = play(state, A.Pass())
    assert state.pending is None and mine not in state.perms and theirs not in state.perms


def test_the_window_goes_clockwise_from_the_mover_among_the_combats_players() -> None:
    state = with_supply(to_phase(all_plains(game(3)), "movement", 1), 2, 1)
    state = with_supply(with_supply(state, 0, 1), 1, 1)
    put(state, "Grizzly Bears", 1, (1, 1))
    put(state, "Grizzly Bears", 0, (1, 1))
    put(state, "Hill Giant", 2, (0, 0))  # Cat is in no combat
    for seat in range(3):
        state.players[seat].responses = True
        give(state, seat, "Giant Growth")
    state, _ = play(state, A.Pass(), 1)
    assert state.pending["responder"] == 1  # the mover first
    state, _ = play(state, A.Pass(), 1)
    assert state.pending["responder"] == 0  # then Ann; never Cat
    state, events = play(state, A.Pass(), 0)
    assert any(e["type"] == "damage" for e in events)


def test_healing_and_prevention_come_after_the_damage_before_the_deaths() -> None:
    state, mine, theirs = _meeting()
    _give_card(state, 1, SALVE)
    state, _ = play(state, A.Pass())
    assert state.pending["responder"] == 1
    state, events = play(state, A.Pass(), 1)  # no fast effect: the damage is dealt
    assert any(e["type"] == "damage" for e in events)
    assert state.perms[theirs].damage == 2 and theirs in state.perms  # not removed yet
    assert state.pending is not None and state.pending["responder"] == 1
    state, events = play(state, A.Cast(card="Test Salve", targets=(theirs,)), 1)
    assert state.perms[theirs].damage == 0  # its 2 damage prevented after all
    assert mine not in state.perms  # Ann's bear goes to the removed pile
    assert state.pending is None


def test_a_player_who_concedes_with_the_window_passes_it_on() -> None:
    state = with_supply(to_phase(all_plains(game(3)), "movement", 0), 1, 1)
    state = with_supply(state, 2, 1)
    put(state, "Grizzly Bears", 0, (1, 1))
    put(state, "Grizzly Bears", 1, (1, 1))
    put(state, "Grizzly Bears", 2, (1, 1))
    for seat in (1, 2):
        state.players[seat].responses = True
        give(state, seat, "Giant Growth")
    state, _ = play(state, A.Pass(), 0)
    assert state.pending["responder"] == 1
    state, _ = play(state, A.Concede(), 1)
    assert state.pending is not None and state.pending["responder"] == 2
