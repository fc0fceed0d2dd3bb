"""``frontier-desktop position`` for Army Magic, read line by line against
``shared/spec/variant-positions.md``: one test per field or rule checked (in process, through
the command's own ``main``: exit code, one JSON object on stdout or one line on stderr)."""

from __future__ import annotations

import contextlib
import copy
import io
import json
from pathlib import Path

import pytest

from frontier_desktop.cli import main

REPO = Path(__file__).resolve().parent.parent.parent
BORDER = json.loads((REPO / "assets" / "positions" / "army-border-fight.json").read_text())


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    monkeypatch.setenv("FRONTIER_OFFLINE", "1")  # no card name may reach Scryfall here


class Run:
    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path

    def __call__(self, doc, *actions, args=()):
        """``(exit code, output object or the one error line)``."""
        path = self.tmp_path / "position.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        argv = ["position", str(path), *args]
        if actions:
            acts = self.tmp_path / "actions.jsonl"
            acts.write_text("".join(json.dumps(a) + "\n" for a in actions), encoding="utf-8")
            argv += ["--apply", str(acts)]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
        if code == 0:
            lines = out.getvalue().splitlines()
            assert len(lines) == 1 and err.getvalue() == ""
            return code, json.loads(lines[0])
        assert out.getvalue() == "", "nothing on standard output"
        lines = err.getvalue().splitlines()
        assert len(lines) == 1, f"one line on standard error, got {lines!r}"
        return code, lines[0]

    def ok(self, doc, *actions, args=()):
        code, out = self(doc, *actions, args=args)
        assert code == 0, out
        return out

    def fails(self, doc, *actions, args=()):
        code, line = self(doc, *actions, args=args)
        assert code == 2, line
        return line


@pytest.fixture
def run(tmp_path):
    return Run(tmp_path)


def border(**changes):
    doc = copy.deepcopy(BORDER)
    doc.update(changes)
    return doc


def unit(out, uid):
    return next(u for u in out["units"] if u["id"] == uid)


# ---------------------------------------------------------------- phases and board input

@pytest.mark.parametrize("phase", ["untap", "upkeep", "draw", "main", "combat", "main2", "end"])
def test_every_army_phase_name_is_accepted(run, phase):
    assert run.ok(border(phase=phase))["phase"] == phase


def test_any_board_size_is_accepted(run):
    doc = border(permanents=[], units=[{"id": "giant", "card": "Hill Giant", "owner": 0,
                                         "at": [0, 1]}])
    doc["board"]["rows"] = [["?", {"land": "Plains", "stronghold_of": 0}, "?"],
                            ["?", "?", "?"],
                            ["?", {"land": "Forest", "stronghold_of": 1}, "?"]]
    out = run.ok(doc)
    assert len(out["board"]["rows"]) == 3 and len(out["board"]["rows"][0]) == 3
    assert sorted(unit(out, "giant")["moves"]) == [[0, 0], [0, 2], [1, 1]]


def test_a_cell_prints_controller_null_for_nobody_and_life_and_stronghold_of(run):
    rows = run.ok(border())["board"]["rows"]
    assert rows[5][2]["stronghold_of"] == 1 and rows[5][2]["controller"] == 1
    assert rows[5][2]["life"] == 20                 # a home base's life defaults to 20
    assert rows[2][3]["life"] == 6                  # face up, controlled, no life given: 6
    assert rows[0][0]["controller"] is None and rows[0][0]["life"] is None


# ---------------------------------------------------------------- units, permanents, players

def test_units_print_controller_unit_and_places(run):
    out = run.ok(border())
    giant = unit(out, "giant")
    assert giant["controller"] == 0 and giant["at"] == [1, 2]
    assert sorted(giant["unit"]) == ["giant", "hero"]     # the ids on its land
    assert all(isinstance(p, list) and len(p) == 2 for p in giant["moves"] + giant["attacks"])
    assert giant["damage"] == 0


