"""Manual actions that touch the other player's things need their consent (issue 11.9).

With the option ``manual_consent`` (forced on in every LAN game, a New game setting in
hot-seat) such an action becomes a ``consent`` decision for the other player, answered by
``choose``: accept carries it out, decline changes nothing but the log.
"""

from __future__ import annotations

import json

import pytest

from frontier_desktop.rules import InvalidActionError, acting_seat, apply
from frontier_desktop.rules.variants.frontier.manual import CONSENT_DECLINES
from tests.rules.helpers import position, refused, run, unit

I = "Island"
GRID = [[I] * 5 for _ in range(5)]
ANN = unit("ann", "Hill Giant", 0, (0, 4))
BEN = unit("ben", "Hill Giant", 1, (4, 4))
ON = {"manual_consent": True}

# Every manual action the issue lists, taken by Ben (seat 1) on Ann's turn.
ATTACKS = [
    {"type": "life", "player": 0, "delta": -20},
    {"type": "destroy", "unit": "ann"},
    {"type": "pt_change", "unit": "ann", "power": -5, "toughness": -5},
    {"type": "destroy_land", "at": [1, 1]},  # a face-down land
    {"type": "counters", "unit": "ann", "kind": "-1/-1", "delta": 3},
    {"type": "manual_tap", "target": "ann"},
    {"type": "move_card", "card": "ann", "to": "graveyard"},
    {"type": "create_token", "at": [2, 2], "name": "Dragon", "power": 99, "toughness": 99,
     "keywords": ["Flying"]},
]


def game(**options):
    rows = [[I] * 5, ["?Island"] * 5, [I] * 5, [I] * 5, [I] * 5]
    return position(rows, [ANN, BEN], options={**ON, **options},
                    players=[{"name": "Ann", "hand": ["Giant Growth"], "library": 10},
                             {"name": "Ben", "hand": ["Giant Growth"], "library": 10}])


def game_part(state):
    """Everything of the game but the log and the state id."""
    wire = state.to_wire()
    for key in ("log", "state_id"):
        wire.pop(key, None)
    return json.dumps(wire, sort_keys=True)


@pytest.mark.parametrize("action", ATTACKS, ids=[a["type"] for a in ATTACKS])
def test_an_action_on_the_other_players_things_waits_for_their_answer(action):
    state = game()
    before = game_part(state)
    asked, events = apply(state, action, 1)
    assert asked.decision == {"kind": "consent", "player": 0, "by": 1,
                              "action": {"type": action["type"], **asked.decision["action"]},
                              "for": None}
    assert asked.decision["action"]["type"] == action["type"]
    assert acting_seat(asked) == 0
    assert [e["type"] for e in events] == ["consent_asked"]
    # nothing of the request has happened yet
    asked.decision = None
    assert game_part(asked) == before
    # decline: nothing changes, the log says so
    asked, _ = apply(state, action, 1)
    declined, events = apply(asked, {"type": "choose", "choice": "decline"}, 0)
    assert game_part(declined) == before
    assert events[0]["type"] == "consent" and events[0]["answer"] == "declined"
    # accept: it happens, as if Ben had done it
    direct, _ = apply(game(manual_consent=False), action, 1)
    accepted, events = apply(asked, {"type": "choose", "choice": "accept"}, 0)
    assert events[0]["answer"] == "accepted"
    direct.options, accepted.options = {}, {}
    assert game_part(accepted) == game_part(direct)


def test_the_requester_cannot_act_until_the_answer_and_only_the_other_player_answers():
    state, _ = run(game(), {"type": "life", "player": 0, "delta": -20, "seat": 1})
    refused(state, {"type": "pass"}, 0, match="choose")
    refused(state, {"type": "choose", "choice": "accept"}, 1, match="waiting for Ann")
    refused(state, {"type": "life", "player": 0, "delta": -1}, 1, match="waiting for Ann")
    refused(state, {"type": "choose", "choice": "maybe"}, 0, error=InvalidActionError)


def test_own_things_stay_immediate_and_logged():
    state = game()
    for action in ({"type": "life", "player": 1, "delta": 3},
                   {"type": "pt_change", "unit": "ben", "power": 2},
                   {"type": "add_mana", "mana": "G"}, {"type": "roll", "sides": 6}):
        state, events = apply(state, action, 1)
        assert state.decision is None, action
        assert not any(e["type"] == "consent_asked" for e in events)
    assert state.players[1].life == 23


