"""The War Game's combat (``shared/rules/wargame.md``, turn step 6, and the division ruling)."""

from __future__ import annotations

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.engine import action_from_wire
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.variants.wargame.actions import TapAttacker
from tests.rules.wargame_helpers import (
    WG, all_plains, game, play, put, set_land, to_phase, wargame_view,
)


def _moving():
    return to_phase(all_plains(game(2)), "movement")


def _fight(state):
    """Pass out of movement: the combats run (engine divisions unless asked)."""
    state, events = play(state, A.Pass())
    assert state.phase == "combat"
    return state, events


def test_combat_after_movement_in_every_terrain_where_sides_meet() -> None:
    state = _moving()
    mover = put(state, "Grizzly Bears", 0, (1, 1))
    met = put(state, "Hill Giant", 1, (1, 2))
    put(state, "Grizzly Bears", 0, (2, 3))
    put(state, "Hill Giant", 1, (2, 3))
    alone = put(state, "Hill Giant", 1, (0, 0))
    state, events = play(state, A.Move(unit=mover, to=(1, 2)))
    assert not any(e["type"] in ("combat", "damage") for e in events)  # not during movement
    assert state.perms[met].damage == 0
    state, events = _fight(state)
    assert list(dict.fromkeys(tuple(e["at"]) for e in events if e["type"] == "damage")) == \
        [(1, 2), (2, 3)]
    assert state.perms[met].damage == 2 and state.perms[alone].damage == 0


def test_matching_terrain_gives_plus_one_until_it_moves() -> None:
    state = _moving()
    set_land(state, (1, 1), "Forest")
    bear = put(state, "Grizzly Bears", 0, (1, 1), damage=2)
    giant = put(state, "Hill Giant", 0, (1, 1))  # red: no bonus on a Forest
    assert WG.effective_pt(state, state.perms[bear]) == (3, 3)
    assert WG.effective_pt(state, state.perms[giant]) == (3, 3)
    view = {u["id"]: u for u in wargame_view(state, 0)["units"]}
    assert (view[bear]["power"], view[bear]["toughness"], view[bear]["damage"]) == (3, 3, 2)
    state, _ = play(state, A.Move(unit=bear, to=(1, 2)))  # 2/2 with 2 damage: it dies
    assert bear not in state.perms
    assert wargame_view(state, 1)["players"][0]["removed"] == 1


def test_untapped_power_is_divided_capped_at_lethal() -> None:
    state = _moving()
    for player in state.players:
        player.assign = False  # the engine's default division
    giant = put(state, "Hill Giant", 0, (1, 1))                   # 3/3
    resting = put(state, "Serra Angel", 0, (1, 1), tapped=True)   # 5/5, tapped: no damage
    angel = put(state, "Serra Angel", 1, (1, 1))                  # 5/5
    bear = put(state, "Grizzly Bears", 1, (1, 1))                 # 2/2
    state, events = _fight(state)
    dealt = {e["target"]: (e["amount"], e["sources"]) for e in events if e["type"] == "damage"}
    assert dealt[bear] == (2, [giant]) and dealt[angel] == (1, [giant])  # 3 power; 2 kill the bear
    assert bear not in state.perms and state.perms[angel].damage == 1
    # The defender's 7 power: at most 3 to the giant, the other 4 to the tapped angel.
    assert dealt[giant][0] == 3 and dealt[resting][0] == 4
    assert giant not in state.perms and state.perms[resting].damage == 4


def test_a_creature_takes_at_most_what_would_kill_it_now() -> None:
    state = _moving()
    put(state, "Serra Angel", 0, (1, 1))                          # 5 power on Plains
    hurt = put(state, "Hill Giant", 1, (1, 1), damage=2)          # cap 1
    bear = put(state, "Grizzly Bears", 1, (1, 1))                 # cap 2
    other = put(state, "Serra Angel", 1, (1, 1))                  # cap 5
    state, _ = _fight(state)
    pending = wargame_view(state, 0)["pending"]
    assert pending["kind"] == "assign" and pending["seat"] == 0
    option = pending["options"][0]
    assert option["amount"] == 5 and option["caps"] == {hurt: 1, bear: 2, other: 5}
    with pytest.raises(IllegalActionError, match="at most 1"):
        play(state, A.Assign(attacker="side", at=(1, 1), damage=((hurt, 2), (bear, 2),
                                                                   (other, 1))))
    with pytest.raises(IllegalActionError, match="exactly 5"):
        play(state, A.Assign(attacker="side", at=(1, 1), damage=((bear, 2),)))
    answer = action_from_wire({"type": "assign", "at": [1, 1],
                               "damage": {hurt: 1, bear: 2, other: 2}})
    state, _ = play(state, answer)
    assert hurt not in state.perms and bear not in state.perms


def test_power_beyond_what_the_caps_allow_is_lost_and_no_division_waits() -> None:
    # The caps allow one division only (all of them): nobody is asked, the rest is lost.
    state = _moving()
    angel = put(state, "Serra Angel", 0, (1, 1))                  # 5 power on Plains
    hurt = put(state, "Hill Giant", 1, (1, 1), damage=2)          # cap 1
    bear = put(state, "Grizzly Bears", 1, (1, 1))                 # cap 2
    state, events = _fight(state)
    assert state.decision is None and all(p.assign for p in state.players)
    dealt = {e["target"]: e["amount"] for e in events if e["type"] == "damage"}
    assert dealt[hurt] == 1 and dealt[bear] == 2
    assert hurt not in state.perms and bear not in state.perms
    assert angel not in state.perms  # the defenders' 3 + 2: one way too, lethal


