"""The War Game's supply, casting, reach and winning (``shared/rules/wargame.md``, "Rules
changes", turn step 7 and "Winning")."""

from __future__ import annotations

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.engine import action_from_wire
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.variants.wargame.board import info
from tests.rules.helpers import creature
from tests.rules.wargame_helpers import (
    WG, all_plains, game, give, pass_to, play, put, supply, to_phase, wargame_view,
    with_supply,
)


def _casting(points: int, players: int = 2):
    return with_supply(to_phase(all_plains(game(players)), "casting"), 0, points)


def _hold(state, place: str, seat: int) -> None:
    info(state.cells[place])["controller"] = seat


def test_supply_pays_any_colour_one_for_one() -> None:
    state = _casting(2)
    state.players[0].hand = []
    give(state, 0, "Grizzly Bears")   # {1}{G}: no Forest, no green mana needed
    give(state, 0, "Hill Giant")      # {3}{R}: four points
    casts = {a.card for a in WG.legal_actions(state, 0) if isinstance(a, A.Cast)}
    assert casts == {"Grizzly Bears"}
    with pytest.raises(IllegalActionError, match="4 supply points; you have 2"):
        play(state, A.Cast(card="Hill Giant"))
    state, events = play(state, A.Cast(card="Grizzly Bears"))
    assert supply(state, 0) == 0
    assert state.players[0].hand == [h for h in state.players[0].hand if h]  # cast
    assert any(e["type"] == "cast" and e["card"] == "Grizzly Bears" for e in events)


def test_a_mana_creature_adds_supply() -> None:
    state = _casting(1)
    elves = put(state, "Llanowar Elves", 0, (1, 1))
    state, _ = play(state, A.Activate(unit=elves, ability=0))
    assert supply(state, 0) == 2 and state.perms[elves].tapped
    assert sum(state.players[0].pool.values()) == 0  # it joined the supply


def test_creatures_enter_the_stronghold_at_most_three() -> None:
    state = _casting(10)
    put(state, "Grizzly Bears", 0, "S0")
    put(state, "Grizzly Bears", 0, "S0")
    put(state, "Grizzly Bears", 1, "S0")  # an opponent's creature there does not count
    state.players[0].hand = []
    give(state, 0, "Grizzly Bears")
    give(state, 0, "Grizzly Bears")
    state, events = play(state, A.Cast(card="Grizzly Bears"))
    entered = [p for p in state.board_creatures() if p.controller == 0 and p.at == "S0"]
    assert len(entered) == 3
    with pytest.raises(IllegalActionError, match="already holds 3"):
        play(state, A.Cast(card="Grizzly Bears"))
    assert not any(isinstance(a, A.Cast) for a in WG.legal_actions(state, 0))


ALARM = Card.from_scryfall(creature(
    "Raise the Alarm", ("W",), 0, 0, type_line="Instant", mana_cost="{1}{W}",
    oracle_text="Create two 1/1 white Soldier creature tokens."))


def _alarm(state) -> list:
    state.defs = {**state.defs, ALARM.name: ALARM}
    obj = state.new_id("h")
    state.cards[obj] = (ALARM.name, 0)
    state.players[0].hand = [obj]
    for other in state.players[1:]:
        other.hand = []  # nobody answers
    state, events = play(state, A.Cast(card=ALARM.name))
    return [state, events]


def test_tokens_enter_the_stronghold_under_the_casting_limits() -> None:
    # wargame-rules 05, the ruling: tokens made a fourth creature in the stronghold, and
    # came while another player held it; those that don't fit aren't created.
    state = _casting(2)
    put(state, "Grizzly Bears", 0, "S0")
    put(state, "Grizzly Bears", 0, "S0")
    state, events = _alarm(state)
    mine = [p for p in state.board_creatures() if p.controller == 0 and p.at == "S0"]
    assert len(mine) == 3
    assert [e["type"] for e in events if e["type"] in ("token", "not_created")] == \
        ["token", "not_created"]
    assert len([c for c in state.cards if c.startswith("t")]) == 1  # the other isn't made
    held = _casting(2, players=3)
    _hold(held, "S0", 1)
    held, events = _alarm(held)
    assert not [p for p in held.board_creatures() if p.controller == 0]
    assert [e["reason"] for e in events if e["type"] == "not_created"] == \
        ["their stronghold is held by another player"] * 2
    assert held.players[0].graveyard  # the instant itself, in the removed pile


SWORDS = Card.from_scryfall(creature(
    "Swords to Plowshares", ("W",), 0, 0, type_line="Instant", mana_cost="{W}",
    oracle_text="Exile target creature. Its controller gains life equal to its power."))


def test_exiled_cards_join_the_removed_pile() -> None:
    # The ruling (removed pile): the audit saw Swords to Plowshares keep the creature in a
    # separate exile list, never counted in "removed" nor shuffled back into the library.
    state = _casting(1)
    state.defs = {**state.defs, SWORDS.name: SWORDS}
    obj = state.new_id("h")
    state.cards[obj] = (SWORDS.name, 0)
    state.players[0].hand = [obj]
    state.players[1].hand = []
    put(state, "Grizzly Bears", 0, (1, 1))
    ogre = put(state, "Hill Giant", 1, (1, 2))
    state, _ = play(state, A.Cast(card=SWORDS.name, targets=(ogre,)))
    assert ogre not in state.perms and state.players[1].exile == []
    assert state.players[1].graveyard == [ogre]
    assert wargame_view(state, 0)["players"][1]["removed"] == 1


