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


def to_upkeep(state: Any) -> Any:
    """Pass until the next player's upkeep has begun (their untap step is over)."""
    active = state.active
    for _ in range(12):
        state, _ = run(state, {"type": "pass"})
        if state.active != active and state.phase == "upkeep":
            return state
    raise AssertionError("no upkeep reached")


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


# ---------------------------------------------------------------------- lands' own abilities
def land(name: str, *, tapped_by: int | None = None, **extra: Any) -> dict[str, Any]:
    """A face-up land square holding the corpus card *name*."""
    out: dict[str, Any] = {"land": card(name), "face_up": True, "tapped_by": tapped_by}
    out.update(extra)
    return out


def board(special: dict[str, Any], at: tuple[int, int] = (0, 1)) -> list[list[Any]]:
    rows: list[list[Any]] = [[P] * 5 for _ in range(5)]
    rows[at[0]][at[1]] = special
    return rows


def test_a_pain_land_makes_colourless_freely_and_coloured_mana_for_one_damage():
    state = position(board(land("Karplusan Forest")), [unit("a", "Grizzly Bears", 0, (0, 1)), BEN],
                     players=players([]))
    tapped, events = run(state, {"type": "tap_land", "at": [0, 1]})
    assert tapped.players[0].pool["C"] == 1 and tapped.players[0].life == 20
    tapped, events = run(state, {"type": "tap_land", "at": [0, 1], "color": "G"})
    assert tapped.players[0].pool["G"] == 1 and tapped.players[0].life == 19
    assert of_type(events, "damage")[0]["amount"] == 1
    refused(state, {"type": "tap_land", "at": [0, 1], "color": "W"}, match="not W")


def test_the_table_lists_every_way_to_tap_a_land_and_auto_pay_uses_only_free_mana():
    from tests.rules.helpers import legal_wire

    state = position(board(land("Karplusan Forest")), [unit("a", "Grizzly Bears", 0, (0, 1)), BEN],
                     players=players(["Grizzly Bears"]))
    taps = {a.get("color") for a in legal_wire(state) if a["type"] == "tap_land"
            and a["at"] == [0, 1]}
    assert taps == {"C", "R", "G"}
    # Grizzly Bears costs {1}{G}: the forest's free {C} and a Plains do not make {G}.
    assert not [a for a in legal_wire(state) if a["type"] == "cast"
                and a["card"] == "Grizzly Bears" and a.get("pay")]


def test_a_filter_land_pays_its_mana_cost_from_the_pool():
    state = position(board(land("Aysen Abbey")), [unit("a", "Grizzly Bears", 0, (0, 1)), BEN],
                     players=players([]))
    refused(state, {"type": "tap_land", "at": [0, 1], "color": "W"}, match="costs {1}")
    state.players[0].pool["C"] = 2  # "{2}, {T}: Add {G} or {U}."
    state, _ = run(state, {"type": "tap_land", "at": [0, 1], "color": "U"})
    assert state.players[0].pool == {"W": 0, "U": 1, "B": 0, "R": 0, "G": 0, "C": 0}
    assert state.cells[(0, 1)].tapped_by == 0


def test_a_sacrifice_land_leaves_a_hole_for_two_mana():
    state = position(board(land("Dwarven Ruins")), [unit("a", "Grizzly Bears", 0, (0, 1)), BEN],
                     players=players([]))
    state, events = run(state, {"type": "tap_land", "at": [0, 1], "color": "{R}{R}"})
    assert state.players[0].pool["R"] == 2
    assert state.cells[(0, 1)].land is None and state.perms["a"].at == (0, 1)
    assert of_type(events, "land_destroyed")[0]["how"] == "sacrificed"


def test_a_land_that_enters_tapped_is_turned_face_up_tapped():
    rows = board({"land": card("Ebon Stronghold"), "face_up": False}, at=(1, 1))
    state = position(rows, [unit("a", "Grizzly Bears", 0, (0, 1)), BEN], players=players([]))
    state, events = run(state, {"type": "move", "unit": "a", "to": [1, 1]})
    assert state.cells[(1, 1)].face_up and state.cells[(1, 1)].tapped_by == 0
    assert of_type(events, "land_enters_tapped")
    refused(state, {"type": "tap_land", "at": [1, 1]}, match="already tapped")


