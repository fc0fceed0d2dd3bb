"""The Conquering (issue 14, first slice): boards, set-up, the turn, mana production, movement.

One test (at least) per bullet of ``shared/rules/conquering.md`` that the slice implements.
"""

from __future__ import annotations

import pytest

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.board import Board, GridBoard
from frontier_desktop.rules.errors import IllegalActionError
from frontier_desktop.rules.mana import parse_pool
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants.conquering.board import (
    STRONGHOLD_CV, conquer_value, controller, standard_board, triangle_areas,
)
from tests.rules.conquering_helpers import (
    CQ, clear_board, game, pass_until, play, put, set_land, to_phase,
)


# ---------------------------------------------------------------------- boards
def test_two_players_play_on_3x3_with_strongholds_opposite_beside_the_middle() -> None:
    state = game(2)
    board = state.board
    assert isinstance(board, GridBoard) and (board.rows, board.cols) == (3, 3)
    assert board.neighbours("S0") == ((0, 1),) and board.neighbours("S1") == ((2, 1),)
    assert "S0" in board.neighbours((0, 1)) and "S0" not in board.neighbours((0, 0))
    assert not board.contains("S0") and board.is_place("S0")
    assert len(board.positions()) == 9


def test_four_players_play_on_3x5_with_a_stronghold_on_each_side() -> None:
    state = game(4)
    board = state.board
    assert isinstance(board, GridBoard) and (board.rows, board.cols) == (3, 5)
    beside = {s: board.neighbours(s) for s in ("S0", "S1", "S2", "S3")}
    assert beside == {"S0": ((0, 2),), "S1": ((1, 0),), "S2": ((2, 2),), "S3": ((1, 4),)}
    assert state.aside == []  # all fifteen lands are used


def test_three_players_triangle_adjacency() -> None:
    # Inner lands: 3 neighbours; a side's middle: 3 plus its stronghold; the rest of the ring: 2.
    board = standard_board(3)
    areas = triangle_areas()
    assert len(areas) == 12
    ring = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]
    for i, name in enumerate(ring):
        assert ring[i - 1] in areas[name] and ring[(i + 1) % 9] in areas[name]
    for side in "ABC":
        assert set(board.neighbours(f"{side}i")) == {f"{side}2"} | {
            f"{s}i" for s in "ABC" if s != side}
        assert set(board.neighbours(f"{side}2")) == {f"{side}1", f"{side}3", f"{side}i",
                                                     f"S{'ABC'.index(side)}"}
        for end in ("1", "3"):
            assert len(board.neighbours(side + end)) == 2
    assert board.neighbours("S1") == ("B2",)


def test_unused_lands_are_set_aside_unseen() -> None:
    for players, aside in ((2, 1), (3, 3), (4, 0)):
        state = game(players)
        assert len(state.aside) == aside
        in_cells = {c.land for c in state.cells.values()}
        assert not set(state.aside) & in_cells
        assert all(not state.cells[p].face_up for p in state.board.positions())
    # Two of each basic for two players, three of each for three and four.
    names = sorted(game(2).cards[i][0] for i in [*game(2).aside,
                   *(c.land for p, c in game(2).cells.items() if isinstance(p, tuple))])
    assert {n: names.count(n) for n in names} == dict.fromkeys(
        ("Forest", "Island", "Mountain", "Plains", "Swamp"), 2)


def test_board_with_strongholds_round_trips_through_the_wire() -> None:
    state = game(3)
    again = GameState.from_wire(state.to_wire())
    assert again.board.neighbours("S2") == ("C2",)
    assert Board.from_wire(game(2).board.to_wire()).neighbours((2, 1))[-1] == "S1"
    assert GridBoard(3, 3).to_wire() == {"kind": "grid", "rows": 3, "cols": 3}  # Frontier's


def test_strongholds_are_each_players_basic_land_in_play_with_cv_7() -> None:
    state = game(2)
    assert state.name(state.cells["S0"].land or "") == "Forest"  # Grizzly Bears: green
    assert state.name(state.cells["S1"].land or "") == "Plains"
    assert controller(state, "S0") == 0 and controller(state, "S1") == 1
    assert conquer_value(state, "S1") == STRONGHOLD_CV == 7


