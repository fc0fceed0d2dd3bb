"""The Conquering's ``assign`` decision (issue 14, conq-rules; ``spec/variant-positions.md``):
a blocked attacker's controller (``set_assign``, on at set-up) divides its damage among its
blockers and ``"land"`` (the conquer value) whenever that is a real choice; switched off, the
engine deals lethal damage in block order and the rest to the conquer value."""

from __future__ import annotations

from typing import Any

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants.army.actions import Block, DoneBlocking
from frontier_desktop.rules.variants.conquering.actions import Conquer
from frontier_desktop.rules.variants.conquering.board import controller
from frontier_desktop.rules.views import player_view
from tests.rules.conquering_helpers import CQ, clear_board, game, play, put, set_land, to_phase

SWAMP = (1, 1)


def _blocked(assign: bool) -> tuple[GameState, str, str, str]:
    """Edna's Yavimaya Wurm (6/4) attacks a Swamp of CV 3, blocked by Dale's Grizzly Bears
    and Hill Giant (2/2 and 3/3, no first strike)."""
    state = to_phase(game(2, first=0), "conquer")
    clear_board(state)
    set_land(state, SWAMP, "Swamp", cv=3)
    wurm = put(state, "Yavimaya Wurm", 0, SWAMP)
    bears = put(state, "Grizzly Bears", 1, SWAMP)
    giant = put(state, "Hill Giant", 1, SWAMP)
    if not assign:  # the Settings switch for quick play: the engine divides
        state, _ = play(state, A.SetAssign(on=False), 0)
    state, _ = play(state, Conquer(at=SWAMP, units=(wurm,)))
    state, _ = play(state, Block(blocker=bears, attacker=wurm), 1)
    state, _ = play(state, Block(blocker=giant, attacker=wurm), 1)
    return state, wurm, bears, giant


def _damage(events: list[dict[str, Any]], source: str) -> dict[str, int]:
    return {e["target"]: e["amount"] for e in events
            if e["type"] == "damage" and e["source"] == source}


def test_without_asking_the_engine_deals_lethal_in_block_order_and_the_rest_to_the_land() -> None:
    state, wurm, bears, giant = _blocked(assign=False)
    state, events = play(state, DoneBlocking(), 1)
    assert state.decision is None
    assert _damage(events, wurm) == {bears: 2, giant: 3, "land": 1}
    assert controller(state, SWAMP) is None  # 1 < 3


def test_asking_gives_the_attacker_an_assign_decision() -> None:
    state, wurm, bears, giant = _blocked(assign=True)
    state, events = play(state, DoneBlocking(), 1)
    d = state.decision
    assert d is not None and d["kind"] == "assign" and d["player"] == 0
    pending = player_view(state, 1, variant=CQ)["pending"]
    assert pending["kind"] == "assign" and pending["seat"] == 0
    option = pending["options"][0]
    assert option["attacker"] == wurm and option["units"] == [bears, giant, "land"]
    assert option["amount"] == 6 and option["default"] == {bears: 2, giant: 3, "land": 1}
    answers = CQ.legal_actions(state, 0)
    assert answers[0] == A.Assign(attacker=wurm, damage=tuple(sorted(
        {bears: 2, giant: 3, "land": 1}.items())))
    assert A.Assign(attacker=wurm, damage=((giant, 6),)) in answers
    assert all(dict(a.damage).get("land", 0) == 0 or dict(a.damage).get(bears, 0) >= 2
               for a in answers if isinstance(a, A.Assign))
    assert CQ.legal_actions(state, 1) == []


def test_the_attacker_may_put_all_on_one_blocker() -> None:
    state, wurm, bears, giant = _blocked(assign=True)
    state, _ = play(state, DoneBlocking(), 1)
    state, events = play(state, A.Assign(attacker=wurm, damage=((giant, 6),)), 0)
    assert _damage(events, wurm) == {giant: 6}
    assert giant not in state.perms and bears in state.perms
    assert {"type": "assigned", "player": 0, "attacker": wurm, "damage": {giant: 6},
            "default": False} in events
    assert any(e["type"] == "conquer_damage" and e["damage"] == 0 for e in events)