def test_a_depletion_land_skips_one_untap_of_its_user():
    state = position(board(land("Lava Tubes")), [unit("a", "Grizzly Bears", 0, (0, 1)), BEN],
                     players=players([]))
    state, events = run(state, {"type": "tap_land", "at": [0, 1], "color": "R"})
    assert state.players[0].pool["R"] == 1
    assert state.cells[(0, 1)].extra == {"depletion": 1, "_used_by": 0}
    # Ann's turn ends, Ben's turn passes: Ann's untap step leaves it tapped, her upkeep
    # removes the counter; the next untap step untaps it.
    state = to_upkeep(to_upkeep(state))
    assert state.active == 0 and state.cells[(0, 1)].tapped_by == 0
    assert "depletion" not in (state.cells[(0, 1)].extra or {})
    state = to_upkeep(to_upkeep(state))
    assert state.active == 0 and state.cells[(0, 1)].tapped_by is None


def test_elves_of_deep_shadow_deal_one_damage_to_their_controller():
    state = position([[P] * 5 for _ in range(5)],
                     [unit("e", card("Elves of Deep Shadow"), 0, (0, 1)), BEN],
                     players=players([]))
    state, events = run(state, {"type": "activate", "unit": "e"})
    assert state.players[0].pool["B"] == 1 and state.players[0].life == 19
    assert "note" not in of_type(events, "activated")[0]


def test_the_tap_menu_names_a_sacrifice_lands_two_mana():
    from frontier_desktop.ui.table.menus import tap_land_label

    assert tap_land_label({"type": "tap_land", "at": [0, 1], "color": "{R}{R}"}, str) == \
        "Tap for mana (under your creature) — {R}{R}"
    assert tap_land_label({"type": "tap_land", "at": [0, 1], "via": "a", "color": "G"},
                          lambda u: "Grizzly Bears") == \
        "Tap for mana by tapping Grizzly Bears — {G}"
    assert tap_land_label({"type": "tap_land", "at": [0, 1], "ability": 1, "targets": [[4, 4]]},
                          str, lambda t: "the Plains at column 5, row 5") == \
        "Use ability 2 on the Plains at column 5, row 5 (under your creature)"


def test_a_lan_guest_may_tap_a_land_for_symbols():
    from frontier_desktop.net.protocol import check_action

    check_action({"type": "tap_land", "at": [0, 1], "color": "{R}{R}"})
    check_action({"type": "cast", "card": "h1", "pay": [{"at": [0, 1], "color": "{B}{B}"}]})


# ---------------------------------------------------------------------- lands' other abilities
def test_strip_mine_is_sacrificed_to_destroy_a_land():
    from tests.rules.helpers import legal_wire

    state = position(board(land("Strip Mine")), [unit("a", "Grizzly Bears", 0, (0, 1)), BEN],
                     players=players([]))
    uses = [a for a in legal_wire(state) if a["type"] == "tap_land" and a.get("ability") == 1]
    assert len(uses) > 10 and all(len(a["targets"]) == 1 for a in uses)  # one per land listed
    state, events = run(state, {"type": "tap_land", "at": [0, 1], "ability": 1,
                                "targets": [[4, 4]]})
    assert state.cells[(0, 1)].land is None and state.cells[(4, 4)].land is None
    assert state.perms["ben"].at == (4, 4) and state.perms["a"].at == (0, 1)
    assert [e["how"] for e in of_type(events, "land_destroyed")] == [
        "sacrificed", "destroyed by Strip Mine"]


def test_a_land_ability_next_to_a_creature_taps_that_creature():
    elephant = {"name": "Test Elephant", "type_line": "Creature — Elephant", "colors": ["G"],
                "power": "3", "toughness": "3", "keywords": [], "oracle_text": ""}
    state = position(board(land("Elephant Graveyard")),
                     [unit("a", "Grizzly Bears", 0, (0, 0)), unit("e", elephant, 0, (2, 2)), BEN],
                     players=players([]))
    refused(state, {"type": "tap_land", "at": [0, 1], "ability": 1, "targets": ["e"]},
            match="choose one of yours next to it")
    refused(state, {"type": "tap_land", "at": [0, 1], "via": "a", "ability": 1,
                    "targets": ["a"]}, match="Elephant")
    state, _ = run(state, {"type": "tap_land", "at": [0, 1], "via": "a", "ability": 1,
                           "targets": ["e"]})
    assert state.perms["a"].tapped and state.cells[(0, 1)].tapped_by == 0
    assert state.perms["e"].regen_shield == 1