# ---------------------------------------------------------------------- the turn
def test_turn_order_of_phases_draws_two_and_passes_clockwise() -> None:
    state = game(3, first=1)
    assert (state.phase, state.active) == ("mana", 1)
    seen = [state.phase]
    hand = len(state.players[1].hand)
    while state.active == 1:
        state, _ = play(state, A.Pass())
        seen.append(state.phase)
    assert seen == ["mana", "upkeep", "draw", "main", "movement", "conquer", "main2", "end",
                    "mana"]
    assert len(state.players[1].hand) == hand  # the starting player skips the first draw
    assert state.active == 2
    before = len(state.players[2].hand)
    state = pass_until(state, "main")
    assert len(state.players[2].hand) == before + 2  # draw two
    state = pass_until(state, "end")
    state.players[2].hand = state.players[2].hand[:7]
    state, _ = play(state, A.Pass())
    assert (state.active, state.phase) == (0, "mana")  # 2 → 0: clockwise wraps


def test_eliminated_players_are_skipped_in_turn_order() -> None:
    state = game(3, first=0)
    state.players[1].lost = True
    state = pass_until(state, "end")
    state, _ = play(state, A.Pass())
    assert state.active == 2


def test_hand_size_is_seven_at_end_of_turn() -> None:
    state = to_phase(game(2), "end")
    player = state.players[0]
    player.hand.append(player.library.pop())
    assert len(player.hand) == 8
    with pytest.raises(IllegalActionError, match="discard down to 7"):
        play(state, A.Pass())
    state, _ = play(state, A.Discard(card="Grizzly Bears"))
    state, _ = play(state, A.Pass())
    assert state.active == 1


# ---------------------------------------------------------------------- mana production
def _roll(events: list[dict[str, object]]) -> int:
    return int(next(e["result"] for e in events if e.get("purpose") == "mana production"))


def test_mana_production_is_a_d6_of_your_colour_plus_each_controlled_area() -> None:
    # The source's example: Forest, Island and two Plains conquered make GUWW more.
    state = to_phase(game(2, first=1), "end", active=1)
    state.players[1].hand = state.players[1].hand[:7]
    for pos, kind in (((0, 0), "Forest"), ((1, 0), "Island"), ((1, 1), "Plains"),
                      ((2, 2), "Plains")):
        set_land(state, pos, kind, cv=2, controller=0)
    set_land(state, (0, 2), "Swamp", cv=2, controller=1)  # not Edna's
    state, events = play(state, A.Pass())
    roll = _roll(events)
    assert 1 <= roll <= 6
    assert state.players[0].pool == parse_pool("{G}" * roll + "{G}{U}{W}{W}")


def test_own_stronghold_makes_no_mana_a_conquered_one_makes_two() -> None:
    state = to_phase(game(2, first=1), "end", active=1)
    state.players[1].hand = state.players[1].hand[:7]
    put(state, "Grizzly Bears", 0, "S1")
    put(state, "Grizzly Bears", 0, "S1")
    put(state, "Grizzly Bears", 0, "S1")
    state.cells["S1"].extra = {**(state.cells["S1"].extra or {}), "controller": 0,
                               "turns_left": 5}
    state, events = play(state, A.Pass())
    roll = _roll(events)
    assert state.players[0].pool == parse_pool("{G}" * roll + "{W}{W}")  # S0 adds nothing


def test_no_mana_while_your_stronghold_is_held_by_another() -> None:
    state = to_phase(game(2, first=0), "end", active=0)
    state.players[0].hand = state.players[0].hand[:7]
    for _ in range(4):
        put(state, "White Knight", 1, (2, 1))  # power 8: Dale stays in the game
    state.cells["S1"].extra = {**(state.cells["S1"].extra or {}), "controller": 0,
                               "turns_left": 5}
    state, events = play(state, A.Pass())
    assert state.active == 1
    assert sum(state.players[1].pool.values()) == 0
    assert not any(e.get("purpose") == "mana production" for e in events)


def test_mana_lasts_until_the_end_of_the_turn() -> None:
    state = game(2)
    pool = dict(state.players[0].pool)
    assert sum(pool.values()) >= 1
    state = pass_until(state, "end")
    assert state.players[0].pool == pool  # through upkeep, draw, main, movement, conquer
    state, _ = play(state, A.Pass())
    assert sum(state.players[0].pool.values()) == 0


def test_nothing_may_be_played_during_mana_production() -> None:
    state = game(2)
    assert state.phase == "mana"
    with pytest.raises(IllegalActionError, match="mana production"):
        play(state, A.Cast(card="Grizzly Bears"))
    assert CQ.legal_actions(state, 0) == [A.Pass()]


# ---------------------------------------------------------------------- summoning, movement
def test_summoned_creatures_start_in_their_stronghold() -> None:
    state = pass_until(game(2), "main")
    state.players[0].pool = parse_pool("{G}{G}")
    state, _ = play(state, A.Cast(card="Grizzly Bears"))
    bears = [p for p in state.perms.values() if p.controller == 0]
    assert [(p.zone, p.at, p.sick) for p in bears] == [("board", "S0", True)]


