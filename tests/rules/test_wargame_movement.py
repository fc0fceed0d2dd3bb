"""The War Game's movement phase (``shared/rules/wargame.md``, turn step 5)."""

from __future__ import annotations

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.engine import action_from_wire
from frontier_desktop.rules.errors import IllegalActionError
from tests.rules.wargame_helpers import (
    WG, all_plains, game, play, put, set_land, to_phase, wargame_view,
)


def _moving(players: int = 2):
    return to_phase(all_plains(game(players)), "movement")


def test_one_terrain_orthogonally_flyers_also_diagonally() -> None:
    state = _moving()
    bear = put(state, "Grizzly Bears", 0, (1, 1))
    angel = put(state, "Serra Angel", 0, (1, 1))
    with pytest.raises(IllegalActionError, match="not next to"):
        play(state, A.Move(unit=bear, to=(0, 0)))
    with pytest.raises(IllegalActionError, match="not next to"):
        play(state, A.Move(unit=bear, to=(1, 3)))
    after, _ = play(state, A.Move(unit=bear, to=(0, 1)))
    assert after.perms[bear].at == (0, 1)
    with pytest.raises(IllegalActionError, match="already moved"):
        play(after, A.Move(unit=bear, to=(0, 2)))
    after, _ = play(after, A.Move(unit=angel, to=(0, 0)))
    assert after.perms[angel].at == (0, 0)
    assert sorted(WG.reachable(state, state.perms[angel])) == sorted(
        [(0, 1), (2, 1), (1, 0), (1, 2), (0, 0), (0, 2), (2, 0), (2, 2)])


def test_moving_does_not_tap_and_tapped_creatures_move() -> None:
    state = _moving()
    bear = put(state, "Grizzly Bears", 0, (1, 1))
    tapped = put(state, "Grizzly Bears", 0, (1, 1), tapped=True)
    state, _ = play(state, A.Move(unit=bear, to=(1, 2)))
    state, _ = play(state, A.Move(unit=tapped, to=(2, 1)))
    assert not state.perms[bear].tapped
    assert state.perms[tapped].at == (2, 1) and state.perms[tapped].tapped


def test_landwalk_gives_a_second_move_after_entering_its_land() -> None:
    state = _moving()
    set_land(state, (1, 2), "Forest")
    dryads = put(state, "Shanodin Dryads", 0, (1, 1))  # forestwalk
    other = put(state, "Shanodin Dryads", 0, (1, 1))
    state, _ = play(state, A.Move(unit=dryads, to=(1, 2)))
    state, _ = play(state, A.Move(unit=dryads, to=(1, 3)))
    assert state.perms[dryads].at == (1, 3)
    with pytest.raises(IllegalActionError, match="already moved"):
        play(state, A.Move(unit=dryads, to=(1, 4)))
    state, _ = play(state, A.Move(unit=other, to=(0, 1)))  # Plains: no second move
    with pytest.raises(IllegalActionError, match="already moved"):
        play(state, A.Move(unit=other, to=(0, 2)))


def test_only_flyers_and_islandhome_enter_islands() -> None:
    state = _moving()
    set_land(state, (1, 2), "Island")
    bear = put(state, "Grizzly Bears", 0, (1, 1))
    pegasus = put(state, "Mesa Pegasus", 0, (1, 1))
    serpent = put(state, "Sea Serpent", 0, (0, 2))
    with pytest.raises(IllegalActionError, match="only flyers and islandhome"):
        play(state, A.Move(unit=bear, to=(1, 2)))
    state, _ = play(state, A.Move(unit=pegasus, to=(1, 2)))
    state, _ = play(state, A.Move(unit=serpent, to=(1, 2)))
    assert state.perms[pegasus].at == state.perms[serpent].at == (1, 2)