# ---------------------------------------------------------------------- storage lands
def test_a_storage_land_kept_tapped_gains_a_counter_each_upkeep_and_pays_them_out():
    from tests.rules.helpers import legal_wire

    state = position(board(land("Bottomless Vault", tapped_by=0)),
                     [unit("a", "Grizzly Bears", 0, (0, 1)), BEN], players=players([]))
    assert {"type": "keep_tapped", "at": [0, 1]} in legal_wire(state)  # on: true
    refused(state, {"type": "keep_tapped", "at": [0, 2]}, match="choose not to untap")
    state, _ = run(state, {"type": "keep_tapped", "at": [0, 1]})
    state = to_upkeep(to_upkeep(state))
    assert state.cells[(0, 1)].tapped_by == 0 and state.cells[(0, 1)].extra["storage"] == 1
    state = to_upkeep(to_upkeep(state))
    assert state.cells[(0, 1)].extra["storage"] == 2
    state, _ = run(state, {"type": "keep_tapped", "at": [0, 1], "on": False})
    state = to_upkeep(to_upkeep(state))  # untaps now: no counter in this upkeep
    assert state.cells[(0, 1)].tapped_by is None and state.cells[(0, 1)].extra["storage"] == 2
    refused(state, {"type": "tap_land", "at": [0, 1], "color": "{B}{B}{B}"},
            match="2 storage counters")
    taps = [a.get("color") for a in legal_wire(state) if a["type"] == "tap_land"
            and a["at"] == [0, 1]]
    assert taps == ["B", "{B}{B}"]
    state, _ = run(state, {"type": "tap_land", "at": [0, 1], "color": "{B}{B}"})
    assert state.players[0].pool["B"] == 2 and "storage" not in state.cells[(0, 1)].extra


def test_the_tap_menu_offers_keeping_a_storage_land_tapped():
    from frontier_desktop.ui.table.menus import tap_land_label

    assert tap_land_label({"type": "keep_tapped", "at": [0, 1], "on": True}, str) == \
        "Keep it tapped in your untap steps"


# ---------------------------------------------------------------------- land searches
def test_rampant_growth_finds_no_land_in_a_frontier_library_and_shuffles_it():
    rows = [[F] * 5 for _ in range(5)]
    hand = [card("Rampant Growth")]
    library = ["Grizzly Bears", "Hill Giant", "Giant Growth", "Llanowar Elves", "Terror",
               "Lightning Bolt", "Sengir Vampire", "Hill Giant"]
    state = position(rows, [unit("a", "Grizzly Bears", 0, (0, 0)), BEN],
                     players=[{"name": "Ann", "hand": hand, "mana_pool": "{1}{G}",
                               "library": library}, {"name": "Ben"}], seed=3)
    before = [state.name(c) for c in state.players[0].library]
    state, events = run(state, {"type": "cast", "card": "Rampant Growth"})
    after = [state.name(c) for c in state.players[0].library]
    assert sorted(after) == sorted(before) and after != before  # shuffled, nothing taken
    assert of_type(events, "searched") and not of_type(events, "by_hand")


def test_a_fetch_land_is_sacrificed_and_finds_nothing():
    state = position(board(land("Bad River")), [unit("a", "Grizzly Bears", 0, (0, 1)), BEN],
                     players=players([]))
    state, events = run(state, {"type": "tap_land", "at": [0, 1], "ability": 0})
    assert state.cells[(0, 1)].land is None and of_type(events, "searched")


def test_every_land_search_is_one_clause_key_and_carried_out():
    # Two tests of "a search for lands" (fx_mana's and fx_oneshots'): a creature's "When … enters
    # the battlefield, search your library for a basic land card" was keyed a land search but
    # only spells' and abilities' land searches counted as carried out, though fx_oneshots ran
    # it. One test (mana_support.is_land_search) now, and its key is counted wherever it stands.
    from frontier_desktop.rules.effects.engine_support import EXECUTED_BY_ENGINE, clauses
    from frontier_desktop.rules.effects.reader import read_card

    keys = set()
    for what in ("a basic land card", "a land card", "an Island or Swamp card"):
        text = f"Search your library for {what}, put it into your hand, then shuffle."
        keys |= {key for key, _ in clauses(read_card("Test Search", text, "Sorcery"))}
    assert keys == {"spell:search_library_land"}
    scout = read_card("Test Scout", "When Test Scout enters the battlefield, search your library "
                      "for a basic land card, reveal it, put it into your hand, then shuffle.",
                      "Creature — Elf")
    assert [key for key, _ in clauses(scout)] == ["trigger:enters",
                                                 "triggered:search_library_land"]
    assert all(key in EXECUTED_BY_ENGINE for key, _ in clauses(scout))


