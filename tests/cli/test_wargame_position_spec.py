"""``frontier-desktop position`` for the War Game, read line by line against
``shared/spec/variant-positions.md`` and ``position-format.md``: one test per field or rule
(in process, through the command's own ``main``: exit code, one JSON object on stdout or one
line on stderr). The three-player combat with a division is played from
``assets/positions/wargame-three-way-division.json`` through ``--apply``."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests.cli.test_army_position_spec import Run
from tests.conftest import find_shared_dir

REPO = Path(__file__).resolve().parent.parent.parent
THREE = json.loads((REPO / "assets" / "positions" / "wargame-three-way-division.json")
                   .read_text())
PHASES = ["untap", "draw", "supply", "heal", "movement", "combat", "casting", "discard"]
MOVE = {"type": "move", "unit": "giant", "to": [1, 2]}
PASS = {"type": "pass"}
TREMOR = {"name": "Tremor", "type_line": "Sorcery", "mana_cost": "{R}", "cmc": 1,
          "colors": ["R"], "oracle_text": "Tremor deals 1 damage to each creature without "
                                          "flying."}


def repro(name: str, actions: str | None = None) -> tuple[dict, list[dict]]:
    """The audit's repro *name* (``shared/repros/wargame-rules``): its position and the
    actions of *actions* (default: the same name), skipped when ``shared`` is absent."""
    shared = find_shared_dir()
    where = shared / "repros" / "wargame-rules" if shared is not None else None
    if where is None or not (where / f"{name}.json").exists():
        pytest.skip("the audit repros (shared/repros/wargame-rules) are not beside the project")
    doc = json.loads((where / f"{name}.json").read_text(encoding="utf-8"))
    lines = (where / f"{actions or name}.jsonl").read_text(encoding="utf-8").splitlines() \
        if (where / f"{actions or name}.jsonl").exists() else []
    return doc, [json.loads(line) for line in lines if line.strip()]


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    monkeypatch.setenv("FRONTIER_OFFLINE", "1")  # no card name may reach Scryfall here


@pytest.fixture
def run(tmp_path):
    return Run(tmp_path)


def three(**changes):
    doc = copy.deepcopy(THREE)
    doc.update(changes)
    return doc


def two(**changes):
    """Ann and Ben on a 3x5 of Plains (no colour bonus, no island or mountain rule)."""
    doc = {"format": "frontier-position/1", "variant": "wargame", "active": 0,
           "phase": "movement", "seed": 3,
           "players": [{"name": "Ann"}, {"name": "Ben"}],
           "board": {"rows": [["Plains"] * 5 for _ in range(3)]},
           "units": []}
    doc.update(changes)
    return doc


def unit(out, uid):
    return next(u for u in out["units"] if u["id"] == uid)


def events(out, kind):
    return [e for e in out["events"] if e["type"] == kind]


# ---------------------------------------------------------------- the example

def test_the_example_ann_divides_her_giants_damage_between_ben_and_cat(run):
    out = run.ok(three(), MOVE, PASS)
    assert out["phase"] == "combat"
    assert out["pending"]["seat"] == 0 and out["pending"]["kind"] == "assign"
    option = out["pending"]["options"][0]
    assert (option["at"], option["amount"], option["units"]) == ([1, 2], 3, ["bears", "rival"])
    assert option["caps"] == {"bears": 1, "rival": 3}  # the Bears carry 1 damage already
    out = run.ok(three(), MOVE, PASS,
                 {"type": "assign", "at": [1, 2], "damage": {"bears": 1, "rival": 2}})
    assert out["pending"] is None
    dealt = {(e["source"], e["target"]): e["amount"] for e in events(out, "damage")}
    assert dealt[("giant", "bears")] == 1 and dealt[("giant", "rival")] == 2
    assert [(u["id"], u["damage"], u["at"]) for u in out["units"]] == [("rival", 2, [1, 2])]
    assert [p["removed"] for p in out["players"]] == [3, 1, 1]  # the dead go to the pile


def test_an_assign_that_is_not_the_whole_amount_is_refused_with_its_line(run):
    line = run.fails(three(), MOVE, PASS,
                     {"type": "assign", "at": [1, 2], "damage": {"bears": 1}})
    assert "line 3" in line and "3" in line


def test_an_assign_at_another_place_is_refused(run):
    line = run.fails(three(), MOVE, PASS,
                     {"type": "assign", "at": [0, 0], "damage": {"bears": 1, "rival": 2}})
    assert "line 3" in line


def test_without_assign_the_engine_divides_and_no_decision_waits(run):
    doc = three()
    doc["players"][0]["assign"] = False
    out = run.ok(doc, MOVE, PASS)
    assert out["pending"] is None and events(out, "damage")


# ---------------------------------------------------------------- phases

@pytest.mark.parametrize("phase", PHASES)
def test_every_war_game_phase_name_is_accepted(run, phase):
    assert run.ok(two(phase=phase))["phase"] == phase


def test_a_file_in_the_supply_step_is_taken_as_just_after_the_roll(run):
    doc = two(phase="supply")
    doc["players"][0]["supply"] = 4
    out = run.ok(doc, PASS)
    assert out["phase"] == "heal" and out["players"][0]["supply"] == 4
    assert not events(out, "supply")


def test_passing_the_draw_step_rolls_the_supply_with_a_supply_event(run):
    doc = two(phase="draw")
    doc["players"][0]["supply"] = 2
    out = run.ok(doc, PASS)
    [supply] = events(out, "supply")
    assert supply["player"] == 0 and 1 <= supply["roll"] <= 6
    assert supply["total"] == 2 + supply["roll"] == out["players"][0]["supply"]
    assert out["phase"] == "heal"


def test_a_file_in_the_combat_step_fights_its_combats_as_it_is_read(run):
    doc = three(phase="combat")
    doc["units"][0]["at"] = [1, 2]
    out = run.ok(doc)
    assert out["pending"]["kind"] == "assign" and out["pending"]["seat"] == 0


# ---------------------------------------------------------------- board

def test_the_board_may_be_any_size_for_a_puzzle(run):
    out = run.ok(two(board={"rows": [["Forest", "Swamp"], ["Island", "Plains"]]}))
    assert [len(r) for r in out["board"]["rows"]] == [2, 2]
    assert [s["beside"] for s in out["board"]["strongholds"]] == [[1, 0], [1, 1]]


def test_default_strongholds_stand_as_at_the_set_up_west_north_east(run):
    doc = three()
    del doc["board"]["strongholds"]
    out = run.ok(doc)
    assert [(s["place"], s["beside"], s["controller"]) for s in out["board"]["strongholds"]] \
        == [("S0", [1, 0], 0), ("S1", [2, 2], 1), ("S2", [1, 4], 2)]


def test_the_audits_four_player_default_strongholds(run):
    doc, _ = repro("08-default-stronghold-b-on-row-0")
    out = run.ok(doc)
    assert {s["letter"]: s["beside"] for s in out["board"]["strongholds"]} == \
        {"A": [1, 0], "B": [2, 2], "C": [1, 4], "D": [0, 2]}


def test_the_audits_regenerator_heals_two_paid_points_after_its_free_one(run):
    # wargame-rules 12: "a creature heals at most 2 damage a turn" refused the paid 2.
    doc, acts = repro("12-free-regen-heal-counts-to-two")
    out = run.ok(doc, *acts)
    wall = unit(out, "wall")
    assert (wall["damage"], wall["healed"]) == (0, 2)
    assert [(e["amount"], e["free"]) for e in events(out, "healed")] == [(1, True), (2, False)]
    assert out["players"][0]["supply"] == 3


def test_default_strongholds_b_beside_the_last_row_d_beside_row_0(run):
    # wargame-rules 08: row 0 is the south edge, so B (north) is beside the last row's
    # middle and D (south) beside row 0's, on a board of any size too.
    doc = two(players=[{"name": n} for n in ("Ann", "Ben", "Cid", "Dee")])
    out = run.ok(doc)
    assert [(s["letter"], s["beside"]) for s in out["board"]["strongholds"]] == \
        [("A", [1, 0]), ("B", [2, 2]), ("C", [1, 4]), ("D", [0, 2])]
    doc["board"]["rows"] = [["Plains"] * 3 for _ in range(5)]
    out = run.ok(doc)
    assert [s["beside"] for s in out["board"]["strongholds"]] == [[2, 0], [4, 1], [2, 2],
                                                                   [0, 1]]


def test_terrain_prints_face_up_with_no_controller(run):
    cell = run.ok(three())["board"]["rows"][1][2]
    assert (cell["land"], cell["face_up"], cell["controller"]) == ("Plains", True, None)


@pytest.mark.parametrize("cell, field", [("?Forest", "board.rows[0][0]"),
                                         ("#", "board.rows[0][0]"),
                                         ({"land": "Forest", "controller": 0},
                                          "board.rows[0][0]")])
def test_face_down_terrain_holes_and_controllers_are_refused(run, cell, field):
    doc = two()
    doc["board"]["rows"][0][0] = cell
    assert run.fails(doc).split(": ")[1] == field


def test_areas_are_refused(run):
    line = run.fails(two(board={"areas": {"A": {"land": "Forest", "neighbours": []}}}))
    assert "board" in line and "areas" in line


def test_strongholds_print_player_beside_controller_and_are_face_down_to_others(run):
    doc = three()
    doc["board"]["strongholds"][1]["controller"] = 0
    out = run.ok(doc, args=("--view", "1"))
    held = out["board"]["strongholds"][1]
    assert (held["player"], held["controller"], held["beside"]) == (1, 0, [0, 2])
    lands = [s["land"] for s in out["board"]["strongholds"]]
    assert lands == [None, "Plains", None]
    revealed = run.ok(doc, args=("--reveal",))
    assert [s["land"] for s in revealed["board"]["strongholds"]] == \
        ["Forest", "Plains", "Mountain"]


@pytest.mark.parametrize("change, field", [
    ({"land": None}, "board.strongholds[0].land"),
    ({"land": "Hill Giant"}, "board.strongholds[0].land"),
    ({"controller": 7}, "board.strongholds[0].controller"),
    ({"beside": [9, 9]}, "board.strongholds[0].beside"),
    ({"cv": 7}, "board.strongholds[0]"),
])
def test_bad_stronghold_fields_are_refused_by_name(run, change, field):
    doc = three()
    doc["board"]["strongholds"][0].update(change)
    if change.get("land", "") is None:
        del doc["board"]["strongholds"][0]["land"]
    assert run.fails(doc).split(": ")[1] == field


def test_one_stronghold_per_player(run):
    doc = three()
    doc["board"]["strongholds"].pop()
    assert run.fails(doc).split(": ")[1] == "board.strongholds"


# ---------------------------------------------------------------- players

def test_supply_defaults_to_0_and_prints(run):
    out = run.ok(three())
    assert [p["supply"] for p in out["players"]] == [3, 1, 5]
    assert [p["supply"] for p in run.ok(two())["players"]] == [0, 0]


@pytest.mark.parametrize("value", [-1, "3", True, 1.5])
def test_a_bad_supply_is_refused(run, value):
    doc = two()
    doc["players"][1]["supply"] = value
    assert run.fails(doc).split(": ")[1] == "players[1].supply"


def test_removed_is_a_count_or_a_list_and_prints_as_a_count(run):
    out = run.ok(three())
    assert [p["removed"] for p in out["players"]] == [2, 0, 1]
    for value in ("two", -1, [3]):
        doc = three()
        doc["players"][0]["removed"] = value
        assert run.fails(doc).split(": ")[1].startswith("players[0].removed")


def test_the_war_game_has_no_graveyard_field(run):
    doc = two()
    doc["players"][0]["graveyard"] = ["Grizzly Bears"]
    line = run.fails(doc)
    assert line.split(": ")[1] == "players[0].graveyard" and "removed" in line


def test_hand_and_library_counts_print(run):
    out = run.ok(three())
    assert [(p["hand_count"], p["library_count"]) for p in out["players"]] == \
        [(1, 20), (0, 20), (0, 20)]


def test_eliminated_prints_and_an_eliminated_active_player_is_refused(run):
    doc = three()
    doc["players"][1]["eliminated"] = True
    doc["units"] = [u for u in doc["units"] if u["owner"] != 1]
    assert [p["eliminated"] for p in run.ok(doc)["players"]] == [False, True, False]
    doc["active"] = 1
    assert run.fails(doc).split(": ")[1] == "active"
    doc = three()
    doc["players"][1]["eliminated"] = "yes"
    assert run.fails(doc).split(": ")[1] == "players[1].eliminated"


# ---------------------------------------------------------------- units

@pytest.mark.parametrize("at, place", [([0, 3], [0, 3]), ("S1", "S1"), ("stronghold", "S0")])
def test_units_stand_on_a_square_or_in_a_stronghold_and_print_the_place(run, at, place):
    doc = two(units=[{"id": "b", "card": "Grizzly Bears", "owner": 0, "at": at}])
    assert unit(run.ok(doc), "b")["at"] == place


@pytest.mark.parametrize("at", ["staging", [5, 0], "S7", None])
def test_other_places_are_refused(run, at):
    doc = two(units=[{"id": "b", "card": "Grizzly Bears", "owner": 0, "at": at}])
    assert run.fails(doc).split(": ")[1] == "units[0].at"


def test_at_most_three_of_a_players_creatures_in_their_stronghold(run):
    doc = two(units=[{"id": f"b{i}", "card": "Grizzly Bears", "owner": 0, "at": "S0"}
                     for i in range(4)])
    assert run.fails(doc).split(": ")[1] == "units"


def test_damage_is_marked_and_prints(run):
    assert unit(run.ok(three()), "bears")["damage"] == 1


def test_healed_counts_toward_the_two_a_turn(run):
    doc = two(phase="heal", units=[{"id": "b", "card": "Hill Giant", "owner": 0,
                                    "at": [1, 1], "damage": 2, "healed": 1}])
    doc["players"][0]["supply"] = 5
    out = run.ok(doc)
    assert unit(out, "b")["healed"] == 1
    assert run.ok(doc, {"type": "heal", "unit": "b", "amount": 1})["players"][0]["supply"] == 4
    line = run.fails(doc, {"type": "heal", "unit": "b", "amount": 2})
    assert "line 1" in line
    doc["units"][0]["healed"] = 3
    assert run.fails(doc).split(": ")[1] == "units[0].healed"


def test_heal_pays_supply_and_removes_damage(run):
    doc = two(phase="heal", units=[{"id": "b", "card": "Hill Giant", "owner": 0,
                                    "at": [1, 1], "damage": 2}])
    doc["players"][0]["supply"] = 3
    out = run.ok(doc, {"type": "heal", "unit": "b", "amount": 2})
    assert out["players"][0]["supply"] == 1 and unit(out, "b")["damage"] == 0
    assert unit(out, "b")["healed"] == 2


def _carry_doc():
    doc = two(units=[{"id": "boa", "card": "Sea Serpent", "owner": 0, "at": [1, 1],
                      "tapped": True, "carried_by": "giant"},
                     {"id": "giant", "card": "Hill Giant", "owner": 0, "at": [1, 1],
                      "tapped": True}])
    doc["board"]["rows"][1][3] = "Island"
    return doc


def test_carried_by_prints_and_the_carrier_brings_it_back_to_an_island(run):
    doc = _carry_doc()
    assert unit(run.ok(doc), "boa")["carried_by"] == "giant"
    out = run.ok(doc, {"type": "move", "unit": "giant", "to": [1, 2], "carry": "boa"})
    assert unit(out, "boa")["at"] == [1, 2] and unit(out, "boa")["carried_by"] == "giant"
    doc["units"][0]["at"] = doc["units"][1]["at"] = [1, 3]  # on the Island: nobody carries
    assert run.fails(doc).split(": ")[1] == "units[0].carried_by"


@pytest.mark.parametrize("change", [{"carried_by": "nobody"}, {"carried_by": "boa"},
                                    {"tapped": False}])
def test_a_bad_carried_by_is_refused(run, change):
    doc = _carry_doc()
    doc["units"][0].update(change)
    assert run.fails(doc).split(": ")[1] == "units[0].carried_by"


def test_a_creature_that_moved_this_turn_moves_no_more(run):
    doc = two(units=[{"id": "b", "card": "Grizzly Bears", "owner": 0, "at": [1, 1],
                      "moved": True}])
    assert unit(run.ok(doc), "b")["moves"] == []
    assert "line 1" in run.fails(doc, {"type": "move", "unit": "b", "to": [1, 2]})


# ---------------------------------------------------------------- permanents and stack

def test_permanents_stand_off_the_board(run):
    doc = two(permanents=[{"id": "e", "card": "Holy Strength", "owner": 0,
                           "attached_to": "b"}],
              units=[{"id": "b", "card": "Grizzly Bears", "owner": 0, "at": [1, 1]}])
    out = run.ok(doc)
    assert unit(out, "b")["power"] == 3
    doc = two(permanents=[{"id": "d", "card": "Disenchant", "owner": 0, "at": [1, 1]}])
    assert run.fails(doc).split(": ")[1] == "permanents[0].at"


def test_a_spell_on_the_stack_waits_for_the_other_players_pass(run):
    doc = two(phase="casting",
              units=[{"id": "b", "card": "Grizzly Bears", "owner": 0, "at": [1, 1]}],
              stack=[{"id": "gg", "card": "Giant Growth", "controller": 0, "targets": ["b"]}])
    out = run.ok(doc)
    assert [s["id"] for s in out["stack"]] == ["gg"] and out["pending"]["seat"] == 1
    out = run.ok(doc, {"type": "pass", "seat": 1})
    assert out["stack"] == [] and unit(out, "b")["power"] == 5


# ---------------------------------------------------------------- actions

def test_cast_a_creature_with_supply_into_the_stronghold(run):
    doc = two(phase="casting")
    doc["players"][0].update(supply=3, hand=["Grizzly Bears"])
    out = run.ok(doc, {"type": "cast", "card": "Grizzly Bears"})
    assert out["players"][0]["supply"] == 1
    assert [u["at"] for u in out["units"]] == ["S0"]


def test_a_whole_table_spell_hits_only_the_terrain_its_origin_names(run):
    doc = two(phase="casting",
              units=[{"id": "near", "card": "Grizzly Bears", "owner": 1, "at": [1, 1]},
                     {"id": "far", "card": "Grizzly Bears", "owner": 1, "at": [0, 4]},
                     {"id": "mine", "card": "Grizzly Bears", "owner": 0, "at": [1, 2]}])
    doc["players"][0].update(supply=1, hand=[TREMOR])
    out = run.ok(doc, {"type": "cast", "card": "Tremor", "origin": [1, 1]})
    assert unit(out, "near")["damage"] == 1 and unit(out, "far")["damage"] == 0
    assert unit(out, "mine")["damage"] == 0


def test_the_strongholds_owner_taps_one_attacker_with_their_seat(run):
    doc = two(units=[{"id": "g", "card": "Hill Giant", "owner": 0, "at": [1, 4]},
                     {"id": "g2", "card": "Hill Giant", "owner": 0, "at": [1, 4]},
                     {"id": "b", "card": "Grizzly Bears", "owner": 1, "at": "S1"}])
    acts = [{"type": "move", "unit": "g", "to": "S1"}, {"type": "move", "unit": "g2",
                                                         "to": "S1"}, PASS]
    out = run.ok(doc, *acts)
    assert out["pending"]["seat"] == 1 and out["pending"]["kind"] == "choice"
    assert sorted(out["pending"]["options"]) == ["g", "g2"]
    tap = {"type": "tap_attacker", "unit": "g", "seat": 1}
    out = run.ok(doc, *acts, tap)
    # Ben's bears' 2 power may go to either giant (a real choice): he divides it.
    assert unit(out, "g")["tapped"] and out["pending"]["kind"] == "assign"
    assert out["pending"]["seat"] == 1 and out["pending"]["options"][0]["amount"] == 2
    out = run.ok(doc, *acts, tap, {"type": "assign", "at": "S1", "damage": {"g": 2}, "seat": 1})
    assert out["pending"] is None and unit(out, "g")["damage"] == 2
    line = run.fails(doc, *acts, {"type": "tap_attacker", "unit": "g", "seat": 0})
    assert "line 4" in line


def test_capture_at_the_end_of_the_turn_and_the_winner(run):
    doc = two(phase="discard", units=[{"id": "g", "card": "Hill Giant", "owner": 0,
                                       "at": "S1"}])
    out = run.ok(doc, PASS)
    assert events(out, "captured") == [{"type": "captured", "at": "S1", "by": 0}]
    assert out["board"]["strongholds"][1]["controller"] == 0 and out["winner"] == 0


def test_discard_to_eight_when_pending_asks(run):
    doc = two(phase="discard")
    doc["players"][0]["hand"] = ["Grizzly Bears"] * 9
    line = run.fails(doc, PASS)
    assert "line 1" in line
    out = run.ok(doc, {"type": "discard", "cards": ["Grizzly Bears"]})
    assert out["players"][0]["hand_count"] == 8 and out["players"][0]["removed"] == 1


def test_a_concession_prints_an_eliminated_event(run):
    out = run.ok(three(), {"type": "concede", "seat": 2})
    assert {"type": "eliminated", "player": 2} in [
        {k: e[k] for k in ("type", "player")} for e in events(out, "eliminated")]
    assert out["players"][2]["eliminated"] is True


def test_acting_for_a_seat_that_is_not_waited_for_is_refused_with_its_line(run):
    line = run.fails(three(), {"type": "pass", "seat": 1})
    assert "line 1" in line


def test_legal_actions_include_moves_heals_and_carries_in_the_wire_form(run):
    out = run.ok(_carry_doc())
    assert {"type": "move", "unit": "giant", "to": [1, 2], "carry": "boa"} in \
        out["legal_actions"]


def test_a_mana_creatures_ability_adds_supply(run):
    doc = two(phase="casting", units=[{"id": "elf", "card": "Llanowar Elves", "owner": 0,
                                       "at": [1, 1]}])
    doc["players"][0]["supply"] = 1
    out = run.ok(doc, {"type": "activate", "unit": "elf", "ability": 0})
    assert out["players"][0]["supply"] == 2 and unit(out, "elf")["tapped"]


def test_terrain_cells_print_no_controller_even_with_creatures_on_them(run):
    """wargame-rules 09: docs/position-format.md, War Game output: ``board.rows[r][c]``'s
    ``controller`` is always null (a terrain is nobody's), even where one player's creatures
    stand; a stronghold still prints who holds it."""
    out = run.ok(copy.deepcopy(THREE))
    occupied = {tuple(u["at"]) for u in out["units"] if isinstance(u.get("at"), list)}
    assert occupied, "the position has creatures on terrains"
    assert all(cell["controller"] is None for row in out["board"]["rows"] for cell in row)
    assert all(s["controller"] is not None for s in out["board"]["strongholds"])


def test_the_audits_held_stronghold_is_tapped_by_its_holder_now(run):
    # wargame-rules 13, the ruling: the player who controls the stronghold now taps the
    # attacker (Cid holds Ben's S1), also when its owner comes to retake it.
    doc, acts = repro("13-stronghold-tap-by-holder-not-owner")
    out = run.ok(doc, *acts)
    assert out["pending"]["kind"] == "choice" and out["pending"]["seat"] == 2
    assert out["pending"]["options"] == ["a1"]
    retake = copy.deepcopy(doc)
    retake["active"] = 1
    retake["units"] = [u for u in retake["units"] if u["id"] != "a1"]
    retake["units"].append({"id": "b1", "card": "Hill Giant", "owner": 1, "at": [2, 2]})
    out = run.ok(retake, {"type": "move", "unit": "b1", "to": "S1"}, PASS)
    assert out["pending"]["seat"] == 2 and out["pending"]["options"] == ["b1"]
    out = run.ok(retake, {"type": "move", "unit": "b1", "to": "S1"}, PASS,
                 {"type": "tap_attacker", "unit": "b1", "seat": 2})
    assert unit(out, "b1")["tapped"]


def test_the_audits_three_sides_the_defenders_there_together_dont_fight(run):
    # wargame-rules 14, the ruling: a combat is the mover's side against each other side
    # there; Ben's ogre and Cid's bears, there together, hit only Ann's giant.
    doc, acts = repro("14-three-way-defenders-ignore-each-other")
    out = run.ok(doc, *acts)
    assert out["pending"]["kind"] == "assign" and out["pending"]["seat"] == 0
    assert sorted(out["pending"]["options"][0]["units"]) == ["b1", "c1"]
    out = run.ok(doc, *acts, {"type": "assign", "at": [1, 2], "damage": {"b1": 2, "c1": 1}})
    hits = {(e["sources"][0], e["target"]) for e in events(out, "damage")}
    assert hits == {("a1", "b1"), ("a1", "c1"), ("b1", "a1"), ("c1", "a1")}
    assert out["pending"] is None


def test_the_audits_elves_make_no_supply_while_the_stronghold_is_held(run):
    # wargame-rules 15: Ann's supply went from 0 to 1 while Ben held S0.
    doc, acts = repro("15-creature-mana-while-stronghold-lost")
    line = run.fails(doc, *acts)
    assert "line 1: illegal activate" in line and "no supply while another player holds" in line
    doc["board"]["strongholds"][0]["controller"] = 0
    assert run.ok(doc, *acts)["players"][0]["supply"] == 1


def test_the_audits_carrier_cant_walk_away_from_its_load(run):
    # wargame-rules 04: the angel left the serpent it carried behind.
    doc, acts = repro("04-carrier-walks-away")
    line = run.fails(doc, *acts)
    assert "line 1: illegal move" in line and "moves only together with it" in line


def test_the_audits_tokens_arent_created_while_the_stronghold_is_held(run):
    # wargame-rules 05: two tokens entered S0, held by Ben, beside Ann's two bears.
    doc, acts = repro("05-tokens-ignore-stronghold-rules")
    out = run.ok(doc, *acts)
    assert not events(out, "token") and len(events(out, "not_created")) == 2
    assert sorted(u["id"] for u in out["units"] if u["owner"] == 0) == ["s1", "s2"]
    doc["board"]["strongholds"][0]["controller"] = 0  # her own: room for one more
    out = run.ok(doc, *acts)
    assert len(events(out, "token")) == 1 and len(events(out, "not_created")) == 1
    assert len([u for u in out["units"] if u["owner"] == 0 and u["at"] == "S0"]) == 3


def test_the_audits_crusade_needs_an_origin_and_pumps_that_terrain_only(run):
    # wargame-rules 01: Crusade pumped every white creature and refused an origin.
    doc, acts = repro("01-global-static-hits-whole-table")
    line = run.fails(doc, *acts)
    assert "line 1: illegal cast" in line and "origin" in line
    _, with_origin = repro("01-global-static-hits-whole-table",
                           "01-global-static-hits-whole-table-origin")
    before = run.ok(doc)
    out = run.ok(doc, *with_origin)
    pt = {u["id"]: (u["power"], u["toughness"]) for u in before["units"]}
    after = {u["id"]: (u["power"], u["toughness"]) for u in out["units"]}
    assert after["l1"] == (pt["l1"][0] + 1, pt["l1"][1] + 1)
    assert after["l2"] == pt["l2"] and after["el"] == pt["el"]
    assert [p["origin"] for p in out["permanents"]] == [[0, 1]]


def test_the_audits_tranquility_destroys_the_enchantment_at_its_origin(run):
    # wargame-rules 01 (Tranquility): a global enchantment was out of every effect's reach.
    doc, acts = repro("01-global-static-tranquility", "01-global-static-tranquility")
    doc["permanents"][0]["origin"] = [0, 1]
    assert not run.ok(doc, *acts)["permanents"]
    doc["permanents"][0]["origin"] = [2, 4]
    assert [p["id"] for p in run.ok(doc, *acts)["permanents"]] == ["cru"]
    doc["permanents"][0]["origin"] = "S0"
    assert run.fails(doc).split(": ")[1] == "permanents[0].origin"
    doc["permanents"][0].update(origin=[0, 1], card="Sol Ring")
    assert run.fails(doc).split(": ")[1] == "permanents[0].origin"  # no whole-table effect


def test_the_audits_pestilence_hits_its_chosen_terrain_only(run):
    # wargame-rules 02: four damage events, one to Ben's ogre inside S1.
    doc, acts = repro("02-global-ability-hits-whole-table")
    out = run.ok(doc, *acts)
    assert [e["target"] for e in events(out, "damage")] == ["w"]
    no_origin = [{k: v for k, v in acts[0].items() if k != "origin"}]
    line = run.fails(doc, *no_origin)
    assert "line 1: illegal activate" in line and "origin" in line
    line = run.fails(doc, {**acts[0], "origin": "S1"})
    assert "line 1" in line and "opponent's stronghold" in line


def test_the_audits_wumpus_chooses_a_terrain_within_its_reach(run):
    # wargame-rules 10: only the Wumpus itself took damage, with no choice of terrain.
    doc, acts = repro("10-creature-global-ability-own-terrain-only")
    assert "origin" in run.fails(doc, *acts)
    out = run.ok(doc, {**acts[0], "origin": [0, 2]})
    assert [e["target"] for e in events(out, "damage")] == ["l2"]
    assert "within its reach" in run.fails(doc, {**acts[0], "origin": [0, 3]})


def test_the_audits_fog_prevents_its_terrains_combat_damage(run):
    # The ruling: "prevent all combat damage" prevents the chosen terrain's combat damage.
    doc, acts = repro("03-fog-prevents-nothing")
    assert "origin" in run.fails(doc, *acts)
    fog = {**acts[0], "origin": [1, 2]}
    out = run.ok(doc, fog, *acts[1:])
    assert not events(out, "damage") and unit(out, "d1")["damage"] == 0
    elsewhere = run.ok(doc, {**acts[0], "origin": [0, 2]}, *acts[1:])
    assert "d1" not in [u["id"] for u in elsewhere["units"]]  # the bears die