def test_a_unit_with_damage_prints_it(run):
    doc = border()
    doc["units"][0]["damage"] = 2
    out = run.ok(doc)
    assert unit(out, "giant")["damage"] == 2


def test_permanents_print_controller_at_and_attached_to(run):
    doc = border(permanents=[
        {"id": "ring", "card": "Sol Ring", "owner": 0, "controller": 1, "at": [2, 2]},
        {"id": "hs", "card": "Holy Strength", "owner": 0, "at": None, "attached_to": "giant"}])
    out = run.ok(doc)
    ring, aura = out["permanents"]
    assert (ring["owner"], ring["controller"], ring["at"]) == (0, 1, [2, 2])
    assert aura["attached_to"] == "giant" and aura["at"] is None


def test_units_power_and_toughness_are_effective_with_an_aura(run):
    doc = border(permanents=[
        {"id": "hs", "card": "Holy Strength", "owner": 0, "at": None, "attached_to": "giant"}])
    giant = unit(run.ok(doc), "giant")
    assert (giant["power"], giant["toughness"]) == (4, 5)


def test_players_print_eliminated_hand_count_library_count_and_mana_pool(run):
    for player in run.ok(border())["players"]:
        assert player["eliminated"] is False
        assert {"hand_count", "library_count", "mana_pool"} <= set(player)


# ---------------------------------------------------------------- actions

def test_a_move_names_its_units_without_unit(run):
    out = run.ok(border(), {"type": "move", "units": ["giant", "hero"], "to": [1, 3]})
    assert unit(out, "giant")["at"] == [1, 3] and unit(out, "hero")["at"] == [1, 3]
    explored = [e for e in out["events"] if e["type"] == "explored"]
    assert explored and explored[0]["at"] == [1, 3]
    assert out["board"]["rows"][1][3]["controller"] == 0
    assert out["board"]["rows"][1][3]["life"] == 6


def test_a_move_for_one_creature_may_name_unit(run):
    out = run.ok(border(), {"type": "move", "unit": "hero", "to": [1, 1]})
    assert unit(out, "hero")["at"] == [1, 1] and unit(out, "giant")["at"] == [1, 2]


def test_a_combat_nobody_can_block_resolves_at_once_and_a_home_base_at_0_ends_the_game(run):
    doc = border()
    doc["board"]["rows"][4][2] = {"land": "Forest", "controller": 0}
    doc["board"]["rows"][5][2] = {"land": "Forest", "stronghold_of": 1, "life": 2}
    doc["units"] = [{"id": "giant", "card": "Hill Giant", "owner": 0, "at": [4, 2]}]
    out = run.ok(doc, {"type": "attack", "units": ["giant"], "target": [5, 2]})
    assert out["pending"] is None and out["winner"] == 0
    assert {"type": "land_life", "at": [5, 2], "life": 0, "delta": -2} in out["events"] \
        or any(e["type"] == "land_life" and e["at"] == [5, 2] and e["life"] <= 0
               for e in out["events"])
    assert any(e["type"] == "eliminated" and e["player"] == 1 for e in out["events"])
    assert out["players"][1]["eliminated"] is True


def test_captured_and_land_life_events_carry_at_by_and_the_life_after(run):
    out = run.ok(border(), {"type": "attack", "units": ["giant", "hero"], "target": [2, 2]},
                 {"type": "block", "blocker": "bear", "attacker": "hero", "seat": 1},
                 {"type": "done_blocking", "seat": 1})
    captured = [e for e in out["events"] if e["type"] == "captured"]
    assert captured == [{"type": "captured", "at": [2, 2], "by": 0, "from": 1}]
    lives = [e["life"] for e in out["events"] if e["type"] == "land_life" and e["at"] == [2, 2]]
    assert lives == [0, 6]  # 2 - 3 damage = 0 (not -1), then the captured land's die at 6