def test_cards_and_creatures_out_of_nothing_need_consent():
    """The issue's "draw five cards" and "create a 99/99 flyer", even for the actor's own
    hand and staging row: they change the game for both players."""
    state = game()
    hand = len(state.players[1].hand)
    for action in ({"type": "draw", "count": 5},
                   {"type": "create_token", "name": "Dragon", "power": 99, "toughness": 99}):
        asked, events = apply(state, action, 1)
        assert asked.decision is not None and asked.decision["kind"] == "consent", action
        assert any(e["type"] == "consent_asked" for e in events)
        assert len(asked.players[1].hand) == hand
        state, _ = apply(asked, {"type": "choose", "choice": "decline"}, 0)
    assert len(state.players[1].hand) == hand
    assert not any(state.card(p).name == "Dragon" for p in state.perms)


def test_off_by_default_everything_is_immediate():
    state = game(manual_consent=False)
    state, _ = run(state, {"type": "life", "player": 0, "delta": -5, "seat": 1})
    assert state.players[0].life == 15 and state.decision is None


def test_a_flood_of_requests_is_refused_after_three_declines_in_a_turn():
    state = game()
    for _ in range(CONSENT_DECLINES):
        state, _ = run(state, {"type": "life", "player": 0, "delta": -1, "seat": 1},
                       {"type": "choose", "choice": "decline", "seat": 0})
    refused(state, {"type": "life", "player": 0, "delta": -1}, 1, match="declined 3")
    assert state.players[0].life == 20
    # accepted requests do not count, and a new turn starts afresh
    other = game()
    for _ in range(CONSENT_DECLINES + 2):
        other, _ = run(other, {"type": "life", "player": 0, "delta": -1, "seat": 1},
                       {"type": "choose", "choice": "accept", "seat": 0})
    assert other.players[0].life == 20 - CONSENT_DECLINES - 2
    turn = state.turn
    state, _ = run(state, {"type": "pass", "seat": 0}, {"type": "pass", "seat": 0})
    assert state.turn == turn + 1
    state, _ = run(state, {"type": "life", "player": 0, "delta": -1, "seat": 1})
    assert state.decision["kind"] == "consent"


def test_a_bad_request_is_refused_at_once_not_offered():
    refused(game(), {"type": "destroy", "unit": "nobody"}, 1, error=InvalidActionError)
    refused(game(), {"type": "life", "player": 0, "delta": -10**6}, 1,
            error=InvalidActionError)


def test_a_request_carries_the_card_it_is_for_which_must_be_one_the_requester_sees():
    state, events = apply(game(), {"type": "life", "player": 0, "delta": -3,
                                   "for": "Giant Growth"}, 1)
    assert state.decision["for"] == "Giant Growth" and events[0]["for"] == "Giant Growth"
    refused(game(), {"type": "life", "player": 0, "delta": -3, "for": "Black Lotus"}, 1,
            match="not in your hand")
    refused(game(), {"type": "life", "player": 0, "delta": -3, "for": "x" * 151}, 1,
            error=InvalidActionError)


def test_a_request_lapses_when_the_game_ends():
    state, _ = run(game(), {"type": "life", "player": 0, "delta": -20, "seat": 1})
    state, events = run(state, {"type": "concede", "seat": 1})
    assert state.game_over and state.players[0].life == 20
    assert [e["answer"] for e in events if e["type"] == "consent"] == ["lapsed"]


def test_the_for_field_round_trips_and_shows_in_the_log_of_an_immediate_action():
    state, events = apply(game(), {"type": "life", "player": 1, "delta": 2,
                                   "for": "Giant Growth"}, 1)
    assert events[0]["for"] == "Giant Growth"
    assert state.log[-1]["action"] == {"type": "life", "player": 1, "delta": 2,
                                       "for": "Giant Growth"}


def test_the_player_asked_has_exactly_accept_and_decline_to_choose_from():
    from frontier_desktop.rules import legal_actions

    state, _ = run(game(), {"type": "destroy", "unit": "ann", "seat": 1})
    assert [a.to_wire() for a in legal_actions(state, 0)] == [
        {"type": "choose", "choice": "accept"}, {"type": "choose", "choice": "decline"}]
    assert legal_actions(state, 1) == []


def test_refused_requests_do_not_tell_hidden_cards_from_missing_ones():
    state = game()
    for _ in range(CONSENT_DECLINES):
        state, _ = run(state, {"type": "life", "player": 0, "delta": -1, "seat": 1},
                       {"type": "choose", "choice": "decline", "seat": 0})
    hidden = state.players[0].hand[0]
    answers = {refused(state, {"type": "move_card", "card": card, "to": "graveyard"}, 1)
               for card in (hidden, state.players[0].library[0], "no-such-card")}
    assert len(answers) == 1, answers