def test_the_land_only_after_lethal_to_every_blocker_and_the_whole_amount() -> None:
    state, wurm, bears, giant = _blocked(assign=True)
    state, _ = play(state, DoneBlocking(), 1)
    with pytest.raises(IllegalActionError, match="only after every blocker"):
        play(state, A.Assign(attacker=wurm, damage=((bears, 2), ("land", 4))), 0)
    with pytest.raises(IllegalActionError, match="divide exactly 6"):
        play(state, A.Assign(attacker=wurm, damage=((bears, 2),)), 0)
    with pytest.raises(IllegalActionError, match="waiting for Edna"):
        play(state, A.Assign(attacker=wurm, damage=((giant, 6),)), 1)


def test_a_first_striker_is_asked_in_its_own_step() -> None:
    # A White Knight (first strike) attacks, blocked by two 1/1s: its division comes first,
    # before the regular damage step.
    state = to_phase(game(2, first=0), "conquer")
    clear_board(state)
    set_land(state, SWAMP, "Swamp", cv=1)
    knight = put(state, "White Knight", 0, SWAMP)
    elves = [put(state, "Llanowar Elves", 1, SWAMP) for _ in range(2)]
    state, _ = play(state, Conquer(at=SWAMP, units=(knight,)))
    for elf in elves:
        state, _ = play(state, Block(blocker=elf, attacker=knight), 1)
    state, _ = play(state, DoneBlocking(), 1)
    assert state.decision is not None and state.decision["amount"] == 2
    state, events = play(state, A.Assign(attacker=knight, damage=((elves[0], 1),
                                                                   (elves[1], 1))), 0)
    assert state.decision is None and not set(elves) & set(state.perms)
    assert state.perms[knight].damage == 0  # they died before dealing regular damage


def test_a_pending_division_survives_the_wire_and_is_answered_after() -> None:
    state, wurm, bears, giant = _blocked(assign=True)
    state, _ = play(state, DoneBlocking(), 1)
    again = GameState.from_wire(state.to_wire())
    assert again.decision is not None and again.decision["kind"] == "assign"
    after, events = play(again, A.Assign(attacker=wurm, damage=((bears, 2), (giant, 4))), 0)
    assert _damage(events, wurm) == {bears: 2, giant: 4}
    assert after.decision is None and {bears, giant} & set(after.perms) == set()


def test_set_assign_is_taken_at_any_time_and_can_be_switched_off() -> None:
    state = game(2, first=0)
    assert state.players[1].assign  # on at set-up: each player divides their own damage
    state, events = play(state, A.SetAssign(on=False), 1)  # not Dale's turn: still fine
    assert not state.players[1].assign
    assert {"type": "assign_choice", "player": 1, "on": False} in events
    state, _ = play(state, A.SetAssign(on=True), 1)
    assert state.players[1].assign


def _one_blocker(attacker_name: str) -> tuple[GameState, list[dict[str, Any]], str, str]:
    """Edna's *attacker_name* conquers a Swamp of CV 3, blocked by Dale's Grizzly Bears alone,
    with Edna dividing her own damage (the default)."""
    state = to_phase(game(2, first=0), "conquer")
    clear_board(state)
    set_land(state, SWAMP, "Swamp", cv=3)
    attacker = put(state, attacker_name, 0, SWAMP)
    bears = put(state, "Grizzly Bears", 1, SWAMP)
    assert state.players[0].assign
    state, _ = play(state, Conquer(at=SWAMP, units=(attacker,)))
    state, _ = play(state, Block(blocker=bears, attacker=attacker), 1)
    state, events = play(state, DoneBlocking(), 1)
    return state, events, attacker, bears


def test_one_blocker_and_no_trample_is_no_choice() -> None:
    # The ruling: only two or more blockers (or a trampler) make a real choice. Hill Giant
    # (3/3) blocked by the Bears: 2 to the Bears, 1 beyond to the conquer value, unasked.
    state, events, giant, bears = _one_blocker("Hill Giant")
    assert state.decision is None
    assert _damage(events, giant) == {bears: 2, "land": 1}


def test_a_trampler_with_more_than_lethal_for_its_one_blocker_is_asked() -> None:
    # Yavimaya Wurm (6/4, trample) blocked by the Bears alone: 2 to 6 of it on the Bears.
    state, _, wurm, bears = _one_blocker("Yavimaya Wurm")
    d = state.decision
    assert d is not None and d["kind"] == "assign" and d["units"] == [bears, "land"]
    answers = [dict(a.damage) for a in CQ.legal_actions(state, 0)
               if isinstance(a, A.Assign) and a.attacker == wurm]
    assert {bears: 6} in answers and {bears: 2, "land": 4} in answers
    assert {bears: 1, "land": 5} not in answers  # lethal to the blocker first
