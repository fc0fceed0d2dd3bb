"""Digest § Turn: untap (only the lands you tapped), upkeep, draw, main, end/cleanup (hand
size); the first main phase flips the land under the token; the first player skips the draw."""

from __future__ import annotations

from frontier_desktop.record import new_game
from frontier_desktop.rules import apply
from tests.rules.helpers import deck, of_type, position, refused, run, unit

DECK_A = deck((13, "Forest"), (20, "Grizzly Bears"))
DECK_B = deck((12, "Mountain"), (20, "Hill Giant"))


def started(**options):
    state, _ = new_game("frontier", [DECK_A, DECK_B], ["Ann", "Ben"], seed=3,
                        options={"mulligans": False, **options})
    first = options.get("first_player", 0)
    home = {0: [0, 1], 1: [4, 2]}
    state, _ = run(state, {"type": "place_token", "at": home[first], "seat": first},
                   {"type": "place_token", "at": home[1 - first], "seat": 1 - first})
    return state


def test_phases_run_upkeep_draw_main_end_then_the_other_players_turn():
    state = started()
    seen = [(state.turn, state.active, state.phase)]
    for _ in range(5):
        state, _ = apply(state, {"type": "pass"})
        seen.append((state.turn, state.active, state.phase))
    assert seen == [(1, 0, "upkeep"), (1, 0, "draw"), (1, 0, "main"), (1, 0, "end"),
                    (2, 1, "upkeep"), (2, 1, "draw")]


def test_first_player_skips_the_first_draw_the_second_does_not():
    state = started()
    hand0 = len(state.players[0].hand)
    state, events = run(state, {"type": "pass"}, {"type": "pass"})
    assert len(state.players[0].hand) == hand0 and of_type(events, "skip_draw")
    state, _ = run(state, {"type": "pass"}, {"type": "pass"})  # main, end -> Ben's upkeep
    hand1 = len(state.players[1].hand)
    state, events = apply(state, {"type": "pass"})  # Ben's draw step
    assert len(state.players[1].hand) == hand1 + 1
    drew = of_type(events, "drew")
    assert len(drew) == 1 and drew[0]["player"] == 1


def test_first_player_option_makes_the_other_skip_the_draw():
    state = started(first_player=1)
    assert state.active == 1
    hand = len(state.players[1].hand)
    state, _ = run(state, {"type": "pass"}, {"type": "pass"})
    assert len(state.players[1].hand) == hand


def test_first_main_phase_flips_the_land_under_the_token_and_only_then():
    state = started()
    assert not state.cells[(0, 1)].face_up and not state.cells[(4, 2)].face_up
    state, _ = run(state, {"type": "pass"})  # draw
    assert not state.cells[(0, 1)].face_up
    state, events = apply(state, {"type": "pass"})  # main
    assert state.phase == "main" and state.cells[(0, 1)].face_up
    assert of_type(events, "revealed")[0]["at"] == [0, 1]
    assert not state.cells[(4, 2)].face_up  # Ben's flips on his own first turn
    state, _ = run(state, {"type": "pass"}, {"type": "pass"}, {"type": "pass"})
    assert (state.active, state.phase) == (1, "draw") and not state.cells[(4, 2)].face_up
    state, _ = apply(state, {"type": "pass"})
    assert state.phase == "main" and state.cells[(4, 2)].face_up
    # Later turns flip nothing more.
    state, _ = run(state, {"type": "pass"}, {"type": "discard", "card": state.players[1].hand[0]},
                   *[{"type": "pass"}] * 3)
    assert (state.turn, state.active, state.phase) == (3, 0, "main")
    assert sum(c.face_up for c in state.cells.values()) == 2


ROWS = [["Forest*", "Forest", "Forest"], ["Forest", "Mountain", "Forest"],
        ["Mountain", "Mountain", "Mountain"]]
# Each player keeps a creature, so no free-token choice interrupts the scenario.
BOTH = [unit("x", "Grizzly Bears", 0, (0, 2)), unit("y", "Hill Giant", 1, (2, 2))]


