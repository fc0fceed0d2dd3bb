"""Views (no face-down identity, the other hand only a count, no library order, drawn cards
redacted), the seeded RNG regression pin, undo, and refusals that leave the state alone."""

from __future__ import annotations

import hashlib
import json

import pytest

from frontier_desktop.record import new_game
from frontier_desktop.rules import Game, GameState, RulesError, apply, player_view, redact_event
from frontier_desktop.rules.rng import Rng
from frontier_desktop.rules.views import describe, log_view
from frontier_desktop.session import LocalSession
from tests.rules.helpers import deck, of_type, position, refused, run, unit, wire_equal

ROWS = [["Forest", "?Tundra", "Forest"], ["Forest", "Forest", "?"], ["Mountain", "Mountain", "Mountain"]]
UNITS = [unit("a", "Grizzly Bears", 0, (0, 0)), unit("g", "Hill Giant", 1, (2, 2))]
PLAYERS = [{"name": "Ann", "hand": ["Giant Growth"], "library": ["Shivan Dragon", "Lich"]},
           {"name": "Ben", "hand": ["Mahamoti Djinn"], "library": ["Necropotence"]}]


def hidden_state():
    return position(ROWS, UNITS, players=PLAYERS)


# ---------------------------------------------------------------------- views
def test_a_players_view_never_carries_a_face_down_lands_identity():
    state = hidden_state()
    for viewer in (0, 1):
        view = player_view(state, viewer)
        assert view["board"]["rows"][0][1]["land"] is None
        assert view["board"]["rows"][0][1]["face_up"] is False
        assert "Tundra" not in json.dumps(view)


def test_the_analysis_hides_face_down_lands_unless_asked_to_reveal():
    state = hidden_state()
    assert describe(state)["board"]["rows"][0][1]["land"] is None
    assert describe(state, reveal=True)["board"]["rows"][0][1]["land"] == "Tundra"
    # A player's view ignores reveal.
    assert describe(state, viewer=0, reveal=True)["board"]["rows"][0][1]["land"] is None


def test_the_other_hand_is_only_a_count_and_libraries_only_counts():
    state = hidden_state()
    view = json.dumps(player_view(state, 0))
    assert "Mahamoti Djinn" not in view
    assert "Shivan Dragon" not in view and "Lich" not in view and "Necropotence" not in view
    players = player_view(state, 0)["players"]
    assert players[0]["hand"] == ["Giant Growth"]
    assert "hand" not in players[1] and players[1]["hand_count"] == 1
    assert players[0]["library_count"] == 2 and "library" not in players[0]
    view1 = player_view(state, 1)
    assert "Giant Growth" not in json.dumps(view1) and view1["players"][1]["hand"] == ["Mahamoti Djinn"]


def test_views_carry_no_seed_or_generator_state():
    view = player_view(hidden_state(), 0)
    assert "seed" not in view and "rng_counter" not in view


def test_a_revealed_land_is_shown_to_both_players():
    state, _ = run(hidden_state(), {"type": "scout", "unit": "a", "target": [0, 1]})
    for viewer in (0, 1):
        assert player_view(state, viewer)["board"]["rows"][0][1]["land"] == "Tundra"


def test_drawn_cards_are_redacted_for_the_other_player():
    state = position(ROWS, UNITS, players=PLAYERS, phase="upkeep")
    state, events = apply(state, {"type": "pass"})
    drew = of_type(events, "drew")[0]
    mine, theirs = redact_event(drew, 0), redact_event(drew, 1)
    assert mine["card"] == "Shivan Dragon" and "_private" not in mine
    assert "card" not in theirs and "id" not in theirs and "_private" not in theirs
    assert theirs["player"] == 0
    assert redact_event(drew, None)["card"] == "Shivan Dragon"  # the omniscient analysis
    log = json.dumps(log_view(state, 1))
    assert "Shivan Dragon" not in log
    assert "Shivan Dragon" in json.dumps(log_view(state, 0))


def test_which_cards_a_mulligan_put_on_the_bottom_is_the_keepers_secret():
    state, _ = new_game("frontier", [deck((10, "Forest"), (14, "Grizzly Bears")),
                                     deck((10, "Mountain"), (14, "Hill Giant"))], ["A", "B"], seed=4)
    state, _ = run(state, {"type": "place_token", "at": [0, 0], "seat": 0},
                   {"type": "place_token", "at": [4, 0], "seat": 1}, {"type": "mulligan", "seat": 0})
    bottom = state.players[0].hand[0]
    state, _ = run(state, {"type": "keep", "bottom": [bottom], "seat": 0})
    assert bottom not in json.dumps(log_view(state, 1))
    assert bottom in json.dumps(log_view(state, 0))


def test_session_updates_are_redacted_per_seat():
    state = position(ROWS, UNITS, players=PLAYERS, phase="upkeep")
    session = LocalSession(state)
    seen = []
    session.subscribe(seen.append)
    assert session.submit(0, {"type": "pass"}).ok
    by_seat = {u.seat: u for u in seen}
    assert "Shivan Dragon" in json.dumps(by_seat[0].events)
    assert "Shivan Dragon" not in json.dumps(by_seat[1].events)
    assert "Shivan Dragon" not in json.dumps(by_seat[1].view)


def test_effective_power_and_toughness_are_shown():
    state = hidden_state()
    units = {u["id"]: u for u in describe(state)["units"]}
    assert (units["a"]["power"], units["a"]["toughness"]) == (4, 4)  # forest + 2 forests
    assert (units["a"]["base_power"], units["a"]["base_toughness"]) == ("2", "2")


