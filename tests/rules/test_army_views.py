"""Army Magic views carry nothing hidden: face-down lands, the other hand, library order,
hidden treasure; events and the log after an exploration say only what became public."""

from __future__ import annotations

import json

from frontier_desktop.rules import apply, player_view
from frontier_desktop.rules.views import describe, log_view
from tests.rules.army_helpers import sample_game


def _face_down_names(state):
    return {state.name(c.land) for c in state.cells.values()
            if c.land is not None and not c.face_up}


def test_a_players_view_names_no_face_down_land_and_no_hidden_card():
    state = sample_game(2, options={"hidden_treasure": True},
                        forces=("Benalish Hero", "Sol Ring"))
    for viewer in (0, 1):
        view = player_view(state, viewer)
        text = json.dumps(view)
        for row in view["board"]["rows"]:
            for cell in row:
                assert cell["face_up"] or cell["land"] is None
                assert not any(k.startswith("_") for k in cell)
        other = state.players[1 - viewer]
        assert "hand" not in view["players"][1 - viewer]
        assert not any(card_id in text for card_id in other.hand)
        for seat in (0, 1):
            assert "library" not in view["players"][seat]
            assert not any(card_id in text for card_id in state.players[seat].library)
        assert "Sol Ring" not in text  # the treasure, hidden under lands
        assert "seed" not in view and "rng_counter" not in view


def test_the_analysis_shows_face_down_lands_only_when_asked():
    state = sample_game(2)
    plain = describe(state)
    assert all(c["land"] is None for row in plain["board"]["rows"] for c in row
               if not c["face_up"])
    shown = describe(state, reveal=True)
    assert any(c["land"] for row in shown["board"]["rows"] for c in row if not c["face_up"])


def test_after_an_exploration_both_see_the_land_and_the_log_names_nothing_else():
    state = sample_game(3)
    while state.phase != "main":
        state, _ = apply(state, {"type": "pass"})
    seat = state.active
    mover = next(p for p in state.perms.values() if p.controller == seat)
    dest = next(n for n in state.board.neighbours(mover.at) if not state.cells[n].face_up)
    state, events = apply(state, {"type": "move", "units": [mover.id], "to": list(dest)})
    name = state.name(state.cells[dest].land)
    for viewer in (0, 1):
        view = player_view(state, viewer)
        assert view["board"]["rows"][dest[0]][dest[1]]["land"] == name
        log = json.dumps(log_view(state, viewer))
        other_hand = state.players[1 - viewer].hand
        assert not any(card_id in log for card_id in other_hand)
    still_hidden = [c for p, c in state.cells.items() if not c.face_up]
    assert len(still_hidden) == 27
