"""Property tests of the Conquering (issue 14, conq-rules): random legal games for two, three
and four players with the bundled sample decks (``assets/decks/conquering_*.txt``).

After every action of a random legal game:

- every area has at most one controller, a seat still in the game, and only once revealed;
- conquer values are 1-6 on revealed lands (None before), 7 on strongholds;
- the win check agrees with a recount of the areas (and of the players left);
- eliminated players never act (no decision waits for them, they have no legal action and
  what they send is refused);

and replaying the recorded actions from the seed gives the same state. A random game with
the sample decks also reaches a winner within a bounded number of actions (random play
biased toward conquering and moving, which is how a table would play it).

Bounded so that the module runs in well under a minute.
"""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.card import Card
from frontier_desktop.rules.errors import RulesError
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants.conquering.actions import Conquer
from frontier_desktop.rules.variants.conquering.board import (
    STRONGHOLD_CV, WIN_AREAS, areas_of, conquer_value, controller, is_stronghold,
)
from tests.cards.deckfile import DECKS_DIR, parse_deck
from tests.rules.conquering_helpers import CQ, NAMES, play
from tests.rules.helpers import card

SAMPLE_DECKS = ("conquering_green_tide.txt", "conquering_red_horde.txt",
                "conquering_black_legion.txt", "conquering_forest_wardens.txt")


@functools.lru_cache(maxsize=None)
def sample_deck(file: str) -> tuple[Card, ...]:
    deck = parse_deck(DECKS_DIR / file)
    return tuple(card(name) for count, name in deck.main for _ in range(count))


def new_game(players: int, seed: int) -> GameState:
    return CQ.new_game([list(sample_deck(f)) for f in SAMPLE_DECKS[:players]],
                       NAMES[:players], seed=seed)


def choose(state: GameState, seat: int, rnd: random.Random, actions: list[A.Action],
           bias: float) -> A.Action:
    """A random legal action; with probability *bias* a conquest first, then a move from an
    area the mover controls to one they don't (a creature elsewhere stays to conquer), and
    casts before mana abilities."""
    conquer = [a for a in actions if isinstance(a, Conquer)]
    if conquer and rnd.random() < bias:
        return rnd.choice(conquer)
    moves = [a for a in actions if isinstance(a, A.Move)]
    onward = [a for a in moves if controller(state, a.to) != seat  # stay to conquer
              and controller(state, state.perms[a.unit].at) == seat]
    if onward and rnd.random() < bias:
        return rnd.choice(onward)
    plays = [a for a in actions if isinstance(a, A.Cast)
             or (isinstance(a, A.Activate) and rnd.random() < 1 - bias)]
    if plays and rnd.random() < 0.8:
        return rnd.choice(plays)
    return rnd.choice(actions)


def check_invariants(state: GameState) -> None:
    n = len(state.players)
    left = [s for s, p in enumerate(state.players) if not p.lost]
    for pos in state.board.places():
        owner = controller(state, pos)
        assert owner is None or owner in left or is_stronghold(state, pos), (pos, owner)
        cv = conquer_value(state, pos)
        cell = state.cells[pos]
        if is_stronghold(state, pos):
            assert cv == STRONGHOLD_CV
        elif cell.face_up:
            assert cv is not None and 1 <= cv <= 6
        else:
            assert cv is None and owner is None
    held = [pos for s in range(n) for pos in areas_of(state, s)]
    assert len(held) == len(set(held))  # no area counted for two players
    need = WIN_AREAS[n]
    best = max(len(areas_of(state, s)) for s in range(n))
    if state.game_over:
        assert state.winner is not None and not state.players[state.winner].lost
        assert len(areas_of(state, state.winner)) >= need or left == [state.winner]
    else:
        assert best < need and len(left) > 1
    for seat, player in enumerate(state.players):
        if player.lost:
            assert CQ.acting_seat(state) != seat
            assert CQ.legal_actions(state, seat) == []
            with pytest.raises(RulesError):
                play(state, A.Pass(), seat)


def random_game(players: int, seed: int, bias: float, limit: int
                ) -> tuple[GameState, list[tuple[A.Action, int]]]:
    rnd = random.Random(seed)
    state = new_game(players, seed)
    record: list[tuple[A.Action, int]] = []
    while not state.game_over and len(record) < limit:
        seat = CQ.acting_seat(state)
        assert seat is not None and not state.players[seat].lost
        actions = CQ.legal_actions(state, seat)
        assert actions, f"nothing legal for {state.players[seat].name} in {state.phase}"
        action = choose(state, seat, rnd, actions, bias)
        state, _ = play(state, action, seat)
        record.append((action, seat))
        check_invariants(state)
    return state, record


@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000),
       bias=st.sampled_from([0.3, 0.7, 0.95]))
def test_random_legal_games_keep_the_invariants_and_replay(players: int, seed: int,
                                                           bias: float) -> None:
    state, record = random_game(players, seed, bias, limit=300)
    again = new_game(players, seed)
    for action, seat in record:
        again, _ = play(again, A.action_from_wire(action.to_wire()), seat)
    assert again.to_wire() == state.to_wire()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_game_with_the_sample_decks_reaches_a_winner(players: int) -> None:
    state, record = random_game(players, seed=players, bias=0.9, limit=6000)
    assert state.game_over and state.winner is not None, len(record)
