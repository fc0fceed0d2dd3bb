"""The Conquering (issue 14, first slice): attack/conquer, blocks, the source's worked example,
bonuses, strongholds and winning (``shared/rules/conquering.md``)."""

from __future__ import annotations

from typing import Any

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants.army.actions import Block, DoneBlocking
from frontier_desktop.rules.variants.conquering.actions import Conquer
from frontier_desktop.rules.variants.conquering.board import controller, info
from frontier_desktop.rules.variants.conquering.combat import is_unblockable_here
from frontier_desktop.rules.core.shared import basic_land
from tests.rules.conquering_helpers import (
    CQ, clear_board, game, play, put, set_land, to_phase,
)

SWAMP = (1, 1)


def _conquer(state: GameState, at: Any, *units: str) -> tuple[GameState, list[dict[str, Any]]]:
    return play(state, Conquer(at=at, units=tuple(units)))


def _field(players: int = 2, active: int = 0) -> GameState:
    """Edna's (or *active*'s) attack/conquer phase on a neutral board, the middle area
    (:func:`_mid`) a Swamp of CV 3."""
    state = to_phase(game(players, first=active), "conquer")
    clear_board(state)
    set_land(state, _mid(state), "Swamp", cv=3)
    return state


def _mid(state: GameState) -> Any:
    """An area away from the strongholds: the middle square, the triangle's inner land Ai."""
    return SWAMP if state.board.contains(SWAMP) else "Ai"


# ---------------------------------------------------------------------- no defenders
def test_no_defenders_total_power_at_least_the_cv_captures() -> None:
    state = _field()
    one = put(state, "Grizzly Bears", 0, SWAMP)
    two = put(state, "Grizzly Bears", 0, SWAMP)
    after, events = _conquer(state, SWAMP, one)
    assert controller(after, SWAMP) is None  # 2 < 3: nothing happens
    assert {"type": "conquer_damage", "at": [1, 1], "damage": 2, "cv": 3} in events
    after, events = _conquer(state, SWAMP, one, two)
    assert controller(after, SWAMP) == 0
    assert {"type": "captured", "at": [1, 1], "by": 0, "from": None} in events
    assert any(e["type"] == "control" and e["to"] == 0 for e in events)


def test_the_cv_damage_does_not_persist_and_an_area_is_attacked_once_a_turn() -> None:
    state = _field()
    bears = put(state, "Serra Angel", 0, SWAMP)
    set_land(state, SWAMP, "Swamp", cv=5)
    state, _ = _conquer(state, SWAMP, bears)
    assert controller(state, SWAMP) is None
    with pytest.raises(IllegalActionError, match="already attacked"):
        _conquer(state, SWAMP, bears)


def test_attackers_tap_vigilance_excepted() -> None:
    state = _field()
    bears = put(state, "Grizzly Bears", 0, SWAMP)
    angel = put(state, "Serra Angel", 0, SWAMP)
    state, _ = _conquer(state, SWAMP, bears, angel)
    assert state.perms[bears].tapped and not state.perms[angel].tapped


@pytest.mark.parametrize("kw, problem", [
    ({"tapped": True}, "can't conquer"), ({"moved": True}, "can't conquer"),
    ({"sick": True}, "can't conquer"),
])
def test_only_untapped_creatures_there_since_the_turn_began_conquer(
        kw: dict[str, bool], problem: str) -> None:
    state = _field()
    bears = put(state, "Grizzly Bears", 0, SWAMP, **kw)
    with pytest.raises(IllegalActionError, match=problem):
        _conquer(state, SWAMP, bears)


def test_haste_conquers_the_turn_it_arrives() -> None:
    state = _field()
    set_land(state, SWAMP, "Swamp", cv=1)
    goblin = put(state, "Raging Goblin", 0, SWAMP, sick=True, moved=True)
    state, _ = _conquer(state, SWAMP, goblin)
    assert controller(state, SWAMP) == 0


def test_conquer_only_in_the_conquer_phase_and_not_your_own_area() -> None:
    state = _field()
    bears = put(state, "Grizzly Bears", 0, SWAMP)
    with pytest.raises(IllegalActionError, match="attack/conquer phase"):
        _conquer(to_phase(state, "main"), SWAMP, bears)
    info(state.cells[SWAMP])["controller"] = 0
    with pytest.raises(IllegalActionError, match="already control"):
        _conquer(state, SWAMP, bears)


# ---------------------------------------------------------------------- the worked example
def _example(players: int = 2) -> tuple[GameState, str, str]:
    state = _field(players)
    at = _mid(state)
    wurm = put(state, "Yavimaya Wurm", 0, at)
    knight = put(state, "White Knight", 1, at)
    return state, wurm, knight


