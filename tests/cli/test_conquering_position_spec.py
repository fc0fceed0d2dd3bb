"""``frontier-desktop position`` for the Conquering, read line by line against
``shared/spec/variant-positions.md`` and ``position-format.md``: one test per field or rule
(in process, through the command's own ``main``: exit code, one JSON object on stdout or one
line on stderr). The source's worked example (Yavimaya Wurm against a Swamp of CV 3) is
played from ``assets/positions/conquering-wurm-swamp.json`` through ``--apply``."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from frontier_desktop.rules.variants.conquering.board import triangle_areas
from tests.cli.test_army_position_spec import Run

REPO = Path(__file__).resolve().parent.parent.parent
WURM = json.loads((REPO / "assets" / "positions" / "conquering-wurm-swamp.json").read_text())
TRIANGLE = json.loads(
    (REPO / "assets" / "positions" / "conquering-triangle-two-blockers.json").read_text())
PHASES = ["untap", "mana", "upkeep", "draw", "main", "movement", "conquer", "main2", "end"]


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    monkeypatch.setenv("FRONTIER_OFFLINE", "1")  # no card name may reach Scryfall here


@pytest.fixture
def run(tmp_path):
    return Run(tmp_path)


def wurm(**changes):
    doc = copy.deepcopy(WURM)
    doc.update(changes)
    return doc


def unit(out, uid):
    return next(u for u in out["units"] if u["id"] == uid)


def events(out, kind):
    return [e for e in out["events"] if e["type"] == kind]


CONQUER = {"type": "conquer", "at": [1, 1], "units": ["wurm"]}


# ---------------------------------------------------------------- the worked example

def test_worked_example_unblocked_the_wurm_deals_6_to_cv_3_and_captures(run):
    out = run.ok(wurm(), CONQUER, {"type": "done_blocking", "seat": 1})
    assert out["board"]["rows"][1][1]["controller"] == 0
    assert {"type": "damage", "source": "wurm", "target": "land", "amount": 6,
            "at": [1, 1]} in out["events"]
    assert events(out, "captured") == [{"type": "captured", "at": [1, 1], "by": 0,
                                        "from": None}]


def test_worked_example_blocked_by_white_knight_4_tramples_over_and_captures(run):
    out = run.ok(wurm(), CONQUER, {"type": "block", "seat": 1, "blocker": "knight",
                                   "attacker": "wurm"}, {"type": "done_blocking", "seat": 1},
                 # the Wurm tramples over the Knight: Edna divides as the example does
                 {"type": "assign", "attacker": "wurm", "damage": {"knight": 2, "land": 4}})
    damage = [(e["source"], e["target"], e["amount"]) for e in events(out, "damage")]
    assert damage == [("knight", "wurm", 2), ("wurm", "knight", 2), ("wurm", "land", 4)]
    assert out["board"]["rows"][1][1]["controller"] == 0
    assert [u["id"] for u in out["units"]] == ["wurm"]


def test_worked_example_dale_and_theresa_both_block_on_the_triangle_and_hold_the_area(run):
    out = run.ok(TRIANGLE, {"type": "conquer", "at": "Bi", "units": ["wurm"]},
                 {"type": "block", "seat": 1, "blocker": "knight", "attacker": "wurm"},
                 {"type": "done_blocking", "seat": 1},
                 {"type": "block", "seat": 2, "blocker": "bears", "attacker": "wurm"},
                 {"type": "done_blocking", "seat": 2},
                 # two blockers: Edna divides, lethal to each and 2 beyond
                 {"type": "assign", "attacker": "wurm",
                  "damage": {"knight": 2, "bears": 2, "land": 2}})
    assert out["board"]["areas"]["Bi"]["controller"] is None
    assert not events(out, "captured") and out["units"] == []  # all three died


def test_worked_example_block_order_is_clockwise_from_the_attacker(run):
    out = run.ok(TRIANGLE, {"type": "conquer", "at": "Bi", "units": ["wurm"]})
    assert out["pending"] == {"seat": 1, "kind": "blocks", "blocks": [],
                              "options": [{"blocker": "knight", "attacker": "wurm"}]}
    line = run.fails(TRIANGLE, {"type": "conquer", "at": "Bi", "units": ["wurm"]},
                     {"type": "block", "seat": 2, "blocker": "bears", "attacker": "wurm"})
    assert "line 2" in line and "Dale" in line


def test_worked_example_three_white_knights_attack_into_the_wurm_and_take_the_land(run):
    doc = wurm(active=1)
    doc["units"] = [{"id": "wurm", "card": "Yavimaya Wurm", "owner": 0, "at": [1, 1]},
                    *({"id": f"kn{i}", "card": "White Knight", "owner": 1, "at": [1, 1]}
                      for i in (1, 2, 3))]
    out = run.ok(doc, {"type": "conquer", "at": [1, 1], "units": ["kn1", "kn2", "kn3"]},
                 {"type": "block", "seat": 0, "blocker": "wurm", "attacker": "kn1"},
                 {"type": "done_blocking", "seat": 0})
    assert out["board"]["rows"][1][1]["controller"] == 1
    assert sorted(u["id"] for u in out["units"]) == ["kn2", "kn3", "wurm"]


# ---------------------------------------------------------------- phases

@pytest.mark.parametrize("phase", PHASES)
def test_every_conquering_phase_name_is_accepted(run, phase):
    assert run.ok(wurm(phase=phase))["phase"] == phase


def test_a_position_in_the_mana_step_is_taken_as_just_after_production(run):
    doc = wurm(phase="mana")
    doc["players"][0]["mana_pool"] = "{G}{G}"
    out = run.ok(doc, {"type": "pass"})
    assert out["phase"] == "upkeep" and out["players"][0]["mana_pool"] == "{G}{G}"
    assert not events(out, "mana")


def test_passing_the_untap_step_produces_mana_with_a_mana_event(run):
    out = run.ok(wurm(phase="untap"), {"type": "pass"})
    mana = events(out, "mana")
    assert len(mana) == 1 and mana[0]["player"] == 0 and 1 <= mana[0]["roll"] <= 6
    assert out["players"][0]["mana_pool"] == "{G}" * mana[0]["roll"]


# ---------------------------------------------------------------- board.rows

def test_cells_print_controller_and_cv_null_until_rolled(run):
    # A face-down land's CV is null; a face-up land's is given or rolled from the seed.
    doc = wurm()
    doc["board"]["rows"][0][0] = {"land": "Forest", "controller": 0, "cv": 5}
    doc["board"]["rows"][0][2] = "Island"
    rows = run.ok(doc)["board"]["rows"]
    assert (rows[0][0]["controller"], rows[0][0]["cv"]) == (0, 5)
    assert rows[0][2]["controller"] is None and 1 <= rows[0][2]["cv"] <= 6  # rolled on load
    assert run.ok(doc)["board"]["rows"][0][2]["cv"] == rows[0][2]["cv"]    # from the seed
    assert (rows[2][2]["land"], rows[2][2]["controller"], rows[2][2]["cv"]) == (None, None, None)
    assert rows[1][1]["controller"] is None  # creatures in an area don't make it controlled


def test_a_face_up_land_written_as_a_string_can_be_conquered(run):
    doc = wurm()
    doc["board"]["rows"][1][1] = "Forest"
    doc["units"] = doc["units"][:1]
    out = run.ok(doc, CONQUER)  # a 7/5 in a Forest beats any d6
    assert out["board"]["rows"][1][1]["controller"] == 0 and events(out, "captured")


@pytest.mark.parametrize("shape", [(3, 3), (3, 5), (2, 4), (5, 1)])
def test_any_board_size_is_accepted(run, shape):
    rows, cols = shape
    doc = wurm(units=[])
    doc["board"] = {"rows": [["?"] * cols for _ in range(rows)]}
    out = run.ok(doc)
    assert len(out["board"]["rows"]) == rows and len(out["board"]["rows"][0]) == cols
    assert [s["place"] for s in out["board"]["strongholds"]] == ["S0", "S1"]


@pytest.mark.parametrize("cell, field", [
    ({"land": "Forest", "face_up": False, "controller": 0}, "controller"),
    ({"land": "Forest", "face_up": False, "cv": 3}, "cv"),
    ({"land": "Forest", "cv": 7}, "cv"),
    ({"land": "Forest", "cv": 0}, "cv"),
    ({"land": "Forest", "controller": 2}, "controller"),
    ({"land": "Forest", "stronghold_of": 0}, "stronghold_of"),
    ("#", "holes"),
])
def test_a_cell_the_conquering_cant_have_is_refused_naming_it(run, cell, field):
    doc = wurm()
    doc["board"]["rows"][0][0] = cell
    line = run.fails(doc)
    assert "board.rows[0][0]" in line and field in line


# ---------------------------------------------------------------- board.areas

def _graph(**areas):
    return {name: {"land": land, "neighbours": ns} for name, (land, ns) in areas.items()}


def test_areas_make_a_graph_board_with_neighbours_and_places_by_name(run):
    doc = wurm(units=[{"id": "bears", "card": "Grizzly Bears", "owner": 0, "at": "north",
                       "tapped": False}], phase="movement")
    doc["board"] = {"areas": _graph(north=("Forest", ["south"]),
                                    south=({"land": "Swamp", "cv": 2}, ["north"])),
                    "strongholds": [{"player": 0, "land": "Forest", "beside": "north"},
                                    {"player": 1, "land": "Swamp", "beside": "south"}]}
    out = run.ok(doc)
    assert out["board"]["rows"] == []
    assert out["board"]["areas"]["north"]["neighbours"] == ["south"]
    assert out["board"]["areas"]["south"]["cv"] == 2
    assert sorted(unit(out, "bears")["moves"]) == ["S0", "south"]
    moved = run.ok(doc, {"type": "move", "unit": "bears", "to": "south"})
    assert unit(moved, "bears")["at"] == "south"


def test_the_standard_triangle_as_areas(run):
    out = run.ok(TRIANGLE)
    areas = out["board"]["areas"]
    assert {k: sorted(v["neighbours"]) for k, v in areas.items()} == \
        {k: sorted(v) for k, v in triangle_areas().items()}
    assert [s["beside"] for s in out["board"]["strongholds"]] == ["A2", "B2", "C2"]


def test_asymmetric_neighbour_lists_exit_2_naming_the_area(run):
    doc = wurm(units=[])
    doc["board"] = {"areas": _graph(a=("Forest", ["b"]), b=("Swamp", []))}
    line = run.fails(doc)
    assert "board.areas.a.neighbours" in line and "symmetric" in line


def test_an_unknown_neighbour_and_rows_with_areas_are_refused(run):
    doc = wurm(units=[])
    doc["board"] = {"areas": _graph(a=("Forest", ["zz"]))}
    assert "'zz'" in run.fails(doc)
    doc = wurm()
    doc["board"]["areas"] = _graph(a=("Forest", []))
    assert "not both" in run.fails(doc)


# ---------------------------------------------------------------- board.strongholds

def test_strongholds_print_player_controller_beside_cv_and_turns_left(run):
    out = run.ok(wurm())
    s0, s1 = out["board"]["strongholds"]
    assert (s0["player"], s0["controller"], s0["beside"], s0["cv"], s0["turns_left"]) == \
        (0, 0, [0, 1], 7, None)
    assert (s1["player"], s1["land"], s1["beside"]) == (1, "Plains", [2, 1])


def test_a_conquered_stronghold_gets_5_turns_left_by_default_or_the_files(run):
    doc = wurm()
    doc["board"]["strongholds"][1]["controller"] = 0
    s1 = run.ok(doc)["board"]["strongholds"][1]
    assert (s1["controller"], s1["turns_left"]) == (0, 5)
    doc["board"]["strongholds"][1].update(turns_left=2, cv=9)
    s1 = run.ok(doc)["board"]["strongholds"][1]
    assert (s1["turns_left"], s1["cv"]) == (2, 9)


@pytest.mark.parametrize("change, field", [
    ({"turns_left": 3}, "turns_left"),           # null while its owner holds it
    ({"controller": 7}, "controller"),
    ({"land": "Grizzly Bears"}, "land"),
    ({"beside": [5, 5]}, "beside"),
    ({"player": 0}, "player"),
    ({"cv": 0}, "cv"),
    ({"colour": "W"}, "colour"),
])
def test_a_bad_stronghold_field_is_refused_naming_it(run, change, field):
    doc = wurm()
    doc["board"]["strongholds"][1].update(change)
    line = run.fails(doc)
    assert "board.strongholds[1]" in line and field in line


def test_strongholds_left_out_stand_beside_the_middle_of_each_side(run):
    doc = wurm(players=[{"name": n} for n in "ABCD"], units=[])
    doc["board"] = {"rows": [["?"] * 5 for _ in range(3)]}
    out = run.ok(doc)
    assert [s["beside"] for s in out["board"]["strongholds"]] == \
        [[0, 2], [1, 0], [2, 2], [1, 4]]
    assert [p["color"] for p in out["players"]] == ["W", "U", "B", "R"]


def test_a_stronghold_is_a_place_units_stand_in(run):
    doc = wurm(phase="movement")
    doc["units"] = [{"id": "a", "card": "Grizzly Bears", "owner": 0, "at": "stronghold"},
                    {"id": "b", "card": "Grizzly Bears", "owner": 1, "at": "stronghold"},
                    {"id": "c", "card": "Grizzly Bears", "owner": 1, "at": "S0"}]
    out = run.ok(doc)
    assert [unit(out, x)["at"] for x in "abc"] == ["S0", "S1", "S0"]
    assert unit(out, "a")["moves"] == [[0, 1]]
    moved = run.ok(doc, {"type": "move", "unit": "a", "to": [0, 1]})
    assert unit(moved, "a")["at"] == [0, 1]
    assert events(moved, "cv") and events(moved, "cv")[0]["at"] == [0, 1]
    assert 1 <= moved["board"]["rows"][0][1]["cv"] <= 6


def test_a_place_that_is_not_one_is_refused(run):
    for at in ("staging", "S7", "north", [3, 3]):
        doc = wurm()
        doc["units"][0]["at"] = at
        assert "units[0].at" in run.fails(doc)


# ---------------------------------------------------------------- players

def test_players_print_color_mana_pool_eliminated_hand_and_library_counts(run):
    doc = wurm()
    doc["players"][0].update(hand=["Giant Growth"], library=12, mana_pool="{G}{G}")
    p0, p1 = run.ok(doc)["players"]
    assert (p0["color"], p0["mana_pool"], p0["hand_count"], p0["library_count"]) == \
        ("G", "{G}{G}", 1, 12)
    assert (p1["color"], p1["eliminated"]) == ("W", False)


def test_assign_is_on_unless_the_file_switches_it_off(run):
    doc = wurm()
    doc["players"][1]["assign"] = False
    assert [p["assign"] for p in run.ok(doc)["players"]] == [True, False]
    doc["players"][1]["assign"] = "yes"
    assert "players[1].assign" in run.fails(doc)


def test_assign_divides_the_wurms_damage_by_default(run):
    doc = wurm()
    blocked = [CONQUER, {"type": "block", "seat": 1, "blocker": "knight", "attacker": "wurm"},
               {"type": "done_blocking", "seat": 1}]
    pending = run.ok(doc, *blocked)["pending"]
    assert (pending["seat"], pending["kind"]) == (0, "assign")
    assert pending["options"][0]["units"] == ["knight", "land"]
    out = run.ok(doc, *blocked, {"type": "assign", "attacker": "wurm",
                                 "damage": {"knight": 3, "land": 3}})
    assert {"type": "damage", "source": "wurm", "target": "land", "amount": 3,
            "at": [1, 1]} in out["events"]
    assert out["board"]["rows"][1][1]["controller"] == 0  # 3 reaches the CV of 3


def test_a_players_color_overrides_the_stronghold_lands(run):
    doc = wurm()
    doc["players"][1]["color"] = "U"
    assert run.ok(doc)["players"][1]["color"] == "U"
    doc["players"][1]["color"] = "X"
    assert "players[1].color" in run.fails(doc)


def test_an_eliminated_player_is_printed_and_may_own_nothing(run):
    doc = wurm(players=[{"name": "Edna"}, {"name": "Dale"}, {"name": "Theresa",
                                                             "eliminated": True}])
    doc["board"]["strongholds"].append({"player": 2, "land": "Island", "beside": [1, 0]})
    doc["units"] = doc["units"][:1]
    out = run.ok(doc)
    assert [p["eliminated"] for p in out["players"]] == [False, False, True]
    doc["units"].append({"id": "x", "card": "Grizzly Bears", "owner": 2, "at": [1, 1]})
    assert "eliminated" in run.fails(doc)


def test_responses_open_a_window_for_that_player(run):
    doc = wurm(phase="main")
    doc["players"][0].update(hand=["Giant Growth"], mana_pool="{G}")
    doc["players"][1].update(responses=True, hand=["Lightning Bolt"], mana_pool="{R}")
    out = run.ok(doc, {"type": "cast", "card": "Giant Growth", "targets": ["wurm"]})
    assert out["pending"]["seat"] == 1 and out["pending"]["kind"] == "priority"
    out = run.ok(doc, {"type": "cast", "card": "Giant Growth", "targets": ["wurm"]},
                 {"type": "pass", "seat": 1})
    assert out["pending"] is None and (unit(out, "wurm")["power"]) == 9


# ---------------------------------------------------------------- permanents and stack

def test_permanents_stand_off_the_board(run):
    doc = wurm(permanents=[{"id": "ring", "card": "Sol Ring", "owner": 0, "at": None}])
    ring = run.ok(doc)["permanents"][0]
    assert (ring["id"], ring["controller"], ring["at"]) == ("ring", 0, None)
    doc["permanents"][0]["at"] = [1, 1]
    assert "permanents[0].at" in run.fails(doc)


def test_a_spell_on_the_stack_resolves_when_passed(run):
    doc = wurm(phase="main", stack=[{"id": "s1", "card": "Giant Growth", "controller": 0,
                                     "targets": ["wurm"]}])
    out = run.ok(doc)
    assert out["stack"][0]["id"] == "s1" and out["pending"]["seat"] == 1
    out = run.ok(doc, {"type": "pass", "seat": 1})
    assert out["stack"] == [] and unit(out, "wurm")["power"] == 9


# ---------------------------------------------------------------- actions

def test_a_move_flips_the_land_and_rolls_its_cv(run):
    doc = wurm(phase="movement")
    doc["board"]["rows"][1][0] = "?Island"
    out = run.ok(doc, {"type": "move", "unit": "wurm", "to": [1, 0]})
    assert unit(out, "wurm")["at"] == [1, 0] and unit(out, "wurm")["tapped"]
    assert {"type": "revealed", "at": [1, 0], "land": "Island"} in out["events"]
    cv = events(out, "cv")
    assert cv == [{"type": "cv", "at": [1, 0], "value": out["board"]["rows"][1][0]["cv"]}]


def test_cast_a_bolt_at_a_creature_and_at_a_player_in_reach(run):
    doc = wurm(phase="main")
    doc["players"][1].update(hand=["Lightning Bolt"], mana_pool="{R}")
    doc["players"][0]["hand"] = ["Lightning Bolt"]
    doc["players"][0]["mana_pool"] = "{R}"
    out = run.ok(doc, {"type": "cast", "card": "Lightning Bolt", "targets": ["knight"]})
    assert "knight" not in [u["id"] for u in out["units"]]
    line = run.fails(doc, {"type": "cast", "card": "Lightning Bolt",
                           "targets": [{"player": 1}]})
    assert "line 1" in line and "Dale" in line and "stronghold" in line  # out of reach
    doc["board"]["rows"][2][1] = {"land": "Mountain", "controller": 0, "cv": 2}  # next to S1
    out = run.ok(doc, {"type": "cast", "card": "Lightning Bolt", "targets": [{"player": 1}]})
    assert out["stack"] == [] and out["players"][0]["mana_pool"] == ""


def test_activate_an_ability_with_a_target(run):
    doc = wurm(phase="main")
    doc["units"].append({"id": "sorc", "card": "Prodigal Sorcerer", "owner": 0, "at": [1, 1]})
    out = run.ok(doc, {"type": "activate", "unit": "sorc", "ability": 0,
                       "targets": ["knight"]})
    assert unit(out, "knight")["damage"] == 1 and unit(out, "sorc")["tapped"]


HOUND = {"name": "Test Hound", "type_line": "Creature — Dog", "mana_cost": "{1}{B}",
         "colors": ["B"], "power": "1", "toughness": "1",
         "oracle_text": "When Test Hound enters the battlefield, target player discards a card."}


def test_targets_and_discard_answer_a_triggered_ability(run):
    doc = wurm(phase="main")
    doc["players"][0].update(hand=[HOUND, "Giant Growth", "Lightning Bolt"],
                             mana_pool="{B}{1}")
    doc["players"][1]["hand"] = ["Giant Growth", "Lightning Bolt"]
    doc["board"]["rows"][2][1] = {"land": "Plains", "cv": 2}  # beside Dale's stronghold
    doc["units"].append({"id": "scout", "card": "Grizzly Bears", "owner": 0, "at": [2, 1]})
    cast = {"type": "cast", "card": "Test Hound"}
    out = run.ok(doc, cast)
    assert out["pending"]["kind"] == "targets" and out["pending"]["seat"] == 0
    # A creature's ability never targets an opponent (audit 07), even from beside Dale's
    # stronghold; Edna may name herself.
    line = run.fails(doc, cast, {"type": "targets", "targets": [{"player": 1}]})
    assert "line 2" in line and "never targets an opponent" in line
    out = run.ok(doc, cast, {"type": "targets", "targets": [{"player": 0}]})
    assert out["pending"]["kind"] == "discard" and out["pending"]["seat"] == 0
    out = run.ok(doc, cast, {"type": "targets", "targets": [{"player": 0}]},
                 {"type": "discard", "cards": ["Giant Growth"], "seat": 0})
    assert out["pending"] is None and out["players"][0]["hand_count"] == 1
    hound = next(u for u in out["units"] if u["name"] == "Test Hound")
    assert hound["at"] == "S0"  # the summoned Hound starts in the stronghold


LEAK = {"name": "Test Leak", "type_line": "Instant", "mana_cost": "{1}{U}", "colors": ["U"],
        "oracle_text": "Counter target spell unless its controller pays {3}."}


def test_choose_answers_a_choice(run):
    doc = wurm(phase="main")
    doc["players"][0].update(hand=["Giant Growth"], mana_pool="{G}{R}{R}{R}")
    doc["players"][1].update(hand=[LEAK], mana_pool="{U}{U}", responses=True)
    growth = {"type": "cast", "card": "Giant Growth", "targets": ["wurm"]}
    spell = run.ok(doc, growth)["stack"][0]["id"]
    first = [growth, {"type": "cast", "card": "Test Leak", "targets": [{"stack": spell}],
                      "seat": 1}]
    out = run.ok(doc, *first)
    assert out["pending"]["kind"] == "choice" and out["pending"]["seat"] == 0
    out = run.ok(doc, *first, {"type": "choose", "choice": "pay"})
    assert unit(out, "wurm")["power"] == 9 and out["players"][0]["mana_pool"] == ""


def test_discard_to_hand_size_at_the_end_of_the_turn(run):
    doc = wurm(phase="end")
    doc["players"][0]["hand"] = ["Grizzly Bears"] * 8
    assert "line 1" in run.fails(doc, {"type": "pass"})
    out = run.ok(doc, {"type": "discard", "cards": ["Grizzly Bears"]}, {"type": "pass"})
    assert out["active"] == 1 and out["players"][0]["hand_count"] == 7


def test_an_action_answering_nothing_pending_is_refused_naming_its_line(run):
    line = run.fails(wurm(), CONQUER, {"type": "pass"})
    assert "line 2" in line


# ---------------------------------------------------------------- winner and eliminated

def test_the_fifth_area_of_nine_wins_at_once(run):
    doc = wurm()
    for r, c in ((0, 0), (0, 2), (2, 0), (2, 2)):
        doc["board"]["rows"][r][c] = {"land": "Forest", "controller": 0, "cv": 1}
    out = run.ok(doc, CONQUER, {"type": "done_blocking", "seat": 1})
    assert out["winner"] == 0 and out["game_over"]


def test_not_retaking_the_stronghold_in_time_eliminates_with_an_event(run):
    doc = wurm(active=1, phase="end")
    doc["board"]["strongholds"][1].update(controller=0, turns_left=1)
    doc["board"]["rows"][2][1] = {"land": "Plains", "cv": 2}  # a face-up land to stand on
    doc["units"].append({"id": "w2", "card": "Yavimaya Wurm", "owner": 1, "at": [2, 1]})
    out = run.ok(doc, {"type": "pass"})
    assert {"type": "eliminated", "player": 1} in [
        {k: e[k] for k in ("type", "player")} for e in events(out, "eliminated")]
    assert out["players"][1]["eliminated"] and out["winner"] == 0


def test_a_land_aura_is_cast_on_a_land_named_by_its_place(run):
    # Audit 06: Evil Presence on Edna's own stronghold and on the face-up Swamp [1, 1];
    # legal_actions lists both, never Dale's stronghold or a face-down land.
    presence = {"name": "Evil Presence", "mana_cost": "{B}", "colors": ["B"],
                "type_line": "Enchantment — Aura", "keywords": ["Enchant"],
                "oracle_text": "Enchant land\nEnchanted land is a Swamp."}
    doc = wurm(phase="main")
    doc["players"][0].update(hand=[presence], mana_pool="{B}")
    listed = [a for a in run.ok(doc)["legal_actions"] if a.get("card") == "Evil Presence"]
    assert sorted(map(json.dumps, (a["target"] for a in listed))) == ['"S0"', "[1, 1]"]
    for place in ("S0", [1, 1]):
        out = run.ok(doc, {"type": "cast", "card": "Evil Presence", "target": place})
        cast = events(out, "cast")[0]
        assert cast["attached_to"] and "Enchanted land is a Swamp." in cast["note"]
    line = run.fails(doc, {"type": "cast", "card": "Evil Presence", "target": "S1"})
    assert "line 1" in line and "stronghold" in line


def test_a_unit_on_a_face_down_land_is_refused_in_one_line(run):
    # Audit 16: no creature can ever "enter" that land again, so its area could never be
    # flipped or captured; the file is refused naming the unit's place.
    doc = wurm()
    doc["units"].append({"id": "bears", "card": "Grizzly Bears", "owner": 0, "at": [0, 0]})
    line = run.fails(doc)
    assert "units[2].at" in line and "face-down land" in line and "\n" not in line.strip()


def test_a_conquered_owner_controls_no_area(run):
    doc = wurm()
    doc["board"]["strongholds"][1]["controller"] = 0
    doc["board"]["rows"][2][2] = {"land": "Forest", "controller": 1, "cv": 2}
    line = run.fails(doc)
    assert "board.rows[2][2].controller" in line


# ---------------------------------------------------------------- views

def test_a_seats_view_hides_face_down_lands_and_other_hands(run):
    doc = wurm()
    doc["board"]["rows"][0][0] = "?Island"
    doc["players"][1]["hand"] = ["Lightning Bolt"]
    out = run.ok(doc, args=("--view", "0"))
    assert "Island" not in json.dumps(out) and "Lightning Bolt" not in json.dumps(out)
    assert out["players"][1]["hand_count"] == 1
    revealed = run.ok(doc, args=("--reveal",))
    assert revealed["board"]["rows"][0][0]["land"] == "Island"


def test_unknown_card_names_are_named_together_in_one_line(run):
    doc = wurm()
    doc["board"]["strongholds"][0]["land"] = "Forrest"
    doc["units"][0]["card"] = "Yavimaya Wurmm"
    line = run.fails(doc)
    assert "board.strongholds[0].land" in line and "'Forrest'" in line \
        and "'Yavimaya Wurmm'" in line


def test_a_place_target_may_be_a_square_a_stronghold_or_an_area_name(run):
    # Spec: a target T is "a place (a land or area: [r, c], "S1", an area name)"; the
    # Conquering never lets a player target an opposing stronghold's land.
    doc = wurm(phase="main")
    doc["players"][0].update(hand=["Stone Rain"], mana_pool="{R}{R}{R}")
    for place in ([1, 1], "S0"):
        out = run.ok(doc, {"type": "cast", "card": "Stone Rain", "targets": [place]})
        assert out["stack"] == [] and events(out, "resolved")
    line = run.fails(doc, {"type": "cast", "card": "Stone Rain", "targets": ["S1"]})
    assert "line 1" in line and "stronghold" in line
    tri = copy.deepcopy(TRIANGLE)
    tri["phase"] = "main"
    tri["players"][0].update(hand=["Stone Rain"], mana_pool="{R}{R}{R}")
    out = run.ok(tri, {"type": "cast", "card": "Stone Rain", "targets": ["A1"]})
    assert out["stack"] == [] and events(out, "resolved")
    assert "stronghold" in run.fails(tri, {"type": "cast", "card": "Stone Rain",
                                           "targets": ["S2"]})


def test_four_seats_block_in_turn_clockwise_from_the_attacker_wrapping_round(run):
    doc = wurm(active=1, players=[{"name": n} for n in ("Edna", "Dale", "Theresa", "Walt")])
    doc["board"] = {"rows": [["?"] * 5 for _ in range(3)]}
    doc["board"]["rows"][1][2] = {"land": "Plains", "cv": 6}
    doc["units"] = [{"id": "knight", "card": "White Knight", "owner": 1, "at": [1, 2]},
                    {"id": "k2", "card": "White Knight", "owner": 1, "at": [1, 2]},
                    {"id": "walt", "card": "Grizzly Bears", "owner": 3, "at": [1, 2]},
                    {"id": "edna", "card": "Grizzly Bears", "owner": 0, "at": [1, 2]}]
    attack = {"type": "conquer", "at": [1, 2], "units": ["knight", "k2"]}
    assert run.ok(doc, attack)["pending"]["seat"] == 3           # Theresa has nobody there
    out = run.ok(doc, attack, {"type": "done_blocking", "seat": 3})
    assert out["pending"]["seat"] == 0                           # then round to Edna
    assert "line 2" in run.fails(doc, attack, {"type": "done_blocking", "seat": 0})
    out = run.ok(doc, attack, {"type": "done_blocking", "seat": 3},
                 {"type": "done_blocking", "seat": 0})
    assert out["pending"] is None and out["board"]["rows"][1][2]["controller"] == 1


def test_a_files_own_ids_never_clash_with_the_cards_it_makes(run):
    # Libraries, hands and lands get made-up ids ("k2", "h1", "L3"): a unit, permanent or
    # spell the file calls so keeps its id instead of being refused as "used twice".
    doc = wurm(stack=[{"id": "h1", "card": "Giant Growth", "controller": 0,
                       "targets": ["k2"]}], phase="main")
    doc["players"][0]["hand"] = ["Giant Growth"]
    doc["units"][0]["id"] = "k2"
    doc["permanents"] = [{"id": "L3", "card": "Sol Ring", "owner": 0, "at": None}]
    out = run.ok(doc)
    assert unit(out, "k2")["name"] == "Yavimaya Wurm"
    assert out["stack"][0]["id"] == "h1" and out["permanents"][0]["id"] == "L3"
    assert out["players"][0]["hand_ids"] != ["h1"]


def test_an_action_without_seat_is_the_active_players_whoever_pending_names(run):
    """spec/variant-positions.md, Actions: "An action without ``seat`` is the active
    player's, whoever ``pending`` names": the defender's ``done_blocking`` needs its seat."""
    pending = run.ok(wurm(), CONQUER)["pending"]
    assert pending["seat"] == 1 and pending["kind"] == "blocks"
    line = run.fails(wurm(), CONQUER, {"type": "done_blocking"})  # Ann's, not Ben's
    assert "line 2" in line and "done_blocking" in line.replace(" ", "_")
    out = run.ok(wurm(), CONQUER, {"type": "done_blocking", "seat": 1})
    assert out["board"]["rows"][1][1]["controller"] == 0
