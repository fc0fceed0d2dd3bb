"""Undo takes back the asker's last decision of this turn and nothing else (issue 10, item 5).

It is not offered at the start of a turn, never rewinds into the draw step or a previous
turn, never reopens a finished game, never takes back the other seat's decision in hot-seat,
and keeps refusing after hidden information was revealed.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frontier_desktop.record import new_game
from frontier_desktop.rules import Game, legal_actions
from frontier_desktop.rules.engine import is_automatic
from frontier_desktop.session import LocalSession
from tests.rules.helpers import card, position, unit
from tests.rules.test_properties import decks

ROWS = [["Forest", "Forest", "Forest"], ["Forest", "Forest", "Forest"],
        ["Mountain", "Mountain", "Mountain"]]
UNITS = [unit("a", "Grizzly Bears", 0, (0, 0)), unit("g", "Hill Giant", 1, (2, 2))]
PLAYERS = [{"name": "Ann", "hand": ["Giant Growth"], "library": ["Shivan Dragon", "Lich"]},
           {"name": "Ben", "hand": ["Mahamoti Djinn"], "library": ["Necropotence", "Lich"]}]


def _wire(state) -> str:
    data = state.to_wire()
    data.pop("state_id")
    return json.dumps(data, sort_keys=True)


def _state(**kw):
    return position(ROWS, UNITS, players=PLAYERS, turn=3, **kw)


def test_undo_is_not_offered_at_the_start_of_a_turn():
    # Ann ends her turn; the table passes Ben's upkeep (he draws) and draw step for him.
    session = LocalSession(_state())
    for _ in range(2):
        assert session.submit(0, {"type": "pass"}).ok  # main -> end, end -> Ben's turn
    assert session.state.active == 1 and session.state.phase == "upkeep"
    assert not session.can_undo(0), "Ann's pass ended her turn: no taking it back"
    assert not session.can_undo(1)
    for _ in range(2):
        assert session.submit(1, {"type": "pass"}).ok  # upkeep -> draw -> main
    assert session.state.phase == "main"
    assert not session.can_undo(1), "Ben has decided nothing yet this turn"
    assert not session.can_undo()  # the acting seat (Ben)
    before = _wire(session.state)
    assert session.undo(1) is False and _wire(session.state) == before


def test_undo_never_rewinds_into_the_draw_step_even_without_a_draw():
    # The first player skips the first draw: nothing hidden is revealed on the way to main.
    state = _state(phase="upkeep", active=1)
    state.players[1].skip_draw = True
    game = Game(state)
    game.push({"type": "pass"}, 1)
    game.push({"type": "pass"}, 1)
    assert game.state.phase == "main"
    assert not game.can_undo(1) and game.undo(1) == 0 and game.state.phase == "main"


def test_undo_takes_back_the_last_decision_and_the_automatic_steps_after_it():
    state = _state(phase="upkeep", active=1)
    state.players[1].skip_draw = True
    session = LocalSession(state)
    before = _wire(session.state)
    # Ben taps the Mountain under his Hill Giant in his upkeep, then the steps pass by.
    assert session.submit(1, {"type": "tap_land", "at": [2, 2]}).ok
    assert session.submit(1, {"type": "pass"}).ok
    assert session.submit(1, {"type": "pass"}).ok
    assert session.state.phase == "main" and len(session.actions) == 3
    assert session.can_undo(1)
    assert session.undo(1) is True
    assert _wire(session.state) == before, "back to just before the tap, in the upkeep"
    assert session.actions == []


def test_undo_takes_back_one_decision_at_a_time():
    session = LocalSession(_state())
    assert session.submit(0, {"type": "move", "unit": "a", "to": [1, 0]}).ok
    after_move = _wire(session.state)
    assert session.submit(0, {"type": "tap_land", "at": [1, 0]}).ok
    assert session.undo(0) and _wire(session.state) == after_move
    assert len(session.actions) == 1


def test_undo_is_unavailable_once_the_game_is_over():
    state = position(ROWS, [unit("a", "Grizzly Bears", 0, (2, 0)),
                            unit("b", "Grizzly Bears", 1, (0, 2))], players=[
        {"name": "Ann", "library": ["Lich"]}, {"name": "Ben", "life": 2, "library": ["Lich"]}])
    session = LocalSession(state)
    assert session.submit(0, {"type": "attack", "unit": "a", "target": "player"}).ok
    assert session.state.game_over
    assert not session.can_undo(0) and not session.can_undo(1) and not session.can_undo()
    assert session.undo(0) is False
    assert session.state.game_over and session.state.players[1].lost


def test_undo_never_crosses_the_end_of_a_turn():
    session = LocalSession(_state())
    assert session.submit(0, {"type": "tap_land", "at": [0, 0]}).ok
    assert session.submit(0, {"type": "pass"}).ok  # main -> end
    assert session.can_undo(0)  # still Ann's turn: passing to the end step is a decision
    assert session.submit(0, {"type": "pass"}).ok  # end -> Ben's turn
    assert not session.can_undo(0) and not session.can_undo(1)


def test_in_hot_seat_a_player_cannot_undo_the_other_players_decision():
    state = _state()
    state.players[1].responses = True
    session = LocalSession(state)
    assert session.submit(0, {"type": "move", "unit": "a", "to": [1, 0]}).ok
    assert session.state.pending is not None and session.acting_seat() == 1
    assert not session.can_undo(1), "Ben can't take back Ann's move"
    assert not session.can_undo(), "nor can the acting seat (Ben) by default"
    assert session.undo(1) is False and session.state.pending is not None
    assert session.submit(1, {"type": "pass"}).ok  # Ben lets the move resolve
    assert not session.can_undo(0), "Ann's move is under Ben's decision"


def test_undo_still_refuses_after_hidden_information_was_revealed():
    rows = [["Forest", "?Tundra", "Forest"], ROWS[1], ROWS[2]]
    session = LocalSession(position(rows, UNITS, players=PLAYERS))
    assert session.submit(0, {"type": "scout", "unit": "a", "target": [0, 1]}).ok
    assert not session.can_undo(0) and session.undo(0) is False


def test_step_passes_are_automatic_and_other_passes_are_decisions():
    from frontier_desktop.rules.actions import Pass

    assert is_automatic(_state(phase="upkeep"), Pass())
    assert is_automatic(_state(phase="draw"), Pass())
    assert not is_automatic(_state(phase="main"), Pass())
    assert not is_automatic(_state(phase="end"), Pass())


# ---------------------------------------------------------------------- property
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(decks=decks(), seed=st.integers(0, 2**32), data=st.data())
def test_undo_never_crosses_a_turn_and_never_reopens_a_finished_game(decks, seed, data):
    state, header = new_game("frontier", decks, ["Ann", "Ben"], seed=seed,
                             options={"board_depth": 2})
    session = LocalSession(state, record_header=header)
    history = [_wire(session.state)]  # history[i]: the state before action i
    for _ in range(120):
        seat = session.acting_seat()
        if seat is None:
            break
        if data.draw(st.integers(0, 5), label="undo?") == 0:
            asker = data.draw(st.integers(0, 1), label="asker")
            before_turn, n = session.state.turn, len(session.actions)
            if session.undo(asker):
                kept = len(session.actions)
                assert kept < n
                assert session.state.turn == before_turn, "undo crossed a turn boundary"
                assert not session.state.game_over
                assert _wire(session.state) == history[kept], "undo lands on an earlier state"
                assert session.actions == session.actions[:kept]
                del history[kept + 1:]
                continue
        options = legal_actions(session.state, seat)
        kinds = sorted({a.type for a in options})
        kind = kinds[data.draw(st.integers(0, len(kinds) - 1), label="kind")]
        pick = [a for a in options if a.type == kind]
        action = pick[data.draw(st.integers(0, len(pick) - 1), label="action")]
        assert session.submit(seat, action).ok
        history.append(_wire(session.state))
    if session.state.game_over:
        final = _wire(session.state)
        for asker in (0, 1):
            assert not session.can_undo(asker) and not session.undo(asker)
        assert _wire(session.state) == final