def test_pending_blocks_then_retreat_name_the_seat_kind_and_options(run):
    attack = {"type": "attack", "units": ["giant", "hero"], "target": [2, 2]}
    out = run.ok(border(), attack)
    assert out["pending"]["seat"] == 1 and out["pending"]["kind"] == "blocks"
    out = run.ok(border(), attack, {"type": "block", "blocker": "bear", "attacker": "hero",
                                    "seat": 1}, {"type": "done_blocking", "seat": 1})
    assert out["pending"] == {"seat": 1, "kind": "retreat", "options": [
        {"unit": "bear", "to": [3, 2]}, {"unit": "bear", "to": [2, 3]}]}


def test_an_action_that_does_not_answer_the_pending_decision_exits_2_naming_its_line(run):
    line = run.fails(border(), {"type": "attack", "units": ["giant"], "target": [2, 2]},
                     {"type": "move", "units": ["hero"], "to": [1, 3]})
    assert "line 2" in line and "blocks" in line


def test_the_trampler_divides_its_damage_with_land_in_assign(run):
    doc = border()
    doc["units"][0] = {"id": "giant", "card": "Colossal Dreadmaw", "owner": 0, "at": [1, 2]}
    out = run.ok(doc, {"type": "attack", "units": ["giant"], "target": [2, 2]},
                 {"type": "block", "blocker": "bear", "attacker": "giant", "seat": 1},
                 {"type": "done_blocking", "seat": 1})
    assert out["pending"]["kind"] == "assign" and out["pending"]["seat"] == 0
    out = run.ok(doc, {"type": "attack", "units": ["giant"], "target": [2, 2]},
                 {"type": "block", "blocker": "bear", "attacker": "giant", "seat": 1},
                 {"type": "done_blocking", "seat": 1},
                 {"type": "assign", "attacker": "giant", "damage": {"bear": 2, "land": 4}})
    assert "bear" not in [u["id"] for u in out["units"]]
    assert any(e["type"] == "captured" and e["at"] == [2, 2] for e in out["events"])


def test_the_end_step_discard_is_a_pending_decision_answered_by_card_names(run):
    doc = border(phase="end")
    doc["players"][0]["hand"] = ["Lightning Bolt"] * 8 + ["Grizzly Bears"]
    out = run.ok(doc)
    assert out["pending"]["seat"] == 0 and out["pending"]["kind"] == "discard"
    assert out["pending"]["count"] == 2 and "Grizzly Bears" in out["pending"]["options"]
    seen = run.ok(doc, args=("--view", "1"))
    assert seen["pending"]["options"] == []   # the hand is its holder's secret
    assert "line 1" in run.fails(doc, {"type": "pass"})
    out = run.ok(doc, {"type": "discard", "cards": ["Grizzly Bears", "Lightning Bolt"]})
    assert out["players"][0]["hand_count"] == 7 and out["pending"] is None
    assert [e["card"] for e in out["events"] if e["type"] == "discarded"] == \
        ["Grizzly Bears", "Lightning Bolt"]
    assert "at most 2" in run.fails(doc, {"type": "discard", "cards": ["Lightning Bolt"] * 3})


def test_a_player_with_responses_gets_a_priority_window_on_a_move(run):
    doc = border()
    doc["players"][1]["responses"] = True
    out = run.ok(doc, {"type": "move", "units": ["giant"], "to": [1, 3]})
    assert out["pending"]["seat"] == 1 and out["pending"]["kind"] == "priority"
    out = run.ok(doc, {"type": "move", "units": ["giant"], "to": [1, 3]},
                 {"type": "pass", "seat": 1})
    assert out["pending"] is None and unit(out, "giant")["at"] == [1, 3]


def test_a_refused_target_out_of_range_exits_2_in_one_line_naming_it(run):
    doc = border()
    doc["board"]["rows"][3][2] = {"land": "Forest", "controller": 1}
    doc["units"].append({"id": "far", "card": "Grizzly Bears", "owner": 1, "at": [3, 2]})
    doc["players"][0]["hand"] = ["Holy Strength"]
    line = run.fails(doc, {"type": "cast", "card": "Holy Strength", "target": "far"})
    assert "line 1" in line and "out of range" in line and "Grizzly Bears" in line, line
    out = run.ok(doc, {"type": "cast", "card": "Holy Strength", "target": "bear"})  # in range
    assert any(p["attached_to"] == "bear" for p in out["permanents"])


