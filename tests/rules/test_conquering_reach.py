"""The Conquering's reach (issue 14, conq-rules; ``shared/rules/conquering.md``, "Bonuses and
reach"): creatures affect only creatures in their own area (lords, tappers, removal on
entering), enchantments and artifacts the whole field, auras work, and players have no life
(damage, life loss and life gain to a player do nothing and the log says so)."""

from __future__ import annotations

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.mana import parse_pool
from frontier_desktop.rules.state import GameState, Permanent
from tests.rules.conquering_helpers import CQ, clear_board, game, play, put, set_land, to_phase
from tests.rules.helpers import card, creature

MID = (1, 1)
NEAR_S1 = (2, 1)


def _hand(state: GameState, seat: int, name: str) -> str:
    c = card(name)
    state.defs = {**state.defs, c.name: c}
    obj = state.new_id("c")
    state.cards[obj] = (c.name, seat)
    state.players[seat].hand.append(obj)
    return obj


def _inline(state: GameState, seat: int, obj: dict[str, object], at: object) -> str:
    c = Card.from_scryfall(obj)
    state.defs = {**state.defs, c.name: c}
    pid = state.new_id("u")
    state.cards[pid] = (c.name, seat)
    state.perms[pid] = Permanent(pid, seat, "staging" if at == "staging" else "board",
                                 None if at == "staging" else at)
    return pid


def _main(players: int = 2) -> GameState:
    state = to_phase(game(players, first=0), "main")
    clear_board(state)
    if state.board.contains(MID):
        set_land(state, MID, "Island", cv=3)  # no creature here gets a colour bonus
    state.players[0].pool = parse_pool("{R}{R}{R}{G}{G}{G}{U}{U}{B}{B}{W}{W}{W}")
    return state


def _pt(state: GameState, pid: str) -> tuple[int, int]:
    return CQ.effective_pt(state, state.perms[pid])


# ---------------------------------------------------------------------- statics
def test_a_lord_pumps_only_the_creatures_in_its_own_area() -> None:
    state = _main()
    _inline(state, 0, creature("Test Lord", power=1, toughness=1, oracle_text=(
        "Other creatures you control get +1/+1.")), MID)
    here = put(state, "Grizzly Bears", 0, MID)
    away = put(state, "Grizzly Bears", 0, NEAR_S1)
    assert _pt(state, here) == (3, 3)
    assert _pt(state, away) == (2, 2)
    state.perms[away].at = MID  # it walks in: now it is pumped
    assert _pt(state, away) == (3, 3)


def test_an_enchantments_anthem_reaches_the_whole_field() -> None:
    state = _main()
    crusade = _hand(state, 0, "Crusade")
    near = put(state, "White Knight", 0, MID)
    far = put(state, "White Knight", 0, NEAR_S1)
    theirs = put(state, "White Knight", 1, (2, 0))
    state, _ = play(state, A.Cast(card=crusade))
    assert state.perms[crusade].zone == "staging"
    assert _pt(state, near) == (3, 3) and _pt(state, far) == (3, 3)
    assert _pt(state, theirs) == (3, 3)  # "White creatures get +1/+1": every one


def test_an_aura_enchants_a_creature_in_reach() -> None:
    state = _main()
    aura = _hand(state, 0, "Holy Strength")
    bears = put(state, "Grizzly Bears", 0, NEAR_S1)
    assert A.Cast(card="Holy Strength", target=bears) in CQ.legal_actions(state, 0)
    state, events = play(state, A.Cast(card=aura, target=bears))
    assert state.perms[aura].zone == "attached" and state.perms[aura].attached_to == bears
    assert _pt(state, bears) == (3, 4)
    assert any(e["type"] == "cast" and e.get("attached_to") == bears for e in events)


def test_an_aura_on_an_opposing_creature_needs_the_reach() -> None:
    state = _main()
    aura = _hand(state, 0, "Holy Strength")
    theirs = put(state, "Grizzly Bears", 1, NEAR_S1)
    assert A.Cast(card="Holy Strength", target=theirs) not in CQ.legal_actions(state, 0)
    with pytest.raises(IllegalActionError, match="nor have a creature there"):
        play(state, A.Cast(card=aura, target=theirs))
    put(state, "Grizzly Bears", 0, NEAR_S1)
    state, _ = play(state, A.Cast(card=aura, target=theirs))
    assert state.perms[aura].attached_to == theirs


