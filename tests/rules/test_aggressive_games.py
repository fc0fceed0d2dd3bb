"""Whole games of the two Frontier sample decks played by an aggressive bot.

The property tests pick action kinds evenly; this bot prefers attacking, casting and moving,
on a shallow board where the armies meet at once, so combat edge cases (mutual kills, trample
into stacks, deaths next to other deaths) come up in every game. Each action offered by
``legal_actions`` must apply without error, and the game must end or reach the action limit.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from frontier_desktop.cards.pool import BundledPool
from frontier_desktop.decks import Section, read_deck_file
from frontier_desktop.record import new_game, replay
from frontier_desktop.rules import acting_seat, apply, legal_actions

ROOT = Path(__file__).resolve().parents[2]
PREFERENCE = ("attack", "cast", "move", "place_token", "keep", "done_attacking", "done_moving",
              "pass")


def _deck(name: str, pool: BundledPool) -> list:
    result = read_deck_file(ROOT / "assets" / "decks" / name, cards=pool)
    assert result.is_complete, result.problems
    cards = []
    for entry in result.deck.entries:
        if entry.section is Section.MAIN:
            cards += [pool.card(entry.name)] * entry.count
    return cards


@pytest.fixture(scope="module")
def decks() -> list[list]:
    pool = BundledPool.load()
    return [_deck("frontier_bog_and_forest_walkers.txt", pool),
            _deck("frontier_banners_of_benalia.txt", pool)]


@pytest.mark.parametrize("seed", range(12))
def test_aggressive_game_never_breaks(decks: list[list], seed: int) -> None:
    state, header = new_game("frontier", decks, ["Ann", "Ben"], seed=seed,
                             options={"board_depth": 3})
    chooser = random.Random(seed)
    lines = []
    for _ in range(1500):
        seat = acting_seat(state)
        if seat is None:
            break
        by_kind: dict[str, list] = {}
        for action in legal_actions(state, seat):
            by_kind.setdefault(action.type, []).append(action)
        preferred = [k for k in PREFERENCE if k in by_kind]
        kind = preferred[0] if preferred and chooser.random() < 0.8 else chooser.choice(sorted(by_kind))
        action = chooser.choice(by_kind[kind])
        state, _ = apply(state, action, seat)
        lines.append({"seat": seat, "action": action.to_wire()})
    assert state.turn > 1
    assert replay(header, lines).to_wire() == state.to_wire()