def test_an_unknown_card_in_an_army_position_exits_2_in_one_line(run):
    # Army's own position check once tripped over the stand-in card of the name look-up's
    # dry run (a KeyError and a traceback instead of the one-line error).
    doc = border()
    doc["units"].append({"id": "x", "card": "No Such Wurm", "owner": 0, "at": [1, 2]})
    line = run.fails(doc)
    assert "units[3].card" in line and "No Such Wurm" in line


def test_the_view_of_a_player_hides_the_other_hand_and_face_down_lands(run):
    out = run.ok(border(), args=("--view", "1"))
    assert "Lightning Bolt" not in json.dumps(out)
    assert all(c["land"] is None for row in out["board"]["rows"] for c in row
               if not c["face_up"])


def test_a_position_that_starts_with_a_spell_on_the_stack_resolves_it_on_pass(run):
    doc = border(stack=[{"id": "s1", "card": "Lightning Bolt", "controller": 0,
                         "targets": ["bear"]}])
    out = run.ok(doc)
    assert out["stack"][0]["id"] == "s1" and out["pending"]["kind"] == "priority"
    code, out = run(doc, {"type": "pass", "seat": 1})
    assert code == 0, out
    assert out["stack"] == []


def test_a_creature_on_a_land_its_controller_does_not_control_goes_next_to_it(run):
    # The ruling (change of control): on a land its new controller controls next to the land
    # where it stands, here Ben's (2, 2) only; it is placed at once.
    doc = border()
    doc["units"][0]["controller"] = 1  # Ben controls Ann's Hill Giant on Ann's (1, 2)
    doc["units"][1]["at"] = [1, 1]     # alone there (two armies never share a land)
    out = run.ok(doc)
    assert out["pending"] is None and unit(out, "giant")["at"] == [2, 2]
    assert {"type": "placed", "unit": "giant", "at": [2, 2]} in out["events"]


def test_an_artifact_on_a_land_its_controller_does_not_control_stays_there(run):
    # Artifacts may lie on any land (the rulings on placing and on capture): no change of
    # control is read into Ben's Sol Ring on Ann's home base.
    doc = border()
    doc["permanents"][0]["controller"] = 1
    out = run.ok(doc)
    assert out["pending"] is None
    assert out["permanents"][0]["at"] == [0, 2] and out["permanents"][0]["controller"] == 1


def test_a_player_with_nothing_to_respond_with_gets_no_window(run):
    doc = border()
    doc["players"][1]["responses"] = True
    doc["players"][1]["hand"] = []              # and the bear has no ability
    out = run.ok(doc, {"type": "move", "units": ["giant"], "to": [1, 3]})
    assert out["pending"] is None and unit(out, "giant")["at"] == [1, 3]


def test_options_responses_opens_windows_for_every_player(run):
    out = run.ok(border(options={"responses": True}),
                 {"type": "move", "units": ["giant"], "to": [1, 3]})
    assert out["pending"]["seat"] == 1 and out["pending"]["kind"] == "priority"


def test_the_blocks_decision_lists_the_blocks_already_declared(run):
    # The table drew the blocks declared so far from the log; the view names them now.
    attack = {"type": "attack", "units": ["giant", "hero"], "target": [2, 2]}
    out = run.ok(border(), attack)
    assert out["pending"]["kind"] == "blocks" and out["pending"]["blocks"] == []
    out = run.ok(border(), attack, {"type": "block", "blocker": "bear", "attacker": "hero",
                                    "seat": 1})
    assert out["pending"]["kind"] == "blocks"
    assert out["pending"]["blocks"] == [{"blocker": "bear", "attacker": "hero"}]


# ---------------------------------------------------------------- issue 25: absurd positions

