"""The legal-action generator's speed-ups change no answer (issue 12's bench figure).

``legal_actions`` caches pure functions of immutable data (a land's automatic-payment payer,
parsed costs, whether the engine carries out any clause of a card's spell text) and
plans payments with a forward scan. These tests recompute the answers the straightforward
way and compare:

- automatic payment against the planner as it was written before (rebuilding every payer and
  rescanning them for each generic symbol), on random lands, abilities, pools and costs, also
  with the payers ranked once and some left out (as for a permanent's own ability);
- ``legal_actions`` with every cache warm against the same call after clearing them all, over
  the states of random games and the bench's positions (one with a spell on the stack), visited
  in a different order, so that an answer kept from another state would show.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from frontier_desktop.position import load_position
from frontier_desktop.record import new_game
from frontier_desktop.rules import acting_seat, apply, legal_actions, mana
from frontier_desktop.rules.mana import POOL_ORDER, parse_cost, parse_pool, pay
from frontier_desktop.rules.core import shared, spell_reading
from frontier_desktop.rules.core.shared import (
    Payer, plan_payment, plan_payment_ranked, ranked_payers,
)
from tests.rules.helpers import card, pool

ROOT = Path(__file__).resolve().parents[2]
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


# ---------------------------------------------------------------------- automatic payment
def reference_plan(pool_: dict[str, int], life: int, cost: str, sources: list[Any],
                   abilities: list[Payer]) -> list[Any] | None:
    """plan_payment as written before the speed-up: fresh payers, full rescans."""
    if pay(pool_, cost, life=life) is not None:
        return []
    try:
        symbols = parse_cost(cost)
    except ValueError:
        return None
    lands = [Payer(0 if via is None else 2, tuple(f"{{{c}}}" for c in makes), land=pos, via=via)
             for pos, via, makes in sources]
    payers = sorted(lands + list(abilities), key=lambda p: p.rank)
    have = {k: pool_.get(k, 0) for k in POOL_ORDER}
    extra = {k: 0 for k in POOL_ORDER}
    chosen: list[tuple[Payer, str]] = []
    used_lands: set[Any] = set()
    used_units: set[str] = set()

    def tapped(p: Payer) -> frozenset[str]:
        return frozenset(x for x in (p.via, p.unit) if x is not None)

    def usable(p: Payer) -> bool:
        return (p.land is None or p.land not in used_lands) and not (tapped(p) & used_units)

    def take(p: Payer, option: str) -> None:
        chosen.append((p, option))
        if p.land is not None:
            used_lands.add(p.land)
        used_units.update(tapped(p))
        for kind, n in parse_pool(option).items():
            have[kind] += n
            extra[kind] += n

    for sym in symbols:
        if sym not in POOL_ORDER:
            continue
        if have[sym] <= 0:
            options = [p for p in payers if usable(p) and any(sym in o for o in p.options)]
            if not options:
                return None
            best = min(options, key=lambda p: (p.rank, len(p.options)))
            take(best, max((o for o in best.options if sym in o),
                           key=lambda o: parse_pool(o)[sym]))
        have[sym] -= 1
    while pay({k: pool_.get(k, 0) + extra[k] for k in POOL_ORDER}, cost, life=life) is None:
        rest = [p for p in payers if usable(p)]
        if not rest:
            return None
        take(rest[0], rest[0].options[0])
    return [p.entry(option) for p, option in chosen]


COSTS = ("{G}", "{1}{G}", "{3}{W}{W}", "{2}{R}{R}", "{X}{R}", "{4}", "{G/W}{1}", "{B/P}{2}",
         "{U}{U}{U}", "{C}{1}", "{0}", "", "{2}{G}{G}{W}")
UNITS = ("a0", "a1", "a2", "a3")

sources_st = st.lists(st.tuples(
    st.tuples(st.integers(0, 4), st.integers(0, 4)),
    st.sampled_from((None,) + UNITS),
    st.lists(st.sampled_from("WUBRGC"), min_size=1, max_size=3, unique=True).map(tuple)),
    max_size=12)
abilities_st = st.lists(st.builds(
    lambda rank, options, unit, ability: Payer(rank, options, unit=unit, ability=ability),
    st.sampled_from((1, 3)),
    st.lists(st.sampled_from(("{G}", "{R}", "{C}{C}", "{W}", "{B}{B}")), min_size=1,
             max_size=3, unique=True).map(tuple),
    st.sampled_from(UNITS + ("m0", "m1")), st.integers(0, 1)), max_size=4)
pool_st = st.dictionaries(st.sampled_from(POOL_ORDER), st.integers(0, 2))


@settings(max_examples=300, deadline=None)
@given(sources_st, abilities_st, pool_st, st.sampled_from(COSTS), st.integers(0, 6))
def test_plan_payment_matches_the_straightforward_planner(sources, abilities, pool_, cost,
                                                          life) -> None:
    expected = reference_plan(pool_, life, cost, sources, abilities)
    assert plan_payment(pool_, life, cost, sources, abilities) == expected
    # Twice: the second call runs on warm caches.
    assert plan_payment(pool_, life, cost, sources, abilities) == expected
    # legal_actions ranks the payers once, then leaves out those of the permanent whose own
    # ability is being paid for.
    ranked = ranked_payers(sources, abilities)
    for unit in UNITS[:2]:
        assert plan_payment_ranked(pool_, life, cost, [
            p for p in ranked if p.via != unit and p.unit != unit]) == reference_plan(
            pool_, life, cost, [s for s in sources if s[1] != unit],
            [p for p in abilities if p.unit != unit])


def test_a_bad_cost_still_raises_every_time() -> None:
    # parse_cost is cached; errors are not, and the list handed out is the caller's own.
    for _ in range(2):
        with pytest.raises(ValueError):
            parse_cost("{2}G")
    symbols = parse_cost("{2}{G}")
    symbols.append("R")
    assert parse_cost("{2}{G}") == ["2", "G"]


# ---------------------------------------------------------------------- legal_actions
def _clear_caches() -> None:
    for cached in (shared._land_payer, shared._option_mana, mana._cost_symbols,
                   spell_reading.spell_effects, spell_reading.spell_executed):
        cached.cache_clear()


def _bench_positions() -> list[Any]:
    spec = importlib.util.spec_from_file_location("bench_rules",
                                                  ROOT / "build_scripts" / "bench_rules.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    with_stack = bench.mid_game_position()
    with_stack["stack"] = [{"card": "Lightning Bolt", "controller": 1, "targets": ["a2"]}]
    rich = bench.mid_game_position()
    rich["players"][0]["mana_pool"] = "{G}{G}{R}{W}{W}{B}{U}{C}"
    return [load_position(p, pool().card) for p in (bench.mid_game_position(), with_stack, rich,
                                                    bench.army_mid_game_position())]


def _random_game_states(variant: str, seed: int, steps: int) -> list[Any]:
    chooser = random.Random(seed)
    spells = sorted({c.name for c in (card(o["name"]) for o in pool())
                     if not c.is_land and c.type_line})
    decks = [[card(chooser.choice(BASICS)) for _ in range(16)]
             + [card(chooser.choice(spells)) for _ in range(26)] for _ in range(2)]
    state, _ = new_game(variant, decks, ["Ann", "Ben"], seed=seed)
    states = [state]
    for _ in range(steps):
        seat = acting_seat(state)
        if seat is None:
            break
        by_kind: dict[str, list[Any]] = {}
        for action in legal_actions(state, seat):
            by_kind.setdefault(action.type, []).append(action)
        if not by_kind:
            break
        preferred = [k for k in ("cast", "activate", "attack", "block", "choose", "move",
                                 "place_token", "place", "keep", "pass") if k in by_kind]
        kind = preferred[0] if preferred and chooser.random() < 0.7 else \
            chooser.choice(sorted(by_kind))
        state, _ = apply(state, chooser.choice(by_kind[kind]), seat)
        states.append(state)
    return states


@pytest.mark.parametrize("variant,seed", [("frontier", 1), ("frontier", 4), ("army", 2)])
def test_legal_actions_on_cold_caches_match_warm_ones(variant: str, seed: int) -> None:
    states = _bench_positions() + _random_game_states(variant, seed, 150)
    warm = [[legal_actions(s, seat) for seat in range(len(s.players))] for s in states]
    assert any(a.type == "cast" and a.targets for seats in warm for acts in seats for a in acts)
    for index in reversed(range(len(states))):
        _clear_caches()
        state = states[index]
        cold = [legal_actions(state, seat) for seat in range(len(state.players))]
        assert cold == warm[index], f"state {index}"
