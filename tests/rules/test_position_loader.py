"""Position files (spec/position-format.md): defaults, cell shorthand and object form, units."""

from __future__ import annotations

import pytest

from frontier_desktop.position import load_position
from frontier_desktop.rules import InvalidPositionError
from frontier_desktop.rules.state import UNKNOWN_CARD, UNKNOWN_LAND
from tests.rules.helpers import moves, pool, position, refused, run, unit

ROWS = [["Forest", "?Island", "#"], ["Forest*", {"land": "Swamp", "face_up": False,
                                                 "tapped_by": 1}, "?"], ["Plains"] * 3]
UNITS = [unit("a", "Grizzly Bears", 0, (0, 0)), unit("b", "Hill Giant", 1, (2, 2))]


def test_defaults_library_twenty_unknown_cards_turn_two_life_twenty():
    state = position(ROWS, UNITS)
    assert state.turn == 2
    for p in state.players:
        assert len(p.library) == 20 and p.life == 20 and p.hand == []
        assert all(state.name(c) == UNKNOWN_CARD for c in p.library)


def test_cell_shorthand():
    state = position(ROWS, UNITS)
    c = state.cells
    assert c[(0, 0)].face_up and state.name(c[(0, 0)].land) == "Forest"
    assert not c[(0, 1)].face_up and state.name(c[(0, 1)].land) == "Island"
    assert c[(0, 2)].land is None
    assert c[(1, 0)].tapped_by == 0  # "*": tapped by the active player
    assert not c[(1, 1)].face_up and c[(1, 1)].tapped_by == 1
    assert state.name(c[(1, 2)].land) == UNKNOWN_LAND


def test_starred_cell_is_tapped_by_the_active_player():
    state = position(ROWS, UNITS, active=1)
    assert state.cells[(1, 0)].tapped_by == 1


def test_unit_flags_and_ids():
    state = position(ROWS, [unit("a", "Grizzly Bears", 0, (0, 0), tapped=True, damage=1,
                                 moved=True, attacked=True),
                            {"card": "Hill Giant", "owner": 1, "at": [2, 2]},
                            {"card": "Hill Giant", "owner": 1, "at": "staging", "sick": True}])
    a = state.perms["a"]
    assert (a.tapped, a.damage, a.moved, a.attacked) == (True, 1, True, True)
    assert state.perms["u2"].at == (2, 2) and state.perms["u3"].zone == "staging"
    assert state.perms["u3"].sick


def test_seed_fixes_the_identity_of_bare_question_marks():
    def revealed(seed):
        s = position(ROWS, UNITS, seed=seed)
        s, _ = run(s, {"type": "scout", "unit": "a", "target": [0, 1]})
        return s
    assert revealed(3).to_wire() == revealed(3).to_wire()


def test_band_field_and_a_legal_stack():
    state = position(ROWS, [unit("h", "Benalish Hero", 0, (0, 0), band=["a"]),
                            unit("a", "Grizzly Bears", 0, (0, 0)), UNITS[1]])
    assert sorted(state.occupants()[(0, 0)]) == ["a", "h"]
    with pytest.raises(InvalidPositionError, match="units\\[0\\].band"):
        position(ROWS, [unit("h", "Benalish Hero", 0, (0, 0), band=["b"]), *UNITS])


@pytest.mark.parametrize("doc, field", [
    ({"format": "frontier-position/2"}, "format"),
    ({"variant": "chess"}, "variant"),
    ({"players": [{"name": "Solo"}]}, "players"),
    ({"seed": 1.5}, "seed"),
    ({"turn": 0}, "turn"),
    ({"units": [{"card": "Grizzly Bears", "owner": 0, "at": [0, 0], "flying": True}]}, "units[0]"),
    ({"units": [{"card": "Grizzly Bears", "owner": 0, "at": "deck"}]}, "units[0].at"),
    ({"players": [{"name": "A", "mana_pool": "{Q}"}, {"name": "B"}]}, "players[0].mana_pool"),
    ({"players": [{"name": "A", "library": -1}, {"name": "B"}]}, "players[0].library"),
])
def test_invalid_documents_name_the_field(doc, field):
    base = {"format": "frontier-position/1", "variant": "frontier",
            "players": [{"name": "A"}, {"name": "B"}],
            "board": {"rows": [["Forest"]]}, "units": []}
    with pytest.raises(InvalidPositionError) as info:
        load_position({**base, **doc}, pool().card)
    assert str(info.value).startswith(field), str(info.value)


def test_tapped_creature_on_its_land_may_still_tap_the_land_freely():
    state = position(ROWS, [unit("a", "Grizzly Bears", 0, (2, 0), tapped=True), UNITS[1]])
    state, _ = run(state, {"type": "tap_land", "at": [2, 0]})
    assert state.players[0].pool["W"] == 1


def test_opponents_instant_speed_actions_do_not_end_the_movement_block():
    rows = [["Forest"] * 3, ["Forest"] * 3, ["Plains"] * 3]
    state = position(rows, [unit("a", "Grizzly Bears", 0, (0, 0)),
                            unit("c", "Grizzly Bears", 0, (0, 2)), UNITS[1]])
    state, _ = run(state, {"type": "move", "unit": "a", "to": [1, 0]},
                   {"type": "tap_land", "at": [2, 2], "seat": 1})
    assert not state.moves_closed and (1, 2) in moves(state, "c")
    state, _ = run(state, {"type": "move", "unit": "c", "to": [1, 2]})


def test_a_creature_cast_this_turn_moves_from_its_controllers_next_turn():
    rows = [["Forest"] * 3, ["Forest"] * 3, ["Plains"] * 3]
    state = position(rows, [UNITS[0], UNITS[1]],
                     players=[{"name": "A", "hand": ["Grizzly Bears"], "mana_pool": "{G}{G}"},
                              {"name": "B"}])
    state, _events = run(state, {"type": "cast", "card": "Grizzly Bears"})
    new = next(p.id for p in state.perms.values() if state.name(p.id) == "Grizzly Bears"
           and p.zone == "staging")
    assert moves(state, new) == set()
    refused(state, {"type": "move", "unit": new, "to": [0, 1]}, match="summoning sick")
    state, _ = run(state, *[{"type": "pass"}] * 8)
    assert (state.active, state.phase) == (0, "main")
    assert moves(state, new) == {(0, 1), (0, 2)}


def test_a_game_started_from_a_position_replays_from_its_record():
    import json

    from frontier_desktop.record import position_header, replay
    from frontier_desktop.session import LocalSession

    doc = {"format": "frontier-position/1", "variant": "frontier", "seed": 9,
           "players": [{"name": "A"}, {"name": "B"}],
           "board": {"rows": [["Forest", "?", "Forest"], ["?", "?", "?"], ["Plains"] * 3]},
           "units": [unit("a", "Grizzly Bears", 0, (0, 0)), UNITS[1]]}
    session = LocalSession(load_position(doc, pool().card), record_header=position_header(doc))
    for seat, action in [(0, {"type": "move", "unit": "a", "to": [1, 0]}),
                         (0, {"type": "scout", "unit": "a", "target": [1, 1]}),
                         (0, {"type": "pass"}), (0, {"type": "pass"})]:
        assert session.submit(seat, action).ok
    again = replay(position_header(doc), session.actions)
    assert json.dumps(again.to_wire(), sort_keys=True) == json.dumps(session.state.to_wire(),
                                                                     sort_keys=True)