def _mover(state: GameState, name: str = "Grizzly Bears", at: object = "S0",
           **kw: bool) -> tuple[GameState, str]:
    state = to_phase(state, "movement")
    return state, put(state, name, 0, at, **kw)


def test_move_one_adjacent_area_taps_and_first_entry_rolls_the_cv() -> None:
    state, bears = _mover(game(2))
    with pytest.raises(IllegalActionError, match="not next to"):
        play(state, A.Move(unit=bears, to=(1, 1)))
    state, events = play(state, A.Move(unit=bears, to=(0, 1)))
    perm = state.perms[bears]
    assert perm.at == (0, 1) and perm.tapped
    cell = state.cells[(0, 1)]
    assert cell.face_up
    cv = conquer_value(state, (0, 1))
    assert cv is not None and 1 <= cv <= 6
    assert {"type": "cv", "at": [0, 1], "value": cv} in events
    with pytest.raises(IllegalActionError, match="already moved"):
        play(state, A.Move(unit=bears, to=(1, 1)))


def test_a_land_is_flipped_and_rolled_only_the_first_time() -> None:
    state, one = _mover(game(2))
    two = put(state, "Grizzly Bears", 0, "S0")
    state, _ = play(state, A.Move(unit=one, to=(0, 1)))
    cv = conquer_value(state, (0, 1))
    state, events = play(state, A.Move(unit=two, to=(0, 1)))
    assert conquer_value(state, (0, 1)) == cv
    assert not any(e["type"] in ("cv", "revealed") for e in events)


def test_vigilance_moves_without_tapping() -> None:
    state, angel = _mover(game(2), "Serra Angel")
    state, _ = play(state, A.Move(unit=angel, to=(0, 1)))
    assert not state.perms[angel].tapped


def test_only_creatures_that_could_attack_move_haste_excepted() -> None:
    state, bears = _mover(game(2), sick=True)
    with pytest.raises(IllegalActionError, match="once it could attack"):
        play(state, A.Move(unit=bears, to=(0, 1)))
    goblin = put(state, "Raging Goblin", 0, "S0", sick=True)
    state, _ = play(state, A.Move(unit=goblin, to=(0, 1)))
    assert state.perms[goblin].at == (0, 1)


def test_defenders_do_not_move() -> None:
    state, wall = _mover(game(2), "Wall of Stone")
    with pytest.raises(IllegalActionError, match="defender"):
        play(state, A.Move(unit=wall, to=(0, 1)))


def test_moves_only_in_the_movement_phase_and_strongholds_are_reachable() -> None:
    state, bears = _mover(game(2), at=(2, 1))
    clear_board(state)
    state.phase = "main"
    with pytest.raises(IllegalActionError, match="movement phase"):
        play(state, A.Move(unit=bears, to="S1"))
    state.phase = "movement"
    state, _ = play(state, {"type": "move", "unit": bears, "to": "S1"})
    assert state.perms[bears].at == "S1"
    assert conquer_value(state, "S1") == 7


# ---------------------------------------------------------------------- views (N seats, graph)
def test_views_print_areas_strongholds_and_never_the_set_aside_lands() -> None:
    import json

    from frontier_desktop.rules.views import player_view

    state = game(3, first=0)
    for viewer in range(3):
        view = player_view(state, viewer, variant=CQ)
        board = view["board"]
        assert set(board["areas"]) == set(triangle_areas())
        assert board["areas"]["Ai"]["neighbours"] == ["A2", "Bi", "Ci"]
        assert all(a["land"] is None for a in board["areas"].values())  # face down
        assert [(s["player"], s["beside"], s["cv"], s["controller"])
                for s in board["strongholds"]] == [(0, "A2", 7, 0), (1, "B2", 7, 1),
                                                   (2, "C2", 7, 2)]
        text = json.dumps(view)
        for land_id in state.aside:
            assert f'"{land_id}"' not in text
        assert "aside" not in text
        assert [p["color"] for p in view["players"]] == ["G", "W", "G"]
        assert view["legal_actions"] == ([{"type": "pass"}] if viewer == 0 else [])


def test_n_seat_state_opponents_and_a_two_player_round_trip() -> None:
    state = game(4)
    assert state.opponents(2) == [3, 0, 1]
    state.players[0].lost = True
    assert state.opponents(2) == [3, 1]
    assert game(2).opponent(1) == 0  # two players: the other one
    again = GameState.from_wire(game(2).to_wire())
    assert again.cells["S1"].extra == {"controller": 1, "cv": 7, "stronghold_of": 1,
                                       "turns_left": None}
    assert again.board.neighbours("S0") == ((0, 1),)
