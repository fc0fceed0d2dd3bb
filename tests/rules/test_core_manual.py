"""The manual actions of the Magic core (rules/core/manual.py) in the Conquering and the War
Game (conquering-rules 05, by hand; wargame-rules 07): card text the engine can't carry out
is carried out by the players, logged for every seat and naming the card (``for``).

Both variants refused every manual action before ("counters is not part of the War Game
yet"); the places are theirs (a token enters its controller's stronghold, players have no
life, the lands are the board), the actions are the core's.
"""

from __future__ import annotations

import pytest

from frontier_desktop.rules import IllegalActionError, InvalidActionError
from frontier_desktop.rules.views import log_view
from tests.rules import conquering_helpers as cq
from tests.rules import wargame_helpers as wg

VARIANTS = {
    "conquering": (cq, lambda state: cq.pass_until(state, "main")),
    "wargame": (wg, lambda state: state),  # a new War Game waits in its heal phase
}


def start(name: str, players: int = 2):
    """A game of *name* for *players* with seat 0 to act, Grizzly Bears of seat 0 and
    Grizzly Bears of seat 1 beside them."""
    helpers, to_act = VARIANTS[name]
    state = to_act(helpers.game(players))
    assert state.active == 0 and state.decision is None and state.pending is None
    place = list(state.board.positions())[0]
    ann = helpers.put(state, "Grizzly Bears", 0, place)
    ben = helpers.put(state, "Grizzly Bears", 1, place)
    return helpers, state, ann, ben


def last_manual(events):
    return [e for e in events if e["type"] in ("manual", "dice", "token")]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_counters_pt_taps_and_shields_are_carried_out_and_logged_for_every_seat(name):
    helpers, state, ann, _ = start(name, players=3)
    p0, t0 = helpers.WG.effective_pt(state, state.perms[ann]) if name == "wargame" else \
        helpers.CQ.effective_pt(state, state.perms[ann])
    actions = [
        {"type": "counters", "unit": ann, "kind": "+1/+1", "delta": 2, "for": "Grizzly Bears"},
        {"type": "pt_change", "unit": ann, "power": 3, "toughness": 3},
        {"type": "manual_tap", "target": ann},
        {"type": "regenerate", "unit": ann},
    ]
    for action in actions:
        state, events = helpers.play(state, action, 0)
        assert last_manual(events), action
    perm = state.perms[ann]
    assert perm.counters == {"+1/+1": 2} and perm.pt_mod == (3, 3)
    assert perm.tapped and perm.regen_shield == 1
    variant = helpers.WG if name == "wargame" else helpers.CQ
    assert variant.effective_pt(state, perm) == (p0 + 5, t0 + 5)
    # the shield saves it from a destroy by hand (normal Magic: tapped, stays)
    state, events = helpers.play(state, {"type": "destroy", "unit": ann}, 0)
    assert ann in state.perms and state.perms[ann].regen_shield == 0
    assert any(e["type"] == "regenerated" for e in events)
    state, _ = helpers.play(state, {"type": "manual_untap", "target": ann}, 0)
    assert not state.perms[ann].tapped
    state, _ = helpers.play(state, {"type": "destroy", "unit": ann}, 0)
    assert ann not in state.perms and ann in state.players[0].graveyard
    # every seat's log shows each of them, and the card the first one was for
    for viewer in range(3):
        entries = [e for e in log_view(state, viewer) if e["action"]["type"] in
                   {a["type"] for a in actions} | {"destroy", "manual_untap"}]
        assert len(entries) == len(actions) + 3
        first = [ev for ev in entries[0]["events"] if ev["type"] == "manual"][0]
        assert first["for"] == "Grizzly Bears" and first["unit"] == ann


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_token_by_hand_enters_its_controllers_stronghold(name):
    helpers, state, _, _ = start(name)
    state, events = helpers.play(state, {"type": "create_token", "name": "Soldier",
                                         "power": 1, "toughness": 1, "colors": ["W"]}, 0)
    (token,) = [e for e in events if e["type"] == "token"]
    perm = state.perms[token["unit"]]
    assert perm.controller == 0 and perm.at == "S0" and token["at"] == "S0"
    assert state.card(perm.id).is_creature
    with pytest.raises(IllegalActionError, match="where new creatures enter"):
        helpers.play(state, {"type": "create_token", "at": [1, 1]}, 0)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_cards_move_between_zones_and_into_play_where_new_permanents_enter(name):
    helpers, state, ann, ben = start(name)
    hand = list(state.players[0].hand)
    state, _ = helpers.play(state, {"type": "move_card", "card": hand[0], "to": "graveyard"}, 0)
    assert hand[0] in state.players[0].graveyard and hand[0] not in state.players[0].hand
    state, events = helpers.play(state, {"type": "move_card", "card": hand[0],
                                         "to": "battlefield"}, 0)
    assert state.perms[hand[0]].at == "S0"  # a creature: its owner's stronghold
    state, _ = helpers.play(state, {"type": "move_card", "card": ben, "to": "hand"}, 0)
    assert ben in state.players[1].hand and ben not in state.perms
    # another player's hand is out of reach, in the same words as a missing card
    other = state.players[1].hand[0]
    words = set()
    for card_id in (other, "no-such-card"):
        with pytest.raises(IllegalActionError) as refused:
            helpers.play(state, {"type": "move_card", "card": card_id, "to": "graveyard"}, 0)
        words.add(str(refused.value.reason))
    assert len(words) == 1


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_dice_mana_and_draws_by_hand(name):
    helpers, state, _, _ = start(name)
    state, events = helpers.play(state, {"type": "roll", "sides": 20}, 0)
    (roll,) = [e for e in events if e["type"] == "dice"]
    assert 1 <= roll["result"] <= 20
    hand, library = len(state.players[0].hand), len(state.players[0].library)
    state, _ = helpers.play(state, {"type": "draw", "count": 2}, 0)
    assert len(state.players[0].hand) == hand + 2
    assert len(state.players[0].library) == library - 2
    state, events = helpers.play(state, {"type": "add_mana", "mana": "{G}{G}"}, 0)
    if name == "wargame":  # mana made joins the supply
        assert wg.supply(state, 0) >= 2 and not any(state.players[0].pool.values())
    else:
        assert state.players[0].pool["G"] >= 2


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_what_the_board_has_no_place_for_is_refused_in_words(name):
    helpers, state, ann, _ = start(name)
    words = {"the Conquering" if name == "conquering" else "the War Game"}
    for action, match in (({"type": "life", "player": 1, "delta": -3}, "no life in"),
                          ({"type": "manual_tap", "target": [1, 1]}, "never tapped in"),
                          ({"type": "destroy_land", "at": [1, 1]}, "never destroyed"),
                          ({"type": "sacrifice_land", "at": [1, 1]}, "never sacrificed")):
        with pytest.raises(IllegalActionError, match=match) as refused:
            helpers.play(state, action, 0)
        assert any(w in str(refused.value.reason) for w in words), refused.value.reason
    with pytest.raises(InvalidActionError):
        helpers.play(state, {"type": "counters", "unit": "nobody"}, 0)
    with pytest.raises(IllegalActionError, match="not in your hand"):
        helpers.play(state, {"type": "counters", "unit": ann, "for": "Black Lotus"}, 0)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_legal_actions_list_no_manual_action(name):
    helpers, state, _, _ = start(name)
    variant = helpers.WG if name == "wargame" else helpers.CQ
    listed = {a.type for a in variant.legal_actions(state, 0)}
    assert listed and not listed & {"counters", "pt_change", "manual_tap", "create_token",
                                    "move_card", "destroy", "draw", "roll", "add_mana"}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_any_seat_takes_manual_actions_at_any_time_as_in_frontier(name):
    """A player carries out their own card's text on another player's turn (Frontier's
    "manual actions at any time"); in a response window only its responder acts."""
    helpers, state, _, ben = start(name, players=3)
    state, events = helpers.play(state, {"type": "counters", "unit": ben, "delta": 1}, 1)
    assert state.perms[ben].counters == {"+1/+1": 1} and state.active == 0
    assert [e["player"] for e in events if e["type"] == "manual"] == [1]
    window = {"kind": "priority", "seat": 0, "responder": 2, "stack": None,
              "options": ["respond", "pass"]}
    state.pending = window
    with pytest.raises(IllegalActionError, match="response"):
        helpers.play(state, {"type": "roll"}, 1)
    state, events = helpers.play(state, {"type": "roll"}, 2)
    assert [e["type"] for e in events] == ["dice"]


