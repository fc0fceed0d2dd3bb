"""fx-mana (issue 12): mana from spells, land squares as targets, land abilities on the board.

Each test casts or activates a real card (from ``../shared/corpus/classic-dev.jsonl``) in a
small Frontier position through ``apply`` and checks the state after.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from tests.rules.helpers import of_type, position, refused, run, unit

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "classic-dev.jsonl"
P, F = "Plains", "Forest"


@functools.lru_cache(maxsize=1)
def _corpus() -> dict[str, dict[str, Any]]:
    if not CORPUS.exists():
        return {}
    out = {}
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        if line.strip():
            data = json.loads(line)
            out[data["name"]] = data
    return out


def card(name: str) -> dict[str, Any]:
    """The corpus card object (Scryfall fields), or skip when ../shared is absent."""
    found = _corpus().get(name)
    if found is None:
        pytest.skip(f"{CORPUS} (the classic corpus) is not available")
    keep = ("name", "mana_cost", "type_line", "colors", "power", "toughness", "keywords",
            "oracle_text", "produced_mana", "cmc")
    return {k: found[k] for k in keep if k in found}


def players(hand: list[Any], pool: str = "", life: int = 20) -> list[dict[str, Any]]:
    return [{"name": "Ann", "hand": hand, "mana_pool": pool, "life": life},
            {"name": "Ben", "hand": [], "mana_pool": ""}]


BEN = unit("ben", "Hill Giant", 1, (4, 4))


# ---------------------------------------------------------------------- Dark Ritual
def test_dark_ritual_adds_three_black_mana_that_pays_for_a_spell():
    state = position([[P] * 5 for _ in range(5)], [unit("a", "Grizzly Bears", 0, (0, 0)), BEN],
                     players=players([card("Dark Ritual"), "Sengir Vampire"], pool="{B}{2}"))
    state, events = run(state, {"type": "cast", "card": "Dark Ritual"})
    assert state.players[0].pool["B"] == 3 and state.players[0].pool["C"] == 2
    assert of_type(events, "mana_added")[0]["mana"] == "{B}{B}{B}"
    assert not of_type(events, "by_hand")
    state, _ = run(state, {"type": "cast", "card": "Sengir Vampire"})
    assert any(state.name(p) == "Sengir Vampire" for p in state.perms)


# ---------------------------------------------------------------------- land destruction
def test_stone_rain_makes_a_hole_and_the_creature_on_it_stays():
    state = position([[P] * 5, [P] * 5, [P, P, F, P, P], [P] * 5, [P] * 5],
                     [unit("a", "Grizzly Bears", 0, (0, 0)), unit("g", "Hill Giant", 1, (2, 2)),
                      BEN],
                     players=players([card("Stone Rain")], pool="{2}{R}"))
    state, events = run(state, {"type": "cast", "card": "Stone Rain", "targets": [[2, 2]]})
    assert state.cells[(2, 2)].land is None  # a hole
    assert state.perms["g"].at == (2, 2)
    assert [state.name(c) for c in state.players[1].land_graveyard or
            state.players[0].land_graveyard] == ["Forest"]
    assert of_type(events, "land_destroyed") and not of_type(events, "by_hand")


def test_stone_rain_refuses_a_creature_and_fissure_takes_either():
    state = position([[P] * 5 for _ in range(5)],
                     [unit("a", "Grizzly Bears", 0, (0, 0)), unit("g", "Hill Giant", 1, (2, 2)),
                      BEN],
                     players=players([card("Stone Rain"), card("Fissure")], pool="{2}{R}{3}{R}{R}"))
    refused(state, {"type": "cast", "card": "Stone Rain", "targets": ["g"]})
    state, _ = run(state, {"type": "cast", "card": "Fissure", "targets": ["g"]})
    assert "g" not in state.perms
    state, _ = run(state, {"type": "cast", "card": "Stone Rain", "targets": [[3, 3]]})
    assert state.cells[(3, 3)].land is None


def test_fissure_destroys_a_land_square():
    state = position([[P] * 5 for _ in range(5)], [unit("a", "Grizzly Bears", 0, (0, 0)), BEN],
                     players=players([card("Fissure")], pool="{3}{R}{R}"))
    state, _ = run(state, {"type": "cast", "card": "Fissure", "targets": [[4, 4]]})
    assert state.cells[(4, 4)].land is None and state.perms["ben"].at == (4, 4)


# ---------------------------------------------------------------------- tap / untap a land
def test_icy_manipulator_taps_a_land_which_its_controller_then_cannot_tap():
    state = position([[P] * 5 for _ in range(5)],
                     [unit("a", "Grizzly Bears", 0, (0, 0)), unit("icy", card("Icy Manipulator"), 0,
                                                                 "staging"), BEN],
                     players=players([], pool="{1}"))
    state, events = run(state, {"type": "activate", "unit": "icy", "targets": [[4, 4]]})
    assert state.cells[(4, 4)].tapped_by == 0  # untaps in Ann's untap step
    assert of_type(events, "land_tapped_by_effect")
    refused(state, {"type": "tap_land", "at": [4, 4], "seat": 1}, seat=1,
            match="already tapped")


def test_ley_druid_untaps_a_tapped_land():
    state = position([[P, "Plains*", P, P, P]] + [[P] * 5 for _ in range(4)],
                     [unit("d", card("Ley Druid"), 0, (0, 0)), BEN],
                     players=players([]))
    assert state.cells[(0, 1)].tapped_by == 0
    state, _ = run(state, {"type": "activate", "unit": "d", "targets": [[0, 1]]})
    assert state.cells[(0, 1)].tapped_by is None and state.perms["d"].tapped


def test_the_log_says_in_words_what_a_land_effect_did():
    from frontier_desktop.ui.table.words import event_words, Namer

    state = position([[P] * 5 for _ in range(5)], [unit("a", "Grizzly Bears", 0, (0, 0)), BEN],
                     players=players([card("Dark Ritual")], pool="{B}"))
    _, events = run(state, {"type": "cast", "card": "Dark Ritual"})
    line = event_words(of_type(events, "mana_added")[0], Namer(["Ann", "Ben"]))
    assert line is not None and "adds {B}{B}{B} (Dark Ritual)" in line