# ---------------------------------------------------------------------- more mana
def test_urzas_mine_makes_two_with_the_tower_and_power_plant_under_your_creatures():
    plant = {"name": "Urza's Power-Plant", "type_line": "Land — Urza's Power-Plant",
             "oracle_text": "{T}: Add {C}. If you control an Urza's Mine and an Urza's Tower, "
                            "add {C}{C} instead."}
    rows = [[land("Urza's Mine"), land("Urza's Tower"), {"land": plant, "face_up": True}, P, P]]
    rows += [[P] * 5 for _ in range(4)]
    units = [unit("a", "Grizzly Bears", 0, (0, 0)), unit("b", "Hill Giant", 0, (0, 1)), BEN]
    state = position(rows, units, players=players([]))
    alone, _ = run(state, {"type": "tap_land", "at": [0, 0]})
    assert alone.players[0].pool["C"] == 1  # no creature of Ann's on the Power-Plant
    units.append(unit("c", "Grizzly Bears", 0, (0, 2)))
    state = position(rows, units, players=players([]))
    state, _ = run(state, {"type": "tap_land", "at": [0, 0]})
    assert state.players[0].pool["C"] == 2


def test_priest_of_yawgmoth_adds_the_sacrificed_artifacts_mana_value():
    rock = {"name": "Test Rock", "type_line": "Artifact", "mana_cost": "{3}",
            "oracle_text": ""}
    state = position([[P] * 5 for _ in range(5)],
                     [unit("p", card("Priest of Yawgmoth"), 0, (0, 1)),
                      unit("r", rock, 0, "staging"), BEN], players=players([]))
    state, events = run(state, {"type": "activate", "unit": "p", "sacrifice": ["r"]})
    assert state.players[0].pool["B"] == 3 and "r" not in state.perms
    assert "note" not in of_type(events, "activated")[0]


def test_city_of_brass_deals_one_damage_whenever_it_becomes_tapped():
    state = position(board(land("City of Brass")), [unit("a", "Grizzly Bears", 0, (0, 1)), BEN],
                     players=players([]))
    tapped, _ = run(state, {"type": "tap_land", "at": [0, 1], "color": "U"})
    assert tapped.players[0].pool["U"] == 1 and tapped.players[0].life == 19
    # Tapped by Ben's Icy Manipulator: Ann, whose creature stands on it, takes the damage.
    state = position(board(land("City of Brass")),
                     [unit("a", "Grizzly Bears", 0, (0, 1)), BEN,
                      unit("icy", card("Icy Manipulator"), 1, "staging")],
                     players=[{"name": "Ann"}, {"name": "Ben", "mana_pool": "{1}"}], active=1)
    state, _ = run(state, {"type": "activate", "unit": "icy", "targets": [[0, 1]]})
    assert state.cells[(0, 1)].tapped_by == 1 and state.players[0].life == 19
    assert state.players[1].life == 20


def test_a_mana_battery_stores_charge_counters_and_pays_them_out():
    state = position([[P] * 5 for _ in range(5)],
                     [unit("a", "Grizzly Bears", 0, (0, 1)),
                      unit("bat", card("White Mana Battery"), 0, "staging"), BEN],
                     players=players([], pool="{2}"))
    state, _ = run(state, {"type": "activate", "unit": "bat", "ability": 0})
    assert state.perms["bat"].counters == {"charge": 1} and state.perms["bat"].tapped
    state.perms["bat"].tapped = False
    state.perms["bat"].counters = {"charge": 2}
    refused(state, {"type": "activate", "unit": "bat", "ability": 1, "mana": "{W}{W}{W}{W}"},
            match="2 charge counters")
    state, events = run(state, {"type": "activate", "unit": "bat", "ability": 1,
                                "mana": "{W}{W}{W}"})
    assert state.players[0].pool["W"] == 3 and state.perms["bat"].counters == {}
    assert "note" not in of_type(events, "activated")[0]