def test_every_frontier_manual_event_names_the_card_it_carries_out():
    """Frontier's own handlers (tokens on squares, the staging row, holes) name ``for`` too."""
    from tests.rules.helpers import position, run, unit

    rows = [["Island"] * 5 for _ in range(5)]
    state = position(rows, [unit("ann", "Hill Giant", 0, (0, 4)),
                            unit("ben", "Hill Giant", 1, (4, 4))],
                     players=[{"name": "Ann", "hand": ["Giant Growth"], "library": 5},
                              {"name": "Ben", "library": 5}])
    card = {"for": "Giant Growth"}
    for action in ({"type": "create_token", "at": [2, 2]}, {"type": "move_card", "card": "ann",
                                                           "to": "graveyard"},
                   {"type": "destroy_land", "at": [1, 1]}, {"type": "roll"},
                   {"type": "counters", "unit": "ben"}, {"type": "draw"}):
        state, events = run(state, {**action, **card})
        named = [e for e in events if e.get("for") == "Giant Growth"]
        assert named, action


def test_a_token_by_hand_that_the_stronghold_has_no_room_for_is_refused():
    """The War Game's ruling: tokens enter their controller's stronghold under the casting
    limits (three creatures at most) or aren't created; by hand that is a refusal in words."""
    state = wg.game(2)
    for _ in range(3):
        wg.put(state, "Grizzly Bears", 0, "S0")
    with pytest.raises(IllegalActionError, match="no room for the token"):
        wg.play(state, {"type": "create_token"}, 0)