# ---------------------------------------------------------------------- RNG pin
def test_rng_regression_pin():
    rng = Rng(12345)
    assert [rng.next64() for _ in range(6)] == [
        7896843380601210317, 17719162891538247955, 10758783233047066991,
        7616998975765448231, 12874551739043456060, 9856611755748305648]
    items = list(range(10))
    rng = Rng(12345)
    rng.shuffle(items)
    assert items == [8, 0, 5, 6, 3, 2, 4, 9, 1, 7]
    assert rng.counter == 3
    rng = Rng(12345)
    assert [rng.randbelow(6) for _ in range(8)] == [5, 1, 5, 5, 2, 2, 3, 2]
    assert Rng(12345).token() == "23a145cd"


def test_rng_is_sha256_of_seed_and_counter():
    digest = hashlib.sha256(b"12345\x00" + (0).to_bytes(8, "big")).digest()
    assert Rng(12345).next64() == int.from_bytes(digest[:8], "big")
    assert Rng(12345).next64() == Rng("12345").next64()


def test_rng_resumes_from_its_counter():
    a = Rng(99)
    for _ in range(8):
        a.next64()
    b = Rng(99, a.resume_point())
    assert a.next64() == b.next64()


# ---------------------------------------------------------------------- undo
def _wire_wo_id(state: GameState):
    data = state.to_wire()
    data.pop("state_id")
    return json.dumps(data, sort_keys=True)


def test_undo_restores_the_state_exactly():
    game = Game(hidden_state())
    before = _wire_wo_id(game.state)
    game.push({"type": "move", "unit": "a", "to": [1, 0]})
    game.push({"type": "tap_land", "at": [1, 0]})
    assert game.can_undo()
    mid = _wire_wo_id(Game(game.state).state)
    game.pop()
    game.pop()
    assert _wire_wo_id(game.state) == before
    # Undo keeps state ids increasing (clients use them to order updates).
    assert game.state.state_id == 4
    assert mid != before
    with pytest.raises(IndexError):
        game.pop()


def test_undo_is_not_offered_after_hidden_information_was_revealed():
    game = Game(hidden_state())
    game.push({"type": "scout", "unit": "a", "target": [0, 1]})
    assert not game.can_undo()
    session = LocalSession(hidden_state())
    assert session.submit(0, {"type": "scout", "unit": "a", "target": [0, 1]}).ok
    assert session.undo() is False and session.state.cells[(0, 1)].face_up


def test_session_undo_drops_the_recorded_action():
    session = LocalSession(hidden_state())
    session.submit(0, {"type": "move", "unit": "a", "to": [1, 0]})
    assert len(session.actions) == 1 and session.undo() and session.actions == []


# ---------------------------------------------------------------------- refusals, purity
BAD = [
    {"type": "move", "unit": "nobody", "to": [1, 0]},
    {"type": "move", "unit": "a", "to": [9, 9]},
    {"type": "move", "unit": "a", "to": "north"},
    {"type": "move", "unit": "a"},
    {"type": "move", "unit": "g", "to": [1, 2]},
    {"type": "fly", "unit": "a", "to": [1, 0]},
    {"type": "attack", "unit": "a", "target": [2, 2]},
    {"type": "scout", "unit": "a", "target": [1, 1]},
    {"type": "tap_land", "at": [2, 2], "via": "a"},
    {"type": "cast", "card": "Shivan Dragon"},
    {"type": "cast", "card": "Giant Growth"},
    {"type": "discard", "card": "Giant Growth"},
    {"type": "place_token", "at": [0, 1]},
    {"type": "keep"},
    {"type": "done_attacking"},
    {"type": "counters", "unit": "a", "delta": -1},
    "not an action",
    {"type": 3},
]


@pytest.mark.parametrize("action", BAD, ids=lambda a: json.dumps(a)[:40])
def test_refused_actions_leave_the_state_untouched(action):
    refused(hidden_state(), action, error=RulesError)


@pytest.mark.parametrize("action", [{"type": "place_token", "at": [0, 1]},
                                    {"type": "place_token", "at": [0, 1], "color": "G"},
                                    {"type": "mulligan"}, {"type": "keep"}])
def test_set_up_choices_are_refused_when_there_is_no_such_choice(action):
    # Bug: with no decision pending, place_token made a free 1/1 token at will in the main
    # phase, mulligan reshuffled the hand mid-game and keep restarted the game at turn 1.
    refused(hidden_state(), action, match="no ")


def test_refused_actions_for_the_wrong_seat():
    refused(hidden_state(), {"type": "move", "unit": "g", "to": [1, 2]}, 1)
    refused(hidden_state(), {"type": "pass"}, 5, error=RulesError)


def test_apply_never_changes_the_state_it_is_given():
    state = hidden_state()
    before = json.dumps(state.to_wire(), sort_keys=True)
    new, _ = apply(state, {"type": "move", "unit": "a", "to": [1, 0]})
    assert json.dumps(state.to_wire(), sort_keys=True) == before
    assert not wire_equal(state, new)


def test_state_wire_round_trip():
    state, _ = run(hidden_state(), {"type": "move", "unit": "a", "to": [1, 0]})
    again = GameState.from_wire(json.loads(json.dumps(state.to_wire())))
    assert wire_equal(state, again)
    assert again.perms["a"].at == (1, 0)