def test_fellwar_stone_makes_a_colour_of_a_land_under_an_opponents_creature():
    rows = [[P] * 5 for _ in range(4)] + [[P, P, P, P, "Island"]]
    state = position(rows, [unit("a", "Grizzly Bears", 0, (0, 1)),
                            unit("s", card("Fellwar Stone"), 0, "staging"), BEN],
                     players=players([]))
    refused(state, {"type": "activate", "unit": "s", "mana": "G"}, match="not G")
    state, _ = run(state, {"type": "activate", "unit": "s", "mana": "U"})
    assert state.players[0].pool["U"] == 1


def test_songs_of_the_damned_adds_black_for_each_creature_card_in_the_graveyard():
    state = position([[P] * 5 for _ in range(5)], [unit("a", "Grizzly Bears", 0, (0, 1)), BEN],
                     players=[{"name": "Ann", "hand": [card("Songs of the Damned")],
                               "mana_pool": "{B}",
                               "graveyard": ["Grizzly Bears", "Hill Giant", "Giant Growth"]},
                              {"name": "Ben"}])
    state, _ = run(state, {"type": "cast", "card": "Songs of the Damned"})
    assert state.players[0].pool["B"] == 2


# ---------------------------------------------------------------------- legendary lands
def test_cathedral_of_serra_lets_its_controllers_white_legends_band():
    def legend(name: str) -> dict[str, Any]:
        return {"name": name, "type_line": "Legendary Creature — Human Knight",
                "colors": ["W"], "power": "2", "toughness": "2", "keywords": [],
                "oracle_text": ""}

    units = [unit("leg_a", legend("Test Legend One"), 0, (1, 1)),
             unit("leg_b", legend("Test Legend Two"), 0, (1, 2)), BEN]
    rows = board(land("Cathedral of Serra"), at=(0, 0))
    alone = position(rows, units, players=players([]))
    refused(alone, {"type": "move", "unit": "leg_b", "to": [1, 1]})
    state = position(rows, units + [unit("a", "Grizzly Bears", 0, (0, 0))], players=players([]))
    state, _ = run(state, {"type": "move", "unit": "leg_b", "to": [1, 1]})
    assert state.perms["leg_b"].at == (1, 1) == state.perms["leg_a"].at


def test_thermokarst_gains_a_life_only_for_a_snow_land():
    snowy = {"name": "Snow-Covered Forest", "type_line": "Basic Snow Land — Forest",
             "oracle_text": "({T}: Add {G}.)", "produced_mana": ["G"]}
    rows = [[F] * 5 for _ in range(4)] + [[F, F, F, {"land": snowy, "face_up": True}, F]]
    state = position(rows, [unit("a", "Grizzly Bears", 0, (0, 0)), BEN],
                     players=players([card("Thermokarst"), card("Thermokarst")],
                                     pool="{1}{G}{G}{1}{G}{G}"))
    state, _ = run(state, {"type": "cast", "card": "Thermokarst", "targets": [[4, 4]]})
    assert state.cells[(4, 4)].land is None and state.players[0].life == 20
    state, events = run(state, {"type": "cast", "card": "Thermokarst", "targets": [[4, 3]]})
    assert state.cells[(4, 3)].land is None and state.players[0].life == 21
    assert not of_type(events, "by_hand")


def test_icequake_damages_the_player_whose_creature_stood_on_the_snow_land():
    snowy = {"name": "Snow-Covered Forest", "type_line": "Basic Snow Land — Forest",
             "oracle_text": "({T}: Add {G}.)", "produced_mana": ["G"]}
    rows = [[F] * 5 for _ in range(4)] + [[F, F, F, F, {"land": snowy, "face_up": True}]]
    state = position(rows, [unit("a", "Grizzly Bears", 0, (0, 0)), BEN],
                     players=players([card("Icequake")], pool="{1}{B}{B}"))
    state, _ = run(state, {"type": "cast", "card": "Icequake", "targets": [[4, 4]]})
    assert state.cells[(4, 4)].land is None and state.players[1].life == 19