def test_example_wurm_unblocked_deals_6_to_a_cv_3_swamp() -> None:
    state, wurm, knight = _example()
    state, _ = _conquer(state, SWAMP, wurm)
    assert state.decision is not None and state.decision["player"] == 1  # Dale may block
    state, events = play(state, DoneBlocking(), seat=1)
    assert controller(state, SWAMP) == 0
    assert {"type": "conquer_damage", "at": [1, 1], "damage": 6, "cv": 3} in events


def test_example_wurm_blocked_by_white_knight_still_captures() -> None:
    # The Knight's 2 first-strike damage, then the Wurm deals 2 to it and 4 beyond to the land.
    state, wurm, knight = _example()
    state, _ = _conquer(state, SWAMP, wurm)
    state, _ = play(state, Block(blocker=knight, attacker=wurm), seat=1)
    state, first = play(state, DoneBlocking(), seat=1)
    # The Wurm tramples: Edna divides its 6 (the example's 2 to the Knight, 4 beyond).
    assert state.decision is not None and state.decision["kind"] == "assign"
    state, then = play(state, A.Assign(attacker=wurm, damage=((knight, 2), ("land", 4))), 0)
    damage = [(e["source"], e["target"], e["amount"]) for e in first + then
              if e["type"] == "damage"]
    assert damage == [(knight, wurm, 2), (wurm, knight, 2), (wurm, "land", 4)]
    assert knight not in state.perms and state.perms[wurm].damage == 2
    assert controller(state, SWAMP) == 0


def test_example_knight_and_bears_both_block_and_stop_the_wurm() -> None:
    # Three players: Dale (next clockwise) chooses first, then Theresa; both creatures die,
    # so does the Wurm, and 2 damage to a CV of 3 captures nothing.
    state, wurm, knight = _example(3)
    at = _mid(state)
    bears = put(state, "Grizzly Bears", 2, at)
    state, _ = _conquer(state, at, wurm)
    assert state.decision is not None and state.decision["player"] == 1
    with pytest.raises(IllegalActionError, match="waiting for Dale"):
        play(state, Block(blocker=bears, attacker=wurm), seat=2)
    state, _ = play(state, Block(blocker=knight, attacker=wurm), seat=1)
    state, _ = play(state, DoneBlocking(), seat=1)
    assert state.decision is not None and state.decision["player"] == 2
    state, _ = play(state, Block(blocker=bears, attacker=wurm), seat=2)
    state, _ = play(state, DoneBlocking(), seat=2)
    # Two blockers: Edna divides the Wurm's 6, lethal to each and 2 beyond.
    assert state.decision is not None and state.decision["kind"] == "assign"
    state, events = play(state, A.Assign(attacker=wurm, damage=(
        (knight, 2), (bears, 2), ("land", 2))), 0)
    assert {wurm, knight, bears} & set(state.perms) == set()
    assert controller(state, at) is None
    assert {"type": "conquer_damage", "at": state.board.pos_to_wire(at), "damage": 2,
            "cv": 3} in events


def test_example_three_white_knights_attack_the_wurm_in_ednas_swamp() -> None:
    state = _field(2, active=1)
    info(state.cells[SWAMP])["controller"] = 0
    wurm = put(state, "Yavimaya Wurm", 0, SWAMP)
    knights = [put(state, "White Knight", 1, SWAMP) for _ in range(3)]
    state, _ = _conquer(state, SWAMP, *knights)
    assert state.decision is not None and state.decision["player"] == 0
    state, _ = play(state, Block(blocker=wurm, attacker=knights[0]), seat=0)
    state, events = play(state, DoneBlocking(), seat=0)
    assert knights[0] not in state.perms and wurm in state.perms
    assert {"type": "conquer_damage", "at": [1, 1], "damage": 4, "cv": 3} in events
    assert controller(state, SWAMP) == 1  # the land is now Dale's


def test_blocks_are_chosen_clockwise_from_the_attacker() -> None:
    # Four players, Theresa (seat 2) attacks: Walt (3), then Edna (0), then Dale (1).
    state = _field(4, active=2)
    attacker = put(state, "Grizzly Bears", 2, SWAMP)
    for seat in (0, 1, 3):
        put(state, "White Knight", seat, SWAMP)
    state, _ = _conquer(state, SWAMP, attacker)
    order = []
    while state.decision is not None:
        order.append(state.decision["player"])
        state, _ = play(state, DoneBlocking(), seat=state.decision["player"])
    assert order == [3, 0, 1]


