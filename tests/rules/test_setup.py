"""Digest § Set-up: lands of both decks make the board in columns of five, remainder aside,
tokens on the home row, land-free libraries, opening hands and mulligans."""

from __future__ import annotations

from collections import Counter

import pytest

from frontier_desktop.record import new_game
from frontier_desktop.rules import IllegalActionError, apply, legal_actions
from tests.rules.helpers import deck, refused, run

DECK_A = deck((12, "Forest"), (11, "Swamp"), (20, "Grizzly Bears"), (4, "Giant Growth"))
DECK_B = deck((12, "Plains"), (12, "Mountain"), (20, "Hill Giant"), (4, "Lightning Bolt"))
# 47 lands: 9 columns of five, 2 set aside.


def fresh(seed: int = 7, **options):
    state, _ = new_game("frontier", [DECK_A, DECK_B], ["Ann", "Ben"], seed=seed,
                        options=options or None)
    return state


def test_every_land_of_both_decks_is_on_the_board_or_set_aside():
    state = fresh()
    board = [state.name(c.land) for c in state.cells.values()]
    aside = [state.name(a) for a in state.aside]
    assert Counter(board) + Counter(aside) == Counter(
        {"Forest": 12, "Swamp": 11, "Plains": 12, "Mountain": 12})


def test_board_is_five_deep_and_floor_n_over_five_wide_remainder_aside():
    state = fresh()
    assert (state.board.rows, state.board.cols) == (5, 47 // 5)
    assert len(state.cells) == 45
    assert len(state.aside) == 47 % 5 == 2


def test_lands_start_face_down_and_untapped():
    state = fresh()
    assert all(not c.face_up and c.tapped_by is None and c.land for c in state.cells.values())


def test_columns_are_laid_left_to_right_five_at_a_time():
    # The shuffled land pile is dealt column by column: pile[0..4] make column 0 (row 0 up).
    from frontier_desktop.rules.rng import Rng

    rng = Rng(7)
    lands = [(c, 0) for c in DECK_A if c.is_land] + [(c, 1) for c in DECK_B if c.is_land]
    rng.shuffle(lands)
    state = fresh(7)
    for i, (land, owner) in enumerate(lands[:45]):
        col, row = divmod(i, 5)
        assert state.cards[state.cells[(row, col)].land] == (land.name, owner)
    assert [state.cards[a] for a in state.aside] == [(c.name, o) for c, o in lands[45:]]


def test_lands_remember_their_owner():
    state = fresh()
    owners = Counter((state.name(c.land), state.owner(c.land)) for c in state.cells.values())
    for (name, owner) in owners:
        assert (owner == 0) == (name in ("Forest", "Swamp"))


@pytest.mark.parametrize("depth", [4, 6])
def test_board_depth_option(depth):
    state = fresh(board_depth=depth)
    assert (state.board.rows, state.board.cols) == (depth, 47 // depth)
    assert len(state.aside) == 47 % depth


def test_too_few_lands_for_one_column_is_refused():
    with pytest.raises(ValueError):
        new_game("frontier", [deck((2, "Forest"), (10, "Grizzly Bears")),
                              deck((2, "Plains"), (10, "Hill Giant"))], ["A", "B"])


def test_libraries_are_land_free_and_hands_are_seven():
    state = fresh()
    for seat, p in enumerate(state.players):
        assert len(p.hand) == 7
        assert len(p.hand) + len(p.library) == 24
        assert not any(state.card(c).is_land for c in p.hand + p.library)
        assert all(state.owner(c) == seat for c in p.hand + p.library)


def test_libraries_are_shuffled_by_the_seed():
    a, b = fresh(1), fresh(2)
    names = lambda s: [s.name(c) for c in s.players[0].library + s.players[0].hand]
    order_a = [a.name(c) for c in a.players[1].hand + a.players[1].library]
    order_b = [b.name(c) for c in b.players[1].hand + b.players[1].library]
    assert order_a != order_b or names(a) != names(b)
    assert fresh(1).to_wire() == fresh(1).to_wire()  # same seed, same game


def test_token_goes_on_a_home_row_land_of_the_players_choice():
    state = fresh()
    assert state.decision == {"kind": "place_token", "player": 0, "setup": True}
    refused(state, {"type": "place_token", "at": [4, 0]}, 0, match="home row")
    refused(state, {"type": "place_token", "at": [1, 0]}, 0, match="home row")
    refused(state, {"type": "place_token", "at": [0, 0]}, 1)  # not Ben's choice yet
    state, _events = apply(state, {"type": "place_token", "at": [0, 3]}, 0)
    token = [p for p in state.perms.values() if p.controller == 0]
    assert len(token) == 1 and token[0].at == (0, 3) and token[0].zone == "board"
    card = state.card(token[0].id)
    assert (card.base_power, card.base_toughness, card.colors) == (1, 1, ())  # colourless 1/1
    assert not state.cells[(0, 3)].face_up  # flipped only at the start of the first main phase
    assert state.decision["player"] == 1
    refused(state, {"type": "place_token", "at": [0, 1]}, 1, match="home row")
    # Bug: a token of a chosen colour crashed with NameError (_COLOUR_NAMES not imported).
    state, _ = apply(state, {"type": "place_token", "at": [4, 2], "color": "G"}, 1)
    ben = next(p for p in state.perms.values() if p.controller == 1)
    assert ben.at == (4, 2) and state.card(ben.id).colors == ("G",)


def test_token_colour_must_be_a_colour():
    state = fresh()
    from frontier_desktop.rules import InvalidActionError

    refused(state, {"type": "place_token", "at": [0, 0], "color": "X"}, 0,
            error=InvalidActionError)


def placed(state):
    return run(state, {"type": "place_token", "at": [0, 0], "seat": 0},
               {"type": "place_token", "at": [4, 0], "seat": 1})[0]


def test_mulligan_redraws_seven_and_keep_puts_one_on_the_bottom_per_mulligan():
    state = placed(fresh())
    assert state.decision == {"kind": "mulligan", "player": 0}
    list(state.players[0].hand)
    state, _ = apply(state, {"type": "mulligan"}, 0)
    p = state.players[0]
    assert len(p.hand) == 7 and len(p.hand) + len(p.library) == 24 and p.mulligans == 1
    assert True  # a reshuffle; may repeat by chance
    refused(state, {"type": "keep"}, 0, match="exactly 1")
    bottom = p.hand[2]
    state, _ = apply(state, {"type": "keep", "bottom": [bottom]}, 0)
    p = state.players[0]
    assert len(p.hand) == 6 and p.library[-1] == bottom
    assert state.decision == {"kind": "mulligan", "player": 1}
    state, _events = apply(state, {"type": "keep"}, 1)
    assert state.decision is None
    assert (state.turn, state.active, state.phase) == (1, 0, "upkeep")


def test_no_mulligans_option_starts_the_game_after_the_tokens():
    state = placed(fresh(mulligans=False))
    assert state.decision is None and state.phase == "upkeep" and state.active == 0


def test_first_player_option():
    state = fresh(first_player=1)
    assert state.decision["player"] == 1 and state.active == 1
    assert state.players[1].skip_draw and not state.players[0].skip_draw


def test_setup_actions_other_than_the_choice_are_refused():
    state = fresh()
    refused(state, {"type": "pass"}, 0, match="place token")
    assert {a.type for a in legal_actions(state, 0)} == {"place_token"}
    assert legal_actions(state, 1) == []


def test_unknown_option_is_refused():
    with pytest.raises(ValueError, match="unknown option"):
        fresh(flying_moves_three=True)
    with pytest.raises(ValueError):
        fresh(board_depth="5")
    assert IllegalActionError  # imported for symmetry with other modules


@pytest.mark.parametrize("seat", [0, 1])
def test_conceding_during_set_up_ends_the_game(seat):
    # Bug: after_action skipped every state-based check during set-up, so a player who
    # conceded before the first turn was marked lost but the game went on.
    state = fresh()
    state, events = apply(state, {"type": "concede"}, seat)
    assert state.game_over and state.winner == 1 - seat
    assert [e["type"] for e in events][-1] == "game_over"
    assert legal_actions(state, 0) == [] and legal_actions(state, 1) == []