def test_untap_only_the_lands_you_tapped():
    rows = [["Forest", {"land": "Forest", "tapped_by": 0}, {"land": "Mountain", "tapped_by": 1}],
            ["Forest", "Forest", "Forest"], ["Mountain", "Mountain", "Mountain"]]
    state = position(rows, [unit("a", "Grizzly Bears", 0, (0, 0), tapped=True),
                            unit("b", "Hill Giant", 1, (2, 0), tapped=True)], phase="end")
    state, events = apply(state, {"type": "pass"})
    assert (state.active, state.phase) == (1, "upkeep")
    assert state.cells[(0, 1)].tapped_by == 0  # Ann's land stays tapped on Ben's turn
    assert state.cells[(0, 2)].tapped_by is None
    assert not state.perms["b"].tapped and state.perms["a"].tapped
    assert of_type(events, "untap")[0] == {"type": "untap", "player": 1, "lands": [[0, 2]]}


def test_the_engine_records_who_tapped_each_land():
    rows = [["Forest", "Forest"], ["Forest", "Forest"], ["Mountain", "Mountain"]]
    state = position(rows, [unit("a", "Grizzly Bears", 0, (0, 0)),
                            unit("b", "Hill Giant", 1, (2, 0))])
    state, _ = apply(state, {"type": "tap_land", "at": [0, 0]})
    state, _ = apply(state, {"type": "tap_land", "at": [2, 0]}, 1)  # instant speed, Ben's land
    assert state.cells[(0, 0)].tapped_by == 0 and state.cells[(2, 0)].tapped_by == 1
    state, _ = run(state, {"type": "pass"}, {"type": "pass"})  # main -> end -> Ben's turn
    assert state.active == 1
    assert state.cells[(0, 0)].tapped_by == 0 and state.cells[(2, 0)].tapped_by is None


def test_untap_clears_sickness_moved_and_attacked_of_the_active_player_only():
    state = position(ROWS, [unit("a", "Grizzly Bears", 0, (0, 0), moved=True, attacked=True),
                            unit("s", "Grizzly Bears", 0, "staging", sick=True),
                            unit("b", "Hill Giant", 1, (2, 0), sick=True, moved=True)],
                     phase="end", active=1)
    state, _ = apply(state, {"type": "pass"})
    assert state.active == 0
    a, s, b = state.perms["a"], state.perms["s"], state.perms["b"]
    assert not (a.moved or a.attacked or s.sick)
    assert b.sick and b.moved


def test_hand_size_discard_at_end_of_turn():
    hand = ["Grizzly Bears"] * 9
    state = position(ROWS, BOTH, players=[{"name": "Ann", "hand": hand}, {"name": "Ben"}],
                     phase="end")
    refused(state, {"type": "pass"}, match="discard down to 7")
    state, _events = apply(state, {"type": "discard", "card": "Grizzly Bears"})
    assert len(state.players[0].hand) == 8 and len(state.players[0].graveyard) == 1
    refused(state, {"type": "pass"}, match="discard")
    state, _ = apply(state, {"type": "discard", "card": state.players[0].hand[0]})
    refused(state, {"type": "discard", "card": "Grizzly Bears"}, match="discard only")
    state, _ = apply(state, {"type": "pass"})
    assert state.active == 1


def test_hand_size_option():
    state = position(ROWS, BOTH, players=[{"name": "Ann", "hand": ["Grizzly Bears"] * 6},
                                        {"name": "Ben"}], phase="end", options={"hand_size": 5})
    refused(state, {"type": "pass"}, match="discard down to 5")


def test_discard_only_at_end_of_turn():
    state = position(ROWS, BOTH, players=[{"name": "Ann", "hand": ["Grizzly Bears"] * 9},
                                        {"name": "Ben"}])
    refused(state, {"type": "discard", "card": "Grizzly Bears"})


def test_cleanup_ends_until_end_of_turn_effects_and_damage():
    state = position(ROWS, [unit("a", "Grizzly Bears", 0, (1, 1), damage=1), *BOTH], phase="end")
    state, _ = apply(state, {"type": "pt_change", "unit": "a", "power": 3, "toughness": 3})
    state, _ = apply(state, {"type": "pass"})
    assert state.perms["a"].damage == 0 and state.perms["a"].pt_mod == (0, 0)


def test_mana_pools_empty_between_steps():
    state = position(ROWS, BOTH, players=[{"name": "Ann", "mana_pool": "{G}{G}"}, {"name": "Ben"}])
    state, _ = apply(state, {"type": "pass"})
    assert sum(state.players[0].pool.values()) == 0


def test_the_non_active_player_may_not_pass_the_active_players_turn():
    state = position(ROWS, BOTH)
    refused(state, {"type": "pass"}, 1, match="turn")