def test_only_players_with_a_creature_that_could_block_are_asked() -> None:
    state = _field(3)
    at = _mid(state)
    wurm = put(state, "Yavimaya Wurm", 0, at)
    put(state, "White Knight", 1, at, tapped=True)
    put(state, "White Knight", 2, (0, 0))
    state, _ = _conquer(state, at, wurm)
    assert state.decision is None and controller(state, at) == 0


def test_landwalk_is_unblockable_in_its_land_type_but_not_in_a_stronghold() -> None:
    state = _field()
    walker = put(state, "Bog Wraith", 0, SWAMP)
    knight = put(state, "White Knight", 1, SWAMP)
    after, _ = _conquer(state, SWAMP, walker)
    assert after.decision is None  # nobody may block a swampwalker in a Swamp
    del state.perms[walker], state.perms[knight]
    raider = put(state, "Bog Wraith", 0, "S1")
    put(state, "White Knight", 1, "S1")
    state.cards[state.cells["S1"].land or ""] = ("Swamp", 1)  # Dale's stronghold a Swamp
    after, _ = _conquer(state, "S1", raider)
    assert after.decision is not None  # blockable in a stronghold


# ---------------------------------------------------------------------- bonuses
def test_area_bonuses() -> None:
    state = _field()
    set_land(state, (0, 0), "Forest", cv=2)
    bears = put(state, "Grizzly Bears", 0, (0, 0))
    assert CQ.effective_pt(state, state.perms[bears]) == (3, 3)  # its colour: +1/+1
    info(state.cells[(0, 0)])["controller"] = 0
    assert CQ.effective_pt(state, state.perms[bears]) == (3, 4)  # and controlled: +0/+1
    home = put(state, "Grizzly Bears", 0, "S0")  # a Forest stronghold: +1/+1 only
    assert CQ.effective_pt(state, state.perms[home]) == (3, 3)
    raider = put(state, "Grizzly Bears", 1, "S0")  # only standing in an opposing Forest
    assert CQ.effective_pt(state, state.perms[raider]) == (3, 3)


def test_only_attackers_of_an_opposing_stronghold_lose_the_plus_one() -> None:
    # Ruling (bonus in a held stronghold), audit 09: Dale's Bears attacking Edna's Forest
    # stronghold are 2/2 while the conquest lasts; Edna's Bears defending it are 3/3.
    state = _field(active=1)
    raider = put(state, "Grizzly Bears", 1, "S0")
    home = put(state, "Grizzly Bears", 0, "S0")
    state, _ = _conquer(state, "S0", raider)
    assert state.decision is not None and state.decision["kind"] == "blocks"
    assert CQ.effective_pt(state, state.perms[raider]) == (2, 2)
    assert CQ.effective_pt(state, state.perms[home]) == (3, 3)
    state, _ = play(state, DoneBlocking(), 0)
    assert CQ.effective_pt(state, state.perms[raider]) == (3, 3)  # the conquest is over


def test_a_conquerors_creature_defending_the_stronghold_it_holds_gets_both_bonuses() -> None:
    # Audit 09: Edna holds Dale's Swamp stronghold with black Drudge Skeletons (1/1): +1/+1
    # for the Swamp and +0/+1 for holding it make 2/3, so they survive Dale's Grizzly Bears
    # (2/2) retaking it, and the Bears die.
    state = _field(active=1)
    swamp = basic_land("Swamp")
    state.defs = {**state.defs, swamp.name: swamp}
    state.cards[state.cells["S1"].land] = (swamp.name, 1)  # type: ignore[index]
    info(state.cells["S1"]).update({"controller": 0, "turns_left": 3})
    skeletons = put(state, "Drudge Skeletons", 0, "S1")
    bears = put(state, "Grizzly Bears", 1, "S1")
    for _ in range(3):  # Dale keeps power 7 or more: not eliminated
        put(state, "Hill Giant", 1, SWAMP)
    assert CQ.effective_pt(state, state.perms[skeletons]) == (2, 3)
    state, _ = _conquer(state, "S1", bears)
    state, _ = play(state, Block(blocker=skeletons, attacker=bears), 0)
    state, _ = play(state, DoneBlocking(), 0)
    assert skeletons in state.perms and bears not in state.perms
    assert controller(state, "S1") == 0


# ---------------------------------------------------------------------- strongholds, winning
def _take_stronghold(state: GameState) -> tuple[GameState, list[dict[str, Any]]]:
    raiders = [put(state, "Yavimaya Wurm", 0, "S1") for _ in range(2)]
    return _conquer(state, "S1", *raiders)