def test_a_whole_table_spell_hits_only_its_chosen_terrain() -> None:
    state = _casting(4)
    give(state, 0, "Wrath of God")
    here = [put(state, "Grizzly Bears", 0, (1, 1)), put(state, "Hill Giant", 1, (1, 1))]
    there = [put(state, "Grizzly Bears", 0, (1, 2)), put(state, "Hill Giant", 1, "S1")]
    with pytest.raises(IllegalActionError, match="one terrain of your choice"):
        play(state, A.Cast(card="Wrath of God"))
    wrath = action_from_wire({"type": "cast", "card": "Wrath of God", "origin": [1, 1]})
    assert wrath in WG.legal_actions(state, 0)
    state, _ = play(state, wrath)
    assert not any(u in state.perms for u in here)
    assert all(u in state.perms for u in there)


def test_an_opponents_stronghold_is_never_an_origin_or_target() -> None:
    state = _casting(4)
    give(state, 0, "Wrath of God")
    give(state, 0, "Stone Rain")
    with pytest.raises(IllegalActionError, match="never be chosen"):
        play(state, A.Cast(card="Wrath of God", origin="S1"))
    origins = {a.origin for a in WG.legal_actions(state, 0)
               if isinstance(a, A.Cast) and a.card == "Wrath of God"}
    assert "S0" in origins and "S1" not in origins and len(origins) == 16
    assert "never be targeted" in (WG.target_problem(state, 0, None, "S1") or "")
    assert "never be targeted" in (WG.target_problem(state, 0, None, "H1") or "")  # its land
    assert WG.target_problem(state, 0, None, "S0") is None
    with pytest.raises(IllegalActionError, match="can't target"):
        play(state, A.Cast(card="Stone Rain", targets=("H1",)))


def test_a_creatures_ability_reaches_only_its_own_terrain() -> None:
    state = _casting(0)
    sorcerer = put(state, "Prodigal Sorcerer", 0, (1, 1))
    put(state, "Grizzly Bears", 0, (1, 2))  # so the reach of creatures is not the reason
    near = put(state, "Grizzly Bears", 1, (1, 2), damage=1)
    same = put(state, "Grizzly Bears", 1, (1, 1), damage=1)
    with pytest.raises(IllegalActionError, match="reaches only its own terrain"):
        play(state, A.Activate(unit=sorcerer, ability=0, targets=(near,)))
    state, _ = play(state, A.Activate(unit=sorcerer, ability=0, targets=(same,)))
    assert same not in state.perms and near in state.perms


def test_opposing_creatures_need_a_creature_of_yours_near() -> None:
    state = _casting(1)
    give(state, 0, "Lightning Bolt")
    target = put(state, "Hill Giant", 1, (0, 4))
    put(state, "Grizzly Bears", 0, (1, 3))  # diagonal: not next to it
    with pytest.raises(IllegalActionError, match="out of reach"):
        play(state, A.Cast(card="Lightning Bolt", targets=(target,)))
    put(state, "Grizzly Bears", 0, (1, 4))  # next to it
    state, _ = play(state, A.Cast(card="Lightning Bolt", targets=(target,)))
    assert target not in state.perms


def test_a_player_alone_in_a_stronghold_takes_it_at_end_of_turn() -> None:
    state = to_phase(all_plains(game(3)), "discard")
    put(state, "Grizzly Bears", 0, "S1")
    put(state, "Grizzly Bears", 0, "S2")
    put(state, "Grizzly Bears", 2, "S2")  # contested: nobody takes it
    state, events = play(state, A.Pass())
    assert {"type": "captured", "at": "S1", "by": 0} in events
    assert info(state.cells["S1"])["controller"] == 0
    assert info(state.cells["S2"])["controller"] == 2
    assert not state.game_over


def test_without_a_stronghold_no_supply_and_no_creatures() -> None:
    state = to_phase(all_plains(game(3)), "discard")
    _hold(state, "S1", 0)
    state = with_supply(state, 1, 3)
    state, events = play(state, A.Pass())
    event = next(e for e in events if e["type"] == "supply")
    assert event["player"] == 1 and event["roll"] is None and supply(state, 1) == 3
    assert event["holder"] == 0  # who holds it, for the log's words
    state = to_phase(state, "casting")
    give(state, 1, "Grizzly Bears")
    with pytest.raises(IllegalActionError, match="until you retake your stronghold"):
        play(state, A.Cast(card="Grizzly Bears"))
    assert not any(isinstance(a, A.Cast) and a.card == "Grizzly Bears"
                   for a in WG.legal_actions(state, 1))
    assert not state.players[1].lost  # they stay in the game


def test_holding_every_stronghold_wins() -> None:
    three = to_phase(all_plains(game(3)), "discard")
    put(three, "Grizzly Bears", 0, "S1")
    three, _ = play(three, A.Pass())
    assert not three.game_over  # Cat still holds hers
    two = to_phase(all_plains(game(2)), "discard")
    put(two, "Grizzly Bears", 0, "S1")
    two, events = play(two, A.Pass())
    assert two.game_over and two.winner == 0
    assert {"type": "game_over", "winner": 0, "reason": "controls every stronghold"} in events
    assert WG.legal_actions(two, 1) == []


def test_a_conceding_player_is_skipped_and_the_last_one_left_wins() -> None:
    state = game(3)
    state, events = play(state, A.Concede(), 0)
    assert state.players[0].lost and state.active == 1 and state.phase == "heal"
    state, _ = play(state, A.Concede(), 2)
    assert state.game_over and state.winner == 1
