"""Property tests of the Magic core's blocking rules in the variants that choose blocks.

In random legal play — random combat positions full of evasion (flying, reach, fear, shadow,
menace, landwalk, protection, "can't block", "can't be blocked") and random games from the
sample decks — no creature is ever blocked by a creature the core says can't block it, and no
attacker ends its blocks with fewer blockers than it needs (menace). The checks use the state
*before* each action and the core's own answer (:func:`rules.core.blocking.block_problem`), so
a variant that offered or accepted a block the core forbids is caught.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frontier_desktop.rules import legal_actions
from frontier_desktop.rules.core import blocking
from frontier_desktop.rules.engine import apply
from frontier_desktop.rules.state import GameState
from frontier_desktop.rules.variants import find_variant
from tests.rules import test_core_combat as combat
from tests.rules.army_helpers import actor, sample_game
from tests.rules.test_conquering_properties import new_game as conquering_game

POOL = [combat.BEARS, combat.ZOMBIE, combat.ANGEL, combat.SPIDER, combat.PHANTOM,
        combat.WRAITH, combat.SPECTER, combat.SHADE, combat.MENACE, combat.CRAVEN,
        combat.KNIGHT, combat.BLACK_KNIGHT, combat.PRO_BLACK, combat.STRIKER,
        combat.DEATH_TRAMPLE, combat.GOLEM, combat.GIANT, combat.INTIMIDATE, combat.RIDER]


def _checked_step(state: GameState, action: Any, seat: int) -> tuple[GameState, list[Any]]:
    """Apply *action*, checking every block it makes against the core on the state before."""
    where = find_variant(state.variant).where
    after, events = apply(state, action, seat)
    for event in events:
        if event["type"] == "block":
            blocker, attacker = state.perms[event["blocker"]], state.perms[event["attacker"]]
            assert blocking.block_problem(state, where, blocker, attacker) is None, event
        if event["type"] == "done_blocking" and isinstance(event.get("blocks"), dict):
            counts: dict[str, int] = {}
            for attacker in event["blocks"].values():
                counts[attacker] = counts.get(attacker, 0) + 1
            for attacker, count in counts.items():
                if attacker in state.perms:
                    assert count >= blocking.min_blockers(state, where, state.perms[attacker])
    return after, events


def _play(state: GameState, rnd: random.Random, steps: int,
          prefer: Callable[[list[Any]], list[Any]] = lambda options: options) -> GameState:
    for _ in range(steps):
        if state.game_over:
            break
        seat = actor(state)
        options = legal_actions(state, seat)
        assert options, f"nothing legal for seat {seat} in {state.phase}"
        state, _ = _checked_step(state, rnd.choice(prefer(options)), seat)
    return state


def _blocks_first(options: list[Any]) -> list[Any]:
    fights = [a for a in options if a.type in ("attack", "conquer", "block")]
    return fights or options


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(attackers=st.lists(st.sampled_from(POOL), min_size=1, max_size=3),
       defenders=st.lists(st.sampled_from(POOL), min_size=1, max_size=4),
       land=st.sampled_from(["Forest", "Swamp", "Plains"]), seed=st.integers(0, 1000))
def test_army_blocks_only_as_the_core_allows(attackers: list[Any], defenders: list[Any],
                                             land: str, seed: int) -> None:
    state = combat._army(attackers, defenders, attacked_land=land)
    ids = [f"a{i}" for i in range(1, len(attackers) + 1)]
    options = [a for a in legal_actions(state, 0) if a.type == "attack"]
    if not options:
        return  # only defenders and walls: nothing may attack
    rnd = random.Random(seed)
    state, _ = _checked_step(state, rnd.choice(options), 0)
    _play(state, rnd, 30, _blocks_first)
    assert ids


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(attackers=st.lists(st.sampled_from(POOL), min_size=1, max_size=3),
       defenders=st.lists(st.sampled_from(POOL), min_size=1, max_size=4),
       area=st.sampled_from(["Forest", "Swamp", "Plains"]), seed=st.integers(0, 1000))
def test_conquering_blocks_only_as_the_core_allows(attackers: list[Any], defenders: list[Any],
                                                   area: str, seed: int) -> None:
    state, mine, _ = combat._cq(attackers, defenders, area=area)
    rnd = random.Random(seed)
    conquests = [a for a in legal_actions(state, 0) if a.type == "conquer"]
    if not conquests:
        return
    state, _ = _checked_step(state, rnd.choice(conquests), 0)
    _play(state, rnd, 30, _blocks_first)
    assert mine


@settings(max_examples=6, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_random_games_never_block_against_the_core(seed: int, players: int) -> None:
    rnd = random.Random(seed)
    _play(sample_game(seed), rnd, 250, _blocks_first)
    _play(conquering_game(players, seed), rnd, 250, _blocks_first)