def test_a_creatures_entering_trigger_reaches_only_its_area() -> None:
    # Nekrataal enters Edna's stronghold: its "destroy target creature" may name the
    # Bears beside it there, never the Bears in the middle where Edna also has a creature.
    state = _main()
    set_land(state, MID, "Island", cv=3, controller=0)
    nek = _hand(state, 0, "Nekrataal")
    there = put(state, "Grizzly Bears", 1, "S0")
    away = put(state, "Grizzly Bears", 1, MID)
    state, _ = play(state, A.Cast(card=nek))
    assert state.decision is not None and state.decision["kind"] == "targets"
    answers = CQ.legal_actions(state, 0)
    assert A.Targets(targets=(there,)) in answers
    assert A.Targets(targets=(away,)) not in answers
    with pytest.raises(IllegalActionError, match="reaches only its own area"):
        play(state, A.Targets(targets=(away,)))
    state, _ = play(state, A.Targets(targets=(there,)))
    assert there not in state.perms and away in state.perms


# ---------------------------------------------------------------------- no life totals
def test_damage_to_a_player_does_nothing_and_is_said() -> None:
    state = _main()
    _hand(state, 0, "Lightning Bolt")
    put(state, "Grizzly Bears", 0, NEAR_S1)  # Dale is in reach
    state, events = play(state, A.Cast(card="Lightning Bolt", targets=(("player", 1),)))
    assert state.players[1].life == 0
    assert {"type": "life_ignored", "player": 1, "amount": 3, "what": "damage",
            "source": "Lightning Bolt"} in events
    assert not any(e["type"] == "life" for e in events)


def test_damage_to_each_opponent_does_nothing_and_is_said() -> None:
    state = _main(3)
    _hand(state, 0, "Sizzle")
    state, events = play(state, A.Cast(card="Sizzle"))
    said = sorted(e["player"] for e in events if e["type"] == "life_ignored")
    assert said == [1, 2]
    assert all(p.life == 0 for p in state.players)


def test_a_life_total_changed_by_any_other_path_is_put_back_and_said() -> None:
    state = _main()
    state.players[1].life = -2  # as a path the hooks don't cover would leave it
    state, events = play(state, A.Pass())
    assert state.players[1].life == 0
    assert {"type": "life_ignored", "player": 1, "amount": 2, "what": "loss",
            "source": ""} in events


# ---------------------------------------------------------------------- granted keywords
def test_a_creatures_keyword_grant_reaches_only_its_own_area() -> None:
    from frontier_desktop.rules.variants.conquering.combat import may_block
    from frontier_desktop.rules.variants.conquering.spells import has_keyword

    state = _main()
    _inline(state, 0, creature("Test Captain", power=1, toughness=1, oracle_text=(
        "Other creatures you control have flying.")), MID)
    here = put(state, "Grizzly Bears", 0, MID)
    away = put(state, "Grizzly Bears", 0, NEAR_S1)
    assert has_keyword(state, here, "flying") and not has_keyword(state, away, "flying")
    blocker = put(state, "Grizzly Bears", 1, MID)
    assert not may_block(state, state.perms[blocker], state.perms[here])
    other = put(state, "Grizzly Bears", 1, NEAR_S1)
    assert may_block(state, state.perms[other], state.perms[away])


def test_an_enchantments_keyword_grant_reaches_the_whole_field() -> None:
    from frontier_desktop.rules.variants.conquering.spells import has_keyword

    state = _main()
    _inline(state, 0, creature("Test Banner", type_line="Enchantment", oracle_text=(
        "Creatures you control have vigilance.")), "staging")
    bears = put(state, "Grizzly Bears", 0, NEAR_S1)
    assert has_keyword(state, bears, "vigilance")
    state = to_phase(state, "movement")
    state, _ = play(state, A.Move(unit=bears, to=MID))
    assert not state.perms[bears].tapped  # vigilance: moving doesn't tap it


def test_landwalk_gained_until_end_of_turn_counts() -> None:
    from frontier_desktop.rules.variants.conquering.combat import is_unblockable_here

    state = _main()
    set_land(state, MID, "Swamp", cv=3)
    bears = put(state, "Grizzly Bears", 0, MID)
    assert not is_unblockable_here(state, state.perms[bears])
    state.perms[bears].granted = frozenset({"swampwalk"})
    assert is_unblockable_here(state, state.perms[bears])