def test_attacker_assigns_first_and_damage_is_simultaneous() -> None:
    state = _moving()
    mine = put(state, "Hill Giant", 0, (1, 1))                    # 3 power, cap 3
    my_bear = put(state, "Grizzly Bears", 0, (1, 1), tapped=True)  # cap 2, deals none
    theirs = put(state, "Grizzly Bears", 1, (1, 1))               # the two bears: 4 power
    their_bear = put(state, "Grizzly Bears", 1, (1, 1))
    state, _ = _fight(state)
    assert state.decision["player"] == 0
    state, _ = play(state, A.Assign(attacker="side", at=(1, 1),
                                    damage=((theirs, 2), (their_bear, 1))))
    assert state.decision["player"] == 1 and theirs in state.perms  # nothing dealt yet
    with pytest.raises(IllegalActionError):
        play(state, A.Assign(attacker="side", at=(1, 1), damage=((mine, 3), (my_bear, 1))), 0)
    state, _ = play(state, A.Assign(attacker="side", at=(1, 1),
                                    damage=((mine, 3), (my_bear, 1))), 1)
    assert mine not in state.perms and theirs not in state.perms  # both dealt their damage
    assert state.perms[my_bear].damage == 1 and state.perms[their_bear].damage == 1


def test_lethal_damage_goes_to_the_removed_pile_survivors_keep_damage() -> None:
    state = _moving()
    bear = put(state, "Grizzly Bears", 0, (1, 1))
    giant = put(state, "Hill Giant", 1, (1, 1))
    state, _ = _fight(state)
    assert bear not in state.perms
    assert [state.name(c) for c in state.players[0].graveyard] == ["Grizzly Bears"]
    assert wargame_view(state, 1)["players"][0]["removed"] == 1
    assert state.perms[giant].damage == 2
    for _ in range(4):  # the turn ends; damage stays
        state, _ = play(state, A.Pass())
    assert state.active == 1 and state.perms[giant].damage == 2


def test_the_strongholds_owner_taps_one_attacker() -> None:
    state = _moving()
    first = put(state, "Grizzly Bears", 0, "S1")
    second = put(state, "Hill Giant", 0, "S1")
    guard = put(state, "Serra Angel", 1, "S1")  # 4/4: no terrain bonus in a stronghold
    state, _ = _fight(state)
    pending = wargame_view(state, 1)["pending"]
    assert pending["seat"] == 1 and pending["kind"] == "choice"
    assert sorted(pending["options"]) == sorted([first, second])
    assert TapAttacker(unit=second) in WG.legal_actions(state, 1)
    with pytest.raises(IllegalActionError):
        play(state, A.Pass(), 0)
    guarding = A.Assign(attacker="side", at="S1", damage=((first, 2), (second, 2)))
    tapped, events = play(state, TapAttacker(unit=second), 1)
    assert tapped.perms[second].tapped
    assert tapped.decision["kind"] == "assign" and tapped.decision["player"] == 1  # his 4
    tapped, events = play(tapped, guarding, 1)
    assert tapped.perms[guard].damage == 2  # only the bear's power
    declined, events = play(state, A.Pass(), 1)
    assert not declined.perms[second].tapped
    declined, events = play(declined, guarding, 1)
    assert guard not in declined.perms  # the bear's and the giant's 5 power: lethal


def test_against_banding_the_banding_side_divides_the_damage_dealt_to_it() -> None:
    state = _moving()
    angel = put(state, "Serra Angel", 0, (1, 1))       # 5/5 white on Plains
    resting = put(state, "Serra Angel", 0, (1, 1), tapped=True)
    pegasus = put(state, "Mesa Pegasus", 1, (1, 1))    # 1/1 +1/+1 on Plains: 2/2, banding
    giant = put(state, "Hill Giant", 1, (1, 1))        # 3/3
    bear = put(state, "Grizzly Bears", 1, (1, 1))      # 2/2
    state, _ = _fight(state)
    pending = wargame_view(state, 1)["pending"]
    assert pending["seat"] == 1 and pending["options"][0]["side"] == 0  # Ben divides Ann's 5
    with pytest.raises(IllegalActionError, match="exactly 5"):
        play(state, A.Assign(attacker="side", at=(1, 1), damage=((giant, 2),)), 1)
    state, _ = play(state, A.Assign(attacker="side", at=(1, 1),
                                    damage=((giant, 3), (pegasus, 2))), 1)
    assert state.decision["player"] == 1 and state.decision["side"] == 1  # then his own 7
    state, _ = play(state, A.Assign(attacker="side", at=(1, 1),
                                    damage=((angel, 5), (resting, 2))), 1)
    assert giant not in state.perms and pegasus not in state.perms and angel not in state.perms
    assert state.perms[bear].damage == 0 and state.perms[resting].damage == 2
    # Unasked (the engine's default), it spares what it can: 3 damage is 2 + 1, no death.
    state = _moving()
    state.players[1].assign = False
    put(state, "Hill Giant", 0, (1, 1))
    put(state, "Grizzly Bears", 0, (1, 1), tapped=True)
    pegasus = put(state, "Mesa Pegasus", 1, (1, 1))
    giant = put(state, "Hill Giant", 1, (1, 1))
    state, _ = _fight(state)
    assert state.perms[pegasus].damage == 1 and state.perms[giant].damage == 2