def test_an_islandhome_creature_is_carried_across_land() -> None:
    state = _moving()
    set_land(state, (1, 2), "Island")
    set_land(state, (1, 4), "Island")
    serpent = put(state, "Sea Serpent", 0, (1, 2))
    bear = put(state, "Grizzly Bears", 0, (1, 2))
    with pytest.raises(IllegalActionError, match="only when another creature carries it"):
        play(state, A.Move(unit=serpent, to=(1, 3)))
    assert A.Move(unit=bear, to=(1, 3), carry=serpent) in WG.legal_actions(state, 0)
    wire = action_from_wire({"type": "move", "unit": bear, "to": [1, 3], "carry": serpent})
    state, events = play(state, wire)
    assert events[-1]["carry"] == serpent
    assert state.perms[serpent].at == state.perms[bear].at == (1, 3)
    assert state.perms[serpent].tapped and state.perms[bear].tapped
    view = {u["id"]: u for u in wargame_view(state, 1)["units"]}
    assert view[serpent]["carried_by"] == bear and view[bear]["carried_by"] is None
    with pytest.raises(IllegalActionError, match="stays put"):
        play(state, A.Move(unit=bear, to=(0, 3)))
    # Both stay tapped through the next untap while the serpent is off the islands ...
    state = to_phase(state, "discard")
    for _ in range(3):
        state, _ = play(state, A.Pass())
    state = to_phase(state, "movement", 0)
    state, _ = _untap_step(state)
    assert state.perms[serpent].tapped and state.perms[bear].tapped
    # ... and the serpent may go home to an island by itself, which ends the carrying.
    state, _ = play(state, A.Move(unit=serpent, to=(1, 4)))
    assert "carried" in state.extra and serpent not in state.extra["carried"]
    state, _ = _untap_step(state)
    assert not state.perms[serpent].tapped and not state.perms[bear].tapped


def test_a_carrier_moves_only_together_with_its_load() -> None:
    # wargame-rules 04, the ruling: the angel walked away from the serpent it carried,
    # leaving a dangling carried_by and itself tapped for good.
    state = _moving()
    set_land(state, (1, 4), "Island")
    serpent = put(state, "Sea Serpent", 0, (1, 1), tapped=True)
    angel = put(state, "Serra Angel", 0, (1, 1), tapped=True)
    state.extra["carried"] = {serpent: angel}
    alone = A.Move(unit=angel, to=(1, 2))
    assert alone not in WG.legal_actions(state, 0)
    assert A.Move(unit=angel, to=(1, 2), carry=serpent) in WG.legal_actions(state, 0)
    with pytest.raises(IllegalActionError, match="moves only together with it"):
        play(state, alone)
    state, _ = play(state, A.Move(unit=angel, to=(1, 2), carry=serpent))
    assert state.perms[serpent].at == state.perms[angel].at == (1, 2)
    assert state.extra["carried"] == {serpent: angel}


def _untap_step(state):
    """The active player's untap step on a copy (the hook the turn machine runs)."""
    state = state.clone()
    events: list = []
    WG.on_untap(state, events)
    state.phase = "movement"
    return state, events


def test_entering_a_mountain_taps_when_movement_ends() -> None:
    state = _moving()
    set_land(state, (1, 2), "Mountain")
    bear = put(state, "Grizzly Bears", 0, (1, 1))
    other = put(state, "Grizzly Bears", 0, (1, 1))
    state, _ = play(state, A.Move(unit=bear, to=(1, 2)))
    state, _ = play(state, A.Move(unit=other, to=(0, 1)))
    assert not state.perms[bear].tapped  # not yet: at the end of the movement phase
    state, events = play(state, A.Pass())
    assert state.phase == "combat"
    assert state.perms[bear].tapped and not state.perms[other].tapped
    assert {"type": "tapped", "unit": bear, "reason": "entered a Mountain"} in events


def test_island_and_mountain_rules_do_not_apply_in_strongholds() -> None:
    state = _moving()
    set_land(state, "S0", "Island")
    set_land(state, "S1", "Mountain")
    bear = put(state, "Grizzly Bears", 0, (1, 0))
    raider = put(state, "Grizzly Bears", 0, (1, 4))
    state, _ = play(state, A.Move(unit=bear, to="S0"))  # an Island, yet a bear enters
    state, _ = play(state, A.Move(unit=raider, to="S1"))
    state, _ = play(state, A.Pass())
    assert state.perms[bear].at == "S0" and state.perms[raider].at == "S1"
    assert not state.perms[raider].tapped  # a Mountain stronghold does not tap


def test_at_most_three_of_a_players_creatures_in_their_stronghold() -> None:
    state = _moving()
    for _ in range(3):
        put(state, "Grizzly Bears", 0, "S0")
    bear = put(state, "Grizzly Bears", 0, (1, 0))
    with pytest.raises(IllegalActionError, match="at most 3"):
        play(state, A.Move(unit=bear, to="S0"))
