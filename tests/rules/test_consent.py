"""Manual actions that touch the other player's things need their consent (issue 11.9).

With the option ``manual_consent`` (forced on in every LAN game, a New game setting in
hot-seat) such an action becomes a ``consent`` decision for the other player, answered by
``choose``: accept carries it out, decline changes nothing but the log.
"""

from __future__ import annotations

import json

import pytest

from frontier_desktop.rules import IllegalActionError, InvalidActionError, acting_seat, apply
from frontier_desktop.rules.actions import action_from_wire
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


# ---------------------------------------------------------------------- the Conquering and
# the War Game (core/consent.py): every other seat still in the game is asked, one at a
# time, clockwise from the actor; the first decline ends the request, the last acceptance
# carries it out. With two players that is "the other player", as above.
from tests.rules import conquering_helpers as cq  # noqa: E402
from tests.rules import wargame_helpers as wg  # noqa: E402

N_SEAT = {"conquering": (cq, cq.CQ, lambda s: cq.pass_until(s, "main")),
          "wargame": (wg, wg.WG, lambda s: s)}


def n_seat_game(name, players, *, consent=True):
    helpers, variant, to_act = N_SEAT[name]
    state = to_act(helpers.game(players))
    state.options["manual_consent"] = consent
    place = list(state.board.positions())[0]
    units = [helpers.put(state, "Grizzly Bears", seat, place) for seat in range(players)]
    return helpers, variant, state, units


@pytest.mark.parametrize("name", sorted(N_SEAT))
def test_two_seat_requests_in_the_conquering_and_the_war_game_are_as_in_frontier(name):
    helpers, variant, state, (mine, theirs) = n_seat_game(name, 2)
    before = game_part(state)
    action = {"type": "counters", "unit": theirs, "kind": "-1/-1", "delta": 1}
    asked, events = helpers.play(state, action, 0)
    assert asked.decision == {"kind": "consent", "player": 1, "by": 0,
                              "action": action_from_wire(action).to_wire(), "for": None}
    assert [e["type"] for e in events] == ["consent_asked"]
    assert [a.to_wire() for a in variant.legal_actions(asked, 1)] == [
        {"type": "choose", "choice": "accept"}, {"type": "choose", "choice": "decline"}]
    assert variant.legal_actions(asked, 0) == []
    declined, _ = helpers.play(asked, {"type": "choose", "choice": "decline"}, 1)
    declined.decision = None
    assert game_part(declined) == before
    accepted, events = helpers.play(asked, {"type": "choose", "choice": "accept"}, 1)
    assert accepted.perms[theirs].counters == {"-1/-1": 1}
    assert [e.get("answer") for e in events if e["type"] == "consent"] == ["accepted"]
    # own things stay immediate
    for own in ({"type": "counters", "unit": mine, "delta": 1}, {"type": "roll"},
                {"type": "add_mana", "mana": "G"}):
        state, events = helpers.play(state, own, 0)
        assert state.decision is None and "consent_asked" not in [e["type"] for e in events]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("name", sorted(N_SEAT))
def test_every_other_seat_is_asked_clockwise_and_the_last_acceptance_carries_it_out(name,
                                                                                     players):
    helpers, variant, state, units = n_seat_game(name, players)
    before = game_part(state)
    action = {"type": "destroy", "unit": units[1], "for": "Grizzly Bears"}
    state, events = helpers.play(state, action, 0)
    others = list(range(1, players))
    for k, seat in enumerate(others):
        d = state.decision
        assert d["kind"] == "consent" and d["player"] == seat and d["by"] == 0
        assert d.get("then", []) == others[k + 1:] and d["for"] == "Grizzly Bears"
        assert [e["type"] for e in events][-1] == "consent_asked"
        assert units[1] in state.perms  # nothing happens before the last acceptance
        for other in range(players):  # only the seat asked answers
            answers = variant.legal_actions(state, other)
            assert (answers != []) == (other == seat), other
        with pytest.raises(IllegalActionError, match="waiting for"):
            helpers.play(state, {"type": "choose", "choice": "accept"}, (seat + 1) % players)
        state, events = helpers.play(state, {"type": "choose", "choice": "accept"}, seat)
    assert units[1] not in state.perms and state.decision is None
    answers = [e for e in events if e["type"] == "consent"]
    assert answers[-1]["answer"] == "accepted" and "next" not in answers[-1]
    # one decline, by any of them, ends it: nothing happens
    helpers, variant, state, units = n_seat_game(name, players)
    state, _ = helpers.play(state, action, 0)
    state, events = helpers.play(state, {"type": "choose", "choice": "accept"}, 1)
    assert [e.get("next") for e in events if e["type"] == "consent"] == [2]
    state, events = helpers.play(state, {"type": "choose", "choice": "decline"}, 2)
    assert state.decision is None and units[1] in state.perms
    assert game_part(state) == before
    assert [e["answer"] for e in events if e["type"] == "consent"] == ["declined"]


@pytest.mark.parametrize("name", sorted(N_SEAT))
def test_a_seat_out_of_the_game_is_not_asked(name):
    helpers, variant, state, units = n_seat_game(name, 4)
    state.players[2].lost = True
    state, _ = helpers.play(state, {"type": "draw", "count": 1}, 0)
    assert state.decision["player"] == 1 and state.decision["then"] == [3]


@pytest.mark.parametrize("name", sorted(N_SEAT))
def test_n_seat_requests_lapse_on_a_concession_and_flooding_is_refused(name):
    helpers, variant, state, units = n_seat_game(name, 3)
    asked, _ = helpers.play(state, {"type": "create_token"}, 0)
    assert asked.decision["kind"] == "consent"
    conceded, events = helpers.play(asked, {"type": "concede"}, 2)
    assert [e["answer"] for e in events if e["type"] == "consent"] == ["lapsed"]
    assert conceded.decision is None or conceded.decision["kind"] != "consent"
    for _ in range(CONSENT_DECLINES):
        state, _ = helpers.play(state, {"type": "pt_change", "unit": units[2], "power": 1}, 0)
        state, _ = helpers.play(state, {"type": "choose", "choice": "decline"}, 1)
    with pytest.raises(IllegalActionError, match="declined 3"):
        helpers.play(state, {"type": "pt_change", "unit": units[2], "power": 1}, 0)


@pytest.mark.parametrize("name", sorted(N_SEAT))
def test_n_seat_consent_is_off_by_default_and_an_option_of_the_variant(name):
    helpers, variant, state, units = n_seat_game(name, 3, consent=False)
    assert variant.default_options["manual_consent"] is False
    state, _ = helpers.play(state, {"type": "destroy", "unit": units[1]}, 0)
    assert state.decision is None and units[1] not in state.perms
