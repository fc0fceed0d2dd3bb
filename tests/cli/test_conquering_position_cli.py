"""``frontier-desktop position`` for the Conquering as a subprocess (``spec/variant-positions.md``):
the example positions, ``--apply`` with seats, ``--view``, and one-line refusals (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_position_cli import POSITIONS, actions_file, fails, ok, write

WURM = POSITIONS / "conquering-wurm-swamp.json"
TRIANGLE = POSITIONS / "conquering-triangle-two-blockers.json"


def test_the_wurm_position_prints_cells_strongholds_colours_and_places():
    out = ok("position", WURM)
    assert out["variant"] == "conquering" and out["phase"] == "conquer"
    swamp = out["board"]["rows"][1][1]
    assert (swamp["land"], swamp["cv"], swamp["controller"]) == ("Swamp", 3, None)
    assert [(s["player"], s["controller"], s["beside"], s["cv"], s["turns_left"])
            for s in out["board"]["strongholds"]] == [(0, 0, [0, 1], 7, None),
                                                      (1, 1, [2, 1], 7, None)]
    assert [p["color"] for p in out["players"]] == ["G", "W"]
    assert {"type": "conquer", "at": [1, 1], "units": ["wurm"]} in out["legal_actions"]


def test_the_worked_example_blocked_by_white_knight_through_apply(tmp_path: Path):
    acts = actions_file(tmp_path, {"type": "conquer", "at": [1, 1], "units": ["wurm"]},
                        {"type": "block", "seat": 1, "blocker": "knight", "attacker": "wurm"},
                        {"type": "done_blocking", "seat": 1},
                        # the Wurm tramples over the Knight: Edna divides as the example does
                        {"type": "assign", "attacker": "wurm",
                         "damage": {"knight": 2, "land": 4}})
    out = ok("position", WURM, "--apply", acts)
    assert out["board"]["rows"][1][1]["controller"] == 0
    assert {"type": "captured", "at": [1, 1], "by": 0, "from": None} in out["events"]
    assert {"type": "damage", "source": "wurm", "target": "land", "amount": 4,
            "at": [1, 1]} in out["events"]


def test_the_triangle_position_has_areas_and_three_seats(tmp_path: Path):
    out = ok("position", TRIANGLE)
    assert len(out["board"]["areas"]) == 12 and len(out["players"]) == 3
    assert out["units"][0]["at"] == "Bi"
    acts = actions_file(tmp_path, {"type": "conquer", "at": "Bi", "units": ["wurm"]})
    pending = ok("position", TRIANGLE, "--apply", acts)["pending"]
    assert (pending["seat"], pending["kind"]) == (1, "blocks")


def test_a_seats_view_of_the_triangle_hides_face_down_lands():
    out = ok("position", TRIANGLE, "--view", "2")
    assert all(a["land"] is None for n, a in out["board"]["areas"].items() if n != "Bi")
    assert out["viewer"] == 2


def test_refusals_exit_2_with_one_line_naming_the_field_or_line(tmp_path: Path):
    doc = json.loads(TRIANGLE.read_text())
    doc["board"]["areas"]["A1"]["neighbours"].append("Bi")
    line = fails("position", write(tmp_path, "bad.json", doc))
    assert "board.areas.A1.neighbours" in line
    acts = actions_file(tmp_path, {"type": "move", "unit": "wurm", "to": "A1"})
    assert "line 1" in fails("position", TRIANGLE, "--apply", acts)


def test_the_replay_command_prints_any_seats_view_of_a_four_player_record(tmp_path: Path):
    from frontier_desktop.record import write_record
    from tests.rules.test_conquering_nseat_views import _play

    header, lines, final = _play(4, 21, 0.8, steps=60, check=False)
    path = tmp_path / "game.jsonl"
    write_record(path, header, lines)
    for seat in range(4):
        out = ok("replay", path, "--view", str(seat))
        assert out["viewer"] == seat and out["actions"] == len(lines)
        assert out["state_id"] == final.state_id
        assert [("hand" in p) for p in out["players"]] == [s == seat for s in range(4)]
    assert "--view 4" in fails("replay", path, "--view", "4")