def test_mana_short_taps_the_lands_under_the_players_creatures_and_empties_their_pool():
    rows = [[P] * 5 for _ in range(4)] + [[P, P, P, "Island", "Island"]]
    units = [unit("a", "Grizzly Bears", 0, (0, 0)), BEN, unit("b2", "Grizzly Bears", 1, (4, 3))]
    state = position(rows, units, players=[
        {"name": "Ann", "hand": [card("Mana Short")], "mana_pool": "{2}{U}"},
        {"name": "Ben", "mana_pool": "{G}{G}"}])
    state, _ = run(state, {"type": "cast", "card": "Mana Short", "targets": [{"player": 1}]})
    assert state.cells[(4, 3)].tapped_by == 0 and state.cells[(4, 4)].tapped_by == 0
    assert state.cells[(4, 2)].tapped_by is None  # nobody stands there: nobody's land
    assert state.players[1].pool["G"] == 0


def test_spoils_of_evil_counts_the_opponents_artifact_and_creature_cards():
    state = position([[P] * 5 for _ in range(5)], [unit("a", "Grizzly Bears", 0, (0, 0)), BEN],
                     players=[{"name": "Ann", "hand": [card("Spoils of Evil")],
                               "mana_pool": "{2}{B}"},
                              {"name": "Ben", "graveyard": ["Grizzly Bears", "Giant Growth",
                                                            "Hill Giant"]}])
    state, _ = run(state, {"type": "cast", "card": "Spoils of Evil",
                           "targets": [{"player": 1}]})
    assert state.players[0].pool["C"] == 2 and state.players[0].life == 22


def test_quarum_trench_gnomes_make_a_plains_give_colourless_mana():
    state = position([[P] * 5 for _ in range(5)],
                     [unit("g", card("Quarum Trench Gnomes"), 0, (0, 0)), BEN],
                     players=players([]))
    state, _ = run(state, {"type": "activate", "unit": "g", "targets": [[0, 1]]})
    assert state.cells[(0, 1)].extra == {"colourless_instead_of": "W"}
    state.perms["g"].tapped = False
    state, events = run(state, {"type": "tap_land", "at": [0, 1], "via": "g"})
    assert state.players[0].pool["C"] == 1 and state.players[0].pool["W"] == 0


def test_mishras_workshop_mana_pays_only_for_artifact_spells():
    rock = {"name": "Test Rock", "type_line": "Artifact", "mana_cost": "{3}", "oracle_text": ""}
    state = position(board(land("Mishra's Workshop")),
                     [unit("a", "Grizzly Bears", 0, (0, 1)), BEN],
                     players=players(["Grizzly Bears", rock]))
    state, events = run(state, {"type": "tap_land", "at": [0, 1], "color": "{C}{C}{C}"})
    assert state.players[0].pool["C"] == 0 and state.extra["artifact_mana"] == {"0": 3}
    refused(state, {"type": "cast", "card": "Grizzly Bears"}, match="costs")
    state, _ = run(state, {"type": "cast", "card": "Test Rock"})
    assert "artifact_mana" not in state.extra or not state.extra["artifact_mana"]
    assert any(state.name(p) == "Test Rock" for p in state.perms)


def test_gauntlet_of_might_adds_an_additional_red_for_each_mountain_tapped():
    rows = [["Mountain", P, P, P, P]] + [[P] * 5 for _ in range(4)]
    state = position(rows, [unit("a", "Grizzly Bears", 0, (0, 0)), BEN,
                            unit("gm", card("Gauntlet of Might"), 1, "staging")],
                     players=players([]))
    state, _ = run(state, {"type": "tap_land", "at": [0, 0]})
    assert state.players[0].pool["R"] == 2
    state, _ = run(state, {"type": "tap_land", "at": [0, 1], "via": "a"})
    assert state.players[0].pool["W"] == 1 and state.players[0].pool["R"] == 2


def test_ritual_of_subdual_and_naked_singularity_change_what_lands_make():
    rows = [["Mountain", "Forest", P, P, P]] + [[P] * 5 for _ in range(4)]
    units = [unit("a", "Grizzly Bears", 0, (0, 0)), BEN]
    subdued = position(rows, units + [unit("rs", card("Ritual of Subdual"), 1, "staging")],
                       players=players([]))
    subdued, _ = run(subdued, {"type": "tap_land", "at": [0, 0]})
    assert subdued.players[0].pool["C"] == 1 and subdued.players[0].pool["R"] == 0
    naked = position(rows, units + [unit("ns", card("Naked Singularity"), 1, "staging")],
                     players=players([]))
    naked, _ = run(naked, {"type": "tap_land", "at": [0, 0]}, {"type": "tap_land", "at": [0, 1],
                                                               "via": "a"})
    assert naked.players[0].pool["U"] == 1 and naked.players[0].pool["B"] == 1