def test_conquering_a_stronghold_neutralises_its_owners_areas() -> None:
    state = _field()
    set_land(state, (2, 2), "Plains", cv=2, controller=1)
    for _ in range(4):
        put(state, "White Knight", 1, (2, 2))
    state, events = _take_stronghold(state)
    assert controller(state, "S1") == 0 and controller(state, (2, 2)) is None
    assert info(state.cells["S1"])["turns_left"] == 5
    assert not state.players[1].lost  # power 8: still in the game


def test_a_player_without_their_stronghold_conquers_nothing_else() -> None:
    state = _field(2, active=1)
    info(state.cells["S1"]).update({"controller": 0, "turns_left": 5})
    knights = [put(state, "White Knight", 1, SWAMP) for _ in range(4)]
    with pytest.raises(IllegalActionError, match="retake your stronghold"):
        _conquer(state, SWAMP, *knights)


def test_below_7_power_without_a_stronghold_eliminates() -> None:
    state = _field()
    put(state, "White Knight", 1, (2, 2))
    put(state, "White Knight", 1, (2, 2))
    state, events = _take_stronghold(state)
    assert state.players[1].lost
    assert any(e["type"] == "eliminated" and e["player"] == 1 for e in events)
    assert state.game_over and state.winner == 0  # the last player left


def test_the_stronghold_must_be_retaken_within_5_of_its_owners_turns() -> None:
    state = _field()
    for _ in range(4):
        put(state, "White Knight", 1, (2, 2), tapped=True)
    state, _ = _take_stronghold(state)
    dale_turns = 0
    no_mana = []
    while not state.game_over:
        dale_turns += state.active == 1
        state = to_phase(state, "end")
        state.players[state.active].hand = state.players[state.active].hand[:7]
        state, events = play(state, A.Pass())
        no_mana += [e for e in events if e["type"] == "mana" and e["player"] == 1]
    assert dale_turns == 5
    assert no_mana and all(e["roll"] is None and e["holder"] == 0 for e in no_mana)
    assert state.players[1].lost and state.winner == 0


@pytest.mark.parametrize("players, need", [(2, 5), (3, 7), (4, 8)])
def test_controlling_more_than_half_the_areas_wins(players: int, need: int) -> None:
    state = _field(players)
    at = _mid(state)
    areas = [p for p in state.board.positions() if p != at]
    for pos in areas[:need - 1]:
        info(state.cells[pos])["controller"] = 0
    info(state.cells["S0"])["controller"] = 0  # strongholds don't count
    set_land(state, at, "Swamp", cv=1)
    bears = put(state, "Grizzly Bears", 0, at)
    state, _ = play(state, A.Pass())
    assert not state.game_over  # one area short
    state, events = _conquer(to_phase(state, "conquer"), at, bears)
    assert state.game_over and state.winner == 0
    assert any(e["type"] == "game_over" for e in events)


def test_the_blocks_decision_lists_what_the_defender_may_still_block() -> None:
    from frontier_desktop.rules.views import player_view

    state, wurm, knight = _example()
    state, _ = _conquer(state, _mid(state), wurm)
    pending = player_view(state, 0, variant=CQ)["pending"]
    assert pending == {"seat": 1, "kind": "blocks",
                       "options": [{"blocker": knight, "attacker": wurm}],
                       "blocks": []}  # the blocks declared so far (none yet)
    assert CQ.legal_actions(state, 1) == [DoneBlocking(), Block(blocker=knight, attacker=wurm)]
    state, _ = play(state, Block(blocker=knight, attacker=wurm), seat=1)
    assert CQ.legal_actions(state, 1) == [DoneBlocking()]


def test_an_eliminated_players_stronghold_loses_its_special_rules_but_double_mana() -> None:
    state = _field()
    state.cards[state.cells["S1"].land or ""] = ("Swamp", 1)
    info(state.cells["S1"]).update({"controller": None})
    state.players[1].lost = True
    wraith = put(state, "Bog Wraith", 0, "S1")
    assert CQ.effective_pt(state, state.perms[wraith]) == (4, 4)  # +1/+1 in a Swamp again
    assert is_unblockable_here(state, state.perms[wraith])  # landwalk works there
    state, _ = _conquer(state, "S1", wraith)  # 4 < 7: not yet
    assert controller(state, "S1") is None


def test_retaking_your_stronghold_restores_it() -> None:
    state = _field(2, active=1)
    info(state.cells["S1"]).update({"controller": 0, "turns_left": 3})
    knights = [put(state, "White Knight", 1, "S1") for _ in range(4)]
    state, events = _conquer(state, "S1", *knights)
    assert controller(state, "S1") == 1 and info(state.cells["S1"])["turns_left"] is None
    assert {"type": "captured", "at": "S1", "by": 1, "from": 0} in events
