"""Property tests of random War Game games (issue 15): two to four players, the Forest Host
sample deck, random legal play. Supply never goes negative; after every action with nothing
waiting, no creature holds damage at or above its toughness; no player has more than three
creatures in their own stronghold; the same seed and actions replay exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import given, settings, strategies as st

from frontier_desktop.rules import actions as A
from frontier_desktop.rules.variants.wargame.board import STRONGHOLD_LIMIT, stronghold
from tests.rules.wargame_helpers import NAMES, WG, play, supply, wargame_view

ROOT = Path(__file__).resolve().parents[2]
ACTIONS_PER_GAME = 300


def _deck() -> list:
    from frontier_desktop.cards.pool import BundledPool
    from frontier_desktop.decks import Section, read_deck_file

    pool = BundledPool.load()
    result = read_deck_file(ROOT / "assets/decks/wargame_forest_host.txt", cards=pool)
    cards = []
    for entry in result.deck.entries:
        if entry.section is Section.MAIN:
            card = pool.card(entry.name)
            assert card is not None
            cards.extend([card] * entry.count)
    return cards


DECK = _deck()


def _check(state) -> None:
    for seat in range(len(state.players)):
        assert supply(state, seat) >= 0
        home = [p for p in state.board_creatures()
                if p.controller == seat and p.at == stronghold(seat)]
        assert len(home) <= STRONGHOLD_LIMIT
    if state.decision is None and not state.stack:
        for perm in state.board_creatures():
            assert perm.damage < WG.effective_pt(state, perm)[1], state.name(perm.id)


def _random_game(players: int, seed: int, ask: bool):
    state = WG.new_game([DECK] * players, NAMES[:players], seed=seed)
    for player in state.players:
        player.assign = ask
    chooser = random.Random(seed)
    played = []
    for _ in range(ACTIONS_PER_GAME):
        if state.game_over:
            break
        seat = WG.acting_seat(state)
        options = WG.legal_actions(state, seat)
        assert options, f"{state.players[seat].name} has nothing to do in {state.phase}"
        busy = [a for a in options if not isinstance(a, A.Pass)]
        action = chooser.choice(busy) if busy and chooser.random() < 0.6 \
            else chooser.choice(options)
        state, _ = play(state, action, seat)
        played.append((action.to_wire(), seat))
        _check(state)
    return state, played


@settings(max_examples=12, deadline=None, derandomize=True)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), ask=st.booleans())
def test_random_games_keep_the_invariants_and_replay_exactly(players: int, seed: int,
                                                             ask: bool) -> None:
    state, played = _random_game(players, seed, ask)
    again = WG.new_game([DECK] * players, NAMES[:players], seed=seed)
    for player in again.players:
        player.assign = ask
    for wire, seat in played:
        again, _ = play(again, wire, seat)
    assert json.dumps(wargame_view(again, None, reveal=True), sort_keys=True) == \
        json.dumps(wargame_view(state, None, reveal=True), sort_keys=True)