def _repro(name):
    """A repro of ``shared/repros/army-rules`` (its position and its actions), read where it
    lies; the test skips when the shared folder is not beside the project."""
    from tests.conftest import find_shared_dir

    shared = find_shared_dir()
    folder = shared / "repros" / "army-rules" if shared is not None else None
    if folder is None or not (folder / f"{name}.json").exists():
        pytest.skip("the army-rules repros are not beside the project")
    doc = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    lines = (folder / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    return doc, [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("name, words", [
    ("19-two-home-bases-accepted", "two home bases"),
    ("19b-aura-attached-to-itself-accepted", "attached to itself"),
    ("19c-home-base-held-by-opponent-accepted", "home base"),
])
def test_repro_19_absurd_positions_exit_2_in_one_line(run, name, words):
    doc, actions = _repro(name)
    assert words in run.fails(doc, *actions)


def test_an_aura_attached_to_another_aura_exits_2(run):
    doc = border()
    doc["permanents"] = [
        {"id": "a1", "card": "Holy Strength", "owner": 0, "attached_to": "giant"},
        {"id": "a2", "card": "Holy Strength", "owner": 0, "attached_to": "a1"},
    ]
    assert "another aura" in run.fails(doc)


def test_a_frontier_permanent_at_null_stands_in_its_controllers_staging_row(run):
    doc = json.loads((REPO / "assets" / "positions" / "spec-example.json").read_text())
    doc["permanents"] = [{"id": "ring", "card": "Sol Ring", "owner": 0, "at": None},
                         {"id": "ring2", "card": "Sol Ring", "owner": 1, "at": "staging"}]
    out = run.ok(doc)
    zones = {p["id"]: (p["zone"], p["at"]) for p in out["permanents"]}
    assert zones == {"ring": ("staging", None), "ring2": ("staging", None)}


# ---------------------------------------------------------------- issue 25: carried_by, pick_up

def test_carried_by_is_read_and_printed_and_the_artifact_moves_with_its_unit(run):
    doc = border()
    doc["permanents"][0].update({"carried_by": "giant", "at": None})
    out = run.ok(doc)
    assert out["permanents"][0]["carried_by"] == "giant" and out["permanents"][0]["at"] == [1, 2]
    out = run.ok(doc, {"type": "move", "units": ["giant"], "to": [1, 3]})
    assert out["permanents"][0]["at"] == [1, 3] and out["permanents"][0]["carried_by"] == "giant"
    moved = next(e for e in out["events"] if e["type"] == "moved")
    assert moved["carried"] == ["ring"]


@pytest.mark.parametrize("change, field", [
    ({"carried_by": "bear"}, "permanents[0].carried_by"),        # Ben's creature, Ann's ring
    ({"carried_by": "nobody"}, "permanents[0].carried_by"),
    ({"carried_by": "giant", "at": [0, 2]}, "permanents[0].at"),  # not the giant's land
    ({"carried_by": "giant", "attached_to": "giant"}, "permanents[0].carried_by"),
])
def test_a_wrong_carried_by_exits_2_in_one_line_naming_the_field(run, change, field):
    doc = border()
    doc["permanents"][0].update(change)
    if "at" not in change:
        doc["permanents"][0]["at"] = None
    assert field in run.fails(doc)


def test_pick_up_is_a_legal_action_and_the_unit_then_carries_the_artifact(run):
    doc = border()
    doc["permanents"][0]["at"] = [1, 2]  # lying on the giant's land
    out = run.ok(doc)
    assert {"type": "pick_up", "unit": "giant", "permanent": "ring"} in out["legal_actions"]
    assert out["permanents"][0]["carried_by"] is None
    out = run.ok(doc, {"type": "pick_up", "unit": "giant", "permanent": "ring"},
                 {"type": "move", "units": ["giant"], "to": [1, 3]})
    assert out["permanents"][0]["carried_by"] == "giant" and out["permanents"][0]["at"] == [1, 3]
    line = run.fails(doc, {"type": "pick_up", "unit": "hero", "permanent": "nothing"})
    assert line.startswith("frontier-desktop position:") and "line 1" in line


def test_repro_08_a_move_naming_the_artifact_carries_it(run):
    doc, actions = _repro("08-artifact-cannot-be-carried")
    out = run.ok(doc, *actions)
    ring = next(p for p in out["permanents"] if p["id"] == "ring")
    assert ring["at"] == [2, 2] and ring["carried_by"] == "a"


def test_repro_08b_an_artifact_no_unit_carries_is_left_on_its_land(run):
    doc, actions = _repro("08b-artifact-left-behind")
    out = run.ok(doc, *actions)
    ring = next(p for p in out["permanents"] if p["id"] == "ring")
    assert ring["at"] == [1, 2] and ring["carried_by"] is None
    assert {"type": "pick_up", "unit": "a", "permanent": "ring"} not in out["legal_actions"]


# ---------------------------------------------------------------- issue 25: the rulings, repro by repro

def _events(out, kind):
    return [e for e in out["events"] if e["type"] == kind]


def test_repro_10_the_losers_walker_is_sacrificed_and_the_anthem_stays_bens(run):
    out = run.ok(*_flat(_repro("10-loser-planeswalker-teleports")))
    assert out["pending"] is None
    assert [(p["id"], p["at"], p["controller"]) for p in out["permanents"]] == [("an", [3, 2], 1)]


def test_repro_11_the_land_aura_goes_with_the_destroyed_land(run):
    out = run.ok(*_flat(_repro("11-land-aura-survives-land-destruction")))
    assert out["permanents"] == [] and "Wild Growth" in out["players"][0]["graveyard"]


def test_repro_12_the_forest_pays_not_life(run):
    out = run.ok(*_flat(_repro("12-life-payment-touches-no-land")))
    assert [e["at"] for e in _events(out, "land_tapped")] == [[1, 2]]
    assert out["players"][0]["life"] == 20 and not _events(out, "life_paid")


def test_repro_13_the_stolen_bears_go_next_to_where_they_stood(run):
    doc, actions = _repro("13-stolen-creature-placed-anywhere")
    out = run.ok(doc)
    assert unit(out, "e")["at"] == [2, 2] and out["pending"] is None
    assert "line 1" in run.fails(doc, *actions)  # nothing left to place: refused in words


def test_repro_14_the_gain_event_gives_the_real_change(run):
    out = run.ok(*_flat(_repro("14-life-gain-capped-event-delta")))
    gained = _events(out, "land_life")[-1]
    assert (gained["at"], gained["life"], gained["delta"], gained["lost"]) == ([2, 2], 6, 2, 1)


def test_repro_15_the_loss_may_empty_a_land_which_is_destroyed(run):
    out = run.ok(*_flat(_repro("15-life-loss-land-choice-restricted")))
    assert [e["at"] for e in _events(out, "land_destroyed")] == [[3, 2]]


def test_repro_16_an_own_land_emptied_by_an_own_spell_is_destroyed(run):
    out = run.ok(*_flat(_repro("16-own-land-to-zero-by-own-spell")))
    assert [e["at"] for e in _events(out, "land_destroyed")] == [[2, 2]]
    assert not _events(out, "captured") and unit(out, "a")["at"] == [1, 2]


def test_repro_17_the_turtle_blocks_in_both_combats(run):
    out = run.ok(*_flat(_repro("17-one-creature-blocks-in-two-combats")))
    assert len(_events(out, "block")) == 2 and "Horned Turtle" in out["players"][1]["graveyard"]


def test_repro_18_the_anthem_goes_on_bens_land_next_to_anns(run):
    out = run.ok(*_flat(_repro("18-enchantment-not-on-adjacent-enemy-land")))
    assert [(p["at"], p["controller"]) for p in out["permanents"]] == [([3, 2], 0)]


def _flat(repro):
    doc, actions = repro
    return (doc, *actions)
